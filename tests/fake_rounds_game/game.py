"""Kelp Forest's scoring, pure Python like every game in games/."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.contract import (
    FEWEST,
    Category,
    Errors,
    Explanation,
    GameInfo,
    PlayerScore,
    Sheet,
    Tiebreak,
    make_sheet,
    plural,
)
from games.explain import Part, line_explanation, tiebreak_explanations

ROUNDS = 4
MOST_A_ROUND = 10
WORTH = {"kelp": 1, "otters": 2, "urchins": -1}
WORDS = {"kelp": ("kelp frond", None), "otters": ("otter", None), "urchins": ("urchin", None)}
FOREST, BLIGHT = 5, -3
INFO = GameInfo(
    slug="kelp-forest",
    name="Kelp Forest",
    min_players=1,
    max_players=4,
    modes=("standard",),
    options=(),
    categories=(
        Category("kelp", "Kelp"),
        Category("otters", "Otters"),
        Category("urchins", "Urchins"),
        Category("forest", "Most kelp"),
        Category("blight", "Most urchins"),
    ),
    tiebreaks=(Tiebreak("urchins", "fewest urchins", FEWEST),),
    rulebook="tests/fake_rounds_game/__init__.py",
)


@dataclass(frozen=True)
class KelpForest:
    players: list[str]
    rounds: list[dict[str, dict[str, int]]]


def parse(data: Any, *, partial: bool = False) -> KelpForest:
    errors = Errors()
    data = errors.mapping(data, "", "The game")
    players = errors.player_names(data.get("players"), INFO)
    rounds_in = data.get("rounds", [])
    if not isinstance(rounds_in, list) or len(rounds_in) > ROUNDS:
        errors.add("rounds", f"Kelp Forest has {ROUNDS} rounds: a list of at most {ROUNDS}.")
        rounds_in = []
    rounds = []
    for index, seats in enumerate(rounds_in):
        here = f"rounds[{index}]"
        seats = errors.mapping(seats, here, f"Round {index + 1}")
        errors.unknown_keys(seats, players, here, f"Round {index + 1}")
        counted = {}
        for name in players:
            if name not in seats:
                if not partial:
                    errors.add(f"{here}.{name}", f"Round {index + 1}: enter {name}'s counts.")
                continue
            mine = errors.mapping(seats[name], f"{here}.{name}", f"{name}'s round")
            errors.unknown_keys(mine, WORTH, f"{here}.{name}", f"{name}'s round")
            counted[name] = {
                key: errors.count(
                    mine.get(key),
                    f"{here}.{name}.{key}",
                    f"Round {index + 1}, {name}'s {key}",
                    maximum=MOST_A_ROUND,
                )
                for key in WORTH
            }
        rounds.append(counted)
    if not partial and len(rounds) < ROUNDS:
        errors.add("rounds", f"Enter all {ROUNDS} rounds.")
    errors.raise_if_any()
    return KelpForest(players, rounds)


def score(game: KelpForest) -> Sheet:
    complete = len(game.rounds) == ROUNDS and all(
        len(seats) == len(game.players) for seats in game.rounds
    )
    sums = {
        name: {key: sum(r.get(name, {}).get(key, 0) for r in game.rounds) for key in WORTH}
        for name in game.players
    }
    most = {key: max((s[key] for s in sums.values()), default=0) for key in ("kelp", "urchins")}
    players = []
    for name in game.players:
        mine = sums[name]
        ends = {
            "forest": FOREST if complete and mine["kelp"] == most["kelp"] > 0 else 0,
            "blight": BLIGHT if complete and mine["urchins"] == most["urchins"] > 0 else 0,
        }
        breakdown = {key: WORTH[key] * mine[key] for key in WORTH} | ends
        explain = [_line(game, name, key) for key in WORTH if breakdown[key]]
        for key, counted in (("forest", "kelp"), ("blight", "urchins")):
            if points := breakdown[key]:
                said = plural(mine[counted], *WORDS[counted])
                text = f"{INFO.category_label(key)}: the most, {said} → {points}"
                explain.append(Explanation(key, text, points))
        explain += tiebreak_explanations({"urchins": mine["urchins"]}, INFO.tiebreaks)
        per_round = [sum(WORTH[k] * r.get(name, {}).get(k, 0) for k in WORTH) for r in game.rounds]
        players.append(
            PlayerScore(
                name,
                sum(breakdown.values()),
                breakdown,
                {"urchins": mine["urchins"]},
                extra={"rounds": per_round},
                explain=explain,
            )
        )
    return make_sheet(INFO, players, complete=complete)


def _line(game: KelpForest, name: str, key: str) -> Explanation:
    parts, rounds = [], []
    for number, seats in enumerate(game.rounds, 1):
        if count := seats.get(name, {}).get(key, 0):
            worth = WORTH[key]
            said = plural(count, *WORDS[key])
            parts.append(Part(f"round {number}, {said} × {worth} = {count * worth}", count * worth))
            rounds.append(number)
    return line_explanation(key, INFO.category_label(key), parts, rounds=rounds)
