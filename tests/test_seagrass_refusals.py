"""Seagrass's reef calculator and its refusals, word for word (pure Python).

tests/test_seagrass.py pins the rules; this file pins the stand-alone reef calculator the
table uses when a reef is completed, and each sentence a refused game or event says.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import seagrass
from games.contract import InvalidInput


def refused(call: Any, data: Any, **kwargs: Any) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        call(data, **kwargs)
    return {e.field: e.message for e in caught.value.errors}


def log_game(events: list[dict], **more: Any) -> dict[str, Any]:
    final = {name: {"discovery_tokens": 0, "unplayed_tiles": 0} for name in ("Ana", "Ben")}
    return {"players": ["Ana", "Ben"], "entry": "log", "events": events, "final": final, **more}


# --- The reef calculator ------------------------------------------------------------------


def test_the_calculator_gives_most_and_second_most():
    # A 4-tile reef: 16 for most creatures, 8 for second most (the rulebook's table).
    reef = {"players": ["Ana", "Ben", "Cy"], "size": 4, "adjacent": {"Ana": 5, "Ben": 2}}
    assert seagrass.reef_award_calculator(reef) == {"Ana": 16, "Ben": 8, "Cy": 0}


def test_the_calculator_applies_the_half_rule_with_two_players_in_the_game():
    # 2 creatures are less than half of Ana's 5: Ben scores nothing.
    reef = {"players": ["Ana", "Ben"], "size": 4, "adjacent": {"Ana": 5, "Ben": 2}}
    assert seagrass.reef_award_calculator(reef) == {"Ana": 16, "Ben": 0}


def test_the_calculator_reads_a_reef_of_5_or_more_tiles_on_the_last_row():
    reef = {"players": ["Ana", "Ben", "Cy"], "size": 9, "adjacent": {"Ana": 3, "Cy": 3}}
    # Tied for most: 24 + 12 = 36 shared, 18 each.
    assert seagrass.reef_award_calculator(reef) == {"Ana": 18, "Ben": 0, "Cy": 18}


def test_a_reef_that_is_not_an_object_asks_for_its_players():
    assert refused(seagrass.reef_award_calculator, ["Ana", 4]) == {
        "": "The reef must be an object of named values.",
        "players": "Players must be a list of names.",
    }


def test_a_reef_has_no_key_of_its_own_making():
    reef = {"players": ["Ana", "Ben"], "size": 2, "adjacent": {}, "colour": "blue"}
    assert refused(seagrass.reef_award_calculator, reef) == {
        "colour": "The reef has no 'colour'; expected one of: players, size, adjacent."
    }


def test_the_calculator_needs_two_to_four_players():
    reef = {"players": ["Ana"], "size": 2, "adjacent": {"Ana": 1}}
    assert refused(seagrass.reef_award_calculator, reef) == {
        "players": "Seagrass is for 2 to 4 players; 1 was given."
    }


def test_the_calculator_names_each_bad_reef_field_without_a_leading_dot():
    reef = {"players": ["Ana", "Ben"], "size": 0, "adjacent": {"Ana": -1, "Zed": 2}}
    assert refused(seagrass.reef_award_calculator, reef) == {
        "size": "The reef: the reef size cannot be less than 1.",
        "adjacent.Ana": "The reef: Ana's creatures next to the reef cannot be less than 0.",
        "adjacent.Zed": "The reef: 'Zed' is not playing; the players are Ana and Ben.",
    }


def test_the_calculator_needs_the_reef_size():
    reef = {"players": ["Ana", "Ben"], "adjacent": {"Ana": 2}}
    assert refused(seagrass.reef_award_calculator, reef) == {
        "size": "The reef: the reef size is missing: enter a whole number, at least 1."
    }


# --- The game ---------------------------------------------------------------------------------


def test_a_game_that_is_not_an_object_is_named():
    found = refused(seagrass.parse, "Ana and Ben")
    assert found[""] == "The game must be an object of named values."


def test_options_are_an_object_of_known_options():
    assert refused(seagrass.parse, log_game([], options=["discovery"])) == {
        "options": "Options must be an object of named values."
    }
    assert refused(seagrass.parse, log_game([], options={"expansion": "true"})) == {
        "options.expansion": "Options has no 'expansion'; expected one of: discovery."
    }


def test_the_discovery_option_is_read_from_the_form_s_values_too():
    assert seagrass.parse(log_game([], options={"discovery": "true"})).discovery is True
    assert seagrass.parse(log_game([], options={"discovery": "false"})).discovery is False
    assert seagrass.parse(log_game([])).discovery is False


def test_a_discovery_option_that_cannot_be_read_is_read_as_off():
    data = log_game([], options={"discovery": "yes"})
    data["final"]["Ana"]["discovery_tokens"] = 2
    assert refused(seagrass.parse, data) == {
        "options.discovery": "Discovery expansion must be true (on) or false (off).",
        "final.Ana.discovery_tokens": "Ana has discovery tokens, but this game is played "
        "without the Discovery expansion: turn it on or enter 0.",
    }


def test_a_game_read_without_saying_so_is_a_finished_one():
    data = log_game([])
    del data["final"]
    with pytest.raises(InvalidInput):
        seagrass.parse(data)
    assert seagrass.parse(data, partial=True).entry.complete is False


def test_an_end_entry_that_is_not_an_object_is_named():
    data = log_game([])
    data["final"]["Ana"] = 3
    assert refused(seagrass.parse, data) == {
        "final.Ana": "Ana's entry must be an object of named values."
    }


def test_discovery_tokens_are_a_whole_number():
    data = log_game([], options={"discovery": True})
    data["final"]["Ana"]["discovery_tokens"] = "three"
    assert refused(seagrass.parse, data) == {
        "final.Ana.discovery_tokens": "Ana's discovery tokens must be a whole number."
    }


def test_tokens_refused_as_too_many_are_not_counted_in_the_box():
    # 3 players: 9 reefs, 36 tokens in play; a player holds at most 3 of each reef's
    # 4 creature types: 27. Ben's 27, Cy's 5 and the 4 of a returned set fill the box
    # exactly, so Ana's refused 28 must not be counted as any token at all.
    data = log_game([{"type": "discovery_set", "player": "Ben"}], options={"discovery": True})
    data["players"].append("Cy")
    data["final"] = {
        "Ana": {"discovery_tokens": 28},
        "Ben": {"discovery_tokens": 27},
        "Cy": {"discovery_tokens": 5},
    }
    assert refused(seagrass.parse, data) == {
        "final.Ana.discovery_tokens": "Ana cannot hold 28 discovery tokens: with 3 players at "
        "most 27 can be held without completing a set."
    }


@pytest.mark.parametrize(
    ("event", "field", "message"),
    [
        (
            {"type": "reef", "size": 2, "adjacent": {}, "tiles": 2},
            "events[0].tiles",
            "Event 1 has no 'tiles'; expected one of: type, size, adjacent.",
        ),
        (
            {"type": "discovery_set", "player": "Ana", "tokens": 4},
            "events[0].tokens",
            "Event 1 has no 'tokens'; expected one of: type, player.",
        ),
    ],
)
def test_an_event_has_no_key_of_its_own_making(event, field, message):
    data = log_game([event], options={"discovery": True})
    assert refused(seagrass.parse, data) == {field: message}


# --- Explanations --------------------------------------------------------------------------


def test_a_sole_leader_takes_the_most_award_alone():
    reef = {"type": "reef", "size": 3, "adjacent": {"Ana": 6, "Ben": 5}}
    sheet = seagrass.score(seagrass.parse(log_game([reef]))).to_json()
    ana = next(p for p in sheet["players"] if p["name"] == "Ana")
    reefs = next(e for e in ana["explain"] if e["line"] == "reefs")
    assert reefs["text"] == "Completed reefs: reef of 3 tiles, most creatures (6) → 8"
