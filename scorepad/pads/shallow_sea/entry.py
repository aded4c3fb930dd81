"""A player's Shallow Sea entry (an ocean or a paper-pad column) as the screens read
and change it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.shallow_sea.data import EMPTY_SPACES_AT_END, SPACES, Point
from games.shallow_sea.ocean import Achievement
from scorepad.models import Result
from scorepad.pads.shallow_sea.geometry import BUBBLE_SHAPES, bubble_point


def board_of(result: Result) -> dict[str, Any]:
    return result.entry.get("board", {})


def sheet_of(result: Result) -> dict[str, Any]:
    return result.entry.get("sheet", {})


def fish_on_bubbles(board: Mapping[str, Any]) -> dict[Point, str]:
    """The Incomplete Fish by bubble, whichever names the entry uses."""
    found = {}
    for fish in board.get("fish", []):
        point = bubble_point(str(fish.get("at", "")))
        if point is not None:
            found[point] = fish.get("color")
    return found


def with_tile(board: Mapping[str, Any], space: str, tile: dict[str, Any] | None) -> dict:
    """The board with ``space`` holding ``tile`` (None: empty), tiles in reading order."""
    tiles = {**board.get("tiles", {}), space: tile}
    ordered = {name: tiles[name] for name in SPACES if tiles.get(name) is not None}
    return {**board, "tiles": ordered}


# The tiles of an ocean at the game's end: the board entered tile by tile stops there.
TILES_AT_END = len(SPACES) - EMPTY_SPACES_AT_END


def space_to_enter_next(
    before: Mapping[str, Any], after: Mapping[str, Any], space: str
) -> str | None:
    """Once a tile is laid on the empty ``space``, the space to enter next: the next
    empty one in reading order (a paper ocean is read row by row), from the top again
    past the last. None for a tile changed or taken off, and once the ocean holds all
    the tiles a game ends with."""
    tiles = after.get("tiles", {})
    laid = space in tiles and space not in before.get("tiles", {})
    if not laid or len(tiles) >= TILES_AT_END:
        return None
    at = SPACES.index(space)
    return next((s for s in SPACES[at + 1 :] + SPACES[:at] if s not in tiles), None)


def with_fish(board: Mapping[str, Any], point: Point, color: str | None) -> dict:
    """The board with an Incomplete Fish of ``color`` on the bubble (None: no fish)."""
    fish = {**fish_on_bubbles(board), point: color}
    placed = [
        {"at": BUBBLE_SHAPES[p].name, "color": c}
        for p in BUBBLE_SHAPES
        if (c := fish.get(p)) is not None
    ]
    return {**board, "fish": placed}


def entered(result: Result, entry: str) -> bool:
    """Whether the player has put anything in yet."""
    part = result.entry.get(entry, {})
    if entry == "board":
        return bool(part.get("tiles") or part.get("fish") or "seashells" in part)
    return bool(part)


def played_achievement(achievement: dict[str, Any] | None) -> Achievement | None:
    """A play's achievement option (checked when it started) as the game reads it."""
    return Achievement(achievement["kind"], achievement.get("number")) if achievement else None
