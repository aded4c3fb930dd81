from typing import Any

from scorepad.pads.event_log.pads import log_pad
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

PADS = [log_pad(game, LogScreens(events=(), final=(), counts=COUNTS), example=lambda: EXAMPLE)]
