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

from games.contract import Explanation
from games.explain import tiebreak_explanations
from games.shallow_sea.data import (
    CARDS,
    COLOR_NAMES,
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
from games.words import Joined, Value, Words, and_list, known, listed, ngettext_lazy
from games.words import gettext_lazy as _

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


def named(counted: Iterable[Counted]) -> Value:
    """The labels of what a card counted: "red, 2 yellow, purple"; one label said once."""
    counts = Counter(c.label for c in counted if c.label)  # in the order first counted
    if len(counts) <= 1:
        return next(iter(counts), "")
    return listed(
        (label if n == 1 else _("{count} {label}").format(count=n, label=label))
        for label, n in counts.items()
    )


def from_the_pad(vp: int) -> Value:
    return ngettext_lazy("{count} VP from the score pad", "{count} VPs from the score pad", vp)


@dataclass(frozen=True)
class Line:
    """What one breakdown line's explanation reads."""

    play: ShallowSeaInput
    key: str
    points: int
    pad: PaperSheet
    tally: OceanTally | None  # None for a paper sheet: nothing on a board to point at

    def explained(
        self, text: Value, spaces: Iterable[str] = (), bubbles: tuple[str, ...] = ()
    ) -> Explanation:
        return Explanation(self.key, text, self.points, in_reading_order(set(spaces)), bubbles)


def card_line(line: Line) -> Explanation:
    color = line.key
    doubled: Value = ""
    if color == "orange" and line.play.plays_scenario(DOUBLE_ORANGE_SCENARIO):
        doubled = _("; doubled by scenario {number}: 2 × {half} = {points}").format(
            number=DOUBLE_ORANGE_SCENARIO, half=line.points // 2, points=line.points
        )
    if line.tally is None:
        cards = [CARDS[color][number] for number in getattr(line.play.setup, color)]
        name: Value = cards[0].name
        if len(cards) > 1:
            name = _("{card} (the better of {cards})").format(
                card=known(INFO.category_label(color)), cards=and_list([c.name for c in cards])
            )
        pad = from_the_pad(getattr(line.pad, color))
        return line.explained(_("{card}: {pad}").format(card=name, pad=pad) + doubled)
    scores = [c for c in line.tally.cards if c.card.color == color]
    kept = next(c for c in scores if c.scored)
    card = kept.card
    text: Words | Joined = _("{card}: {counted} × {each} = {points}").format(
        card=card.name,
        counted=card.counts.of(len(kept.counted)),
        each=card.vp_each,
        points=kept.uncapped,
    )
    if labels := named(kept.counted):
        text = text + " (" + labels + ")"
    if kept.vp != kept.uncapped:
        text = text + _("; the card pays at most {most}").format(most=kept.vp)
    others = [f"{c.card.name} ({c.vp})" for c in scores if not c.scored]
    if others:
        text = text + _("; chosen over {cards}").format(cards=and_list(others))
    spaces = [space for counted in kept.counted for space in counted.spaces]
    return line.explained(text + doubled, spaces)


def tiles_line(line: Line) -> Explanation:
    text = _("Tiles, all rows: {sum}").format(
        sum=added([str(vp) for vp in line.pad.rows], line.points)
    )
    if line.tally is None:
        return line.explained(text)
    return line.explained(text, (tile.space for row in line.tally.rows for tile in row))


def row_line(line: Line) -> Explanation:
    row = int(line.key.removeprefix("row_"))
    row_is = _("Row {number}: {points}")
    if line.tally is None:
        return line.explained(row_is.format(number=row, points=from_the_pad(line.points)))
    tiles = line.tally.rows[row - 1]
    text: Words | Joined = row_is.format(
        number=row, points=added([t.term for t in tiles], line.points)
    )
    spaces = [tile.space for tile in tiles]
    if line.tally.left_out_spaces & set(ROWS[row]):
        left_out = COLOR_NAMES[str(line.tally.left_out_color)]
        text = text + _(" ({color} corals left out, scenario 15)").format(color=left_out)
    return line.explained(text, spaces)


def different_sealife_line(line: Line) -> Explanation:
    types = line.pad.different_sealife
    text = _("Different completed Sealife: {types} × {each} = {points}").format(
        types=ngettext_lazy("{count} type", "{count} types", types),
        each=DIFFERENT_SEALIFE_VP,
        points=line.points,
    )
    if line.tally is None:
        return line.explained(text)
    codes = line.tally.sealife_types
    return line.explained(text + f" ({', '.join(codes)})", codes.values())


def incomplete_fish_line(line: Line) -> Explanation:
    if line.tally is None:
        return line.explained(_("Incomplete Fish: {pad}").format(pad=from_the_pad(line.points)))
    fish = line.tally.fish
    each = [INCOMPLETE_FISH_VP * len(f.corals) for f in fish]
    text: Words | Joined = _(
        "Incomplete Fish: {sum} ({each} per adjacent Completed Coral Tile)"
    ).format(sum=added([str(vp) for vp in each], sum(each)), each=INCOMPLETE_FISH_VP)
    bonus = line.points - sum(each)
    if bonus:
        text = text + _(
            ", + {bonus} for those of the fish's own color (modified rule {rule}) = {points}"
        ).format(bonus=bonus, rule=SAME_COLOR_FISH_BONUS_RULE, points=line.points)
    spaces = [space for f in fish for space in f.corals]
    return line.explained(text, spaces, tuple(f.bubble for f in fish))


def lionfish_line(line: Line) -> Explanation:
    fish = line.pad.lionfish
    text = ngettext_lazy(
        "Lionfish card: {count} Fish, the first {free} free: {charged} × {penalty} = {points}",
        "Lionfish card: {count} Fish, the first {free} free: {charged} × {penalty} = {points}",
        fish,
    ).format(
        free=FREE_LIONFISH,
        charged=fish - FREE_LIONFISH,
        penalty=f"{MINUS}{LIONFISH_PENALTY}",
        points=f"{MINUS}{-line.points}",
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
