"""Shallow Sea's game data (rulebook: shared/rules/shallow-sea.txt).

The rulebook's pictures are lost; issue 3 settles what they showed (the ocean
board). Numbers that only the pictures held (a Sealife type's printed VPs, how
many designated spaces its picture marks) are None here: the web side's
editable catalogue supplies them and every scored tile carries its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.words import Words, gettext_noop, ngettext_lazy, pgettext_lazy
from games.words import gettext_lazy as _

COLORS = ("red", "yellow", "green", "purple")
# A color as an explanation names it ("2 red, yellow"), in the reader's language.
COLOR_NAMES = {
    "red": pgettext_lazy("a coral's or a fish's color", "red"),
    "yellow": pgettext_lazy("a coral's or a fish's color", "yellow"),
    "green": pgettext_lazy("a coral's or a fish's color", "green"),
    "purple": pgettext_lazy("a coral's or a fish's color", "purple"),
}
CORAL_VPS = (5, 7, 9)

# --- The ocean board -------------------------------------------------------
# 22 diamond spaces in 5 rows; the short rows sit half a step in, so the board
# has 9 columns. A space is named R{row}C{col}.
ROW_COLUMNS = {
    1: (2, 4, 6, 8),
    2: (1, 3, 5, 7, 9),
    3: (2, 4, 6, 8),
    4: (1, 3, 5, 7, 9),
    5: (2, 4, 6, 8),
}

# A lattice point (column, row): the centre of a space, or a bubble between spaces.
Point = tuple[int, int]

# Where each space sits, in reading order (top row first, left to right).
SPACE_POINTS: dict[str, Point] = {
    f"R{row}C{col}": (col, row) for row, cols in ROW_COLUMNS.items() for col in cols
}
SPACES = tuple(SPACE_POINTS)

# A diamond's four points are bubbles one lattice step away.
CORNER_STEPS = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}
CORNERS: dict[str, dict[str, Point]] = {
    space: {corner: (col + dc, row + dr) for corner, (dc, dr) in CORNER_STEPS.items()}
    for space, (col, row) in SPACE_POINTS.items()
}


def _bubbles() -> dict[Point, tuple[str, ...]]:
    touching: dict[Point, list[str]] = {}
    for space, corners in CORNERS.items():
        for point in corners.values():
            touching.setdefault(point, []).append(space)
    in_reading_order = sorted(touching, key=lambda point: (point[1], point[0]))
    return {point: tuple(touching[point]) for point in in_reading_order}


# Every bubble (35) with the spaces that touch it (1 to 4), in reading order.
BUBBLES = _bubbles()


def _spaces_at_steps(steps: tuple[Point, ...]) -> dict[str, frozenset[str]]:
    by_point = {point: space for space, point in SPACE_POINTS.items()}
    return {
        space: frozenset(
            by_point[(col + dc, row + dr)] for dc, dr in steps if (col + dc, row + dr) in by_point
        )
        for space, (col, row) in SPACE_POINTS.items()
    }


# Adjacent spaces share a side: the diagonal neighbors above and below.
ADJACENT_STEPS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
# Spaces that share only a corner sit two steps along a row or a column.
CORNER_ONLY_STEPS = ((-2, 0), (2, 0), (0, -2), (0, 2))
ADJACENT = _spaces_at_steps(ADJACENT_STEPS)
NEIGHBORING = _spaces_at_steps(ADJACENT_STEPS + CORNER_ONLY_STEPS)

ROWS: dict[int, tuple[str, ...]] = {
    row: tuple(f"R{row}C{col}" for col in cols) for row, cols in ROW_COLUMNS.items()
}
COLUMNS: dict[int, tuple[str, ...]] = {
    col: tuple(space for space, (c, _) in SPACE_POINTS.items() if c == col)
    for col in sorted({c for c, _ in SPACE_POINTS.values()})
}
OUTER_SPACES = frozenset((*ROWS[1], *ROWS[5], "R2C1", "R2C9", "R4C1", "R4C9"))
INNER_SPACES = frozenset(SPACES) - OUTER_SPACES

# --- Players, pouches and the end of the game ------------------------------
MIN_PLAYERS, MAX_PLAYERS = 1, 4
FISH_PER_COLOR = {1: 9, 2: 14, 3: 19, 4: 24}
SEALIFE_COPIES = {1: 2, 2: 2, 3: 3, 4: 4}
SEALIFE_TYPES_PER_GAME = 10
MAX_SEASHELLS = 5
EMPTY_SPACES_AT_END = 4

# --- End-of-game scoring ---------------------------------------------------
DIFFERENT_SEALIFE_VP = 2
INCOMPLETE_FISH_VP = 1  # per adjacent Completed Coral Tile
SAME_COLOR_FISH_BONUS_VP = 1  # modified rule 9: per adjacent coral of the fish's color
FREE_LIONFISH = 2
LIONFISH_PENALTY = 2  # VPs lost per Fish on the Lionfish card beyond the free ones

# The Achievement Record Sheet's ranks, lowest first: the boxes checked to reach each.
# (The printed thresholds were lost with the rulebook's pictures; issue 5 sets these.)
RECORD_SHEET_RANKS = (
    (10, "Sea Explorer"),
    (20, "Reef Adventurer"),
    (30, "Ocean Voyager"),
    (40, "Master Diver"),
    (50, "Legendary Mariner"),
)

# Solo rank titles, lowest first: the score each needs.
SOLO_RANKS = (
    (130, "Swimmer"),
    (145, "Diver"),
    (160, "Mariner"),
    (170, "Merfolk"),
    (180, "Nymph"),
    (190, "Poseidon"),
)


# --- Sealife tiles -----------------------------------------------------------
@dataclass(frozen=True)
class SealifeType:
    """One of the 22 Sealife types and what completes it.

    ``needs`` is "coral" (Completed Coral Tiles) or "fish" (Completed Fish);
    ``match`` is "same" or "different" colors; ``where`` is "spaces" (designated
    spaces), "directions" (one or both indicated directions), "direction" (one
    indicated direction) or "anywhere". ``count`` is how many complete it, None
    where only the lost picture showed it. ``vp`` (printed when completed) and
    ``partial_vp`` (per count met when not) are the default catalogue: the
    rulebook's text gives neither for any type, so they start unknown.
    """

    code: str
    name: str
    needs: str
    match: str
    where: str
    count: int | None
    condition: Words
    vp: int | None = None
    partial_vp: int | None = None


# What completes a Sealife type, as the rulebook words it: by what it needs ("coral" or
# "fish") and in which colors ("same" or "different"), then, for a counted type, where.
DESIGNATED_CONDITIONS = {
    ("coral", "same"): _("Each designated space holds a Completed Coral Tile of the same color."),
    ("coral", "different"): _(
        "Each designated space holds a Completed Coral Tile of a different color."
    ),
    ("fish", "same"): _("Each designated space holds a Completed Fish of the same color."),
    ("fish", "different"): _("Each designated space holds a Completed Fish of a different color."),
}
COUNTED_CONDITIONS = {
    ("coral", "same", "directions"): _(
        "{count} or more Completed Coral Tiles of the same color "
        "in one or both indicated directions."
    ),
    ("coral", "different", "directions"): _(
        "{count} or more Completed Coral Tiles of different colors "
        "in one or both indicated directions."
    ),
    ("fish", "same", "directions"): _(
        "{count} or more Completed Fish of the same color in one or both indicated directions."
    ),
    ("fish", "different", "directions"): _(
        "{count} or more Completed Fish of different colors in one or both indicated directions."
    ),
    ("coral", "same", "direction"): _(
        "{count} or more Completed Coral Tiles of the same color in the indicated direction."
    ),
    ("coral", "different", "direction"): _(
        "{count} or more Completed Coral Tiles of different colors in the indicated direction."
    ),
    ("fish", "same", "direction"): _(
        "{count} or more Completed Fish of the same color in the indicated direction."
    ),
    ("fish", "different", "direction"): _(
        "{count} or more Completed Fish of different colors in the indicated direction."
    ),
    ("coral", "same", "anywhere"): _(
        "{count} or more Completed Coral Tiles of the same color anywhere in your Ocean."
    ),
    ("coral", "different", "anywhere"): _(
        "{count} or more Completed Coral Tiles of different colors anywhere in your Ocean."
    ),
}


def _designated(code: str, name: str, needs: str, match: str) -> SealifeType:
    condition = DESIGNATED_CONDITIONS[needs, match]
    return SealifeType(code, name, needs, match, "spaces", None, condition)


def _counted(code: str, name: str, needs: str, match: str, where: str, count: int) -> SealifeType:
    condition = COUNTED_CONDITIONS[needs, match, where].format(count=count)
    return SealifeType(code, name, needs, match, where, count, condition)


# What a Sealife tile can print, completed (its VPs) or not (its VPs per count met),
# lowest and highest. Every tile pays something ("Completed Sealife Tiles provide VPs";
# "Incomplete Sealife Tiles provide partial VPs"), and the rulebook's tiles print single
# digits and 10 ("3rd row: 2* + 10 + 7 + 7 = 26 VPs"; "2 Fish x 3 VPs"): a 100 is a typo.
SEALIFE_VPS = range(1, 11)

SEALIFE: dict[str, SealifeType] = {
    t.code: t
    for t in (
        _designated("A1", "Whale Shark", "coral", "same"),
        _designated("A2", "Great White Shark", "coral", "different"),
        _designated("A3", "Epaulette Shark", "fish", "same"),
        _designated("A4", "Hammerhead Shark", "fish", "different"),
        _counted("B1", "Dugong", "coral", "same", "directions", 4),
        _counted("B2", "Common Bottlenose Dolphin", "fish", "same", "directions", 4),
        _counted("B3", "Humpback Whale", "coral", "different", "directions", 4),
        _counted("B4", "Migaloo", "fish", "different", "directions", 4),
        _designated("C1", "Reef Manta Ray", "coral", "same"),
        _designated("C2", "Hawksbill Sea Turtle", "coral", "different"),
        _counted("C3", "Yellow-lipped Sea Krait", "coral", "same", "directions", 2),
        _counted("C4", "Spiny Seahorse", "fish", "same", "directions", 2),
        _designated("D1", "Pom-Pom Crab", "coral", "same"),
        _designated("D2", "Hermit Crab", "coral", "different"),
        _designated("D3", "Reef Lobster", "fish", "same"),
        _designated("D4", "Mantis Shrimp", "fish", "different"),
        _counted("E1", "Greater Blue-Ringed Octopus", "coral", "same", "direction", 3),
        _counted("E2", "Cuttlefish", "coral", "different", "direction", 3),
        _counted("E3", "Anna's Magnificent Sea Slug", "fish", "same", "direction", 3),
        _counted("E4", "Box Jellyfish", "fish", "different", "direction", 3),
        _counted("F1", "Nautilus", "coral", "same", "anywhere", 4),
        _counted("F2", "Giant Clam", "coral", "different", "anywhere", len(COLORS)),
    )
}

# The rulebook's recommended first games.
FIRST_GAME_SEALIFE = ("A1", "A4", "B1", "C2", "C4", "D1", "D4", "E1", "E4", "F2")
FIRST_GAME_ORANGE, FIRST_GAME_BLUE = 1, 2
FIRST_FAMILY_GAME_SEALIFE = ("A1", "A3", "C1", "C3", "C4", "D1", "D3", "E1", "E3", "F1")


# --- Ecosystem cards -------------------------------------------------------
@dataclass(frozen=True)
class EcosystemCard:
    color: str  # "orange" or "blue"
    number: int
    name: str
    text: Words  # the card's rule, as printed
    vp_each: int  # VPs per thing the card counts
    # The thing it counts, one and many, in the appendix's words: the explanations say
    # "Coral Duo: 3 pairs of Completed Coral Tiles of the same color × 3 = 9" (``.of(3)``).
    counts: Words
    most_vp: int | None = None  # the card's printed cap


ORANGE_CARDS: dict[int, EcosystemCard] = {
    card.number: card
    for card in (
        EcosystemCard(
            "orange",
            1,
            "Cryptic Coloration",
            _("2 VPs for each Completed Coral Tile with a Completed Fish of the same color."),
            2,
            ngettext_lazy(
                "{count} Completed Coral Tile with a Completed Fish of the same color",
                "{count} Completed Coral Tiles with a Completed Fish of the same color",
                1,
            ),
        ),
        EcosystemCard(
            "orange",
            2,
            "Coral Duo",
            _("3 VPs for each pair of Completed Coral Tiles of the same color."),
            3,
            ngettext_lazy(
                "{count} pair of Completed Coral Tiles of the same color",
                "{count} pairs of Completed Coral Tiles of the same color",
                1,
            ),
        ),
        EcosystemCard(
            "orange",
            3,
            "Symphony of Fins",
            _("3 VPs for each Completed Fish of your most common color (max 18 VPs)."),
            3,
            ngettext_lazy(
                "{count} Completed Fish of the color you have the most of",
                "{count} Completed Fish of the color you have the most of",
                1,
            ),
            most_vp=18,
        ),
        EcosystemCard(
            "orange",
            4,
            "Mismatched",
            _("2 VPs for each Completed Coral Tile with a Completed Fish of a different color."),
            2,
            ngettext_lazy(
                "{count} Completed Coral Tile with a Completed Fish of a different color",
                "{count} Completed Coral Tiles with a Completed Fish of a different color",
                1,
            ),
        ),
        EcosystemCard(
            "orange",
            5,
            "Depths Alike",
            _("4 VPs for each row with 2 or more Completed Coral Tiles of the same color."),
            4,
            ngettext_lazy(
                "{count} row with 2 or more Completed Coral Tiles of the same color",
                "{count} rows with 2 or more Completed Coral Tiles of the same color",
                1,
            ),
        ),
        EcosystemCard(
            "orange",
            6,
            "Colossal Coral Reef",
            _("2 VPs for each Coral Tile in the largest group of adjacent Completed Coral Tiles."),
            2,
            ngettext_lazy(
                "{count} Coral Tile in the largest group of adjacent Completed Coral Tiles",
                "{count} Coral Tiles in the largest group of adjacent Completed Coral Tiles",
                1,
            ),
        ),
        EcosystemCard(
            "orange",
            7,
            "Trios",
            _("4 VPs for each color with 3 or more Completed Fish."),
            4,
            ngettext_lazy(
                "{count} color with 3 or more Completed Fish",
                "{count} colors with 3 or more Completed Fish",
                1,
            ),
        ),
    )
}

BLUE_CARDS: dict[int, EcosystemCard] = {
    card.number: card
    for card in (
        EcosystemCard(
            "blue",
            1,
            "Rich Depths",
            _("4 VPs for each row with 2 or more Completed Sealife Tiles."),
            4,
            ngettext_lazy(
                "{count} row with 2 or more Completed Sealife Tiles",
                "{count} rows with 2 or more Completed Sealife Tiles",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            2,
            "Bountiful Caves",
            _("3 VPs for each Completed Sealife Tile in the 10 inner spaces."),
            3,
            ngettext_lazy(
                "{count} Completed Sealife Tile in the 10 inner spaces",
                "{count} Completed Sealife Tiles in the 10 inner spaces",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            3,
            "Underwater Community",
            _("2 VPs for each Completed Sealife Tile neighboring another Completed Sealife Tile."),
            2,
            ngettext_lazy(
                "{count} Completed Sealife Tile neighboring another Completed Sealife Tile",
                "{count} Completed Sealife Tiles neighboring another Completed Sealife Tile",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            4,
            "Spotlight",
            _("2 VPs for each column with exactly 1 Completed Sealife Tile."),
            2,
            ngettext_lazy(
                "{count} column with exactly 1 Completed Sealife Tile",
                "{count} columns with exactly 1 Completed Sealife Tile",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            5,
            "Sealife Duet",
            _("4 VPs for each pair of adjacent Completed Sealife Tiles; a tile pairs only once."),
            4,
            ngettext_lazy(
                "{count} pair of adjacent Completed Sealife Tiles",
                "{count} pairs of adjacent Completed Sealife Tiles",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            6,
            "Radiant Caves",
            _(
                "2 VPs for each different Completed Tile (coral color or Sealife type) in the 10 inner spaces."
            ),
            2,
            ngettext_lazy(
                "{count} different Completed Tile in the 10 inner spaces",
                "{count} different Completed Tiles in the 10 inner spaces",
                1,
            ),
        ),
        EcosystemCard(
            "blue",
            7,
            "Borders of Diversity",
            _(
                "2 VPs for each different Completed Tile (coral color or Sealife type) in the 12 outer spaces."
            ),
            2,
            ngettext_lazy(
                "{count} different Completed Tile in the 12 outer spaces",
                "{count} different Completed Tiles in the 12 outer spaces",
                1,
            ),
        ),
    )
}

CARDS = {"orange": ORANGE_CARDS, "blue": BLUE_CARDS}
ROW_PAIR = 2  # Depths Alike and Rich Depths: the tiles one row needs
SAME_COLOR_TRIO = 3  # Trios: the Completed Fish one color needs


# --- Achievement mode ------------------------------------------------------
@dataclass(frozen=True)
class Scenario:
    number: int
    difficulty: str
    sealife: tuple[str, ...]
    orange: int
    blue: int
    objective: str
    minimum_score: int


def _scenario(
    number: int,
    difficulty: str,
    sealife: str,
    orange: int,
    blue: int,
    minimum_score: int,
    objective: str,
) -> Scenario:
    codes = tuple(sealife.split())
    return Scenario(number, difficulty, codes, orange, blue, objective, minimum_score)


SCENARIOS: dict[int, Scenario] = {
    s.number: s
    for s in (
        _scenario(
            1,
            gettext_noop("Easy"),
            "A1 A3 C1 C3 C4 D1 D3 E1 E3 F1",
            1,
            2,
            140,
            gettext_noop("None."),
        ),
        _scenario(
            2,
            gettext_noop("Easy"),
            "A1 A4 C1 C3 C4 D1 D4 E1 E4 F1",
            4,
            3,
            145,
            gettext_noop("None."),
        ),
        _scenario(
            3,
            gettext_noop("Easy"),
            "A2 A4 B3 C1 C2 D2 D4 E2 E4 F2",
            2,
            4,
            150,
            gettext_noop("None."),
        ),
        _scenario(
            4,
            gettext_noop("Easy"),
            "A2 A3 B2 C2 C4 D2 D3 E2 E3 F2",
            7,
            5,
            155,
            gettext_noop("Complete 2+ Coral Tiles in each of the 4 colors."),
        ),
        _scenario(
            5,
            gettext_noop("Easy"),
            "A1 A3 B4 C3 C4 D1 D4 E2 E4 F1",
            6,
            6,
            160,
            gettext_noop("Complete 5+ Coral Tiles of the same color."),
        ),
        _scenario(
            6,
            gettext_noop("Normal"),
            "B3 B4 C3 C4 D1 D2 D3 D4 E1 E3",
            2,
            7,
            165,
            gettext_noop(
                "Complete 4+ different Sealife Tiles within the 12 outer spaces of your Ocean."
            ),
        ),
        _scenario(
            7,
            gettext_noop("Normal"),
            "A1 A2 B1 B3 C1 C3 D1 D2 E1 E2",
            3,
            1,
            170,
            gettext_noop(
                "At the end of the game, choose one color. "
                "That color must have only one Completed Fish."
            ),
        ),
        _scenario(
            8,
            gettext_noop("Normal"),
            "A3 A4 B3 B4 C3 C4 D3 D4 E3 E4",
            4,
            4,
            170,
            gettext_noop("Complete 4+ different Sealife Tiles."),
        ),
        _scenario(
            9,
            gettext_noop("Normal"),
            "A1 A3 B2 C1 C2 C3 C4 E1 E3 F1",
            2,
            7,
            175,
            gettext_noop(
                "At the end of the game, choose one color. "
                "That color must have between 1 and 5 Completed Fish."
            ),
        ),
        _scenario(
            10,
            gettext_noop("Normal"),
            "A2 A3 A4 B2 C2 D3 D4 E3 E4 F2",
            6,
            6,
            175,
            gettext_noop("Complete 5+ different Sealife Tiles."),
        ),
        _scenario(
            11,
            gettext_noop("Hard"),
            "A2 A4 D2 D3 D4 E1 E2 E3 E4 F2",
            4,
            2,
            180,
            gettext_noop("Complete 6+ different Sealife Tiles."),
        ),
        _scenario(
            12,
            gettext_noop("Hard"),
            "A3 A4 B1 B2 B3 B4 C1 C2 C3 C4",
            1,
            4,
            180,
            gettext_noop("Score 30+ VPs with Ecosystem Cards."),
        ),
        _scenario(
            13,
            gettext_noop("Hard"),
            "A1 A4 B1 C2 C4 D1 D3 E2 E4 F2",
            5,
            1,
            185,
            gettext_noop("End the game with 2+ Seashells."),
        ),
        _scenario(
            14,
            gettext_noop("Hard"),
            "A1 A2 B4 C3 C4 D1 D2 E3 E4 F1",
            7,
            5,
            185,
            gettext_noop(
                "Earn double VPs for Orange Ecosystem Card (07 Trios). "
                "Complete 5+ Fish of the same color."
            ),
        ),
        _scenario(
            15,
            gettext_noop("Hard"),
            "A2 A4 B2 C2 C4 D2 D4 E2 E4 F2",
            3,
            4,
            190,
            gettext_noop(
                "At the end of the game, choose one color. "
                "Completed Corals of the chosen color will not award VPs."
            ),
        ),
    )
}
DOUBLE_ORANGE_SCENARIO = 14
LEFT_OUT_COLOR_SCENARIO = 15

STANDARD_ACHIEVEMENTS: dict[int, str] = {
    1: gettext_noop("Score 130+ VPs."),
    2: gettext_noop("Score 145+ VPs."),
    3: gettext_noop("Score 160+ VPs."),
    4: gettext_noop("Score 170+ VPs."),
    5: gettext_noop("Score 180+ VPs."),
    6: gettext_noop("Score 190+ VPs."),
    7: gettext_noop("Complete all Coral Tiles in your Ocean."),
    8: gettext_noop("Complete all Sealife Tiles in your Ocean."),
    9: gettext_noop("Complete all Tiles in your Ocean."),
    10: gettext_noop("End the game with 5 Seashells."),
    11: gettext_noop("Score 20+ VPs with Incomplete Fish."),
    12: gettext_noop("Complete 6+ different Sealife Tiles."),
    13: gettext_noop("Complete 8+ Sealife Tiles."),
    14: gettext_noop("All Completed Sealife Tiles are different."),
    15: gettext_noop("Score 20+ VPs with Orange Ecosystem Card."),
    16: gettext_noop("Score 15+ VPs with Blue Ecosystem Card."),
    17: gettext_noop("Achieve the same score for Orange and Blue Ecosystem Cards."),
    18: gettext_noop("Have Completed Coral Tiles in no more than 3 colors."),
    19: gettext_noop("Have Completed Fish in no more than 3 colors."),
    20: gettext_noop("Have Completed Fish in no more than 2 colors."),
    21: gettext_noop("Have Completed Fish and Coral Tiles in no more than 3 colors."),
    22: gettext_noop("Empty spaces are not neighboring each other when the game ends."),
    23: gettext_noop("Fill all 12 Outer Spaces of your Ocean with Completed Tiles."),
    24: gettext_noop("Complete 9 VP Coral Tiles in all 4 colors."),
    25: gettext_noop("Complete 3 Coral Tiles in each of the 4 colors."),
}

MODIFIED_RULES: dict[int, str] = {
    1: gettext_noop(
        "Coral Tiles must be placed neighboring another Coral Tile(s), "
        "excluding the first Coral Tile."
    ),
    2: gettext_noop("Decrease the Tile and Fish Pool from 5 of each to 3 of each."),
    3: gettext_noop(
        "You can no longer spend 2 Seashells to move a Fish. Instead, use 2 Seashells "
        "to move or rotate an Incomplete Coral Tile."
    ),
    4: gettext_noop(
        'The cost to "Refresh a Pool," "Freely Choose a Tile and Fish Combination," '
        'and "Move a Fish" increases by 1 Seashell.'
    ),
    5: gettext_noop(
        "Instead of putting the Fish into the Fish Pouch, place them in a pile and "
        "take a desired Fish along with a Tile."
    ),
    6: gettext_noop("Refresh is not allowed under any circumstances."),
    7: gettext_noop(
        "Use 2 Orange Ecosystem Cards and 2 Blue Ecosystem Cards. At the end of the "
        "game, choose 1 Orange and 1 Blue Ecosystem Card to calculate VPs."
    ),
    8: gettext_noop(
        "There are no Pools available. Always draw 1 random Tile and 1 random Fish "
        "from the pouch. When placing a Tile or Fish on the Ocean, it does not need "
        "to be neighboring your other Tiles."
    ),
    9: gettext_noop(
        "At the end of the game, for each Incomplete Fish, earn an additional 1 VP "
        "for each adjacent Completed Coral Tile that matches the color of the "
        "Incomplete Fish."
    ),
    10: gettext_noop(
        "Completed Sealife Tiles cannot be placed adjacent to another Completed "
        "Sealife Tile (they may share a corner)."
    ),
}
# The modified rules that change scoring or what an ocean may look like.
TWO_CARDS_EACH_RULE = 7
SAME_COLOR_FISH_BONUS_RULE = 9
CORALS_NEIGHBOR_CORALS_RULE = 1
PLACE_ANYWHERE_RULE = 8
NO_ADJACENT_SEALIFE_RULE = 10
