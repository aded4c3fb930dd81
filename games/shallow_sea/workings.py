"""How each line of a player's score came about, and the sentences that explain it.

Scoring adds an ocean's workings up into the score pad's column; the explanations read
the same workings (or, for a paper sheet, the column as written), so a sentence's
arithmetic is the line's own. Rules the rulebook leaves open are settled in
docs/games/shallow-sea.md, "Explanations".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.contract import Explanation, join_names, plural
from games.explain import tiebreak_explanations
from games.shallow_sea.data import (
    CARDS,
    DIFFERENT_SEALIFE_VP,
    DOUBLE_ORANGE_SCENARIO,
    FREE_LIONFISH,
    INCOMPLETE_FISH_VP,
    LIONFISH_PENALTY,
    ROWS,
    SAME_COLOR_FISH_BONUS_RULE,
    SAME_COLOR_FISH_BONUS_VP,
    EcosystemCard,
)
from games.shallow_sea.ecosystem import Counted, capped
from games.shallow_sea.info import INFO
from games.shallow_sea.ocean import PaperSheet, ShallowSeaInput, in_reading_order

MINUS = "\N{MINUS SIGN}"


@dataclass(frozen=True)
class CardScore:
    """One Ecosystem card of the setup on one ocean."""

    card: EcosystemCard
    counted: tuple[Counted, ...]  # what it pays for
    scored: bool  # the card kept: modified rule 7 keeps the better of two

    @property
    def uncapped(self) -> int:
        return self.card.vp_each * len(self.counted)

    @property
    def vp(self) -> int:
        return capped(self.card, self.uncapped)


@dataclass(frozen=True)
class TileScore:
    """A tile that scores in its row."""

    space: str
    vp: int
    partial: tuple[int, int] | None = None  # an incomplete Sealife's (count met, VPs each)

    @property
    def term(self) -> str:
        if self.partial is None:
            return str(self.vp)
        met, each = self.partial
        return f"{met} × {each}"


@dataclass(frozen=True)
class FishScore:
    """An Incomplete Fish that earns VPs."""

    bubble: str  # as the input names it
    corals: tuple[str, ...]  # the Completed Coral Tiles at its bubble
    same_color: int  # of those, the ones of its own color (modified rule 9 pays them again)

    @property
    def vp(self) -> int:
        return INCOMPLETE_FISH_VP * len(self.corals) + SAME_COLOR_FISH_BONUS_VP * self.same_color


@dataclass(frozen=True)
class OceanTally:
    """An ocean's column of the score pad, worked out: what each line is made of."""

    cards: tuple[CardScore, ...]
    rows: tuple[tuple[TileScore, ...], ...]  # the tiles that score, row by row
    left_out_color: str | None  # scenario 15
    left_out_spaces: frozenset[str]  # the completed corals of that color, scoring nothing
    sealife_types: dict[str, str]  # each different completed type: its first space
    fish: tuple[FishScore, ...]  # in the input's order

    def kept(self, color: str) -> int:
        return next((c.vp for c in self.cards if c.card.color == color and c.scored), 0)


# --- Sentences -------------------------------------------------------------------------------


def added(terms: list[str], total: int) -> str:
    """ "9 + 6 + 7 = 22"; a product among others is bracketed, "(1 × 2) + 10 = 12"; a lone
    number is its own sum."""
    if terms == [str(total)]:
        return terms[0]
    if len(terms) > 1:
        terms = [f"({term})" if " " in term else term for term in terms]
    return " + ".join(terms) + f" = {total}"


def named(counted: Iterable[Counted]) -> str:
    """The labels of what a card counted: "red, 2 yellow, purple"; one label said once."""
    counts = Counter(c.label for c in counted if c.label)  # in the order first counted
    if len(counts) <= 1:
        return "".join(counts)
    return ", ".join(label if n == 1 else f"{n} {label}" for label, n in counts.items())


def from_the_pad(vp: int) -> str:
    return f"{plural(vp, 'VP')} from the score pad"


@dataclass(frozen=True)
class Line:
    """What one breakdown line's explanation reads."""

    play: ShallowSeaInput
    key: str
    points: int
    pad: PaperSheet
    tally: OceanTally | None  # None for a paper sheet: nothing on a board to point at

    def explained(
        self, text: str, spaces: Iterable[str] = (), bubbles: tuple[str, ...] = ()
    ) -> Explanation:
        return Explanation(self.key, text, self.points, in_reading_order(set(spaces)), bubbles)


def card_line(line: Line) -> Explanation:
    color = line.key
    doubled = ""
    if color == "orange" and line.play.plays_scenario(DOUBLE_ORANGE_SCENARIO):
        doubled = f"; doubled by scenario {DOUBLE_ORANGE_SCENARIO}: 2 × {line.points // 2}"
        doubled += f" = {line.points}"
    if line.tally is None:
        cards = [CARDS[color][number] for number in getattr(line.play.setup, color)]
        name = cards[0].name if len(cards) == 1 else f"{color.title()} Ecosystem card"
        if len(cards) > 1:
            name += f" (the better of {join_names([c.name for c in cards])})"
        return line.explained(f"{name}: {from_the_pad(getattr(line.pad, color))}{doubled}")
    scores = [c for c in line.tally.cards if c.card.color == color]
    kept = next(c for c in scores if c.scored)
    card = kept.card
    text = f"{card.name}: {plural(len(kept.counted), *card.counts)} × {card.vp_each}"
    text += f" = {kept.uncapped}"
    if labels := named(kept.counted):
        text += f" ({labels})"
    if kept.vp != kept.uncapped:
        text += f"; the card pays at most {card.most_vp}"
    others = [f"{c.card.name} ({c.vp})" for c in scores if not c.scored]
    if others:
        text += f"; chosen over {join_names(others)}"
    spaces = [space for counted in kept.counted for space in counted.spaces]
    return line.explained(text + doubled, spaces)


def tiles_line(line: Line) -> Explanation:
    text = f"Tiles, all rows: {added([str(vp) for vp in line.pad.rows], line.points)}"
    if line.tally is None:
        return line.explained(text)
    return line.explained(text, (tile.space for row in line.tally.rows for tile in row))


def row_line(line: Line) -> Explanation:
    row = int(line.key.removeprefix("row_"))
    if line.tally is None:
        return line.explained(f"Row {row}: {from_the_pad(line.points)}")
    tiles = line.tally.rows[row - 1]
    text = f"Row {row}: {added([tile.term for tile in tiles], line.points)}"
    spaces = [tile.space for tile in tiles]
    if line.tally.left_out_spaces & set(ROWS[row]):
        text += f" ({line.tally.left_out_color} corals left out, scenario 15)"
    return line.explained(text, spaces)


def different_sealife_line(line: Line) -> Explanation:
    types = line.pad.different_sealife
    text = f"Different completed Sealife: {plural(types, 'type')} × {DIFFERENT_SEALIFE_VP}"
    text += f" = {line.points}"
    if line.tally is None:
        return line.explained(text)
    codes = line.tally.sealife_types
    return line.explained(f"{text} ({', '.join(codes)})", codes.values())


def incomplete_fish_line(line: Line) -> Explanation:
    if line.tally is None:
        return line.explained(f"Incomplete Fish: {from_the_pad(line.points)}")
    fish = line.tally.fish
    each = [INCOMPLETE_FISH_VP * len(f.corals) for f in fish]
    text = f"Incomplete Fish: {added([str(vp) for vp in each], sum(each))}"
    text += f" ({INCOMPLETE_FISH_VP} per adjacent Completed Coral Tile)"
    bonus = line.points - sum(each)
    if bonus:
        text += (
            f", + {bonus} for those of the fish's own color "
            f"(modified rule {SAME_COLOR_FISH_BONUS_RULE}) = {line.points}"
        )
    spaces = [space for f in fish for space in f.corals]
    return line.explained(text, spaces, tuple(f.bubble for f in fish))


def lionfish_line(line: Line) -> Explanation:
    fish = line.pad.lionfish
    text = (
        f"Lionfish card: {fish} Fish, the first {FREE_LIONFISH} free: "
        f"{fish - FREE_LIONFISH} × {MINUS}{LIONFISH_PENALTY} = {MINUS}{-line.points}"
    )
    return line.explained(text)


LINES: dict[str, Callable[[Line], Explanation]] = {
    "orange": card_line,
    "blue": card_line,
    "tiles": tiles_line,
    **{f"row_{row}": row_line for row in ROWS},
    "different_sealife": different_sealife_line,
    "incomplete_fish": incomplete_fish_line,
    "lionfish": lionfish_line,
}


def explain(
    play: ShallowSeaInput,
    lines: dict[str, int],
    pad: PaperSheet,
    tally: OceanTally | None,
) -> list[Explanation]:
    """One explanation per line that scores or loses points, in the breakdown's order,
    then the tie-break."""
    explained = [
        LINES[key](Line(play, key, points, pad, tally)) for key, points in lines.items() if points
    ]
    return explained + tiebreak_explanations({"seashells": pad.seashells}, INFO.tiebreaks)
