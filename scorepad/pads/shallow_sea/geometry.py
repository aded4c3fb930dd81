"""Shallow Sea's ocean as the board template lays it out: every space and bubble of the
game's own board data at its place in SVG user units."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext_lazy

from games.shallow_sea.data import BUBBLES, CORNERS, INNER_SPACES, SPACE_POINTS, Point

# The board's lattice (columns 0-10, rows 0-6: spaces and the bubbles between them)
# scaled to SVG user units; the page scales the drawing to the phone's width.
UNIT = 40  # one lattice step; a diamond is two steps wide and tall
# A bubble to tap is drawn this big (about 30 px across on a 390 px phone).
BUBBLE_RADIUS = 17
# The widest ring drawn around a bubble (selected, lit, waiting): half of it lies outside.
BUBBLE_RING = 4
# Room for the outermost bubbles, ring and all, and a little sea beyond them: the drawing
# is whole at any width (the outermost were cut in half at 390 px).
MARGIN = BUBBLE_RADIUS + BUBBLE_RING + 4
GAP = 2.5  # between neighbouring diamonds
BOARD_WIDTH = 2 * MARGIN + 10 * UNIT
BOARD_HEIGHT = 2 * MARGIN + 6 * UNIT
VIEWBOX = f"0 0 {BOARD_WIDTH} {BOARD_HEIGHT}"


def _at(point: Point) -> tuple[float, float]:
    col, row = point
    return MARGIN + col * UNIT, MARGIN + row * UNIT


def _diamond(radius: float) -> str:
    corners = ((0, -radius), (radius, 0), (0, radius), (-radius, 0))
    return " ".join(f"{x:g},{y:g}" for x, y in corners)


# Every space, and the area a finger taps around a bubble, is this diamond moved to
# its lattice point; bubbles are two steps apart, so no two such areas overlap.
DIAMOND = _diamond(UNIT - GAP)


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
        said = {"name": self.name, "row": self.row}
        if self.inner:
            return gettext("%(name)s: row %(row)s, inner space") % said
        return gettext("%(name)s: row %(row)s, outer space") % said


@dataclass(frozen=True)
class BubbleShape:
    name: str  # named through the first space (reading order) that touches it
    point: Point
    x: float
    y: float
    spaces: tuple[str, ...]

    @property
    def shown_name(self) -> str:
        """The name in the reader's words: ``R1C2 top`` (the input's ``R1C2:top``)."""
        return bubble_words(self.name)

    @property
    def title(self) -> str:
        return gettext("Bubble %(name)s, touching %(spaces)s") % {
            "name": self.shown_name,
            "spaces": ", ".join(self.spaces),
        }


# A bubble's corner of the space it is named through, as a reader says it.
CORNER_WORDS = {
    "top": pgettext_lazy("the corner of a space a bubble is at", "top"),
    "right": pgettext_lazy("the corner of a space a bubble is at", "right"),
    "bottom": pgettext_lazy("the corner of a space a bubble is at", "bottom"),
    "left": pgettext_lazy("the corner of a space a bubble is at", "left"),
}


def bubble_words(name: str) -> str:
    """A bubble's name as the input gives it (``R1C2:top``) in the reader's words."""
    space, _, corner = name.partition(":")
    return f"{space} {CORNER_WORDS[corner]}" if corner in CORNER_WORDS else name


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


def bubble_point(name: str) -> Point | None:
    """The bubble a name like ``R2C3:top`` points at (any touching space will do)."""
    space, _, corner = name.partition(":")
    return CORNERS.get(space, {}).get(corner)
