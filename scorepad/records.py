"""The records the group and player pages show, kept in tables rather than recomputed.

``Standing`` (a player's plays, contested plays, wins, points, best and most recent plays
of one game in one mode), ``Rivalry`` (two players' plays together) and ``GameTally`` (a
group's plays of one game, its best result and latest contested play) change in the same
transaction as the plays they count. Whatever changes a finished play's results (finished again after a
correction, deleted, merged into another player, moved into a group) first takes its
plays out of the records as they are stored (``withdraw``), then counts them again once
changed (``count``), the seats read in one statement. What seats count is worked out from
the seats alone (``counts_of``), then combined with the records they touch, read in three
statements and written back in bulk: a few statements however many plays. An import works
out what its plays count before its transaction, from the seats it scored, and adds it
(``add``) once their rows are written and have ids (``Counts.with_ids``). ``rebuild``
works the records out from every finished play instead, on its own (aggregates in the
database, not the code above): ``manage.py rebuild_records``, a restore, and the tests'
yardstick.

Solo plays are not wins. A play is *contested* when it has ``CONTESTED`` seats or more:
someone could win it. A play with one seat has nobody to beat, so its seat is neither a
win nor a play that could have been won: wins, win rates (wins over contested plays),
head to head and a game's latest winners count contested plays only. Its score counts
wherever scores do: a standing's plays, points (the average), best and recent plays (the
charts), a game's plays and best result, the solo ladder. The seats given to ``counts_of``
are always whole plays (every seat of each), so a play's seats are counted from them.

The group page reads a group's standings through their players (``player__group``): a
group's players only ever sit at the group's own plays (``start_play``, ``move_play_to_group``,
the import and a merge all keep to the group).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import cache
from itertools import groupby
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, F, Max, OuterRef, Q, QuerySet, Sum, Window
from django.db.models.functions import Coalesce, RowNumber

from scorepad import ratings
from scorepad.bulk import PreparedRows
from scorepad.codecs import get_codec, is_entered

# The model modules, not the package: the package's functions that change what the
# records count (scorepad/models/outcomes.py) import this module.
from scorepad.models.groups import Group, Player
from scorepad.models.plays import CONTESTED, Play
from scorepad.models.records import GameTally, PlayFeats, Rivalry, Standing
from scorepad.models.seats import Result, seats_at

# The plays a player page's chart shows of each game: the most recent ones.
RECENT = 30


@dataclass(frozen=True)
class Seat:
    """One seat of a finished play, as the records count it."""

    result: int | None  # None for an import's, not read back: found when needed
    play: int
    player: int
    position: int
    total: int | None
    rank: int | None
    game: str
    mode: str
    group: int | None
    played_on: date
    created: datetime
    breakdown: Mapping[str, int] = field(default_factory=dict, hash=False, compare=False)

    @property
    def point(self) -> list[Any]:
        """The seat on its player's chart, as ``Standing.recent`` keeps it; ISO text with
        every digit, so that points sort as the database sorts the plays."""
        return [
            self.played_on.isoformat(),
            self.created.isoformat(timespec="microseconds"),
            self.play,
            self.total,
        ]


SEAT_FIELDS = (
    "pk",
    "play_id",
    "player_id",
    "position",
    "total",
    "rank",
    "play__game",
    "play__mode",
    "play__group_id",
    "play__played_on",
    "play__created",
    "breakdown",
)


def finished_seats() -> QuerySet[Result]:
    """The seats of every finished play: the seats the records count."""
    return Result.objects.filter(play__status=Play.Status.FINISHED)


def seats_of(plays: QuerySet[Play]) -> list[Seat]:
    """Every seat of those of ``plays`` that are finished, as stored now: one query."""
    return [Seat(*row) for row in finished_seats().filter(play__in=plays).values_list(*SEAT_FIELDS)]


def count(plays: QuerySet[Play]) -> None:
    """Count ``plays`` (those finished) in the records: after they finished or changed."""
    add(counts_of(seats_of(plays)))


def withdraw(plays: QuerySet[Play]) -> None:
    """Take ``plays`` out of the records as they are stored: before they change or go."""
    _apply(counts_of(seats_of(plays)), -1)


def add(counts: Counts) -> None:
    """Count what the caller worked out beforehand (an import, before its transaction)."""
    _apply(counts, +1)


def _fresh_statistics() -> None:
    """PostgreSQL plans the rebuild's joins from its statistics of the tables, which a
    bulk write (an import, a restore, a migration) leaves stale until autovacuum comes by:
    planned for tables it thought empty, the head-to-head's self-join of 20,000 results
    once took minutes (a CI run). ANALYZE counts the rows this transaction wrote too."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {Result._meta.db_table}, {Play._meta.db_table}")


def point_key(point: list[Any]) -> tuple[Any, ...]:
    return (point[0], point[1], point[2])


@dataclass
class _Part:
    """What some seats add to (or take from) one standing."""

    plays: int = 0
    contested: int = 0
    wins: int = 0
    points: int = 0
    best: int | None = None
    recent: list[list[Any]] = field(default_factory=list)  # the newest RECENT, oldest first
    by_seats: dict[str, list[int]] = field(default_factory=dict)  # Standing.by_seats


@dataclass
class _TallyPart:
    """What some seats add to (or take from) one group's tally of one game."""

    plays: int = 0
    top: Seat | None = None  # the seat with the best total among them
    newest: Seat | None = None  # a seat of the latest contested play among them


@dataclass
class Counts:
    """What some seats (whole plays) add to the records or take from them, worked out
    from the seats alone, no query: the part of the bookkeeping that grows with the
    number of seats. What the records hold already is read and combined with it later,
    in the transaction that writes them (``_apply``)."""

    plays: set[int]
    players: set[int]
    groups: set[int]
    outside_groups: bool  # some plays are in no group
    standings: dict[tuple[int, str, str], _Part]
    rivalries: dict[tuple[int, int], list[int]]  # together, ahead, behind
    tallies: dict[tuple[int, str], _TallyPart]
    # The earliest play of each group's game that can be won: where its ratings change.
    rated: dict[tuple[int, str], ratings.PlayKey]
    feats: list[dict[str, Any]]  # each such play's PlayFeats row, by field

    def with_ids(self, plays: Sequence[int], players: Sequence[int]) -> Counts:
        """These counts, worked out from seats that stood for rows not written yet, with
        the ids the rows were given: each seat's play was its place among the plays
        written, its player its place among ``players``. The plays' ids rise with their
        places, as a database gives them in the order the rows are sent: the newest
        plays a chart keeps, chosen by place, are the newest by id."""

        def seat(s: Seat | None) -> Seat | None:
            return None if s is None else replace(s, play=plays[s.play], player=players[s.player])

        return Counts(
            plays={plays[p] for p in self.plays},
            players={players[p] for p in self.players},
            groups=self.groups,
            outside_groups=self.outside_groups,
            standings={
                (players[player], game, mode): replace(
                    part,
                    recent=[[day, made, plays[p], total] for day, made, p, total in part.recent],
                )
                for (player, game, mode), part in self.standings.items()
            },
            rivalries={(players[a], players[b]): part for (a, b), part in self.rivalries.items()},
            tallies={
                key: replace(part, top=seat(part.top), newest=seat(part.newest))
                for key, part in self.tallies.items()
            },
            rated={key: (day, made, plays[p]) for key, (day, made, p) in self.rated.items()},
            feats=[{**row, "play_id": plays[row["play_id"]]} for row in self.feats],
        )


def _best(*values: int | None) -> int | None:
    return max((v for v in values if v is not None), default=None)


def counts_of(seats: list[Seat]) -> Counts:
    """What ``seats`` (every seat of each of their plays) count in the records."""
    contested = _contested(seats)
    return Counts(
        plays={s.play for s in seats},
        players={s.player for s in seats},
        groups={s.group for s in seats if s.group is not None},
        outside_groups=any(s.group is None for s in seats),
        standings=_standing_parts(seats, contested),
        rivalries=_rivalry_parts(seats),
        tallies=_tally_parts([s for s in seats if s.group is not None], contested),
        rated=_rated_from(seats, contested),
        feats=_feats_of(seats, contested),
    )


@transaction.atomic
def _apply(counts: Counts, sign: int) -> None:
    if not counts.plays:
        return
    _lock(counts)
    _standings(counts, sign)
    _rivalries(counts.rivalries, sign)
    _tallies(counts, sign)
    ratings.replay(dict(counts.rated), without=counts.plays if sign < 0 else ())
    if sign < 0:
        PlayFeats.objects.filter(play_id__in=counts.plays).delete()
    else:
        PreparedRows(PlayFeats, counts.feats).insert()


def _rated_from(seats: list[Seat], contested: set[int]) -> dict[tuple[int, str], ratings.PlayKey]:
    rated: dict[tuple[int, str], ratings.PlayKey] = {}
    for s in seats:
        if s.group is None or s.play not in contested:
            continue
        key = (s.played_on, s.created, s.play)
        rated[(s.group, s.game)] = min(rated.get((s.group, s.game), key), key)
    return rated


@cache
def _lines(game: str) -> dict[str, int]:
    """A game's breakdown lines that are not part of another, each with its place."""
    info = get_codec(game).info
    return {c.key: at for at, c in enumerate(c for c in info.categories if not c.part_of)}


def _feats_of(seats: list[Seat], contested: set[int]) -> list[dict[str, Any]]:
    """The PlayFeats row of each play among ``seats`` that is in a group and could be
    won. A line's points held by several: the first seat's, on the first line."""
    rows = []
    for play, at_table in groupby(
        sorted(seats, key=lambda s: (s.play, s.position)), key=lambda s: s.play
    ):
        table = list(at_table)
        first = table[0]
        winners = [s for s in table if s.rank == 1 and s.total is not None]
        if (
            play not in contested
            or first.group is None
            or not winners
            or not is_entered(first.game)
        ):
            continue
        won, total = winners[0], winners[0].total
        assert total is not None
        rest = [s.total for s in table if s.rank != 1 and s.total is not None]
        lines = _lines(first.game)
        made = [
            (points, -s.position, -lines[key], key, s.position)
            for s in table
            for key, points in s.breakdown.items()
            if key in lines
        ]
        top = max(made, default=None)
        rows.append(
            {
                "play_id": play,
                "group_id": first.group,
                "game": first.game,
                "winning_total": total,
                "winner_position": won.position,
                "margin": total - max(rest) if rest and len(winners) == 1 else 0,
                "line": top[3] if top else "",
                "line_points": top[0] if top else None,
                "line_position": top[4] if top else None,
            }
        )
    return rows


def _contested(seats: list[Seat]) -> set[int]:
    """The plays among ``seats`` (whole plays) that someone could win."""
    return {play for play, n in Counter(s.play for s in seats).items() if n >= CONTESTED}


def _lock(counts: Counts) -> None:
    """Serialize the records' read-change-write with anyone else changing the same
    ones (on PostgreSQL; SQLite writes one at a time anyway): the plays' group, or for
    plays outside any group their players, always in the same order. The groups whose
    pages show these records (the plays' own, and those where a seat's person is a
    member: a game's group panel may show members' records from anywhere) get a new
    pages_key."""
    players = counts.players
    members_of = Group.objects.filter(memberships__user__players__in=players).values_list("pk")
    groups = sorted(counts.groups | {pk for (pk,) in members_of})
    if groups:
        list(Group.objects.select_for_update().filter(pk__in=groups).order_by("pk").values("pk"))
        Group.objects.filter(pk__in=groups).pages_changed()
    if counts.outside_groups:
        list(Player.objects.select_for_update().filter(pk__in=players).order_by("pk").values("pk"))


def _standing_parts(seats: list[Seat], contested: set[int]) -> dict[tuple[int, str, str], _Part]:
    parts: dict[tuple[int, str, str], _Part] = defaultdict(_Part)
    at_table = Counter(s.play for s in seats)
    for s in seats:
        part = parts[(s.player, s.game, s.mode)]
        part.plays += 1
        _add_by_seats(part.by_seats, {str(at_table[s.play]): [1, s.total or 0]}, 1)
        if s.play in contested:
            part.contested += 1
            part.wins += s.rank == 1
        part.points += s.total or 0
        part.best = _best(part.best, s.total)
        part.recent.append(s.point)
    for part in parts.values():
        part.recent = sorted(part.recent, key=point_key)[-RECENT:]
    return parts


def _add_by_seats(kept: dict[str, list[int]], more: dict[str, list[int]], sign: int) -> None:
    """``more``'s plays and points by the number at the table added to ``kept`` (taken
    away, for ``sign`` -1); a number no play is left at goes."""
    for seats, (plays, points) in more.items():
        had = kept.get(seats, [0, 0])
        now = [had[0] + sign * plays, had[1] + sign * points]
        if now[0] > 0:
            kept[seats] = now
        else:
            kept.pop(seats, None)


def _standings(counts: Counts, sign: int) -> None:
    parts, plays = counts.standings, counts.plays
    players = {key[0] for key in parts}
    kept = {
        (st.player_id, st.game, st.mode): st
        for st in Standing.objects.filter(player_id__in=players, game__in={key[1] for key in parts})
    }
    new, changed, gone = [], [], []
    for key, part in parts.items():
        standing = kept.get(key)
        if standing is None:
            if sign < 0:
                continue  # never counted: nothing to take back
            standing = Standing(player_id=key[0], game=key[1], mode=key[2])
            new.append(standing)
        else:
            changed.append(standing)
        standing.plays += sign * part.plays
        standing.contested += sign * part.contested
        standing.wins += sign * part.wins
        standing.points += sign * part.points
        _add_by_seats(standing.by_seats, part.by_seats, sign)
        if sign > 0:
            standing.best = _best(standing.best, part.best)
            standing.recent = sorted(standing.recent + part.recent, key=point_key)[-RECENT:]
            continue
        if standing.plays <= 0:
            changed.remove(standing)
            gone.append(standing.pk)
            continue
        # A best or a recent play taken away is found again among the plays that stay.
        mine = finished_seats().filter(player_id=key[0], play__game=key[1], play__mode=key[2])
        mine = mine.exclude(play_id__in=plays)
        if part.best is not None and standing.best is not None and part.best >= standing.best:
            standing.best = mine.aggregate(best=Max("total"))["best"]
        if any(point[2] in plays for point in standing.recent):
            standing.recent = _recent(mine)
    Standing.objects.bulk_create(new)
    Standing.objects.bulk_update(
        changed, ["plays", "contested", "wins", "points", "best", "recent", "by_seats"]
    )
    Standing.objects.filter(pk__in=gone).delete()


def _recent(results: QuerySet[Result]) -> list[list[Any]]:
    newest = results.order_by("-play__played_on", "-play__created", "-play_id")[:RECENT]
    return [Seat(*row).point for row in reversed(newest.values_list(*SEAT_FIELDS))]


def _rivalry_parts(seats: list[Seat]) -> dict[tuple[int, int], list[int]]:
    parts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for _, table in groupby(sorted(seats, key=lambda s: s.play), key=lambda s: s.play):
        at_table = list(table)
        for me in at_table:
            for other in at_table:
                if other.player == me.player:
                    continue
                part = parts[(me.player, other.player)]
                part[0] += 1
                if me.rank is not None and other.rank is not None:
                    part[1] += me.rank < other.rank
                    part[2] += me.rank > other.rank
    return parts


def _rivalries(parts: dict[tuple[int, int], list[int]], sign: int) -> None:
    players = {key[0] for key in parts}
    kept = {
        (r.player_id, r.rival_id): r
        for r in Rivalry.objects.filter(player_id__in=players, rival_id__in=players)
    }
    new, changed, gone = [], [], []
    for key, (together, ahead, behind) in parts.items():
        rivalry = kept.get(key)
        if rivalry is None:
            if sign < 0:
                continue
            rivalry = Rivalry(player_id=key[0], rival_id=key[1])
            new.append(rivalry)
        rivalry.together += sign * together
        rivalry.ahead += sign * ahead
        rivalry.behind += sign * behind
        if rivalry.pk is None:
            continue
        if rivalry.together <= 0:
            gone.append(rivalry.pk)
        else:
            changed.append(rivalry)
    Rivalry.objects.bulk_create(new)
    Rivalry.objects.bulk_update(changed, ["together", "ahead", "behind"])
    Rivalry.objects.filter(pk__in=gone).delete()


def _best_order(s: Seat) -> tuple[Any, ...]:
    """Which seat holds a game's best total: the highest, then the earliest play's."""
    return (-(s.total or 0), s.played_on, s.created, s.play, s.position)


def _latest_order(s: Seat) -> tuple[Any, ...]:
    return (s.played_on, s.created, s.play)


BEST_ORDER = ["-total", "play__played_on", "play__created", "play_id", "position"]
LATEST_ORDER = ["-played_on", "-created", "-id"]


def _tally_parts(seats: list[Seat], contested: set[int]) -> dict[tuple[int, str], _TallyPart]:
    by_game: dict[tuple[int, str], list[Seat]] = defaultdict(list)
    for s in seats:
        assert s.group is not None
        by_game[(s.group, s.game)].append(s)
    return {
        key: _TallyPart(
            plays=len({s.play for s in mine}),
            top=min((s for s in mine if s.total is not None), key=_best_order, default=None),
            newest=max((s for s in mine if s.play in contested), key=_latest_order, default=None),
        )
        for key, mine in by_game.items()
    }


def _tallies(counts: Counts, sign: int) -> None:
    parts, plays = counts.tallies, counts.plays
    if not parts:
        return
    kept = {
        (t.group_id, t.game): t
        for t in GameTally.objects.filter(
            group_id__in={key[0] for key in parts}, game__in={key[1] for key in parts}
        ).select_related("best__play", "latest_contested")
    }
    new, changed, gone = [], [], []
    for (group, game), part in parts.items():
        tally = kept.get((group, game))
        if tally is None:
            if sign < 0:
                continue
            tally = GameTally(group_id=group, game=game)
            new.append(tally)
        else:
            changed.append(tally)
        tally.plays += sign * part.plays
        if sign > 0:
            top = part.top
            if top is not None and (tally.best is None or _best_order(top) < _holding(tally)):
                tally.best_id = top.result or _result_id(top)
            newest, latest = part.newest, tally.latest_contested
            if newest is not None and (latest is None or _latest_order(newest) > _latest(latest)):
                tally.latest_contested_id = newest.play
            continue
        if tally.plays <= 0:
            changed.remove(tally)
            gone.append(tally.pk)
            continue
        theirs = Play.objects.finished().filter(group_id=group, game=game).exclude(pk__in=plays)
        if tally.best is not None and tally.best.play_id in plays:
            results = finished_seats().filter(play__in=theirs, total__isnull=False)
            tally.best = results.order_by(*BEST_ORDER).first()
        if tally.latest_contested_id in plays:
            tally.latest_contested = theirs.contested().order_by(*LATEST_ORDER).first()
    GameTally.objects.bulk_create(new)
    GameTally.objects.bulk_update(changed, ["plays", "best", "latest_contested"])
    GameTally.objects.filter(pk__in=gone).delete()


def _result_id(seat: Seat) -> int:
    return Result.objects.filter(play_id=seat.play, position=seat.position).values_list(
        "pk", flat=True
    )[0]


def _holding(tally: GameTally) -> tuple[Any, ...]:
    best = tally.best
    assert best is not None
    play = best.play
    return (-(best.total or 0), play.played_on, play.created, play.pk, best.position)


def _latest(play: Play) -> tuple[Any, ...]:
    return (play.played_on, play.created, play.pk)


# --- From every play, on its own --------------------------------------------------------


@transaction.atomic
def rebuild() -> None:
    """Every record worked out again from the finished plays, the ratings too; the
    records kept until now are replaced."""
    rebuild_counts()
    rebuild_feats()
    ratings.rebuild()


def rebuild_feats() -> None:
    """Every play's PlayFeats row worked out again from its seats."""
    PlayFeats.objects.all().delete()
    plays = Play.objects.finished().contested().filter(group__isnull=False)
    for_plays = finished_seats().filter(play__in=plays).values_list(*SEAT_FIELDS)
    seats = [Seat(*row) for row in for_plays]
    PreparedRows(PlayFeats, _feats_of(seats, _contested(seats))).insert()


def rebuild_counts() -> None:
    """The standings, rivalries and tallies worked out again by the database's own
    aggregates."""
    _fresh_statistics()
    Group.objects.pages_changed()
    Standing.objects.all().delete()
    Rivalry.objects.all().delete()
    GameTally.objects.all().delete()
    finished = finished_seats()
    key = ("player_id", "play__game", "play__mode")
    newest = [F("play__played_on").desc(), F("play__created").desc(), F("play_id").desc()]
    recent: dict[tuple[Any, ...], list[list[Any]]] = defaultdict(list)
    points = finished.annotate(
        n=Window(RowNumber(), partition_by=[F(k) for k in key], order_by=newest)
    ).filter(n__lte=RECENT)
    for row in points.values_list(*SEAT_FIELDS):
        seat = Seat(*row)
        recent[(seat.player, seat.game, seat.mode)].append(seat.point)
    by_seats: dict[tuple[Any, ...], dict[str, list[int]]] = defaultdict(dict)
    sized = (
        finished.annotate(seats=seats_at(OuterRef("play_id")))
        .values(*key, "seats")
        .annotate(plays=Count("id"), points=Coalesce(Sum("total"), 0))
        .order_by()
    )
    for row in sized:
        by_seats[tuple(row[k] for k in key)][str(row["seats"])] = [row["plays"], row["points"]]
    contested = Q(seats__gte=CONTESTED)
    rows = (
        finished.alias(seats=seats_at(OuterRef("play_id")))
        .values(*key)
        .annotate(
            plays=Count("id"),
            contested=Count("id", filter=contested),
            wins=Count("id", filter=contested & Q(rank=1)),
            points=Coalesce(Sum("total"), 0),
            best=Max("total"),
        )
        .order_by()
    )
    Standing.objects.bulk_create(
        Standing(
            player_id=row["player_id"],
            game=row["play__game"],
            mode=row["play__mode"],
            plays=row["plays"],
            contested=row["contested"],
            wins=row["wins"],
            points=row["points"],
            best=row["best"],
            recent=sorted(recent[tuple(row[k] for k in key)], key=point_key),
            by_seats=by_seats[tuple(row[k] for k in key)],
        )
        for row in rows
    )
    pairs = head_to_head(finished, "player_id")
    Rivalry.objects.bulk_create(
        Rivalry(
            player_id=row["player_id"],
            rival_id=row["rival"],
            together=row["together"],
            ahead=row["ahead"],
            behind=row["behind"],
        )
        for row in pairs
    )
    _rebuild_tallies()


def head_to_head(seats: QuerySet[Result], *by: str) -> QuerySet[Result, dict[str, Any]]:
    """Each of ``seats`` against every other seat of its play, added up by ``by`` and the
    rival (``rival``, ``rival_name``): the plays together, those the seat ranked ahead
    of the rival in, and behind."""
    return (
        seats.annotate(
            rival=F("play__results__player_id"),
            rival_name=F("play__results__player__name"),
            rival_rank=F("play__results__rank"),
        )
        .filter(~Q(rival=F("player_id")))
        .values(*by, "rival", "rival_name")
        .annotate(
            together=Count("id"),
            ahead=Count("id", filter=Q(rank__lt=F("rival_rank"))),
            behind=Count("id", filter=Q(rank__gt=F("rival_rank"))),
        )
        .order_by()
    )


def _rebuild_tallies() -> None:
    plays = Play.objects.finished().filter(group__isnull=False)
    counts = plays.values("group_id", "game").annotate(n=Count("id")).order_by()
    tallies = {
        (row["group_id"], row["game"]): GameTally(
            group_id=row["group_id"], game=row["game"], plays=row["n"]
        )
        for row in counts
    }
    part = [F("play__group_id"), F("play__game")]
    best = [F(f[1:]).desc() if f.startswith("-") else F(f).asc() for f in BEST_ORDER]
    holders = (
        finished_seats()
        .filter(play__group__isnull=False, total__isnull=False)
        .annotate(n=Window(RowNumber(), partition_by=part, order_by=best))
        .filter(n=1)
        .values_list("play__group_id", "play__game", "pk")
    )
    for group, game, pk in holders:
        tallies[(group, game)].best_id = pk
    latest = [F(f[1:]).desc() for f in LATEST_ORDER]
    newest = (
        plays.contested()
        .annotate(n=Window(RowNumber(), partition_by=[F("group_id"), F("game")], order_by=latest))
        .filter(n=1)
        .values_list("group_id", "game", "pk")
    )
    for group, game, pk in newest:
        tallies[(group, game)].latest_contested_id = pk
    GameTally.objects.bulk_create(tallies.values())


def snapshot() -> dict[str, Any]:
    """Every record kept, as plain values keyed by what they count: two snapshots are
    equal when the records are (the tests compare the kept ones with a rebuild)."""
    return {
        "standings": {
            (s.player_id, s.game, s.mode): (
                s.plays,
                s.contested,
                s.wins,
                s.points,
                s.best,
                s.recent,
                s.by_seats,
            )
            for s in Standing.objects.all()
        },
        "rivalries": {
            (r.player_id, r.rival_id): (r.together, r.ahead, r.behind)
            for r in Rivalry.objects.all()
        },
        "tallies": {
            (t.group_id, t.game): (t.plays, t.best_id, t.latest_contested_id)
            for t in GameTally.objects.all()
        },
        "feats": {
            f.play_id: (
                f.group_id,
                f.game,
                f.winning_total,
                f.winner_position,
                f.margin,
                f.line,
                f.line_points,
                f.line_position,
            )
            for f in PlayFeats.objects.all()
        },
        **ratings.snapshot(),
    }


def ids(plays: Iterable[Play]) -> QuerySet[Play]:
    """The plays, as the functions above take them."""
    return Play.objects.filter(pk__in=[p.pk for p in plays])
