"""Coral Stations' printed numbers (rulebook: shared/rules/coral-stations.txt)."""

# A closed or open reef: points per coral tile, plus per tile with a clownfish.
REEF_TILE_POINTS = 1
CLOWNFISH_POINTS = 1

# Points for each coral tile taken but not planted.
DISCARD_POINTS = -3

# End of game: each shell tile still held (shoal tiles score their printed value instead).
SHELL_TILE_POINTS = 1

# Divers per player; each open reef holds one.
DIVERS = 5

# Research funds by divers on the player board after surfacing.
RESEARCH_FUNDS = {1: 2, 2: 4, 3: 6, 4: 7, 5: 8}
# Most money a player can hold; income above it is forfeited.
FUNDS_CAP = 12
