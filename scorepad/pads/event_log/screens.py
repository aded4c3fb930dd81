"""The shape of an event-log game's forms, as data: each event's form, each
player's end-of-game tally or counts, and how a logged event reads in the log.

Each game of the family declares its own (scorepad.pads.event_log.seagrass, say);
the games' rules live in games/.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from scorepad.pads.counts.sheets import Field

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Helper:
    """A calculator on an event's form that is not part of the score."""

    key: str  # its fields' prefix on the form
    legend: StrOrPromise
    fields: tuple[Field, ...]
    compute: Callable[[dict[str, Any]], Any]  # raises InvalidInput, naming the fields
    describe: Callable[[Any], str]  # what ``compute`` gave, in a sentence
    prompt: StrOrPromise  # until every field is filled in


@dataclass(frozen=True)
class EventKind:
    type: str
    label: StrOrPromise
    fields: tuple[Field, ...]
    describe: Callable[[Mapping[str, Any]], str]
    option: str | None = None
    helper: Helper | None = None


@dataclass(frozen=True)
class EndEvents:
    """Things entered one by one once the game is over, like events, that the game
    reads as a list of their own (``input_key``) rather than as part of the log;
    ``heading`` names them all ("Open stations"), ``add`` is the button adding one."""

    kind: EventKind
    input_key: str
    heading: StrOrPromise
    add: StrOrPromise


@dataclass(frozen=True)
class LogScreens:
    events: tuple[EventKind, ...]
    final: tuple[Field, ...]  # each player's numbers when a logged game ends
    counts: tuple[Field, ...]  # each player's numbers when only totals are entered
    end: EndEvents | None = None

    @property
    def end_types(self) -> tuple[str, ...]:
        return (self.end.kind.type,) if self.end else ()

    def kind(self, event_type: str) -> EventKind | None:
        kinds = (*self.events, *((self.end.kind,) if self.end else ()))
        return next((k for k in kinds if k.type == event_type), None)

    def describe(self, data: Mapping[str, Any]) -> str:
        kind = self.kind(data.get("type", ""))
        return kind.describe(data) if kind else str(data.get("type"))

    def tally(self, mode: str) -> tuple[str, tuple[Field, ...]]:
        """Where a seat's end-of-game numbers are kept in its entry, and their fields."""
        return ("counts", self.counts) if mode == "counts" else ("final", self.final)


WHO = Field("player", _("Who"), kind="player")
