"""Random Seagrass games: logs of events with each player's final tally, or counts
(docs/games/seagrass.md)."""

from __future__ import annotations

from random import Random
from typing import Any

from games.random_games import coin, player_names, some_of


def random_input(rng: Random, entry: str | None = None) -> dict[str, Any]:
    """A game entered as ``entry`` ("log" or "counts"; either when None)."""
    names = player_names(rng, 2, 4)
    count = len(names)
    discovery = coin(rng)
    entry = entry or rng.choice(["log", "counts"])
    data: dict[str, Any] = {"players": names, "entry": entry}
    shown = rng.choice(["bool", "choice", "missing"])
    if shown == "bool" or (shown == "missing" and discovery):
        data["options"] = {"discovery": discovery}
    elif shown == "choice":
        data["options"] = {"discovery": "true" if discovery else "false"}
    # Discovery tokens left in the box: 4 on each of the 3 reefs per player, less the
    # full sets returned; what the players hold at the end comes out of it.
    box = {"left": 4 * 3 * count}

    def end(points: bool) -> dict[str, Any]:
        # Small numbers of unplayed tiles tie on the tie-break.
        player: dict[str, Any] = {"unplayed_tiles": rng.randint(0, 32 if coin(rng) else 2)}
        if points:
            player["points"] = rng.randint(0, 200) if coin(rng) else rng.randint(40, 45)
        if discovery:
            player["discovery_tokens"] = rng.randint(0, min(9 * count, box["left"]))
            box["left"] -= player["discovery_tokens"]
        elif coin(rng):
            player["discovery_tokens"] = 0
        return player

    if entry == "counts":
        data["counts"] = {name: end(points=True) for name in names}
        return data
    kinds = ["colony", "reef", *(["discovery_set"] if discovery else [])]
    events: list[dict[str, Any]] = []
    reefs = sets = 0
    for _ in range(rng.randint(0, 24)):
        kind = rng.choice(kinds)
        if kind == "colony":
            creatures = rng.randint(1, 40)
            events.append({"type": kind, "player": rng.choice(names), "creatures": creatures})
        elif kind == "reef" and reefs < 3 * count:
            reefs += 1
            adjacent = {name: rng.randint(0, 12) for name in some_of(rng, names)}
            events.append({"type": kind, "size": rng.randint(1, 8), "adjacent": adjacent})
        elif kind == "discovery_set" and sets < 3 * count:
            sets += 1
            events.append({"type": kind, "player": rng.choice(names)})
    data["events"] = events
    box["left"] -= 4 * sets
    data["final"] = {name: end(points=False) for name in names}
    return data
