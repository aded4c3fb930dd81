"""Reef Draft's screens: a seat's reef, round by round (its codec: ``codecs.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.models import Play
from scorepad.pads import Pad, Sample
from scorepad.pads.reef_draft import views
from scorepad.pads.reef_draft.codecs import CODEC


def sample_urls(play: Play) -> Iterable[Sample]:
    yield Sample("reef_entry", {"play_id": play.uuid, "round_number": 1, "position": 0})


PADS = [
    Pad(
        codec=CODEC,
        hub=views.hub,
        seat_url=views.seat_url,
        seat_status=views.seat_status,
        sample_urls=sample_urls,
    )
]
