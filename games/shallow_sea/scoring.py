"""End-of-game scoring: an ocean fills in the score pad's column, then the mode decides."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.contract import PlayerScore, Sheet, make_sheet, plural
from games.shallow_sea.achievements import Outcome, achievements
from games.shallow_sea.data import (
    CARDS,
    COLORS,
    DIFFERENT_SEALIFE_VP,
    DOUBLE_ORANGE_SCENARIO,
    EMPTY_SPACES_AT_END,
    FREE_LIONFISH,
    INCOMPLETE_FISH_VP,
    LEFT_OUT_COLOR_SCENARIO,
    LIONFISH_PENALTY,
    NEIGHBORING,
    ROWS,
    SAME_COLOR_FISH_BONUS_RULE,
    SAME_COLOR_FISH_BONUS_VP,
    SOLO_RANKS,
    SPACES,
)
from games.shallow_sea.ecosystem import card_vp
from games.shallow_sea.info import INFO
from games.shallow_sea.ocean import (
    Achievement,
    Coral,
    Ocean,
    PaperSheet,
    ShallowSeaInput,
    Tile,
)

ROW_KEYS = tuple(f"row_{row}" for row in ROWS)


def score(play: ShallowSeaInput) -> Sheet:
    players = []
    warnings = []
    for name in play.players:
        entry = play.entries[name]
        extra: dict[str, Any] = {}
        if isinstance(entry, Ocean):
            pad = fill_pad(play, entry, extra)
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
        players.append(PlayerScore(name, total, lines, {"seashells": pad.seashells}, extra=extra))
    return make_sheet(INFO, players, {"warnings": warnings})


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


def fill_pad(play: ShallowSeaInput, ocean: Ocean, extra: dict[str, Any]) -> PaperSheet:
    """The score pad's column for ``ocean``; ``extra`` gets what the result page adds."""
    cards: list[dict[str, Any]] = []
    kept = {}
    for color in ("orange", "blue"):
        scored = {
            number: card_vp(CARDS[color][number], ocean) for number in getattr(play.setup, color)
        }
        # Under modified rule 7 the player keeps the better of two cards.
        best = max(scored, key=scored.__getitem__, default=None)
        kept[color] = scored.get(best, 0)
        cards.extend(
            {
                "color": color,
                "number": number,
                "name": CARDS[color][number].name,
                "vp": vp,
                "scored": number == best,
            }
            for number, vp in scored.items()
        )
    if cards:
        extra["ecosystem_cards"] = cards

    left_out = None
    if play.plays_scenario(LEFT_OUT_COLOR_SCENARIO):
        left_out = ocean.left_out_color or cheapest_color(ocean)
        extra["left_out_color"] = left_out
    rows = tuple(
        sum(tile_vp(ocean.tiles[space], left_out) for space in row if space in ocean.tiles)
        for row in ROWS.values()
    )
    return PaperSheet(
        orange=kept["orange"],
        blue=kept["blue"],
        rows=rows,
        different_sealife=len({t.code for t in ocean.completed_sealife.values()}),
        incomplete_fish=incomplete_fish_vp(
            ocean, play.plays_modified_rule(SAME_COLOR_FISH_BONUS_RULE)
        ),
        seashells=ocean.seashells,
        lionfish=ocean.lionfish,
    )


def tile_vp(tile: Tile, left_out_color: str | None) -> int:
    if isinstance(tile, Coral):
        scores = tile.completed and tile.color != left_out_color
        return (tile.vp or 0) if scores else 0
    return tile.points


def cheapest_color(ocean: Ocean) -> str:
    """Scenario 15: the color whose Completed Coral Tiles cost the fewest VPs to lose."""

    def cost(color: str) -> int:
        return sum(c.vp or 0 for c in ocean.completed_corals.values() if c.color == color)

    return min(COLORS, key=cost)


def incomplete_fish_vp(ocean: Ocean, same_color_bonus: bool) -> int:
    vp = 0
    for bubble, color in ocean.fish.items():
        corals = ocean.corals_touching(bubble)
        vp += INCOMPLETE_FISH_VP * len(corals)
        if same_color_bonus:
            vp += SAME_COLOR_FISH_BONUS_VP * sum(c.color == color for c in corals)
    return vp


def rank_title(total: int) -> str | None:
    earned = [title for needed, title in SOLO_RANKS if total >= needed]
    return earned[-1] if earned else None


def ocean_warnings(name: str, ocean: Ocean) -> list[str]:
    """What looks unlike a finished game, said without refusing the ocean."""
    warnings = []
    empty = len(SPACES) - len(ocean.tiles)
    if empty != EMPTY_SPACES_AT_END:
        warnings.append(
            f"{name}'s ocean has {empty} empty spaces; a game ends when "
            f"{EMPTY_SPACES_AT_END} are left."
        )
    for space in lonely_tiles(ocean.tiles):
        warnings.append(
            f"{name}'s {space} neighbors no other tile: every tile is placed neighboring one "
            "already placed, so check that space (a typo?)."
        )
    fish = len(ocean.fish) + len(ocean.completed_fish)
    # Each turn places one tile and one fish; the first Sealife Tile came alone.
    if ocean.tiles and fish > len(ocean.tiles) - 1:
        warnings.append(
            f"{name}'s ocean holds {fish} fish on {plural(len(ocean.tiles), 'tile')}; each turn "
            f"places one tile and one fish, so that many tiles come with at most "
            f"{len(ocean.tiles) - 1} fish."
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
