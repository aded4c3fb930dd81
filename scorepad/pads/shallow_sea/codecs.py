"""Shallow Sea's codec. The setup, achievement mode and entry kind are the play's
options (``{"setup", "achievement", "entry"}``); each seat's entry keeps its ocean
under ``"board"`` or its paper-pad column under ``"sheet"``, and the play's entry
kind says which one counts."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games import shallow_sea
from games.shallow_sea.data import CORAL_VPS
from games.shallow_sea.random_game import random_input
from scorepad.codecs import Codec, StoredPlay
from scorepad.entries import PlayState


def to_input(state: PlayState) -> dict[str, Any]:
    entry = state.options.get("entry", "board")
    key = "boards" if entry == "board" else "sheets"
    return {
        "players": state.players,
        "mode": state.mode,
        "setup": dict(state.options.get("setup", {})),
        "achievement": state.options.get("achievement"),
        "entry": entry,
        key: {name: e[entry] for name, e in state.entries.items() if entry in e},
    }


def from_input(data: Mapping[str, Any]) -> StoredPlay:
    entry = data.get("entry", "board")
    kept = data.get("boards" if entry == "board" else "sheets", {})
    options = {
        "setup": dict(data.get("setup", {})),
        "achievement": data.get("achievement"),
        "entry": entry,
    }
    return StoredPlay(
        players=list(data["players"]),
        mode=data.get("mode", "standard"),
        options=options,
        entries={name: {entry: kept[name]} for name in data["players"] if name in kept},
    )


def vary_corals(data: dict[str, Any], rng: Random) -> dict[str, Any]:
    """Each completed coral prints other VPs."""
    boards = {
        name: {
            **board,
            "tiles": {
                space: {**tile, "vp": rng.choice(CORAL_VPS)} if tile["kind"] == "coral" else tile
                for space, tile in board["tiles"].items()
            },
        }
        for name, board in data["boards"].items()
    }
    return {**data, "boards": boards}


CODEC = Codec(
    game=shallow_sea,
    to_input=to_input,
    from_input=from_input,
    vary=vary_corals,
    random_input=random_input,
)
CODECS = [CODEC]
