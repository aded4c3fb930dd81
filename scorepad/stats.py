"""What a group remembers: per-game records, player records, head-to-head.

Everything is computed from the stored results at read time, so editing or
deleting a play changes every count with it; the number of queries depends on
the number of games, never on the number of plays.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any

from django.db.models import Avg, Count, F, Max, Q, Window
from django.db.models.functions import RowNumber

from scorepad.charts import LineChart, line_chart
from scorepad.models import Group, Play, Player, Result
from scorepad.pads import all_pads, get_pad


def _finished_results() -> Any:
    return Result.objects.filter(play__status=Play.Status.FINISHED)


@dataclass
class PlayerRecord:
    name: str
    player_id: int
    plays: int
    wins: int
    average: float
    best: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass
class GameRecord:
    slug: str
    name: str
    plays: int = 0
    players: list[PlayerRecord] = field(default_factory=list)
    best: Result | None = None
    latest_winners: list[Result] = field(default_factory=list)


def _records(results: Any) -> dict[str, list[PlayerRecord]]:
    """Per game, each player's plays, wins (a shared first place is a win for each),
    average and best total."""
    rows = (
        results.values("play__game", "player_id", "player__name")
        .annotate(
            plays=Count("id"),
            wins=Count("id", filter=Q(rank=1)),
            average=Avg("total"),
            best=Max("total"),
        )
        .order_by("play__game", "-wins", "player__name")
    )
    records: dict[str, list[PlayerRecord]] = defaultdict(list)
    for row in rows:
        records[row["play__game"]].append(
            PlayerRecord(
                row["player__name"],
                row["player_id"],
                row["plays"],
                row["wins"],
                row["average"],
                row["best"],
            )
        )
    return records


def group_records(group: Group) -> list[GameRecord]:
    """Each game the group has finished plays of, with its records, in four queries
    whatever the number of games or plays; no result is read with its entry."""
    results = _finished_results().filter(play__group=group)
    finished = group.plays.finished()
    plays = dict(finished.values_list("game").annotate(n=Count("id")).order_by())
    by_player = _records(results)
    shown = results.select_related("player", "play").only(
        "total", "rank", "position", "player__name", "play__uuid", "play__game", "play__played_on"
    )

    # Each game's best total is the highest of its players' bests; of the results
    # holding it, the earliest play's.
    top = {
        slug: max((row.best for row in rows if row.best is not None), default=None)
        for slug, rows in by_player.items()
    }
    holders = [Q(play__game=slug, total=total) for slug, total in top.items() if total is not None]
    best = {}
    if holders:
        first = [F("play__played_on").asc(), F("play__created").asc(), F("play_id").asc()]
        best = {
            r.play.game: r
            for r in shown.filter(reduce(or_, holders))
            .annotate(place=Window(RowNumber(), partition_by=F("play__game"), order_by=first))
            .filter(place=1)
            .order_by()
        }

    # Every winner of each game's most recent play (a shared win names them all).
    newest = [F("played_on").desc(), F("created").desc(), F("id").desc()]
    latest_plays = (
        finished.annotate(recent=Window(RowNumber(), partition_by=F("game"), order_by=newest))
        .filter(recent=1)
        .values("id")
    )
    latest: dict[str, list[Result]] = defaultdict(list)
    for r in shown.filter(rank=1, play__in=latest_plays).order_by("position"):
        latest[r.play.game].append(r)

    return [
        GameRecord(
            slug=slug,
            name=get_pad(slug).info.name,
            plays=count,
            players=by_player.get(slug, []),
            best=best.get(slug),
            latest_winners=latest[slug],
        )
        for slug, count in sorted(plays.items())
    ]


@dataclass
class Rival:
    name: str
    player_id: int
    together: int = 0
    wins: int = 0  # plays where our player finished ahead of this rival
    losses: int = 0


@dataclass
class PlayerPage:
    plays: int
    wins: int
    games: list[tuple[str, PlayerRecord]]
    rivals: list[Rival]
    charts: list[tuple[str, LineChart | None]]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


# A chart 320 points wide shows a player's most recent plays of each game, not every one.
CHART_PLAYS = 30


def player_page(player: Player) -> PlayerPage:
    """Two queries whatever the number of plays: the player's results (four columns
    each, for the records and charts) and their rivals, counted by the database."""
    mine = list(
        _finished_results()
        .filter(player=player)
        .order_by("play__played_on", "play__created")
        .values_list("play__game", "play__played_on", "total", "rank")
    )
    # Each rival: plays together, and how often this player finished ahead or behind.
    opponents = (
        _finished_results()
        .filter(play__results__player=player)
        .exclude(player=player)
        .values("player_id", "player__name")
        .annotate(
            together=Count("id"),
            wins=Count("id", filter=Q(rank__gt=F("play__results__rank"))),
            losses=Count("id", filter=Q(rank__lt=F("play__results__rank"))),
        )
        .order_by()
    )
    rivals = [
        Rival(row["player__name"], row["player_id"], row["together"], row["wins"], row["losses"])
        for row in opponents
    ]

    scores: dict[str, list[tuple[str, int]]] = defaultdict(list)
    wins: dict[str, int] = defaultdict(int)
    for game, played_on, total, rank in mine:
        scores[game].append((played_on.isoformat(), total))
        wins[game] += rank == 1
    names = {pad.slug: pad.info.name for pad in all_pads()}
    records = {
        slug: PlayerRecord(
            player.name,
            player.pk,
            len(points),
            wins[slug],
            sum(total for _, total in points) / len(points),
            max(total for _, total in points),
        )
        for slug, points in scores.items()
    }
    charts = []
    for slug, points in sorted(scores.items()):
        name = names[slug]
        if len(points) > CHART_PLAYS:
            name, points = f"{name}, last {CHART_PLAYS} plays", points[-CHART_PLAYS:]
        charts.append((name, line_chart(points)))
    return PlayerPage(
        plays=len(mine),
        wins=sum(wins.values()),
        games=[(names[slug], records[slug]) for slug in sorted(records)],
        rivals=sorted(rivals, key=lambda r: (-r.together, r.name)),
        charts=charts,
    )
