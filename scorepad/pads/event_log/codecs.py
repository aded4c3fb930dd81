"""The family's codecs. A seat's entry is ``{"final": {...}}`` (a logged game's
end-of-game numbers) or ``{"counts": {...}}``; the log is the play's events. Each
game's ``LogScreens`` (its forms, as data) say where a seat's numbers are kept and
which events the game reads as a list of their own."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from random import Random
from types import ModuleType
from typing import Any

from django.utils.translation import gettext_lazy

import games.coral_stations
import games.coral_stations.random_game
import games.seagrass
import games.seagrass.random_game
from scorepad.codecs import StoredPlay
from scorepad.entries import PlayState
from scorepad.pads.counts.sheets import CountSheet, SheetCodec
from scorepad.pads.event_log import coral_stations, seagrass
from scorepad.pads.event_log.screens import LogScreens


@dataclass(frozen=True, kw_only=True)
class LogCodec(SheetCodec):
    """A game of the family: its input built from the log and each seat's tally, in the
    shape its forms give (the same screens draw them)."""

    screens: LogScreens
    """The game's forms, as data: its events, each seat's tally or counts."""


def to_input(screens: LogScreens, state: PlayState) -> dict[str, Any]:
    data: dict[str, Any] = {"players": state.players, "entry": state.mode}
    if state.options:
        data["options"] = dict(state.options)
    key, _ = screens.tally(state.mode)
    tallies = {name: e[key] for name, e in state.entries.items() if key in e}
    end_types = screens.end_types
    if state.mode == "counts":
        data["counts"] = tallies
    else:
        data["events"] = [dict(e) for e in state.events if e["type"] not in end_types]
        if tallies:
            data["final"] = tallies
    at_end = [
        {k: v for k, v in e.items() if k != "type"} for e in state.events if e["type"] in end_types
    ]
    if at_end and screens.end:
        data[screens.end.input_key] = at_end
    return data


def from_input(screens: LogScreens, game: ModuleType, data: Mapping[str, Any]) -> StoredPlay:
    mode = data.get("entry", game.INFO.modes[0])
    key, _ = screens.tally(mode)
    tallies = data.get(key, {})
    # The new-play form keeps a yes/no option as "true" or "false".
    typed = {
        k: ("true" if v else "false") if isinstance(v, bool) else v
        for k, v in data.get("options", {}).items()
    }
    events = [dict(e) for e in data.get("events", [])]
    if screens.end:
        events += [
            {"type": screens.end.kind.type, **e} for e in data.get(screens.end.input_key, [])
        ]
    return StoredPlay(
        players=list(data["players"]),
        mode=mode,
        options={**game.INFO.default_options(), **typed},
        entries={name: {key: tallies[name]} for name in data["players"] if name in tallies},
        events=events,
    )


def vary_colonies(data: dict[str, Any], rng: Random) -> dict[str, Any]:
    """Seagrass: each colony a few creatures larger or smaller."""
    events = [
        {**e, "creatures": max(1, e["creatures"] + rng.randint(-2, 2))}
        if e["type"] == "colony"
        else e
        for e in data["events"]
    ]
    return {**data, "events": events}


def log_codec(game: ModuleType, screens: LogScreens, **more: Any) -> LogCodec:
    """A game of the family, stored in the shape its forms give."""
    sheets = {
        "log": CountSheet(
            "final", screens.final, gettext_lazy("final tally"), gettext_lazy("Log and totals")
        ),
        "counts": CountSheet("counts", screens.counts),
    }
    return LogCodec(
        game=game,
        screens=screens,
        sheets={mode: sheets[mode] for mode in game.INFO.modes},
        to_input=partial(to_input, screens),
        from_input=partial(from_input, screens, game),
        reads_events=True,
        **more,
    )


SEAGRASS = log_codec(
    games.seagrass,
    seagrass.SCREENS,
    vary=vary_colonies,
    random_input=games.seagrass.random_game.random_input,
)
CORAL_STATIONS = log_codec(
    games.coral_stations,
    coral_stations.SCREENS,
    random_input=games.coral_stations.random_game.random_input,
)
CODECS = [SEAGRASS, CORAL_STATIONS]
