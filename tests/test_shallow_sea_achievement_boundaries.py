"""Every achievement of the Record Sheet and every scenario objective at its boundary:
just short of it (not earned) and exactly at it (earned), each test named after the
rulebook's words. The numbers are the rulebook's, typed in here, not read from the code.

The oceans are boards a player could lay: tiles on the 22 spaces, Completed Fish on
completed corals. The figures a check reads from the score sheet (the total, a card's
line, how many Sealife types) are given as the scoring would give them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from games.shallow_sea.achievements import Outcome, achievements
from games.shallow_sea.ocean import Achievement, Coral, Ocean, Sealife, Tile

# The 12 outer spaces: rows 1 and 5, and both ends of rows 2 and 4 (the rulebook's board).
OUTER = (
    *("R1C2", "R1C4", "R1C6", "R1C8", "R5C2", "R5C4", "R5C6", "R5C8"),
    *("R2C1", "R2C9", "R4C1", "R4C9"),
)
INNER = ("R2C3", "R2C5", "R2C7", "R3C2", "R3C4", "R3C6", "R3C8", "R4C3", "R4C5", "R4C7")
ALL_SPACES = OUTER + INNER
COLORS = ("red", "yellow", "green", "purple")


def coral(color: str, vp: int = 7, fish: str | None = None) -> Coral:
    return Coral(completed=True, color=color, vp=vp, fish=fish)


def incomplete_coral() -> Coral:
    return Coral(completed=False, color=None, vp=None, fish=None)


def sealife(code: str, vp: int = 6) -> Sealife:
    return Sealife(code=code, completed=True, vp=vp, partial=0, partial_vp=None)


def incomplete_sealife(code: str) -> Sealife:
    return Sealife(code=code, completed=False, vp=8, partial=1, partial_vp=2)


def ocean(tiles: Mapping[str, Tile]) -> Ocean:
    return Ocean(tiles=tiles, fish={}, seashells=0, lionfish=0, left_out_color=None)


def on(spaces: tuple[str, ...], tiles: Sequence[Tile]) -> dict[str, Tile]:
    """The tiles laid on the spaces, in order."""
    assert len(tiles) <= len(spaces)
    return dict(zip(spaces, tiles, strict=False))


def outcome(
    tiles: Mapping[str, Tile] | None = None,
    *,
    total: int = 100,
    orange: int = 10,
    blue: int = 5,
    incomplete_fish: int = 0,
    different_sealife: int = 0,
    seashells: int = 0,
) -> Outcome:
    breakdown = {"orange": orange, "blue": blue, "incomplete_fish": incomplete_fish}
    board = None if tiles is None else ocean(tiles)
    return Outcome(total, breakdown, different_sealife, seashells, board)


def standard(number: int, played: Outcome) -> bool | None:
    sheet = achievements(Achievement("standard", None), played)
    [earned] = [a["earned"] for a in sheet if a["number"] == number]
    return earned


def objective(number: int, played: Outcome) -> bool | None:
    [scenario] = achievements(Achievement("scenario", number), played)
    return scenario["objective_met"]


def corals_of(counts: Mapping[str, int], vp: int = 7) -> list[Tile]:
    return [coral(color, vp) for color, n in counts.items() for _ in range(n)]


def fish_of(counts: Mapping[str, int]) -> list[Tile]:
    """Completed corals, each carrying one Completed Fish of the colors counted."""
    return [coral("red", fish=color) for color, n in counts.items() for _ in range(n)]


# --- Scenario objectives -------------------------------------------------------------------


def test_scenario_4_complete_2_plus_coral_tiles_in_each_of_the_4_colors() -> None:
    two_each = corals_of(dict.fromkeys(COLORS, 2))
    assert objective(4, outcome(on(ALL_SPACES, two_each))) is True
    one_purple = corals_of({"red": 2, "yellow": 2, "green": 2, "purple": 1})
    assert objective(4, outcome(on(ALL_SPACES, one_purple))) is False


def test_scenario_5_complete_5_plus_coral_tiles_of_the_same_color() -> None:
    five_red = corals_of({"red": 5, "yellow": 4, "green": 4, "purple": 4})
    assert objective(5, outcome(on(ALL_SPACES, five_red))) is True
    four_each = corals_of(dict.fromkeys(COLORS, 4))
    assert objective(5, outcome(on(ALL_SPACES, four_each))) is False
    # Incomplete corals are no Completed Coral Tiles.
    four_and_one_unfinished = [*corals_of({"red": 4}), incomplete_coral()]
    assert objective(5, outcome(on(ALL_SPACES, four_and_one_unfinished))) is False


def test_scenario_6_complete_4_plus_different_sealife_tiles_within_the_12_outer_spaces() -> None:
    four_outside = [sealife("A1"), sealife("B2"), sealife("C3"), sealife("D4")]
    assert objective(6, outcome(on(OUTER, four_outside))) is True
    three_outside = on(OUTER, four_outside[:3]) | on(INNER, four_outside[3:])
    assert objective(6, outcome(three_outside)) is False
    # Different types: a fourth tile of a type already out there is not a fourth.
    a_type_twice = [*four_outside[:3], sealife("A1")]
    assert objective(6, outcome(on(OUTER, a_type_twice))) is False
    unfinished_fourth = [*four_outside[:3], incomplete_sealife("D4")]
    assert objective(6, outcome(on(OUTER, unfinished_fourth))) is False


def test_scenario_7_choose_one_color_that_color_must_have_only_one_completed_fish() -> None:
    one_green = fish_of({"red": 2, "green": 1})
    assert objective(7, outcome(on(ALL_SPACES, one_green))) is True
    two_of_each = fish_of({"red": 2, "green": 2})
    assert objective(7, outcome(on(ALL_SPACES, two_of_each))) is False
    assert objective(7, outcome(on(ALL_SPACES, corals_of({"red": 3})))) is False  # no fish


def test_scenario_8_complete_4_plus_different_sealife_tiles() -> None:
    assert objective(8, outcome({}, different_sealife=4)) is True
    assert objective(8, outcome({}, different_sealife=3)) is False


def test_scenario_9_that_color_must_have_between_1_and_5_completed_fish() -> None:
    assert objective(9, outcome(on(ALL_SPACES, fish_of({"red": 5})))) is True
    assert objective(9, outcome(on(ALL_SPACES, fish_of({"red": 6})))) is False
    assert objective(9, outcome(on(ALL_SPACES, fish_of({"red": 6, "green": 1})))) is True
    assert objective(9, outcome(on(ALL_SPACES, corals_of({"red": 3})))) is False  # no fish


def test_scenario_10_complete_5_plus_different_sealife_tiles() -> None:
    assert objective(10, outcome({}, different_sealife=5)) is True
    assert objective(10, outcome({}, different_sealife=4)) is False


def test_scenario_11_complete_6_plus_different_sealife_tiles() -> None:
    assert objective(11, outcome({}, different_sealife=6)) is True
    assert objective(11, outcome({}, different_sealife=5)) is False


def test_scenario_12_score_30_plus_vps_with_ecosystem_cards() -> None:
    """Both cards together: 20 + 10 is 30."""
    assert objective(12, outcome({}, orange=20, blue=10)) is True
    assert objective(12, outcome({}, orange=10, blue=20)) is True
    assert objective(12, outcome({}, orange=20, blue=9)) is False


def test_scenario_13_end_the_game_with_2_plus_seashells() -> None:
    assert objective(13, outcome({}, seashells=2)) is True
    assert objective(13, outcome({}, seashells=1)) is False


@pytest.mark.parametrize(("number", "minimum"), [(1, 140), (4, 155), (9, 175), (14, 185)])
def test_a_scenario_is_earned_from_its_minimum_score_on(number: int, minimum: int) -> None:
    """The scenario table's minimum score: met at it, not one VP below."""
    met = outcome({}, total=minimum, different_sealife=6, seashells=5)
    [at] = achievements(Achievement("scenario", number), met)
    assert at["minimum_score"] == minimum and at["minimum_met"] is True
    short = outcome({}, total=minimum - 1, different_sealife=6, seashells=5)
    [below] = achievements(Achievement("scenario", number), short)
    assert below["minimum_met"] is False and below["earned"] is False


# --- The standard-rules achievements -------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "vps"), [(1, 130), (2, 145), (3, 160), (4, 170), (5, 180), (6, 190)]
)
def test_standard_score_n_plus_vps(number: int, vps: int) -> None:
    """Standard 1 to 6: "Score 130+ VPs." ... "Score 190+ VPs."."""
    assert standard(number, outcome({}, total=vps)) is True
    assert standard(number, outcome({}, total=vps - 1)) is False


@pytest.mark.parametrize(
    ("number", "kind"), [(7, "coral"), (8, "sealife"), (9, "any")], ids=["7", "8", "9"]
)
def test_standard_7_to_9_complete_all_coral_sealife_or_all_tiles_in_your_ocean(
    number: int, kind: str
) -> None:
    done: list[Tile] = [coral("red"), coral("green"), sealife("A1"), sealife("B2")]
    assert standard(number, outcome(on(ALL_SPACES, done))) is True
    unfinished = incomplete_sealife("C3") if kind == "sealife" else incomplete_coral()
    assert standard(number, outcome(on(ALL_SPACES, [*done, unfinished]))) is False
    # An ocean with none of them completed none of them.
    assert standard(number, outcome({})) is False


def test_standard_7_is_not_broken_by_an_unfinished_sealife_tile() -> None:
    laid: list[Tile] = [coral("red"), incomplete_sealife("A1")]
    assert standard(7, outcome(on(ALL_SPACES, laid))) is True
    assert standard(8, outcome(on(ALL_SPACES, laid))) is False


def test_standard_10_end_the_game_with_5_seashells() -> None:
    assert standard(10, outcome({}, seashells=5)) is True
    assert standard(10, outcome({}, seashells=4)) is False


def test_standard_11_score_20_plus_vps_with_incomplete_fish() -> None:
    assert standard(11, outcome({}, incomplete_fish=20)) is True
    assert standard(11, outcome({}, incomplete_fish=19)) is False


def test_standard_12_complete_6_plus_different_sealife_tiles() -> None:
    assert standard(12, outcome({}, different_sealife=6)) is True
    assert standard(12, outcome({}, different_sealife=5)) is False


def test_standard_13_complete_8_plus_sealife_tiles() -> None:
    eight = [sealife(code) for code in ("A1", "A1", "B2", "B2", "C3", "C3", "D4", "D4")]
    assert standard(13, outcome(on(ALL_SPACES, eight))) is True
    seven_and_one_unfinished = [*eight[:7], incomplete_sealife("D4")]
    assert standard(13, outcome(on(ALL_SPACES, seven_and_one_unfinished))) is False


def test_standard_14_all_completed_sealife_tiles_are_different() -> None:
    different = [sealife("A1"), sealife("B2"), incomplete_sealife("A1")]
    assert standard(14, outcome(on(ALL_SPACES, different))) is True
    twice = [sealife("A1"), sealife("B2"), sealife("A1")]
    assert standard(14, outcome(on(ALL_SPACES, twice))) is False
    assert standard(14, outcome(on(ALL_SPACES, [coral("red")]))) is False  # none completed


def test_standard_15_score_20_plus_vps_with_orange_ecosystem_card() -> None:
    assert standard(15, outcome({}, orange=20)) is True
    assert standard(15, outcome({}, orange=19)) is False


def test_standard_16_score_15_plus_vps_with_blue_ecosystem_card() -> None:
    assert standard(16, outcome({}, blue=15)) is True
    assert standard(16, outcome({}, blue=14)) is False


def test_standard_17_achieve_the_same_score_for_orange_and_blue_ecosystem_cards() -> None:
    assert standard(17, outcome({}, orange=12, blue=12)) is True
    assert standard(17, outcome({}, orange=12, blue=11)) is False


def test_standard_18_have_completed_coral_tiles_in_no_more_than_3_colors() -> None:
    three = corals_of({"red": 2, "yellow": 1, "green": 1})
    assert standard(18, outcome(on(ALL_SPACES, three))) is True
    assert standard(18, outcome(on(ALL_SPACES, corals_of({"red": 3})))) is True  # one color
    four = corals_of(dict.fromkeys(COLORS, 1))
    assert standard(18, outcome(on(ALL_SPACES, four))) is False
    assert standard(18, outcome(on(ALL_SPACES, [incomplete_coral()]))) is False  # none


def test_standard_19_have_completed_fish_in_no_more_than_3_colors() -> None:
    three = fish_of({"red": 1, "yellow": 2, "green": 1})
    assert standard(19, outcome(on(ALL_SPACES, three))) is True
    assert standard(19, outcome(on(ALL_SPACES, fish_of({"green": 2})))) is True  # one color
    four = fish_of(dict.fromkeys(COLORS, 1))
    assert standard(19, outcome(on(ALL_SPACES, four))) is False
    assert standard(19, outcome(on(ALL_SPACES, corals_of({"red": 2})))) is False  # no fish


def test_standard_20_have_completed_fish_in_no_more_than_2_colors() -> None:
    two = fish_of({"red": 3, "yellow": 1})
    assert standard(20, outcome(on(ALL_SPACES, two))) is True
    assert standard(20, outcome(on(ALL_SPACES, fish_of({"purple": 1})))) is True  # one color
    three = fish_of({"red": 1, "yellow": 1, "green": 1})
    assert standard(20, outcome(on(ALL_SPACES, three))) is False


def test_standard_21_have_completed_fish_and_coral_tiles_in_no_more_than_3_colors() -> None:
    """The colors of both together: red and yellow corals with a green fish are 3."""
    three = [coral("red", fish="green"), coral("yellow"), coral("red", fish="red")]
    assert standard(21, outcome(on(ALL_SPACES, three))) is True
    assert standard(21, outcome(on(ALL_SPACES, [coral("red", fish="red")]))) is True
    a_fourth_coral = [*three, coral("purple")]
    assert standard(21, outcome(on(ALL_SPACES, a_fourth_coral))) is False
    a_fourth_fish = [*three, coral("yellow", fish="purple")]
    assert standard(21, outcome(on(ALL_SPACES, a_fourth_fish))) is False


def test_standard_22_empty_spaces_are_not_neighboring_each_other() -> None:
    # R3C4 and R3C6 share a corner only (two steps along row 3): neighbors all the same.
    # R1C2 and R5C8 lie far apart.
    full = dict.fromkeys(ALL_SPACES, coral("red"))
    apart = {space: tile for space, tile in full.items() if space not in ("R1C2", "R5C8")}
    assert standard(22, outcome(apart)) is True
    beside = {space: tile for space, tile in full.items() if space not in ("R3C4", "R3C6")}
    assert standard(22, outcome(beside)) is False
    touching = {space: tile for space, tile in full.items() if space not in ("R3C4", "R4C5")}
    assert standard(22, outcome(touching)) is False


def test_standard_23_fill_all_12_outer_spaces_of_your_ocean_with_completed_tiles() -> None:
    outer = dict.fromkeys(OUTER, coral("red")) | {"R1C2": sealife("A1")}
    assert standard(23, outcome(outer)) is True
    eleven = {space: tile for space, tile in outer.items() if space != "R4C9"}
    assert standard(23, outcome(eleven)) is False
    unfinished = outer | {"R4C9": incomplete_coral()}
    assert standard(23, outcome(unfinished)) is False


def test_standard_24_complete_9_vp_coral_tiles_in_all_4_colors() -> None:
    nines = [coral(color, vp=9) for color in COLORS]
    assert standard(24, outcome(on(ALL_SPACES, nines))) is True
    purple_eight = [*nines[:3], coral("purple", vp=8), coral("red", vp=9)]
    assert standard(24, outcome(on(ALL_SPACES, purple_eight))) is False


def test_standard_25_complete_3_coral_tiles_in_each_of_the_4_colors() -> None:
    three_each = corals_of(dict.fromkeys(COLORS, 3))
    assert standard(25, outcome(on(ALL_SPACES, three_each))) is True
    purple_two = corals_of({"red": 3, "yellow": 3, "green": 3, "purple": 2})
    assert standard(25, outcome(on(ALL_SPACES, purple_two))) is False


def test_a_paper_sheet_leaves_the_board_achievements_to_the_player() -> None:
    """Entered as the paper sheet, no ocean: what only the ocean shows is the player's to
    tick (None), what the sheet's figures show is decided."""
    sheet = outcome(None, total=190, orange=20, blue=15)
    assert [standard(n, sheet) for n in (6, 15, 16, 17)] == [True, True, True, False]
    assert {standard(n, sheet) for n in (7, 8, 9, 13, 14, 18, 19, 20, 21, 22, 23, 24, 25)} == {None}
    assert {objective(n, sheet) for n in (4, 5, 6, 7, 9)} == {None}


def test_each_achievement_mode_says_what_it_checked_in_the_sheets_words() -> None:
    """The entries the result page and the achievement sheet read: the kind, the number,
    the Record Sheet's own words, and whether it was earned."""
    played = outcome(on(ALL_SPACES, corals_of({"red": 3})), total=190, seashells=2)
    [scenario] = achievements(Achievement("scenario", 13), played)
    assert scenario == {
        "kind": "scenario",
        "number": 13,
        "objective": "End the game with 2+ Seashells.",
        "minimum_score": 185,
        "minimum_met": True,
        "objective_met": True,
        "earned": True,
    }
    sheet = achievements(Achievement("standard", None), played)
    assert [entry["number"] for entry in sheet] == list(range(1, 26))
    assert sheet[5] == {
        "kind": "standard",
        "number": 6,
        "objective": "Score 190+ VPs.",
        "earned": True,
    }
    [rule] = achievements(Achievement("modified", 1), played)
    assert rule == {
        "kind": "modified",
        "number": 1,
        "objective": "Coral Tiles must be placed neighboring another Coral Tile(s), "
        "excluding the first Coral Tile.",
        "earned": True,
    }
