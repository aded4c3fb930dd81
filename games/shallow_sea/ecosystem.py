"""The 14 Ecosystem cards, each scored from an Ocean (rulebook appendix)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.shallow_sea.data import (
    ADJACENT,
    BLUE_CARDS,
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
from games.shallow_sea.ocean import Ocean, groups, largest_pairing


def cryptic_coloration(ocean: Ocean) -> int:
    return sum(c.fish == c.color for c in ocean.completed_corals.values())


def coral_duo(ocean: Ocean) -> int:
    colors = Counter(c.color for c in ocean.completed_corals.values())
    return sum(count // 2 for count in colors.values())


def symphony_of_fins(ocean: Ocean) -> int:
    return max(Counter(ocean.completed_fish).values(), default=0)


def mismatched(ocean: Ocean) -> int:
    return sum(c.fish != c.color for c in ocean.completed_corals.values())


def depths_alike(ocean: Ocean) -> int:
    corals = ocean.completed_corals

    def has_pair(row: tuple[str, ...]) -> bool:
        colors = Counter(corals[space].color for space in row if space in corals)
        return any(n >= ROW_PAIR for n in colors.values())

    return sum(map(has_pair, ROWS.values()))


def colossal_coral_reef(ocean: Ocean) -> int:
    return max(map(len, groups(ocean.completed_corals, ADJACENT)), default=0)


def trios(ocean: Ocean) -> int:
    return sum(n >= SAME_COLOR_TRIO for n in Counter(ocean.completed_fish).values())


def rich_depths(ocean: Ocean) -> int:
    sealife = ocean.completed_sealife
    return sum(sum(s in sealife for s in row) >= ROW_PAIR for row in ROWS.values())


def bountiful_caves(ocean: Ocean) -> int:
    return len(INNER_SPACES & ocean.completed_sealife.keys())


def underwater_community(ocean: Ocean) -> int:
    sealife = ocean.completed_sealife.keys()
    return sum(bool(NEIGHBORING[s] & sealife) for s in sealife)


def spotlight(ocean: Ocean) -> int:
    sealife = ocean.completed_sealife
    return sum(sum(s in sealife for s in col) == 1 for col in COLUMNS.values())


def sealife_duet(ocean: Ocean) -> int:
    return largest_pairing(ocean.completed_sealife)


def different_completed_tiles(ocean: Ocean, spaces: Iterable[str]) -> int:
    """Coral colors plus Sealife types among the Completed Tiles on ``spaces``."""
    kinds = set()
    for space in spaces:
        if space in ocean.completed_corals:
            kinds.add(("coral", ocean.completed_corals[space].color))
        elif space in ocean.completed_sealife:
            kinds.add(("sealife", ocean.completed_sealife[space].code))
    return len(kinds)


def radiant_caves(ocean: Ocean) -> int:
    return different_completed_tiles(ocean, INNER_SPACES)


def borders_of_diversity(ocean: Ocean) -> int:
    return different_completed_tiles(ocean, OUTER_SPACES)


@dataclass(frozen=True)
class CardRule:
    count: Callable[[Ocean], int]  # how many things the card pays for
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
    BLUE_CARDS[5]: CardRule(sealife_duet, largest_pairing(SPACES)),
    BLUE_CARDS[6]: CardRule(radiant_caves, _different_kinds_at_most(INNER_SPACES)),
    BLUE_CARDS[7]: CardRule(borders_of_diversity, _different_kinds_at_most(OUTER_SPACES)),
}


def _capped(card: EcosystemCard, vp: int) -> int:
    return vp if card.most_vp is None else min(vp, card.most_vp)


def card_vp(card: EcosystemCard, ocean: Ocean) -> int:
    return _capped(card, card.vp_each * RULES[card].count(ocean))


def most_vp(card: EcosystemCard) -> int:
    """The most VPs ``card`` can give on any ocean."""
    return _capped(card, card.vp_each * RULES[card].most)
