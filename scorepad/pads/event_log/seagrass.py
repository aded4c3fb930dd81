"""Seagrass's forms: colonies, completed reefs and discovery sets as they happen,
then each player's tokens and tiles; and the reef award calculator."""

from __future__ import annotations

from games.contract import plural
from games.seagrass.data import TILES_PER_PLAYER
from scorepad.pads.event_log.screens import WHO, EventKind, Field, LogScreens

SCREENS = LogScreens(
    events=(
        EventKind(
            "colony",
            "Colony",
            (WHO, Field("creatures", "Creatures now in the colony", minimum=1)),
            lambda e: f"{e['player']}: colony of {plural(e['creatures'], 'creature')}",
        ),
        EventKind(
            "reef",
            "Reef completed",
            (
                Field("size", "Reef size in tiles", minimum=1),
                Field("adjacent", "Each player's creatures next to the reef", kind="per_player"),
            ),
            lambda e: f"Reef of {plural(e['size'], 'tile')}",
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
