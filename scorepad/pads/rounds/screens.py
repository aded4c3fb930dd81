"""The shape of a rounds game's screens, as data: how many rounds, each round's counts
in their sections (labels, help and limits), what a round's entry is called, what the
live panel and the scoreboard show.

Each game of the family declares its own (scorepad.pads.rounds.reef_draft, say); the
games' rules live in games/. A seat's entry is ``{"rounds": {"1": {...}, ...}}``, each
round's counts keyed as the game reads them (a dotted key nests: ``on_shark.clownfish``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy, pgettext

from games.words import Words

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Count:
    """One count of a seat's round: a stepper from 0 to ``maximum``."""

    key: str
    """Where the game reads it in the round's entry; a dot nests (``on_shark.clownfish``)."""
    label: StrOrPromise
    maximum: int | None = None
    help: StrOrPromise = ""
    counted: Words | None = None
    """How a sentence counts it, in the reader's language (``{count} jelly``, the game's
    own ``ngettext_lazy``); without it, a sentence gives its label and the number."""

    def said(self, count: int) -> str:
        if self.counted is not None:
            return str(self.counted.of(count))
        return pgettext("a count named by its label", "%(label)s: %(count)s") % {
            "label": self.label,
            "count": count,
        }

    @property
    def name(self) -> str:
        """The form field's name."""
        return self.key.replace(".", "_")


@dataclass(frozen=True)
class Section:
    """Counts shown together under a legend (``{name}`` and ``{round}`` filled in, with
    ``str.format``)."""

    legend: StrOrPromise
    counts: tuple[Count, ...]
    hint: StrOrPromise = ""
    hint_id: str = ""
    sized: bool = False
    """Whether its counts add up to the round's size (a hand of cards, say)."""


@dataclass(frozen=True)
class Column:
    """A scoreboard column of the game's own: its category's points once the game is
    over, before then the tie-break's count so far (``counted``: Django's
    ``ngettext_lazy(one, many, "count")``, filled in with the count)."""

    label: StrOrPromise
    category: str
    tiebreak: str
    counted: StrOrPromise
    title: StrOrPromise = ""


LIVE = ("size", "round", "total")


@dataclass(frozen=True)
class RoundScreens:
    rounds: int
    sections: tuple[Section, ...]
    noun: StrOrPromise = gettext_lazy("entry")
    """What one seat's round is called ("Ana's round 2 reef")."""
    nouns: StrOrPromise = gettext_lazy("entries")
    size: Callable[[int], int] | None = None
    """How many the sized counts should add up to, given the number of players."""
    unit: StrOrPromise = gettext_lazy("cards")
    live: tuple[str, ...] = LIVE
    """The lines the live panel shows: "size" (typed of the size), "round" (the round's
    points), "total"."""
    pending: StrOrPromise = ""
    """Said after a round's points while some seat's round is not in (``+ seastars``)."""
    columns: tuple[Column, ...] = ()

    @property
    def counts(self) -> tuple[Count, ...]:
        return tuple(count for section in self.sections for count in section.counts)

    def sized(self) -> tuple[Count, ...]:
        return tuple(c for s in self.sections if s.sized for c in s.counts)

    def size_of(self, entry: Mapping[str, Any]) -> int:
        """How many a saved round holds, by its sized counts."""
        return sum(read(entry, count.key) for count in self.sized())

    def describe(self, entry: Mapping[str, Any]) -> str:
        """A saved round in a sentence ("4 jellies, 2 coral"), its sized counts or all."""
        counts = self.sized() or self.counts
        said = [c.said(n) for c in counts if (n := read(entry, c.key))]
        return ", ".join(said) or gettext("nothing")


def read(entry: Mapping[str, Any], key: str) -> int:
    """The count at a dotted key of a round's entry (0 if none)."""
    value: Any = entry
    for part in key.split("."):
        value = value.get(part, {}) if isinstance(value, Mapping) else {}
    return value if isinstance(value, int) else 0


def nest(flat: Mapping[str, int]) -> dict[str, Any]:
    """Counts by dotted key as the round's entry: ``{"a.b": 1}`` -> ``{"a": {"b": 1}}``."""
    entry: dict[str, Any] = {}
    for key, value in flat.items():
        *parents, last = key.split(".")
        place = entry
        for part in parents:
            place = place.setdefault(part, {})
        place[last] = value
    return entry
