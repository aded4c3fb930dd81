"""What every game's generator of random games shares: players' names, and a coin.

Each game draws its own random games beside its rules (``games/<game>/random_game.py``,
``random_input(rng)``): valid games as the API takes them, within what the rulebook
allows, for the property tests (through the site's registry) and anything else that
wants plays to score. ``rng`` is any ``random.Random``; the property tests hand in
hypothesis's, so a failing game shrinks.
"""

from __future__ import annotations

from random import Random

PLAIN_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
# More than any game seats, none the same as another in any case.
FREE_NAMES = (*PLAIN_NAMES, "Fay", "Gus", "Hal", "Ida", "Jo")
# Letters that catch a careless name check: accents and a combining mark, a sharp s and
# a dotted capital I (both change length when case-folded), Greek sigmas, CJK, an
# emoji, a right-to-left override, a no-break space and punctuation.
ODD_LETTERS = "aZé\u0301ßİΣσς中文🐟\u202e\u00a0 -'."


def coin(rng: Random) -> bool:
    """Heads or tails."""
    return rng.random() < 0.5


def name(rng: Random) -> str:
    """A plain name, or one of up to 10 letters of any kind (stripped, never empty)."""
    if coin(rng):
        return rng.choice(PLAIN_NAMES)
    while True:
        letters = [
            rng.choice(ODD_LETTERS) if coin(rng) else chr(rng.randint(0, 0x2FFF))
            for _ in range(rng.randint(1, 10))
        ]
        if drawn := "".join(letters).strip():
            return drawn


def player_names(rng: Random, low: int, high: int) -> list[str]:
    """``low`` to ``high`` names as the contract wants them: different ignoring case."""
    names: list[str] = []
    seen: set[str] = set()
    for _ in range(rng.randint(low, high)):
        drawn = name(rng)
        if drawn.casefold() in seen:  # taken: the first plain name free (never a loop)
            drawn = next(n for n in FREE_NAMES if n.casefold() not in seen)
        seen.add(drawn.casefold())
        names.append(drawn)
    return names


def some_of(rng: Random, items: list[str]) -> list[str]:
    """Any number of ``items``, none twice, in any order."""
    return rng.sample(items, rng.randint(0, len(items)))
