"""Shallow Sea's ocean board and game data, checked against issue 3 and the rulebook.

Every expected set is typed in by hand from the board diagram:

    col:   1  2  3  4  5  6  7  8  9
    R1        #     #     #     #
    R2     #     #     #     #     #
    R3        #     #     #     #
    R4     #     #     #     #     #
    R5        #     #     #     #
"""

from __future__ import annotations

import pytest

from games.shallow_sea import INFO, data, parse
from games.shallow_sea.ocean import Ocean, in_reading_order, largest_pairing
from games.words import render
from tests.shallow_sea_plays import FIRST_GAME, board, coral, errors, first, fish, play


def test_the_board_has_22_spaces_in_rows_of_4_5_4_5_4():
    assert data.ROWS == {
        1: ("R1C2", "R1C4", "R1C6", "R1C8"),
        2: ("R2C1", "R2C3", "R2C5", "R2C7", "R2C9"),
        3: ("R3C2", "R3C4", "R3C6", "R3C8"),
        4: ("R4C1", "R4C3", "R4C5", "R4C7", "R4C9"),
        5: ("R5C2", "R5C4", "R5C6", "R5C8"),
    }
    assert len(data.SPACES) == 22


def test_columns_hold_two_or_three_spaces():
    assert data.COLUMNS[1] == ("R2C1", "R4C1")
    assert data.COLUMNS[2] == ("R1C2", "R3C2", "R5C2")
    assert data.COLUMNS[9] == ("R2C9", "R4C9")
    assert len(data.COLUMNS) == 9


def test_outer_and_inner_spaces():
    assert data.OUTER_SPACES == {
        "R1C2", "R1C4", "R1C6", "R1C8",
        "R5C2", "R5C4", "R5C6", "R5C8",
        "R2C1", "R2C9", "R4C1", "R4C9",
    }  # fmt: skip
    assert data.INNER_SPACES == {
        "R2C3", "R2C5", "R2C7",
        "R3C2", "R3C4", "R3C6", "R3C8",
        "R4C3", "R4C5", "R4C7",
    }  # fmt: skip


def test_adjacent_spaces_share_a_side():
    assert data.ADJACENT["R3C4"] == {"R2C3", "R2C5", "R4C3", "R4C5"}
    assert data.ADJACENT["R2C1"] == {"R1C2", "R3C2"}
    assert data.ADJACENT["R1C2"] == {"R2C1", "R2C3"}


def test_neighboring_spaces_also_share_just_a_corner():
    # Adjacent, plus two steps along the row and two rows up or down.
    assert data.NEIGHBORING["R3C4"] == {
        "R2C3", "R2C5", "R4C3", "R4C5", "R3C2", "R3C6", "R1C4", "R5C4",
    }  # fmt: skip
    assert data.NEIGHBORING["R2C1"] == {"R1C2", "R3C2", "R2C3", "R4C1"}


def test_35_bubbles_each_touching_1_to_4_spaces():
    assert len(data.BUBBLES) == 35
    # The bubble under R1C4 is where four diamonds meet.
    assert set(data.BUBBLES[data.CORNERS["R1C4"]["bottom"]]) == {"R1C4", "R2C3", "R2C5", "R3C4"}
    # The top point of R1C2 is on the board's edge.
    assert data.BUBBLES[data.CORNERS["R1C2"]["top"]] == ("R1C2",)
    # R2C1's left point, too.
    assert data.BUBBLES[data.CORNERS["R2C1"]["left"]] == ("R2C1",)
    # Between R1C2 and R2C1: R1C2's left is R2C1's top.
    assert data.CORNERS["R1C2"]["left"] == data.CORNERS["R2C1"]["top"]
    assert sorted(len(spaces) for spaces in data.BUBBLES.values())[0] == 1
    assert max(len(spaces) for spaces in data.BUBBLES.values()) == 4


def test_sealife_types_with_their_encyclopedia_names():
    assert len(data.SEALIFE) == 22
    assert data.SEALIFE["A1"].name == "Whale Shark"
    assert data.SEALIFE["B4"].name == "Migaloo"
    assert data.SEALIFE["E3"].name == "Anna's Magnificent Sea Slug"
    assert data.SEALIFE["F2"].name == "Giant Clam"


def test_sealife_conditions_as_the_rulebook_words_them():
    dugong = data.SEALIFE["B1"]
    assert (dugong.needs, dugong.match, dugong.where, dugong.count) == (
        "coral",
        "same",
        "directions",
        4,
    )
    assert data.SEALIFE["E4"].count == 3
    assert data.SEALIFE["C4"].count == 2
    # Designated spaces were only in the pictures.
    assert data.SEALIFE["A1"].count is None
    assert data.SEALIFE["F2"].where == "anywhere"


def test_sealife_conditions_and_card_rules_read_in_german_and_french():
    assert render(data.SEALIFE["B1"].condition, "de") == (
        "4 oder mehr fertige Korallenplättchen derselben Farbe in einer oder beiden "
        "angezeigten Richtungen."
    )
    assert render(data.SEALIFE["A4"].condition, "fr") == (
        "Chaque case désignée accueille un poisson complété d’une couleur différente."
    )
    assert render(data.BLUE_CARDS[4].text, "de") == (
        "2 SP für jede Spalte mit genau 1 fertigen Meerestierplättchen."
    )


def test_the_default_catalogue_knows_no_printed_vps():
    # The rulebook's text prints no Sealife type's VPs: the web side asks.
    assert all(t.vp is None and t.partial_vp is None for t in data.SEALIFE.values())


def test_ecosystem_cards_by_colour_and_number():
    assert [c.name for c in data.ORANGE_CARDS.values()] == [
        "Cryptic Coloration",
        "Coral Duo",
        "Symphony of Fins",
        "Mismatched",
        "Depths Alike",
        "Colossal Coral Reef",
        "Trios",
    ]
    assert [c.name for c in data.BLUE_CARDS.values()] == [
        "Rich Depths",
        "Bountiful Caves",
        "Underwater Community",
        "Spotlight",
        "Sealife Duet",
        "Radiant Caves",
        "Borders of Diversity",
    ]


def test_achievement_lists():
    assert len(data.SCENARIOS) == 15
    assert len(data.STANDARD_ACHIEVEMENTS) == 25
    assert len(data.MODIFIED_RULES) == 10
    fourteen = data.SCENARIOS[14]
    assert fourteen.sealife == ("A1", "A2", "B4", "C3", "C4", "D1", "D2", "E3", "E4", "F1")
    assert (fourteen.orange, fourteen.blue, fourteen.minimum_score) == (7, 5, 185)
    assert (data.SCENARIOS[1].minimum_score, data.SCENARIOS[15].minimum_score) == (140, 190)


def test_the_first_game_setups_are_valid_setups():
    assert list(data.FIRST_GAME_SEALIFE) == FIRST_GAME["sealife"]
    assert (data.FIRST_GAME_ORANGE, data.FIRST_GAME_BLUE) == (1, 2)
    family = {"orange": [], "blue": [], "sealife": list(data.FIRST_FAMILY_GAME_SEALIFE)}
    parse(play(board({"R3C4": coral("red")}), mode="family", setup=family), partial=True)


def test_info():
    assert INFO.slug == "shallow-sea"
    assert (INFO.min_players, INFO.max_players) == (1, 4)
    assert INFO.modes == ("standard", "solo", "family")
    assert [c.key for c in INFO.categories] == [
        "orange",
        "blue",
        "tiles",
        "row_1",
        "row_2",
        "row_3",
        "row_4",
        "row_5",
        "different_sealife",
        "incomplete_fish",
        "lionfish",
    ]
    assert [t.key for t in INFO.tiebreaks] == ["seashells"]


# --- Naming a bubble -------------------------------------------------------------------

FOUR_CORALS = {
    "R1C4": coral("red"),
    "R2C3": coral("yellow"),
    "R2C5": coral("green"),
    "R3C4": coral("purple"),
}


@pytest.mark.parametrize("name", ["R1C4:bottom", "R2C3:right", "R2C5:left", "R3C4:top"])
def test_a_bubble_may_be_named_through_any_space_that_touches_it(name):
    # The four diamonds meet at this bubble: the fish earns 1 VP per completed coral.
    ocean = board(FOUR_CORALS, fish((name, "red")))
    assert first(play(ocean))["breakdown"]["incomplete_fish"] == 4


def test_naming_one_bubble_twice_is_an_error():
    ocean = board(FOUR_CORALS, fish(("R1C4:bottom", "red"), ("R3C4:top", "yellow")))
    assert errors(play(ocean)) == {
        "boards.Ana.fish[1].at": "Ana: R3C4:top is the bubble already named R1C4:bottom; "
        "a bubble holds one fish."
    }


def test_a_bubble_can_be_named_through_an_empty_space():
    # R2C1 is empty, but its right point is R1C2's bottom, beside a tile.
    ocean = board({"R1C2": coral("red")}, fish(("R2C1:right", "red")))
    assert first(play(ocean))["breakdown"]["incomplete_fish"] == 1


@pytest.mark.parametrize("name", ["R1C1:top", "R1C2:middle", "R1C2", "r1c2:top", 12])
def test_a_bubble_name_must_be_a_space_and_a_corner(name):
    ocean = board({"R1C2": coral("red")}, [{"at": name, "color": "red"}])
    assert list(errors(play(ocean))) == ["boards.Ana.fish[0].at"]


def test_a_bubble_stored_without_its_name_is_named_by_its_first_space_in_reading_order():
    """The bubble below R1C4 is also right of R2C3, left of R2C5 and above R3C4: an
    explanation names it by R1C4, the first of them, as the web side stores it."""
    below_r1c4 = data.CORNERS["R1C4"]["bottom"]
    assert data.CORNERS["R2C5"]["left"] == below_r1c4
    sea = Ocean(tiles={}, fish={below_r1c4: "red"}, seashells=0, lionfish=0, left_out_color=None)
    assert sea.bubble_name(below_r1c4) == "R1C4:bottom"


def test_sealife_side_by_side_in_a_ring_make_two_pairs_each_tile_in_one():
    """R1C2, R2C1, R2C3 and R3C2 touch round a ring: taking R1C2 with R2C1 first would
    leave R2C3 and R3C2 to pair, and the other way round; either way two pairs, and no
    tile in both (the pairing looks again when its first choice blocks another)."""
    pairs = largest_pairing(["R1C2", "R2C1", "R2C3", "R3C2"])
    assert len(pairs) == 2
    assert sorted(space for pair in pairs for space in pair) == ["R1C2", "R2C1", "R2C3", "R3C2"]
    assert all(b in data.ADJACENT[a] for a, b in pairs)
    # Each pair and the pairs in reading order, as the board lists its spaces.
    assert all(data.SPACES.index(a) < data.SPACES.index(b) for a, b in pairs)
    assert pairs == sorted(pairs, key=lambda pair: data.SPACES.index(pair[0]))


def test_spaces_are_listed_top_row_first_left_to_right():
    assert in_reading_order(["R2C1", "R1C8", "R5C2", "R1C2"]) == ("R1C2", "R1C8", "R2C1", "R5C2")
    assert in_reading_order(reversed(data.SPACES)) == tuple(data.SPACES)
