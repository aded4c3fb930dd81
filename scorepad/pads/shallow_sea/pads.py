"""Shallow Sea's pad. The setup, achievement mode and entry kind are the play's
options (``{"setup", "achievement", "entry"}``); each seat's entry keeps its ocean
under ``"board"`` or its paper-pad column under ``"sheet"``, and the play's entry
kind says which one counts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from random import Random
from typing import Any

from django.contrib.auth.models import AnonymousUser

from games import shallow_sea
from games.shallow_sea.data import CORAL_VPS
from scorepad.entries import PlayState
from scorepad.models import Play, play_from_input
from scorepad.pads import Link, Pad, Sample, StoredPlay
from scorepad.pads.shallow_sea import achievements, views
from scorepad.pads.shallow_sea.board import explained_board, result_extras


def to_input(state: PlayState) -> dict[str, Any]:
    entry = state.options.get("entry", "board")
    key = "boards" if entry == "board" else "sheets"
    return {
        "players": state.players,
        "mode": state.mode,
        "setup": dict(state.options.get("setup", {})),
        "achievement": state.options.get("achievement"),
        "entry": entry,
        key: {name: e[entry] for name, e in state.entries.items() if entry in e},
    }


def from_input(data: Mapping[str, Any]) -> StoredPlay:
    entry = data.get("entry", "board")
    kept = data.get("boards" if entry == "board" else "sheets", {})
    options = {
        "setup": dict(data.get("setup", {})),
        "achievement": data.get("achievement"),
        "entry": entry,
    }
    return StoredPlay(
        players=list(data["players"]),
        mode=data.get("mode", "standard"),
        options=options,
        entries={name: {entry: kept[name]} for name in data["players"] if name in kept},
    )


def sample_urls(play: Play) -> Iterable[Sample]:
    seat = {"play_id": play.uuid, "position": 0}
    yield Sample("shallow_sea_ocean", seat)
    yield Sample("shallow_sea_offline_forms", seat)
    yield Sample("shallow_sea_space", {**seat, "space": "R1C2"})
    yield Sample("shallow_sea_bubble", {**seat, "bubble": "R1C2:top"})
    sheet = {**play.pad.example_input(), "entry": "sheet", "boards": {}}
    recorder = play.recorded_by or AnonymousUser()
    on_paper = play_from_input(SLUG, sheet, group=play.group, user=recorder)
    yield Sample("shallow_sea_sheet", {"play_id": on_paper.uuid, "position": 0})
    yield Sample("shallow_sea_catalogue")
    yield Sample("achievements")
    yield Sample("tick_achievement", data={"kind": "standard", "number": "1"})
    yield Sample("solo_ladder")


def vary_corals(data: dict[str, Any], rng: Random) -> dict[str, Any]:
    """Each completed coral prints other VPs."""
    boards = {
        name: {
            **board,
            "tiles": {
                space: {**tile, "vp": rng.choice(CORAL_VPS)} if tile["kind"] == "coral" else tile
                for space, tile in board["tiles"].items()
            },
        }
        for name, board in data["boards"].items()
    }
    return {**data, "boards": boards}


SLUG = shallow_sea.INFO.slug
PADS = [
    Pad(
        game=shallow_sea,
        hub=views.hub,
        to_input=to_input,
        from_input=from_input,
        seat_url=views.seat_url,
        seat_status=views.seat_status,
        setup=views.setup,
        result_extras=result_extras,
        explained_board=explained_board,
        personal_pages=(
            Link("Achievements", "achievements"),
            Link("Solo ladder", "solo_ladder"),
        ),
        group_panel=achievements.group_solo_panel,
        signed_in_urls=frozenset(
            {"shallow_sea_catalogue", "achievements", "tick_achievement", "solo_ladder"}
        ),
        sample_urls=sample_urls,
        vary=vary_corals,
    )
]
