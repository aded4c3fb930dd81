"""Shallow Sea's end-of-game scoring: tiles by row, Sealife diversity, Incomplete Fish,
the modes, the solo rank titles and the tie-break.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.shallow_sea_plays import (
    FIRST_GAME,
    board,
    coral,
    first,
    fish,
    play,
    score,
    sealife,
)

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "shallow-sea.json"


def rulebook_example() -> dict:
    """docs/examples/shallow-sea.json: Mira's ocean is the rulebook's scoring example."""
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def mira_alone(data: dict, mode: str) -> dict:
    data["players"] = ["Mira"]
    del data["boards"]["Jonas"]
    data["mode"] = mode
    return data


def sheet_play(*sheets: dict, mode: str = "standard", setup: dict | None = None, **more) -> dict:
    names = ["Ana", "Ben", "Cleo", "Dev"][: len(sheets)]
    return {
        "players": names,
        "mode": mode,
        "setup": setup or FIRST_GAME,
        "entry": "sheet",
        "sheets": dict(zip(names, sheets, strict=True)),
        **more,
    }


def pad(rows=(), **lines) -> dict:
    """A paper-pad column; zero wherever not given, rows included."""
    return {
        "orange": 0,
        "blue": 0,
        "rows": [*rows, 0, 0, 0, 0, 0][:5],
        "different_sealife": 0,
        "incomplete_fish": 0,
        "seashells": 0,
        **lines,
    }


RULEBOOK_LINES = {
    "orange": 14,
    "blue": 9,
    "tiles": 114,
    "row_1": 22,
    "row_2": 26,
    "row_3": 26,
    "row_4": 28,
    "row_5": 12,
    "different_sealife": 10,
    "incomplete_fish": 13,
    "lionfish": 0,
}


# --- The rulebook's scoring example ----------------------------------------------------


def test_rulebook_scoring_example_from_the_paper_pad_totals_160():
    mira = pad((22, 26, 26, 28, 12), orange=14, blue=9, different_sealife=5, incomplete_fish=13)
    sheet = score(sheet_play(mira, pad(seashells=1)))
    assert sheet["players"][0]["breakdown"] == RULEBOOK_LINES
    # 14 + 9 + (22 + 26 + 26 + 28 + 12) + 5 x 2 + 13
    assert sheet["players"][0]["total"] == 160


def test_rulebook_scoring_example_from_the_ocean_totals_160():
    mira = first(rulebook_example())
    assert mira["breakdown"] == RULEBOOK_LINES
    assert mira["total"] == 160


@pytest.mark.parametrize(
    ("letter", "at", "vp"),
    [
        # Each of the example's Incomplete Fish alone, by the completed corals it touches.
        ("a", "R1C2:bottom", 2),  # R1C2, R2C1
        ("b", "R2C1:bottom", 2),  # R2C1, R4C1
        ("c", "R2C7:right", 2),  # R2C7, R3C8
        ("d", "R2C5:bottom", 3),  # R2C5, R3C6, R4C5 (R3C4 is Sealife)
        ("e", "R4C3:top", 1),  # R4C3 (the other three are Sealife)
        ("f", "R3C6:bottom", 2),  # R3C6, R4C5 (R5C6 is incomplete)
        ("g", "R3C8:bottom", 1),  # R3C8 (R4C7 is Sealife, the rest empty)
    ],
)
def test_rulebook_example_incomplete_fish_one_by_one(letter, at, vp):
    data = rulebook_example()
    ocean = data["boards"]["Mira"]
    ocean["fish"] = [f for f in ocean["fish"] if f["at"] == at]
    assert len(ocean["fish"]) == 1, letter
    assert first(data, partial=True)["breakdown"]["incomplete_fish"] == vp


# --- Tiles, diversity and fish ---------------------------------------------------------


def test_tiles_score_row_by_row():
    ocean = board(
        {
            "R1C2": coral("red", vp=9),
            "R1C4": sealife("A1", vp=6),
            "R1C6": coral("yellow", vp=9, completed=False),  # incomplete coral: nothing
            "R2C1": sealife("B1", partial=3, partial_vp=2),  # 3 of 4 met, 2 VPs each
            "R2C3": coral("yellow", vp=5),
            "R4C1": sealife("C4", partial=0),  # nothing met
            "R4C3": coral("green", vp=7),
            "R5C2": sealife("A1", vp=6),  # a second Whale Shark
        }
    )
    lines = first(play(ocean), partial=True)["breakdown"]
    assert [lines[f"row_{row}"] for row in range(1, 6)] == [9 + 6, 3 * 2 + 5, 0, 7, 6]
    assert lines["tiles"] == 15 + 11 + 7 + 6
    # Whale Shark completed twice is one type; incomplete types do not count.
    assert lines["different_sealife"] == 2


def test_an_incomplete_fish_earns_one_vp_per_touching_completed_coral():
    ocean = board(
        {
            "R1C4": coral("red"),
            "R2C3": coral("yellow"),
            "R2C5": coral("green"),
            "R3C4": coral("purple"),
            "R1C6": sealife("A1"),  # Sealife never pays the fish
            "R3C6": coral("red", completed=False),  # nor does an incomplete coral
        },
        fish(
            ("R3C4:top", "red"),  # all four corals meet here: 4
            ("R1C4:left", "red"),  # R1C4 and R2C3: 2
            ("R2C5:right", "red"),  # R2C5; R1C6 is Sealife, R3C6 incomplete: 1
        ),
    )
    assert first(play(ocean))["breakdown"]["incomplete_fish"] == 4 + 2 + 1


def test_a_total_adds_the_tiles_once_not_the_rows_again():
    sheet = first(sheet_play(pad((1, 2, 3, 4, 5), orange=2, blue=3), pad()))
    assert sheet["breakdown"]["tiles"] == 15
    assert sheet["total"] == 2 + 3 + 15


# --- Tie-break --------------------------------------------------------------------------


def test_a_tie_goes_to_the_most_seashells():
    sheet = score(sheet_play(pad((50,), seashells=1), pad((50,), seashells=4), pad((51,))))
    assert [p["rank"] for p in sheet["players"]] == [3, 2, 1]
    assert sheet["winners"] == ["Cleo"]
    assert sheet["notes"] == [
        "Ben and Ana tie on 50 points; the tie-break (most Seashells left: Ben 4, Ana 1) "
        "puts Ben ahead of Ana."
    ]


def test_a_tie_on_seashells_too_is_shared():
    sheet = score(sheet_play(pad((50,), seashells=2), pad((50,), seashells=2)))
    assert sheet["winners"] == ["Ana", "Ben"]
    assert [p["rank"] for p in sheet["players"]] == [1, 1]


# --- Family mode ------------------------------------------------------------------------


def test_family_mode_scores_tiles_only():
    data = rulebook_example()
    data["mode"] = "family"
    data["setup"] = {**FIRST_GAME, "orange": [], "blue": []}
    mira = first(data)
    assert mira["breakdown"] == {
        **RULEBOOK_LINES,
        "orange": 0,
        "blue": 0,
        "different_sealife": 0,
        "incomplete_fish": 0,
    }
    assert mira["total"] == 114
    assert "ecosystem_cards" not in mira


def test_family_mode_paper_sheet_has_rows_and_seashells():
    setup = {**FIRST_GAME, "orange": [], "blue": []}
    data = sheet_play({"rows": [10, 20, 30, 40, 5], "seashells": 2}, mode="family", setup=setup)
    assert first(data)["total"] == 105


def test_family_mode_may_be_played_alone():
    setup = {**FIRST_GAME, "orange": [], "blue": []}
    data = sheet_play({"rows": [10, 0, 0, 0, 0], "seashells": 0}, mode="family", setup=setup)
    assert first(data)["total"] == 10


# --- Solo mode --------------------------------------------------------------------------


def solo(total: int, lionfish: int = 0) -> dict:
    return first(sheet_play(pad((total,), lionfish=lionfish), mode="solo"))


def test_solo_lionfish_rulebook_example():
    # 6 Fish on the Lionfish card: the first 2 are free, 4 x 2 VPs lost.
    player = solo(150, lionfish=6)
    assert player["breakdown"]["lionfish"] == -8
    assert player["total"] == 142


@pytest.mark.parametrize(("lionfish", "lost"), [(0, 0), (2, 0), (3, -2), (10, -16)])
def test_solo_the_first_two_lionfish_are_free(lionfish, lost):
    assert solo(150, lionfish)["breakdown"]["lionfish"] == lost


def test_solo_lionfish_from_the_ocean():
    data = mira_alone(rulebook_example(), "solo")
    data["boards"]["Mira"]["lionfish"] = 5
    mira = first(data)
    # 160 - (5 - 2) x 2
    assert (mira["breakdown"]["lionfish"], mira["total"]) == (-6, 154)
    assert mira["rank_title"] == "Diver"


@pytest.mark.parametrize(
    ("total", "title"),
    [
        (129, None),
        (130, "Swimmer"),
        (144, "Swimmer"),
        (145, "Diver"),
        (159, "Diver"),
        (160, "Mariner"),
        (170, "Merfolk"),
        (180, "Nymph"),
        (189, "Nymph"),
        (190, "Poseidon"),
        (240, "Poseidon"),
    ],
)
def test_solo_rank_titles(total, title):
    assert solo(total)["rank_title"] == title


def test_the_title_comes_after_the_lionfish():
    # 131 - 2 = 129: no title.
    assert solo(131, lionfish=3)["rank_title"] is None


def test_only_solo_games_get_a_title():
    assert "rank_title" not in first(sheet_play(pad((200,)), pad()))


# --- Warnings --------------------------------------------------------------------------


def test_the_rulebook_ocean_looks_finished():
    assert score(rulebook_example())["warnings"] == []


def test_a_board_with_other_than_4_empty_spaces_is_scored_with_a_warning():
    data = rulebook_example()
    ocean = data["boards"]["Mira"]
    del ocean["tiles"]["R5C6"]  # an incomplete coral: scores nothing
    ocean["fish"].pop()  # (g): 1 VP; one turn fewer, one fish fewer
    sheet = score(data)
    assert sheet["players"][0]["total"] == 159
    assert sheet["warnings"] == ["Mira's ocean has 5 empty spaces; a game ends when 4 are left."]


def test_more_fish_than_turns_is_scored_with_a_warning():
    data = rulebook_example()
    # Mira's 18 tiles came with 17 fish; an eighth Incomplete Fish makes 18.
    data["boards"]["Mira"]["fish"].append({"at": "R1C2:top", "color": "red"})
    assert score(data)["warnings"] == [
        "Mira's ocean holds 18 fish on 18 tiles; each turn places one tile and one fish, "
        "so that many tiles come with at most 17 fish."
    ]


def test_a_tile_neighboring_no_other_is_flagged_as_a_likely_typo_not_refused():
    data = rulebook_example()
    tiles = data["boards"]["Mira"]["tiles"]
    # Rows 1 to 5, columns 2 to 8: R1C2's neighbors are R1C4, R2C1, R2C3 and R3C2.
    lonely = {"R1C2": tiles.pop("R5C6")}
    for space in ("R1C4", "R2C1", "R2C3", "R3C2"):
        tiles.pop(space, None)
    tiles.update(lonely)
    data["boards"]["Mira"]["fish"] = []
    warnings = score(data)["warnings"]
    assert (
        "Mira's R1C2 neighbors no other tile: every tile is placed neighboring one already "
        "placed, so check that space (a typo?)."
    ) in warnings


def test_a_play_still_being_entered_gets_no_warnings():
    data = rulebook_example()
    del data["boards"]["Mira"]["tiles"]["R5C6"]
    assert score(data, partial=True)["warnings"] == []


# --- Partial entry ------------------------------------------------------------------------


def test_a_partial_play_scores_what_is_entered():
    data = rulebook_example()
    del data["boards"]["Jonas"]
    del data["boards"]["Mira"]["seashells"]
    sheet = score(data, partial=True)
    assert sheet["players"][0]["total"] == 160
    assert sheet["players"][1]["total"] == 0


def test_a_partial_paper_sheet_scores_its_lines_so_far():
    data = sheet_play({"orange": 6}, {})
    assert first(data, partial=True)["total"] == 6


def test_the_example_input_is_left_untouched():
    data = rulebook_example()
    before = copy.deepcopy(data)
    score(data)
    assert data == before
