"""End-of-game scoring: an ocean fills in the score pad's column, then the mode decides."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from games.contract import PlayerScore, Sheet, make_sheet
from games.shallow_sea.achievements import Outcome, achievements
from games.shallow_sea.data import (
    BUBBLES,
    CARDS,
    COLORS,
    DIFFERENT_SEALIFE_VP,
    DOUBLE_ORANGE_SCENARIO,
    EMPTY_SPACES_AT_END,
    FREE_LIONFISH,
    LEFT_OUT_COLOR_SCENARIO,
    LIONFISH_PENALTY,
    NEIGHBORING,
    ROWS,
    SAME_COLOR_FISH_BONUS_RULE,
    SOLO_RANKS,
    SPACES,
    Point,
)
from games.shallow_sea.ecosystem import counted
from games.shallow_sea.info import INFO
from games.shallow_sea.ocean import (
    Achievement,
    Coral,
    Ocean,
    PaperSheet,
    ShallowSeaInput,
    Tile,
    in_reading_order,
)
from games.shallow_sea.workings import CardScore, FishScore, OceanTally, TileScore, explain
from games.words import Value, ngettext_lazy
from games.words import gettext_lazy as _

ROW_KEYS = tuple(f"row_{row}" for row in ROWS)
# Counted nouns of the warnings (``.of(count)``).
FISH = ngettext_lazy("{count} fish", "{count} fish", 1)
TILES = ngettext_lazy("{count} tile", "{count} tiles", 1)


def score(play: ShallowSeaInput) -> Sheet:
    players = []
    warnings = []
    for name in play.players:
        entry = play.entries[name]
        extra: dict[str, Any] = {}
        tally = None
        if isinstance(entry, Ocean):
            tally = tally_ocean(play, entry)
            pad = fill_pad(tally, entry)
            extra.update(ocean_extras(play, tally))
            if play.finished:
                warnings.extend(ocean_warnings(name, entry))
        else:
            pad = entry
        lines = breakdown(play, pad)
        # The row lines make up "tiles" and are not added a second time.
        total = sum(vp for key, vp in lines.items() if key not in ROW_KEYS)
        if play.mode == "solo":
            extra["rank_title"] = rank_title(total)
        if play.achievement:
            ocean = entry if isinstance(entry, Ocean) else None
            outcome = Outcome(total, lines, pad.different_sealife, pad.seashells, ocean)
            extra["achievements"] = achievements(play.achievement, outcome)
        player = PlayerScore(name, total, lines, {"seashells": pad.seashells}, extra=extra)
        player.explain = explain(play, lines, pad, tally)
        players.append(player)
    return make_sheet(INFO, players, {"warnings": warnings}, complete=play.complete)


def orange_factor(achievement: Achievement | None) -> int:
    """What the Orange Ecosystem card's VPs count for: scenario 14 doubles them."""
    return 2 if achievement == Achievement("scenario", DOUBLE_ORANGE_SCENARIO) else 1


def breakdown(play: ShallowSeaInput, pad: PaperSheet) -> dict[str, int]:
    lines = {
        "orange": orange_factor(play.achievement) * pad.orange,
        "blue": pad.blue,
        "tiles": sum(pad.rows),
        **dict(zip(ROW_KEYS, pad.rows, strict=True)),
        "different_sealife": DIFFERENT_SEALIFE_VP * pad.different_sealife,
        "incomplete_fish": pad.incomplete_fish,
        "lionfish": -LIONFISH_PENALTY * max(0, pad.lionfish - FREE_LIONFISH),
    }
    if play.mode == "family":
        return {key: vp if key == "tiles" or key in ROW_KEYS else 0 for key, vp in lines.items()}
    return lines


def tally_ocean(play: ShallowSeaInput, ocean: Ocean) -> OceanTally:
    """What each line of ``ocean``'s column of the score pad is made of."""
    cards: list[CardScore] = []
    for color in ("orange", "blue"):
        scores = [
            CardScore(CARDS[color][number], tuple(counted(CARDS[color][number], ocean)), False)
            for number in getattr(play.setup, color)
        ]
        # Under modified rule 7 the player keeps the better of two cards (the first on a tie).
        best = max(scores, key=lambda c: c.vp, default=None)
        cards.extend(replace(c, scored=c is best) for c in scores)

    left_out = None
    if play.plays_scenario(LEFT_OUT_COLOR_SCENARIO):
        left_out = ocean.left_out_color or cheapest_color(ocean)
    rows = tuple(
        tuple(
            tile
            for tile in (tile_score(s, ocean.tiles[s], left_out) for s in row if s in ocean.tiles)
            if tile
        )
        for row in ROWS.values()
    )
    same_color_bonus = play.plays_modified_rule(SAME_COLOR_FISH_BONUS_RULE)
    every_fish = (fish_score(ocean, b, color, same_color_bonus) for b, color in ocean.fish.items())
    return OceanTally(
        cards=tuple(cards),
        rows=rows,
        left_out_color=left_out,
        left_out_spaces=frozenset(
            s for s, c in ocean.completed_corals.items() if left_out and c.color == left_out
        ),
        sealife_types=first_of_each_type(ocean),
        fish=tuple(f for f in every_fish if f.vp),  # a fish that earns nothing is not named
    )


def first_of_each_type(ocean: Ocean) -> dict[str, str]:
    """Each different completed Sealife type with its first tile in reading order: the type
    counts once, and that tile stands for it."""
    first: dict[str, str] = {}
    for space, tile in ocean.completed_sealife.items():
        first.setdefault(tile.code, space)
    return first


def fill_pad(tally: OceanTally, ocean: Ocean) -> PaperSheet:
    """The score pad's column for ``ocean``, added up from its tally."""
    return PaperSheet(
        orange=tally.kept("orange"),
        blue=tally.kept("blue"),
        rows=tuple(sum(tile.vp for tile in row) for row in tally.rows),
        different_sealife=len(tally.sealife_types),
        incomplete_fish=sum(f.vp for f in tally.fish),
        seashells=ocean.seashells,
        lionfish=ocean.lionfish,
    )


def ocean_extras(play: ShallowSeaInput, tally: OceanTally) -> dict[str, Any]:
    """What the result page adds for an ocean: every card's VPs, scenario 15's color."""
    extra: dict[str, Any] = {}
    if tally.cards:
        extra["ecosystem_cards"] = [
            {
                "color": c.card.color,
                "number": c.card.number,
                "name": c.card.name,
                "vp": c.vp,
                "scored": c.scored,
            }
            for c in tally.cards
        ]
    if play.plays_scenario(LEFT_OUT_COLOR_SCENARIO):
        extra["left_out_color"] = tally.left_out_color
    return extra


def tile_score(space: str, tile: Tile, left_out_color: str | None) -> TileScore | None:
    """What ``tile`` scores in its row, or None when it scores nothing."""
    if isinstance(tile, Coral):
        scores = tile.completed and tile.color != left_out_color and tile.vp
        return TileScore(space, tile.vp or 0) if scores else None
    if tile.completed:
        assert tile.vp  # parse refuses a completed Sealife tile without its printed VPs
        return TileScore(space, tile.vp)
    if tile.partial and tile.partial_vp:
        return TileScore(space, tile.points, (tile.partial, tile.partial_vp))
    return None


def cheapest_color(ocean: Ocean) -> str:
    """Scenario 15: the color whose Completed Coral Tiles cost the fewest VPs to lose."""

    def cost(color: str) -> int:
        return sum(c.vp or 0 for c in ocean.completed_corals.values() if c.color == color)

    return min(COLORS, key=cost)


def fish_score(ocean: Ocean, bubble: Point, color: str, same_color_bonus: bool) -> FishScore:
    corals = [space for space in BUBBLES[bubble] if space in ocean.completed_corals]
    same = sum(ocean.completed_corals[s].color == color for s in corals) if same_color_bonus else 0
    return FishScore(ocean.bubble_name(bubble), in_reading_order(corals), same)


def rank_title(total: int) -> str | None:
    earned = [title for needed, title in SOLO_RANKS if total >= needed]
    return earned[-1] if earned else None


def ocean_warnings(name: str, ocean: Ocean) -> list[str]:
    """What looks unlike a finished game, said without refusing the ocean, in the
    reader's language: the sheet's JSON and the seat's live panel carry them as text."""
    return [str(warning) for warning in warnings_about(name, ocean)]


def warnings_about(name: str, ocean: Ocean) -> list[Value]:
    """The warnings of ``ocean_warnings`` in games.words, to read in any language."""
    warnings: list[Value] = []
    empty = len(SPACES) - len(ocean.tiles)
    if empty != EMPTY_SPACES_AT_END:
        warnings.append(
            ngettext_lazy(
                "{name}'s ocean has {count} empty space; a game ends when {left} are left.",
                "{name}'s ocean has {count} empty spaces; a game ends when {left} are left.",
                empty,
            ).format(name=name, left=EMPTY_SPACES_AT_END)
        )
    for space in lonely_tiles(ocean.tiles):
        warnings.append(
            _(
                "{name}'s {space} neighbors no other tile: every tile is placed neighboring "
                "one already placed, so check that space (a typo?)."
            ).format(name=name, space=space)
        )
    fish = len(ocean.fish) + len(ocean.completed_fish)
    # Each turn places one tile and one fish; the first Sealife Tile came alone.
    if ocean.tiles and fish > len(ocean.tiles) - 1:
        warnings.append(
            _(
                "{name}'s ocean holds {fish} on {tiles}; each turn places one tile and one "
                "fish, so that many tiles come with at most {most}."
            ).format(
                name=name,
                fish=FISH.of(fish),
                tiles=TILES.of(len(ocean.tiles)),
                most=FISH.of(len(ocean.tiles) - 1),
            )
        )
    return warnings


def lonely_tiles(spaces: Iterable[str]) -> list[str]:
    """The spaces, of those holding a tile, with no tile neighboring them (adjacent or
    sharing a corner), in an ocean of two tiles or more: the rulebook places each next to
    one already placed."""
    placed = set(spaces)
    if len(placed) < 2:
        return []
    return [space for space in SPACES if space in placed and not NEIGHBORING[space] & placed]
