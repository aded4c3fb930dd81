"""Random Shallow Sea games: paper score pads within what an ocean allows, and oceans
of legal tiles and fish within the pouches of the player count
(docs/games/shallow-sea.md)."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from games.random_games import coin, player_names
from games.shallow_sea.data import BUBBLES, CARDS, CORNERS, SCENARIOS, SEALIFE, SEALIFE_VPS, SPACES
from games.shallow_sea.ecosystem import most_vp

COLORS = ("red", "yellow", "green", "purple")
SEALIFE_CODES = sorted(SEALIFE)
# How much completes a counted Sealife type (B: 4, C3/C4: 2, E: 3, F: 4); the
# designated-space types (A, C1, C2, D) only showed theirs in the lost pictures.
CONDITION = {
    **dict.fromkeys(("B1", "B2", "B3", "B4", "F1", "F2"), 4),
    **dict.fromkeys(("C3", "C4"), 2),
    **dict.fromkeys(("E1", "E2", "E3", "E4"), 3),
}
ANYWHERE = {"F1": "same", "F2": "different"}  # read off the whole ocean
SEALIFE_COPIES = {1: 2, 2: 2, 3: 3, 4: 4}
FISH_PER_COLOR = {1: 9, 2: 14, 3: 19, 4: 24}


def random_input(rng: Random) -> dict[str, Any]:
    """Paper score pads or oceans, as often one as the other."""
    return random_sheets(rng) if coin(rng) else random_boards(rng)


def plays(data: dict[str, Any], kind: str, number: int | None = None) -> bool:
    """Whether the game plays this achievement (``number``: this one of its kind)."""
    achievement = data.get("achievement") or {}
    return achievement.get("kind") == kind and (
        number is None or achievement.get("number") == number
    )


def random_setup(rng: Random) -> dict[str, Any]:
    """The players, mode, setup cards and achievement of a game."""
    mode = rng.choice(["standard", "solo", "family"])
    low, high = {"standard": (2, 4), "solo": (1, 1), "family": (1, 4)}[mode]
    data: dict[str, Any] = {"players": player_names(rng, low, high), "mode": mode}
    achievement = None
    kind = "none" if mode == "family" else rng.choice(["none", "scenario", "standard", "modified"])
    if kind == "scenario":
        scenario = SCENARIOS[rng.randint(1, len(SCENARIOS))]
        achievement = {"kind": kind, "number": scenario.number}
        setup = {
            "orange": [scenario.orange],
            "blue": [scenario.blue],
            "sealife": rng.sample(list(scenario.sealife), len(scenario.sealife)),
        }
    else:
        if kind == "standard":
            achievement = {"kind": kind}
        elif kind == "modified":
            achievement = {"kind": kind, "number": rng.randint(1, 10)}
        wanted = (
            0 if mode == "family" else 2 if achievement == {"kind": "modified", "number": 7} else 1
        )
        setup = {
            "orange": rng.sample(range(1, 8), wanted),
            "blue": rng.sample(range(1, 8), wanted),
            "sealife": rng.sample(SEALIFE_CODES, 10),
        }
    data["setup"] = setup
    if achievement or coin(rng):
        data["achievement"] = achievement
    return data


def random_sheets(rng: Random) -> dict[str, Any]:
    """Paper score pads within what an ocean allows; "twins" copy the first player's pad."""
    data = random_setup(rng)
    mode = data["mode"]
    rule_9 = plays(data, "modified", 9)
    sheets: dict[str, Any] = {}
    for name in data["players"]:
        if bool(sheets) and coin(rng):
            sheets[name] = {**next(iter(sheets.values())), "seashells": rng.randint(0, 5)}
            continue
        sheet: dict[str, Any] = {
            "rows": [rng.randint(0, 60) for _ in range(5)],
            "seashells": rng.randint(0, 5),
        }
        if mode != "family":
            for color in ("orange", "blue"):
                card = CARDS[color][rng.choice(data["setup"][color])]
                sheet[color] = card.vp_each * rng.randint(0, most_vp(card) // card.vp_each)
            sheet["different_sealife"] = rng.randint(0, 10)
            sheet["incomplete_fish"] = rng.randint(0, 176 if rule_9 else 88)
        if mode == "solo":
            sheet["lionfish"] = rng.randint(0, 36)
        sheets[name] = sheet
    return {**data, "entry": "sheet", "sheets": sheets}


def random_boards(rng: Random) -> dict[str, Any]:
    """Oceans of legal tiles and fish, within the pouches of the player count.

    Each Sealife type prints one set of VPs for the whole play; a Nautilus (F1) or Giant
    Clam (F2) is completed exactly when its ocean's completed corals meet it.
    """
    data = random_setup(rng)
    names = data["players"]
    sealife = data["setup"]["sealife"]
    printed = {code: (rng.choice(SEALIFE_VPS), rng.randint(1, 4)) for code in sealife}
    copies: Counter[str] = Counter()
    fish_left = dict.fromkeys(COLORS, FISH_PER_COLOR[len(names)])
    boards = {}
    for name in names:
        tiles: dict[str, Any] = {}
        anywhere = []
        # A finished ocean has 18 tiles (4 of 22 spaces left empty); any number is scored.
        placed = 18 if coin(rng) else rng.randint(0, len(SPACES))
        for space in rng.sample(list(SPACES), len(SPACES))[:placed]:
            usable = [code for code in sealife if copies[code] < SEALIFE_COPIES[len(names)]]
            if bool(usable) and coin(rng):
                code = rng.choice(usable)
                copies[code] += 1
                if code in ANYWHERE:
                    anywhere.append((space, code))
                else:
                    tiles[space] = sealife_tile(rng, code, printed[code])
            else:
                tiles[space] = coral_tile(rng, fish_left)
        colors = Counter(
            t["color"] for t in tiles.values() if t["kind"] == "coral" and t["completed"]
        )
        for space, code in anywhere:
            tiles[space] = anywhere_tile(rng, code, printed[code], colors)
        board: dict[str, Any] = {"tiles": tiles, "seashells": rng.randint(0, 5)}
        fish = incomplete_fish(rng, tiles, fish_left, plays(data, "modified", 8))
        if bool(fish) or coin(rng):
            board["fish"] = fish
        if data["mode"] == "solo":
            drawn = sum(FISH_PER_COLOR[1] - n for n in fish_left.values())
            board["lionfish"] = rng.randint(0, min(12, 4 * FISH_PER_COLOR[1] - drawn))
        if plays(data, "scenario", 15) and coin(rng):
            board["left_out_color"] = rng.choice(COLORS)
        boards[name] = board
    return {**data, "entry": "board", "boards": boards}


def coral_tile(rng: Random, fish_left: dict[str, int]) -> dict[str, Any]:
    colors_left = [color for color, n in fish_left.items() if n > 0]
    if bool(colors_left) and coin(rng):
        fish = rng.choice(colors_left)
        fish_left[fish] -= 1
        color = rng.choice(COLORS)
        vp = rng.choice((5, 7, 9))
        return {"kind": "coral", "completed": True, "color": color, "vp": vp, "fish": fish}
    tile: dict[str, Any] = {"kind": "coral", "completed": False}
    if coin(rng):  # an incomplete coral may say its color and VPs; they never score
        tile.update(color=rng.choice(COLORS), vp=rng.choice((5, 7, 9)))
    return tile


def sealife_tile(rng: Random, code: str, printed: tuple[int, int]) -> dict[str, Any]:
    vp, partial_vp = printed
    if coin(rng):
        return {"kind": "sealife", "code": code, "completed": True, "vp": vp}
    partial = rng.randint(0, CONDITION.get(code, 4) - 1)
    tile = {"kind": "sealife", "code": code, "completed": False, "partial": partial}
    if partial or coin(rng):
        tile["partial_vp"] = partial_vp
    return tile


def anywhere_met(code: str, colors: Counter[str]) -> int:
    """How much of a board-read Sealife type's condition the ocean's corals meet."""
    return max(colors.values(), default=0) if ANYWHERE[code] == "same" else len(colors)


def anywhere_tile(
    rng: Random, code: str, printed: tuple[int, int], colors: Counter[str]
) -> dict[str, Any]:
    vp, partial_vp = printed
    met = anywhere_met(code, colors)
    if met >= CONDITION[code]:
        return {"kind": "sealife", "code": code, "completed": True, "vp": vp}
    tile: dict[str, Any] = {"kind": "sealife", "code": code, "completed": False}
    if coin(rng):  # left out, the count is read from the ocean
        tile["partial"] = met
    if met:
        tile["partial_vp"] = partial_vp
    return tile


def incomplete_fish(
    rng: Random, tiles: dict[str, Any], fish_left: dict[str, int], anywhere: bool
) -> list[dict[str, str]]:
    """Fish on bubbles beside a tile (any bubble under modified rule 8), each bubble named
    through any space that touches it."""
    bubbles = [b for b, spaces in BUBBLES.items() if anywhere or any(s in tiles for s in spaces)]
    fish = []
    count = rng.randint(0, len(bubbles)) if coin(rng) else rng.randint(0, max(0, len(tiles) - 1))
    for bubble in rng.sample(bubbles, len(bubbles))[:count]:
        colors_left = [color for color, n in fish_left.items() if n > 0]
        if not colors_left:
            break
        color = rng.choice(colors_left)
        fish_left[color] -= 1
        space = rng.choice(BUBBLES[bubble])
        corner = next(c for c, point in CORNERS[space].items() if point == bubble)
        fish.append({"at": f"{space}:{corner}", "color": color})
    return fish
