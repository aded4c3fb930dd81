"""Coral Stations' forms: stations, surfacings (with the research-funds helper) and
discards as they happen, each player's end of the game, and the stations still open."""

from __future__ import annotations

from typing import Any

from games.coral_stations import ResearchFunds, research_funds
from games.coral_stations.data import DIVERS, FUNDS_CAP
from scorepad.pads.event_log.screens import WHO, EndEvents, EventKind, Field, Helper, LogScreens


def _reef_count(event: Any) -> str:
    reefs = event.get("reefs", [])
    return f"{len(reefs)} reef" + ("" if len(reefs) == 1 else "s")


def _funds_text(funds: ResearchFunds) -> str:
    lost = f" ({funds.forfeited} lost to the cap of {FUNDS_CAP})" if funds.forfeited else ""
    return f"Income {funds.income}: you now hold {funds.holdings}{lost}."


# A reef holds one diver, so a surfacing closes, and the end of the game leaves open,
# at most one reef per diver.
REEFS = Field("reefs", "Reefs closed", kind="reefs", rows=DIVERS)
STATION_FIELDS = (
    Field("high", "High value (most tiles)", minimum=0),
    Field("low", "Low value", minimum=0),
    Field("tiles", "Coral tiles in the adjacent reefs", kind="per_player"),
)
FUNDS = Helper(
    key="funds",
    legend="Research funds (not part of the score)",
    fields=(
        Field("divers_on_board", "Divers on your player board after surfacing", minimum=1),
        Field("money_before", "Money before surfacing", maximum=FUNDS_CAP),
    ),
    compute=lambda values: research_funds(values["divers_on_board"], values["money_before"]),
    describe=_funds_text,
    prompt="Enter both to see your money after surfacing.",
)
FINAL = (
    Field("open_reefs", "Open reefs that still hold your diver", kind="reefs", rows=DIVERS),
    Field("shell_tiles", "Shell tiles"),
    Field(
        "shoal_tiles",
        "Shoal tiles",
        kind="values",
        help="The value printed on each, separated by spaces: 3 2 4",
    ),
)

SCREENS = LogScreens(
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
            (WHO, REEFS),
            lambda e: f"{e['player']} surfaces: {_reef_count(e)} closed",
            helper=FUNDS,
        ),
        EventKind(
            "discard",
            "Coral discarded",
            (WHO, Field("tiles", "Coral tiles discarded", minimum=1)),
            lambda e: f"{e['player']} discards {e['tiles']} coral",
        ),
    ),
    final=FINAL,
    counts=(Field("points", "Points scored during play", kind="number"), *FINAL),
    end=EndEvents(
        EventKind(
            "open_station",
            "Open station",
            STATION_FIELDS,
            lambda e: f"Open station {e['high']}/{e['low']}",
        ),
        input_key="open_stations",
    ),
)
