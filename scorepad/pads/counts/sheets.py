"""The counts family's sheet, as data: one seat's numbers, each a field with its label,
help and limits, kept under one key of the seat's entry.

A game whose seats each fill in a sheet of numbers (a final tally, the counts typed at
the end) declares it on its codec (``SheetCodec.sheets``, by mode); the family's one
screen (``scorepad.pads.counts.views.seat_sheet``) draws and saves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from scorepad.codecs import Codec

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Field:
    key: str
    label: StrOrPromise
    # count: a stepper; number: any whole number (may be negative); player: who;
    # per_player: a count for every player; reefs: ``rows`` rows of tiles and
    # clownfish; values: printed numbers typed in one line.
    kind: str = "count"
    minimum: int = 0
    maximum: int | None = None
    option: str | None = None  # only asked when this yes/no option is on
    help: StrOrPromise = ""
    rows: int = 0


@dataclass(frozen=True)
class CountSheet:
    """A seat's sheet of numbers in one mode of its game."""

    key: str
    """Where the seat's numbers are kept in its entry (and the game reads them)."""
    fields: tuple[Field, ...]
    heading: StrOrPromise = _("numbers at the end")
    """What the screen is, after the seat's name ("Ana: numbers at the end")."""
    back: StrOrPromise = _("Totals")
    """The link back to the play's own screen."""


@dataclass(frozen=True, kw_only=True)
class SheetCodec(Codec):
    """A game whose seats each fill in a sheet of numbers, in some of its modes."""

    sheets: Mapping[str, CountSheet] = field(default_factory=dict)
    """Each mode's sheet, by mode; a mode without one has no sheet screen."""
