"""A play's saved pieces, as plain data.

A play is stored in pieces so that players can fill in their own parts
independently and a log survives a lost connection: one entry per player
(``Result.entry``) and a log of events (``PlayEvent``). Each game's pad joins them
into the game's one JSON input (``Pad.to_input``); the game modules only ever see
that.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


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
    part = entry.get(head)
    inner = part if isinstance(part, Mapping) else {}
    return {**entry, head: with_entry_part(inner, tuple(rest), value) if rest else value}
