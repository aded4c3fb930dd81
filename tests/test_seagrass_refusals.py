"""Seagrass's reef calculator and its refusals, word for word (pure Python).

tests/test_seagrass.py pins the rules; this file pins the stand-alone reef calculator the
table uses when a reef is completed, and each sentence a refused game or event says.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import seagrass
from games.contract import InvalidInput
from games.words import render


def refused(call: Any, data: Any, **kwargs: Any) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        call(data, **kwargs)
    return {e.field: e.message for e in caught.value.errors}


def refused_in(language: str, call: Any, data: Any, **kwargs: Any) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        call(data, **kwargs)
    return {e.field: render(e.words, language) for e in caught.value.errors}


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


def explained_in(language: str, game: dict[str, Any], name: str) -> list[str]:
    player = next(p for p in seagrass.score(seagrass.parse(game)).players if p.name == name)
    return [render(line.text, language) for line in player.explain]


# --- In German and French (docs/languages.md) -----------------------------------------------


def test_the_calculator_names_the_reef_and_the_player_in_german_and_french():
    reef = {"players": ["Ana", "Ben"], "size": 0, "adjacent": {"Ana": -1}}
    assert refused_in("de", seagrass.reef_award_calculator, reef) == {
        "size": "Das Riff: Größe des Riffs: mindestens 1.",
        "adjacent.Ana": "Das Riff: angrenzende Meerestiere von Ana: mindestens 0.",
    }
    assert refused_in("fr", seagrass.reef_award_calculator, reef) == {
        "size": "Le récif\u00a0: taille du récif\u00a0: au moins 1.",
        "adjacent.Ana": "Le récif\u00a0: créatures adjacentes de Ana\u00a0: au moins 0.",
    }


def test_an_end_entry_names_the_player_and_the_expansion_in_german_and_french():
    data = log_game([])
    data["final"]["Ana"] = {"discovery_tokens": 2, "unplayed_tiles": "x"}
    assert refused_in("de", seagrass.parse, data) == {
        "final.Ana.discovery_tokens": "Ana hat Entdeckungsmarker, aber diese Partie wird ohne "
        "die Entdeckungs-Erweiterung gespielt: Schalte sie ein oder gib 0 ein.",
        "final.Ana.unplayed_tiles": "Ungespielte Plättchen von Ana: bitte eine ganze Zahl eingeben.",
    }
    assert refused_in("fr", seagrass.parse, data) == {
        "final.Ana.discovery_tokens": "Ana a des jetons Découverte, mais cette partie se joue "
        "sans l’extension Découverte\u00a0: activez-la ou saisissez 0.",
        "final.Ana.unplayed_tiles": "Tuiles non jouées de Ana\u00a0: saisissez un nombre entier.",
    }


@pytest.mark.parametrize(
    ("sets", "held", "english", "german", "french"),
    [
        (
            1,
            21,
            "hold 21 and returned 1 full set of 4: 25 in all.",
            "besitzen 21 und gaben 1 vollständigen Satz zu 4 zurück: zusammen 25.",
            "en détiennent 21 et ont rendu 1 série complète de 4\u00a0: 25 en tout.",
        ),
        (
            2,
            17,
            "hold 17 and returned 2 full sets of 4: 25 in all.",
            "besitzen 17 und gaben 2 vollständige Sätze zu 4 zurück: zusammen 25.",
            "en détiennent 17 et ont rendu 2 séries complètes de 4\u00a0: 25 en tout.",
        ),
    ],
)
def test_tokens_beyond_the_box_count_the_returned_sets_in_every_language(
    sets, held, english, german, french
):
    # 2 players: 6 reefs with 4 tokens each, 24 in play; one more is held than that.
    data = log_game(
        [{"type": "discovery_set", "player": "Ana"}] * sets, options={"discovery": True}
    )
    data["final"]["Ana"]["discovery_tokens"] = held - 3
    data["final"]["Ben"]["discovery_tokens"] = 3
    assert refused(seagrass.parse, data) == {
        "final": "With 2 players 24 discovery tokens are in play (4 on each of the 6 reefs), "
        f"but the players {english}"
    }
    assert refused_in("de", seagrass.parse, data) == {
        "final": "Bei 2 Spielern sind 24 Entdeckungsmarker im Spiel (4 auf jedem der 6 Riffe), "
        f"aber die Spieler {german}"
    }
    assert refused_in("fr", seagrass.parse, data) == {
        "final": "À 2 joueurs, 24 jetons Découverte sont en jeu (4 sur chacun des 6 récifs), "
        f"mais les joueurs {french}"
    }


def test_an_event_s_colony_is_refused_in_german_and_french():
    event = {"type": "colony", "player": "Ana", "creatures": 0}
    players = ["Ana", "Ben"]
    assert refused_in("de", seagrass.parse_event, event, players=players, discovery=False) == {
        "event.creatures": "Das Ereignis: Anzahl der Meerestiere in der Kolonie: mindestens 1."
    }
    assert refused_in("fr", seagrass.parse_event, event, players=players, discovery=False) == {
        "event.creatures": "L’événement\u00a0: nombre de créatures de la colonie\u00a0: au moins 1."
    }


def test_a_refused_number_of_players_is_not_counted_against_the_reefs_and_tokens():
    # One player would play with 3 reefs and hold at most 9 tokens; but no game is played
    # by one, so only the number of players is refused.
    data = log_game([{"type": "reef", "size": 2, "adjacent": {}}] * 4, options={"discovery": True})
    data["players"] = ["Ana"]
    data["final"] = {"Ana": {"discovery_tokens": 10, "unplayed_tiles": 0}}
    assert refused(seagrass.parse, data) == {
        "players": "Seagrass is for 2 to 4 players; 1 was given."
    }


def test_colonies_and_reefs_are_explained_in_german_and_french():
    events = [
        {"type": "colony", "player": "Ana", "creatures": 1},
        {"type": "colony", "player": "Ben", "creatures": 4},
        {"type": "colony", "player": "Ben", "creatures": 6},
        {"type": "reef", "size": 7, "adjacent": {"Ana": 3, "Ben": 3}},
        {"type": "reef", "size": 1, "adjacent": {"Ben": 2}},
    ]
    game = log_game(events)
    assert explained_in("en", game, "Ana")[:2] == [
        "Colonies: a colony of 1 creature → 1",
        "Completed reefs: reef of 7 tiles (5 or more), tied for most creatures (3), "
        "24 + 12 = 36 split 2 ways → 18",
    ]
    assert explained_in("de", game, "Ana")[:2] == [
        "Kolonien: eine Kolonie aus 1 Meerestier → 1",
        "Fertige Riffe: Riff aus 7 Plättchen (5 oder mehr), die meisten Meerestiere (3), "
        "gleichauf, 24 + 12 = 36 durch 2 geteilt → 18",
    ]
    assert explained_in("fr", game, "Ana")[:2] == [
        "Colonies\u00a0: une colonie de 1 créature → 1",
        "Récifs complétés\u00a0: récif de 7 tuiles (5 ou plus), à égalité pour le plus de "
        "créatures (3), 24 + 12 = 36 partagés entre 2 → 18",
    ]
    assert explained_in("de", game, "Ben")[0] == (
        "Kolonien: 2 Kolonien, ein Punkt je Meerestier: 4 + 6 = 10"
    )
    assert explained_in("fr", game, "Ben")[0] == (
        "Colonies\u00a0: 2 colonies, un point par créature\u00a0: 4 + 6 = 10"
    )


def test_point_tokens_are_explained_in_german_and_french():
    game = {
        "players": ["Ana", "Ben"],
        "entry": "counts",
        "counts": {name: {"points": 41, "unplayed_tiles": 0} for name in ("Ana", "Ben")},
    }
    assert explained_in("de", game, "Ana")[0] == "Punktemarker: 41 während der Partie erhalten"
    assert explained_in("fr", game, "Ana")[0] == "Jetons de points\u00a0: 41 pris pendant la partie"
