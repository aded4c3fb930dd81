"""The family's screens: a live log of events and each seat's final tally, or each
seat's counts, drawn from each game's ``LogScreens`` (their codecs: ``codecs.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.utils.translation import gettext_lazy as _

from scorepad.models import Play
from scorepad.pads import Pad, Sample
from scorepad.pads.counts.views import sheet_url
from scorepad.pads.event_log import views
from scorepad.pads.event_log.codecs import CORAL_STATIONS, SEAGRASS, LogCodec

MODE_LABELS = {
    "log": _("Live log: score each event as it happens"),
    "counts": _("Final counts: type each player's numbers at the end"),
}


def log_urls(play: Play) -> Iterable[Sample]:
    yield Sample("player_tally", {"play_id": play.uuid, "position": 0})
    first = play.events.order_by("seq").first()
    if play.mode == "log" and first is not None:
        kind = views.screens_of(play).events[0]
        yield Sample("new_event", {"play_id": play.uuid, "event_type": kind.type})
        yield Sample("edit_event", {"play_id": play.uuid, "seq": first.seq})
        yield Sample("undo_event", {"play_id": play.uuid})


def log_and_reef_award_urls(play: Play) -> Iterable[Sample]:
    yield from log_urls(play)
    yield Sample("reef_award")
    yield Sample("api_reef_award")


def log_pad(
    codec: LogCodec,
    *,
    sample_urls: Callable[[Play], Iterable[Sample]] = log_urls,
    **more: Any,
) -> Pad:
    """A game of the family, entered with its own forms on the shared screens."""
    return Pad(
        codec=codec,
        hub=views.hub,
        seat_url=sheet_url,
        seat_status=views.seat_status,
        start_url=views.start_url,
        mode_labels=MODE_LABELS,
        seat_panel=views.end_panel,
        sample_urls=sample_urls,
        **more,
    )


PADS = [
    log_pad(
        SEAGRASS,
        open_urls=frozenset({"reef_award", "api_reef_award"}),
        sample_urls=log_and_reef_award_urls,
    ),
    log_pad(CORAL_STATIONS),
]
