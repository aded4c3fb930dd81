"""Shallow Sea input validation: every rule names the bad field in a player's words."""

from __future__ import annotations

import pytest

from games.shallow_sea.data import SPACES
from tests.shallow_sea_plays import (
    FIRST_GAME,
    WITH_NAUTILUS,
    board,
    coral,
    errors,
    first,
    fish,
    play,
    score,
    sealife,
    sheet_entry,
)

TILE = "boards.Ana.tiles"


def one_tile(tile: object, space: str = "R1C2", **kwargs) -> dict:
    return play(board({space: tile}), **kwargs)


# --- Players, mode and entry --------------------------------------------------------------


def test_solo_mode_is_for_one_player():
    data = play(board({}), board({}), mode="solo")
    assert errors(data) == {"players": "Solo mode is for one player; 2 were given."}


def test_one_player_plays_solo_not_standard():
    data = play(board({}), mode="solo")
    data["mode"] = "standard"
    assert errors(data) == {"mode": "A one-player game is played in solo mode."}


def test_at_most_four_players():
    data = play(*[board({}) for _ in range(4)])
    data["players"].append("Eve")
    data["boards"]["Eve"] = board({})
    assert errors(data)["players"] == "Shallow Sea is for 1 to 4 players; 5 were given."


@pytest.mark.parametrize(("key", "value"), [("mode", "coop"), ("entry", "photo"), ("mode", None)])
def test_mode_and_entry_come_from_their_lists(key, value):
    data = one_tile(coral("red"))
    data[key] = value
    assert list(errors(data)) == [key]


def test_the_entry_names_which_per_player_key_to_give():
    data = one_tile(coral("red"))
    data["sheets"] = {}
    assert errors(data) == {"sheets": "The entry is 'board', so give 'boards', not 'sheets'."}


def test_every_player_needs_an_entry_unless_still_being_entered():
    data = one_tile(coral("red"))
    del data["boards"]["Ben"]
    assert errors(data) == {"boards.Ben": "There is no board for Ben."}
    assert first(data, partial=True)["total"] == 9  # 7 + Cryptic Coloration's 2


def test_an_entry_for_someone_not_playing():
    data = one_tile(coral("red"))
    data["boards"]["Zed"] = board({})
    assert list(errors(data)) == ["boards.Zed"]


# --- Setup ------------------------------------------------------------------------------


def test_a_game_uses_10_different_known_sealife_types():
    data = one_tile(coral("red"), setup={**FIRST_GAME, "sealife": ["A1", "A1", "G7"]})
    assert errors(data) == {
        "setup.sealife[1]": "A1 is chosen twice.",
        "setup.sealife[2]": "'G7' is not a Sealife type; they are A1, A2, A3, A4, B1, B2, B3, "
        "B4, C1, C2, C3, C4, D1, D2, D3, D4, E1, E2, E3, E4, F1 and F2.",
        "setup.sealife": "A game uses 10 different Sealife types; 3 were given.",
    }


def test_one_card_of_each_color_from_the_appendix():
    data = one_tile(coral("red"), setup={**FIRST_GAME, "orange": [8], "blue": [1, 2]})
    assert errors(data) == {
        "setup.orange[0]": "There is no Orange Ecosystem card 8; they are numbered 1 to 7.",
        "setup.blue": "Choose 1 Blue Ecosystem card. 2 were given.",
    }


def test_a_card_number_is_a_number():
    data = one_tile(coral("red"), setup={**FIRST_GAME, "orange": [True]})
    assert list(errors(data)) == ["setup.orange[0]"]


def test_family_mode_plays_without_ecosystem_cards():
    data = one_tile(coral("red"), mode="family", setup=FIRST_GAME)
    assert errors(data) == {
        "setup.orange": "Family mode plays without Ecosystem cards. 1 was given.",
        "setup.blue": "Family mode plays without Ecosystem cards. 1 was given.",
    }


@pytest.mark.parametrize(
    ("achievement", "field"),
    [
        ({"kind": "scenario", "number": 16}, "achievement.number"),
        ({"kind": "modified", "number": 0}, "achievement.number"),
        ({"kind": "modified"}, "achievement.number"),
        ({"kind": "standard", "number": 3}, "achievement.number"),
        ({"kind": "legendary"}, "achievement.kind"),
        ({"kind": ["scenario"]}, "achievement.kind"),
    ],
)
def test_achievement_mode_choices(achievement, field):
    assert field in errors(one_tile(coral("red"), achievement=achievement))


# --- Coral tiles --------------------------------------------------------------------------


def test_a_completed_coral_needs_its_fish_color_and_vps():
    data = one_tile({"kind": "coral", "completed": True})
    assert errors(data) == {
        f"{TILE}.R1C2.color": "Ana, R1C2: a completed coral needs its color.",
        f"{TILE}.R1C2.vp": "Ana, R1C2: a completed coral needs its VPs (5, 7 or 9).",
        f"{TILE}.R1C2.fish": "Ana, R1C2: a completed coral needs its Completed Fish; "
        "give that fish's color.",
    }


def test_an_incomplete_coral_holds_no_fish():
    data = one_tile({"kind": "coral", "completed": False, "fish": "red"})
    assert errors(data) == {
        f"{TILE}.R1C2.fish": "Ana, R1C2: only a completed coral holds a fish; "
        "put this fish on a bubble."
    }


def test_an_incomplete_coral_needs_no_color_or_vps():
    assert first(one_tile({"kind": "coral", "completed": False}))["total"] == 0


@pytest.mark.parametrize(
    ("tile", "field"),
    [
        (coral("blue", fish="red"), "color"),
        (coral("red", fish="orange"), "fish"),
        (coral("red", vp=6), "vp"),
        (coral("red", vp=True), "vp"),
        ({**coral("red"), "completed": "yes"}, "completed"),
        ({**coral("red"), "size": 3}, "size"),
    ],
)
def test_coral_fields(tile, field):
    assert list(errors(one_tile(tile))) == [f"{TILE}.R1C2.{field}"]


def test_tiles_sit_on_the_boards_22_spaces():
    data = one_tile(coral("red"), space="R1C1")
    assert errors(data) == {
        f"{TILE}.R1C1": "There is no space R1C1: rows 1, 3 and 5 use columns 2, 4, 6 and 8; "
        "rows 2 and 4 use columns 1, 3, 5, 7 and 9."
    }


def test_a_tile_is_coral_or_sealife():
    assert list(errors(one_tile({"kind": "fish", "completed": True}))) == [f"{TILE}.R1C2"]
    assert list(errors(one_tile("coral"))) == [f"{TILE}.R1C2"]


def test_a_full_ocean_of_22_tiles_is_scored_with_a_warning():
    data = play(board({space: coral("red", completed=False) for space in SPACES}))
    sheet = score(data)
    assert sheet["players"][0]["total"] == 0
    assert sheet["warnings"][0] == "Ana's ocean has 0 empty spaces; a game ends when 4 are left."


# --- Sealife tiles ------------------------------------------------------------------------


def test_sealife_codes_come_from_the_games_setup():
    data = play(board({"R1C2": sealife("B2"), "R1C4": sealife("Z9")}))
    known = "A1, A4, B1, C2, C4, D1, D4, E1, E4 and F2"
    assert errors(data) == {
        f"{TILE}.R1C2.code": f"Ana, R1C2: B2 is not one of this game's Sealife types ({known}).",
        f"{TILE}.R1C4.code": f"Ana, R1C4: 'Z9' is not one of this game's Sealife types ({known}).",
    }


def test_a_completed_sealife_needs_its_printed_vps():
    data = one_tile({"kind": "sealife", "code": "A1", "completed": True})
    assert errors(data) == {
        f"{TILE}.R1C2.vp": "Ana, R1C2: the Whale Shark (A1) is completed: "
        "give the VPs printed on it."
    }


def test_a_completed_sealife_scores_no_partial_count():
    data = one_tile({**sealife("A1"), "partial": 1})
    assert list(errors(data)) == [f"{TILE}.R1C2.partial"]


def test_an_incomplete_sealife_needs_its_count_and_partial_vps():
    data = one_tile({"kind": "sealife", "code": "A1", "completed": False})
    assert list(errors(data)) == [f"{TILE}.R1C2.partial"]
    data = one_tile({"kind": "sealife", "code": "A1", "completed": False, "partial": 1})
    assert errors(data) == {
        f"{TILE}.R1C2.partial_vp": "Ana, R1C2: the Whale Shark (A1) is incomplete: "
        "give the partial VPs printed on it."
    }


@pytest.mark.parametrize("vp", [0, 11, 100, 250])
def test_a_sealife_tile_prints_1_to_10_vps(vp):
    assert errors(one_tile(sealife("A1", vp))) == {
        f"{TILE}.R1C2.vp": f"Ana, R1C2: the Whale Shark (A1): no Sealife tile prints {vp} VPs; "
        "they print 1 to 10."
    }


@pytest.mark.parametrize("partial_vp", [0, 11, 30])
def test_a_sealife_tile_prints_1_to_10_vps_per_count(partial_vp):
    data = one_tile(sealife("A1", partial=1, partial_vp=partial_vp))
    assert errors(data) == {
        f"{TILE}.R1C2.partial_vp": f"Ana, R1C2: the Whale Shark (A1): no Sealife tile prints "
        f"{partial_vp} VPs per count met; they print 1 to 10."
    }


def test_the_least_and_most_a_sealife_tile_prints_are_taken():
    data = play(board({"R1C2": sealife("A1", 10), "R1C4": sealife("A4", partial=1, partial_vp=1)}))
    assert first(data)["breakdown"]["tiles"] == 11


def test_a_sealife_vp_that_is_no_number_is_told_once():
    assert errors(one_tile(sealife("A1", 2.5))) == {  # type: ignore[arg-type]
        f"{TILE}.R1C2.vp": "Ana, R1C2: the Whale Shark (A1): its printed VPs must be a whole number."
    }


def test_nothing_met_needs_no_partial_vps():
    data = one_tile({"kind": "sealife", "code": "A1", "completed": False, "partial": 0})
    assert first(data)["total"] == 0


def test_an_incomplete_sealife_has_met_less_than_its_condition():
    # The Dugong (B1) completes at 4 same-color corals: an incomplete one has at most 3.
    data = one_tile(sealife("B1", partial=4))
    assert errors(data) == {
        f"{TILE}.R1C2.partial": "Ana, R1C2: the Dugong (B1): how much of its condition "
        "is met cannot be more than 3."
    }


def test_every_tile_of_a_type_prints_the_same_vps():
    data = play(board({"R1C2": sealife("A1", vp=7)}), board({"R1C2": sealife("A1", vp=8)}))
    assert errors(data) == {
        "boards": "Every Whale Shark (A1) tile prints the same VPs, but the oceans give 7 and 8."
    }


# --- The Nautilus and the Giant Clam read the whole ocean ----------------------------------

RED_CORALS = {"R2C1": coral("red"), "R2C3": coral("red"), "R2C5": coral("red")}


def test_an_incomplete_nautilus_scores_the_ocean_s_largest_color():
    tiles = {**RED_CORALS, "R2C7": coral("yellow"), "R1C2": sealife("F1", partial=0, partial_vp=3)}
    data = play(board(tiles), setup=WITH_NAUTILUS)
    # 3 red corals met of 4: 3 x 3 VPs, whatever the tile said.
    assert errors(data) == {
        f"{TILE}.R1C2.partial": "Ana, R1C2: the Nautilus (F1): this ocean meets 3 of its 4, not 0."
    }
    del tiles["R1C2"]["partial"]
    assert first(play(board(tiles), setup=WITH_NAUTILUS))["breakdown"]["row_1"] == 9


def test_a_nautilus_is_completed_exactly_when_the_ocean_shows_4_corals_of_a_color():
    early = {**RED_CORALS, "R1C2": sealife("F1", vp=9)}
    assert errors(play(board(early), setup=WITH_NAUTILUS)) == {
        f"{TILE}.R1C2.completed": "Ana, R1C2: the Nautilus (F1) needs 4 Completed Coral Tiles "
        "of one color; this ocean has 3, so the tile is incomplete."
    }
    late = {**RED_CORALS, "R2C7": coral("red"), "R1C2": sealife("F1", partial=3, partial_vp=3)}
    assert list(errors(play(board(late), setup=WITH_NAUTILUS))) == [f"{TILE}.R1C2.completed"]
    # While the ocean is still being entered, the flip is the player's word.
    assert first(play(board(early), setup=WITH_NAUTILUS), partial=True)["breakdown"]["row_1"] == 9


def test_an_incomplete_giant_clam_counts_coral_colors():
    tiles = {
        **RED_CORALS,
        "R2C7": coral("green"),
        "R3C2": coral("purple", completed=False),  # not completed: no color yet
        "R1C2": {"kind": "sealife", "code": "F2", "completed": False, "partial_vp": 2},
    }
    # Red and green: 2 of 4 colors, 2 VPs each.
    assert first(play(board(tiles)))["breakdown"]["row_1"] == 4


# --- Fish ------------------------------------------------------------------------------------


def test_a_fish_sits_on_a_bubble_beside_a_tile():
    data = play(board({"R1C2": coral("red")}, fish(("R3C4:top", "red"))))
    assert errors(data) == {
        "boards.Ana.fish[0].at": "Ana: no tile touches the bubble R3C4:top; a fish sits on a "
        "bubble next to a tile (R1C4, R2C3, R2C5 and R3C4 are empty)."
    }


def test_a_fish_has_one_of_the_four_colors():
    data = play(board({"R1C2": coral("red")}, fish(("R1C2:top", "blue"))))
    assert list(errors(data)) == ["boards.Ana.fish[0].color"]


def test_fish_are_listed_with_at_and_color():
    data = play(board({"R1C2": coral("red")}, [{"at": "R1C2:top", "colour": "red"}]))
    assert set(errors(data)) == {"boards.Ana.fish[0].colour", "boards.Ana.fish[0].color"}


def test_the_pouch_holds_9_fish_of_a_color_in_solo():
    # 8 red corals hold red fish; 2 red Incomplete Fish make 10.
    spaces = ("R1C2", "R1C4", "R1C6", "R1C8", "R2C1", "R2C3", "R2C5", "R2C7")
    tiles = {space: coral("red") for space in spaces}
    data = play(board(tiles, fish(("R1C2:top", "red"), ("R1C4:top", "red"))), mode="solo")
    assert errors(data) == {
        "boards": "The oceans hold 10 red fish, but a 1-player game has only 9 of each color."
    }


def test_lionfish_come_from_the_same_pouch():
    # 36 fish in a solo game: 1 on the board leaves 35 for the Lionfish card.
    data = play(board({"R1C2": coral("red")}, lionfish=36), mode="solo")
    assert errors(data) == {"boards": "The game shows 37 fish, but a 1-player game has only 36."}


def test_two_players_share_2_copies_of_each_sealife_type():
    data = play(
        board({"R1C2": sealife("A1"), "R1C4": sealife("A1")}),
        board({"R1C2": sealife("A1")}),
    )
    assert errors(data) == {
        "boards": "The oceans hold 3 Whale Shark (A1) tiles, but a 2-player game has only 2 "
        "of each type."
    }


# --- Seashells and the Lionfish card ----------------------------------------------------------


def test_seashells_are_at_most_5():
    data = play(board({"R1C2": coral("red")}, seashells=6))
    assert errors(data) == {"boards.Ana.seashells": "Ana: Seashells cannot be more than 5."}


def test_a_finished_ocean_says_its_seashells_and_lionfish():
    data = play({"tiles": {"R1C2": coral("red")}}, mode="solo")
    data["boards"]["Ana"] = {"tiles": {"R1C2": coral("red")}}
    assert errors(data) == {
        "boards.Ana.seashells": "Ana's ocean needs the Seashells left.",
        "boards.Ana.lionfish": "Ana's ocean needs the Lionfish card.",
    }


def test_only_solo_has_a_lionfish_card():
    data = play(board({"R1C2": coral("red")}, lionfish=1))
    assert list(errors(data)) == ["boards.Ana.lionfish"]


# --- The paper sheet --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "value", "message"),
    [
        # Cryptic Coloration pays 2 per coral, at most 22 corals.
        (
            "orange",
            15,
            "Ana: 15 VPs cannot come from the Orange card "
            "(Cryptic Coloration pays in steps of 2 up to 44).",
        ),
        ("orange", 46, None),
        # Bountiful Caves pays 3 per Sealife on the 10 inner spaces.
        ("blue", 31, None),
        ("blue", 10, None),
        ("different_sealife", 11, "Ana: different completed Sealife types cannot be more than 10."),
        # 35 bubbles touch 88 spaces in all.
        ("incomplete_fish", 89, "Ana: Incomplete Fish VPs cannot be more than 88."),
        ("seashells", 6, None),
        ("seashells", -1, "Ana: Seashells cannot be less than 0."),
        ("rows", [1, 2, 3], "Ana: give the tile VPs of the 5 rows, top row first."),
        ("rows", "22", None),
    ],
)
def test_sheet_values_stay_within_what_an_ocean_allows(line, value, message):
    found = errors(sheet_entry({line: value}))
    assert f"sheets.Ana.{line}" in found
    if message:
        assert found[f"sheets.Ana.{line}"] == message


def test_sheet_values_at_their_limits_are_accepted():
    sheet = {"orange": 44, "blue": 30, "different_sealife": 10, "incomplete_fish": 88}
    assert first(sheet_entry(sheet))["total"] == 44 + 30 + 20 + 88


def test_a_coral_duo_sheet_holds_at_most_11_pairs():
    """Coral Duo pays 3 VPs for each pair of Completed Coral Tiles of one color: the
    ocean's 22 spaces hold 11 pairs, so 33 VPs at most, in steps of 3."""
    data = sheet_entry({"orange": 33})
    data["setup"] = {**FIRST_GAME, "orange": [2]}
    assert first(data)["breakdown"]["orange"] == 33
    data["sheets"]["Ana"]["orange"] = 36
    assert errors(data) == {
        "sheets.Ana.orange": "Ana: 36 VPs cannot come from the Orange card "
        "(Coral Duo pays in steps of 3 up to 33)."
    }


@pytest.mark.parametrize(
    ("number", "name", "most"), [(6, "Radiant Caves", 20), (7, "Borders of Diversity", 24)]
)
def test_a_blue_card_of_different_tiles_pays_at_most_one_kind_a_space(number, name, most):
    """2 VPs a different Completed Tile (a coral color or a Sealife type: 4 + 10 kinds) in
    the 10 inner or the 12 outer spaces: no more kinds than spaces, so 20 and 24 VPs."""
    data = sheet_entry({"blue": most})
    data["setup"] = {**FIRST_GAME, "blue": [number]}
    assert first(data)["breakdown"]["blue"] == most
    data["sheets"]["Ana"]["blue"] = most + 2
    assert errors(data) == {
        "sheets.Ana.blue": f"Ana: {most + 2} VPs cannot come from the Blue card "
        f"({name} pays in steps of 2 up to {most})."
    }


def test_a_row_must_be_a_whole_number():
    found = errors(sheet_entry({"rows": [1, 2.5, 3, 4, 5]}))
    assert found == {"sheets.Ana.rows[1]": "Ana: row 2 VPs must be a whole number."}


def test_modified_rule_9_doubles_the_incomplete_fish_limit():
    data = sheet_entry({"incomplete_fish": 176}, achievement={"kind": "modified", "number": 9})
    assert first(data)["breakdown"]["incomplete_fish"] == 176


def test_modified_rule_7_sheet_fits_either_card():
    setup = {**FIRST_GAME, "orange": [1, 2], "blue": [2, 4]}
    data = sheet_entry({"orange": 9}, achievement={"kind": "modified", "number": 7})
    data["setup"] = setup
    # 9 is 3 Coral Duo pairs, though no Cryptic Coloration score.
    assert first(data)["breakdown"]["orange"] == 9


def test_a_finished_sheet_has_every_line():
    data = sheet_entry({})
    data["sheets"]["Ana"] = {"rows": [1, 2, 3, 4, 5]}
    found = errors(data)
    assert set(found) == {
        "sheets.Ana.orange",
        "sheets.Ana.blue",
        "sheets.Ana.different_sealife",
        "sheets.Ana.incomplete_fish",
        "sheets.Ana.seashells",
    }
    assert found["sheets.Ana.seashells"] == "Ana's sheet needs the Seashells left."


def test_a_solo_sheet_needs_the_lionfish_and_others_have_none():
    assert list(errors(sheet_entry({}, mode="solo"))) == ["sheets.Ana.lionfish"]
    assert list(errors(sheet_entry({"lionfish": 2}))) == ["sheets.Ana.lionfish"]


def test_a_family_sheet_has_only_rows_and_seashells():
    data = sheet_entry({}, mode="family")
    data["setup"] = {**FIRST_GAME, "orange": [], "blue": []}
    found = errors(data)
    assert set(found) == {
        "sheets.Ana.orange",
        "sheets.Ana.blue",
        "sheets.Ana.different_sealife",
        "sheets.Ana.incomplete_fish",
    }
    assert found["sheets.Ana.orange"] == (
        "A family-mode sheet has no 'orange'; expected one of: rows, seashells."
    )


def test_every_problem_is_named_at_once():
    data = play(
        board({"R1C2": {"kind": "coral", "completed": True, "color": "red", "vp": 7}}),
        board({"R9C9": coral("red")}, seashells=9),
    )
    assert set(errors(data)) == {
        f"{TILE}.R1C2.fish",
        "boards.Ben.tiles.R9C9",
        "boards.Ben.seashells",
    }


# --- Found by tests/test_properties.py ----------------------------------------------------


def test_a_coral_worth_7_0_is_read_as_the_whole_number_7():
    # JSON 7.0 is the whole number 7 as every count reads it; the coral's VPs stayed a
    # float, and the total came out as 7.0 instead of an integer.
    tile = {"kind": "coral", "color": "red", "vp": 7.0, "completed": True, "fish": "red"}
    line = first(one_tile(tile))
    assert line["breakdown"]["row_1"] == 7 and type(line["breakdown"]["row_1"]) is int
    assert type(line["total"]) is int


def test_a_value_nested_too_deeply_to_print_is_named_not_quoted():
    # The messages quoted any value with repr(): a card number nested as deeply as JSON
    # goes raised RecursionError; a list is now named, never written out.
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    data = one_tile(coral("red"), setup={**FIRST_GAME, "orange": [deep]})
    assert errors(data)["setup.orange[0]"] == (
        "There is no Orange Ecosystem card a list; they are numbered 1 to 7."
    )


def test_a_long_value_is_quoted_short():
    found = errors(one_tile({**coral("red"), "color": "x" * 1000}))
    assert found[f"{TILE}.R1C2.color"].startswith(f"Ana, R1C2: '{'x' * 36}... is not a color")


def test_sheet_values_no_table_holds_are_refused():
    # Two rows of 9…9 (4300 digits) added up past what Python prints as JSON.
    huge = int("9" * 4300)
    found = errors(sheet_entry({"rows": [huge, huge, 0, 0, 0]}))
    assert found["sheets.Ana.rows[0]"] == "Ana: row 1 VPs cannot be more than 1000000."
