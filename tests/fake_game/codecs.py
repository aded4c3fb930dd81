"""Tide Pool as the site stores it: the event-log family's counts, declared as data."""

from typing import Any

from scorepad.pads.event_log.codecs import log_codec
from scorepad.pads.event_log.screens import Field, LogScreens
from tests.fake_game import game

COUNTS = (Field("shells", "Shells"), Field("pearls", "Pearls"))
# Ana and Ben tie on 9 points; Ana's two pearls beat Ben's one.
EXAMPLE: dict[str, Any] = {
    "players": ["Ana", "Ben", "Cleo"],
    "entry": "counts",
    "counts": {
        "Ana": {"shells": 3, "pearls": 2},
        "Ben": {"shells": 6, "pearls": 1},
        "Cleo": {"shells": 4, "pearls": 0},
    },
}

# No generator of its own: the property tests fall back on the example, renamed.
CODEC = log_codec(game, LogScreens(events=(), final=(), counts=COUNTS), example=lambda: EXAMPLE)
CODECS = [CODEC]
