"""Every line of a Shallow Sea sheet explained: the sentence with its arithmetic and the
spaces and bubbles that earned it (issue 15; docs/games/shallow-sea.md, "Explanations").

Each expected sentence and space list is worked out by hand from the board beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import shallow_sea
from games.shallow_sea.data import CARDS, SCENARIOS
from games.shallow_sea.workings import added
from games.words import render
from tests.shallow_sea_plays import (
    FIRST_GAME,
    board,
    card_explanation,
    coral,
    explained,
    first,
    fish,
    play,
    sealife,
)
from tests.test_shallow_sea_ecosystem import (
    BORDERS_OF_DIVERSITY,
    BOUNTIFUL_CAVES,
    COLOSSAL_REEF,
    CORAL_DUO,
    DEPTHS_ALIKE,
    MIXED_FISH,
    RADIANT_CAVES,
    RICH_DEPTHS,
    SEALIFE_DUET,
    SPOTLIGHT,
    SYMPHONY,
    SYMPHONY_TIED,
    TRIO_SPACES,
    TRIOS,
    UNDERWATER_COMMUNITY,
)

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "shallow-sea.json"


def rulebook_example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def lines_explained(player: dict) -> list[str]:
    return [e["line"] for e in player["explain"]]


# --- Each Ecosystem card on a board made for it -------------------------------------------
# (tiles, Incomplete Fish, the sentence, exactly the spaces it names). The boards are
# test_shallow_sea_ecosystem's, where each card's VPs are worked out from the appendix.

CARD_BOARDS: dict[tuple[str, int], tuple[dict, list, str, list[str]]] = {
    ("orange", 1): (
        MIXED_FISH,  # R2C3 holds a red fish; R2C5 is incomplete
        [],
        "Cryptic Coloration: 3 Completed Coral Tiles with a Completed Fish of the same "
        "color × 2 = 6",
        ["R1C2", "R1C4", "R3C2"],
    ),
    ("orange", 2): (
        CORAL_DUO,  # 2 red, 5 yellow, 1 green, 2 purple; R3C4 incomplete
        [],
        # The appendix's 1 red, 2 yellow and 1 purple pairs; a color of two pairs says so.
        "Coral Duo: 4 pairs of Completed Coral Tiles of the same color × 3 = 12 "
        "(red, 2 yellow, purple)",
        # Five yellow make two pairs, the first four in reading order: R2C5 pairs with none.
        ["R1C2", "R1C4", "R1C6", "R1C8", "R2C1", "R2C3", "R2C9", "R3C2"],
    ),
    ("orange", 3): (
        SYMPHONY,  # 4 yellow, 2 purple, 1 green, 2 red Completed Fish
        fish(("R3C4:top", "yellow")),  # an Incomplete Fish is not a Completed Fish
        "Symphony of Fins: 4 Completed Fish of the color you have the most of × 3 = 12 (yellow)",
        ["R1C2", "R1C4", "R1C6", "R1C8"],
    ),
    ("orange", 4): (
        MIXED_FISH,
        [],
        "Mismatched: 1 Completed Coral Tile with a Completed Fish of a different color × 2 = 2",
        ["R2C3"],
    ),
    ("orange", 5): (
        DEPTHS_ALIKE,
        [],
        "Depths Alike: 3 rows with 2 or more Completed Coral Tiles of the same color × 4 = 12 "
        "(row 1, row 2, row 5)",
        # Row 2's red beside the yellow pair is not named; row 4's second purple is incomplete.
        ["R1C2", "R1C4", "R2C3", "R2C5", "R5C2", "R5C4", "R5C6"],
    ),
    ("orange", 6): (
        COLOSSAL_REEF,
        [],
        "Colossal Coral Reef: 5 Coral Tiles in the largest group of adjacent Completed Coral "
        "Tiles × 2 = 10",
        # Group (a); not R2C5 and R3C6 (a group of 2), nor incomplete R3C4.
        ["R1C2", "R2C3", "R3C2", "R4C1", "R4C3"],
    ),
    ("orange", 7): (
        TRIOS,  # 2 red, 9 yellow, 3 green, 3 purple Completed Fish, in reading order
        [],
        "Trios: 3 colors with 3 or more Completed Fish × 4 = 12 (yellow, green, purple)",
        # All but the first two corals, which hold the red fish.
        TRIO_SPACES.split()[2:],
    ),
    ("blue", 1): (
        RICH_DEPTHS,
        [],
        "Rich Depths: 2 rows with 2 or more Completed Sealife Tiles × 4 = 8 (row 1, row 3)",
        ["R1C2", "R1C6", "R3C2", "R3C4", "R3C8"],
    ),
    ("blue", 2): (
        BOUNTIFUL_CAVES,
        [],
        "Bountiful Caves: 3 Completed Sealife Tiles in the 10 inner spaces × 3 = 9",
        ["R2C3", "R3C8", "R4C5"],
    ),
    ("blue", 3): (
        UNDERWATER_COMMUNITY,
        [],
        "Underwater Community: 5 Completed Sealife Tiles neighboring another Completed "
        "Sealife Tile × 2 = 10",
        ["R1C2", "R1C4", "R2C5", "R3C4", "R5C4"],
    ),
    ("blue", 4): (
        SPOTLIGHT,
        [],
        "Spotlight: 3 columns with exactly 1 Completed Sealife Tile × 2 = 6 "
        "(column 2, column 5, column 9)",
        ["R1C2", "R2C5", "R4C9"],
    ),
    ("blue", 5): (
        SEALIFE_DUET,
        [],
        # (b) R2C3 is beside (a) R1C2 and (c) R1C4 but pairs once: with (a), first in
        # reading order; (d) R3C8 and (e) R5C8 share only a corner.
        "Sealife Duet: 2 pairs of adjacent Completed Sealife Tiles × 4 = 8 "
        "(R1C2 and R2C3, R4C5 and R5C6)",
        ["R1C2", "R2C3", "R4C5", "R5C6"],
    ),
    ("blue", 6): (
        RADIANT_CAVES,
        [],
        # A second red (R3C2) and a second Whale Shark (R3C8) add nothing and are not named.
        "Radiant Caves: 6 different Completed Tiles in the 10 inner spaces × 2 = 12 "
        "(yellow coral, purple coral, red coral, A1, B1, C4)",
        ["R2C3", "R2C5", "R2C7", "R3C4", "R3C6", "R4C3"],
    ),
    ("blue", 7): (
        BORDERS_OF_DIVERSITY,
        [],
        # Not the second red (R5C2), the second Whale Shark (R4C9), nor inner R3C4.
        "Borders of Diversity: 7 different Completed Tiles in the 12 outer spaces × 2 = 14 "
        "(red coral, yellow coral, green coral, purple coral, A1, B1, C4)",
        ["R1C2", "R1C4", "R1C6", "R1C8", "R2C1", "R2C9", "R4C1"],
    ),
}


def test_every_ecosystem_card_has_a_board_made_for_it():
    assert set(CARD_BOARDS) == {(c, n) for c, cards in CARDS.items() for n in cards}


@pytest.mark.parametrize(("color", "number"), list(CARD_BOARDS), ids=lambda v: str(v))
def test_a_card_names_exactly_the_spaces_that_earned_it(color, number):
    tiles, fish_on, text, spaces = CARD_BOARDS[(color, number)]
    explanation = card_explanation(tiles, color, number, fish_on)
    assert explanation["text"] == text
    assert explanation["spaces"] == spaces
    assert "bubbles" not in explanation  # Completed Fish sit on their corals' spaces


def test_symphony_of_fins_names_the_first_of_tied_colors():
    # 3 red and 3 yellow Completed Fish: one color counts; red comes first of the four.
    explanation = card_explanation(SYMPHONY_TIED, "orange", 3)
    assert explanation["text"] == (
        "Symphony of Fins: 3 Completed Fish of the color you have the most of × 3 = 9 (red)"
    )
    assert explanation["spaces"] == ["R1C2", "R1C4", "R1C6"]


def test_symphony_of_fins_shows_the_cap_and_names_every_fish_it_counted():
    tiles = {s: coral("red") for s in ("R1C2", "R1C4", "R1C6", "R1C8", "R2C1", "R2C3", "R2C5")}
    explanation = card_explanation(tiles, "orange", 3)
    assert explanation["text"] == (
        "Symphony of Fins: 7 Completed Fish of the color you have the most of × 3 = 21 (red); "
        "the card pays at most 18"
    )
    assert explanation["points"] == 18
    assert explanation["spaces"] == list(tiles)


def test_colossal_coral_reef_names_the_first_of_two_largest_groups():
    tiles = {
        "R4C7": coral("red"),
        "R5C8": coral("red"),
        "R1C2": coral("yellow"),
        "R2C3": coral("yellow"),
    }
    explanation = card_explanation(tiles, "orange", 6)
    assert explanation["spaces"] == ["R1C2", "R2C3"]
    assert explanation["points"] == 4


def test_a_card_that_counts_nothing_is_not_explained():
    player = first(play(board({"R3C4": sealife("A1")})))
    assert "orange" not in lines_explained(player)  # Cryptic Coloration: no corals


# --- Rows, diversity, fish ----------------------------------------------------------------


def test_a_row_adds_its_scoring_tiles_and_names_them():
    ocean = board(
        {
            "R2C1": sealife("B1", partial=3, partial_vp=2),  # 3 of 4 met, 2 each
            "R2C3": coral("yellow", vp=5),
            "R2C5": coral("red", vp=9, completed=False),  # scores nothing: not named
            "R2C7": sealife("C4", partial=0),  # nothing met: not named
            "R2C9": sealife("A1", vp=6),
            "R4C1": coral("green", vp=7),
        }
    )
    player = first(play(ocean), partial=True)
    row_2 = explained(player, "row_2")
    assert row_2 == {
        "line": "row_2",
        "text": "Row 2: (3 × 2) + 5 + 6 = 17",
        "points": 17,
        "spaces": ["R2C1", "R2C3", "R2C9"],
    }
    assert explained(player, "row_4")["text"] == "Row 4: 7"
    assert explained(player, "tiles")["text"] == "Tiles, all rows: 0 + 17 + 0 + 7 + 0 = 24"
    assert explained(player, "tiles")["spaces"] == ["R2C1", "R2C3", "R2C9", "R4C1"]
    # Rows scoring nothing are not explained.
    assert [line for line in lines_explained(player) if line.startswith("row_")] == [
        "row_2",
        "row_4",
    ]


def test_a_lone_incomplete_sealife_shows_its_product():
    player = first(play(board({"R1C2": sealife("B1", partial=2, partial_vp=3)})), partial=True)
    assert explained(player, "row_1")["text"] == "Row 1: 2 × 3 = 6"


def test_different_sealife_names_each_type_by_its_first_tile():
    ocean = board(
        {
            "R1C2": sealife("A1"),
            "R1C4": sealife("C4"),
            "R3C4": sealife("A1"),  # a second Whale Shark adds nothing
            "R5C2": sealife("D1", partial=0),  # incomplete
        }
    )
    explanation = explained(first(play(ocean), partial=True), "different_sealife")
    assert explanation == {
        "line": "different_sealife",
        "text": "Different completed Sealife: 2 types × 2 = 4 (A1, C4)",
        "points": 4,
        "spaces": ["R1C2", "R1C4"],
    }


FISH_OCEAN = {
    "R1C4": coral("red"),
    "R2C3": coral("yellow"),
    "R2C5": coral("green"),
    "R3C4": coral("purple"),
    "R1C6": sealife("A1"),
    "R3C6": coral("red", completed=False),
    "R4C7": coral("red"),
}


def test_incomplete_fish_name_their_bubbles_as_given_and_the_corals_they_touch():
    ocean = board(
        FISH_OCEAN,
        fish(
            # (4, 2), where R1C4, R2C3, R2C5 and R3C4 meet (also named R3C4:top): 4.
            ("R2C3:right", "red"),
            # (5, 1): R1C4's right corner and R2C5's top: 2.
            ("R1C6:left", "red"),
            # (6, 2): R2C5's right corner; R1C6 is Sealife, R3C6 incomplete, R2C7 empty: 1.
            ("R3C6:top", "red"),
            # (7, 1): R1C6 (Sealife) and two empty spaces: nothing, so not named.
            ("R1C6:right", "yellow"),
        ),
    )
    explanation = explained(first(play(ocean), partial=True), "incomplete_fish")
    assert explanation == {
        "line": "incomplete_fish",
        "text": "Incomplete Fish: 4 + 2 + 1 = 7 (1 per adjacent Completed Coral Tile)",
        "points": 7,
        # R4C7 touches no fish and is not named.
        "spaces": ["R1C4", "R2C3", "R2C5", "R3C4"],
        "bubbles": ["R2C3:right", "R1C6:left", "R3C6:top"],
    }


def test_one_bubble_keeps_whichever_name_the_input_gave_it():
    for name in ("R2C3:right", "R1C4:bottom", "R2C5:left", "R3C4:top"):
        ocean = board(FISH_OCEAN, fish((name, "red")))
        explanation = explained(first(play(ocean), partial=True), "incomplete_fish")
        assert explanation["bubbles"] == [name]
        assert explanation["text"] == "Incomplete Fish: 4 (1 per adjacent Completed Coral Tile)"


def test_modified_rule_9_adds_the_fish_of_their_own_color():
    ocean = board(FISH_OCEAN, fish(("R2C3:right", "red"), ("R1C6:left", "green")))
    achievement = {"kind": "modified", "number": 9}
    player = first(play(ocean, achievement=achievement), partial=True)
    # 4 + 2 = 6; the red fish touches red R1C4 (+1), the green one green R2C5 (+1).
    assert explained(player, "incomplete_fish")["text"] == (
        "Incomplete Fish: 4 + 2 = 6 (1 per adjacent Completed Coral Tile), + 2 for those of "
        "the fish's own color (modified rule 9) = 8"
    )
    assert player["breakdown"]["incomplete_fish"] == 8


# --- Modes, achievement rules, the paper pad -------------------------------------------------


def test_solo_lionfish_is_explained_with_its_free_fish():
    data = rulebook_example()
    data["players"], data["mode"] = ["Mira"], "solo"
    del data["boards"]["Jonas"]
    data["boards"]["Mira"]["lionfish"] = 6
    mira = first(data)
    assert explained(mira, "lionfish") == {
        "line": "lionfish",
        "text": "Lionfish card: 6 Fish, the first 2 free: 4 × \N{MINUS SIGN}2 = \N{MINUS SIGN}8",
        "points": -8,
    }
    data["boards"]["Mira"]["lionfish"] = 2
    assert "lionfish" not in lines_explained(first(data))  # the first 2 cost nothing


def test_family_mode_explains_only_the_tiles():
    data = rulebook_example()
    data["mode"] = "family"
    data["setup"] = {**FIRST_GAME, "orange": [], "blue": []}
    mira = first(data)
    rows = [f"row_{row}" for row in range(1, 6)]
    assert lines_explained(mira) == ["tiles", *rows, "seashells"]


def test_modified_rule_7_says_which_card_was_chosen():
    tiles = {"R1C2": coral("red"), "R1C4": coral("red"), "R2C3": coral("green", fish="red")}
    setup = {**FIRST_GAME, "orange": [1, 2], "blue": [2, 3]}
    achievement = {"kind": "modified", "number": 7}
    player = first(play(board(tiles), setup=setup, achievement=achievement))
    # Cryptic Coloration: R1C2, R1C4 = 4; Coral Duo: one red pair = 3.
    assert explained(player, "orange")["text"] == (
        "Cryptic Coloration: 2 Completed Coral Tiles with a Completed Fish of the same color "
        "× 2 = 4; chosen over Coral Duo (3)"
    )


def scenario_setup(number: int) -> dict:
    scenario = SCENARIOS[number]
    return {"orange": [scenario.orange], "blue": [scenario.blue], "sealife": list(scenario.sealife)}


def test_scenario_14_doubles_trios_in_the_sentence_too():
    tiles = {s: coral("red", fish="yellow") for s in ("R1C2", "R1C4", "R1C6")}
    achievement = {"kind": "scenario", "number": 14}
    player = first(play(board(tiles), setup=scenario_setup(14), achievement=achievement))
    assert explained(player, "orange") == {
        "line": "orange",
        "text": "Trios: 1 color with 3 or more Completed Fish × 4 = 4 (yellow); "
        "doubled by scenario 14: 2 × 4 = 8",
        "points": 8,
        "spaces": ["R1C2", "R1C4", "R1C6"],
    }


def test_scenario_15_says_which_corals_the_row_leaves_out():
    tiles = {"R1C2": coral("red", vp=9), "R1C4": coral("yellow", vp=5), "R2C1": coral("red")}
    ocean = board(tiles, left_out_color="yellow")
    achievement = {"kind": "scenario", "number": 15}
    player = first(play(ocean, setup=scenario_setup(15), achievement=achievement), partial=True)
    row_1 = explained(player, "row_1")
    assert row_1["text"] == "Row 1: 9 (yellow corals left out, scenario 15)"
    assert row_1["spaces"] == ["R1C2"]
    assert explained(player, "row_2")["text"] == "Row 2: 7"


def test_a_paper_sheet_explains_each_line_without_spaces():
    pad = {
        "orange": 14,
        "blue": 0,
        "rows": [22, 0, 26, 28, 12],
        "different_sealife": 5,
        "incomplete_fish": 13,
        "seashells": 3,
    }
    data = {
        "players": ["Mira", "Jonas"],
        "mode": "standard",
        "setup": FIRST_GAME,
        "entry": "sheet",
        "sheets": {"Mira": pad, "Jonas": {**pad, "seashells": 0}},
    }
    mira = first(data)
    assert [(e["line"], e["text"]) for e in mira["explain"]] == [
        ("orange", "Cryptic Coloration: 14 VPs from the score pad"),
        ("tiles", "Tiles, all rows: 22 + 0 + 26 + 28 + 12 = 88"),
        ("row_1", "Row 1: 22 VPs from the score pad"),
        ("row_3", "Row 3: 26 VPs from the score pad"),
        ("row_4", "Row 4: 28 VPs from the score pad"),
        ("row_5", "Row 5: 12 VPs from the score pad"),
        ("different_sealife", "Different completed Sealife: 5 types × 2 = 10"),
        ("incomplete_fish", "Incomplete Fish: 13 VPs from the score pad"),
        ("seashells", "Tie-break, most Seashells left: 3"),
    ]
    assert all(set(e) <= {"line", "text", "points", "tiebreak"} for e in mira["explain"])


def test_a_paper_sheet_under_modified_rule_7_names_both_cards():
    pad = {"orange": 4, "blue": 0, "rows": [0] * 5, "different_sealife": 0}
    data = {
        "players": ["Mira", "Jonas"],
        "mode": "standard",
        "setup": {**FIRST_GAME, "orange": [1, 2], "blue": [2, 3]},
        "achievement": {"kind": "modified", "number": 7},
        "entry": "sheet",
        "sheets": {"Mira": {**pad, "incomplete_fish": 0, "seashells": 0}, "Jonas": {}},
    }
    assert explained(first(data, partial=True), "orange")["text"] == (
        "Orange Ecosystem card (the better of Cryptic Coloration and Coral Duo): "
        "4 VPs from the score pad"
    )


# --- Order and the tie-break ---------------------------------------------------------------------


def test_explanations_follow_the_breakdown_then_the_tie_break():
    mira = first(rulebook_example())
    scoring = [line for line, vp in mira["breakdown"].items() if vp]
    assert lines_explained(mira) == [*scoring, "seashells"]
    tiebreak = mira["explain"][-1]
    assert tiebreak == {
        "line": "seashells",
        "text": "Tie-break, most Seashells left: 3",
        "points": 3,
        "tiebreak": True,
    }


def test_a_product_beside_another_term_is_bracketed_and_alone_is_not():
    """An incomplete Sealife's "1 × 2" among a row's other tiles reads as one term."""
    assert added(["1 × 2", "10"], 12) == "(1 × 2) + 10 = 12"
    assert added(["9", "1 × 2", "7"], 18) == "9 + (1 × 2) + 7 = 18"
    assert added(["3 × 2"], 6) == "3 × 2 = 6"
    assert added(["9"], 9) == "9"


# --- In German and French (docs/languages.md) -------------------------------------------------

NB, NBSP = "\u202f", "\u00a0"  # French spacing before ";" and ":"


def read_in(language: str, data: dict, player: int = 0) -> dict[str, str]:
    """A player's explanations by line, read in ``language`` (printed card names stay)."""
    sheet = shallow_sea.score(shallow_sea.parse(data))
    return {e.line: render(e.text, language) for e in sheet.players[player].explain}


def test_the_rulebook_example_reads_in_german():
    mira = read_in("de", rulebook_example())
    assert mira["orange"] == (
        "Cryptic Coloration: 7 fertige Korallenplättchen mit einem fertigen Fisch derselben "
        "Farbe × 2 = 14"
    )
    assert mira["row_3"] == "Reihe 3: (1 × 2) + 10 + 7 + 7 = 26"
    assert mira["different_sealife"] == (
        "Verschiedene fertige Meerestiere: 5 Arten × 2 = 10 (C4, A1, B1, E1, D1)"
    )
    assert mira["incomplete_fish"] == (
        "Unfertige Fische: 2 + 2 + 2 + 3 + 1 + 2 + 1 = 13 "
        "(1 pro angrenzendem fertigem Korallenplättchen)"
    )
    assert mira["seashells"] == "Gleichstand, die meisten übrigen Muscheln: 3"


def test_the_rulebook_example_reads_in_french():
    mira = read_in("fr", rulebook_example())
    assert mira["blue"] == (
        f"Bountiful Caves{NBSP}: 3 tuiles Vie marine complétées sur les 10 cases intérieures "
        "× 3 = 9"
    )
    assert mira["tiles"] == f"Tuiles, toutes les rangées{NBSP}: 22 + 26 + 26 + 28 + 12 = 114"
    assert mira["different_sealife"] == (
        f"Vie marine complétée différente{NBSP}: 5 espèces × 2 = 10 (C4, A1, B1, E1, D1)"
    )
    assert mira["seashells"] == f"Départage, le plus de coquillages restants{NBSP}: 3"


def test_what_a_card_counted_is_named_in_the_reader_s_colors_and_words():
    tiles, _, _, _ = CARD_BOARDS["orange", 2]
    data = play(board(tiles), setup={**FIRST_GAME, "orange": [2]})
    assert read_in("de", data)["orange"] == (
        "Coral Duo: 4 Paare fertiger Korallenplättchen derselben Farbe × 3 = 12 "
        "(rot, 2 × gelb, lila)"
    )
    assert read_in("fr", data)["orange"] == (
        f"Coral Duo{NBSP}: 4 paires de tuiles Corail complétées de la même couleur × 3 = 12 "
        "(rouge, 2 × jaune, violet)"
    )
    tiles, _, _, _ = CARD_BOARDS["blue", 5]
    data = play(board(tiles), setup={**FIRST_GAME, "blue": [5]})
    assert read_in("de", data)["blue"] == (
        "Sealife Duet: 2 Paare benachbarter fertiger Meerestierplättchen × 4 = 8 "
        "(R1C2 und R2C3, R4C5 und R5C6)"
    )


def test_one_of_a_kind_is_singular_and_french_counts_none_as_one():
    one_type = play(board({"R1C2": sealife("A1")}))
    assert read_in("de", one_type)["different_sealife"] == (
        "Verschiedene fertige Meerestiere: 1 Art × 2 = 2 (A1)"
    )
    assert read_in("fr", one_type)["different_sealife"] == (
        f"Vie marine complétée différente{NBSP}: 1 espèce × 2 = 2 (A1)"
    )
    solo = play(board({}, lionfish=3), mode="solo")
    assert read_in("de", solo)["lionfish"] == (
        "Rotfeuerfisch-Karte: 3 Fische, die ersten 2 frei: 1 × \N{MINUS SIGN}2 = \N{MINUS SIGN}2"
    )
    assert read_in("fr", solo)["lionfish"] == (
        f"Carte Poisson-lion{NBSP}: 3 poissons, les 2 premiers gratuits{NBSP}: "
        "1 × \N{MINUS SIGN}2 = \N{MINUS SIGN}2"
    )


def test_a_paper_sheet_s_vps_read_in_german_and_french_with_their_plurals():
    data = {
        "players": ["Ana", "Ben"],
        "mode": "standard",
        "setup": FIRST_GAME,
        "entry": "sheet",
        "sheets": {
            name: {
                "orange": 2,
                "blue": 3,
                "rows": [1, 0, 0, 0, 0],
                "different_sealife": 0,
                "incomplete_fish": 1,
                "seashells": 0,
            }
            for name in ("Ana", "Ben")
        },
    }
    de, fr = read_in("de", data), read_in("fr", data)
    assert de["row_1"] == "Reihe 1: 1 SP vom Wertungsblock"
    assert de["orange"] == "Cryptic Coloration: 2 SP vom Wertungsblock"
    assert fr["incomplete_fish"] == f"Poissons incomplets{NBSP}: 1 PV de la feuille de score"
    assert fr["blue"] == f"Bountiful Caves{NBSP}: 3 PV de la feuille de score"
