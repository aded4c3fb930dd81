"""How each game's per-player entries, saved one at a time, join into its JSON input.

Entries are stored per player so that players can fill in their own parts
independently; the game modules only ever see the one assembled input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class SavedEntry(Protocol):
    entry: dict[str, Any]

    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class NamedEntry:
    """An entry not saved yet, tried against the others before it is kept."""

    name: str
    entry: dict[str, Any]


def reef_draft_input(options: dict[str, Any], entries: Sequence[SavedEntry]) -> dict[str, Any]:
    """Reef Draft entries are ``{"rounds": {"1": reef, "2": reef, ...}}``; a round
    counts once anyone has entered it."""
    entered = {int(n) for saved in entries for n in saved.entry.get("rounds", {})}
    return {
        "players": [saved.name for saved in entries],
        "options": options,
        "rounds": [
            {
                saved.name: saved.entry["rounds"][str(number)]
                for saved in entries
                if str(number) in saved.entry.get("rounds", {})
            }
            for number in range(1, max(entered, default=0) + 1)
        ],
    }


ASSEMBLERS: dict[str, Callable[[dict[str, Any], Sequence[SavedEntry]], dict[str, Any]]] = {
    "reef-draft": reef_draft_input,
}


def assemble_input(
    game: str, options: dict[str, Any], entries: Sequence[SavedEntry]
) -> dict[str, Any]:
    return ASSEMBLERS[game](options, entries)


def has_web_entry(game: str) -> bool:
    """Games whose play screens exist; the others are scored through the API for now."""
    return game in ASSEMBLERS
