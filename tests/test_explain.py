"""The shared words of the sheet's explanations (games/explain.py). Pure: no Django."""

from __future__ import annotations

from games.explain import Part, line_explanation, share, standing, sum_text
from games.words import pgettext_lazy


def test_sums_read_as_arithmetic_with_losses_subtracted():
    assert sum_text([3, 5, 6]) == "3 + 5 + 6 = 14"
    assert sum_text([4, -3, -6]) == "4 - 3 - 6 = -5"
    assert sum_text([7]) == "7"
    assert sum_text([]) == "0"
    # A line that scored nothing this time is added as nothing, not subtracted.
    assert sum_text([12, 0, 1]) == "12 + 0 + 1 = 13"


def test_a_share_says_how_it_was_split_and_rounded():
    stars = pgettext_lazy("counted for a majority", "stars")
    assert str(standing("most", stars, 5, ways=1) + share((6,), 1, 6)) == "most stars (5) → 6"
    assert str(standing("second most", stars, 2, ways=3)) == "tied for second most stars (2)"
    assert str(standing("fewest", stars, 0, ways=1)) == "fewest stars (0)"
    assert str(share((6,), 2, 3)) == ", 6 split 2 ways → 3"
    assert str(share((3,), 2, 1)) == ", 3 split 2 ways, remainder dropped → 1"
    assert str(share((8,), 3, 3)) == ", 8 split 3 ways, rounded up → 3"
    assert str(share((4, 2), 4, 2)) == ", 4 + 2 = 6 split 4 ways, rounded up → 2"
    # A penalty split loses its remainder toward zero: -6 / 4 is -1.
    assert str(share((-6,), 4, -1)) == ", -6 split 4 ways, remainder dropped → -1"


def test_a_line_of_several_parts_ends_with_their_sum():
    line = line_explanation(
        "fish", "Fish", [Part("round 1, x = 2", 2), Part("round 3, y = 3", 3)], rounds=[1, 3]
    )
    assert str(line.text) == "Fish: round 1, x = 2; round 3, y = 3; 2 + 3 = 5"
    assert (line.points, line.rounds, line.events, line.tiebreak) == (5, (1, 3), (), False)
