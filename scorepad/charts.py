"""Small server-drawn SVG charts: no chart library, nothing to download."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT, MARGIN = 320, 140, 14


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    value: int
    label: str


@dataclass(frozen=True)
class LineChart:
    points: list[ChartPoint]
    low: int
    high: int
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def low_y(self) -> float:
        return HEIGHT - MARGIN

    @property
    def high_y(self) -> float:
        return MARGIN


def line_chart(values: Sequence[tuple[str, int]]) -> LineChart | None:
    """Scores over time, oldest first, as (label, value) pairs; None with nothing to draw."""
    if not values:
        return None
    numbers = [value for _, value in values]
    low, high = min(numbers), max(numbers)
    span = (high - low) or 1
    step = (WIDTH - 2 * MARGIN) / max(len(values) - 1, 1)
    points = [
        ChartPoint(
            x=MARGIN + index * step if len(values) > 1 else WIDTH / 2,
            y=HEIGHT - MARGIN - (value - low) / span * (HEIGHT - 2 * MARGIN),
            value=value,
            label=label,
        )
        for index, (label, value) in enumerate(values)
    ]
    return LineChart(points, low, high)
