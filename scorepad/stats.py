"""What a group remembers: per-game records, player records, head-to-head.

Read from the records kept as plays change (scorepad/records.py), so a page costs the
same few queries, each reading a row per game and player, however many plays there are.
A win rate is wins over contested plays: a solo play is no win and no play that could
have been won (records.CONTESTED), though its score counts in the average and best.
So a player who only played solo is not in "Who wins most", a game played only solo has
no win rate ("–"), "Most recent winner" is the latest contested play's
(``GameTally.latest_contested``) and the history lists mark no winner of a solo play
(``Play.is_contested``); the player page says how many of a standing's plays were solo.

How the records stay right: every change to a finished play's results goes through the
records in its own transaction: the functions of ``scorepad/models/outcomes.py`` (a play
finished, finished again after a correction, voided, restored, deleted or moved into a
group, players merged, a seat linked to its person) and an import. Counts are added and
taken away; a best or a latest play taken away is looked for again among the plays that
stay. The plays' group rows (or, for plays in no group, their players) are locked first, so
PostgreSQL's concurrent writers take turns. ``records.rebuild`` is the yardstick:
``manage.py rebuild_records``, every ``manage.py restore``, the latest migration that
changed what they hold (0023: it alone runs today's code against the tables it leaves),
and ``tests/test_records.py``, which
applies random sequences of plays, corrections (refused ones too), voids, restores,
deletions, merges, imports (a file again included) and moves, and compares after every
step. The pages' query counts do not depend on the number of plays
(``tests/test_groups.py``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property, reduce
from itertools import groupby
from operator import or_

from django.db.models import F, Max, OrderBy, Q, Sum, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext, gettext_lazy, ngettext

from scorepad import records
from scorepad.charts import BarChart, LineChart, bar_chart, line_chart
from scorepad.codecs import all_codecs, get_codec, is_entered
from scorepad.models import (
    GameTally,
    Group,
    Player,
    PlayFeats,
    Rating,
    Result,
    Rivalry,
    Standing,
)


@dataclass
class PlayerRecord:
    name: str
    player_id: int
    plays: int
    contested: int  # the plays that could be won: not the solo ones
    wins: int
    average: float
    best: int | None
    colour: str = ""  # the player's last seat colour (scorepad/models/colours.py)
    rating: Rating | None = None  # at the game in the player's group (the player page's)
    # The player page's: the seat that made ``best`` (the earliest of equals), and the
    # average at each number of seats at the table.
    best_seat: Result | None = None
    by_seats: list[TableSize] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.contested if self.contested else 0.0


@dataclass(frozen=True)
class TableSize:
    """A player's plays of a game with this many seats at the table, and their average."""

    seats: int
    plays: int
    average: float


@dataclass
class GameRecord:
    slug: str
    name: str
    plays: int = 0
    players: list[PlayerRecord] = field(default_factory=list)
    best: Result | None = None
    latest_winners: list[Result] = field(default_factory=list)
    ratings: list[Rating] = field(default_factory=list)  # the leaderboard (leaderboard())
    feats: list[Feat] = field(default_factory=list)  # its records, in FEATS' order


@dataclass(frozen=True)
class Feat:
    """One of a game's records in a group: what it is, how much, whose seat, which play."""

    title: str
    points: int
    what: str  # the breakdown line's label, for a line's points
    seat: Result


# A game's records, each the first play by its order (the earliest of equals): its
# title, the PlayFeats field it reads and the order it is first in.
FEATS = (
    (gettext_lazy("Highest winning score"), "winning_total", "-winning_total"),
    (gettext_lazy("Lowest winning score"), "winning_total", "winning_total"),
    (gettext_lazy("Biggest winning margin"), "margin", "-margin"),
    (gettext_lazy("Most points on one line"), "line_points", "-line_points"),
)
FEAT_FIELDS = (
    "play_id",
    "game",
    "winning_total",
    "winner_position",
    "margin",
    "line",
    "line_points",
    "line_position",
)


class GroupRecords(list[GameRecord]):
    """A group's records, game by game, and what they add up to across games."""

    @property
    def rated(self) -> bool:
        return any(record.ratings for record in self)

    @cached_property
    def wins_chart(self) -> BarChart | None:
        """Who wins most in the group: each player's wins over every game, most first
        (the first ``MOST_WINNERS`` of them), from the records already read; out of the
        plays they could have won, so a player who only played solo is not in it. The
        axis runs to the most plays anyone could have won: a bar is full only for every
        one of them won (1 win of 4 is not drawn as full as 4 of 4)."""
        names: dict[int, str] = {}
        colours: dict[int, str] = {}
        wins: Counter[int] = Counter()
        contested: Counter[int] = Counter()
        for record in self:
            for row in record.players:
                if row.contested:
                    names[row.player_id] = row.name
                    colours[row.player_id] = row.colour
                    wins[row.player_id] += row.wins
                    contested[row.player_id] += row.contested
        ranked = sorted(names, key=lambda p: (-wins[p], -contested[p], names[p]))[:MOST_WINNERS]
        return bar_chart(
            [
                (
                    names[p],
                    wins[p],
                    gettext("%(wins)s of %(plays)s · %(percent)s%%")
                    % {
                        "wins": wins[p],
                        "plays": contested[p],
                        "percent": round(100 * wins[p] / contested[p]),
                    },
                )
                for p in ranked
            ],
            high=max((contested[p] for p in ranked), default=None),
            axis_label=gettext("wins, all games"),
            seats=[colours[p] for p in ranked],
        )


# The group page's chart of wins shows this many players, the most winning first.
MOST_WINNERS = 8


def leaderboard(ratings: list[Rating]) -> list[Rating]:
    """A game's ratings, best first; the provisional ones (fewer than PROVISIONAL plays:
    a few lucky nights say little yet) after the others."""
    return sorted(ratings, key=lambda r: (r.provisional, -r.mu, r.player.name))


def group_records(group: Group) -> GroupRecords:
    """Each game the group has finished plays of, with its records and ratings: four
    queries of the records kept (scorepad/records.py), whatever the number of plays."""
    tallies = list(
        GameTally.objects.filter(group=group)
        .select_related("best__player", "best__play")
        .order_by("game")
    )
    rows = (
        Standing.objects.filter(player__group=group)
        .values("game", "player_id", "player__name", "player__colour")
        .annotate(
            plays=Sum("plays"),
            contested=Sum("contested"),
            wins=Sum("wins"),
            points=Sum("points"),
            best=Max("best"),
        )
        .order_by("game", "-wins", "player__name")
    )
    players: dict[str, list[PlayerRecord]] = defaultdict(list)
    for row in rows:
        players[row["game"]].append(
            PlayerRecord(
                row["player__name"],
                row["player_id"],
                row["plays"],
                row["contested"],
                row["wins"],
                row["points"] / row["plays"],
                row["best"],
                row["player__colour"],
            )
        )
    # Every winner of each game's most recent contested play (a shared win names them all).
    latest: dict[str, list[Result]] = defaultdict(list)
    contests = [t.latest_contested_id for t in tallies if t.latest_contested_id]
    winners = Result.objects.filter(play__in=contests, rank=1)
    for r in winners.select_related("player", "play").defer("entry").order_by("position"):
        latest[r.play.game].append(r)
    ratings: dict[str, list[Rating]] = defaultdict(list)
    for rating in Rating.objects.filter(group=group).select_related("player"):
        ratings[rating.game].append(rating)
    feats = _feats(group)
    return GroupRecords(
        GameRecord(
            slug=t.game,
            name=get_codec(t.game).info.name,
            plays=t.plays,
            players=players.get(t.game, []),
            best=t.best,
            latest_winners=latest[t.game],
            ratings=leaderboard(ratings[t.game]),
            feats=feats[t.game],
        )
        for t in tallies
        if is_entered(t.game)
    )


def _feats(group: Group) -> dict[str, list[Feat]]:
    """Each game's records in the group, from the plays' PlayFeats: two queries, the
        first row of each game in each of FEATS' orders, then the seats they name. A margin
        of 0 (every win shared or won on a tie-break) is no record, and a play's winning
    score is shown once (the highest and the lowest of a single play are one)."""
    firsts = [
        Window(
            RowNumber(),
            partition_by=F("game"),
            order_by=[
                OrderBy(F(order.lstrip("-")), descending=order.startswith("-"), nulls_last=True),
                "play__played_on",
                "play__created",
            ],
        )
        for _, _, order in FEATS
    ]
    ranks = {f"first_{at}": first for at, first in enumerate(firsts)}
    rows = list(
        PlayFeats.objects.filter(group=group)
        .annotate(**ranks)
        .filter(reduce(or_, (Q(**{rank: 1}) for rank in ranks)))
        .values(*FEAT_FIELDS, *ranks)
    )
    if not rows:
        return defaultdict(list)
    seats: dict[tuple[int, int], Result] = {}
    wanted = reduce(
        or_,
        (
            Q(play_id=row["play_id"], position=row[position])
            for row in rows
            for position in ("winner_position", "line_position")
            if row[position] is not None
        ),
    )
    for seat in Result.objects.filter(wanted).select_related("player", "play").defer("entry"):
        seats[seat.play_id, seat.position] = seat
    feats: dict[str, list[Feat]] = defaultdict(list)
    held: set[tuple[str, str, int]] = set()  # (game, field, play): one figure shown once
    for at, (title, points, _) in enumerate(FEATS):
        for row in rows:
            figure = (row["game"], points, row["play_id"])
            if row[f"first_{at}"] != 1 or figure in held or not _counts(points, row[points]):
                continue
            held.add(figure)
            by_line = points == "line_points"
            what = _line_labels(row["game"]).get(row["line"], "") if by_line else ""
            position = row["line_position" if by_line else "winner_position"]
            feats[row["game"]].append(
                Feat(str(title), row[points], what, seats[row["play_id"], position])
            )
    return feats


def _counts(field: str, points: int | None) -> bool:
    """Whether a play's figure makes a record: any winning score, a margin or a line's
    points above 0."""
    return points is not None and (field == "winning_total" or points > 0)


def _line_labels(game: str) -> dict[str, str]:
    return {c.key: str(c.shown_label) for c in get_codec(game).info.categories}


# A rival is someone met this often at least: one or two plays make no record to speak of.
RIVAL_PLAYS = 3


@dataclass
class Rival:
    name: str
    player_id: int
    together: int = 0
    wins: int = 0  # plays where our player finished ahead of this rival
    losses: int = 0


def nemesis_of(rivals: list[Rival]) -> Rival | None:
    """Who finished ahead of the player most often; of several as often, the one who
    did so in the larger share of their plays together, then the one met more."""
    beaten_by = [r for r in rivals if r.losses]
    return min(
        beaten_by,
        key=lambda r: (-r.losses, -r.losses / r.together, -r.together, r.name),
        default=None,
    )


@dataclass
class PlayerPage:
    plays: int
    contested: int
    wins: int
    games: list[tuple[str, PlayerRecord]]
    rivals: list[Rival]
    charts: list[tuple[str, LineChart | None]]

    @property
    def solo(self) -> int:
        return self.plays - self.contested

    @property
    def ratings(self) -> list[tuple[str, Rating]]:
        return [(name, row.rating) for name, row in self.games if row.rating]

    @cached_property
    def nemesis(self) -> Rival | None:
        return nemesis_of(self.rivals)

    @cached_property
    def rival(self) -> Rival | None:
        """The closest record over the most plays together: of those met at least
        RIVAL_PLAYS times, the one whose finishes ahead and behind the player are nearest
        even, as a share of their plays together; of several as near, the one met more."""
        met = [r for r in self.rivals if r.together >= RIVAL_PLAYS]
        return min(
            met,
            key=lambda r: (abs(r.wins - r.losses) / r.together, -r.together, r.name),
            default=None,
        )

    @cached_property
    def plays_most_with(self) -> Rival | None:
        return min(self.rivals, key=lambda r: (-r.together, r.name), default=None)

    @property
    def win_rate(self) -> float:
        return self.wins / self.contested if self.contested else 0.0

    @cached_property
    def win_rates(self) -> BarChart | None:
        """The share of each game's contested plays the player won (a game played only
        solo has nothing to show)."""
        return bar_chart(
            [
                (
                    name,
                    100 * row.win_rate,
                    gettext("%(percent)s%% · %(wins)s of %(plays)s")
                    % {
                        "percent": round(100 * row.win_rate),
                        "wins": row.wins,
                        "plays": row.contested,
                    },
                )
                for name, row in self.games
                if row.contested
            ],
            high=100,
            unit="%",
            axis_label=gettext("plays won"),
        )


def _table_sizes(standings: list[Standing]) -> list[TableSize]:
    """A game's plays and average at each number of seats, over its modes' standings."""
    plays: Counter[int] = Counter()
    points: Counter[int] = Counter()
    for standing in standings:
        for seats, (n, total) in standing.by_seats.items():
            plays[int(seats)] += n
            points[int(seats)] += total
    return [TableSize(seats, plays[seats], points[seats] / plays[seats]) for seats in sorted(plays)]


def _best_seats(player: Player, standings: list[Standing]) -> dict[str, Result]:
    """The seat that made the player's best score at each game (the earliest play of
    several as good): one query."""
    bests: dict[str, int] = {}
    for standing in standings:
        if standing.best is not None:
            bests[standing.game] = max(bests.get(standing.game, standing.best), standing.best)
    if not bests:
        return {}
    made = reduce(or_, (Q(play__game=game, total=best) for game, best in bests.items()))
    first = Window(
        RowNumber(),
        partition_by=F("play__game"),
        order_by=["play__played_on", "play__created", "play_id"],
    )
    seats = (
        records.finished_seats()
        .filter(made, player=player)
        .annotate(n=first)
        .filter(n=1)
        .select_related("play")
        .defer("entry")
    )
    return {seat.play.game: seat for seat in seats}


# A chart 360 points wide shows a player's most recent plays of each game, not every one.
CHART_PLAYS = records.RECENT


def player_page(player: Player) -> PlayerPage:
    """Four queries of the records kept, whatever the number of plays: the player's
    standings (the counts, and each game's most recent plays for the charts), ratings
    (and win streaks), rivals, and the seats of their best scores."""
    standings = list(Standing.objects.filter(player=player).order_by("game", "mode"))
    ratings = {r.game: r for r in Rating.objects.filter(player=player)}
    best_seats = _best_seats(player, standings)
    rivals = [
        Rival(r.rival.name, r.rival_id, r.together, r.ahead, r.behind)
        for r in Rivalry.objects.filter(player=player).select_related("rival")
    ]
    names = {codec.slug: codec.info.name for codec in all_codecs()}
    games: list[tuple[str, PlayerRecord]] = []
    charts: list[tuple[str, LineChart | None]] = []
    for slug, modes in groupby(standings, key=lambda s: s.game):
        if slug not in names:
            continue
        kept = list(modes)
        plays = sum(s.plays for s in kept)
        best = max((s.best for s in kept if s.best is not None), default=None)
        average = sum(s.points for s in kept) / plays
        contested = sum(s.contested for s in kept)
        wins = sum(s.wins for s in kept)
        record = PlayerRecord(
            player.name,
            player.pk,
            plays,
            contested,
            wins,
            average,
            best,
            rating=ratings.get(slug),
            best_seat=best_seats.get(slug),
            by_seats=_table_sizes(kept),
        )
        games.append((names[slug], record))
        # The plays at a table and the plays alone apart: a solo score (often twice a
        # table's, the whole board to oneself) on the same line says nothing of either.
        together = [s for s in kept if s.contested]
        alone = [s for s in kept if not s.contested]
        for part, solo in ((together, False), (alone, True)):
            if not part:
                continue
            name = gettext("%(game)s, solo") % {"game": names[slug]} if solo else names[slug]
            if sum(s.plays for s in part) > CHART_PLAYS:
                name = ngettext(
                    "%(chart)s, last %(count)s play", "%(chart)s, last %(count)s plays", CHART_PLAYS
                ) % {"chart": name, "count": CHART_PLAYS}
            # Each mode keeps its own most recent plays: the part's are the newest of those.
            points = sorted((p for s in part for p in s.recent), key=records.point_key)
            shown = points[-CHART_PLAYS:]
            charts.append((name, line_chart([(p[0], p[3]) for p in shown])))
    return PlayerPage(
        plays=sum(s.plays for s in standings),
        contested=sum(s.contested for s in standings),
        wins=sum(s.wins for s in standings),
        games=games,
        rivals=sorted(rivals, key=lambda r: (-r.together, r.name)),
        charts=charts,
    )
