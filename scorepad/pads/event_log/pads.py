"""The family's pads. A seat's entry is ``{"final": {...}}`` (a logged game's
end-of-game numbers) or ``{"counts": {...}}``; the log is the play's events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from random import Random
from types import ModuleType
from typing import Any

import games.coral_stations
import games.seagrass
from scorepad.entries import PlayState
from scorepad.models import Play
from scorepad.pads import Sample, StoredPlay
from scorepad.pads.event_log import coral_stations, seagrass, views
from scorepad.pads.event_log.screens import LogPad, LogScreens

MODE_LABELS = {
    "log": "Live log: score each event as it happens",
    "counts": "Final counts: type each player's numbers at the end",
}


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


def vary_colonies(data: dict[str, Any], rng: Random) -> dict[str, Any]:
    """Seagrass: each colony a few creatures larger or smaller."""
    events = [
        {**e, "creatures": max(1, e["creatures"] + rng.randint(-2, 2))}
        if e["type"] == "colony"
        else e
        for e in data["events"]
    ]
    return {**data, "events": events}


def log_pad(
    game: ModuleType,
    screens: LogScreens,
    *,
    sample_urls: Callable[[Play], Iterable[Sample]] = log_urls,
    **more: Any,
) -> LogPad:
    """A game of the family, entered with its own forms on the shared screens."""
    return LogPad(
        game=game,
        screens=screens,
        hub=views.hub,
        to_input=partial(to_input, screens),
        from_input=partial(from_input, screens, game),
        seat_url=views.tally_url,
        seat_status=views.seat_status,
        start_url=views.start_url,
        reads_events=True,
        mode_labels=MODE_LABELS,
        sample_urls=sample_urls,
        **more,
    )


PADS = [
    log_pad(
        games.seagrass,
        seagrass.SCREENS,
        open_urls=frozenset({"reef_award", "api_reef_award"}),
        sample_urls=log_and_reef_award_urls,
        vary=vary_colonies,
    ),
    log_pad(games.coral_stations, coral_stations.SCREENS),
]
