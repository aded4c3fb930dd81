"""Each game's screens, behind one registry: its pad.

A *pad* is the web half of a game on the site: its own screens (the play's hub, where
a seat enters its part, a new-play screen of its own), how far a seat is, its URLs for
the security sweep, and what it adds to the shared pages (result extras, a board on the
result page, a panel on the group's page, pages of the "Me" menu). The pure half, what
models, exports and records use, is the game's codec (``scorepad.codecs``): a pad holds
its codec, and only the URL conf, views and tests reach a pad.

The packages that hold the pads are listed once, in ``settings.SCOREPAD_PADS``. Each
is a Django app (its models, migrations and static files come with it) with a
``codecs`` module (``CODECS``, the games it enters), a ``pads`` module (``PADS``, their
screens: one, or a family of games that enter the same shape and share one set of
screens, driven by each game's own data) and a ``urls`` module for those screens.

Nothing here imports a model at import time: settings import this package's
children as apps before Django is ready.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import Http404, HttpResponse

from games.contract import Explanation, GameInfo, Sheet
from scorepad.codecs import Codec, all_codecs
from scorepad.http import HtmxHttpRequest

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from scorepad.models import Group, Play, Progress, Result
    from scorepad.table import Access


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

    label: StrOrPromise
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
    """What the shared site's screens need of one game; the rest is the game's own
    business. Every hook a pad may give is declared here."""

    codec: Codec
    """The game as it is stored and scored (``scorepad.codecs``)."""
    hub: Callable[[HtmxHttpRequest, Play], HttpResponse]
    """The play's own screen."""
    seat_url: Callable[[Play, Result], str]
    """Where a seat enters its own part of the play."""
    seat_status: Callable[[Play, Result, Progress], SeatStatus]
    """How far a seat's own part is, for the table's list of seats."""
    seat_panel: Callable[[HtmxHttpRequest, Play, Access], Panel | None] | None = None
    """What a seat's own screen shows below its part, for the whole table (the counts
    family's sheet: a game's end-of-game events, say)."""
    start_url: Callable[[Play, Result], str] | None = None
    """Where a phone that just took a seat starts; by default the seat's own screen."""
    mode_labels: Mapping[str, StrOrPromise] = field(default_factory=dict)
    """Each mode in the shared new-play form's words; by default the mode's name."""
    setup: Callable[[HtmxHttpRequest, Pad], HttpResponse] | None = None
    """A new-play screen of the game's own, instead of the shared one."""
    result_extras: Callable[[Play, list[Result], Sheet | None], dict[str, Any]] | None = None
    """Extras for the result page (result_extras.html), given the sheet scored again."""
    explained_board: Callable[[Play, Result, Explanation], Panel | None] | None = None
    """A seat's board with the places one line of its score came from lit (result page)."""
    personal_pages: tuple[Link, ...] = ()
    """A signed-in person's own pages of the game, in the "Me" menu."""
    group_panel: Callable[[Group], Panel | None] | None = None
    """The game's part of a group's page; None where it has nothing to show."""
    open_urls: frozenset[str] = frozenset()
    """URL names anyone may open (every other URL is the play's or group's people's)."""
    signed_in_urls: frozenset[str] = frozenset()
    """URL names any signed-in person may open."""
    sample_urls: Callable[[Play], Iterable[Sample]] = lambda play: ()
    """Every URL of the pad for this play in progress, for the security sweep to visit."""

    @property
    def game(self) -> ModuleType:
        return self.codec.game

    @property
    def info(self) -> GameInfo:
        return self.codec.info

    @property
    def slug(self) -> str:
        return self.codec.slug


@cache
def pad_registry() -> dict[str, Pad]:
    pads: dict[str, Pad] = {}
    for package in settings.SCOREPAD_PADS:
        for pad in import_module(f"{package}.pads").PADS:
            if pad.slug in pads:
                raise ValueError(f"Two pads enter the game '{pad.slug}'.")
            pads[pad.slug] = pad
    stored = {codec.slug for codec in all_codecs()}
    if set(pads) != stored:
        raise ValueError(f"Games without screens or codec: {sorted(set(pads) ^ stored)}.")
    return pads


def all_pads() -> list[Pad]:
    """Every game the site enters, in the order settings list their packages."""
    return list(pad_registry().values())


def get_pad(slug: str) -> Pad:
    """The pad of the game ``slug``; KeyError when the site does not enter it."""
    return pad_registry()[slug]


def get_pad_or_404(slug: str) -> Pad:
    try:
        return get_pad(slug)
    except KeyError:
        raise Http404("This game cannot be entered on the site.") from None


def personal_pages() -> list[Link]:
    return [link for pad in all_pads() for link in pad.personal_pages]


def group_panels(group: Group) -> list[Panel]:
    panels = (pad.group_panel(group) for pad in all_pads() if pad.group_panel)
    return [panel for panel in panels if panel is not None]
