"""Small server-drawn SVG charts: no chart library, nothing to download, nothing run on
the phone. Each function turns numbers into the geometry one template under
templates/charts/ draws; colours and fonts come from classes in scorepad.css, for the
site's strict CSP allows no inline style.

A chart is ``WIDTH`` user units wide, about the width it is drawn at on a 390 px phone,
so a font size here is about a pixel size there.

The kinds: a line chart with round ticks, the first and last date and the average (a
player's scores per game, the solo ladder), bars (a player's win rate by game, who wins
most in a group) and the stacked bars of a result. The player and group pages' charts
come from the records already read (``stats.player_page``,
``stats.GroupRecords.wins_chart``), so they add no query; a score chart shows the last
``records.RECENT`` (30) plays of a game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import cycle
from typing import TYPE_CHECKING

from django.utils.dateformat import format as date_format
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, ngettext

from scorepad.models.colours import initial_of

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

WIDTH = 360
# Room for the value axis's labels on the left, and for the dates under the plot; a
# line chart's plot starts lower, under its unit.
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 34
LINE_TOP = 26
# Chart text is cut to this many characters, as SVG text does not wrap or ellipsize.
LONGEST_LABEL = 40
# The colours of a stacked bar's segments, by name (results.css, .seg-blue …): a category
# printed in one of them (games' Category.colour) is drawn in it, the others take the rest
# in turn.
SEGMENT_COLOURS = ("blue", "orange", "green", "yellow", "pink", "salmon", "lavender", "grey")


def short(text: str, most: int = LONGEST_LABEL) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


@dataclass(frozen=True)
class Tick:
    """One mark on an axis: its value, where it is drawn and what it reads."""

    value: float
    at: float
    label: str


def nice_ticks(low: float, high: float, most: int = 5, *, whole: bool = False) -> list[float]:
    """Round numbers (steps of 1, 2 or 5 times a power of ten; ``whole`` numbers only, for
    counts) from at or below ``low`` to at or above ``high``, about ``most`` steps; a
    single value is widened to a span, so it sits between two ticks."""
    if high < low:
        low, high = high, low
    if high == low:
        low, high = low - 1, high + 1
    rough = (high - low) / most
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    if whole:
        step = max(step, 1)
    start = math.floor(low / step) * step
    ticks = [round(start, 10)]
    while ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _number(value: float) -> str:
    return f"{value:g}"


# --- Scores over time --------------------------------------------------------------------
@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    value: int
    label: str


@dataclass(frozen=True)
class LineChart:
    """A player's scores, oldest first, on a value axis with round ticks, the first and
    last date under it, and the average as a dashed line labelled with its value."""

    points: list[ChartPoint]
    low: int  # the lowest and highest score drawn
    high: int
    average: float
    average_y: float
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    unit: StrOrPromise
    width: int = WIDTH
    height: int = 0
    left: int = LEFT
    right: float = WIDTH - RIGHT
    top: int = LINE_TOP
    bottom: float = 0

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def average_label(self) -> str:
        return gettext("average %(value)s") % {"value": number_format(self.average, 1)}

    @property
    def description(self) -> str:
        """The chart in words, for a screen reader."""
        said = {
            "unit": self.unit.capitalize(),
            "first": self.points[0].label,
            "last": self.points[-1].label,
            "values": ", ".join(str(p.value) for p in self.points),
            "average": self.average_label,
        }
        if len(self.points) > 1:
            return gettext("%(unit)s from %(first)s to %(last)s: %(values)s; %(average)s") % said
        return gettext("%(unit)s on %(first)s: %(values)s; %(average)s") % said


def day_label(label: str) -> str:
    """A point's label as the site writes a day ("Oct 4, 2026"), for a label that is an
    ISO date (the kept records' and plays' days); any other label as it is."""
    try:
        day = date.fromisoformat(label)
    except ValueError:
        return label
    return date_format(day, "M j, Y")


# A score chart's unit, unless it says another.
POINTS = gettext_lazy("points")


def line_chart(
    values: Sequence[tuple[str, int]], *, unit: StrOrPromise = POINTS, height: int = 170
) -> LineChart | None:
    """Scores over time, oldest first, as (label, value) pairs (a day's label in ISO form
    is written as a day: day_label); None with nothing to draw."""
    if not values:
        return None
    numbers = [value for _, value in values]
    low, high = min(numbers), max(numbers)
    ticks = nice_ticks(low, high, whole=True)
    axis_low, axis_high = ticks[0], ticks[-1]
    bottom = height - BOTTOM
    span = axis_high - axis_low

    def y(value: float) -> float:
        return bottom - (value - axis_low) / span * (bottom - LINE_TOP)

    plot = WIDTH - RIGHT - LEFT
    step = plot / max(len(values) - 1, 1)
    points = [
        ChartPoint(
            x=LEFT + index * step if len(values) > 1 else LEFT + plot / 2,
            y=y(value),
            value=value,
            label=day_label(label),
        )
        for index, (label, value) in enumerate(values)
    ]
    average = sum(numbers) / len(numbers)
    x_ticks = [Tick(0, points[0].x, points[0].label)]
    if len(points) > 1:
        x_ticks.append(Tick(len(points) - 1, points[-1].x, points[-1].label))
    return LineChart(
        points=points,
        low=low,
        high=high,
        average=average,
        average_y=y(average),
        y_ticks=[Tick(t, y(t), _number(t)) for t in ticks],
        x_ticks=x_ticks,
        unit=unit,
        height=height,
        bottom=bottom,
    )


# --- Bars, one a row -----------------------------------------------------------------------
@dataclass(frozen=True)
class Bar:
    label: str  # above the bar
    text: str  # the value in words, at the bar's end
    value: float
    y: float  # the bar's top
    width: float
    text_x: float
    text_inside: bool  # a long bar holds its text; a short one has it after its end
    seat: str = ""  # a player's bar: drawn in their seat colour (scorepad/models/colours.py)


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars on one scale, each labelled above and valued at its end, with a
    value axis (``unit`` after its numbers) under them."""

    bars: list[Bar]
    ticks: list[Tick]
    unit: str
    axis_label: StrOrPromise = ""  # what the axis counts, under it
    width: int = WIDTH
    height: int = 0
    left: int = 8
    right: float = WIDTH - 16
    bar_height: int = 18
    axis_y: float = 0

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2

    @property
    def description(self) -> str:
        return "; ".join(f"{b.label}: {b.text}" for b in self.bars)


ROW, LABEL_ROOM = 44, 18  # a bar's row: its label, then the bar


def bar_chart(
    rows: Sequence[tuple[str, float, str]],
    *,
    high: float | None = None,
    unit: str = "",
    axis_label: StrOrPromise = "",
    seats: Sequence[str] = (),
) -> BarChart | None:
    """(label, value, value in words) rows, drawn from 0 to ``high`` (by default the
    largest value, rounded up to a tick); None with nothing to draw. ``seats``: a
    player's bar's colour, row by row (blank: the chart's own)."""
    if not rows:
        return None
    top = max(high if high is not None else 0, *(value for _, value, _ in rows), 0)
    ticks = nice_ticks(0, top or 1, whole=not unit)
    scale_high = ticks[-1]
    chart = BarChart(bars=[], ticks=[], unit=unit)
    plot = chart.right - chart.left
    bars = []
    for index, (label, value, text) in enumerate(rows):
        width = max(value, 0) / scale_high * plot
        inside = width > 8 * len(text) + 12
        bars.append(
            Bar(
                label=short(label),
                text=text,
                value=value,
                y=TOP + index * ROW + LABEL_ROOM,
                width=width,
                text_x=chart.left + (width - 6 if inside else width + 6),
                text_inside=inside,
                seat=seats[index] if index < len(seats) else "",
            )
        )
    axis_y = TOP + len(rows) * ROW
    return BarChart(
        bars=bars,
        ticks=[Tick(t, chart.left + t / scale_high * plot, _number(t) + unit) for t in ticks],
        unit=unit,
        axis_label=axis_label,
        height=int(axis_y + (38 if axis_label else 24)),
        axis_y=axis_y,
    )


# --- Points by category, one stacked bar per player --------------------------------------------
@dataclass(frozen=True)
class Segment:
    label: str
    value: int
    x: float
    width: float
    colour: str  # one of the SEGMENT_COLOURS: its category's own, or its turn among the rest

    @property
    def shows_value(self) -> bool:
        """Whether the value's digits fit inside the segment."""
        return self.width >= 8 * len(str(self.value)) + 6

    @property
    def middle(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True)
class StackedBar:
    name: str
    total: int
    y: float
    segments: list[Segment]
    seat: str = ""  # the player's seat colour (scorepad/models/colours.py), marked by the name
    initial: str = ""  # in the seat's mark

    @property
    def description(self) -> str:
        said = {
            "name": self.name,
            "total": self.total,
            "lines": ", ".join(f"{s.label} {s.value}" for s in self.segments),
        }
        if self.segments:
            return (
                ngettext(
                    "%(name)s: %(total)s points (%(lines)s)",
                    "%(name)s: %(total)s points (%(lines)s)",
                    abs(self.total),
                )
                % said
            )
        return (
            ngettext("%(name)s: %(total)s points", "%(name)s: %(total)s points", abs(self.total))
            % said
        )


@dataclass(frozen=True)
class StackedBars:
    """Each player's points as one bar split by category, all on one scale: lines that
    score add up right of zero, lines that lose points left of it."""

    bars: list[StackedBar]
    legend: list[tuple[str, str]]  # (colour, label) of every category drawn
    zero_x: float
    ticks: list[Tick]
    width: int = WIDTH
    height: int = 0
    bar_height: int = 22
    axis_y: float = 0

    @property
    def middle(self) -> float:
        return self.width / 2


def stacked_bars(
    players: Sequence[tuple[str, int, Sequence[tuple[str, int]]]],
    printed: Mapping[str, str] | None = None,
    seats: Sequence[str] = (),
) -> StackedBars | None:
    """(name, total, [(category, points) in the game's order]) per player, in the order
    shown; None with no points to draw. ``printed``: the colour a category's card or
    piece is printed in (one of the SEGMENT_COLOURS), which its segments are drawn in.
    ``seats``: each player's seat colour, in the same order, marked beside the name."""
    gains = [sum(v for _, v in lines if v > 0) for _, _, lines in players]
    losses = [sum(v for _, v in lines if v < 0) for _, _, lines in players]
    if not players or not any(gains) and not any(losses):
        return None
    ticks = nice_ticks(min(losses), max(gains), 4, whole=True)
    low, high = ticks[0], ticks[-1]
    left, right = 8, WIDTH - 16
    scale = (right - left) / (high - low)
    zero_x = left - low * scale
    labels = [label for _, _, lines in players for label, _ in lines]
    printed = {label: c for label, c in (printed or {}).items() if c in SEGMENT_COLOURS}
    rest = cycle([c for c in SEGMENT_COLOURS if c not in printed.values()] or SEGMENT_COLOURS)
    colours = {label: printed.get(label) or next(rest) for label in dict.fromkeys(labels)}
    bars = []
    for index, (name, total, lines) in enumerate(players):
        segments = []
        ahead, behind = zero_x, zero_x
        for label, value in lines:
            if value == 0:
                continue
            width = abs(value) * scale
            if value > 0:
                x, ahead = ahead, ahead + width
            else:
                behind -= width
                x = behind
            segments.append(Segment(label, value, x, width, colours[label]))
        seat = seats[index] if index < len(seats) else ""
        y = TOP + index * ROW + LABEL_ROOM
        # A seat's mark takes the room of a few characters of the name.
        label = short(name, LONGEST_LABEL - 10 if seat else LONGEST_LABEL)
        bars.append(StackedBar(label, total, y, segments, seat, initial_of(name)))
    axis_y = TOP + len(players) * ROW
    drawn = {s.label for bar in bars for s in bar.segments}
    return StackedBars(
        bars=bars,
        legend=[(colour, label) for label, colour in colours.items() if label in drawn],
        zero_x=zero_x,
        ticks=[Tick(t, zero_x + t * scale, _number(t)) for t in ticks],
        height=int(axis_y + 38),
        axis_y=axis_y,
    )
