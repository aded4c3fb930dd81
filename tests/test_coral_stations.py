"""Coral Stations scoring (games/coral_stations): every rule of issue 4, numbers worked by hand.

Pure Python: no database, no Django.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import coral_stations
from games.contract import InvalidInput
from games.coral_stations import ResearchFunds
from games.event_log import RUNNING_NOTE
from games.words import render

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
NOTHING_LEFT = {"open_reefs": [], "shell_tiles": 0, "shoal_tiles": []}


def errors_of(data: Any, *, partial: bool = False) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as caught:
        coral_stations.parse(data, partial=partial)
    return [(error.field, error.message) for error in caught.value.errors]


def sheet_of(data: Any, *, partial: bool = False) -> dict[str, Any]:
    return coral_stations.score(coral_stations.parse(data, partial=partial)).to_json()


def totals(sheet: dict[str, Any]) -> dict[str, int]:
    return {player["name"]: player["total"] for player in sheet["players"]}


def ranks(sheet: dict[str, Any]) -> dict[str, int]:
    return {player["name"]: player["rank"] for player in sheet["players"]}


def log_game(events: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A finished 3-player log game in which nobody has anything left at the end."""
    return {
        "players": ["Ana", "Ben", "Cy"],
        "entry": "log",
        "events": events,
        "final": {name: dict(NOTHING_LEFT) for name in ("Ana", "Ben", "Cy")},
        **more,
    }


# --- A station surrounded during play --------------------------------------------------------------


def test_surrounded_station_most_takes_high_and_second_takes_low():
    assert coral_stations.surrounded_station_award(6, 3, {"Ana": 5, "Ben": 4, "Cy": 1}) == {
        "Ana": 6,
        "Ben": 3,
        "Cy": 0,
    }


def test_surrounded_station_everyone_tied_for_second_takes_the_low_value():
    tiles = {"Ana": 7, "Ben": 2, "Cy": 2, "Dee": 1}
    assert coral_stations.surrounded_station_award(5, 2, tiles) == {
        "Ana": 5,
        "Ben": 2,
        "Cy": 2,
        "Dee": 0,
    }


def test_surrounded_station_everyone_tied_for_most_takes_high_and_nobody_low():
    assert coral_stations.surrounded_station_award(5, 2, {"Ana": 3, "Ben": 3, "Cy": 1}) == {
        "Ana": 5,
        "Ben": 5,
        "Cy": 0,
    }
    tiles = {"Ana": 4, "Ben": 4, "Cy": 4, "Dee": 2}
    assert coral_stations.surrounded_station_award(7, 3, tiles) == {
        "Ana": 7,
        "Ben": 7,
        "Cy": 7,
        "Dee": 0,
    }


def test_surrounded_station_a_lone_player_takes_only_the_high_value():
    assert coral_stations.surrounded_station_award(4, 2, {"Ana": 0, "Ben": 6, "Cy": 0}) == {
        "Ana": 0,
        "Ben": 4,
        "Cy": 0,
    }


def test_surrounded_station_with_no_adjacent_reefs_scores_nobody():
    assert coral_stations.surrounded_station_award(4, 2, {"Ana": 0, "Ben": 0}) == {
        "Ana": 0,
        "Ben": 0,
    }


# --- A station still open at the end ---------------------------------------------------------------


def test_open_station_most_takes_the_low_value_and_nobody_else_scores():
    assert coral_stations.open_station_award(3, {"Ana": 5, "Ben": 4, "Cy": 1}) == {
        "Ana": 3,
        "Ben": 0,
        "Cy": 0,
    }


def test_open_station_everyone_tied_for_most_takes_the_low_value():
    assert coral_stations.open_station_award(2, {"Ana": 4, "Ben": 4, "Cy": 1}) == {
        "Ana": 2,
        "Ben": 2,
        "Cy": 0,
    }


def test_open_station_a_lone_player_takes_the_low_value_and_zero_tiles_score_nothing():
    assert coral_stations.open_station_award(3, {"Ana": 0, "Ben": 1}) == {"Ana": 0, "Ben": 3}
    assert coral_stations.open_station_award(3, {"Ana": 0, "Ben": 0}) == {"Ana": 0, "Ben": 0}


# --- Events during play ------------------------------------------------------------------------------


def test_surfacing_scores_a_point_per_tile_and_per_clownfish_over_every_closed_reef():
    game = log_game(
        [
            {
                "type": "surfacing",
                "player": "Ana",
                "reefs": [{"tiles": 4, "clownfish": 2}, {"tiles": 1}, {"tiles": 3, "clownfish": 3}],
            }
        ]
    )
    sheet = sheet_of(game)
    # (4 + 2) + (1 + 0) + (3 + 3)
    assert totals(sheet) == {"Ana": 13, "Ben": 0, "Cy": 0}
    assert sheet["event_points"] == [{"Ana": 13}]


def test_each_discarded_tile_costs_3_points_and_a_total_can_go_below_zero():
    game = log_game(
        [
            {"type": "discard", "player": "Ben", "tiles": 2},
            {"type": "discard", "player": "Ben", "tiles": 1},
        ]
    )
    sheet = sheet_of(game)
    assert totals(sheet) == {"Ana": 0, "Ben": -9, "Cy": 0}
    assert sheet["players"][1]["breakdown"]["discards"] == -9
    assert ranks(sheet) == {"Ana": 1, "Ben": 3, "Cy": 1}


def test_event_points_name_only_the_players_who_score():
    names = ["Ana", "Ben", "Cy"]
    station = coral_stations.parse_event(
        {"type": "station", "high": 6, "low": 3, "tiles": {"Ana": 5, "Ben": 2, "Cy": 0}}, names
    )
    assert coral_stations.event_points(station) == {"Ana": 6, "Ben": 3}
    discard = coral_stations.parse_event({"type": "discard", "player": "Cy", "tiles": 2}, names)
    assert coral_stations.event_points(discard) == {"Cy": -6}
    surfacing = coral_stations.parse_event(
        {"type": "surfacing", "player": "Ben", "reefs": [{"tiles": 2, "clownfish": 1}]}, names
    )
    assert coral_stations.event_points(surfacing) == {"Ben": 3}
    empty = coral_stations.parse_event({"type": "station", "high": 4, "low": 1}, names)
    assert coral_stations.event_points(empty) == {}


# --- End of the game -----------------------------------------------------------------------------------


def test_end_scores_open_reefs_shells_shoals_and_open_stations():
    game = log_game(
        [],
        open_stations=[
            {"high": 5, "low": 2, "tiles": {"Ana": 3, "Ben": 3, "Cy": 1}},
            {"high": 6, "low": 3, "tiles": {"Cy": 2}},
        ],
    )
    game["final"]["Ana"] = {
        "open_reefs": [{"tiles": 5, "clownfish": 1}, {"tiles": 2, "clownfish": 0}],
        "shell_tiles": 2,
        "shoal_tiles": [3, 1],
    }
    game["final"]["Cy"] = {"open_reefs": [{"tiles": 1, "clownfish": 1}], "shell_tiles": 4}
    sheet = sheet_of(game)
    breakdowns = {p["name"]: p["breakdown"] for p in sheet["players"]}
    assert breakdowns["Ana"] == {
        "stations": 0,
        "surfacing": 0,
        "discards": 0,
        "open_stations": 2,
        "open_reefs": 6 + 2,
        "shells": 2,
        "shoals": 4,
    }
    assert breakdowns["Ben"]["open_stations"] == 2
    assert breakdowns["Cy"] == {
        "stations": 0,
        "surfacing": 0,
        "discards": 0,
        "open_stations": 3,
        "open_reefs": 2,
        "shells": 4,
        "shoals": 0,
    }
    assert totals(sheet) == {"Ana": 16, "Ben": 2, "Cy": 9}


# --- Counts entry -----------------------------------------------------------------------------------------


def test_counts_add_points_during_play_to_the_end_of_game_scoring():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {
            "Ana": {
                "points": 41,
                "open_reefs": [{"tiles": 3, "clownfish": 1}],
                "shell_tiles": 1,
                "shoal_tiles": [2],
            },
            "Ben": {"points": -2, "shell_tiles": 0},
        },
        "open_stations": [{"high": 8, "low": 4, "tiles": {"Ana": 1, "Ben": 2}}],
    }
    sheet = sheet_of(game)
    assert sheet["players"][0]["breakdown"] == {
        "points": 41,
        "open_stations": 0,
        "open_reefs": 4,
        "shells": 1,
        "shoals": 2,
    }
    assert totals(sheet) == {"Ana": 48, "Ben": 2}
    assert sheet["complete"] is True
    assert "event_points" not in sheet


def test_counts_entry_and_log_entry_give_the_same_result_for_the_same_game():
    log = json.loads((EXAMPLES / "coral-stations.json").read_text())
    # Points each player scored during the logged game: stations + surfacing + discards.
    points = {"Ana": 14 + 11 + 0, "Ben": 15 + 7 - 3, "Cleo": 7 + 7 - 6}
    counts = {
        "players": log["players"],
        "entry": "counts",
        "counts": {name: {"points": points[name], **log["final"][name]} for name in log["players"]},
        "open_stations": log["open_stations"],
    }
    from_log, from_counts = sheet_of(log), sheet_of(counts)
    assert totals(from_counts) == totals(from_log) == {"Ana": 37, "Ben": 37, "Cleo": 14}
    assert ranks(from_counts) == ranks(from_log) == {"Ana": 1, "Ben": 1, "Cleo": 3}
    assert from_counts["winners"] == from_log["winners"] == ["Ana", "Ben"]
    assert from_counts["notes"] == from_log["notes"]


# --- No tie-break: tied players share ---------------------------------------------------------------------


def test_tied_players_share_the_place_and_the_sheet_says_so():
    game = log_game(
        [
            {"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 5}]},
            {"type": "surfacing", "player": "Ben", "reefs": [{"tiles": 4, "clownfish": 1}]},
            {"type": "surfacing", "player": "Cy", "reefs": [{"tiles": 2}]},
        ]
    )
    sheet = sheet_of(game)
    assert ranks(sheet) == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert sheet["winners"] == ["Ana", "Ben"]
    assert sheet["notes"] == [
        "Ana and Ben tie on 5 points; the rules name no tie-break, so they share the place."
    ]


def test_a_tie_lower_down_shares_that_place():
    game = log_game(
        [
            {"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 6}]},
            {"type": "discard", "player": "Ben", "tiles": 1},
            {"type": "discard", "player": "Cy", "tiles": 1},
        ]
    )
    sheet = sheet_of(game)
    assert ranks(sheet) == {"Ana": 1, "Ben": 2, "Cy": 2}
    assert sheet["winners"] == ["Ana"]
    assert sheet["notes"] == [
        "Ben and Cy tie on -3 points; the rules name no tie-break, so they share the place."
    ]


# --- A log in progress --------------------------------------------------------------------------------------


def test_a_log_without_final_gives_running_totals_with_no_winner_yet():
    game = log_game(
        [
            {"type": "station", "high": 6, "low": 3, "tiles": {"Ana": 2, "Ben": 4}},
            {"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 2, "clownfish": 1}]},
        ]
    )
    del game["final"]
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 6, "Ben": 6, "Cy": 0}
    assert ranks(sheet) == {"Ana": 1, "Ben": 1, "Cy": 3}
    assert sheet["complete"] is False
    assert sheet["winners"] == []
    assert sheet["notes"] == [str(RUNNING_NOTE)]
    assert sheet["event_points"] == [{"Ana": 3, "Ben": 6}, {"Ana": 3}]


def test_open_stations_may_come_before_the_final_tally():
    # Entered from a player's final tally screen before any tally is saved.
    game = log_game([], open_stations=[{"high": 4, "low": 2, "tiles": {"Ana": 1}}])
    del game["final"]
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 2, "Ben": 0, "Cy": 0}  # the low value, to the most tiles
    assert sheet["complete"] is False and sheet["winners"] == []


def test_counts_entry_in_progress_scores_the_players_entered_so_far():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {"Ana": {"points": 30, "shell_tiles": 2}},
    }
    sheet = sheet_of(game, partial=True)
    assert totals(sheet) == {"Ana": 32, "Ben": 0}
    assert sheet["complete"] is False
    assert sheet["winners"] == []


# --- Research funds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("divers", "income"), [(1, 2), (2, 4), (3, 6), (4, 7), (5, 8)])
def test_research_funds_by_divers_on_the_player_board(divers, income):
    assert coral_stations.research_funds(divers, 0) == ResearchFunds(income, income, 0)


def test_research_funds_are_capped_at_12_and_the_rest_is_forfeited():
    assert coral_stations.research_funds(3, 5) == ResearchFunds(6, 11, 0)
    assert coral_stations.research_funds(3, 6) == ResearchFunds(6, 12, 0)
    assert coral_stations.research_funds(4, 9) == ResearchFunds(7, 12, 4)
    assert coral_stations.research_funds(5, 12) == ResearchFunds(8, 12, 8)


def test_research_funds_check_what_the_player_typed():
    with pytest.raises(InvalidInput) as caught:
        coral_stations.research_funds(6, 13)
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("divers_on_board", "Divers on your player board after surfacing cannot be more than 5."),
        ("money_before", "Money before surfacing cannot be more than 12."),
    ]
    with pytest.raises(InvalidInput) as caught:
        coral_stations.research_funds(None, -1)
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("divers_on_board", "Enter the divers on your player board after surfacing."),
        ("money_before", "Money before surfacing cannot be less than 0."),
    ]


# --- The docs example -----------------------------------------------------------------------------------------


def test_the_docs_example_scores_to_its_hand_worked_sheet():
    data = json.loads((EXAMPLES / "coral-stations.json").read_text())
    expected = json.loads((EXAMPLES / "coral-stations.sheet.json").read_text())
    assert sheet_of(data) == expected


# --- Validation -------------------------------------------------------------------------------------------------


def test_tiles_and_clownfish_cannot_be_negative():
    game = log_game(
        [
            {"type": "station", "high": 4, "low": 2, "tiles": {"Ana": -1}},
            {"type": "surfacing", "player": "Ben", "reefs": [{"tiles": 2, "clownfish": -1}]},
            {"type": "discard", "player": "Cy", "tiles": -2},
        ]
    )
    assert errors_of(game) == [
        (
            "events[0].tiles.Ana",
            "Event 1: Ana's coral tiles next to the station cannot be less than 0.",
        ),
        (
            "events[1].reefs[0].clownfish",
            "Event 2, closed reef 1: clownfish cannot be less than 0.",
        ),
        ("events[2].tiles", "Event 3: the discarded coral tiles cannot be less than 1."),
    ]


def test_a_reef_has_at_least_one_tile_and_no_more_clownfish_than_tiles():
    game = log_game(
        [{"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 2, "clownfish": 3}, {}]}]
    )
    game["final"]["Ben"]["open_reefs"] = [{"tiles": 0}, {"tiles": 1, "clownfish": 2}]
    assert errors_of(game) == [
        (
            "events[0].reefs[0].clownfish",
            "Event 1, closed reef 1: 3 clownfish on 2 coral tiles, but a tile shows at most one "
            "clownfish.",
        ),
        (
            "events[0].reefs[1].tiles",
            "Event 1, closed reef 2: coral tiles is missing: enter a whole number, at least 1.",
        ),
        ("final.Ben.open_reefs[0].tiles", "Ben, open reef 1: coral tiles cannot be less than 1."),
        (
            "final.Ben.open_reefs[1].clownfish",
            "Ben, open reef 2: 2 clownfish on 1 coral tile, but a tile shows at most one "
            "clownfish.",
        ),
    ]


def test_a_discard_discards_at_least_one_tile():
    game = log_game([{"type": "discard", "player": "Ana", "tiles": 0}])
    assert errors_of(game) == [
        ("events[0].tiles", "Event 1: the discarded coral tiles cannot be less than 1."),
    ]


def test_a_surfacing_closes_at_least_one_reef():
    game = log_game(
        [
            {"type": "surfacing", "player": "Ana", "reefs": []},
            {"type": "surfacing", "player": "Ben"},
        ]
    )
    assert errors_of(game) == [
        ("events[0].reefs", "Event 1: a surfacing closes at least one reef."),
        ("events[1].reefs", "Event 2: a surfacing closes at least one reef."),
    ]


def test_no_more_reefs_closed_or_open_than_a_players_five_divers():
    six = [{"tiles": 1}] * 6
    game = log_game([{"type": "surfacing", "player": "Ana", "reefs": six}])
    game["final"]["Cy"]["open_reefs"] = six
    assert errors_of(game) == [
        (
            "events[0].reefs",
            "Event 1: 6 reefs closed, but a player has only 5 divers, one on each reef.",
        ),
        (
            "final.Cy.open_reefs",
            "Cy has 6 open reefs, but each open reef holds one of a player's 5 divers.",
        ),
    ]


def test_a_station_high_value_is_at_least_its_low_value():
    game = log_game(
        [{"type": "station", "high": 2, "low": 3}],
        open_stations=[{"high": 1, "low": 4, "tiles": {}}, {"high": 3, "low": 3}],
    )
    assert errors_of(game) == [
        (
            "events[0].low",
            "Event 1: the low value (3) is more than the high value (2); check the station tile.",
        ),
        (
            "open_stations[0].low",
            "Open station 1: the low value (4) is more than the high value (1); check the "
            "station tile.",
        ),
    ]


def test_station_values_are_required():
    game = log_game([{"type": "station", "tiles": {"Ana": 2}}])
    assert errors_of(game) == [
        (
            "events[0].high",
            "Event 1: the high value is missing: enter a whole number, at least 0.",
        ),
        ("events[0].low", "Event 1: the low value is missing: enter a whole number, at least 0."),
    ]


def test_events_and_stations_must_name_players_in_the_game():
    game = log_game(
        [
            {"type": "discard", "player": "Zed", "tiles": 1},
            {"type": "station", "high": 4, "low": 2, "tiles": {"Zed": 3}},
        ],
        open_stations=[{"high": 4, "low": 2, "tiles": {"Bob": 1}}],
    )
    assert errors_of(game) == [
        ("events[0].player", "Event 1: 'Zed' is not playing; the players are Ana, Ben and Cy."),
        ("events[1].tiles.Zed", "Event 2: 'Zed' is not playing; the players are Ana, Ben and Cy."),
        (
            "open_stations[0].tiles.Bob",
            "Open station 1: 'Bob' is not playing; the players are Ana, Ben and Cy.",
        ),
    ]


def test_end_of_game_numbers_must_be_whole_numbers_of_zero_or_more():
    game = log_game([])
    game["final"]["Ana"] = {"shell_tiles": -1, "shoal_tiles": [2, -3, 1.5]}
    game["final"]["Ben"] = {"shoal_tiles": 4}
    assert errors_of(game) == [
        ("final.Ana.shell_tiles", "Ana's shell tiles cannot be less than 0."),
        ("final.Ana.shoal_tiles[1]", "Ana's shoal tile 2 cannot be less than 0."),
        ("final.Ana.shoal_tiles[2]", "Ana's shoal tile 3 must be a whole number."),
        (
            "final.Ben.shoal_tiles",
            "Ben's shoal tiles must be a list of the values printed on them.",
        ),
    ]


def test_counts_points_may_be_negative_but_must_be_whole():
    game: dict[str, Any] = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {"Ana": {"points": -6}, "Ben": {"points": "ten"}},
    }
    assert errors_of(game) == [
        ("counts.Ben.points", "Ben's points scored during play must be a whole number."),
    ]
    game["counts"]["Ben"]["points"] = 10
    assert totals(sheet_of(game)) == {"Ana": -6, "Ben": 10}


def test_a_finished_log_needs_the_final_tally_for_every_player():
    game = log_game([])
    del game["final"]
    assert errors_of(game) == [("final", "Final tally is missing: enter it for Ana, Ben and Cy.")]
    game["final"] = {"Ana": NOTHING_LEFT, "Ben": NOTHING_LEFT}
    assert errors_of(game) == [("final.Cy", "Final tally: nothing is entered for Cy.")]


def test_unknown_fields_and_event_types_are_named():
    game = log_game(
        [
            {"type": "planting", "player": "Ana"},
            {"type": "discard", "player": "Ana", "tiles": 1, "why": "full"},
        ]
    )
    game["final"]["Ana"]["points"] = 3
    game["counts"] = {}
    assert errors_of(game) == [
        (
            "counts",
            "A Coral Stations game entered as log has no 'counts'; expected one of: players, "
            "entry, events, final, open_stations.",
        ),
        ("events[0].type", "Event 1 needs a type, one of: station, surfacing, discard."),
        ("events[1].why", "Event 2 has no 'why'; expected one of: type, player, tiles."),
        (
            "final.Ana.points",
            "Ana's entry has no 'points'; expected one of: open_reefs, shell_tiles, shoal_tiles.",
        ),
    ]


@pytest.mark.parametrize(
    ("players", "given"),
    [(["Ana"], "1 was given"), (["Ana", "Ben", "Cy", "Dee", "Eve"], "5 were given")],
)
def test_coral_stations_is_for_2_to_4_players(players, given):
    game = {"players": players, "entry": "log", "events": []}
    assert errors_of(game, partial=True) == [
        ("players", f"Coral Stations is for 2 to 4 players; {given}."),
    ]


def test_a_single_event_is_checked_on_its_own_for_the_entry_form():
    with pytest.raises(InvalidInput) as caught:
        coral_stations.parse_event({"type": "surfacing", "player": "Ana"}, ["Ana", "Ben"])
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("event.reefs", "The event: a surfacing closes at least one reef."),
    ]


# --- numbers no table holds (found by tests/test_properties.py) -------------------------


def test_points_no_table_holds_are_refused_not_a_crash():
    # 9…9 (4300 digits) points plus a shell tile made a total JSON could not be written
    # with: the API answered 500 instead of naming the field.
    huge = int("9" * 4300)
    data = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {"Ana": {"points": huge, "shell_tiles": 1}, "Ben": {"points": 0}},
    }
    assert errors_of(data) == [
        ("counts.Ana.points", "Ana's points scored during play cannot be more than 1000000.")
    ]


# --- Explanations (docs/games/coral-stations.md, "Explanations") --------------------------------


def explain_of(sheet: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return next(p["explain"] for p in sheet["players"] if p["name"] == name)


def test_discards_are_a_negative_line_naming_each_discard():
    events = [
        {"type": "discard", "player": "Cy", "tiles": 1},
        {"type": "discard", "player": "Ana", "tiles": 4},
        {"type": "discard", "player": "Cy", "tiles": 2},
    ]
    sheet = sheet_of(log_game(events))
    assert explain_of(sheet, "Cy") == [
        {
            "line": "discards",
            "text": "Discarded coral tiles: 1 tile × -3 = -3; 2 tiles × -3 = -6; -3 - 6 = -9",
            "points": -9,
            "events": [1, 3],
        }
    ]
    # No tie-break in this rulebook, and Ben, who scored nothing, has nothing to explain.
    assert explain_of(sheet, "Ben") == []


def test_everyone_tied_for_most_takes_the_high_value_and_the_rest_nothing():
    events = [{"type": "station", "high": 6, "low": 3, "tiles": {"Ana": 4, "Ben": 4, "Cy": 2}}]
    sheet = sheet_of(log_game(events))
    assert explain_of(sheet, "Ben") == [
        {
            "line": "stations",
            "text": "Surrounded stations: station 6/3, tied for most coral tiles (4) "
            "→ the high value, 6",
            "points": 6,
            "events": [1],
        }
    ]
    assert explain_of(sheet, "Cy") == []


def test_a_station_with_a_zero_low_value_names_nobody_second():
    events = [{"type": "station", "high": 4, "low": 0, "tiles": {"Ana": 4, "Ben": 1}}]
    sheet = sheet_of(log_game(events))
    assert explain_of(sheet, "Ben") == []


def test_counts_explain_points_held_and_what_is_left_at_the_end_naming_no_events():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {
            "Ana": {
                "points": -4,
                "open_reefs": [{"tiles": 1}],
                "shell_tiles": 0,
                "shoal_tiles": [0],
            },
            "Ben": {"points": 12, "open_reefs": [], "shell_tiles": 1, "shoal_tiles": [2, 4]},
        },
        "open_stations": [
            {"high": 5, "low": 2, "tiles": {"Ana": 1, "Ben": 3}},
            {"high": 6, "low": 3, "tiles": {"Ana": 2, "Ben": 2}},
        ],
    }
    sheet = sheet_of(game)
    assert explain_of(sheet, "Ana") == [
        {
            "line": "points",
            "text": "Points scored during play: -4 on the score track",
            "points": -4,
        },
        {
            "line": "open_stations",
            "text": "Open stations at the end: open station 2 (6/3), tied for most coral tiles "
            "(2) → the low value, 3",
            "points": 3,
        },
        {"line": "open_reefs", "text": "Open reefs at the end: reef of 1 tile → 1", "points": 1},
    ]
    ben = {e["line"]: e["text"] for e in explain_of(sheet, "Ben")}
    assert ben["open_stations"] == (
        "Open stations at the end: open station 1 (5/2), most coral tiles (3) → the low value, 2; "
        "open station 2 (6/3), tied for most coral tiles (2) → the low value, 3; 2 + 3 = 5"
    )
    assert ben["shells"] == "Shell tiles: 1 tile × 1 = 1"
    assert ben["shoals"] == "Shoal tiles: 2 tiles printed 2 + 4 = 6"


def test_five_open_reefs_are_the_most_five_divers_can_hold():
    """Each open reef holds one of the player's 5 divers (the rulebook's diver count)."""
    reef = {"tiles": 1, "clownfish": 0}
    game = log_game([])
    game["final"]["Ana"] = {**NOTHING_LEFT, "open_reefs": [reef] * 5}
    coral_stations.parse(game)
    game["final"]["Ana"]["open_reefs"] = [reef] * 6
    assert errors_of(game) == [
        (
            "final.Ana.open_reefs",
            "Ana has 6 open reefs, but each open reef holds one of a player's 5 divers.",
        )
    ]


@pytest.mark.parametrize(
    ("open_reefs", "field", "message"),
    [
        (
            "x",
            "final.Ana.open_reefs",
            "Ana: open reefs must be a list of reefs, each with its tiles and clownfish.",
        ),
        (
            [{"tiles": 1, "fish": 0}],
            "final.Ana.open_reefs[0].fish",
            "Ana, open reef 1 has no 'fish'; expected one of: tiles, clownfish.",
        ),
        (["x"], "final.Ana.open_reefs[0]", "Ana, open reef 1 must be an object of named values."),
    ],
)
def test_an_open_reef_refused_says_where_and_why(open_reefs, field, message):
    game = log_game([])
    game["final"]["Ana"] = {**NOTHING_LEFT, "open_reefs": open_reefs}
    assert (field, message) in errors_of(game)


def test_the_game_and_its_open_stations_must_be_what_they_say():
    assert ("", "The game must be an object of named values.") in errors_of("nope")
    game = log_game([])
    game["open_stations"] = "x"
    assert errors_of(game) == [("open_stations", "Open stations must be a list of stations.")]


# --- Refusals word for word, and what a log still being entered holds ---------------------------


def messages(data: Any, *, partial: bool = False) -> dict[str, str]:
    return dict(errors_of(data, partial=partial))


def test_a_game_read_without_saying_so_is_a_finished_one():
    game = log_game([])
    del game["final"]
    with pytest.raises(InvalidInput):
        coral_stations.parse(game)
    assert coral_stations.parse(game, partial=True).entry.complete is False


def test_a_log_still_being_entered_explains_no_end_of_game_lines():
    station = {"type": "station", "high": 6, "low": 3, "tiles": {"Ana": 2}}
    game = log_game([station])
    del game["final"]
    ana = sheet_of(game, partial=True)["players"][0]
    assert [e["line"] for e in ana["explain"]] == ["stations"]
    assert ana["breakdown"]["shells"] == 0


def test_an_end_entry_that_is_not_an_object_is_named():
    game = log_game([])
    game["final"]["Ana"] = 4
    assert messages(game) == {"final.Ana": "Ana's entry must be an object of named values."}


def test_open_stations_are_objects_of_their_three_values():
    game = log_game([], open_stations=[6, {"high": 6, "low": 3, "tiles": {}, "colour": "red"}])
    assert messages(game) == {
        "open_stations[0]": "Open station 1 must be an object of named values.",
        "open_stations[0].high": "Open station 1: the high value is missing: enter a whole "
        "number, at least 0.",
        "open_stations[0].low": "Open station 1: the low value is missing: enter a whole number, "
        "at least 0.",
        "open_stations[1].colour": "Open station 2 has no 'colour'; expected one of: high, low, "
        "tiles.",
    }


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [
        (
            {"type": "station", "high": 6, "low": 3, "tiles": {}, "colour": "red"},
            "events[0].colour",
            "Event 1 has no 'colour'; expected one of: type, high, low, tiles.",
        ),
        (
            {"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 1}], "money": 4},
            "events[0].money",
            "Event 1 has no 'money'; expected one of: type, player, reefs.",
        ),
        (
            {"type": "surfacing", "player": "Zed", "reefs": [{"tiles": 1}]},
            "events[0].player",
            "Event 1: 'Zed' is not playing; the players are Ana, Ben and Cy.",
        ),
    ],
    ids=["station-key", "surfacing-key", "surfacing-player"],
)
def test_an_event_names_its_field_and_its_rule(event, field, message):
    assert messages(log_game([event])) == {field: message}


def test_a_player_closes_at_most_their_5_reefs_at_once():
    five = [{"tiles": 1}] * 5
    game = log_game([{"type": "surfacing", "player": "Ana", "reefs": five}])
    assert totals(sheet_of(game)) == {"Ana": 5, "Ben": 0, "Cy": 0}
    game["events"][0]["reefs"] = [{"tiles": 1}] * 6
    assert messages(game) == {
        "events[0].reefs": "Event 1: 6 reefs closed, but a player has only 5 divers, one on "
        "each reef."
    }


def test_research_funds_need_a_diver_on_the_board_after_surfacing():
    # Surfacing closes at least one reef, so at least one diver is back on the board.
    with pytest.raises(InvalidInput) as caught:
        coral_stations.research_funds(0, 3)
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("divers_on_board", "Divers on your player board after surfacing cannot be less than 1.")
    ]


# --- In German and French (docs/languages.md) -----------------------------------------------


def refused_in(language: str, data: Any) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        coral_stations.parse(data)
    return {error.field: render(error.words, language) for error in caught.value.errors}


def explained_in(language: str, data: Any, name: str) -> list[str]:
    sheet = coral_stations.score(coral_stations.parse(data))
    player = next(p for p in sheet.players if p.name == name)
    return [render(line.text, language) for line in player.explain]


def test_a_reef_and_an_end_entry_are_refused_in_german_and_french():
    game = log_game(
        [{"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 1, "clownfish": 3}]}]
    )
    game["final"]["Ben"]["shell_tiles"] = "two"
    assert refused_in("de", game) == {
        "events[0].reefs[0].clownfish": "Ereignis 1, geschlossenes Riff 1: 3 Clownfische auf "
        "1 Korallenplättchen, aber jedes Plättchen zeigt höchstens einen Clownfisch.",
        "final.Ben.shell_tiles": "Muschelplättchen von Ben: bitte eine ganze Zahl eingeben.",
    }
    assert refused_in("fr", game) == {
        "events[0].reefs[0].clownfish": "Événement 1, récif fermé 1\u00a0: 3 poissons-clowns sur "
        "1 tuile corail, mais une tuile montre au plus un poisson-clown.",
        "final.Ben.shell_tiles": "Tuiles coquillage de Ben\u00a0: saisissez un nombre entier.",
    }


def test_too_many_reefs_are_refused_with_their_plural_in_german_and_french():
    game = log_game([{"type": "surfacing", "player": "Ana", "reefs": [{"tiles": 1}] * 6}])
    game["open_stations"] = [{"high": 2, "low": 3}]
    assert refused_in("de", game) == {
        "events[0].reefs": "Ereignis 1: 6 Riffe geschlossen, aber ein Spieler hat nur 5 Taucher, "
        "einen auf jedem Riff.",
        "open_stations[0].low": "Offene Station 1: Der niedrige Wert (3) ist größer als der hohe "
        "Wert (2); prüfe das Stationsplättchen.",
    }
    assert refused_in("fr", game) == {
        "events[0].reefs": "Événement 1\u00a0: 6 récifs fermés, mais un joueur n’a que 5 "
        "plongeurs, un sur chaque récif.",
        "open_stations[0].low": "Station ouverte 1\u00a0: la valeur basse (3) dépasse la valeur "
        "haute (2)\u202f; vérifiez la tuile station.",
    }


def test_stations_reefs_and_shoals_are_explained_in_german_and_french():
    game = log_game(
        [{"type": "station", "high": 6, "low": 3, "tiles": {"Ana": 2, "Ben": 2, "Cy": 5}}],
        open_stations=[{"high": 5, "low": 2, "tiles": {"Ana": 1}}],
    )
    game["final"]["Ana"] = {
        "open_reefs": [{"tiles": 1, "clownfish": 1}, {"tiles": 3, "clownfish": 2}],
        "shell_tiles": 0,
        "shoal_tiles": [2, 4],
    }
    assert explained_in("en", game, "Ana") == [
        "Surrounded stations: station 6/3, tied for second most coral tiles (2) → the low value, 3",
        "Open stations at the end: open station 1 (5/2), most coral tiles (1) → the low value, 2",
        "Open reefs at the end: reef of 1 tile + 1 clownfish → 2; "
        "reef of 3 tiles + 2 clownfish → 5; 2 + 5 = 7",
        "Shoal tiles: 2 tiles printed 2 + 4 = 6",
    ]
    assert explained_in("de", game, "Ana") == [
        "Umschlossene Stationen: Station 6/3, die zweitmeisten Korallenplättchen (2), gleichauf "
        "→ der niedrige Wert, 3",
        "Offene Stationen am Ende: offene Station 1 (5/2), die meisten Korallenplättchen (1) "
        "→ der niedrige Wert, 2",
        "Offene Riffe am Ende: Riff aus 1 Plättchen + 1 Clownfisch → 2; "
        "Riff aus 3 Plättchen + 2 Clownfische → 5; 2 + 5 = 7",
        "Schwarmplättchen: 2 Plättchen mit den Werten 2 + 4 = 6",
    ]
    assert explained_in("fr", game, "Ana") == [
        "Stations entourées\u00a0: station 6/3, à égalité pour le deuxième plus grand nombre "
        "de tuiles corail (2) → la valeur basse, 3",
        "Stations ouvertes en fin de partie\u00a0: station ouverte 1 (5/2), le plus de tuiles "
        "corail (1) → la valeur basse, 2",
        "Récifs ouverts en fin de partie\u00a0: récif de 1 tuile + 1 poisson-clown → 2\u202f; "
        "récif de 3 tuiles + 2 poissons-clowns → 5\u202f; 2 + 5 = 7",
        "Tuiles banc de poissons\u00a0: 2 tuiles valant 2 + 4 = 6",
    ]


def test_points_held_and_research_funds_read_in_german_and_french():
    counts = {"Ana": {"points": -4}, "Ben": {"points": 1, "shoal_tiles": [3]}}
    game = {"players": ["Ana", "Ben"], "entry": "counts", "counts": counts}
    assert explained_in("de", game, "Ben") == [
        "Punkte während des Spiels: 1 auf der Punkteleiste",
        "Schwarmplättchen: 1 Plättchen mit dem Wert 3 = 3",
    ]
    assert explained_in("fr", game, "Ben") == [
        "Points marqués en cours de partie\u00a0: 1 sur la piste de score",
        "Tuiles banc de poissons\u00a0: 1 tuile valant 3 = 3",
    ]
    with pytest.raises(InvalidInput) as caught:
        coral_stations.research_funds(None, 13)
    assert [render(e.words, "fr") for e in caught.value.errors] == [
        "Saisissez les plongeurs présents sur votre plateau après la remontée.",
        "Argent avant la remontée\u00a0: au plus 12.",
    ]
