"""English left on a page read in another language (the language sweep of
tests/browser/test_long_names.py; docs/languages.md).

A word is English here when the site's English says it (a word of a catalogue's
msgid, or one of the little words every English sentence has) and the language's
own words never do (no translation in its catalogues uses it: "Host" is German too).
Names are not words: the names of the people, groups and games on the page, and the
names printed on the cards, are taken out before the page is read.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from games import GAMES
from games.shallow_sea.data import CARDS, RECORD_SHEET_RANKS, SEALIFE, SOLO_RANKS

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str) -> ModuleType:
    """scripts/<name>.py, which is run as a script rather than imported as a package."""
    spec = importlib.util.spec_from_file_location(f"{name}_script", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TRANSLATIONS = _script("translations")

# Letters glued to digits are not words but names of places (R3C4, a space of a board).
WORD = re.compile(r"(?<![\w])[A-Za-zÀ-ÖØ-öø-ÿ]+(?:['’][A-Za-z]+)?(?![\w])")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\w*\}")
# Words every English sentence is made of, whether or not a msgid holds them.
LITTLE_WORDS = set(
    "the a an and or of to in on at by for with from is are was were be been has have had "
    "not no yet this that these those each every your you it its who what which when where "
    "there their they them than then more less most fewest one two three".split()
)
# Words any language may show: the brand, abbreviations, what is not a word.
EVERY_LANGUAGE = {"scorepad", "ok", "json", "csv", "png", "bgg", "bg", "stats", "id", "px"}


# The fewest characters of a name shown before its "…".
SHORTEST_CUT = 8


def words_of(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(text)}


@cache
def vocabulary(language: str) -> frozenset[str]:
    """The words of ``language``'s translations (``en``: of the English msgids)."""
    found: set[str] = set()
    for po in TRANSLATIONS.catalogues(ROOT):
        if language == "en" or f"/{language}/" in str(po):
            for (_, message), (translations, _) in TRANSLATIONS.entries(po).items():
                said = message if language == "en" else " ".join(translations)
                found |= words_of(PLACEHOLDER.sub(" ", said))
    return frozenset(found)


def printed_names() -> list[str]:
    """Names kept as printed in every language: the games', the cards', the tiles', and
    the ranks printed on Shallow Sea's solo table and record sheet."""
    cards = [card.name for deck in CARDS.values() for card in deck.values()]
    sealife = [kind.name for kind in SEALIFE.values()]
    ranks = [rank for _, rank in (*SOLO_RANKS, *RECORD_SHEET_RANKS)]
    return [*(game.INFO.name for game in GAMES.values()), *cards, *sealife, *ranks]


def english_left(text: str, language: str, names: list[str]) -> list[str]:
    """The English words of ``text`` read in ``language``, ``names`` taken out first,
    each with the line it was found in."""
    for name in sorted([*names, *printed_names()], key=len, reverse=True):
        text = text.replace(name, " ")
        # A name cut short to fit ("🐙 Bartholomew Fitzgerald-Oyelaran the 3…").
        for length in range(len(name) - 1, SHORTEST_CUT - 1, -1):
            text = text.replace(name[:length] + "…", " ")
    english = (vocabulary("en") | LITTLE_WORDS) - vocabulary(language) - EVERY_LANGUAGE
    english -= {word for word in english if len(word) == 1}  # a letter is no word (a code's)
    found = []
    for word in sorted(words_of(text) & english):
        line = next(line for line in text.splitlines() if word in words_of(line))
        found.append(f"{word} ({line.strip()[:80]!r})")
    return found
