"""What one tap on an ocean redraws: the pieces ``touched_by`` names are the pieces the
tap drew differently, found here the long way (the whole board drawn before and after,
compared), and the piece tapped."""

from __future__ import annotations

from random import Random
from typing import Any

from games.shallow_sea.data import COLORS, SPACES
from games.shallow_sea.random_game import random_boards
from scorepad.pads.shallow_sea.drawing import Touched, draw_board, touched_by
from scorepad.pads.shallow_sea.entry import with_fish, with_tile
from scorepad.pads.shallow_sea.geometry import BUBBLE_RADIUS, BUBBLE_RING, BUBBLE_SHAPES

CORAL = {"kind": "coral", "color": "red", "completed": True, "vp": 7, "fish": "red"}


def drawn_differently(before: dict[str, Any], after: dict[str, Any]) -> Touched:
    was, now = draw_board(before), draw_board(after)
    spaces = {n.shape.name for n, w in zip(now["spaces"], was["spaces"], strict=True) if n != w}
    bubbles = {n.shape.point for n, w in zip(now["bubbles"], was["bubbles"], strict=True) if n != w}
    return Touched(frozenset(spaces), frozenset(bubbles))


def test_a_tap_redraws_every_piece_it_changed_on_random_oceans():
    rng = Random(25)
    checked = 0
    for _ in range(150):
        for before in random_boards(rng)["boards"].values():
            space = rng.choice(SPACES)
            tile = rng.choice([None, CORAL, *before.get("tiles", {}).values()])
            after = with_tile(before, space, tile)
            touched = touched_by(before, after, space=space)
            changed = drawn_differently(before, after)
            assert touched == Touched(changed.spaces | {space}, changed.bubbles)
            point = rng.choice(list(BUBBLE_SHAPES))
            fished = with_fish(before, point, rng.choice([None, *COLORS]))
            assert drawn_differently(before, fished).spaces == set()
            assert drawn_differently(before, fished).bubbles <= {point}
            assert touched_by(before, fished, bubble=point) == Touched(
                frozenset(), frozenset({point})
            )
            checked += 1
    assert checked > 300


def test_a_second_tile_far_from_the_first_makes_both_lonely():
    before = with_tile({}, "R1C2", CORAL)
    after = with_tile(before, "R5C8", CORAL)
    assert touched_by(before, after, space="R5C8").spaces == {"R1C2", "R5C8"}


def test_a_tile_next_to_a_lonely_one_redraws_both_and_the_bubbles_it_takes():
    board = with_tile(with_tile({}, "R1C2", CORAL), "R5C8", CORAL)
    touched = touched_by(board, with_tile(board, "R4C7", CORAL), space="R4C7")
    assert touched.spaces == {"R4C7", "R5C8"}
    free = [p for p, shape in BUBBLE_SHAPES.items() if "R4C7" in shape.spaces]
    taken_before = [p for p in free if "R5C8" in BUBBLE_SHAPES[p].spaces]
    assert touched.bubbles == set(free) - set(taken_before)
    assert len(free) == 4 and len(taken_before) == 2  # the ends of the edge they share


def test_the_whole_ocean_lies_inside_its_drawing():
    """Every bubble, with the widest ring drawn around it, and every space lie inside the
    viewBox: the outermost bubbles were cut in half at 390 px."""
    board = draw_board({})
    left, top, width, height = (float(n) for n in board["viewbox"].split())
    reach = BUBBLE_RADIUS + BUBBLE_RING / 2
    for b in board["bubbles"]:
        x, y = b.shape.x, b.shape.y
        assert left < x - reach and x + reach < left + width, b.shape.name
        assert top < y - reach and y + reach < top + height, b.shape.name
    corner = max(abs(float(n)) for point in board["diamond"].split() for n in point.split(","))
    for s in board["spaces"]:
        x, y = s.shape.x, s.shape.y
        assert left < x - corner and x + corner < left + width, s.shape.name
        assert top < y - corner and y + corner < top + height, s.shape.name
    assert len(board["bubbles"]) == 35
