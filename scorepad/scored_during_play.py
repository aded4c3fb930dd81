"""What the live log screens ask for in Seagrass and Coral Stations: each event's
form, each player's end-of-game tally, and how a logged event reads in the log.

The games' rules live in games/; this is only the shape of their forms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.coral_stations.data import DIVERS, FUNDS_CAP
from games.seagrass.data import TILES_PER_PLAYER
from scorepad.entries import OPEN_STATION

# Coral Stations: a reef holds one diver, so a surfacing closes, and the end of the
# game leaves open, at most one reef per diver.
REEF_ROWS = DIVERS


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    # count: a stepper; number: any whole number (may be negative); player: who;
    # per_player: a count for every player; reefs: rows of tiles and clownfish;
    # values: printed numbers typed in one line.
    kind: str = "count"
    minimum: int = 0
    maximum: int | None = None
    option: str | None = None  # only asked when this yes/no option is on
    help: str = ""


@dataclass(frozen=True)
class EventKind:
    type: str
    label: str
    fields: tuple[Field, ...]
    describe: Callable[[Mapping[str, Any]], str]
    option: str | None = None


@dataclass(frozen=True)
class LogScreens:
    events: tuple[EventKind, ...]
    final: tuple[Field, ...]  # each player's numbers when a logged game ends
    counts: tuple[Field, ...]  # each player's numbers when only totals are entered
    end_events: tuple[EventKind, ...] = ()  # entered one by one once the game is over

    def kind(self, event_type: str) -> EventKind | None:
        return next((k for k in (*self.events, *self.end_events) if k.type == event_type), None)

    def describe(self, data: Mapping[str, Any]) -> str:
        kind = self.kind(data.get("type", ""))
        return kind.describe(data) if kind else str(data.get("type"))


def _reef_count(event: Mapping[str, Any]) -> str:
    reefs = event.get("reefs", [])
    return f"{len(reefs)} reef" + ("" if len(reefs) == 1 else "s")


WHO = Field("player", "Who", kind="player")
STATION_FIELDS = (
    Field("high", "High value (most tiles)", minimum=0),
    Field("low", "Low value", minimum=0),
    Field("tiles", "Coral tiles in the adjacent reefs", kind="per_player"),
)

SEAGRASS = LogScreens(
    events=(
        EventKind(
            "colony",
            "Colony",
            (WHO, Field("creatures", "Creatures now in the colony", minimum=1)),
            lambda e: f"{e['player']}: colony of {e['creatures']} creatures",
        ),
        EventKind(
            "reef",
            "Reef completed",
            (
                Field("size", "Reef size in tiles", minimum=1),
                Field("adjacent", "Each player's creatures next to the reef", kind="per_player"),
            ),
            lambda e: f"Reef of {e['size']} tiles",
        ),
        EventKind(
            "discovery_set",
            "Discovery set",
            (WHO,),
            lambda e: f"{e['player']}: full discovery set returned",
            option="discovery",
        ),
    ),
    final=(
        Field("discovery_tokens", "Discovery tokens left", option="discovery"),
        Field("unplayed_tiles", "Unplayed tiles", maximum=TILES_PER_PLAYER),
    ),
    counts=(
        Field("points", "Point tokens"),
        Field("discovery_tokens", "Discovery tokens left", option="discovery"),
        Field("unplayed_tiles", "Unplayed tiles", maximum=TILES_PER_PLAYER),
    ),
)

CORAL_FINAL = (
    Field("open_reefs", "Open reefs that still hold your diver", kind="reefs"),
    Field("shell_tiles", "Shell tiles"),
    Field(
        "shoal_tiles",
        "Shoal tiles",
        kind="values",
        help="The value printed on each, separated by spaces: 3 2 4",
    ),
)

CORAL_STATIONS = LogScreens(
    events=(
        EventKind(
            "station",
            "Station surrounded",
            STATION_FIELDS,
            lambda e: f"Station {e['high']}/{e['low']} surrounded",
        ),
        EventKind(
            "surfacing",
            "Surfacing",
            (WHO, Field("reefs", "Reefs closed", kind="reefs")),
            lambda e: f"{e['player']} surfaces: {_reef_count(e)} closed",
        ),
        EventKind(
            "discard",
            "Coral discarded",
            (WHO, Field("tiles", "Coral tiles discarded", minimum=1)),
            lambda e: f"{e['player']} discards {e['tiles']} coral",
        ),
    ),
    final=CORAL_FINAL,
    counts=(Field("points", "Points scored during play", kind="number"), *CORAL_FINAL),
    end_events=(
        EventKind(
            OPEN_STATION,
            "Open station",
            STATION_FIELDS,
            lambda e: f"Open station {e['high']}/{e['low']}",
        ),
    ),
)

SCREENS = {"seagrass": SEAGRASS, "coral-stations": CORAL_STATIONS}

# The research-funds helper on the surfacing screen (not part of the score).
FUNDS_FIELDS = (
    Field("divers_on_board", "Divers on your player board after surfacing", minimum=1),
    Field("money_before", "Money before surfacing", maximum=FUNDS_CAP),
)
