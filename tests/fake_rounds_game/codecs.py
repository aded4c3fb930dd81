"""Kelp Forest as the site stores it: the rounds family's counts, declared as data."""

from typing import Any

from scorepad.pads.rounds.codecs import rounds_codec
from scorepad.pads.rounds.screens import Count, RoundScreens, Section
from tests.fake_rounds_game import game

MOST = game.MOST_A_ROUND
SCREENS = RoundScreens(
    rounds=game.ROUNDS,
    sections=(
        Section(
            "{name}'s forest at the end of round {round}",
            (
                Count("kelp", "Kelp fronds", MOST, help="1 point each; the most at the end: 5."),
                Count("otters", "Otters", MOST, help="2 points each."),
                Count("urchins", "Urchins", MOST, help="−1 each; the most at the end: −3."),
            ),
        ),
    ),
    noun="forest",
    nouns="forests",
    live=("round", "total"),
)


def forest(kelp: int, otters: int, urchins: int) -> dict[str, int]:
    return {"kelp": kelp, "otters": otters, "urchins": urchins}


# Ana (most kelp, +5) and Cleo tie on 21 points; Cleo's 1 urchin beats Ana's 4. Ben has
# the most urchins (-3).
EXAMPLE: dict[str, Any] = {
    "players": ["Ana", "Ben", "Cleo"],
    "options": {},
    "rounds": [
        {"Ana": forest(3, 1, 1), "Ben": forest(2, 2, 2), "Cleo": forest(2, 2, urchins)}
        for urchins in (0, 0, 1, 0)
    ],
}
EXAMPLE["rounds"][3]["Cleo"] = forest(2, 1, 0)

CODEC = rounds_codec(game, SCREENS, example=lambda: EXAMPLE)
CODECS = [CODEC]
