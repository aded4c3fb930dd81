"""Builders for Shallow Sea test plays: JSON as the API receives it, short to write.

Oceans are described space by space; every expected number in the tests is worked
out by hand from the rulebook, with the arithmetic in a comment beside it.
"""

from __future__ import annotations

from typing import Any

from games import shallow_sea
from games.contract import InvalidInput

# The rulebook's first-game setup, typed in here (not imported) to check the data too.
FIRST_GAME: dict[str, list[int] | list[str]] = {
    "orange": [1],
    "blue": [2],
    "sealife": ["A1", "A4", "B1", "C2", "C4", "D1", "D4", "E1", "E4", "F2"],
}
# A setup holding F1 as well, for the Nautilus's board-read condition.
WITH_NAUTILUS = {
    **FIRST_GAME,
    "sealife": ["A1", "A4", "B1", "C2", "C4", "D1", "D4", "E1", "E4", "F1"],
}


def coral(color: str, vp: int = 7, fish: str | None = None, completed: bool = True) -> dict:
    """A coral tile; a completed one holds a fish of its own color unless told."""
    tile: dict[str, Any] = {"kind": "coral", "color": color, "vp": vp, "completed": completed}
    if completed:
        tile["fish"] = fish or color
    return tile


def sealife(code: str, vp: int = 5, *, partial: int | None = None, partial_vp: int = 2) -> dict:
    """A completed Sealife tile, or an incomplete one when ``partial`` is given."""
    if partial is None:
        return {"kind": "sealife", "code": code, "completed": True, "vp": vp}
    return {
        "kind": "sealife",
        "code": code,
        "completed": False,
        "partial": partial,
        "partial_vp": partial_vp,
    }


def fish(*placed: tuple[str, str]) -> list[dict]:
    """Incomplete Fish as (bubble, color) pairs."""
    return [{"at": at, "color": color} for at, color in placed]


def board(tiles: dict, fish_on: list | None = None, seashells: int = 0, **more: Any) -> dict:
    return {"tiles": tiles, "fish": fish_on or [], "seashells": seashells, **more}


def play(
    *boards: dict,
    mode: str = "standard",
    setup: dict | None = None,
    achievement: dict | None = None,
) -> dict:
    """A board-entry play: the given oceans, plus an empty one to make a standard game."""
    if mode == "standard" and len(boards) == 1:
        boards = (*boards, board({"R3C4": coral("red", completed=False)}))
    if mode == "solo":
        boards = tuple({"lionfish": 0, **b} for b in boards)
    names = ["Ana", "Ben", "Cleo", "Dev"][: len(boards)]
    if mode == "family" and setup is None:
        setup = {**FIRST_GAME, "orange": [], "blue": []}
    return {
        "players": names,
        "mode": mode,
        "setup": setup or FIRST_GAME,
        "achievement": achievement,
        "entry": "board",
        "boards": dict(zip(names, boards, strict=True)),
    }


def sheet_entry(sheet: dict, mode: str = "standard", **more: Any) -> dict:
    """A paper-sheet play: Ana's sheet all zeros but for ``sheet``; Ben's, in a standard
    game, all zeros."""
    names = ["Ana"] if mode != "standard" else ["Ana", "Ben"]
    full = {
        "orange": 0,
        "blue": 0,
        "rows": [0] * 5,
        "different_sealife": 0,
        "incomplete_fish": 0,
        "seashells": 0,
    }
    return {
        "players": names,
        "mode": mode,
        "setup": FIRST_GAME,
        "entry": "sheet",
        "sheets": {name: {**full, **(sheet if name == "Ana" else {})} for name in names},
        **more,
    }


def score(data: dict, *, partial: bool = False) -> dict:
    return shallow_sea.score(shallow_sea.parse(data, partial=partial)).to_json()


def first(data: dict, **kwargs: Any) -> dict:
    """The first player's line of the scored sheet."""
    return score(data, **kwargs)["players"][0]


def card_vp(tiles: dict, color: str, number: int, fish_on: list | None = None) -> int:
    """What one Ecosystem card pays for an ocean of ``tiles``."""
    setup = {**FIRST_GAME, "orange": [1], "blue": [2], color: [number]}
    cards = first(play(board(tiles, fish_on), setup=setup))["ecosystem_cards"]
    return next(c["vp"] for c in cards if c["color"] == color)


def errors(data: dict, *, partial: bool = False) -> dict[str, str]:
    """Each bad field with its messages; fails the test when the input is accepted."""
    try:
        shallow_sea.parse(data, partial=partial)
    except InvalidInput as invalid:
        found: dict[str, str] = {}
        for e in invalid.errors:
            found[e.field] = f"{found[e.field]} | {e.message}" if e.field in found else e.message
        return found
    raise AssertionError("the input was accepted")


def explained(player: dict, line: str) -> dict:
    """The one explanation of ``line`` in a scored player's sheet."""
    found = [e for e in player["explain"] if e["line"] == line]
    assert len(found) == 1, (line, player["explain"])
    return found[0]


def card_explanation(tiles: dict, color: str, number: int, fish_on: list | None = None) -> dict:
    """How one Ecosystem card's line is explained for an ocean of ``tiles``."""
    setup = {**FIRST_GAME, "orange": [1], "blue": [2], color: [number]}
    return explained(first(play(board(tiles, fish_on), setup=setup)), color)
