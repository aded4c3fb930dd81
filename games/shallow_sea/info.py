"""What Scorepad shows about Shallow Sea: its modes, score rows and tie-break."""

from games.contract import MOST, Category, GameInfo, Tiebreak
from games.shallow_sea.data import MAX_PLAYERS, MIN_PLAYERS, ROWS
from games.words import gettext_noop

ROW_LABELS = {
    1: gettext_noop("Tiles, row 1"),
    2: gettext_noop("Tiles, row 2"),
    3: gettext_noop("Tiles, row 3"),
    4: gettext_noop("Tiles, row 4"),
    5: gettext_noop("Tiles, row 5"),
}

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
        Category(
            "orange", gettext_noop("Orange Ecosystem card"), colour="orange", modes=NOT_FAMILY
        ),
        Category("blue", gettext_noop("Blue Ecosystem card"), colour="blue", modes=NOT_FAMILY),
        # "tiles" is the sum of the row lines below it, not added to them again.
        Category("tiles", gettext_noop("Tiles, all rows")),
        *(Category(f"row_{row}", ROW_LABELS[row], part_of="tiles") for row in ROWS),
        Category(
            "different_sealife", gettext_noop("Different completed Sealife"), modes=NOT_FAMILY
        ),
        Category("incomplete_fish", gettext_noop("Incomplete Fish"), modes=NOT_FAMILY),
        # The Lionfish card is only on the table when playing alone.
        Category("lionfish", gettext_noop("Lionfish card"), modes=("solo",)),
    ),
    tiebreaks=(Tiebreak("seashells", gettext_noop("most Seashells left"), MOST),),
    rulebook="shallow-sea.txt",
    bgg_id=428440,
)
