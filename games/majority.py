"""Who has the most and the second most: the majority rule behind area awards.

Several games reward the players with the most and second-most pieces next to
something (a reef, a station). They differ in what each place scores, but agree
on who holds which place, so that part lives here once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Majority:
    """The players holding first and second place, in the order they were given."""

    leaders: tuple[str, ...]
    # Empty when the lead is shared: both games then award nothing for second.
    runners_up: tuple[str, ...]


def find_majority(counts: Mapping[str, int]) -> Majority:
    """Places by count; a player with 0 is not next to the thing scored and takes no part."""
    levels = sorted({count for count in counts.values() if count > 0}, reverse=True)
    if not levels:
        return Majority((), ())
    leaders = tuple(name for name, count in counts.items() if count == levels[0])
    if len(leaders) > 1 or len(levels) == 1:
        return Majority(leaders, ())
    runners_up = tuple(name for name, count in counts.items() if count == levels[1])
    return Majority(leaders, runners_up)
