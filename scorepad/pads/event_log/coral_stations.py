"""Coral Stations' forms: stations, surfacings (with the research-funds helper) and
discards as they happen, each player's end of the game, and the stations still open."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.coral_stations import ResearchFunds, research_funds
from games.coral_stations.data import DIVERS, FUNDS_CAP
from scorepad.pads.event_log.screens import WHO, EndEvents, EventKind, Field, Helper, LogScreens


def _funds_text(funds: ResearchFunds) -> str:
    said = {
        "income": funds.income,
        "holdings": funds.holdings,
        "lost": funds.forfeited,
        "cap": FUNDS_CAP,
    }
    if funds.forfeited:
        return (
            gettext(
                "Income %(income)s: you now hold %(holdings)s (%(lost)s lost to the cap of "
                "%(cap)s)."
            )
            % said
        )
    return gettext("Income %(income)s: you now hold %(holdings)s.") % said


def _station(event: Mapping[str, Any]) -> str:
    return gettext("Station %(high)s/%(low)s surrounded") % {
        "high": event["high"],
        "low": event["low"],
    }


def _surfacing(event: Mapping[str, Any]) -> str:
    reefs = len(event.get("reefs", []))
    return ngettext(
        "%(player)s surfaces: %(count)s reef closed",
        "%(player)s surfaces: %(count)s reefs closed",
        reefs,
    ) % {"player": event["player"], "count": reefs}


def _discard(event: Mapping[str, Any]) -> str:
    return gettext("%(player)s discards %(tiles)s coral") % {
        "player": event["player"],
        "tiles": event["tiles"],
    }


def _open_station(event: Mapping[str, Any]) -> str:
    return gettext("Open station %(high)s/%(low)s") % {"high": event["high"], "low": event["low"]}


# A reef holds one diver, so a surfacing closes, and the end of the game leaves open,
# at most one reef per diver.
REEFS = Field("reefs", gettext_lazy("Reefs closed"), kind="reefs", rows=DIVERS)
STATION_FIELDS = (
    Field("high", gettext_lazy("High value (most tiles)"), minimum=0),
    Field("low", gettext_lazy("Low value"), minimum=0),
    Field("tiles", gettext_lazy("Coral tiles in the adjacent reefs"), kind="per_player"),
)
FUNDS = Helper(
    key="funds",
    legend=gettext_lazy("Research funds (not part of the score)"),
    fields=(
        Field(
            "divers_on_board",
            gettext_lazy("Divers on your player board after surfacing"),
            minimum=1,
        ),
        Field("money_before", gettext_lazy("Money before surfacing"), maximum=FUNDS_CAP),
    ),
    compute=lambda values: research_funds(values["divers_on_board"], values["money_before"]),
    describe=_funds_text,
    prompt=gettext_lazy("Enter both to see your money after surfacing."),
)
FINAL = (
    Field(
        "open_reefs",
        gettext_lazy("Open reefs that still hold your diver"),
        kind="reefs",
        rows=DIVERS,
    ),
    Field("shell_tiles", gettext_lazy("Shell tiles")),
    Field(
        "shoal_tiles",
        gettext_lazy("Shoal tiles"),
        kind="values",
        help=gettext_lazy("The value printed on each, separated by spaces: 3 2 4"),
    ),
)

SCREENS = LogScreens(
    events=(
        EventKind("station", gettext_lazy("Station surrounded"), STATION_FIELDS, _station),
        EventKind("surfacing", gettext_lazy("Surfacing"), (WHO, REEFS), _surfacing, helper=FUNDS),
        EventKind(
            "discard",
            gettext_lazy("Coral discarded"),
            (WHO, Field("tiles", gettext_lazy("Coral tiles discarded"), minimum=1)),
            _discard,
        ),
    ),
    final=FINAL,
    counts=(
        Field("points", gettext_lazy("Points scored during play"), kind="number"),
        *FINAL,
    ),
    end=EndEvents(
        EventKind("open_station", gettext_lazy("Open station"), STATION_FIELDS, _open_station),
        input_key="open_stations",
        heading=gettext_lazy("Open stations"),
        add=gettext_lazy("Add an open station"),
    ),
)
