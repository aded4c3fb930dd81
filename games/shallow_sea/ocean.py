"""The parsed play: setup, achievement mode, and each player's ocean or paper sheet."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from games.shallow_sea.data import ADJACENT, BUBBLES, CORNERS, SPACE_POINTS, Point


@dataclass(frozen=True)
class Coral:
    completed: bool
    color: str | None  # an incomplete coral's color and VPs never score
    vp: int | None
    fish: str | None  # the Completed Fish on a completed coral


@dataclass(frozen=True)
class Sealife:
    code: str
    completed: bool
    vp: int | None  # printed VPs, scored when completed
    partial: int  # how much of the condition is met, scored when incomplete
    partial_vp: int | None

    @property
    def points(self) -> int:
        if self.completed:
            return self.vp or 0
        return self.partial * (self.partial_vp or 0)


Tile = Coral | Sealife


@dataclass(frozen=True)
class Ocean:
    """One player's Ocean Board as it lies at the end of the game."""

    tiles: Mapping[str, Tile]  # by space name
    fish: Mapping[Point, str]  # the Incomplete Fish: color by bubble
    seashells: int
    lionfish: int  # Fish on the Lionfish card (solo)
    left_out_color: str | None  # scenario 15's chosen color, when the player chose
    # Each fish's bubble as the input named it ("R2C3:right"): explanations point at it
    # by that name, which the player's screen knows.
    bubble_names: Mapping[Point, str] = field(default_factory=dict)

    def bubble_name(self, bubble: Point) -> str:
        if bubble in self.bubble_names:
            return self.bubble_names[bubble]
        space = BUBBLES[bubble][0]  # as the web side stores one: its first space's corner
        return next(f"{space}:{c}" for c, point in CORNERS[space].items() if point == bubble)

    @cached_property
    def completed_corals(self) -> dict[str, Coral]:
        return {
            space: tile
            for space, tile in self.tiles.items()
            if isinstance(tile, Coral) and tile.completed
        }

    @cached_property
    def completed_sealife(self) -> dict[str, Sealife]:
        return {
            space: tile
            for space, tile in self.tiles.items()
            if isinstance(tile, Sealife) and tile.completed
        }

    @property
    def completed_fish(self) -> list[str]:
        return [coral.fish for coral in self.completed_corals.values() if coral.fish]


@dataclass(frozen=True)
class PaperSheet:
    """One player's column of the paper score pad, as written or as an ocean fills it in."""

    orange: int
    blue: int
    rows: tuple[int, ...]
    different_sealife: int  # how many different Sealife types were completed
    incomplete_fish: int  # VPs
    seashells: int
    lionfish: int


@dataclass(frozen=True)
class Setup:
    orange: tuple[int, ...]  # card numbers; two under modified rule 7, none in family
    blue: tuple[int, ...]
    sealife: tuple[str, ...]


@dataclass(frozen=True)
class Achievement:
    kind: str  # "scenario", "standard" or "modified"
    number: int | None  # None for the standard-rules list


@dataclass(frozen=True)
class ShallowSeaInput:
    players: tuple[str, ...]
    mode: str  # "standard", "solo" or "family"
    setup: Setup
    achievement: Achievement | None
    entries: Mapping[str, Ocean | PaperSheet]  # by player name
    finished: bool  # False while the play is still being entered
    complete: bool = True  # every player's ocean or score pad is in

    def plays_modified_rule(self, rule: int) -> bool:
        return self.achievement == Achievement("modified", rule)

    def plays_scenario(self, number: int) -> bool:
        return self.achievement == Achievement("scenario", number)


def groups(spaces: Iterable[str], links: Mapping[str, frozenset[str]]) -> list[set[str]]:
    """Split ``spaces`` into groups connected through ``links`` (adjacent or neighboring)."""
    left = set(spaces)
    found = []
    while left:
        group = set()
        reach = [left.pop()]
        while reach:
            space = reach.pop()
            group.add(space)
            linked = links[space] & left
            left -= linked
            reach.extend(linked)
        found.append(group)
    return found


def in_reading_order(spaces: Iterable[str]) -> tuple[str, ...]:
    """``spaces`` top row first, left to right: how every explanation lists them.

    A space's name has one digit for its row and one for its column (R1C2 ... R5C8),
    so names sort as text in reading order."""
    return tuple(sorted(spaces))


def largest_pairing(spaces: Iterable[str]) -> list[tuple[str, str]]:
    """The most disjoint pairs of adjacent spaces among ``spaces``, each pair and the
    pairs in reading order.

    Adjacent spaces always lie in rows of different parity, so the spaces split
    into two sides and augmenting paths find the largest matching.
    """
    chosen = set(spaces)
    partner: dict[str, str] = {}  # even-row space -> odd-row space

    def pair(space: str, tried: set[str]) -> bool:
        for other in sorted(ADJACENT[space] & chosen):
            if other in tried:
                continue
            tried.add(other)
            if other not in partner or pair(partner[other], tried):
                partner[other] = space
                return True
        return False

    for space in in_reading_order(s for s in chosen if SPACE_POINTS[s][1] % 2 == 1):
        pair(space, set())
    return sorted((min(a, b), max(a, b)) for a, b in partner.items())
