"""scorepad/charts.py: the geometry of the site's SVG charts, without a database."""

from __future__ import annotations

import pytest

from scorepad import charts
from scorepad.charts import bar_chart, line_chart, nice_ticks, stacked_bars


@pytest.mark.parametrize(
    "low, high, ticks",
    [
        (0, 100, [0, 20, 40, 60, 80, 100]),
        (31, 87, [20, 40, 60, 80, 100]),
        (-7, 12, [-10, -5, 0, 5, 10, 15]),
        (50, 50, [49, 49.5, 50, 50.5, 51]),
        (0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]),
    ],
)
def test_ticks_are_round_numbers_covering_the_values(low: int, high: int, ticks: list) -> None:
    assert nice_ticks(low, high) == ticks


def test_ticks_of_counts_are_whole_numbers() -> None:
    assert nice_ticks(72, 72, whole=True) == [71, 72, 73]
    assert nice_ticks(0, 2, whole=True) == [0, 1, 2]


class TestLineChart:
    def test_nothing_to_draw(self) -> None:
        assert line_chart([]) is None

    def test_points_scale_between_the_axis_ends(self) -> None:
        chart = line_chart([("2026-01-01", 40), ("2026-01-08", 60), ("2026-01-15", 50)])
        assert chart is not None
        assert [t.label for t in chart.y_ticks] == ["40", "45", "50", "55", "60"]
        first, middle, last = chart.points
        # The oldest at the left edge of the plot, the newest at its right; the highest
        # score at the top tick's height, the lowest at the bottom's.
        assert (first.x, last.x) == (charts.LEFT, charts.WIDTH - charts.RIGHT)
        assert middle.y == chart.y_ticks[-1].at == charts.LINE_TOP
        assert first.y == chart.y_ticks[0].at == chart.bottom
        assert last.y == pytest.approx((first.y + middle.y) / 2)

    def test_the_average_line_and_labels(self) -> None:
        chart = line_chart([("2026-01-01", 40), ("2026-01-08", 60), ("2026-01-15", 50)])
        assert chart is not None
        assert chart.average == 50
        assert chart.average_y == pytest.approx(chart.points[2].y)
        assert chart.average_label == "average 50.0"
        # The first and last day, as the site writes a day (not ISO's "2026-01-01").
        assert [t.label for t in chart.x_ticks] == ["Jan 1, 2026", "Jan 15, 2026"]
        assert chart.description == (
            "Points from Jan 1, 2026 to Jan 15, 2026: 40, 60, 50; average 50.0"
        )

    def test_one_point_sits_in_the_middle_between_two_ticks(self) -> None:
        chart = line_chart([("2026-02-02", 72)])
        assert chart is not None
        (point,) = chart.points
        assert point.x == pytest.approx((charts.LEFT + charts.WIDTH - charts.RIGHT) / 2)
        assert chart.y_ticks[0].value < 72 < chart.y_ticks[-1].value
        assert [t.label for t in chart.x_ticks] == ["Feb 2, 2026"]
        assert chart.description.startswith("Points on Feb 2, 2026: 72")


class TestBarChart:
    def test_nothing_to_draw(self) -> None:
        assert bar_chart([]) is None

    def test_bars_share_one_scale_with_units_on_the_axis(self) -> None:
        chart = bar_chart(
            [("Reef Draft", 50, "50% (1 of 2)"), ("Seagrass", 25, "25%")], high=100, unit="%"
        )
        assert chart is not None
        assert [t.label for t in chart.ticks] == ["0%", "20%", "40%", "60%", "80%", "100%"]
        reef, seagrass = chart.bars
        assert reef.width == pytest.approx(2 * seagrass.width)
        assert reef.width == pytest.approx((chart.right - chart.left) / 2)
        assert seagrass.y > reef.y
        assert chart.description == "Reef Draft: 50% (1 of 2); Seagrass: 25%"

    def test_a_zero_bar_has_its_text_after_it(self) -> None:
        chart = bar_chart([("Ana", 0, "0 wins")], unit="")
        assert chart is not None
        (bar,) = chart.bars
        assert (bar.width, bar.text_inside) == (0, False)
        assert bar.text_x > chart.left

    def test_long_labels_are_cut(self) -> None:
        chart = bar_chart([("A" * 60, 3, "3")])
        assert chart is not None
        assert chart.bars[0].label == "A" * (charts.LONGEST_LABEL - 1) + "…"


class TestStackedBars:
    def test_nothing_to_draw(self) -> None:
        assert stacked_bars([]) is None
        assert stacked_bars([("Ana", 0, [("Coral", 0)])]) is None

    def test_segments_follow_each_other_from_zero(self) -> None:
        chart = stacked_bars(
            [("Ana", 15, [("Coral", 10), ("Fish", 5)]), ("Ben", 20, [("Coral", 0), ("Fish", 20)])]
        )
        assert chart is not None
        ana, ben = chart.bars
        coral, fish = ana.segments
        assert coral.x == chart.zero_x
        assert fish.x == pytest.approx(coral.x + coral.width)
        assert coral.width == pytest.approx(2 * fish.width)
        # A line worth nothing draws nothing; a category keeps its colour in every bar.
        assert [s.label for s in ben.segments] == ["Fish"]
        assert ben.segments[0].colour == fish.colour != coral.colour
        assert chart.legend == [(coral.colour, "Coral"), (fish.colour, "Fish")]
        assert ana.description == "Ana: 15 points (Coral 10, Fish 5)"

    def test_a_category_printed_in_a_colour_is_drawn_in_it(self) -> None:
        # Shallow Sea's Orange card came out blue and its Blue card orange (issue 26).
        chart = stacked_bars(
            [("Ana", 16, [("Orange card", 6), ("Blue card", 4), ("Tiles", 5), ("Fish", 1)])],
            printed={"Orange card": "orange", "Blue card": "blue"},
        )
        assert chart is not None
        assert [(s.label, s.colour) for s in chart.bars[0].segments] == [
            ("Orange card", "orange"),
            ("Blue card", "blue"),
            ("Tiles", "green"),  # the others take the colours no card is printed in
            ("Fish", "yellow"),
        ]

    def test_points_lost_go_left_of_zero(self) -> None:
        chart = stacked_bars([("Ana", 7, [("Stations", 10), ("Open reefs", -3)])])
        assert chart is not None
        gain, loss = chart.bars[0].segments
        assert gain.x == chart.zero_x
        assert loss.x + loss.width == pytest.approx(chart.zero_x)
        assert [t.label for t in chart.ticks][0].startswith("-")

    def test_a_value_shows_only_where_its_digits_fit(self) -> None:
        chart = stacked_bars([("Ana", 101, [("Tiles", 100), ("Shells", 1)])])
        assert chart is not None
        tiles, shells = chart.bars[0].segments
        assert tiles.shows_value
        assert not shells.shows_value
