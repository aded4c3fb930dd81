"""What Scorepad shows about Shallow Sea: its modes, score rows and tie-break."""

from games.contract import MOST, Category, GameInfo, Tiebreak
from games.shallow_sea.data import MAX_PLAYERS, MIN_PLAYERS, ROWS

MODES = ("standard", "solo", "family")
# Family mode scores the tiles alone: every other line holds 0 in it.
NOT_FAMILY = ("standard", "solo")

INFO = GameInfo(
    slug="shallow-sea",
    name="Shallow Sea",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    modes=MODES,
    options=(),
    categories=(
        Category("orange", "Orange Ecosystem card", colour="orange", modes=NOT_FAMILY),
        Category("blue", "Blue Ecosystem card", colour="blue", modes=NOT_FAMILY),
        # "tiles" is the sum of the row lines below it, not added to them again.
        Category("tiles", "Tiles, all rows"),
        *(Category(f"row_{row}", f"Tiles, row {row}", part_of="tiles") for row in ROWS),
        Category("different_sealife", "Different completed Sealife", modes=NOT_FAMILY),
        Category("incomplete_fish", "Incomplete Fish", modes=NOT_FAMILY),
        # The Lionfish card is only on the table when playing alone.
        Category("lionfish", "Lionfish card", modes=("solo",)),
    ),
    tiebreaks=(Tiebreak("seashells", "most Seashells left", MOST),),
    rulebook="shallow-sea.txt",
    bgg_id=428440,
)
