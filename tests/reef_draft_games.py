"""A 2-player Reef Draft game worked out by hand, shared by the web and browser tests.

Round 1: Ana jellies 4 (10) + dolphins 3 (6) + 3 stars (most: 6) = 22;
         Ben seahorses 3 (10) + puffers 2 (4) + 2 stars (second: 3) = 17.
Round 2: Ana jellies 2 (5) + seahorses 3 (10) + puffer (2) + 4 stars (most: 6) = 23;
         Ben dolphins 5 (15) + angler on a shark (9) + 2 stars (second: 3) = 27.
Round 3: Ana dolphins 2 (3) + clowns 2 (2) + jellies 2 (5) + 6 stars (tied most: 6/2 = 3) = 13;
         Ben seahorses 3 (10) + puffers 2 (4) + jellies 2 (5) + 6 stars (3) = 22.
Coral: Ana 5 cards (most: +6), Ben 3 (two players: no penalty).
Totals: Ana 22 + 23 + 13 + 6 = 64; Ben 17 + 27 + 22 = 66. Ben wins.
"""

from typing import Any

ROUNDS: list[dict[str, dict[str, Any]]] = [
    {
        "Ana": {"jellies": 4, "dolphins": 3, "seastar_3": 1, "coral": 2},
        "Ben": {
            "seahorses": 3,
            "seastar_1": 2,
            "pufferfish": 2,
            "coral": 1,
            "turtles": 1,
            "sharks": 1,
        },
    },
    {
        "Ana": {"jellies": 2, "seahorses": 3, "pufferfish": 1, "seastar_2": 2, "coral": 2},
        "Ben": {
            "dolphins": 5,
            "anglerfish": 1,
            "sharks": 1,
            "on_shark": {"anglerfish": 1},
            "seastar_2": 1,
            "coral": 1,
            "jellies": 1,
        },
    },
    {
        "Ana": {
            "dolphins": 2,
            "clownfish": 2,
            "jellies": 2,
            "seastar_3": 2,
            "coral": 1,
            "turtles": 1,
        },
        "Ben": {"seahorses": 3, "seastar_3": 2, "pufferfish": 2, "jellies": 2, "coral": 1},
    },
]
ROUND_POINTS = {"Ana": [22, 23, 13], "Ben": [17, 27, 22]}
TOTALS = {"Ana": 64, "Ben": 66}
