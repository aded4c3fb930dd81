"""How a play's saved pieces join into each game's JSON input.

A play is stored in pieces so that players can fill in their own parts
independently and a log survives a lost connection: one entry per player
(``Result.entry``) and a log of events (``PlayEvent``). The game modules only
ever see the one assembled input.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

# Coral Stations' stations still open at the end are entered like logged events,
# one at a time, but the game reads them as a list of their own.
OPEN_STATION = "open_station"


@dataclass(frozen=True)
class PlayState:
    """Everything entered for a play so far, as plain data."""

    players: list[str]
    options: Mapping[str, Any]
    mode: str
    entries: Mapping[str, Mapping[str, Any]]  # player name -> that player's entry
    events: list[Mapping[str, Any]] = field(default_factory=list)  # oldest first

    def with_entry(self, name: str, entry: Mapping[str, Any]) -> PlayState:
        return replace(self, entries={**self.entries, name: entry})

    def with_events(self, events: list[Mapping[str, Any]]) -> PlayState:
        return replace(self, events=events)


def fingerprint(value: Any) -> str:
    """A short digest of a saved value, sent with a form to notice edits made elsewhere."""
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def new_editor() -> str:
    """A name for one screen that edits a play, sent back with each of its saves."""
    return secrets.token_urlsafe(9)


def entry_part(entry: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """``entry["rounds"]["2"]`` for the path ("rounds", "2"); None where nothing is saved."""
    value: Any = entry
    for key in path:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def with_entry_part(entry: Mapping[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    """A copy of ``entry`` with the part at ``path`` replaced."""
    head, *rest = path
    inner = entry.get(head) if isinstance(entry.get(head), Mapping) else {}
    return {**entry, head: with_entry_part(inner, tuple(rest), value) if rest else value}


def reef_draft_input(state: PlayState) -> dict[str, Any]:
    """Reef Draft entries are ``{"rounds": {"1": reef, "2": reef, ...}}``; a round
    counts once anyone has entered it."""
    rounds = {name: entry.get("rounds", {}) for name, entry in state.entries.items()}
    entered = {int(number) for player_rounds in rounds.values() for number in player_rounds}
    return {
        "players": state.players,
        "options": dict(state.options),
        "rounds": [
            {
                name: rounds[name][str(number)]
                for name in state.players
                if str(number) in rounds[name]
            }
            for number in range(1, max(entered, default=0) + 1)
        ],
    }


def scored_during_play_input(state: PlayState) -> dict[str, Any]:
    """Seagrass and Coral Stations: a log of events and a final tally per player, or
    each player's counts; entries are ``{"final": {...}}`` or ``{"counts": {...}}``."""
    data: dict[str, Any] = {"players": state.players, "entry": state.mode}
    if state.options:
        data["options"] = dict(state.options)
    per_player = "counts" if state.mode == "counts" else "final"
    tallies = {name: e[per_player] for name, e in state.entries.items() if per_player in e}
    if state.mode == "counts":
        data["counts"] = tallies
    else:
        data["events"] = [dict(e) for e in state.events if e["type"] != OPEN_STATION]
        if tallies:
            data["final"] = tallies
    open_stations = [
        {k: v for k, v in e.items() if k != "type"}
        for e in state.events
        if e["type"] == OPEN_STATION
    ]
    if open_stations:
        data["open_stations"] = open_stations
    return data


def shallow_sea_input(state: PlayState) -> dict[str, Any]:
    """Shallow Sea: the setup, achievement mode and entry kind are the play's options
    (``{"setup", "achievement", "entry"}``); each player's entry keeps their ocean
    under ``"board"`` or their paper-pad column under ``"sheet"``, and the play's
    entry kind says which one counts."""
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


ASSEMBLERS: dict[str, Callable[[PlayState], dict[str, Any]]] = {
    "reef-draft": reef_draft_input,
    "seagrass": scored_during_play_input,
    "coral-stations": scored_during_play_input,
    "shallow-sea": shallow_sea_input,
}


def assemble_input(game: str, state: PlayState) -> dict[str, Any]:
    return ASSEMBLERS[game](state)


def reads_events(game: str) -> bool:
    """Whether the game's input is built from a log of events (Seagrass, Coral Stations)."""
    return ASSEMBLERS.get(game) is scored_during_play_input


def has_web_entry(game: str) -> bool:
    """Games whose play screens exist; the others are scored through the API for now."""
    return game in ASSEMBLERS
