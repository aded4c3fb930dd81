"""The ocean drawn: each space and bubble with what lies on it, as the board template
shows it, and what one tap changed of it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from games.contract import Explanation
from games.shallow_sea.data import COLORS, SPACES, Point
from games.shallow_sea.scoring import lonely_tiles
from scorepad.pads.shallow_sea.entry import fish_on_bubbles
from scorepad.pads.shallow_sea.geometry import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    BUBBLE_RADIUS,
    BUBBLE_SHAPES,
    DIAMOND,
    SPACE_SHAPES,
    VIEWBOX,
    BubbleShape,
    SpaceShape,
    bubble_point,
    bubble_words,
)
from scorepad.pads.shallow_sea.text import color_word, describe_tile

COLOR_LETTERS = {color: color[0].upper() for color in COLORS}


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
            small = color_word(tile["color"])
        if tile.get("completed"):
            classes.append("completed")
            big = str(tile.get("vp", "?"))
            fish = tile.get("fish") if tile.get("fish") in COLORS else None
        else:
            classes.append("incomplete")
            small = small or gettext("coral")
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
    label = gettext("%(space)s: %(tile)s") % {"space": shape.name, "tile": describe_tile(tile)}
    if lonely:  # the game warns of it too (scoring.ocean_warnings)
        classes.append("lonely")
        label = gettext("%(space)s: %(tile)s; neighbors no other tile: check it") % {
            "space": shape.name,
            "tile": describe_tile(tile),
        }
    if lit:
        classes.append("lit")
    return DrawnSpace(shape, tile, label, " ".join(classes), big, small, fish, selected, lit)


@dataclass(frozen=True)
class Touched:
    """The spaces and bubbles one tap may have drawn differently."""

    spaces: frozenset[str]
    bubbles: frozenset[Point]


def touched_by(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    *,
    space: str | None = None,
    bubble: Point | None = None,
) -> Touched:
    """What a tap on ``space`` (its tile) or on ``bubble`` (its fish) changed of the
    drawing, known from the tap rather than by drawing the board twice: the piece
    tapped (always: it loses its selection), the spaces whose tile became lonely or
    stopped being so, the bubbles the tile touches that became free or stopped being
    so. A fish changes its bubble alone."""
    if space is None:
        return Touched(frozenset(), frozenset({bubble} if bubble else ()))
    tiles = [board.get("tiles", {}) for board in (before, after)]
    lonely = [set(lonely_tiles(placed)) for placed in tiles]
    bubbles = frozenset(
        point
        for point, shape in BUBBLE_SHAPES.items()
        if space in shape.spaces
        and len({any(s in placed for s in shape.spaces) for placed in tiles}) > 1
    )
    return Touched(frozenset({space} | (lonely[0] ^ lonely[1])), bubbles)


def draw_board(
    board: Mapping[str, Any],
    *,
    selected_space: str | None = None,
    selected: Point | None = None,
    lit: Explanation | None = None,
    only: Touched | None = None,
) -> dict[str, Any]:
    """The board as the templates draw it; ``lit`` picks out the spaces and bubbles that
    one line of the player's score came from. ``only``: those pieces drawn, the counts
    still the whole board's."""
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
        if only is None or name in only.spaces
    ]
    bubbles = []
    for point, shape in BUBBLE_SHAPES.items():
        if only is not None and point not in only.bubbles:
            continue
        color = fish.get(point)
        where = shape.shown_name
        if color:
            label = gettext("Bubble %(where)s: %(color)s fish") % {
                "where": where,
                "color": color_word(color),
            }
        else:
            label = gettext("Bubble %(where)s: no fish") % {"where": where}
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
        "lit_bubbles": [bubble_words(name) for name in lit.bubbles] if lit else [],
    }
