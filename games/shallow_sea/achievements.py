"""Achievement mode: which scenario, standard-rules achievement or modified rule a player earned.

A check answers True or False, or None when only the ocean could tell and the
player entered a paper sheet: the player ticks those themselves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.shallow_sea.data import (
    ADJACENT,
    COLORS,
    CORALS_NEIGHBOR_CORALS_RULE,
    MAX_SEASHELLS,
    MODIFIED_RULES,
    NEIGHBORING,
    NO_ADJACENT_SEALIFE_RULE,
    OUTER_SPACES,
    SCENARIOS,
    SPACES,
    STANDARD_ACHIEVEMENTS,
)
from games.shallow_sea.ocean import Achievement, Coral, Ocean, Sealife, groups


@dataclass(frozen=True)
class Outcome:
    """What the checks see of one player's game."""

    total: int
    breakdown: Mapping[str, int]
    different_sealife: int  # how many types
    seashells: int
    ocean: Ocean | None  # None when the player entered the paper sheet


Check = Callable[[Outcome], bool | None]


def on_board(check: Callable[[Ocean], bool]) -> Check:
    return lambda outcome: None if outcome.ocean is None else check(outcome.ocean)


def total_at_least(vp: int) -> Check:
    return lambda outcome: outcome.total >= vp


def line_at_least(key: str, vp: int) -> Check:
    return lambda outcome: outcome.breakdown[key] >= vp


def different_sealife_at_least(types: int) -> Check:
    return lambda outcome: outcome.different_sealife >= types


def coral_colors(ocean: Ocean) -> Counter[str]:
    return Counter(c.color for c in ocean.completed_corals.values() if c.color)


def fish_colors(ocean: Ocean) -> Counter[str]:
    return Counter(ocean.completed_fish)


def corals_in_every_color(ocean: Ocean, at_least: int) -> bool:
    colors = coral_colors(ocean)
    return all(colors[color] >= at_least for color in COLORS)


def all_completed(ocean: Ocean, kind: type | None) -> bool:
    """Every tile (of ``kind``, when given) is completed, and there is at least one."""
    tiles = [t for t in ocean.tiles.values() if kind is None or isinstance(t, kind)]
    return bool(tiles) and all(t.completed for t in tiles)


def in_few_colors(colors: set[str], most: int) -> bool:
    """Has something in at most ``most`` colors; having nothing at all earns nothing."""
    return 1 <= len(colors) <= most


def all_sealife_different(ocean: Ocean) -> bool:
    codes = [t.code for t in ocean.completed_sealife.values()]
    return bool(codes) and len(codes) == len(set(codes))


def empty_spaces_apart(ocean: Ocean) -> bool:
    empty = {space for space in SPACES if space not in ocean.tiles}
    return not any(NEIGHBORING[space] & empty for space in empty)


def outer_spaces_completed(ocean: Ocean) -> bool:
    tiles = ocean.tiles
    return all(space in tiles and tiles[space].completed for space in OUTER_SPACES)


def nine_vp_corals_in_every_color(ocean: Ocean) -> bool:
    colors = {c.color for c in ocean.completed_corals.values() if c.vp == 9}
    return colors >= set(COLORS)


def outer_sealife_types(ocean: Ocean) -> int:
    return len({t.code for s, t in ocean.completed_sealife.items() if s in OUTER_SPACES})


SCENARIO_OBJECTIVES: dict[int, Check] = {
    1: lambda outcome: True,
    2: lambda outcome: True,
    3: lambda outcome: True,
    4: on_board(lambda ocean: corals_in_every_color(ocean, 2)),
    5: on_board(lambda ocean: max(coral_colors(ocean).values(), default=0) >= 5),
    6: on_board(lambda ocean: outer_sealife_types(ocean) >= 4),
    7: on_board(lambda ocean: 1 in fish_colors(ocean).values()),
    8: different_sealife_at_least(4),
    9: on_board(lambda ocean: any(1 <= n <= 5 for n in fish_colors(ocean).values())),
    10: different_sealife_at_least(5),
    11: different_sealife_at_least(6),
    12: lambda outcome: outcome.breakdown["orange"] + outcome.breakdown["blue"] >= 30,
    13: lambda outcome: outcome.seashells >= 2,
    14: on_board(lambda ocean: max(fish_colors(ocean).values(), default=0) >= 5),
    # Scenario 15's objective is the scoring rule itself, applied when scoring.
    15: lambda outcome: True,
}

STANDARD_CHECKS: dict[int, Check] = {
    1: total_at_least(130),
    2: total_at_least(145),
    3: total_at_least(160),
    4: total_at_least(170),
    5: total_at_least(180),
    6: total_at_least(190),
    7: on_board(lambda ocean: all_completed(ocean, Coral)),
    8: on_board(lambda ocean: all_completed(ocean, Sealife)),
    9: on_board(lambda ocean: all_completed(ocean, None)),
    10: lambda outcome: outcome.seashells == MAX_SEASHELLS,
    11: line_at_least("incomplete_fish", 20),
    12: different_sealife_at_least(6),
    13: on_board(lambda ocean: len(ocean.completed_sealife) >= 8),
    14: on_board(all_sealife_different),
    15: line_at_least("orange", 20),
    16: line_at_least("blue", 15),
    17: lambda outcome: outcome.breakdown["orange"] == outcome.breakdown["blue"],
    18: on_board(lambda ocean: in_few_colors(set(coral_colors(ocean)), 3)),
    19: on_board(lambda ocean: in_few_colors(set(fish_colors(ocean)), 3)),
    20: on_board(lambda ocean: in_few_colors(set(fish_colors(ocean)), 2)),
    21: on_board(
        lambda ocean: in_few_colors(set(coral_colors(ocean)) | set(fish_colors(ocean)), 3)
    ),
    22: on_board(empty_spaces_apart),
    23: on_board(outer_spaces_completed),
    24: on_board(nine_vp_corals_in_every_color),
    25: on_board(lambda ocean: corals_in_every_color(ocean, 3)),
}


def corals_scattered(ocean: Ocean) -> bool:
    """Rule 1 broken: a coral was placed away from every other coral."""
    corals = [s for s, t in ocean.tiles.items() if isinstance(t, Coral)]
    return len(groups(corals, NEIGHBORING)) > 1


def completed_sealife_adjacent(ocean: Ocean) -> bool:
    """Rule 10 broken: two Completed Sealife Tiles share a side."""
    sealife = ocean.completed_sealife.keys()
    return any(ADJACENT[space] & sealife for space in sealife)


# The modified rules whose breaking still shows on the final ocean.
BROKEN_ON_BOARD: dict[int, Callable[[Ocean], bool]] = {
    CORALS_NEIGHBOR_CORALS_RULE: corals_scattered,
    NO_ADJACENT_SEALIFE_RULE: completed_sealife_adjacent,
}


def achievements(achievement: Achievement, outcome: Outcome) -> list[dict[str, Any]]:
    """The achievement mode's results for one player, one entry per achievement."""
    if achievement.kind == "scenario":
        assert achievement.number is not None  # a scenario is always numbered
        scenario = SCENARIOS[achievement.number]
        minimum_met = outcome.total >= scenario.minimum_score
        objective_met = SCENARIO_OBJECTIVES[scenario.number](outcome)
        return [
            {
                "kind": "scenario",
                "number": scenario.number,
                "objective": scenario.objective,
                "minimum_score": scenario.minimum_score,
                "minimum_met": minimum_met,
                "objective_met": objective_met,
                "earned": objective_met if minimum_met else False,
            }
        ]
    if achievement.kind == "standard":
        return [
            {
                "kind": "standard",
                "number": number,
                "objective": objective,
                "earned": STANDARD_CHECKS[number](outcome),
            }
            for number, objective in STANDARD_ACHIEVEMENTS.items()
        ]
    assert achievement.number is not None  # a modified rule is always numbered
    broken = BROKEN_ON_BOARD.get(achievement.number)
    ocean = outcome.ocean
    return [
        {
            "kind": "modified",
            "number": achievement.number,
            "objective": MODIFIED_RULES[achievement.number],
            # Kept unless the ocean shows otherwise: the player says they played by it.
            "earned": not (ocean and broken and broken(ocean)),
        }
    ]
