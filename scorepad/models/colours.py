"""A table's look: each seat's colour and initial, so a player is told apart at a glance
wherever they appear (the seats, the podium, the breakdown's columns, a chart's bar, a
history line).

The palette is fixed: eight colours the stylesheet draws as ``.seat-<colour>`` (a dot
with the initial in it, readable in the light and the dark scheme). Nobody has to
choose: a seat left on "automatic" gets its player's colour from last time, if no other
seat has it, or else the next free colour of the palette in seat order.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import models
from django.utils.translation import gettext_lazy as _


class SeatColour(models.TextChoices):
    RED = "red", _("Red")
    ORANGE = "orange", _("Orange")
    YELLOW = "yellow", _("Yellow")
    GREEN = "green", _("Green")
    TEAL = "teal", _("Teal")
    BLUE = "blue", _("Blue")
    PURPLE = "purple", _("Purple")
    PINK = "pink", _("Pink")


PALETTE: tuple[str, ...] = tuple(SeatColour.values)
# Each colour as the stylesheet draws it (every-screen.css, .seat-<colour>), for what is
# drawn outside it: a shareable card (scorepad/cards.py). tests/test_cards.py holds the
# two to the same values.
SEAT_HEX = {
    "red": "#ff7b72",
    "orange": "#f5a524",
    "yellow": "#f0e442",
    "green": "#4cc38a",
    "teal": "#2ec4c4",
    "blue": "#6cb4ff",
    "purple": "#c3a1ff",
    "pink": "#ff9ecf",
}


def palette_colour(position: int) -> str:
    """The palette's colour for a seat nothing else chose one for (an imported play)."""
    return PALETTE[position % len(PALETTE)]


def seat_colours(chosen: Sequence[str], remembered: Sequence[str]) -> list[str]:
    """Each seat's colour, in seat order: the one chosen for it (blank: automatic), else
    its player's remembered one if no seat holds it yet (chosen ones first, then the
    remembered ones in seat order), else the next free colour of the palette. With more
    seats than colours, the palette starts again."""
    seats = len(remembered)
    chosen = [*chosen, *[""] * seats][:seats]
    colours = [c if c in PALETTE else "" for c in chosen]
    taken = set(colours) - {""}
    for seat, colour in enumerate(remembered):
        if not colours[seat] and colour in PALETTE and colour not in taken:
            colours[seat] = colour
            taken.add(colour)
    free = [c for c in PALETTE if c not in taken]
    for seat in range(seats):
        if not colours[seat]:
            colours[seat] = free.pop(0) if free else palette_colour(seat)
    return colours


def initial_of(name: str) -> str:
    """What a seat's dot shows: the name's first letter or digit, as a capital (an emoji
    before it is skipped); the first character if it has none."""
    first = next((c for c in name if c.isalnum()), name[:1])
    return first.upper()[:1]
