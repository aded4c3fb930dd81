"""Tide Pool's scoring, pure Python like every game in games/."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.contract import (
    MOST,
    Category,
    Errors,
    GameInfo,
    PlayerScore,
    Sheet,
    Tiebreak,
    make_sheet,
)

INFO = GameInfo(
    slug="tide-pool",
    name="Tide Pool",
    min_players=1,  # a solo play too: tests/test_records.py plays some
    max_players=4,
    modes=("counts",),
    options=(),
    categories=(Category("shells", "Shells"), Category("pearls", "Pearls")),
    tiebreaks=(Tiebreak("pearls", "most pearls", MOST),),
    rulebook="tests/fake_game/__init__.py",
)
PEARL_POINTS = 3


@dataclass(frozen=True)
class TidePool:
    players: list[str]
    counts: dict[str, dict[str, int]]


def parse(data: Any, *, partial: bool = False) -> TidePool:
    errors = Errors()
    data = errors.mapping(data, "", "The game")
    players = errors.player_names(data.get("players"), INFO)
    counts = errors.mapping(data.get("counts"), "counts", "Counts")
    parsed: dict[str, dict[str, int]] = {}
    for name in players:
        if name not in counts:
            if not partial:
                errors.add(f"counts.{name}", f"Enter {name}'s shells and pearls.")
            continue
        mine = errors.mapping(counts[name], f"counts.{name}", f"{name}'s counts")
        errors.unknown_keys(mine, ("shells", "pearls"), f"counts.{name}", f"{name}'s counts")
        parsed[name] = {
            key: errors.count(mine.get(key), f"counts.{name}.{key}", f"{name}'s {key}")
            for key in ("shells", "pearls")
        }
    errors.raise_if_any()
    return TidePool(players, parsed)


def score(game: TidePool) -> Sheet:
    players = []
    for name in game.players:
        mine = game.counts.get(name, {"shells": 0, "pearls": 0})
        breakdown = {"shells": mine["shells"], "pearls": PEARL_POINTS * mine["pearls"]}
        players.append(
            PlayerScore(name, sum(breakdown.values()), breakdown, {"pearls": mine["pearls"]})
        )
    # Over once every player has counted: a table still counting has no winner yet.
    return make_sheet(INFO, players, complete=len(game.counts) == len(game.players))
