"""Shallow Sea in words: tiles, printed Sealife values and a play's setup, as the
screens and the result page say them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.shallow_sea.data import BLUE_CARDS, MODIFIED_RULES, ORANGE_CARDS, SCENARIOS, SEALIFE


def sealife_name(code: str) -> str:
    return f"{SEALIFE[code].name} ({code})"


def describe_tile(tile: Mapping[str, Any] | None) -> str:
    if not tile:
        return "empty"
    if tile.get("kind") == "coral":
        if not tile.get("completed"):
            color = tile.get("color")
            return f"incomplete {color} coral" if color else "incomplete coral"
        return (
            f"{tile.get('color')} coral, {tile.get('vp')} VP, completed, "
            f"{tile.get('fish')} fish on it"
        )
    name = sealife_name(tile["code"]) if tile.get("code") in SEALIFE else "Sealife"
    if tile.get("completed"):
        return f"{name}, completed, {_vp_text(tile.get('vp'))}"
    partial = tile.get("partial")
    if partial is None:
        return f"{name}, incomplete"
    return f"{name}, incomplete, {partial} met × {_vp_text(tile.get('partial_vp'))}"


def _vp_text(vp: int | None) -> str:
    return "VP unknown" if vp is None else f"{vp} VP"


def printed_text(vp: int | None, partial_vp: int | None) -> str:
    """A type's printed values in words: "7 VP, 2 per count"."""
    parts = [f"{vp} VP"] if vp is not None else []
    parts += [f"{partial_vp} per count"] if partial_vp is not None else []
    return ", ".join(parts) or "VPs not given"


def describe_values(values: Mapping[str, tuple[int | None, int | None]]) -> list[str]:
    """The printed values a play used, in words: "Whale Shark (A1): 7 VP"."""
    return [f"{sealife_name(code)}: {printed_text(*values[code])}" for code in sorted(values)]


# --- Setup, in words --------------------------------------------------------------------
# Each choice of the setup as its tile's few words and the line that explains it (the
# setup shows only the chosen one's line, so the tiles fit a row).
MODE_NAMES = {"standard": "Standard", "solo": "Solo", "family": "Family"}
MODE_HINTS = {
    "standard": "2 to 4 players",
    "solo": "1 player, with the Lionfish card and a rank title",
    "family": "1 to 4 players, only the tiles count",
}
MODE_LABELS = {mode: f"{name}: {MODE_HINTS[mode]}" for mode, name in MODE_NAMES.items()}
ENTRY_NAMES = {"board": "Tap the board", "sheet": "Copy the paper pad"}
ENTRY_HINTS = {
    "board": "Tap each tile in: Scorepad works out every line",
    "sheet": "Type each column of the paper score pad in",
}


def card_label(color: str, number: int) -> str:
    cards = ORANGE_CARDS if color == "orange" else BLUE_CARDS
    return f"{color.title()} {number} · {cards[number].name}"


def achievement_label(achievement: Mapping[str, Any] | None) -> str:
    if not achievement:
        return "No achievement mode"
    kind, number = achievement.get("kind"), achievement.get("number")
    if kind == "scenario" and number in SCENARIOS:
        scenario = SCENARIOS[number]
        return (
            f"Scenario {number} ({scenario.difficulty}, {scenario.minimum_score}+ VPs): "
            f"{scenario.objective}"
        )
    if kind == "modified" and number in MODIFIED_RULES:
        return f"Modified rule {number}: {MODIFIED_RULES[number]}"
    return "Standard-rules achievements (all 25)"


def setup_summary(mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
    setup = options.get("setup", {})
    return {
        "mode": MODE_LABELS.get(mode, mode),
        "cards": [
            card_label(color, n) for color in ("orange", "blue") for n in setup.get(color, [])
        ],
        "sealife": [sealife_name(code) for code in setup.get("sealife", []) if code in SEALIFE],
        "achievement": achievement_label(options.get("achievement")),
        "entry": "the board" if options.get("entry", "board") == "board" else "the paper sheet",
    }
