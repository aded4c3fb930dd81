"""Tide Pool's screens: the event-log family's counts screens."""

from scorepad.pads.event_log.pads import log_pad
from tests.fake_game.codecs import CODEC

PADS = [log_pad(CODEC)]
