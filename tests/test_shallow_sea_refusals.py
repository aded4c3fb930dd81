"""Shallow Sea refusals, word for word: each names its field and the rule a player broke.

tests/test_shallow_sea_validation.py pins the rules; this file pins every remaining
sentence and where it is said, so that a message a player reads cannot drift unseen.
"""

from __future__ import annotations

import pytest

from games import shallow_sea
from games.contract import InvalidInput
from games.shallow_sea.ocean import Ocean
from games.shallow_sea.scoring import warnings_about
from games.words import render
from tests.shallow_sea_plays import (
    FIRST_GAME,
    WITH_NAUTILUS,
    board,
    coral,
    errors,
    first,
    fish,
    play,
    sealife,
    sheet_entry,
)

COLORS = "the colors are red, yellow, green and purple."
ANA = "boards.Ana"
TILES = f"{ANA}.tiles"
SPACE_HELP = "rows 1, 3 and 5 use columns 2, 4, 6 and 8; rows 2 and 4 use columns 1, 3, 5, 7 and 9"


def a_game() -> dict:
    return play(board({"R1C2": coral("red")}))


# --- The game, its mode and its entry -------------------------------------------------


def test_a_game_that_is_not_an_object_is_named_and_nothing_else_is_read():
    assert errors(["Ana", "Ben"]) == {  # type: ignore[arg-type]
        "": "The game must be an object of named values.",
        "players": "Players must be a list of names.",
        "mode": "The mode must be one of: standard, solo, family.",
        "entry": "The entry must be one of: sheet, board.",
    }


def test_a_game_has_no_key_of_its_own_making():
    data = {**a_game(), "score": 12}
    assert errors(data) == {
        "score": "A Shallow Sea game has no 'score'; expected one of: players, mode, setup, "
        "achievement, entry, sheets, boards."
    }


def test_the_boards_are_an_object_by_player():
    data = {**a_game(), "boards": ["an ocean"]}
    assert errors(data) == {
        "boards": "The boards must be an object of named values.",
        "boards.Ana": "There is no board for Ana.",
        "boards.Ben": "There is no board for Ben.",
    }


def test_a_board_for_someone_not_playing_names_who_plays():
    data = a_game()
    data["boards"]["Zed"] = board({})
    assert errors(data) == {"boards.Zed": "The boards has no 'Zed'; expected one of: Ana, Ben."}


def test_a_game_read_without_saying_so_is_a_finished_one():
    data = a_game()
    del data["boards"]["Ben"]
    with pytest.raises(InvalidInput):
        shallow_sea.parse(data)
    assert shallow_sea.parse(data, partial=True).complete is False
    assert shallow_sea.parse(a_game(), partial=True).complete is True


# --- Achievement mode -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("achievement", "expected"),
    [
        (
            "scenario",
            {
                "achievement": "The achievement mode must be an object of named values.",
                "achievement.kind": "The achievement mode must be one of: scenario, standard, "
                "modified.",
            },
        ),
        (
            {"kind": "standard", "level": 3},
            {
                "achievement.level": "The achievement mode has no 'level'; expected one of: "
                "kind, number."
            },
        ),
        (
            {"kind": "standard", "number": 3},
            {
                "achievement.number": "The standard-rules achievements are one list of 25; "
                "there is no number to choose."
            },
        ),
        (
            {"kind": "scenario", "number": 16},
            {"achievement.number": "Choose one of the 15 scenarios by its number, 1 to 15."},
        ),
        (
            {"kind": "modified", "number": 0},
            {"achievement.number": "Choose one of the 10 modified rules by its number, 1 to 10."},
        ),
        (
            {"kind": "legendary"},
            {
                "achievement.kind": "The achievement mode must be one of: scenario, standard, "
                "modified."
            },
        ),
    ],
    ids=["not-an-object", "unknown-key", "standard-numbered", "scenario-16", "rule-0", "kind"],
)
def test_achievement_mode_refusals(achievement, expected):
    assert errors(play(board({"R1C2": coral("red")}), achievement=achievement)) == expected


# --- Setup --------------------------------------------------------------------------------


def test_a_setup_that_is_not_an_object_asks_for_each_of_its_parts():
    data = {**a_game(), "setup": "the first game"}
    assert errors(data) == {
        "setup": "The setup must be an object of named values.",
        "setup.orange": "Choose 1 Orange Ecosystem card. 0 were given.",
        "setup.blue": "Choose 1 Blue Ecosystem card. 0 were given.",
        "setup.sealife": "Give the game's Sealife types as a list of codes, like A1.",
    }


def test_a_setup_has_no_key_of_its_own_making():
    data = {**a_game(), "setup": {**FIRST_GAME, "expansion": True}}
    assert errors(data) == {
        "setup.expansion": "The setup has no 'expansion'; expected one of: orange, blue, sealife."
    }


def test_a_setup_without_a_card_says_how_many_to_choose():
    setup = {"blue": [2], "sealife": FIRST_GAME["sealife"]}
    assert errors({**a_game(), "setup": setup}) == {
        "setup.orange": "Choose 1 Orange Ecosystem card. 0 were given."
    }


def test_cards_are_a_list_of_numbers_each_chosen_once():
    setup = {**FIRST_GAME, "orange": 3, "blue": [2, 2]}
    assert errors({**a_game(), "setup": setup}) == {
        "setup.orange": "Give the Orange Ecosystem cards as a list of numbers.",
        "setup.blue[1]": "Blue card 2 is chosen twice.",
        "setup.blue": "Choose 1 Blue Ecosystem card. 2 were given.",
    }


def test_sealife_types_are_a_list():
    setup = {**FIRST_GAME, "sealife": "A1 A4 B1"}
    assert errors({**a_game(), "setup": setup}) == {
        "setup.sealife": "Give the game's Sealife types as a list of codes, like A1."
    }


def test_a_scenario_names_the_setup_it_is_played_with():
    data = play(board({"R1C2": coral("red")}), achievement={"kind": "scenario", "number": 15})
    assert errors(data) == {
        "setup.sealife": "Scenario 15 uses the Sealife types A2, A4, B2, C2, C4, D2, D4, E2, "
        "E4 and F2.",
        "setup.orange": "Scenario 15 uses Orange Ecosystem card 3 (Symphony of Fins).",
        "setup.blue": "Scenario 15 uses Blue Ecosystem card 4 (Spotlight).",
    }


# --- The ocean ------------------------------------------------------------------------------


def test_an_ocean_that_is_not_an_object_still_asks_for_its_seashells():
    data = a_game()
    data["boards"]["Ana"] = 3
    assert errors(data) == {
        ANA: "Ana's ocean must be an object of named values.",
        f"{ANA}.seashells": "Ana's ocean needs the Seashells left.",
    }


def test_an_ocean_has_no_key_of_its_own_making():
    data = play(board({"R1C2": coral("red")}, lionfish=1))
    assert errors(data) == {
        f"{ANA}.lionfish": "Ana's ocean has no 'lionfish'; expected one of: tiles, fish, seashells."
    }


def test_the_lionfish_card_holds_at_most_the_36_fish_of_a_solo_game():
    # Solo: 9 fish of each of the 4 colors; every one could end on the Lionfish card.
    # The first 2 are free, then 2 VPs lost a fish: 34 x -2.
    assert first(play(board({}, lionfish=36), mode="solo"))["total"] == -68
    assert errors(play(board({}, lionfish=37), mode="solo")) == {
        f"{ANA}.lionfish": "Ana: Fish on the Lionfish card cannot be more than 36."
    }


def test_the_pouch_may_be_emptied_exactly():
    # 1 red fish on a coral and 35 on the Lionfish card: all 36 of a solo game.
    data = play(board({"R1C2": coral("red")}, lionfish=35), mode="solo")
    # The coral's 7, Cryptic Coloration's 2, and 33 Lionfish past the first 2 free.
    assert first(data)["total"] == 7 + 2 - 33 * 2


def test_the_left_out_color_is_one_of_the_four():
    sealife = ["A2", "A4", "B2", "C2", "C4", "D2", "D4", "E2", "E4", "F2"]
    setup = {"orange": [3], "blue": [4], "sealife": sealife}
    data = play(
        board({"R1C2": coral("red")}, left_out_color="blue"),
        setup=setup,
        achievement={"kind": "scenario", "number": 15},
    )
    assert errors(data) == {f"{ANA}.left_out_color": f"Ana: 'blue' is not a color; {COLORS}"}


def test_tiles_are_an_object_by_space():
    data = play(board(["R1C2"]))  # type: ignore[arg-type]
    assert errors(data) == {TILES: "Ana's tiles must be an object of named values."}


def test_every_tile_is_read_past_one_that_is_refused():
    tiles = {
        "R0C0": coral("red"),
        "R1C2": {"kind": "coral", "color": "red", "vp": 7, "fish": "red"},
        "R1C4": {"kind": "plant"},
        "R1C6": {"kind": "sealife", "code": "A1", "vp": 5},
    }
    assert errors(play(board(tiles))) == {
        f"{TILES}.R0C0": f"There is no space R0C0: {SPACE_HELP}.",
        f"{TILES}.R1C2.completed": "Ana, R1C2: say whether the tile is completed (true or false).",
        f"{TILES}.R1C4": "Ana, R1C4: a tile is an object whose kind is coral or sealife.",
        f"{TILES}.R1C6.completed": "Ana, R1C6: say whether the tile is completed (true or false).",
    }


def test_a_nautilus_listed_before_its_corals_still_sees_them():
    # Corals are read first whatever the order they come in: the Nautilus (F1) is
    # completed by the 4 red corals listed after it.
    tiles = {"R1C2": sealife("F1", vp=9)}
    tiles |= {space: coral("red") for space in ("R2C1", "R2C3", "R2C5", "R2C7")}
    assert first(play(board(tiles), setup=WITH_NAUTILUS))["breakdown"]["row_1"] == 9


# --- Coral tiles ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "field", "message"),
    [
        (
            {**coral("red"), "size": 3},
            "size",
            "Ana, R1C2: a coral has no 'size'; expected one of: kind, completed, color, vp, fish.",
        ),
        (coral("blue", fish="red"), "color", f"Ana, R1C2: 'blue' is not a color; {COLORS}"),
        (coral("red", fish="orange"), "fish", f"Ana, R1C2: 'orange' is not a color; {COLORS}"),
        (coral("red", vp=6), "vp", "Ana, R1C2: a coral is worth 5, 7 or 9 VPs, not 6."),
        (coral("red", vp=True), "vp", "Ana, R1C2: a coral is worth 5, 7 or 9 VPs, not True."),
        (
            {**coral("red"), "vp": {}},
            "vp",
            "Ana, R1C2: a coral is worth 5, 7 or 9 VPs, not an object.",
        ),
        (
            {**coral("red"), "vp": [7]},
            "vp",
            "Ana, R1C2: a coral is worth 5, 7 or 9 VPs, not a list.",
        ),
        (
            {**coral("red"), "completed": "yes"},
            "completed",
            "Ana, R1C2: say whether the tile is completed (true or false).",
        ),
    ],
    ids=["unknown-key", "color", "fish", "vp-6", "vp-true", "vp-object", "vp-list", "completed"],
)
def test_coral_refusals(tile, field, message):
    assert errors(play(board({"R1C2": tile}))) == {f"{TILES}.R1C2.{field}": message}


def test_a_value_quoted_in_full_up_to_40_characters():
    fits = "x" * 38  # quoted: 40 characters
    assert errors(play(board({"R1C2": {**coral("red"), "color": fits}}))) == {
        f"{TILES}.R1C2.color": f"Ana, R1C2: '{fits}' is not a color; {COLORS}"
    }
    too_long = "x" * 39
    assert errors(play(board({"R1C2": {**coral("red"), "color": too_long}}))) == {
        f"{TILES}.R1C2.color": f"Ana, R1C2: '{'x' * 36}... is not a color; {COLORS}"
    }


# --- Sealife tiles ------------------------------------------------------------------------------


def test_a_sealife_tile_has_no_key_of_its_own_making():
    data = play(board({"R1C2": {**sealife("A1"), "size": 3}}))
    assert errors(data) == {
        f"{TILES}.R1C2.size": "Ana, R1C2: a Sealife tile has no 'size'; expected one of: kind, "
        "completed, code, vp, partial, partial_vp."
    }


def test_a_completed_sealife_scores_no_partial_count():
    data = play(board({"R1C2": {**sealife("A1"), "partial": 1}}))
    assert errors(data) == {
        f"{TILES}.R1C2.partial": "Ana, R1C2: the Whale Shark (A1) is completed, so it scores its "
        "printed VPs; a partial count is only for an incomplete tile."
    }


def test_an_incomplete_sealife_says_how_much_is_met():
    data = play(board({"R1C2": {"kind": "sealife", "code": "A1", "completed": False}}))
    assert errors(data) == {
        f"{TILES}.R1C2.partial": "Ana, R1C2: the Whale Shark (A1) is incomplete: say how much "
        "of its condition is met (0 if none)."
    }


def test_partial_vps_are_a_whole_number():
    data = play(board({"R1C2": sealife("A1", partial=1, partial_vp="two")}))  # type: ignore[arg-type]
    assert errors(data) == {
        f"{TILES}.R1C2.partial_vp": "Ana, R1C2: the Whale Shark (A1): its partial VPs must be a "
        "whole number."
    }


def test_a_completed_tile_prints_the_same_partial_vps_as_the_others_of_its_type():
    completed = {**sealife("A1"), "partial_vp": 3}
    data = play(board({"R1C2": completed}), board({"R1C2": sealife("A1", partial=1)}))
    assert errors(data) == {
        "boards": "Every Whale Shark (A1) tile prints the same partial VPs, but the oceans "
        "give 2 and 3."
    }


def test_an_incomplete_tile_prints_the_same_vps_as_the_others_of_its_type():
    incomplete = {**sealife("A1", partial=1), "vp": 6}
    data = play(board({"R1C2": incomplete}), board({"R1C2": sealife("A1", vp=5)}))
    assert errors(data) == {
        "boards": "Every Whale Shark (A1) tile prints the same VPs, but the oceans give 5 and 6."
    }


def test_the_pouches_are_counted_only_over_oceans_read_whole():
    # A refused 11 would otherwise be compared as the 0 it is read as.
    data = play(board({"R1C2": sealife("A1", vp=11)}), board({"R1C2": sealife("A1", vp=5)}))
    assert errors(data) == {
        f"{TILES}.R1C2.vp": "Ana, R1C2: the Whale Shark (A1): no Sealife tile prints 11 VPs; "
        "they print 1 to 10."
    }


def test_a_nautilus_in_an_ocean_without_completed_corals_meets_nothing():
    tiles = {"R1C2": sealife("F1", partial=0, partial_vp=3), "R1C4": coral("red", completed=False)}
    assert first(play(board(tiles), setup=WITH_NAUTILUS))["breakdown"]["row_1"] == 0


def test_a_giant_clam_marked_completed_early_is_told_how_many_colors_the_ocean_has():
    colors = {"R2C1": coral("red"), "R2C3": coral("green"), "R2C5": coral("purple")}
    data = play(board({**colors, "R1C2": sealife("F2", vp=8)}))
    assert errors(data) == {
        f"{TILES}.R1C2.completed": "Ana, R1C2: the Giant Clam (F2) needs 4 Completed Coral Tiles "
        "of different colors; this ocean has 3, so the tile is incomplete."
    }


def test_a_nautilus_left_incomplete_at_exactly_4_corals_is_told_it_is_completed():
    reds = {space: coral("red") for space in ("R2C1", "R2C3", "R2C5", "R2C7")}
    data = play(
        board({**reds, "R1C2": sealife("F1", partial=3, partial_vp=3)}), setup=WITH_NAUTILUS
    )
    assert errors(data) == {
        f"{TILES}.R1C2.completed": "Ana, R1C2: the Nautilus (F1) needs 4 Completed Coral Tiles "
        "of one color; this ocean has 4, so the tile is completed."
    }


# --- Fish ---------------------------------------------------------------------------------------


def test_fish_are_a_list():
    data = play(board({"R1C2": coral("red")}, {"R1C2:top": "red"}))  # type: ignore[arg-type]
    assert errors(data) == {
        f"{ANA}.fish": "Ana: list the Incomplete Fish, each with 'at' and 'color'."
    }


def test_each_fish_is_an_object_with_at_and_color():
    bubble = (
        "names no bubble; name one by a space and its corner, like R2C3:top "
        f"(corners: top, right, bottom, left; {SPACE_HELP})."
    )
    data = play(board({"R1C2": coral("red")}, ["red", {"at": "R1C2:top", "colour": "red"}]))
    assert errors(data) == {
        f"{ANA}.fish[0]": "Ana's fish 1 must be an object of named values.",
        f"{ANA}.fish[0].at": f"Ana: None {bubble}",
        f"{ANA}.fish[0].color": f"Ana, fish at None: None is not a color; {COLORS}",
        f"{ANA}.fish[1].colour": "Ana's fish 2 has no 'colour'; expected one of: at, color.",
        f"{ANA}.fish[1].color": f"Ana, fish at R1C2:top: None is not a color; {COLORS}",
    }


def test_every_fish_is_read_past_one_that_is_refused():
    placed = [
        {"at": ["R1C2", "top"], "color": "blue"},
        {"at": "R1C2:top", "color": "red"},
        {"at": "R1C2:top", "color": "red"},
        {"at": "R1C2:left", "color": "blue"},
    ]
    data = play(board({"R1C2": coral("red")}, placed))
    assert errors(data) == {
        f"{ANA}.fish[0].at": "Ana: a list names no bubble; name one by a space and its corner, "
        f"like R2C3:top (corners: top, right, bottom, left; {SPACE_HELP}).",
        f"{ANA}.fish[0].color": f"Ana, fish at a list: 'blue' is not a color; {COLORS}",
        f"{ANA}.fish[2].at": "Ana: R1C2:top is the bubble already named R1C2:top; a bubble "
        "holds one fish.",
        f"{ANA}.fish[3].color": f"Ana, fish at R1C2:left: 'blue' is not a color; {COLORS}",
    }


def test_fish_on_one_bubble_named_from_two_spaces():
    # R1C2's bottom corner is R2C3's left: one bubble, two names.
    placed = fish(("R1C2:bottom", "red"), ("R2C3:left", "red"))
    data = play(board({"R1C2": coral("red"), "R2C3": coral("red")}, placed))
    assert errors(data) == {
        f"{ANA}.fish[1].at": "Ana: R2C3:left is the bubble already named R1C2:bottom; a bubble "
        "holds one fish."
    }


# --- The paper sheet ------------------------------------------------------------------------


def sheets(mode: str = "standard", **ana: object) -> dict:
    """A sheet entry: Ana's sheet exactly as given (a line left out is missing), the
    others' all zeros."""
    data = sheet_entry({}, mode=mode)
    data["sheets"]["Ana"] = ana
    return data


def test_a_finished_solo_sheet_asks_for_each_line_it_lacks():
    assert errors(sheets("solo")) == {
        "sheets.Ana.orange": "Ana's sheet needs the Orange Ecosystem card's VPs.",
        "sheets.Ana.blue": "Ana's sheet needs the Blue Ecosystem card's VPs.",
        "sheets.Ana.rows": "Ana's sheet needs the tile VPs of each row.",
        "sheets.Ana.seashells": "Ana's sheet needs the Seashells left.",
        "sheets.Ana.different_sealife": "Ana's sheet needs how many different Sealife types "
        "were completed.",
        "sheets.Ana.incomplete_fish": "Ana's sheet needs the Incomplete Fish VPs.",
        "sheets.Ana.lionfish": "Ana's sheet needs how many Fish are on the Lionfish card.",
    }


def test_a_sheet_that_is_not_an_object_is_named():
    data = sheets()
    data["sheets"]["Ana"] = 120
    assert errors(data, partial=True) == {
        "sheets.Ana": "Ana's sheet must be an object of named values."
    }


def test_a_sheet_still_being_entered_counts_its_missing_rows_as_0():
    assert first(sheets(orange=4), partial=True)["breakdown"]["tiles"] == 0


def test_a_sheet_s_card_vps_are_a_whole_number():
    assert errors(sheets(orange="four"), partial=True) == {
        "sheets.Ana.orange": "Ana: Orange card VPs must be a whole number."
    }


def test_a_sheet_s_lionfish_are_at_most_the_36_fish_of_a_solo_game():
    assert first(sheets("solo", lionfish=36), partial=True)["breakdown"]["lionfish"] == -68
    assert errors(sheets("solo", lionfish=37), partial=True) == {
        "sheets.Ana.lionfish": "Ana: Fish on the Lionfish card cannot be more than 36."
    }


def test_modified_rule_9_doubles_the_incomplete_fish_limit_and_no_more():
    # 88 VPs at most, doubled: 176.
    data = {**sheets(incomplete_fish=177), "achievement": {"kind": "modified", "number": 9}}
    assert errors(data, partial=True) == {
        "sheets.Ana.incomplete_fish": "Ana: Incomplete Fish VPs cannot be more than 176."
    }


def test_modified_rule_7_names_what_each_card_pays():
    data = {**sheets(orange=5), "achievement": {"kind": "modified", "number": 7}}
    data["setup"] = {**FIRST_GAME, "orange": [1, 2], "blue": [2, 4]}
    assert errors(data, partial=True) == {
        "sheets.Ana.orange": "Ana: 5 VPs cannot come from the Orange card (Cryptic Coloration "
        "pays in steps of 2 up to 44; Coral Duo pays in steps of 3 up to 33)."
    }


def test_a_bubble_beside_one_empty_space_says_it_is_empty():
    data = play(board({"R5C8": coral("red")}, fish(("R1C2:top", "red"))))
    assert errors(data) == {
        "boards.Ana.fish[0].at": "Ana: no tile touches the bubble R1C2:top; a fish sits on a "
        "bubble next to a tile (R1C2 is empty)."
    }


# --- In German and French (docs/languages.md) -------------------------------------------------
# French typography: a no-break space before ":", a narrow one before ";".
NBSP, NNBSP = "\N{NO-BREAK SPACE}", "\N{NARROW NO-BREAK SPACE}"


def refused_in(language: str, data: dict, *, partial: bool = False) -> dict[str, str]:
    """Each bad field with its message, read in ``language``."""
    with pytest.raises(InvalidInput) as refused:
        shallow_sea.parse(data, partial=partial)
    return {e.field: render(e.words, language) for e in refused.value.errors}


def test_a_label_made_of_a_name_and_a_tile_reads_in_german_and_french():
    data = play(board({"R1C2": sealife("B1", partial=4)}))
    where = f"{TILES}.R1C2.partial"
    assert refused_in("de", data)[where] == (
        "Ana, R1C2: Dugong (B1): wie oft die Bedingung erfüllt ist: höchstens 3."
    )
    assert refused_in("fr", data)[where] == (
        f"Ana, R1C2{NBSP}: la tuile Dugong (B1){NBSP}: combien de fois sa condition est "
        f"remplie{NBSP}: au plus 3."
    )
    sheet = sheet_entry({"orange": "four"})
    assert refused_in("de", sheet)["sheets.Ana.orange"] == (
        "Ana: SP der orangefarbenen Karte: bitte eine ganze Zahl eingeben."
    )
    assert refused_in("fr", sheet)["sheets.Ana.orange"] == (
        f"Ana{NBSP}: PV de la carte orange{NBSP}: saisissez un nombre entier."
    )


def test_cards_given_read_with_their_plurals_in_german_and_french():
    setup = {**FIRST_GAME, "orange": [], "blue": [2, 4]}
    de = refused_in("de", {**a_game(), "setup": setup})
    assert de["setup.orange"] == "Wähle 1 orangefarbene Ökosystemkarte. Angegeben wurden 0."
    assert de["setup.blue"] == "Wähle 1 blaue Ökosystemkarte. Angegeben wurden 2."
    family = play(board({"R1C2": coral("red")}), mode="family", setup=FIRST_GAME)
    assert refused_in("de", family)["setup.blue"] == (
        "Im Familienmodus wird ohne Ökosystemkarten gespielt. Angegeben wurde 1."
    )
    fr = refused_in("fr", {**a_game(), "setup": setup})
    assert fr["setup.blue"] == "Choisissez 1 carte Écosystème bleue. Vous en avez indiqué 2."


def test_empty_spaces_by_a_bubble_read_in_german_and_french_one_or_many():
    one = play(board({"R5C8": coral("red")}, fish(("R1C2:top", "red"))))
    many = play(board({"R1C2": coral("red")}, fish(("R3C4:top", "red"))))
    where = "boards.Ana.fish[0].at"
    assert refused_in("de", one)[where].endswith("neben einem Plättchen (R1C2 ist leer).")
    assert refused_in("de", many)[where] == (
        "Ana: Kein Plättchen grenzt an die Blase R3C4:top; ein Fisch liegt auf einer Blase "
        "neben einem Plättchen (R1C4, R2C3, R2C5 und R3C4 sind leer)."
    )
    assert refused_in("fr", one)[where].endswith("voisine d’une tuile (R1C2 est vide).")
    assert refused_in("fr", many)[where] == (
        f"Ana{NBSP}: aucune tuile ne touche la bulle R3C4:top{NNBSP}; un poisson se pose sur "
        "une bulle voisine d’une tuile (R1C4, R2C3, R2C5 et R3C4 sont vides)."
    )


def test_what_each_card_pays_reads_in_french_clause_by_clause():
    data = {**sheet_entry({"orange": 5}), "achievement": {"kind": "modified", "number": 7}}
    data["setup"] = {**FIRST_GAME, "orange": [1, 2], "blue": [2, 4]}
    assert refused_in("fr", data, partial=True)["sheets.Ana.orange"] == (
        f"Ana{NBSP}: 5 PV ne peuvent pas venir de la carte orange (Cryptic Coloration rapporte "
        f"par tranches de 2 jusqu’à 44{NNBSP}; Coral Duo rapporte par tranches de 3 jusqu’à 33)."
    )


def test_an_ocean_s_warnings_read_in_german_and_french():
    ocean = shallow_sea.parse(play(board({"R1C2": coral("red")}))).entries["Ana"]
    assert isinstance(ocean, Ocean)
    warnings = warnings_about("Ana", ocean)
    assert [render(w, "de") for w in warnings] == [
        "Der Ozean von Ana hat 21 leere Felder; eine Partie endet, wenn noch 4 übrig sind.",
        "Der Ozean von Ana enthält 1 Fisch auf 1 Plättchen; jeder Zug legt ein Plättchen und "
        "einen Fisch, so viele Plättchen bringen also höchstens 0 Fische mit.",
    ]
    assert render(warnings[1], "fr") == (
        f"L’océan de Ana porte 1 poisson pour 1 tuile{NNBSP}; chaque tour pose une tuile et un "
        "poisson, donc ce nombre de tuiles s’accompagne d’au plus 0 poisson."
    )
