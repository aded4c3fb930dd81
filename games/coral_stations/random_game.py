"""Random Coral Stations games: logs of events with each player's final tally, or
counts (docs/games/coral-stations.md)."""

from __future__ import annotations

from random import Random
from typing import Any

from games.random_games import coin, player_names, some_of


def random_input(rng: Random, entry: str | None = None) -> dict[str, Any]:
    """A game entered as ``entry`` ("log" or "counts"; either when None)."""
    names = player_names(rng, 2, 4)
    entry = entry or rng.choice(["log", "counts"])
    data: dict[str, Any] = {"players": names, "entry": entry}

    def end(points: bool) -> dict[str, Any]:
        player: dict[str, Any] = {}
        if points:
            player["points"] = rng.randint(-30, 150) if coin(rng) else rng.randint(20, 22)
        if coin(rng):
            player["open_reefs"] = reefs_json(rng, 0)
        if coin(rng):
            player["shell_tiles"] = rng.randint(0, 8)
        if coin(rng):
            player["shoal_tiles"] = [rng.randint(0, 6) for _ in range(rng.randint(0, 5))]
        return player

    if coin(rng):
        data["open_stations"] = [station_json(rng, names) for _ in range(rng.randint(0, 4))]
    if entry == "counts":
        data["counts"] = {name: end(points=True) for name in names}
        return data
    events: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 20)):
        kind = rng.choice(["station", "surfacing", "discard"])
        if kind == "station":
            events.append({"type": kind, **station_json(rng, names)})
        elif kind == "surfacing":
            player = rng.choice(names)
            events.append({"type": kind, "player": player, "reefs": reefs_json(rng, 1)})
        else:
            player = rng.choice(names)
            events.append({"type": kind, "player": player, "tiles": rng.randint(1, 4)})
    data["events"] = events
    data["final"] = {name: end(points=False) for name in names}
    return data


def station_json(rng: Random, names: list[str]) -> dict[str, Any]:
    """A station: its two awards and the coral tiles beside it (2 or 3 often, to tie)."""
    low = rng.randint(0, 6)
    return {
        "high": low + rng.randint(0, 6),
        "low": low,
        "tiles": {
            name: rng.randint(0, 8) if coin(rng) else rng.randint(2, 3)
            for name in some_of(rng, names)
        },
    }


def reefs_json(rng: Random, low: int) -> list[dict[str, int]]:
    """``low`` to 5 reefs of 1–8 tiles, some with clownfish."""
    reefs = []
    for _ in range(rng.randint(low, 5)):
        tiles = rng.randint(1, 8)
        reef = {"tiles": tiles}
        if coin(rng):
            reef["clownfish"] = rng.randint(0, tiles)
        reefs.append(reef)
    return reefs
