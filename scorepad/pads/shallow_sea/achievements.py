"""Each person's Shallow Sea Achievement Record Sheet and solo ladder.

Both are read from the stored results of finished plays at the time they are
shown, so a corrected, deleted or claimed play changes them with it and nothing
is counted twice; only hand ticks are stored on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from django.db.models import Max
from django.utils.translation import gettext_lazy

from games.shallow_sea import INFO
from games.shallow_sea.data import (
    MODIFIED_RULES,
    RECORD_SHEET_RANKS,
    SCENARIOS,
    SOLO_RANKS,
    STANDARD_ACHIEVEMENTS,
)
from scorepad.charts import LineChart, line_chart
from scorepad.lazy_text import filled_lazy
from scorepad.models import Group, Play, Result, Standing
from scorepad.pads import Panel
from scorepad.pads.shallow_sea.models import AchievementTick

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SHALLOW_SEA = INFO.slug


def _scenario_goal(minimum_score: int, objective: str) -> StrOrPromise:
    # The rulebook's English, translated in the game's catalogue.
    values = {"score": minimum_score, "objective": gettext_lazy(objective)}
    if objective == "None.":
        return filled_lazy(gettext_lazy("Score %(score)s+ VPs with the scenario's setup."), values)
    return filled_lazy(
        gettext_lazy("Score %(score)s+ VPs with the scenario's setup, and: %(objective)s"), values
    )


SECTIONS: tuple[tuple[str, StrOrPromise, Mapping[int, StrOrPromise]], ...] = (
    (
        "scenario",
        gettext_lazy("Scenarios"),
        {n: _scenario_goal(s.minimum_score, s.objective) for n, s in SCENARIOS.items()},
    ),
    (
        "standard",
        gettext_lazy("Standard rules"),
        {n: gettext_lazy(text) for n, text in STANDARD_ACHIEVEMENTS.items()},
    ),
    (
        "modified",
        gettext_lazy("Modified rules"),
        {n: gettext_lazy(text) for n, text in MODIFIED_RULES.items()},
    ),
)


def _shallow_sea_results(user: Any) -> Any:
    return (
        Result.objects.filter(
            player__user=user, play__game=SHALLOW_SEA, play__status=Play.Status.FINISHED
        )
        .select_related("play")
        .order_by("play__played_on", "play__created")
    )


@dataclass
class Box:
    kind: str
    number: int
    objective: StrOrPromise
    play: Play | None = None  # the first play that earned it
    earned_on: date | None = None
    tick: AchievementTick | None = None
    to_tick: bool = False  # a play could not judge it from the board: the player decides

    @property
    def done(self) -> bool:
        return self.play is not None or self.tick is not None


@dataclass
class RecordSheet:
    sections: list[tuple[str, StrOrPromise, list[Box]]]
    checked: int
    rank: str | None
    next_rank: tuple[int, str] | None
    next_goal: Box | None

    @property
    def total(self) -> int:
        return sum(len(boxes) for _, _, boxes in self.sections)

    @property
    def to_next_rank(self) -> int:
        return self.next_rank[0] - self.checked if self.next_rank else 0

    @property
    def track(self) -> list[dict[str, Any]]:
        """The sheet's progress boxes, checked in order, with the ranks along them."""
        ranks = dict(RECORD_SHEET_RANKS)
        return [
            {"number": n, "checked": n <= self.checked, "rank": ranks.get(n)}
            for n in range(1, self.total + 1)
        ]


def record_sheet(user: Any) -> RecordSheet:
    boxes = {
        (kind, number): Box(kind, number, objective)
        for kind, _, items in SECTIONS
        for number, objective in items.items()
    }
    for result in _shallow_sea_results(user).only("extra", "play__played_on", "play__uuid"):
        for item in result.extra.get("achievements", []):
            box = boxes.get((item.get("kind"), item.get("number")))
            if box is None or box.play is not None:
                continue
            if item.get("earned") is True:
                box.play, box.earned_on = result.play, result.play.played_on
            elif item.get("earned") is None:
                box.to_tick = True
    for tick in AchievementTick.objects.filter(user=user):
        box = boxes.get((tick.kind, tick.number))
        if box is not None:
            box.tick = tick
    checked = sum(box.done for box in boxes.values())
    reached = [name for needed, name in RECORD_SHEET_RANKS if checked >= needed]
    ahead = [(needed, name) for needed, name in RECORD_SHEET_RANKS if checked < needed]
    sections = [
        (kind, title, [boxes[(kind, number)] for number in items])
        for kind, title, items in SECTIONS
    ]
    next_goal = next((box for _, _, row in sections for box in row if not box.done), None)
    return RecordSheet(
        sections, checked, reached[-1] if reached else None, ahead[0] if ahead else None, next_goal
    )


def solo_title(score: int | None) -> str | None:
    if score is None:
        return None
    titles = [name for needed, name in SOLO_RANKS if score >= needed]
    return titles[-1] if titles else None


@dataclass
class SoloLadder:
    plays: list[Result]
    best: Result | None
    chart: LineChart | None

    @property
    def current_title(self) -> str | None:
        return solo_title(self.plays[-1].total) if self.plays else None

    @property
    def best_title(self) -> str | None:
        return solo_title(self.best.total) if self.best else None

    @property
    def next_title(self) -> tuple[str, int] | None:
        """The next title above the best score, and the points still needed for it."""
        best = self.best.total if self.best and self.best.total is not None else 0
        ahead = [(needed, name) for needed, name in SOLO_RANKS if needed > best]
        return (ahead[0][1], ahead[0][0] - best) if ahead else None


def solo_ladder(user: Any) -> SoloLadder:
    plays = list(_shallow_sea_results(user).filter(play__mode="solo"))
    best = max(plays, key=lambda r: (r.total, -r.play.played_on.toordinal()), default=None)
    chart = line_chart([(r.play.played_on.isoformat(), r.total) for r in plays])
    return SoloLadder(plays, best, chart)


def group_solo_panel(group: Group) -> Panel | None:
    """The group page's solo board, once a member has played solo."""
    board = group_solo_board(group)
    return Panel("shallow_sea/group_solo.html", {"solo_board": board}) if board else None


def group_solo_board(group: Group) -> list[dict[str, Any]]:
    """Each member's best Shallow Sea solo score and its title, best first: from the
    records kept (a row per player, not every play), over every player of theirs."""
    best = (
        Standing.objects.filter(
            game=SHALLOW_SEA, mode="solo", player__user__memberships__group=group
        )
        .values("player__user__username")
        .annotate(best=Max("best"))
        .order_by("-best", "player__user__username")
    )
    return [
        {
            "name": row["player__user__username"],
            "best": row["best"],
            "title": solo_title(row["best"]),
        }
        for row in best
    ]
