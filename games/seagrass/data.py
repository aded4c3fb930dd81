"""Seagrass's printed numbers (rulebook: shared/rules/seagrass.txt)."""

from fractions import Fraction

# Completed reef: (most creatures, second-most creatures) by reef size in tiles.
# A 1-tile reef has no second-most award; it is 0 so that a tie for most adds nothing.
REEF_AWARDS = {1: (0, 0), 2: (4, 2), 3: (8, 4), 4: (16, 8), 5: (24, 12)}
# The last row of the table is for "5+ tiles".
LARGEST_REEF_ROW = max(REEF_AWARDS)

# In a two-player game the second-most player scores only with at least this
# share of the leader's creatures.
TWO_PLAYER_SECOND_SHARE = Fraction(1, 2)
TWO_PLAYERS = 2

# Each player's creature tiles, special creatures included.
TILES_PER_PLAYER = 32

# Reef tiles in play: three per player.
REEFS_PER_PLAYER = 3

# Discovery expansion: each reef starts with one token of each creature type.
CREATURE_TYPES = 4
DISCOVERY_SET_POINTS = 10
DISCOVERY_TOKEN_POINTS = 1
