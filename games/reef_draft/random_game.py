"""Random Reef Draft games: hands dealt from the real deck (docs/games/reef-draft.md)."""

from __future__ import annotations

import copy
from collections import Counter
from random import Random
from typing import Any

from games.random_games import coin, player_names
from games.reef_draft.data import DECK, FISH_POINTS, HAND_SIZE


def random_input(rng: Random) -> dict[str, Any]:
    """1–3 rounds of reefs dealt from what is left of the 108-card deck.

    Each reef ends its round with exactly the hand size; "twins" copy the first reef
    when the deck allows, so players tie.
    """
    names = player_names(rng, 2, 5)
    hand = HAND_SIZE[len(names)]
    left = Counter(DECK)
    rounds = []
    for _ in range(rng.choice([3, 3, 3, 1, 2])):
        twins = coin(rng)
        first: tuple[Counter[str], dict[str, Any]] | None = None
        reefs = {}
        for name in names:
            if (
                twins
                and first
                and first[0].total() == hand
                and all(left[kind] >= n for kind, n in first[0].items())
            ):
                cards, reef = first[0], copy.deepcopy(first[1])
            else:
                cards = Counter()
                for _ in range(hand):
                    kind = rng.choice([k for k in DECK if left[k] > cards[k]])
                    cards[kind] += 1
                reef = reef_json(rng, cards)
            left -= cards
            first = first or (cards, reef)
            reefs[name] = reef
        rounds.append(reefs)
    data: dict[str, Any] = {"players": names, "rounds": rounds}
    penalty = rng.choice([None, "each", "split"])
    if penalty:
        data["options"] = {"coral_penalty": penalty}
    return data


def reef_json(rng: Random, cards: Counter[str]) -> dict[str, Any]:
    """A reef of these cards, some fish on its sharks; sometimes every kind said, 0 too."""
    reef: dict[str, Any] = {kind: n for kind, n in cards.items() if n}
    if coin(rng):  # a missing card means 0; say so outright sometimes
        reef.update({kind: 0 for kind in DECK if kind not in reef})
    sharks = cards["sharks"]
    on_shark = {}
    for fish in FISH_POINTS:
        eaten = rng.randint(0, min(cards[fish], sharks))
        sharks -= eaten
        if eaten:
            on_shark[fish] = eaten
    if on_shark:
        reef["on_shark"] = on_shark
    return reef
