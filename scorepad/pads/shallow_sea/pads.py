"""Shallow Sea's screens: each seat's ocean on a drawn board or its paper-pad column,
the Sealife catalogue, the Record Sheet and the solo ladder (its codec: ``codecs.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext_lazy as _

from scorepad.models import Play, play_from_input
from scorepad.pads import Link, Pad, Sample
from scorepad.pads.shallow_sea import achievements
from scorepad.pads.shallow_sea.codecs import CODEC
from scorepad.pads.shallow_sea.result import explained_board, result_extras
from scorepad.pads.shallow_sea.views.play import hub, seat_status, setup
from scorepad.pads.shallow_sea.views.seat import seat_url


def sample_urls(play: Play) -> Iterable[Sample]:
    seat = {"play_id": play.uuid, "position": 0}
    yield Sample("shallow_sea_ocean", seat)
    yield Sample("shallow_sea_offline_forms", seat)
    yield Sample("shallow_sea_space", {**seat, "space": "R1C2"})
    yield Sample("shallow_sea_bubble", {**seat, "bubble": "R1C2:top"})
    sheet = {**CODEC.example_input(), "entry": "sheet", "boards": {}}
    recorder = play.recorded_by or AnonymousUser()
    on_paper = play_from_input(SLUG, sheet, group=play.group, user=recorder)
    yield Sample("shallow_sea_sheet", {"play_id": on_paper.uuid, "position": 0})
    yield Sample("shallow_sea_catalogue")
    yield Sample("achievements")
    yield Sample("tick_achievement", data={"kind": "standard", "number": "1"})
    yield Sample("solo_ladder")


SLUG = CODEC.slug
PADS = [
    Pad(
        codec=CODEC,
        hub=hub,
        seat_url=seat_url,
        seat_status=seat_status,
        setup=setup,
        result_extras=result_extras,
        explained_board=explained_board,
        personal_pages=(
            Link(_("Achievements"), "achievements"),
            Link(_("Solo ladder"), "solo_ladder"),
        ),
        group_panel=achievements.group_solo_panel,
        signed_in_urls=frozenset(
            {"shallow_sea_catalogue", "achievements", "tick_achievement", "solo_ladder"}
        ),
        sample_urls=sample_urls,
    )
]
