"""A year (or a month) in review, for a group or for one of its players: how many plays
and of what, the busiest nights, the best scores, who won most, the longest runs of
wins, the ratings gained and, for a player, their nemesis of the period.

A period's figures are the database's own aggregates over the period's plays, a fixed
number of queries whatever their number (``tests/test_review.py``); the page keeps its
drawing under the group's ``pages_key`` as the group page does, so a page nothing
changed since costs none of them. The streaks and rating changes are read from the
rating steps kept with the records (scorepad/ratings.py): a run of wins is the longest
a player reached during the period, counting wins just before it that it continues.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, F, Max, OuterRef, Q, QuerySet, Window
from django.db.models.functions import ExtractMonth, FirstValue, RowNumber
from django.utils import dateformat, formats
from django.utils.translation import gettext as _

from scorepad import records, stats
from scorepad.charts import BarChart, bar_chart
from scorepad.codecs import get_codec, is_entered
from scorepad.models import Group, Player, RatingStep, Result
from scorepad.models.plays import CONTESTED
from scorepad.models.seats import seats_at

# A review names this many of each: the busiest nights, the winners, the runs of wins,
# the ratings gained.
SHOWN = 3


@dataclass(frozen=True)
class Period:
    """A calendar year, or one month of it."""

    year: int
    month: int | None = None

    @property
    def start(self) -> date:
        return date(self.year, self.month or 1, 1)

    @property
    def end(self) -> date:
        """The first day after the period."""
        if self.month is None or self.month == 12:
            return date(self.year + 1, 1, 1)
        return date(self.year, self.month + 1, 1)

    @property
    def label(self) -> str:
        if self.month is None:
            return str(self.year)
        # "March 2026", in the reader's language and its order.
        return formats.date_format(self.start, "YEAR_MONTH_FORMAT")

    @property
    def slug(self) -> str:
        """The period in a file's name or a cache's key: ``2026``, ``2026-03``."""
        return f"{self.year}-{self.month:02d}" if self.month else str(self.year)

    @property
    def query(self) -> str:
        """The period's part of its review's URL: nothing for a year, ``?month=3``."""
        return f"?month={self.month}" if self.month else ""


@dataclass(frozen=True)
class Tally:
    """How many plays of something (a game, a night) the period had."""

    label: str
    plays: int
    day: date | None = None


@dataclass(frozen=True)
class Best:
    """A game's best score of the period: the seat that made it."""

    game: str
    seat: Result


@dataclass(frozen=True)
class Winner:
    name: str
    player_id: int
    colour: str
    wins: int
    contested: int


@dataclass(frozen=True)
class Run:
    """A player's rating steps at one game over the period: the rating gained (or lost)
    and the longest run of wins reached."""

    name: str
    player_id: int
    colour: str
    game: str
    gained: float
    streak: int

    @property
    def gained_text(self) -> str:
        return f"{self.gained:+.1f}".replace("-", "\N{MINUS SIGN}")


@dataclass
class Review:
    period: Period
    group: Group
    player: Player | None
    plays: int = 0
    games: list[Tally] = field(default_factory=list)  # most played first
    nights: list[Tally] = field(default_factory=list)  # busiest first
    best_scores: list[Best] = field(default_factory=list)  # each game's, best first
    winners: list[Winner] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    nemesis: stats.Rival | None = None
    by_month: list[Tally] = field(default_factory=list)  # the whole year's, January first

    @property
    def title(self) -> str:
        who = self.player.name if self.player else self.group.name
        return f"{who} · {self.period.label}"

    @property
    def streaks(self) -> list[Run]:
        runs = [r for r in self.runs if r.streak >= 2]
        return sorted(runs, key=lambda r: (-r.streak, r.name))[:SHOWN]

    @property
    def gains(self) -> list[Run]:
        """The ratings gained most; a player's own review shows each game's, lost too."""
        runs = self.runs if self.player else [r for r in self.runs if r.gained > 0]
        return sorted(runs, key=lambda r: (-r.gained, r.name))[: None if self.player else SHOWN]

    @property
    def games_chart(self) -> BarChart | None:
        return bar_chart(
            [(g.label, g.plays, str(g.plays)) for g in self.games], axis_label=_("plays")
        )

    @property
    def months_chart(self) -> BarChart | None:
        """The year's months with plays (a row a month: twelve, most of them empty, would
        fill a phone's screen)."""
        if self.period.month:
            return None
        return bar_chart(
            [(m.label, m.plays, str(m.plays)) for m in self.by_month if m.plays],
            axis_label=_("plays"),
        )


def review(group: Group, period: Period, player: Player | None = None) -> Review:
    """The group's (or the player's, in it) period: six queries, seven for a player."""
    year = Period(period.year)
    in_year = group.plays.finished().filter(played_on__gte=year.start, played_on__lt=year.end)
    if player is not None:
        in_year = in_year.filter(results__player=player)
    plays = in_year.filter(played_on__gte=period.start, played_on__lt=period.end)
    seats = Result.objects.filter(play__in=plays)
    if player is not None:
        seats = seats.filter(player=player)
    found = Review(period, group, player)
    for row in plays.values("game").annotate(n=Count("id")).order_by("-n", "game"):
        if is_entered(row["game"]):
            found.games.append(Tally(get_codec(row["game"]).info.name, row["n"]))
    found.plays = sum(g.plays for g in found.games)
    busiest = plays.values("played_on").annotate(n=Count("id")).order_by("-n", "played_on")
    found.nights = [
        Tally(dateformat.format(row["played_on"], "D j M"), row["n"], row["played_on"])
        for row in busiest[:SHOWN]
        if row["n"] > 1
    ]
    found.best_scores = _best_scores(seats)
    found.winners = _winners(seats)
    found.runs = _runs(RatingStep.objects.filter(play__in=plays), player)
    if player is not None:
        found.nemesis = stats.nemesis_of(_rivals(seats))
    months = dict(
        in_year.annotate(m=ExtractMonth("played_on"))
        .values("m")
        .annotate(n=Count("id"))
        .values_list("m", "n")
        .order_by()
    )
    found.by_month = [
        Tally(dateformat.format(date(period.year, m, 1), "M"), months.get(m, 0))
        for m in range(1, 13)
    ]
    return found


def _best_scores(seats: QuerySet[Result]) -> list[Best]:
    """Each game's best total in the period (the earliest of equals), best first."""
    first = Window(
        RowNumber(),
        partition_by=F("play__game"),
        order_by=[F("total").desc(), "play__played_on", "play__created", "play_id"],
    )
    best = (
        seats.filter(total__isnull=False)
        .annotate(n=first)
        .filter(n=1)
        .select_related("player", "play")
        .defer("entry")
    )
    return sorted(
        (
            Best(get_codec(seat.play.game).info.name, seat)
            for seat in best
            if is_entered(seat.play.game)
        ),
        key=lambda best: (-(best.seat.total or 0), best.game),
    )


def _winners(seats: QuerySet[Result]) -> list[Winner]:
    """Who won most of the period's plays that could be won (a shared win a win)."""
    rows = (
        seats.alias(seats=seats_at(OuterRef("play_id")))
        .filter(seats__gte=CONTESTED)
        .values("player_id", "player__name", "player__colour")
        .annotate(wins=Count("id", filter=Q(rank=1)), contested=Count("id"))
        .order_by("-wins", "-contested", "player__name")
    )
    return [
        Winner(r["player__name"], r["player_id"], r["player__colour"], r["wins"], r["contested"])
        for r in rows[:SHOWN]
        if r["wins"]
    ]


def _runs(steps: QuerySet[RatingStep], player: Player | None) -> list[Run]:
    """Each player's rating gained at each game over the period, and longest run of wins."""
    if player is not None:
        steps = steps.filter(player=player)
    mine = [F("player_id"), F("game")]
    order = ["play__played_on", "play__created", "play_id"]
    last = (
        steps.annotate(
            start=Window(FirstValue("mu_before"), partition_by=mine, order_by=order),
            streak_most=Window(Max("streak"), partition_by=mine),
            n=Window(RowNumber(), partition_by=mine, order_by=[F(f).desc() for f in order]),
        )
        .filter(n=1)
        .values("player_id", "player__name", "player__colour", "game", "mu", "start", "streak_most")
    )
    return [
        Run(
            row["player__name"],
            row["player_id"],
            row["player__colour"],
            get_codec(row["game"]).info.name,
            row["mu"] - row["start"],
            row["streak_most"],
        )
        for row in last
        if is_entered(row["game"])
    ]


def _rivals(seats: QuerySet[Result]) -> list[stats.Rival]:
    """How the player fared against each other seat of the period's plays."""
    return [
        stats.Rival(p["rival_name"], p["rival"], p["together"], p["ahead"], p["behind"])
        for p in records.head_to_head(seats)
    ]
