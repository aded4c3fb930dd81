"""What a group remembers: per-game records, player records, head-to-head.

Everything is computed from the stored results at read time, so editing or
deleting a play changes every count with it; the number of queries depends on
the number of games, never on the number of plays.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Avg, Count, Max, Q

import games
from scorepad.charts import LineChart, line_chart
from scorepad.models import Group, Play, Player, Result


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
    """Each game the group has finished plays of, with its records."""
    results = _finished_results().filter(play__group=group)
    plays = dict(group.plays.finished().values_list("game").annotate(n=Count("id")).order_by())
    by_player = _records(results)
    records = []
    for slug, count in sorted(plays.items()):
        of_game = results.filter(play__game=slug).select_related("player", "play")
        best = of_game.order_by("-total", "play__played_on", "play__created").first()
        latest = of_game.filter(rank=1).order_by("-play__played_on", "-play__created")
        latest_play = latest.values("play_id")[:1]
        records.append(
            GameRecord(
                slug=slug,
                name=games.get_game(slug).INFO.name,
                plays=count,
                players=by_player.get(slug, []),
                best=best,
                latest_winners=list(latest.filter(play_id__in=latest_play)),
            )
        )
    return records


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
    charts: list[tuple[str, LineChart]]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def player_page(player: Player) -> PlayerPage:
    mine = list(
        _finished_results()
        .filter(player=player)
        .select_related("play")
        .order_by("play__played_on", "play__created")
    )
    my_rank = {r.play_id: r.rank for r in mine}
    rivals: dict[int, Rival] = {}
    opponents = (
        _finished_results()
        .filter(play_id__in=my_rank)
        .exclude(player=player)
        .values_list("play_id", "player_id", "player__name", "rank")
    )
    for play_id, rival_id, name, rank in opponents:
        rival = rivals.setdefault(rival_id, Rival(name, rival_id))
        rival.together += 1
        rival.wins += my_rank[play_id] < rank
        rival.losses += rank < my_rank[play_id]

    records = _records(_finished_results().filter(player=player))
    scores: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for result in mine:
        scores[result.play.game].append((result.play.played_on.isoformat(), result.total))
    names = {info.slug: info.name for info in games.all_games()}
    return PlayerPage(
        plays=len(mine),
        wins=sum(r.rank == 1 for r in mine),
        games=[(names[slug], rows[0]) for slug, rows in sorted(records.items())],
        rivals=sorted(rivals.values(), key=lambda r: (-r.together, r.name)),
        charts=[(names[slug], line_chart(points)) for slug, points in sorted(scores.items())],
    )
