"""Seagrass's forms: colonies, completed reefs and discovery sets as they happen,
then each player's tokens and tiles; and the reef award calculator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.seagrass.data import TILES_PER_PLAYER
from scorepad.pads.event_log.screens import WHO, EventKind, Field, LogScreens


def _colony(event: Mapping[str, Any]) -> str:
    creatures = event["creatures"]
    return ngettext(
        "%(player)s: colony of %(count)s creature",
        "%(player)s: colony of %(count)s creatures",
        creatures,
    ) % {"player": event["player"], "count": creatures}


def _reef(event: Mapping[str, Any]) -> str:
    size = event["size"]
    return ngettext("Reef of %(count)s tile", "Reef of %(count)s tiles", size) % {"count": size}


def _discovery_set(event: Mapping[str, Any]) -> str:
    return gettext("%(player)s: full discovery set returned") % {"player": event["player"]}


SCREENS = LogScreens(
    events=(
        EventKind(
            "colony",
            gettext_lazy("Colony"),
            (WHO, Field("creatures", gettext_lazy("Creatures now in the colony"), minimum=1)),
            _colony,
        ),
        EventKind(
            "reef",
            gettext_lazy("Reef completed"),
            (
                Field("size", gettext_lazy("Reef size in tiles"), minimum=1),
                Field(
                    "adjacent",
                    gettext_lazy("Each player's creatures next to the reef"),
                    kind="per_player",
                ),
            ),
            _reef,
        ),
        EventKind(
            "discovery_set",
            gettext_lazy("Discovery set"),
            (WHO,),
            _discovery_set,
            option="discovery",
        ),
    ),
    final=(
        Field("discovery_tokens", gettext_lazy("Discovery tokens left"), option="discovery"),
        Field("unplayed_tiles", gettext_lazy("Unplayed tiles"), maximum=TILES_PER_PLAYER),
    ),
    counts=(
        Field("points", gettext_lazy("Point tokens")),
        Field("discovery_tokens", gettext_lazy("Discovery tokens left"), option="discovery"),
        Field("unplayed_tiles", gettext_lazy("Unplayed tiles"), maximum=TILES_PER_PLAYER),
    ),
)
