"""Reef Draft's codec: each seat's entry is ``{"rounds": {"1": reef, "2": reef, ...}}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import reef_draft
from games.reef_draft.data import ROUNDS
from games.reef_draft.random_game import random_input
from scorepad.codecs import Codec, StoredPlay
from scorepad.entries import PlayState


def to_input(state: PlayState) -> dict[str, Any]:
    """A round counts once anyone has entered it."""
    rounds = {name: entry.get("rounds", {}) for name, entry in state.entries.items()}
    entered = {int(number) for player_rounds in rounds.values() for number in player_rounds}
    # One round past the last is enough for the game to refuse the lot: a file's
    # "round 100000000" would otherwise be a hundred million rounds to build.
    last = min(max(entered, default=0), ROUNDS + 1)
    return {
        "players": state.players,
        "options": dict(state.options),
        "rounds": [
            {
                name: rounds[name][str(number)]
                for name in state.players
                if str(number) in rounds[name]
            }
            for number in range(1, last + 1)
        ],
    }


def from_input(data: Mapping[str, Any]) -> StoredPlay:
    players = list(data["players"])
    entries = {
        name: {
            "rounds": {
                str(number): reefs[name]
                for number, reefs in enumerate(data["rounds"], 1)
                if name in reefs
            }
        }
        for name in players
    }
    options = {**reef_draft.INFO.default_options(), **data.get("options", {})}
    return StoredPlay(players, "standard", options, entries)


def waiting_for_the_first_seat(data: dict[str, Any]) -> dict[str, Any]:
    """Every round in but the first seat's last reef."""
    first = data["players"][0]
    last = {name: reef for name, reef in data["rounds"][-1].items() if name != first}
    return {**data, "rounds": [*data["rounds"][:-1], last]}


CODEC = Codec(
    game=reef_draft,
    to_input=to_input,
    from_input=from_input,
    in_progress=waiting_for_the_first_seat,
    random_input=random_input,
)
CODECS = [CODEC]
