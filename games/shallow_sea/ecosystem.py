"""The 14 Ecosystem cards, each scored from an Ocean (rulebook appendix).

A card's rule lists the things it pays for (a coral, a pair, a row, a color), each
with the spaces that make it: the card's VPs are that count times its VPs each, and
its explanation names the same things, so the sentence and the number cannot differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import batched

from games.shallow_sea.data import (
    ADJACENT,
    BLUE_CARDS,
    COLOR_NAMES,
    COLORS,
    COLUMNS,
    INNER_SPACES,
    NEIGHBORING,
    ORANGE_CARDS,
    OUTER_SPACES,
    ROW_PAIR,
    ROWS,
    SAME_COLOR_TRIO,
    SEALIFE_TYPES_PER_GAME,
    SPACES,
    EcosystemCard,
)
from games.shallow_sea.ocean import Ocean, groups, in_reading_order, largest_pairing
from games.words import Value
from games.words import gettext_lazy as _

ROW = _("row {number}")  # a row a card counts ("Rich Depths: 2 rows … (row 1, row 3)")


@dataclass(frozen=True)
class Counted:
    """One thing a card pays for: the spaces that make it, and what the sentence calls
    it (a color, "row 2") where its spaces alone do not say it."""

    spaces: tuple[str, ...]
    label: Value | None = None


def each_space(spaces: Iterable[str]) -> list[Counted]:
    return [Counted((space,)) for space in in_reading_order(spaces)]


def cryptic_coloration(ocean: Ocean) -> list[Counted]:
    return each_space(s for s, c in ocean.completed_corals.items() if c.fish == c.color)


def mismatched(ocean: Ocean) -> list[Counted]:
    return each_space(s for s, c in ocean.completed_corals.items() if c.fish != c.color)


def corals_by_color(ocean: Ocean, spaces: Iterable[str] = SPACES) -> dict[str, list[str]]:
    """The spaces of each color's Completed Coral Tiles among ``spaces``, in reading order."""
    corals = ocean.completed_corals
    found = [s for s in spaces if s in corals]
    return {color: [s for s in found if corals[s].color == color] for color in COLORS}


def fish_by_color(ocean: Ocean) -> dict[str, list[str]]:
    """The spaces holding each color's Completed Fish, in reading order."""
    corals = ocean.completed_corals
    return {color: [s for s in corals if corals[s].fish == color] for color in COLORS}


def coral_duo(ocean: Ocean) -> list[Counted]:
    # The pairs are taken in reading order; a third coral of a color pairs with nothing.
    return [
        Counted(pair, COLOR_NAMES[color])
        for color, spaces in corals_by_color(ocean).items()
        for pair in batched(spaces, 2)
        if len(pair) == 2
    ]


def symphony_of_fins(ocean: Ocean) -> list[Counted]:
    by_color = fish_by_color(ocean)
    # Tied colors: the card counts one of them; the first in COLORS is named.
    color = max(COLORS, key=lambda c: len(by_color[c]))
    return [Counted((space,), COLOR_NAMES[color]) for space in by_color[color]]


def depths_alike(ocean: Ocean) -> list[Counted]:
    counted = []
    for row, spaces in ROWS.items():
        pairs = [
            s
            for same in corals_by_color(ocean, spaces).values()
            if len(same) >= ROW_PAIR
            for s in same
        ]
        if pairs:
            counted.append(Counted(in_reading_order(pairs), ROW.format(number=row)))
    return counted


def colossal_coral_reef(ocean: Ocean) -> list[Counted]:
    found = [in_reading_order(group) for group in groups(ocean.completed_corals, ADJACENT)]
    # Two largest groups of one size pay the same; the one reached first in reading order
    # is named, so the same ocean always names the same spaces.
    largest = min(found, key=lambda group: (-len(group), SPACES.index(group[0])), default=())
    return each_space(largest)


def trios(ocean: Ocean) -> list[Counted]:
    return [
        Counted(tuple(spaces), COLOR_NAMES[color])
        for color, spaces in fish_by_color(ocean).items()
        if len(spaces) >= SAME_COLOR_TRIO
    ]


def sealife_in(ocean: Ocean, spaces: Iterable[str]) -> tuple[str, ...]:
    return tuple(s for s in spaces if s in ocean.completed_sealife)


def rich_depths(ocean: Ocean) -> list[Counted]:
    return [
        Counted(found, ROW.format(number=row))
        for row, spaces in ROWS.items()
        if len(found := sealife_in(ocean, spaces)) >= ROW_PAIR
    ]


def bountiful_caves(ocean: Ocean) -> list[Counted]:
    return each_space(INNER_SPACES & ocean.completed_sealife.keys())


def underwater_community(ocean: Ocean) -> list[Counted]:
    sealife = ocean.completed_sealife.keys()
    return each_space(s for s in sealife if NEIGHBORING[s] & sealife)


def spotlight(ocean: Ocean) -> list[Counted]:
    return [
        Counted(found, _("column {number}").format(number=col))
        for col, spaces in COLUMNS.items()
        if len(found := sealife_in(ocean, spaces)) == 1
    ]


def sealife_duet(ocean: Ocean) -> list[Counted]:
    return [
        Counted(pair, _("{first} and {second}").format(first=pair[0], second=pair[1]))
        for pair in largest_pairing(ocean.completed_sealife)
    ]


def different_completed_tiles(ocean: Ocean, spaces: Iterable[str]) -> list[Counted]:
    """Coral colors plus Sealife types among the Completed Tiles on ``spaces``: each kind
    once, named by its first tile in reading order (a second adds nothing)."""
    first_of_kind: dict[Value, str] = {}
    for space in in_reading_order(spaces):
        if space in ocean.completed_corals:
            color = COLOR_NAMES[str(ocean.completed_corals[space].color)]
            first_of_kind.setdefault(_("{color} coral").format(color=color), space)
        elif space in ocean.completed_sealife:
            first_of_kind.setdefault(ocean.completed_sealife[space].code, space)
    return [Counted((space,), kind) for kind, space in first_of_kind.items()]


def radiant_caves(ocean: Ocean) -> list[Counted]:
    return different_completed_tiles(ocean, INNER_SPACES)


def borders_of_diversity(ocean: Ocean) -> list[Counted]:
    return different_completed_tiles(ocean, OUTER_SPACES)


@dataclass(frozen=True)
class CardRule:
    counted: Callable[[Ocean], list[Counted]]  # the things the card pays for
    most: int  # the most it can count on any ocean: bounds a paper sheet's value


def _different_kinds_at_most(spaces: frozenset[str]) -> int:
    return min(len(spaces), len(COLORS) + SEALIFE_TYPES_PER_GAME)


RULES: dict[EcosystemCard, CardRule] = {
    ORANGE_CARDS[1]: CardRule(cryptic_coloration, len(SPACES)),
    ORANGE_CARDS[2]: CardRule(coral_duo, len(SPACES) // 2),
    ORANGE_CARDS[3]: CardRule(symphony_of_fins, len(SPACES)),
    ORANGE_CARDS[4]: CardRule(mismatched, len(SPACES)),
    ORANGE_CARDS[5]: CardRule(depths_alike, len(ROWS)),
    ORANGE_CARDS[6]: CardRule(colossal_coral_reef, len(SPACES)),
    ORANGE_CARDS[7]: CardRule(trios, len(COLORS)),
    BLUE_CARDS[1]: CardRule(rich_depths, len(ROWS)),
    BLUE_CARDS[2]: CardRule(bountiful_caves, len(INNER_SPACES)),
    BLUE_CARDS[3]: CardRule(underwater_community, len(SPACES)),
    BLUE_CARDS[4]: CardRule(spotlight, len(COLUMNS)),
    BLUE_CARDS[5]: CardRule(sealife_duet, len(largest_pairing(SPACES))),
    BLUE_CARDS[6]: CardRule(radiant_caves, _different_kinds_at_most(INNER_SPACES)),
    BLUE_CARDS[7]: CardRule(borders_of_diversity, _different_kinds_at_most(OUTER_SPACES)),
}


def capped(card: EcosystemCard, vp: int) -> int:
    return vp if card.most_vp is None else min(vp, card.most_vp)


def counted(card: EcosystemCard, ocean: Ocean) -> list[Counted]:
    return RULES[card].counted(ocean)


def most_vp(card: EcosystemCard) -> int:
    """The most VPs ``card`` can give on any ocean."""
    return capped(card, card.vp_each * RULES[card].most)
