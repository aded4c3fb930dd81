"""Shallow Sea on the site: the ocean drawn from the game's own board data, each
player's entry as the screens change it, what the Sealife catalogue pre-fills, and
what the live panel and the result page show.

The rules live in games/shallow_sea; this module only shapes them for the screens.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from games.contract import Explanation, Sheet
from games.shallow_sea.data import (
    BLUE_CARDS,
    BUBBLES,
    COLORS,
    CORNERS,
    INNER_SPACES,
    MODIFIED_RULES,
    ORANGE_CARDS,
    SCENARIOS,
    SEALIFE,
    SPACE_POINTS,
    SPACES,
    Point,
)
from games.shallow_sea.info import INFO
from games.shallow_sea.scoring import lonely_tiles
from scorepad.models import Group, Play, Result
from scorepad.pads import Panel
from scorepad.pads.shallow_sea.models import GroupSealifeValue, Lesson, SealifeCatalogueEntry

# --- The ocean, drawn -----------------------------------------------------------
# The board's lattice (columns 0-10, rows 0-6: spaces and the bubbles between them)
# scaled to SVG user units; the page scales the drawing to the phone's width.
UNIT = 40  # one lattice step; a diamond is two steps wide and tall
MARGIN = 14  # room for the outermost bubbles
GAP = 2.5  # between neighbouring diamonds
BOARD_WIDTH = 2 * MARGIN + 10 * UNIT
BOARD_HEIGHT = 2 * MARGIN + 6 * UNIT
VIEWBOX = f"0 0 {BOARD_WIDTH} {BOARD_HEIGHT}"
COLOR_LETTERS = {color: color[0].upper() for color in COLORS}


def _at(point: Point) -> tuple[float, float]:
    col, row = point
    return MARGIN + col * UNIT, MARGIN + row * UNIT


def _diamond(radius: float) -> str:
    corners = ((0, -radius), (radius, 0), (0, radius), (-radius, 0))
    return " ".join(f"{x:g},{y:g}" for x, y in corners)


# Every space, and the area a finger taps around a bubble, is this diamond moved to
# its lattice point; bubbles are two steps apart, so no two such areas overlap.
DIAMOND = _diamond(UNIT - GAP)
# A bubble to tap is drawn this big (about 28 px across on a 390 px phone).
BUBBLE_RADIUS = 17


@dataclass(frozen=True)
class SpaceShape:
    name: str
    row: int
    col: int
    x: float
    y: float
    inner: bool

    @property
    def title(self) -> str:
        return f"{self.name}: row {self.row}, {'inner' if self.inner else 'outer'} space"


@dataclass(frozen=True)
class BubbleShape:
    name: str  # named through the first space (reading order) that touches it
    point: Point
    x: float
    y: float
    spaces: tuple[str, ...]

    @property
    def title(self) -> str:
        return f"Bubble {self.name}, touching {', '.join(self.spaces)}"


def _bubble_name(point: Point) -> str:
    space = BUBBLES[point][0]
    corner = next(c for c, p in CORNERS[space].items() if p == point)
    return f"{space}:{corner}"


SPACE_SHAPES: dict[str, SpaceShape] = {
    name: SpaceShape(
        name,
        row,
        col,
        *_at((col, row)),
        name in INNER_SPACES,
    )
    for name, (col, row) in SPACE_POINTS.items()
}
BUBBLE_SHAPES: dict[Point, BubbleShape] = {
    point: BubbleShape(_bubble_name(point), point, *_at(point), spaces)
    for point, spaces in BUBBLES.items()
}
BUBBLE_NAMES = {shape.name: point for point, shape in BUBBLE_SHAPES.items()}


def bubble_point(name: str) -> Point | None:
    """The bubble a name like ``R2C3:top`` points at (any touching space will do)."""
    space, _, corner = name.partition(":")
    return CORNERS.get(space, {}).get(corner)


# --- A player's entry -------------------------------------------------------------
def board_of(result: Result) -> dict[str, Any]:
    return result.entry.get("board", {})


def sheet_of(result: Result) -> dict[str, Any]:
    return result.entry.get("sheet", {})


def fish_on_bubbles(board: Mapping[str, Any]) -> dict[Point, str]:
    """The Incomplete Fish by bubble, whichever names the entry uses."""
    found = {}
    for fish in board.get("fish", []):
        point = bubble_point(str(fish.get("at", "")))
        if point is not None:
            found[point] = fish.get("color")
    return found


def with_tile(board: Mapping[str, Any], space: str, tile: dict[str, Any] | None) -> dict:
    """The board with ``space`` holding ``tile`` (None: empty), tiles in reading order."""
    tiles = {**board.get("tiles", {}), space: tile}
    ordered = {name: tiles[name] for name in SPACES if tiles.get(name) is not None}
    return {**board, "tiles": ordered}


def with_fish(board: Mapping[str, Any], point: Point, color: str | None) -> dict:
    """The board with an Incomplete Fish of ``color`` on the bubble (None: no fish)."""
    fish = {**fish_on_bubbles(board), point: color}
    placed = [
        {"at": BUBBLE_SHAPES[p].name, "color": c}
        for p in BUBBLE_SHAPES
        if (c := fish.get(p)) is not None
    ]
    return {**board, "fish": placed}


def entered(result: Result, entry: str) -> bool:
    """Whether the player has put anything in yet."""
    part = result.entry.get(entry, {})
    if entry == "board":
        return bool(part.get("tiles") or part.get("fish") or "seashells" in part)
    return bool(part)


# --- Describing tiles ---------------------------------------------------------------
def sealife_name(code: str) -> str:
    return f"{SEALIFE[code].name} ({code})"


def describe_tile(tile: Mapping[str, Any] | None) -> str:
    if not tile:
        return "empty"
    if tile.get("kind") == "coral":
        if not tile.get("completed"):
            color = tile.get("color")
            return f"incomplete {color} coral" if color else "incomplete coral"
        return (
            f"{tile.get('color')} coral, {tile.get('vp')} VP, completed, "
            f"{tile.get('fish')} fish on it"
        )
    name = sealife_name(tile["code"]) if tile.get("code") in SEALIFE else "Sealife"
    if tile.get("completed"):
        return f"{name}, completed, {_vp_text(tile.get('vp'))}"
    partial = tile.get("partial")
    if partial is None:
        return f"{name}, incomplete"
    return f"{name}, incomplete, {partial} met × {_vp_text(tile.get('partial_vp'))}"


def _vp_text(vp: int | None) -> str:
    return "VP unknown" if vp is None else f"{vp} VP"


@dataclass(frozen=True)
class DrawnSpace:
    """One diamond as the board template draws it."""

    shape: SpaceShape
    tile: Mapping[str, Any] | None
    label: str
    classes: str
    big: str  # the number in the middle
    small: str  # the line above it
    fish: str | None  # the Completed Fish's color on a completed coral
    selected: bool
    lit: bool = False  # one of the spaces the line being explained came from

    @property
    def tile_json(self) -> str:
        """The tile, for the space's form opened on the phone without a network."""
        return json.dumps(self.tile)


@dataclass(frozen=True)
class DrawnBubble:
    shape: BubbleShape
    color: str | None
    letter: str
    label: str
    selected: bool
    free: bool  # no tile touches it yet
    lit: bool = False  # one of the bubbles the line being explained came from


def draw_space(
    shape: SpaceShape,
    tile: Mapping[str, Any] | None,
    selected: bool,
    lonely: bool = False,
    lit: bool = False,
) -> DrawnSpace:
    classes = ["space"]
    big = small = ""
    fish = None
    if tile and tile.get("kind") == "coral":
        classes.append("coral")
        if tile.get("color") in COLORS:
            classes.append(f"c-{tile['color']}")
            small = tile["color"]
        if tile.get("completed"):
            classes.append("completed")
            big = str(tile.get("vp", "?"))
            fish = tile.get("fish") if tile.get("fish") in COLORS else None
        else:
            classes.append("incomplete")
            small = small or "coral"
            big = "…"
    elif tile:
        classes.append("sealife")
        small = str(tile.get("code", "?"))
        if tile.get("completed"):
            classes.append("completed")
            big = "?" if tile.get("vp") is None else str(tile["vp"])
        else:
            classes.append("incomplete")
            partial, each = tile.get("partial"), tile.get("partial_vp")
            big = f"{partial}×{each}" if partial and each is not None else str(partial or 0)
    else:
        classes.append("empty")
    if selected:
        classes.append("selected")
    label = f"{shape.name}: {describe_tile(tile)}"
    if lonely:  # the game warns of it too (scoring.ocean_warnings)
        classes.append("lonely")
        label += "; neighbors no other tile: check it"
    if lit:
        classes.append("lit")
    return DrawnSpace(shape, tile, label, " ".join(classes), big, small, fish, selected, lit)


def draw_board(
    board: Mapping[str, Any],
    *,
    selected_space: str | None = None,
    selected: Point | None = None,
    lit: Explanation | None = None,
) -> dict[str, Any]:
    """The board as the templates draw it; ``lit`` picks out the spaces and bubbles that
    one line of the player's score came from."""
    tiles = board.get("tiles", {})
    lonely = set(lonely_tiles(tiles))
    fish = fish_on_bubbles(board)
    lit_spaces = set(lit.spaces) if lit else set()
    lit_bubbles = {bubble_point(name) for name in lit.bubbles} if lit else set()
    spaces = [
        draw_space(
            shape, tiles.get(name), name == selected_space, name in lonely, name in lit_spaces
        )
        for name, shape in SPACE_SHAPES.items()
    ]
    bubbles = []
    for point, shape in BUBBLE_SHAPES.items():
        color = fish.get(point)
        where = shape.name.replace(":", " ")
        label = f"Bubble {where}: {color + ' fish' if color else 'no fish'}"
        bubbles.append(
            DrawnBubble(
                shape,
                color,
                COLOR_LETTERS.get(color or "", ""),
                label,
                point == selected,
                not any(space in tiles for space in shape.spaces),
                point in lit_bubbles,
            )
        )
    return {
        "viewbox": VIEWBOX,
        "diamond": DIAMOND,
        "bubble_radius": BUBBLE_RADIUS,
        "width": BOARD_WIDTH,
        "height": BOARD_HEIGHT,
        "spaces": spaces,
        "bubbles": bubbles,
        "tiles": len(tiles),
        "fish": len(fish),
        "empty": len(SPACES) - len(tiles),
        "lit": lit if lit and (lit.spaces or lit.bubbles) else None,
    }


def changed_pieces(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    *,
    space: str | None = None,
    bubble: Point | None = None,
) -> tuple[list[DrawnSpace], list[DrawnBubble]]:
    """The spaces and bubbles of ``after`` (a drawn board) drawn differently from
    ``before``: what one tap changed, its neighbours' lonely marks and the bubbles that
    a tile now touches included; and the ``space`` or ``bubble`` tapped, always."""
    spaces = [
        drawn
        for drawn, was in zip(after["spaces"], before["spaces"], strict=True)
        if drawn != was or drawn.shape.name == space
    ]
    bubbles = [
        drawn
        for drawn, was in zip(after["bubbles"], before["bubbles"], strict=True)
        if drawn != was or drawn.shape.point == bubble
    ]
    return spaces, bubbles


# --- The Sealife catalogue ------------------------------------------------------------
@dataclass(frozen=True)
class PrintedVP:
    """What one Sealife type's tiles print, where known, and who says so."""

    vp: int | None
    partial_vp: int | None
    source: str  # one of PRINTED_SOURCES

    @property
    def source_label(self) -> str:
        return PRINTED_SOURCES[self.source]


PRINTED_SOURCES = {
    "play": "this play",
    "group": "the group's last plays",
    "edited": "the catalogue",
    "engine": "the rulebook",
}


def values_in_play(boards: Iterable[Mapping[str, Any]]) -> dict[str, tuple[int | None, int | None]]:
    """What the play's own Sealife tiles print (VPs, VPs per count), by type."""
    found: dict[str, tuple[int | None, int | None]] = {}
    for board in boards:
        for tile in board.get("tiles", {}).values():
            code = tile.get("code")
            if tile.get("kind") != "sealife" or code not in SEALIFE:
                continue
            vp, partial_vp = found.get(code, (None, None))
            found[code] = (
                tile["vp"] if tile.get("vp") is not None else vp,
                tile["partial_vp"] if tile.get("partial_vp") is not None else partial_vp,
            )
    return found


def sealife_groups(play: Play, user: Any) -> QuerySet[Group]:
    """The groups whose remembered Sealife values pre-fill this play's tiles, and which a
    signed-in player's typed values teach: the play's group, or for a play without one
    the user's groups."""
    if play.group_id:
        return Group.objects.filter(pk=play.group_id)
    return Group.objects.for_user(user)


def printed_values(play: Play, results: Iterable[Result], user: Any) -> dict[str, PrintedVP]:
    """What each type prints, for pre-filling a tile: a value another tile of this play
    already uses comes first (all tiles of a type print the same), then what the play's
    group (or, for a play without one, the signed-in user's groups) typed last, then the
    site catalogue, which only signed-in users change, on its own screen."""
    known = {
        code: PrintedVP(row.vp, row.partial_vp, row.source)
        for code, row in SealifeCatalogueEntry.objects.known().items()
    }
    remembered = {
        code: (row.vp, row.partial_vp, "group")
        for code, row in GroupSealifeValue.objects.for_groups(sealife_groups(play, user)).items()
    }
    played = {
        code: (*values, "play")
        for code, values in values_in_play(board_of(r) for r in results).items()
    }
    for layer in (remembered, played):
        for code, (vp, partial_vp, source) in layer.items():
            if code not in known:
                continue
            before = known[code]
            known[code] = PrintedVP(
                vp if vp is not None else before.vp,
                partial_vp if partial_vp is not None else before.partial_vp,
                source,
            )
    return known


def printed_text(vp: int | None, partial_vp: int | None) -> str:
    """A type's printed values in words: "7 VP, 2 per count"."""
    parts = [f"{vp} VP"] if vp is not None else []
    parts += [f"{partial_vp} per count"] if partial_vp is not None else []
    return ", ".join(parts) or "VPs not given"


@dataclass(frozen=True)
class Question:
    """Asked before a typed Sealife value replaces what a group remembers: the words, the
    two answers' buttons and the values asked about (``Lesson.asked``)."""

    text: str
    play_only: str
    remember: str
    asked: str


def teaching_question(lesson: Lesson, play: Play) -> Question:
    """The question, in words and on its buttons: "The group remembers 6 VP for the
    Spiny Seahorse (C4); you typed 7 VP. Save 7 VP for this play only, or …?" """
    keys = ("vp", "partial_vp")
    was = printed_text(*(lesson.differing.get(k, (None, None))[0] for k in keys))
    now = printed_text(*(lesson.differing.get(k, (None, None))[1] for k in keys))
    who, whom = ("The group remembers", "the group")
    if not play.group_id:
        who, whom = ("Your groups remember", "your groups")
    return Question(
        text=f"{who} {was} for the {sealife_name(lesson.code)}; you typed {now}. "
        f"Save {now} for this play only, or also remember {now} for {whom}?",
        play_only=f"Save {now} for this play only",
        remember=f"Also remember {now} for {whom}",
        asked=lesson.asked,
    )


def describe_values(values: Mapping[str, tuple[int | None, int | None]]) -> list[str]:
    """The printed values a play used, in words: "Whale Shark (A1): 7 VP"."""
    return [f"{sealife_name(code)}: {printed_text(*values[code])}" for code in sorted(values)]


# --- Setup, in words --------------------------------------------------------------------
# Each choice of the setup as its tile's few words and the line that explains it (the
# setup shows only the chosen one's line, so the tiles fit a row).
MODE_NAMES = {"standard": "Standard", "solo": "Solo", "family": "Family"}
MODE_HINTS = {
    "standard": "2 to 4 players",
    "solo": "1 player, with the Lionfish card and a rank title",
    "family": "1 to 4 players, only the tiles count",
}
MODE_LABELS = {mode: f"{name}: {MODE_HINTS[mode]}" for mode, name in MODE_NAMES.items()}
ENTRY_NAMES = {"board": "Tap the board", "sheet": "Copy the paper pad"}
ENTRY_HINTS = {
    "board": "Tap each tile in: Scorepad works out every line",
    "sheet": "Type each column of the paper score pad in",
}


def card_label(color: str, number: int) -> str:
    cards = ORANGE_CARDS if color == "orange" else BLUE_CARDS
    return f"{color.title()} {number} · {cards[number].name}"


def achievement_label(achievement: Mapping[str, Any] | None) -> str:
    if not achievement:
        return "No achievement mode"
    kind, number = achievement.get("kind"), achievement.get("number")
    if kind == "scenario" and number in SCENARIOS:
        scenario = SCENARIOS[number]
        return (
            f"Scenario {number} ({scenario.difficulty}, {scenario.minimum_score}+ VPs): "
            f"{scenario.objective}"
        )
    if kind == "modified" and number in MODIFIED_RULES:
        return f"Modified rule {number}: {MODIFIED_RULES[number]}"
    return "Standard-rules achievements (all 25)"


def setup_summary(mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
    setup = options.get("setup", {})
    return {
        "mode": MODE_LABELS.get(mode, mode),
        "cards": [
            card_label(color, n) for color in ("orange", "blue") for n in setup.get(color, [])
        ],
        "sealife": [sealife_name(code) for code in setup.get("sealife", []) if code in SEALIFE],
        "achievement": achievement_label(options.get("achievement")),
        "entry": "the board" if options.get("entry", "board") == "board" else "the paper sheet",
    }


# --- What a score shows ---------------------------------------------------------------------
def score_lines(
    player: Any, mode: str, setup: Mapping[str, Any], *, rows: bool = True
) -> list[dict[str, Any]]:
    """One player's breakdown, labelled as the score pad's lines, for the live panel
    (``rows=False`` leaves out the row lines a paper sheet already shows)."""
    kept = {c["color"]: c["name"] for c in player.extra.get("ecosystem_cards", []) if c["scored"]}
    lines = []
    for category in INFO.categories:
        key = category.key
        if mode == "family" and key != "tiles" and not key.startswith("row_"):
            continue
        if (key == "lionfish" and mode != "solo") or (key.startswith("row_") and not rows):
            continue
        label = category.label
        if key in ("orange", "blue"):
            cards = ORANGE_CARDS if key == "orange" else BLUE_CARDS
            names = [kept[key]] if key in kept else [cards[n].name for n in setup.get(key, [])]
            label = f"{key.title()}: {' or '.join(names)}" if names else label
        lines.append(
            {"key": key, "label": label, "vp": player.breakdown[key], "sub": key.startswith("row_")}
        )
    return lines


ACHIEVEMENT_STATES = {True: "earned", False: "missed", None: "tick"}


def _achievement_text(item: Mapping[str, Any]) -> str:
    if item["kind"] == "scenario":
        minimum = f"{item['minimum_score']}+ VPs"
        reached = "reached" if item["minimum_met"] else "not reached"
        if item["objective"] == "None.":
            return f"Scenario {item['number']}: {minimum} ({reached})"
        objective = {True: "met", False: "not met", None: "for you to judge"}[item["objective_met"]]
        return (
            f"Scenario {item['number']}: {minimum} and: {item['objective']} "
            f"({minimum} {reached}; objective {objective})"
        )
    if item["kind"] == "modified":
        return f"Modified rule {item['number']}: {item['objective']}"
    return f"{item['number']}. {item['objective']}"


def result_extras(play: Play, results: list[Result], sheet: Sheet | None) -> dict[str, Any]:
    """What the result page adds for Shallow Sea: the warnings, each Ecosystem card's
    VPs, the solo rank title (the result's headline), the left-out color of scenario 15
    and the achievements."""
    warnings = sheet.extra.get("warnings", []) if sheet else []
    cards: dict[tuple[str, int], list[str]] = {}
    for index, result in enumerate(results):
        for card in result.extra.get("ecosystem_cards", []):
            row = cards.setdefault((card["color"], card["number"]), [""] * len(results))
            kept = (
                " (kept)"
                if card["scored"] and len(play.options["setup"][card["color"]]) > 1
                else ""
            )
            row[index] = f"{card['vp']}{kept}"
    tables = []
    if cards:
        tables.append(
            {
                "title": "Ecosystem cards",
                "rows": [
                    {"label": card_label(color, number), "values": values}
                    for (color, number), values in cards.items()
                ],
            }
        )
    used = {r.name: values_in_play([board_of(r)]) for r in results}
    codes = sorted({code for values in used.values() for code in values})
    if codes:
        # Every tile keeps the values it was scored with: the result says which.
        tables.append(
            {
                "title": "Sealife VPs used",
                "rows": [
                    {
                        "label": sealife_name(code),
                        "values": [
                            printed_text(*used[r.name][code]) if code in used[r.name] else ""
                            for r in results
                        ],
                    }
                    for code in codes
                ],
            }
        )
    players = []
    headline = None
    for result in results:
        extra = result.extra
        lines = []
        if "rank_title" in extra:  # a solo game: its rank title heads the result
            headline = extra["rank_title"] or "No rank title (below 130 points)"
        if "left_out_color" in extra:
            lines.append(f"Scenario 15: {extra['left_out_color']} corals left out")
        items = [
            {"text": _achievement_text(a), "state": ACHIEVEMENT_STATES[a["earned"]]}
            for a in extra.get("achievements", [])
        ]
        lists = []
        if items:
            shown = [item for item in items if item["state"] != "missed"]
            missed = [item for item in items if item["state"] == "missed"]
            lists.append({"title": "Achievements", "items": shown, "missed": missed})
        if lines or lists:
            players.append({"name": result.name, "lines": lines, "lists": lists})
    return {"warnings": warnings, "tables": tables, "players": players, "headline": headline}


def explained_board(play: Play, result: Result, explanation: Explanation) -> Panel | None:
    """The seat's ocean with the spaces and bubbles of one line of its score lit (the
    result page's explanation); None for a line the board does not hold (Seashells, a
    paper-pad column)."""
    if play.options.get("entry", "board") != "board":
        return None
    if not explanation.spaces and not explanation.bubbles:
        return None
    board = draw_board(board_of(result), lit=explanation)
    return Panel("shallow_sea/lit_ocean.html", {"board": board, "result": result})
