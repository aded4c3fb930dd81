"""Kelp Forest's screens: the rounds family's, on its declaration."""

from scorepad.pads.rounds.pads import rounds_pad
from tests.fake_rounds_game.codecs import CODEC

PADS = [rounds_pad(CODEC)]
