"""Seagrass scoring (games/seagrass): every rule of issue 4 with numbers worked out by hand.

Pure Python: no database, no Django.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from games import seagrass
from games.contract import InvalidInput
from games.event_log import RUNNING_NOTE
from games.words import render

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def errors_of(data: Any, *, partial: bool = False) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as caught:
        seagrass.parse(data, partial=partial)
    return [(error.field, error.message) for error in caught.value.errors]


def sheet_of(data: Any, *, partial: bool = False) -> dict[str, Any]:
    return seagrass.score(seagrass.parse(data, partial=partial)).to_json()


def totals(sheet: dict[str, Any]) -> dict[str, int]:
    return {player["name"]: player["total"] for player in sheet["players"]}


def ranks(sheet: dict[str, Any]) -> dict[str, int]:
    return {player["name"]: player["rank"] for player in sheet["players"]}


def log_game(events: Sequence[object], **more: Any) -> dict[str, Any]:
    """A finished 3-player log game with no discovery tokens and nothing left to break ties."""
    final = {name: {"discovery_tokens": 0, "unplayed_tiles": 0} for name in ("Ana", "Ben", "Cy")}
    return {
        "players": ["Ana", "Ben", "Cy"],
        "entry": "log",
        "events": events,
        "final": final,
        **more,
    }


# --- The reef award, rulebook examples ----------------------------------------------------------


def test_rulebook_example_green_most_blue_second_on_a_3_tile_reef():
    # Green: six crabs; Blue: three jellyfish plus two starfish; Purple not adjacent.
    assert seagrass.reef_award(3, {"Green": 6, "Blue": 5, "Purple": 0}) == {
        "Green": 8,
        "Blue": 4,
        "Purple": 0,
    }


def test_rulebook_example_purple_most_blue_and_green_split_second_on_a_4_tile_reef():
    # Purple: two jellyfish plus seven turtles; Blue three starfish, Green three crabs.
    assert seagrass.reef_award(4, {"Purple": 9, "Blue": 3, "Green": 3}) == {
        "Purple": 16,
        "Blue": 4,
        "Green": 4,
    }


# --- The reef award table ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "most", "second"),
    [(1, 0, 0), (2, 4, 2), (3, 8, 4), (4, 16, 8), (5, 24, 12), (6, 24, 12), (11, 24, 12)],
)
def test_reef_award_by_size_for_a_single_most_and_single_second(size, most, second):
    adjacent = {"Ana": 5, "Ben": 3, "Cy": 1}
    assert seagrass.reef_award(size, adjacent) == {"Ana": most, "Ben": second, "Cy": 0}


def test_a_lone_adjacent_player_scores_only_the_most_award():
    assert seagrass.reef_award(5, {"Ana": 0, "Ben": 4, "Cy": 0}) == {"Ana": 0, "Ben": 24, "Cy": 0}


def test_a_reef_with_no_creatures_adjacent_scores_nobody():
    assert seagrass.reef_award(4, {"Ana": 0, "Ben": 0, "Cy": 0}) == {"Ana": 0, "Ben": 0, "Cy": 0}


def test_players_with_zero_creatures_take_no_part_even_for_second():
    # Ben is 0: he is not adjacent, so Ana is alone and no one is second.
    assert seagrass.reef_award(3, {"Ana": 2, "Ben": 0, "Cy": 0, "Dee": 0}) == {
        "Ana": 8,
        "Ben": 0,
        "Cy": 0,
        "Dee": 0,
    }


# --- Ties for most: most + second split, rounded up, nobody else scores ---------------------------


@pytest.mark.parametrize(
    ("size", "share"),
    # (most + second) / 2: (4+2)/2, (8+4)/2, (16+8)/2, (24+12)/2
    [(2, 3), (3, 6), (4, 12), (5, 18)],
)
def test_two_tied_for_most_split_most_plus_second_and_the_third_scores_nothing(size, share):
    assert seagrass.reef_award(size, {"Ana": 4, "Ben": 4, "Cy": 3}) == {
        "Ana": share,
        "Ben": share,
        "Cy": 0,
    }


def test_three_tied_for_most_split_24_into_8_each():
    assert seagrass.reef_award(4, {"Ana": 2, "Ben": 2, "Cy": 2, "Dee": 1}) == {
        "Ana": 8,
        "Ben": 8,
        "Cy": 8,
        "Dee": 0,
    }


def test_four_tied_for_most_on_a_2_tile_reef_round_1_and_a_half_up_to_2():
    # (4 + 2) / 4 = 1.5, rounded up.
    assert seagrass.reef_award(2, {"Ana": 1, "Ben": 1, "Cy": 1, "Dee": 1}) == {
        "Ana": 2,
        "Ben": 2,
        "Cy": 2,
        "Dee": 2,
    }


def test_four_tied_for_most_on_a_5_tile_reef_take_9_each():
    # (24 + 12) / 4 = 9.
    adjacent = {"Ana": 3, "Ben": 3, "Cy": 3, "Dee": 3}
    assert seagrass.reef_award(5, adjacent) == dict.fromkeys(adjacent, 9)


def test_a_tie_for_most_on_a_1_tile_reef_scores_nothing():
    assert seagrass.reef_award(1, {"Ana": 2, "Ben": 2}) == {"Ana": 0, "Ben": 0}


# --- A single most, ties for second: second split, rounded up -------------------------------------


def test_three_tied_for_second_on_a_4_tile_reef_round_8_thirds_up_to_3():
    assert seagrass.reef_award(4, {"Ana": 6, "Ben": 2, "Cy": 2, "Dee": 2}) == {
        "Ana": 16,
        "Ben": 3,
        "Cy": 3,
        "Dee": 3,
    }


def test_three_tied_for_second_on_a_3_tile_reef_round_4_thirds_up_to_2():
    assert seagrass.reef_award(3, {"Ana": 5, "Ben": 1, "Cy": 1, "Dee": 1}) == {
        "Ana": 8,
        "Ben": 2,
        "Cy": 2,
        "Dee": 2,
    }


def test_three_tied_for_second_on_a_2_tile_reef_round_2_thirds_up_to_1():
    assert seagrass.reef_award(2, {"Ana": 5, "Ben": 1, "Cy": 1, "Dee": 1}) == {
        "Ana": 4,
        "Ben": 1,
        "Cy": 1,
        "Dee": 1,
    }


def test_two_tied_for_second_on_a_big_reef_take_6_each_and_third_place_scores_nothing():
    assert seagrass.reef_award(7, {"Ana": 9, "Ben": 3, "Cy": 3, "Dee": 1}) == {
        "Ana": 24,
        "Ben": 6,
        "Cy": 6,
        "Dee": 0,
    }


# --- Two-player games: second needs at least half the leader's creatures -------------------------


@pytest.mark.parametrize(
    ("leader", "second", "second_points"),
    [(6, 3, 4), (7, 4, 4), (7, 3, 0), (8, 3, 0), (2, 1, 4), (3, 1, 0)],
)
def test_two_player_second_scores_only_with_at_least_half_the_leaders_creatures(
    leader, second, second_points
):
    assert seagrass.reef_award(3, {"Ana": leader, "Ben": second}) == {
        "Ana": 8,
        "Ben": second_points,
    }


def test_two_players_tied_for_most_split_most_plus_second():
    assert seagrass.reef_award(3, {"Ana": 5, "Ben": 5}) == {"Ana": 6, "Ben": 6}


def test_the_half_rule_is_about_players_in_the_game_not_players_adjacent():
    # A 3-player game in which only two players touch the reef: no half rule.
    assert seagrass.reef_award(3, {"Ana": 7, "Ben": 3, "Cy": 0}) == {"Ana": 8, "Ben": 4, "Cy": 0}
    # The log lists only who touched it; the game's third player is counted all the same.
    reef = {"type": "reef", "size": 3, "adjacent": {"Ana": 7, "Ben": 3}}
    assert totals(sheet_of(log_game([reef]))) == {"Ana": 8, "Ben": 4, "Cy": 0}
    # Two players listed of two: 3 is less than half of 7, so Ben scores nothing.
    assert seagrass.reef_award(3, {"Ana": 7, "Ben": 3}) == {"Ana": 8, "Ben": 0}


def test_the_log_applies_the_half_rule_in_a_two_player_game():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "log",
        "events": [{"type": "reef", "size": 4, "adjacent": {"Ana": 9, "Ben": 4}}],
        "final": {"Ana": {}, "Ben": {}},
    }
    # 4 is less than half of 9: Ben scores nothing.
    assert totals(sheet_of(game)) == {"Ana": 16, "Ben": 0}


def test_the_log_does_not_apply_the_half_rule_with_three_players():
    # Cy plays but is left out of the reef: still a 3-player game.
    game = log_game([{"type": "reef", "size": 4, "adjacent": {"Ana": 9, "Ben": 4}}])
    assert totals(sheet_of(game)) == {"Ana": 16, "Ben": 8, "Cy": 0}


# --- Colonies, discovery and the log ---------------------------------------------------------------


def test_rulebook_colony_examples_score_every_creature_in_the_colony():
    # The rulebook's colonies, played here by Ana (Purple), Ben (Green) and Cy (Blue).
    events = [
        # Purple establishes a colony of six jellyfish: 6.
        {"type": "colony", "player": "Ana", "creatures": 6},
        # Green expands her crab colony, which now has five crabs: 5.
        {"type": "colony", "player": "Ben", "creatures": 5},
        # Blue's special starfish splits the tiles into two colonies: 6 + 4 = 10.
        {"type": "colony", "player": "Cy", "creatures": 6},
        {"type": "colony", "player": "Cy", "creatures": 4},
        # Purple's special jellyfish grows a colony to eleven jellyfish: 11.
        {"type": "colony", "player": "Ana", "creatures": 11},
    ]
    sheet = sheet_of(log_game(events))
    assert totals(sheet) == {"Ana": 17, "Ben": 5, "Cy": 10}
    assert sheet["players"][0]["breakdown"] == {"colonies": 17, "reefs": 0}


def test_a_discovery_set_is_10_points_and_each_remaining_token_1_point():
    game = log_game(
        [
            {"type": "discovery_set", "player": "Ana"},
            {"type": "discovery_set", "player": "Ana"},
            {"type": "discovery_set", "player": "Cy"},
        ],
        options={"discovery": True},
    )
    game["final"]["Ana"]["discovery_tokens"] = 3
    game["final"]["Ben"]["discovery_tokens"] = 2
    sheet = sheet_of(game)
    assert totals(sheet) == {"Ana": 23, "Ben": 2, "Cy": 10}
    assert sheet["players"][0]["breakdown"] == {"colonies": 0, "reefs": 0, "discovery": 23}


def test_without_discovery_the_breakdown_has_no_discovery_row():
    sheet = sheet_of(log_game([{"type": "colony", "player": "Ben", "creatures": 2}]))
    assert sheet["players"][1]["breakdown"] == {"colonies": 2, "reefs": 0}


def test_the_discovery_option_also_takes_the_choice_values_a_form_sends():
    game = log_game([{"type": "discovery_set", "player": "Ben"}], options={"discovery": "true"})
    assert totals(sheet_of(game)) == {"Ana": 0, "Ben": 10, "Cy": 0}
    off = log_game([], options={"discovery": "false"})
    assert "discovery" not in sheet_of(off)["players"][0]["breakdown"]


def test_a_log_adds_colonies_reefs_and_discovery_per_category():
    game = log_game(
        [
            {"type": "colony", "player": "Ana", "creatures": 4},
            {"type": "colony", "player": "Ben", "creatures": 3},
            {"type": "reef", "size": 3, "adjacent": {"Ana": 4, "Ben": 3, "Cy": 1}},
            {"type": "discovery_set", "player": "Cy"},
            {"type": "colony", "player": "Ana", "creatures": 7},
            {"type": "reef", "size": 2, "adjacent": {"Ben": 2, "Cy": 2}},
        ],
        options={"discovery": True},
    )
    game["final"]["Cy"]["discovery_tokens"] = 1
    sheet = sheet_of(game)
    breakdowns = {p["name"]: p["breakdown"] for p in sheet["players"]}
    assert breakdowns == {
        "Ana": {"colonies": 11, "reefs": 8, "discovery": 0},
        "Ben": {"colonies": 3, "reefs": 4 + 3, "discovery": 0},
        "Cy": {"colonies": 0, "reefs": 3, "discovery": 11},
    }
    assert totals(sheet) == {"Ana": 19, "Ben": 10, "Cy": 14}
    assert sheet["event_points"] == [
        {"Ana": 4},
        {"Ben": 3},
        {"Ana": 8, "Ben": 4},
        {"Cy": 10},
        {"Ana": 7},
        {"Ben": 3, "Cy": 3},
    ]


def test_event_points_name_only_the_players_who_score():
    reef = seagrass.parse_event(
        {"type": "reef", "size": 4, "adjacent": {"Ana": 9, "Ben": 3, "Cy": 3, "Dee": 0}},
        ["Ana", "Ben", "Cy", "Dee"],
        discovery=False,
    )
    assert seagrass.event_points(reef) == {"Ana": 16, "Ben": 4, "Cy": 4}
    colony = seagrass.parse_event(
        {"type": "colony", "player": "Dee", "creatures": 5}, ["Ana", "Dee"], discovery=False
    )
    assert seagrass.event_points(colony) == {"Dee": 5}
    found = seagrass.parse_event(
        {"type": "discovery_set", "player": "Ana"}, ["Ana", "Dee"], discovery=True
    )
    assert seagrass.event_points(found) == {"Ana": 10}
    single = seagrass.parse_event(
        {"type": "reef", "size": 1, "adjacent": {"Ana": 3}}, ["Ana", "Dee"], discovery=False
    )
    assert seagrass.event_points(single) == {}


# --- Counts entry ----------------------------------------------------------------------------------


def test_counts_total_is_point_tokens_plus_one_per_remaining_discovery_token():
    game = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "counts",
        "counts": {
            "Ana": {"points": 71, "discovery_tokens": 3, "unplayed_tiles": 2},
            "Ben": {"points": 68, "discovery_tokens": 0, "unplayed_tiles": 4},
        },
    }
    sheet = sheet_of(game)
    assert totals(sheet) == {"Ana": 74, "Ben": 68}
    assert sheet["players"][0]["breakdown"] == {"discovery": 3, "points": 71}
    assert sheet["winners"] == ["Ana"]
    assert sheet["complete"] is True
    assert "event_points" not in sheet


def test_counts_entry_and_log_entry_give_the_same_result_for_the_same_game():
    log = json.loads((EXAMPLES / "seagrass.json").read_text())
    # Point tokens each player took during the logged game: colonies + reefs + 10 per set.
    points = {"Ana": 25 + 19, "Ben": 13 + 35 + 10, "Cleo": 24 + 9 + 10, "Dev": 10 + 16}
    counts = {
        "players": log["players"],
        "options": log["options"],
        "entry": "counts",
        "counts": {name: {"points": points[name], **log["final"][name]} for name in log["players"]},
    }
    from_log, from_counts = sheet_of(log), sheet_of(counts)
    assert totals(from_counts) == totals(from_log) == {"Ana": 46, "Ben": 59, "Cleo": 46, "Dev": 26}
    assert ranks(from_counts) == ranks(from_log) == {"Ana": 3, "Ben": 1, "Cleo": 2, "Dev": 4}
    assert from_counts["winners"] == from_log["winners"] == ["Ben"]
    assert from_counts["notes"] == from_log["notes"]


# --- Ranking and the tie-break ----------------------------------------------------------------------


def test_tied_players_are_ordered_by_most_unplayed_tiles():
    game = log_game(
        [
            {"type": "colony", "player": "Ana", "creatures": 9},
            {"type": "colony", "player": "Ben", "creatures": 9},
            {"type": "colony", "player": "Cy", "creatures": 4},
        ]
    )
    game["final"]["Ana"]["unplayed_tiles"] = 1
    game["final"]["Ben"]["unplayed_tiles"] = 6
    sheet = sheet_of(game)
    assert ranks(sheet) == {"Ana": 2, "Ben": 1, "Cy": 3}
    assert sheet["winners"] == ["Ben"]
    assert sheet["players"][1]["tiebreak"] == {"unplayed_tiles": 6}
    assert sheet["notes"] == [
        "Ben and Ana tie on 9 points; the tie-break (most unplayed tiles: Ben 6, Ana 1) "
        "puts Ben ahead of Ana."
    ]


def test_players_still_tied_on_unplayed_tiles_share_the_victory():
    game = log_game(
        [
            {"type": "colony", "player": "Ana", "creatures": 9},
            {"type": "colony", "player": "Ben", "creatures": 9},
        ]
    )
    game["final"]["Ana"]["unplayed_tiles"] = 2
    game["final"]["Ben"]["unplayed_tiles"] = 2
    sheet = sheet_of(game)
    assert ranks(sheet) == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert sheet["winners"] == ["Ana", "Ben"]
    assert sheet["notes"] == [
        "Ana and Ben tie on 9 points; the tie-break (most unplayed tiles: Ana 2, Ben 2) "
        "leaves them level, so they share the place."
    ]


# --- A log in progress -------------------------------------------------------------------------------


def test_a_log_without_final_gives_running_totals_with_no_winner_yet():
    game = log_game(
        [
            {"type": "colony", "player": "Ana", "creatures": 5},
            {"type": "reef", "size": 2, "adjacent": {"Ana": 5, "Ben": 1}},
            {"type": "colony", "player": "Ben", "creatures": 7},
        ]
    )
    del game["final"]
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 9, "Ben": 9, "Cy": 0}
    assert ranks(sheet) == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert sheet["complete"] is False
    assert sheet["winners"] == []
    assert sheet["notes"] == [str(RUNNING_NOTE)]
    assert all(player["tiebreak"] == {} for player in sheet["players"])
    assert sheet["event_points"] == [{"Ana": 5}, {"Ana": 4, "Ben": 2}, {"Ben": 7}]


def test_a_log_with_no_events_yet_is_all_zero():
    game = {"players": ["Ana", "Ben"], "entry": "log", "events": []}
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 0, "Ben": 0}
    assert sheet["event_points"] == []


def test_a_partial_final_tally_keeps_the_sheet_running():
    game = log_game([{"type": "colony", "player": "Ana", "creatures": 5}])
    del game["final"]["Cy"]
    sheet = sheet_of(game, partial=True)
    assert sheet["complete"] is False
    assert totals(sheet) == {"Ana": 5, "Ben": 0, "Cy": 0}


def test_counts_entry_in_progress_scores_the_players_entered_so_far():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {"Ana": {"points": 40, "unplayed_tiles": 1}},
    }
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 40, "Ben": 0}
    assert sheet["complete"] is False


# --- The docs example ----------------------------------------------------------------------------------


def test_the_docs_example_scores_to_its_hand_worked_sheet():
    data = json.loads((EXAMPLES / "seagrass.json").read_text())
    expected = json.loads((EXAMPLES / "seagrass.sheet.json").read_text())
    assert sheet_of(data) == expected


# --- Validation -----------------------------------------------------------------------------------------


def test_events_must_name_players_in_the_game():
    game = log_game(
        [
            {"type": "colony", "player": "Zed", "creatures": 2},
            {"type": "reef", "size": 2, "adjacent": {"Ana": 1, "Zed": 3}},
            {"type": "discovery_set", "player": "Bob"},
            {"type": "colony", "creatures": 2},
        ],
        options={"discovery": True},
    )
    assert errors_of(game) == [
        ("events[0].player", "Event 1: 'Zed' is not playing; the players are Ana, Ben and Cy."),
        (
            "events[1].adjacent.Zed",
            "Event 2: 'Zed' is not playing; the players are Ana, Ben and Cy.",
        ),
        ("events[2].player", "Event 3: 'Bob' is not playing; the players are Ana, Ben and Cy."),
        ("events[3].player", "Event 4: say which player."),
    ]


@pytest.mark.parametrize(
    ("size", "message"),
    [
        (0, "Event 1: the reef size cannot be less than 1."),
        (-2, "Event 1: the reef size cannot be less than 1."),
        (2.5, "Event 1: the reef size must be a whole number."),
        ("3", "Event 1: the reef size must be a whole number."),
        (None, "Event 1: the reef size is missing: enter a whole number, at least 1."),
    ],
)
def test_reef_size_must_be_a_positive_whole_number(size, message):
    game = log_game([{"type": "reef", "size": size, "adjacent": {"Ana": 1}}])
    assert errors_of(game) == [("events[0].size", message)]


@pytest.mark.parametrize(
    ("creatures", "message"),
    [
        (0, "Event 1: the number of creatures in the colony cannot be less than 1."),
        (True, "Event 1: the number of creatures in the colony must be a whole number."),
        (
            None,
            "Event 1: the number of creatures in the colony is missing: enter a whole number, "
            "at least 1.",
        ),
    ],
)
def test_colony_creatures_must_be_a_positive_whole_number(creatures, message):
    game = log_game([{"type": "colony", "player": "Ana", "creatures": creatures}])
    assert errors_of(game) == [("events[0].creatures", message)]


def test_adjacent_creatures_must_be_whole_numbers_of_zero_or_more():
    game = log_game([{"type": "reef", "size": 3, "adjacent": {"Ana": -1, "Ben": 1.5, "Cy": 0}}])
    assert errors_of(game) == [
        (
            "events[0].adjacent.Ana",
            "Event 1: Ana's creatures next to the reef cannot be less than 0.",
        ),
        (
            "events[0].adjacent.Ben",
            "Event 1: Ben's creatures next to the reef must be a whole number.",
        ),
    ]


def test_at_most_32_unplayed_tiles_in_counts_and_in_the_final_tally():
    counts = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {"Ana": {"points": 3, "unplayed_tiles": 33}, "Ben": {"unplayed_tiles": 32}},
    }
    assert errors_of(counts) == [
        ("counts.Ana.unplayed_tiles", "Ana's unplayed tiles cannot be more than 32."),
    ]
    log = log_game([])
    log["final"]["Cy"]["unplayed_tiles"] = 40
    assert errors_of(log) == [
        ("final.Cy.unplayed_tiles", "Cy's unplayed tiles cannot be more than 32."),
    ]


def test_without_discovery_there_are_no_discovery_events_or_tokens():
    game = log_game([{"type": "discovery_set", "player": "Ana"}])
    game["final"]["Ben"]["discovery_tokens"] = 2
    assert errors_of(game) == [
        (
            "events[0].type",
            "Event 1 is a discovery set, but this game is played without the Discovery expansion.",
        ),
        (
            "final.Ben.discovery_tokens",
            "Ben has discovery tokens, but this game is played without the Discovery expansion: "
            "turn it on or enter 0.",
        ),
    ]
    counts = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": False},
        "entry": "counts",
        "counts": {"Ana": {"discovery_tokens": 1}, "Ben": {}},
    }
    assert errors_of(counts) == [
        (
            "counts.Ana.discovery_tokens",
            "Ana has discovery tokens, but this game is played without the Discovery expansion: "
            "turn it on or enter 0.",
        ),
    ]


def test_no_player_can_hold_more_discovery_tokens_than_three_creature_types_allow():
    # 2 players: 6 reefs, so 6 tokens of each type; a full set is returned at once.
    game = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "counts",
        "counts": {"Ana": {"discovery_tokens": 18}, "Ben": {"discovery_tokens": 19}},
    }
    assert errors_of(game) == [
        (
            "counts.Ben.discovery_tokens",
            "Ben cannot hold 19 discovery tokens: with 2 players at most 18 can be held without "
            "completing a set.",
        ),
    ]


def test_tokens_held_and_returned_cannot_exceed_what_the_reefs_hold():
    # 2 players: 6 reefs with 4 tokens each, 24 in play. Ana and Ben may each hold 18 (no
    # full set), but not 25 between them; nor 13 held after 3 sets (12) were returned.
    counts: dict[str, dict[str, int]] = {
        "Ana": {"discovery_tokens": 18},
        "Ben": {"discovery_tokens": 7},
    }
    held = {"players": ["Ana", "Ben"], "options": {"discovery": True}, "entry": "counts"}
    held["counts"] = counts
    assert errors_of(held) == [
        (
            "counts",
            "With 2 players 24 discovery tokens are in play (4 on each of the 6 reefs), but "
            "the players hold 25: 25 in all.",
        )
    ]
    counts["Ben"]["discovery_tokens"] = 6
    assert totals(sheet_of(held)) == {"Ana": 18, "Ben": 6}  # 24: the whole box, fine

    logged = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "log",
        "events": [{"type": "discovery_set", "player": "Ana"}] * 3,
        "final": {
            "Ana": {"discovery_tokens": 7, "unplayed_tiles": 0},
            "Ben": {"discovery_tokens": 6, "unplayed_tiles": 0},
        },
    }
    assert errors_of(logged) == [
        (
            "final",
            "With 2 players 24 discovery tokens are in play (4 on each of the 6 reefs), but "
            "the players hold 13 and returned 3 full sets of 4: 25 in all.",
        )
    ]


def test_every_reef_returned_as_a_set_leaves_no_token_to_hold():
    """2 players, 6 reefs: 6 full sets returned are all 24 tokens, so one still held is
    one too many (sets as many as the reefs are checked, not taken as too many)."""
    logged: dict[str, Any] = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "log",
        "events": [{"type": "discovery_set", "player": name} for name in ["Ana", "Ben"] * 3],
        "final": {
            "Ana": {"discovery_tokens": 1, "unplayed_tiles": 0},
            "Ben": {"discovery_tokens": 0, "unplayed_tiles": 0},
        },
    }
    assert errors_of(logged) == [
        (
            "final",
            "With 2 players 24 discovery tokens are in play (4 on each of the 6 reefs), but "
            "the players hold 1 and returned 6 full sets of 4: 25 in all.",
        )
    ]
    logged["final"]["Ana"]["discovery_tokens"] = 0
    seagrass.parse(logged)  # the whole box returned, none held: fine


def test_no_more_reefs_or_discovery_sets_than_reefs_in_play():
    two_players = {"players": ["Ana", "Ben"], "options": {"discovery": True}, "entry": "log"}
    reef = {"type": "reef", "size": 2, "adjacent": {"Ana": 1}}
    found = {"type": "discovery_set", "player": "Ben"}
    six_each = {**two_players, "events": [reef] * 6 + [found] * 6}
    assert totals(sheet_of(six_each, partial=True)) == {"Ana": 6 * 4, "Ben": 6 * 10}
    seven_each = {**two_players, "events": [reef] * 7 + [found] * 7}
    assert errors_of(seven_each, partial=True) == [
        ("events", "2 players play with 6 reefs, but 7 completed reefs are logged."),
        (
            "events",
            "With 2 players only 6 full discovery sets can be made (one token of each creature "
            "per reef), but 7 are logged.",
        ),
    ]


def test_a_finished_log_needs_the_final_tally():
    game = log_game([])
    del game["final"]
    assert errors_of(game) == [("final", "Final tally is missing: enter it for Ana, Ben and Cy.")]


def test_the_final_tally_needs_every_player_and_only_players():
    game = log_game([])
    del game["final"]["Ben"]
    game["final"]["Zed"] = {}
    assert errors_of(game) == [
        ("final.Zed", "Final tally: 'Zed' is not playing; the players are Ana, Ben and Cy."),
        ("final.Ben", "Final tally: nothing is entered for Ben."),
    ]


def test_counts_need_every_player():
    game = {"players": ["Ana", "Ben"], "entry": "counts", "counts": {"Ana": {"points": 3}}}
    assert errors_of(game) == [("counts.Ben", "Counts: nothing is entered for Ben.")]
    assert errors_of({"players": ["Ana", "Ben"], "entry": "counts"}) == [
        ("counts", "Counts is missing: enter it for Ana and Ben."),
    ]


def test_unknown_fields_are_named():
    game = log_game([{"type": "colony", "player": "Ana", "creatures": 2, "tiles": 1}])
    game["final"]["Ana"]["points"] = 4
    game["counts"] = {}
    assert errors_of(game) == [
        (
            "counts",
            "A Seagrass game entered as log has no 'counts'; expected one of: players, entry, "
            "events, final, options.",
        ),
        (
            "events[0].tiles",
            "Event 1 has no 'tiles'; expected one of: type, player, creatures.",
        ),
        (
            "final.Ana.points",
            "Ana's entry has no 'points'; expected one of: discovery_tokens, unplayed_tiles.",
        ),
    ]


@pytest.mark.parametrize("entry", ["totals", None, ["log"]])
def test_the_entry_mode_must_be_counts_or_log(entry):
    assert errors_of({"players": ["Ana", "Ben"], "entry": entry}) == [
        (
            "entry",
            "Choose how the scores are entered: 'counts' (each player's numbers at the end of "
            "the game); or 'log' (every scoring event as it happens).",
        ),
    ]


def test_event_types_must_be_known():
    game = log_game([{"type": "antler"}, "colony"])
    assert errors_of(game) == [
        ("events[0].type", "Event 1 needs a type, one of: colony, reef, discovery_set."),
        ("events[1]", "Event 2 must be an object with a type."),
    ]


def test_an_event_type_that_is_not_a_word_is_refused_in_words():
    game = log_game([{"type": ["reef"]}])
    assert errors_of(game) == [
        ("events[0].type", "Event 1 needs a type, one of: colony, reef, discovery_set."),
    ]


def test_the_events_must_be_a_list():
    game = log_game([])
    game["events"] = {"type": "reef"}
    assert errors_of(game) == [("events", "Events must be a list, oldest first.")]


def test_a_log_being_entered_has_no_final_counts_yet_and_is_not_over():
    game = log_game([])
    del game["final"]
    sheet = sheet_of(game, partial=True)
    assert sheet["game"] == "seagrass" and sheet["complete"] is False
    assert sheet["winners"] == []
    with_final = log_game([], options={"discovery": True})
    with_final["final"]["Ana"]["discovery_tokens"] = 2
    assert sheet_of(with_final, partial=True)["players"][0]["breakdown"]["discovery"] > 0


def test_each_players_numbers_must_be_an_object_of_named_values():
    final_as_text = log_game([{"type": "reef", "size": 2, "adjacent": "Ana"}])
    final_as_text["final"] = "Ana 3"
    assert errors_of(final_as_text) == [
        ("events[0].adjacent", "Event 1 must be an object of named values."),
        ("final", "Final tally must be an object of named values."),
    ]
    counts = {"players": ["Ana", "Ben"], "entry": "counts", "counts": "Ana 3"}
    assert errors_of(counts) == [("counts", "Counts must be an object of named values.")]


def test_the_discovery_option_must_be_on_or_off():
    game = log_game([], options={"discovery": "yes"})
    assert errors_of(game) == [
        ("options.discovery", "Discovery expansion must be true (on) or false (off)."),
    ]


@pytest.mark.parametrize(
    ("players", "given"),
    [(["Ana"], "1 was given"), (["Ana", "Ben", "Cy", "Dee", "Eve"], "5 were given")],
)
def test_seagrass_is_for_2_to_4_players(players, given):
    game = {"players": players, "entry": "log", "events": []}
    assert errors_of(game, partial=True) == [
        ("players", f"Seagrass is for 2 to 4 players; {given}."),
    ]


def test_a_single_event_is_checked_on_its_own_for_the_entry_form():
    with pytest.raises(InvalidInput) as caught:
        seagrass.parse_event(
            {"type": "reef", "size": 0, "adjacent": {"Zed": 1}}, ["Ana", "Ben"], discovery=False
        )
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("event.size", "The event: the reef size cannot be less than 1."),
        ("event.adjacent.Zed", "The event: 'Zed' is not playing; the players are Ana and Ben."),
    ]


# --- numbers no table holds (found by tests/test_properties.py) -------------------------


def test_point_tokens_no_table_holds_are_refused_not_a_crash():
    # 9…9 (4300 digits) point tokens plus one discovery token made a total Python cannot
    # print: the tie note raised ValueError, and the API could not write the sheet.
    huge = int("9" * 4300)
    player = {"points": huge, "discovery_tokens": 1, "unplayed_tiles": 0}
    data = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "counts",
        "counts": {"Ana": player, "Ben": player},
    }
    assert ("counts.Ana.points", "Ana's point tokens cannot be more than 1000000.") in errors_of(
        data
    )


# --- Explanations (docs/games/seagrass.md, "Explanations") ----------------------------------------


def explain_of(sheet: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return next(p["explain"] for p in sheet["players"] if p["name"] == name)


def test_a_reef_tied_for_most_adds_both_awards_and_rounds_each_share_up():
    # Four players tied on a 2-tile reef: (4 + 2) / 4 = 1.5, rounded up to 2 each.
    sheet = sheet_of(
        {
            **log_game([{"type": "reef", "size": 2, "adjacent": dict.fromkeys("ABCD", 1)}]),
            "players": ["A", "B", "C", "D"],
            "final": {name: {"unplayed_tiles": 0} for name in "ABCD"},
        }
    )
    assert explain_of(sheet, "D") == [
        {
            "line": "reefs",
            "text": "Completed reefs: reef of 2 tiles, tied for most creatures (1), "
            "4 + 2 = 6 split 4 ways, rounded up → 2",
            "points": 2,
            "events": [1],
        },
        {
            "line": "unplayed_tiles",
            "text": "Tie-break, most unplayed tiles: 0",
            "points": 0,
            "tiebreak": True,
        },
    ]


def test_reefs_that_score_a_player_nothing_are_not_named():
    events = [
        {"type": "colony", "player": "Ana", "creatures": 4},
        {"type": "reef", "size": 1, "adjacent": {"Ana": 2, "Ben": 2}},  # tie on 1 tile: 0 + 0
        {"type": "reef", "size": 3, "adjacent": {"Ana": 1, "Ben": 5, "Cy": 3}},  # Ana third
        {"type": "reef", "size": 5, "adjacent": {"Ana": 6, "Ben": 2}},
    ]
    sheet = sheet_of(log_game(events))
    ana = explain_of(sheet, "Ana")
    assert ana[0] == {
        "line": "colonies",
        "text": "Colonies: a colony of 4 creatures → 4",
        "points": 4,
        "events": [1],
    }
    assert ana[1] == {
        "line": "reefs",
        "text": "Completed reefs: reef of 5 tiles, most creatures (6) → 24",
        "points": 24,
        "events": [4],
    }
    assert [e["events"] for e in explain_of(sheet, "Ben") if e["line"] == "reefs"] == [[3, 4]]


def test_two_players_second_below_half_the_leader_scores_nothing_and_is_not_named():
    game = log_game([{"type": "reef", "size": 4, "adjacent": {"Ana": 7, "Ben": 3}}])
    game["players"] = ["Ana", "Ben"]
    del game["final"]["Cy"]
    sheet = sheet_of(game)
    assert [e["line"] for e in explain_of(sheet, "Ben")] == ["unplayed_tiles"]
    assert (
        explain_of(sheet, "Ana")[0]["text"]
        == "Completed reefs: reef of 4 tiles, most creatures (7) → 16"
    )


def test_counts_explain_the_point_tokens_and_the_tokens_still_held_naming_no_events():
    game = {
        "players": ["Ana", "Ben"],
        "options": {"discovery": True},
        "entry": "counts",
        "counts": {
            "Ana": {"points": 41, "discovery_tokens": 2, "unplayed_tiles": 1},
            "Ben": {"points": 0, "discovery_tokens": 0, "unplayed_tiles": 4},
        },
    }
    sheet = sheet_of(game)
    assert explain_of(sheet, "Ana") == [
        {
            "line": "discovery",
            "text": "Discovery sets and tokens: 2 tokens left × 1 = 2",
            "points": 2,
        },
        {"line": "points", "text": "Point tokens: 41 taken during play", "points": 41},
        {
            "line": "unplayed_tiles",
            "text": "Tie-break, most unplayed tiles: 1",
            "points": 1,
            "tiebreak": True,
        },
    ]
    # Ben scored nothing: his lines are empty and left out; the tie-break stays.
    assert explain_of(sheet, "Ben") == [
        {
            "line": "unplayed_tiles",
            "text": "Tie-break, most unplayed tiles: 4",
            "points": 4,
            "tiebreak": True,
        },
    ]


def test_a_log_in_progress_explains_its_running_totals_without_a_tie_break():
    game = log_game(
        [
            {"type": "colony", "player": "Cy", "creatures": 2},
            {"type": "discovery_set", "player": "Cy"},
            {"type": "colony", "player": "Cy", "creatures": 5},
        ],
        options={"discovery": True},
    )
    del game["final"]
    sheet = sheet_of(game, partial=True)
    assert explain_of(sheet, "Cy") == [
        {
            "line": "colonies",
            "text": "Colonies: 2 colonies, a point per creature: 2 + 5 = 7",
            "points": 7,
            "events": [1, 3],
        },
        {
            "line": "discovery",
            "text": "Discovery sets and tokens: 1 complete set × 10 = 10",
            "points": 10,
            "events": [2],
        },
    ]


def test_two_sets_and_tokens_left_are_plural_in_every_language():
    game = log_game(
        [{"type": "discovery_set", "player": "Cy"}, {"type": "discovery_set", "player": "Cy"}],
        options={"discovery": True},
    )
    game["final"]["Cy"]["discovery_tokens"] = 3
    assert explain_of(sheet_of(game), "Cy")[0]["text"] == (
        "Discovery sets and tokens: 2 complete sets × 10 = 20; 3 tokens left × 1 = 3; 20 + 3 = 23"
    )
    game["final"]["Cy"]["discovery_tokens"] = 1
    discovery = seagrass.score(seagrass.parse(game)).players[2].explain[0]
    assert render(discovery.text, "de") == (
        "Entdeckungssätze und -marker: 2 vollständige Sätze × 10 = 20; "
        "1 Entdeckungsmarker übrig × 1 = 1; 20 + 1 = 21"
    )
