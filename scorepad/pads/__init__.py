"""Each game's web side, behind one registry.

A *pad* is all the shared site knows of one game: the pure scoring module it scores
with, how a play's saved pieces become that game's JSON input (and back), its own
screens, and what it adds to the shared pages. The shared site (plays,
seats, results, groups, history, exports, the tests' URL sweep) only ever goes
through a pad, so it never names a game.

The packages that hold the pads are listed once, in ``settings.SCOREPAD_PADS``. Each
is a Django app (its models, migrations and static files come with it) with a
``urls`` module for its screens and a ``pads`` module whose ``PADS`` are the games
it enters: one, or a family of games that enter the same shape and share one set of
screens, driven by each game's own data.

Nothing here imports a model at import time: settings import this package's
children as apps before Django is ready.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from random import Random
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import Http404, HttpResponse

from games.contract import Explanation, FieldError, GameInfo, InvalidInput, Sheet
from scorepad.entries import PlayState
from scorepad.http import HtmxHttpRequest

if TYPE_CHECKING:
    from scorepad.models import Group, Play, Progress, Result

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "docs" / "examples"


@dataclass(frozen=True)
class StoredPlay:
    """A game's JSON input as a play keeps it: who sits where, the mode and options,
    each seat's entry and the log of events (oldest first)."""

    players: list[str]
    mode: str
    options: dict[str, Any]
    entries: dict[str, dict[str, Any]]
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class SeatStatus:
    """How far a seat's own part of a play is: ``stage`` is EMPTY (nothing in yet),
    ENTERING or DONE; ``detail`` says it in the game's words ("4 tiles, 2 fish")."""

    stage: str
    detail: str = ""


EMPTY, ENTERING, DONE = "empty", "entering", "done"


@dataclass(frozen=True)
class Link:
    """A page of a game's own, linked from a shared page (the "Me" menu, say)."""

    label: str
    url_name: str


@dataclass(frozen=True)
class Panel:
    """A game's part of a shared page: its template and what that template shows."""

    template: str
    context: Mapping[str, Any]


@dataclass(frozen=True)
class Sample:
    """One URL of a game's for the security sweep: its name, its arguments, and what
    a POST sends to get past the form to the object."""

    url_name: str
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Pad:
    """What the shared site needs of one game; the rest is the game's own business."""

    game: ModuleType  # the pure scoring module: INFO, parse(), score()
    hub: Callable[[HtmxHttpRequest, Play], HttpResponse]  # the play's own screen
    to_input: Callable[[PlayState], dict[str, Any]]  # the saved pieces as the game's JSON
    from_input: Callable[[Mapping[str, Any]], StoredPlay]  # and back
    seat_url: Callable[[Play, Result], str]  # where a seat enters its own part
    seat_status: Callable[[Play, Result, Progress], SeatStatus]  # how far that part is
    # Where a phone that just took a seat starts, if not at the seat's own screen.
    start_url: Callable[[Play, Result], str] | None = None
    reads_events: bool = False  # whether the input is built from a log of events
    mode_labels: Mapping[str, str] = field(default_factory=dict)  # the new-play form's words
    setup: Callable[[HtmxHttpRequest, Pad], HttpResponse] | None = None  # own new-play screen
    # Warnings, more tables, each player's lines: templates/result_extras.html.
    # Given the play's sheet scored again (None when its entries no longer score).
    result_extras: Callable[[Play, list[Result], Sheet | None], dict[str, Any]] | None = None
    # A seat's board with the places one line of its score came from picked out, for the
    # result page's explanation of that line; None where the line has none to show.
    explained_board: Callable[[Play, Result, Explanation], Panel | None] | None = None
    personal_pages: tuple[Link, ...] = ()  # a signed-in person's own pages ("Me")
    group_panel: Callable[[Group], Panel | None] | None = None  # on the group's page
    # URL names anyone may open, and those for any signed-in person; every other URL
    # of the pad is private to the play's or group's people.
    open_urls: frozenset[str] = frozenset()
    signed_in_urls: frozenset[str] = frozenset()
    # Every URL of the pad for this play of it in progress, making what else it
    # needs: the security sweep visits each.
    sample_urls: Callable[[Play], Iterable[Sample]] = lambda play: ()
    # A complete game as the API takes it; the demo, the benchmark and the tests
    # build plays from it. By default the game's worked example in docs/examples.
    example: Callable[[], dict[str, Any]] | None = None
    # The example with other valid numbers, so seeded plays differ (the benchmark).
    vary: Callable[[dict[str, Any], Random], dict[str, Any]] | None = None
    # A whole game as a table still entering it would hold it (the benchmark's plays
    # in progress); by default all of it, not yet finished.
    in_progress: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    @property
    def info(self) -> GameInfo:
        return self.game.INFO

    @property
    def slug(self) -> str:
        return self.info.slug

    def final_sheet(self, state: PlayState) -> Sheet:
        """The whole game ``state`` holds, scored strictly; InvalidInput while it is not
        over. Nothing is read from the database: an import scores plays not saved yet."""
        sheet = self.game.score(self.game.parse(self.to_input(state), partial=False))
        if not sheet.extra.get("complete", True):
            raise InvalidInput(
                [FieldError("", "The game is not over yet: enter every round before finishing.")]
            )
        return sheet

    def example_input(self) -> dict[str, Any]:
        if self.example is not None:
            return self.example()
        return json.loads((EXAMPLES / f"{self.slug}.json").read_text())


@cache
def _registry() -> dict[str, Pad]:
    pads: dict[str, Pad] = {}
    for package in settings.SCOREPAD_PADS:
        for pad in import_module(f"{package}.pads").PADS:
            if pad.slug in pads:
                raise ValueError(f"Two pads enter the game '{pad.slug}'.")
            pads[pad.slug] = pad
    return pads


def all_pads() -> list[Pad]:
    """Every game the site enters, in the order settings list their packages."""
    return list(_registry().values())


def get_pad(slug: str) -> Pad:
    """The pad of the game ``slug``; KeyError when the site does not enter it."""
    return _registry()[slug]


def get_pad_or_404(slug: str) -> Pad:
    try:
        return get_pad(slug)
    except KeyError:
        raise Http404("This game cannot be entered on the site.") from None


def is_entered(slug: str) -> bool:
    return slug in _registry()


def personal_pages() -> list[Link]:
    return [link for pad in all_pads() for link in pad.personal_pages]


def group_panels(group: Group) -> list[Panel]:
    panels = (pad.group_panel(group) for pad in all_pads() if pad.group_panel)
    return [panel for panel in panels if panel is not None]
