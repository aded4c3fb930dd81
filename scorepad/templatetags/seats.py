"""A seat's colour and initial wherever a player appears: ``{% seat_dot result %}``.

The dot is decoration beside a name that is written out (``aria-hidden``), its initial
drawn by the stylesheet from ``data-initial``: a screen reader reads the name once, and
the text around it (a history line's "Ana 43, Ben 39") stays as it was. Generated text
counts in an accessible name: only ``aria-hidden`` keeps the initial out of one.
``{% seat_dot result named=True %}`` is a dot standing for the name (a breakdown's
column): the name follows it for a screen reader, out of sight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scorepad.models.colours import initial_of, palette_colour

register = template.Library()


def _read(seat: Any, name: str) -> Any:
    return seat.get(name) if isinstance(seat, Mapping) else getattr(seat, name, None)


def colour_of(seat: Any) -> str:
    """A seat's colour (a ``Result``'s, or a mapping's ``seat_colour``), or a player's
    last one; the palette's first for a player who never sat."""
    colour = _read(seat, "seat_colour") or _read(seat, "colour")
    return colour or palette_colour(0)


@register.simple_tag
def seat_dot(seat: Any, *, named: bool = False) -> SafeString:
    name = str(_read(seat, "name"))
    colour = colour_of(seat)
    dot = format_html(
        '<span class="seat-dot seat-{}" data-initial="{}" aria-hidden="true"></span>',
        colour,
        initial_of(name),
    )
    if named:
        return format_html('{}<span class="visually-hidden">{}</span>', dot, name)
    return dot


@register.filter
def seat_class(seat: Any) -> str:
    """``seat-<colour>``: for an element coloured as its seat (a chart's bar)."""
    return f"seat-{colour_of(seat)}"


@register.filter
def minutes(count: int | None) -> str:
    """A game's length as a player says it: "45 min", "1 h", "2 h 5 min"."""
    if count is None:
        return ""
    hours, rest = divmod(count, 60)
    if not hours:
        return _("%(minutes)s min") % {"minutes": rest}
    if rest:
        return _("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": rest}
    return _("%(hours)s h") % {"hours": hours}
