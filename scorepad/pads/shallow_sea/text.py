"""Shallow Sea in words: tiles, printed Sealife values and a play's setup, as the
screens and the result page say them. The cards' and Sealife types' own names are
printed on them and stay as they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from games.shallow_sea.data import BLUE_CARDS, MODIFIED_RULES, ORANGE_CARDS, SCENARIOS, SEALIFE
from scorepad.lazy_text import filled_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The corals' (and the fish's) colors, as a sentence names them: "incomplete red coral".
COLOR_WORDS: dict[str, StrOrPromise] = {
    "red": pgettext_lazy("a coral's or a fish's color", "red"),
    "yellow": pgettext_lazy("a coral's or a fish's color", "yellow"),
    "green": pgettext_lazy("a coral's or a fish's color", "green"),
    "purple": pgettext_lazy("a coral's or a fish's color", "purple"),
}


def color_word(color: Any) -> str:
    """A color in words; anything else (a stored value no game reads) as it is."""
    return str(COLOR_WORDS.get(color, color)) if isinstance(color, str) else str(color)


def color_name(color: str) -> StrOrPromise:
    """A color as a choice names it: "Red"."""
    return capfirst(COLOR_WORDS.get(color, color))


def sealife_name(code: str) -> str:
    return f"{SEALIFE[code].name} ({code})"


def describe_tile(tile: Mapping[str, Any] | None) -> str:
    if not tile:
        return gettext("empty")
    if tile.get("kind") == "coral":
        if not tile.get("completed"):
            color = tile.get("color")
            if color:
                return gettext("incomplete %(color)s coral") % {"color": color_word(color)}
            return gettext("incomplete coral")
        return gettext("%(color)s coral, %(vp)s VP, completed, %(fish)s fish on it") % {
            "color": color_word(tile.get("color")),
            "vp": tile.get("vp"),
            "fish": color_word(tile.get("fish")),
        }
    if tile.get("code") in SEALIFE:
        name = sealife_name(tile["code"])
    else:
        name = pgettext("Shallow Sea's tiles of creatures", "Sealife")
    if tile.get("completed"):
        return gettext("%(name)s, completed, %(vp)s") % {
            "name": name,
            "vp": _vp_text(tile.get("vp")),
        }
    partial = tile.get("partial")
    if partial is None:
        return gettext("%(name)s, incomplete") % {"name": name}
    return gettext("%(name)s, incomplete, %(partial)s met × %(vp)s") % {
        "name": name,
        "partial": partial,
        "vp": _vp_text(tile.get("partial_vp")),
    }


def _vp_text(vp: int | None) -> str:
    return gettext("VP unknown") if vp is None else gettext("%(vp)s VP") % {"vp": vp}


def printed_text(vp: int | None, partial_vp: int | None) -> str:
    """A type's printed values in words: "7 VP, 2 per count"."""
    parts = [gettext("%(vp)s VP") % {"vp": vp}] if vp is not None else []
    if partial_vp is not None:
        parts.append(gettext("%(vp)s per count") % {"vp": partial_vp})
    return ", ".join(parts) or gettext("VPs not given")


def describe_values(values: Mapping[str, tuple[int | None, int | None]]) -> list[str]:
    """The printed values a play used, in words: "Whale Shark (A1): 7 VP"."""
    return [f"{sealife_name(code)}: {printed_text(*values[code])}" for code in sorted(values)]


# --- Setup, in words --------------------------------------------------------------------
# Each choice of the setup as its tile's few words and the line that explains it (the
# setup shows only the chosen one's line, so the tiles fit a row).
MODE_NAMES: dict[str, StrOrPromise] = {
    "standard": pgettext_lazy("Shallow Sea's mode", "Standard"),
    "solo": pgettext_lazy("Shallow Sea's mode", "Solo"),
    "family": pgettext_lazy("Shallow Sea's mode", "Family"),
}
MODE_HINTS: dict[str, StrOrPromise] = {
    "standard": gettext_lazy("2 to 4 players"),
    "solo": gettext_lazy("1 player, with the Lionfish card and a rank title"),
    "family": gettext_lazy("1 to 4 players, only the tiles count"),
}
MODE_LABELS = {
    mode: filled_lazy(gettext_lazy("%(mode)s: %(hint)s"), {"mode": name, "hint": MODE_HINTS[mode]})
    for mode, name in MODE_NAMES.items()
}
ENTRY_NAMES: dict[str, StrOrPromise] = {
    "board": gettext_lazy("Tap the board"),
    "sheet": gettext_lazy("Copy the paper pad"),
}
ENTRY_HINTS: dict[str, StrOrPromise] = {
    "board": gettext_lazy("Tap each tile in: Scorepad works out every line"),
    "sheet": gettext_lazy("Type each column of the paper score pad in"),
}


def card_label(color: str, number: int) -> str:
    """An Ecosystem card as the result names it: "Orange 3 · <the card's name>"."""
    if color == "orange":
        said = gettext("Orange %(number)s · %(name)s")
    else:
        said = gettext("Blue %(number)s · %(name)s")
    cards = ORANGE_CARDS if color == "orange" else BLUE_CARDS
    return said % {"number": number, "name": cards[number].name}


def achievement_label(achievement: Mapping[str, Any] | None) -> str:
    if not achievement:
        return gettext("No achievement mode")
    kind, number = achievement.get("kind"), achievement.get("number")
    if kind == "scenario" and number in SCENARIOS:
        scenario = SCENARIOS[number]
        return gettext("Scenario %(number)s (%(difficulty)s, %(score)s+ VPs): %(objective)s") % {
            "number": number,
            "difficulty": gettext(scenario.difficulty),
            "score": scenario.minimum_score,
            "objective": gettext(scenario.objective),
        }
    if kind == "modified" and number in MODIFIED_RULES:
        return gettext("Modified rule %(number)s: %(rule)s") % {
            "number": number,
            "rule": gettext(MODIFIED_RULES[number]),
        }
    return gettext("Standard-rules achievements (all 25)")


def setup_summary(mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
    setup = options.get("setup", {})
    return {
        "mode": MODE_LABELS.get(mode, mode),
        "cards": [
            card_label(color, n) for color in ("orange", "blue") for n in setup.get(color, [])
        ],
        "sealife": [sealife_name(code) for code in setup.get("sealife", []) if code in SEALIFE],
        "achievement": achievement_label(options.get("achievement")),
        "entry": gettext("the board")
        if options.get("entry", "board") == "board"
        else gettext("the paper sheet"),
    }
