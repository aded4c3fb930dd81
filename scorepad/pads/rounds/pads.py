"""The family's screens: each seat's counts, round by round, and the scoreboard, drawn
from each game's ``RoundScreens`` (their codecs: ``codecs.py``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scorepad.models import Play
from scorepad.pads import Pad, Sample
from scorepad.pads.rounds import views
from scorepad.pads.rounds.codecs import REEF_DRAFT, RoundsCodec


def round_urls(play: Play) -> Iterable[Sample]:
    yield Sample("round_entry", {"play_id": play.uuid, "round_number": 1, "position": 0})


def rounds_pad(codec: RoundsCodec, **more: Any) -> Pad:
    """A game of the family, entered on the shared screens with its own counts."""
    return Pad(
        codec=codec,
        hub=views.hub,
        seat_url=views.seat_url,
        seat_status=views.seat_status,
        sample_urls=round_urls,
        **more,
    )


PADS = [rounds_pad(REEF_DRAFT)]
