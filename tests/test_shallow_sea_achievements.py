"""Achievement mode: scenarios (14 and 15 change the scoring), modified rules 7 and 9,
and the standard-rules list evaluated from an ocean or a paper sheet.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.shallow_sea_plays import FIRST_GAME, board, coral, errors, first, fish, play, sealife

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "shallow-sea.json"


def rulebook_example(achievement: dict, setup: dict | None = None) -> dict:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["achievement"] = achievement
    if setup:
        data["setup"] = setup
    return data


def scenario_setup(number: int) -> dict:
    # Typed in from the rulebook's scenario table.
    tables = {
        13: ("A1 A4 B1 C2 C4 D1 D3 E2 E4 F2", 5, 1),
        14: ("A1 A2 B4 C3 C4 D1 D2 E3 E4 F1", 7, 5),
        15: ("A2 A4 B2 C2 C4 D2 D4 E2 E4 F2", 3, 4),
    }
    codes, orange, blue = tables[number]
    return {"orange": [orange], "blue": [blue], "sealife": codes.split()}


def scenario(number: int) -> dict:
    return {"kind": "scenario", "number": number}


def only(player: dict) -> dict:
    [achievement] = player["achievements"]
    return achievement


# --- Scenario 14: double Trios, 5+ Completed Fish of one color ---------------------------

SCENARIO_14 = {
    # Completed Fish: 5 red, 3 yellow, 2 green.
    "R1C2": coral("red", vp=9),
    "R1C4": coral("red", vp=9),
    "R1C6": coral("red", vp=9),
    "R1C8": coral("yellow", vp=9, fish="red"),
    "R2C1": coral("purple", vp=9, fish="red"),
    "R2C3": coral("yellow", vp=9),
    "R2C5": coral("yellow", vp=9),
    "R2C7": coral("green", vp=9, fish="yellow"),
    "R2C9": coral("green", vp=9),
    # A chain of five Sealife, side by side: R3C2-R4C3-R3C4-R4C5-R3C6.
    "R3C2": sealife("A1", vp=10),
    "R3C4": sealife("A2", vp=10),
    "R3C6": sealife("C4", vp=10),
    "R4C3": sealife("B4", vp=10),
    "R4C5": sealife("C3", vp=10),
    # And a sixth type apart from them, beside one more coral.
    "R4C9": coral("green", vp=9),
    "R5C8": sealife("D1", vp=9),
}


def scenario_14(tiles: dict) -> dict:
    return play(board(tiles), mode="solo", setup=scenario_setup(14), achievement=scenario(14))


def test_scenario_14_doubles_trios_and_is_earned():
    player = first(scenario_14(SCENARIO_14))
    lines = player["breakdown"]
    # Trios: red (5) and yellow (3) have 3+ fish: 2 x 4 = 8 VPs, doubled.
    assert lines["orange"] == 16
    # Sealife Duet: the chain of five makes 2 pairs: 2 x 4.
    assert lines["blue"] == 8
    # Rows: 4 x 9; 5 x 9; 3 x 10; 2 x 10 + 9; 9.
    assert lines["tiles"] == 36 + 45 + 30 + 29 + 9
    # 6 different Sealife: 6 x 2.
    assert lines["different_sealife"] == 12
    assert player["total"] == 16 + 8 + 149 + 12 == 185
    assert only(player) == {
        "kind": "scenario",
        "number": 14,
        "objective": "Earn double VPs for Orange Ecosystem Card (07 Trios). "
        "Complete 5+ Fish of the same color.",
        "minimum_score": 185,
        "minimum_met": True,
        "objective_met": True,
        "earned": True,
    }


def test_scenario_14_fails_without_5_fish_of_one_color():
    tiles = {**SCENARIO_14, "R1C8": coral("yellow", vp=9)}  # red 4, yellow 4
    player = first(scenario_14(tiles))
    # Trios is unchanged (red and yellow still count): the score still makes 185.
    assert player["total"] == 185
    assert (only(player)["minimum_met"], only(player)["objective_met"]) == (True, False)
    assert only(player)["earned"] is False


def test_scenario_14_fails_below_its_minimum_score():
    tiles = {**SCENARIO_14, "R2C9": coral("green", vp=5)}  # 4 VPs fewer
    player = first(scenario_14(tiles))
    assert player["total"] == 181
    assert (only(player)["objective_met"], only(player)["earned"]) == (True, False)


def test_scenario_14_doubles_a_paper_sheets_orange_card_too():
    data = {
        "players": ["Ana"],
        "mode": "solo",
        "setup": scenario_setup(14),
        "achievement": scenario(14),
        "entry": "sheet",
        "sheets": {
            "Ana": {
                "orange": 8,
                "blue": 8,
                "rows": [36, 45, 42, 28, 0],
                "different_sealife": 5,
                "incomplete_fish": 0,
                "seashells": 0,
                "lionfish": 0,
            }
        },
    }
    player = first(data)
    assert (player["breakdown"]["orange"], player["total"]) == (16, 185)
    # Only an ocean shows the Completed Fish: the player ticks the objective.
    assert (only(player)["objective_met"], only(player)["earned"]) == (None, None)


def test_a_scenario_play_must_use_the_scenarios_setup():
    data = scenario_14(SCENARIO_14)
    data["setup"] = FIRST_GAME
    found = errors(data)
    assert set(found) == {"setup.sealife", "setup.orange", "setup.blue"}
    assert found["setup.orange"] == "Scenario 14 uses Orange Ecosystem card 7 (Trios)."


# --- Scenario 15: one color's corals award no VPs ------------------------------------------

SCENARIO_15 = {
    "R1C2": coral("red", vp=9),
    "R1C4": coral("red", vp=5),
    "R1C6": coral("yellow", vp=7),
    "R1C8": coral("yellow", vp=7),
    "R2C1": coral("green", vp=9),
    "R2C3": coral("purple", vp=5),
    "R2C5": coral("purple", vp=5, completed=False),  # incomplete: costs nothing
}


def scenario_15(**more) -> dict:
    return play(
        board(SCENARIO_15, **more), mode="solo", setup=scenario_setup(15), achievement=scenario(15)
    )


def test_scenario_15_leaves_out_the_color_that_costs_least():
    player = first(scenario_15())
    # Red costs 14, yellow 14, green 9, purple 5: purple is left out.
    assert player["left_out_color"] == "purple"
    assert [player["breakdown"][f"row_{r}"] for r in (1, 2)] == [9 + 5 + 7 + 7, 9 + 0]
    # Symphony of Fins: 2 red, 2 yellow, 1 green, 1 purple Completed Fish: 2 x 3.
    assert player["breakdown"]["orange"] == 6
    assert player["total"] == 6 + 28 + 9


def test_scenario_15_leaves_out_the_players_chosen_color():
    player = first(scenario_15(left_out_color="red"))
    assert player["left_out_color"] == "red"
    assert [player["breakdown"][f"row_{r}"] for r in (1, 2)] == [7 + 7, 9 + 5]
    assert player["total"] == 6 + 14 + 14


def test_scenario_15_is_failed_below_190():
    assert only(first(scenario_15()))["earned"] is False


def test_only_scenario_15_has_a_left_out_color():
    data = play(board(SCENARIO_15, left_out_color="red"))
    assert list(errors(data)) == ["boards.Ana.left_out_color"]


def test_scenario_13_objective_reads_the_seashells():
    data = play(
        board({"R1C2": coral("red")}, seashells=2),
        mode="solo",
        setup=scenario_setup(13),
        achievement=scenario(13),
    )
    assert only(first(data))["objective_met"] is True


# --- Modified rules ---------------------------------------------------------------------


def test_modified_rule_7_keeps_the_better_of_two_cards_of_each_color():
    setup = {**FIRST_GAME, "orange": [4, 1], "blue": [2, 6]}
    mira = first(rulebook_example({"kind": "modified", "number": 7}, setup))
    # Mismatched: R2C7, R4C3 and R5C4 hold another color's fish: 3 x 2 = 6.
    # Cryptic Coloration: the other 7: 14.
    # Bountiful Caves: R2C3, R3C4, R4C7: 3 x 3 = 9.
    # Radiant Caves, inside: green, purple, red, yellow corals; A1, B1, E1: 7 x 2 = 14.
    assert [(c["number"], c["vp"], c["scored"]) for c in mira["ecosystem_cards"]] == [
        (4, 6, False),
        (1, 14, True),
        (2, 9, False),
        (6, 14, True),
    ]
    assert (mira["breakdown"]["orange"], mira["breakdown"]["blue"]) == (14, 14)
    assert mira["total"] == 160 - 9 + 14


def test_modified_rule_7_needs_two_cards_of_each_color():
    found = errors(rulebook_example({"kind": "modified", "number": 7}))
    assert found["setup.orange"] == "Modified rule 7 uses 2 Orange Ecosystem cards. 1 was given."


def test_modified_rule_9_adds_a_vp_per_touching_coral_of_the_fishs_color():
    mira = first(rulebook_example({"kind": "modified", "number": 9}))
    # (b) purple beside purple R4C1; (c) yellow beside yellow R3C8; (d) red beside
    # red R3C6. The other four touch no coral of their own color.
    assert mira["breakdown"]["incomplete_fish"] == 13 + 3
    assert mira["total"] == 163
    assert only(mira)["earned"] is True


def test_modified_rule_1_is_broken_when_corals_lie_apart():
    scattered = board({"R1C2": coral("red"), "R5C8": coral("red"), "R3C4": sealife("A1")})
    data = play(scattered, achievement={"kind": "modified", "number": 1})
    assert only(first(data))["earned"] is False
    # The rulebook's ocean keeps its corals in one neighboring group.
    assert only(first(rulebook_example({"kind": "modified", "number": 1})))["earned"] is True


def test_modified_rule_10_is_broken_by_side_by_side_completed_sealife():
    corner_only = {"R1C2": sealife("A1"), "R1C4": sealife("A4"), "R2C1": coral("red")}
    data = play(board(corner_only), achievement={"kind": "modified", "number": 10})
    assert only(first(data))["earned"] is True
    side_by_side = {**corner_only, "R2C3": sealife("B1")}
    data = play(board(side_by_side), achievement={"kind": "modified", "number": 10})
    assert only(first(data))["earned"] is False


def test_modified_rule_8_lets_a_fish_sit_away_from_the_tiles():
    far = board({"R1C2": coral("red")}, fish(("R5C8:bottom", "red")))
    assert list(errors(play(far))) == ["boards.Ana.fish[0].at"]
    # The coral's 7 and Cryptic Coloration's 2; the lone fish touches no coral.
    assert first(play(far, achievement={"kind": "modified", "number": 8}))["total"] == 7 + 2


# --- The standard-rules list ------------------------------------------------------------

ALL_DONE = board(
    {
        # Outer spaces: 12 completed corals, 3 of each color, one 9 of each.
        "R1C2": coral("red", vp=9),
        "R1C4": coral("red", vp=5),
        "R1C6": coral("red", vp=7),
        "R1C8": coral("yellow", vp=9),
        "R2C1": coral("yellow", vp=5),
        "R2C9": coral("yellow", vp=7),
        "R4C1": coral("green", vp=9, fish="yellow"),
        "R4C9": coral("green", vp=5, fish="yellow"),
        "R5C2": coral("green", vp=7, fish="yellow"),
        "R5C4": coral("purple", vp=9, fish="yellow"),
        "R5C6": coral("purple", vp=5, fish="yellow"),
        "R5C8": coral("purple", vp=7, fish="yellow"),
        # Inner spaces: 6 different completed Sealife; R2C3, R2C7, R4C3, R4C7 empty.
        "R2C5": sealife("A1"),
        "R3C2": sealife("A4"),
        "R3C4": sealife("B1"),
        "R3C6": sealife("C2"),
        "R3C8": sealife("C4"),
        "R4C5": sealife("D1"),
    },
    seashells=5,
)


def standard_results(data: dict) -> dict[int, bool | None]:
    return {a["number"]: a["earned"] for a in first(data)["achievements"]}


def test_standard_achievements_of_a_fully_completed_ocean():
    data = play(ALL_DONE, mode="solo", achievement={"kind": "standard"})
    player = first(data)
    # Cryptic: 3 red and 3 yellow corals hold their color: 6 x 2. Bountiful: 6 x 3.
    # Tiles: 4 x 21 coral VPs + 6 x 5. Different Sealife: 6 x 2.
    assert player["total"] == 12 + 18 + 84 + 30 + 12 == 156
    earned = {number for number, got in standard_results(data).items() if got}
    assert earned == {
        1,  # 130+
        2,  # 145+
        7,  # all corals completed
        8,  # all Sealife completed
        9,  # all tiles completed
        10,  # 5 Seashells
        12,  # 6 different Sealife
        14,  # every completed Sealife different
        16,  # Bountiful Caves 18
        19,  # Completed Fish in 2 colors...
        20,  # ...so in no more than 2
        23,  # every outer space holds a completed tile
        24,  # a 9-VP coral in each color
        25,  # 3 corals of each color
    }
    # 22: R2C3 and R4C3 (also R2C7 and R4C7) share a corner.
    assert standard_results(data)[22] is False


MOSTLY_DONE = board(
    {
        "R1C4": coral("red"),
        "R1C6": coral("red"),
        "R2C3": coral("yellow"),
        "R2C5": coral("yellow"),
        "R2C7": coral("green", fish="red"),
        "R3C4": coral("green"),
        "R3C6": coral("red"),
        "R4C3": coral("yellow"),
        "R4C5": coral("green", completed=False),
        "R4C7": coral("red"),
        # 8 completed Sealife, each beside or corner to another; two Whale Sharks.
        "R2C1": sealife("A1"),
        "R3C2": sealife("A1"),
        "R4C1": sealife("A4"),
        "R2C9": sealife("B1"),
        "R3C8": sealife("C2"),
        "R4C9": sealife("C4"),
        "R5C4": sealife("D1"),
        "R5C6": sealife("D4"),
        # R1C2, R1C8, R5C2 and R5C8 are empty, far apart.
    },
    fish(
        ("R3C4:top", "purple"),  # R1C4, R2C3, R2C5, R3C4: 4
        ("R3C6:top", "purple"),  # R1C6, R2C5, R2C7, R3C6: 4
        ("R3C4:right", "red"),  # R2C5, R3C4, R3C6 (R4C5 incomplete): 3
        ("R3C4:left", "red"),  # R2C3, R3C4, R4C3 (R3C2 is Sealife): 3
        ("R3C6:right", "purple"),  # R2C7, R3C6, R4C7: 3
        ("R1C4:right", "red"),  # R1C4, R1C6, R2C5: 3
    ),
    seashells=1,
)


def test_standard_achievements_of_a_busy_ocean():
    setup = {**FIRST_GAME, "blue": [3]}
    data = play(MOSTLY_DONE, mode="solo", setup=setup, achievement={"kind": "standard"})
    player = first(data)
    lines = player["breakdown"]
    # Cryptic: 8 of the 9 completed corals hold their color: 16.
    # Underwater Community: all 8 Sealife have a Sealife neighbour: 16.
    assert (lines["orange"], lines["blue"]) == (16, 16)
    assert lines["incomplete_fish"] == 4 + 4 + 3 + 3 + 3 + 3 == 20
    # Tiles: 9 x 7 + 8 x 5; 7 different Sealife.
    assert player["total"] == 16 + 16 + 103 + 14 + 20 == 169
    earned = {number for number, got in standard_results(data).items() if got}
    assert earned == {
        1,
        2,
        3,  # 160+
        8,  # all Sealife completed (a coral is not)
        11,  # 20 VPs of Incomplete Fish
        12,  # 7 different Sealife
        13,  # 8 completed Sealife
        16,  # Underwater Community 16
        17,  # Orange 16 = Blue 16
        18,  # corals in red, yellow, green
        19,  # Completed Fish in red, yellow, green (Incomplete purple ones do not count)
        21,  # corals and Completed Fish together in 3 colors
        22,  # the empty spaces share no corner
    }


def test_standard_achievements_from_a_paper_sheet_leave_the_board_ones_to_tick():
    data = {
        "players": ["Ana", "Ben"],
        "mode": "standard",
        "setup": FIRST_GAME,
        "achievement": {"kind": "standard"},
        "entry": "sheet",
        "sheets": {
            name: {
                "orange": 20,
                "blue": 15,
                "rows": [30, 30, 30, 30, 10],
                "different_sealife": 6,
                "incomplete_fish": 19,
                "seashells": 5,
            }
            for name in ("Ana", "Ben")
        },
    }
    results = standard_results(data)
    # 20 + 15 + 130 + 12 + 19 = 196.
    assert first(data)["total"] == 196
    assert {n for n, got in results.items() if got} == {1, 2, 3, 4, 5, 6, 10, 12, 15, 16}
    assert {n for n, got in results.items() if got is False} == {11, 17}
    unknown = {7, 8, 9, 13, 14, 18, 19, 20, 21, 22, 23, 24, 25}
    assert {n for n, got in results.items() if got is None} == unknown


def test_achievement_mode_is_not_for_family_games():
    data = play(board({"R1C2": coral("red")}), mode="family", achievement={"kind": "standard"})
    assert errors(data)["achievement"] == (
        "Achievement mode plays the standard rules, not family mode."
    )
