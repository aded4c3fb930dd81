"""The words of a sheet's explanations, shared by the games (docs/contract.md, ``explain``).

A line's sentence is its label, then one clause per thing that scored on it, then the
sum when there is more than one: "Seastars: round 1, most stars (5) → 6; round 3, second
most stars (4) → 3; 6 + 3 = 9". Games write their own clauses; how a place in a majority,
a split award and a sum are worded lives here once, so every game says them alike. The
sentences are ``games.words`` values: read in the reader's language (docs/languages.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.contract import Explanation, Tiebreak
from games.majority import Majority
from games.words import Value, Words, join, known, pgettext_lazy
from games.words import gettext_lazy as _

CLAUSES_APART = pgettext_lazy("between the clauses of an explanation", "; ")
# A place in a majority, alone or shared: "most stars (5)", "tied for fewest coral cards (1)".
PLACES = {
    ("most", False): _("most {what} ({count})"),
    ("most", True): _("tied for most {what} ({count})"),
    ("second most", False): _("second most {what} ({count})"),
    ("second most", True): _("tied for second most {what} ({count})"),
    ("fewest", False): _("fewest {what} ({count})"),
    ("fewest", True): _("tied for fewest {what} ({count})"),
}


@dataclass(frozen=True)
class Part:
    """One clause of a line's sentence and the points it adds to the line."""

    clause: Value
    points: int


def line_explanation(
    line: str,
    label: str,  # English, marked for translation where it is defined
    parts: Sequence[Part],
    *,
    rounds: Iterable[int] = (),
    events: Iterable[int] = (),
) -> Explanation:
    """The line's sentence from its parts; its points are theirs, summed (so a test can
    hold them against the breakdown)."""
    clauses: list[Value] = [part.clause for part in parts]
    if len(parts) > 1:
        clauses.append(sum_text([part.points for part in parts]))
    return Explanation(
        line,
        _("{label}: {clauses}").format(label=known(label), clauses=join(clauses, CLAUSES_APART)),
        sum(part.points for part in parts),
        rounds=tuple(rounds),
        events=tuple(events),
    )


def times(counted: Words, worth: int) -> Part:
    """So many things at so many points each: ``1 complete set × 10 = 10``, ``3 tokens left
    × 1 = 3``, ``2 tiles × -3 = -6``; ``counted`` is an ``ngettext_lazy`` of the things."""
    points = counted.count * worth
    return Part(
        _("{counted} × {worth} = {points}").format(counted=counted, worth=worth, points=points),
        points,
    )


def sum_text(values: Sequence[int]) -> str:
    """``3 + 5 - 3 = 5``; one value is just itself, none is 0."""
    if len(values) <= 1:
        return str(sum(values))
    terms = [str(values[0])] + [f"- {-v}" if v < 0 else f"+ {v}" for v in values[1:]]
    return f"{' '.join(terms)} = {sum(values)}"


def standing(place: str, what: Words, count: int, *, ways: int) -> Words:
    """``most stars (5)``, ``tied for second most creatures (2)``: ``ways`` players hold it.
    ``place`` is "most", "second most" or "fewest"."""
    return PLACES[place, ways > 1].format(what=what, count=count)


def majority_place(majority: Majority, name: str) -> tuple[str, int] | None:
    """The player's place in a majority and how many share it: ("most", 1),
    ("second most", 3); None for a player in neither place."""
    for place, holders in (("most", majority.leaders), ("second most", majority.runners_up)):
        if name in holders:
            return place, len(holders)
    return None


def share(award: Sequence[int], ways: int, points: int) -> Value:
    """What a player takes of ``award`` (its sum; more than one value when awards are added
    together) shared ``ways`` ways, to follow a ``standing``: `` → 6``, ``, 6 split 2 ways
    → 3``, ``, 8 + 4 = 12 split 3 ways, rounded up → 4``, ``, 3 split 2 ways, remainder
    dropped → 1``."""
    if ways == 1:
        return f" → {points}"
    total = sum(award)
    if abs(points) * ways > abs(total):
        split = _(", {award} split {ways} ways, rounded up → {points}")
    elif abs(points) * ways < abs(total):
        split = _(", {award} split {ways} ways, remainder dropped → {points}")
    else:
        split = _(", {award} split {ways} ways → {points}")
    return split.format(award=sum_text(award), ways=ways, points=points)


def tiebreak_explanations(
    values: Mapping[str, int],
    tiebreaks: Sequence[Tiebreak],
    *,
    terms: dict[str, Sequence[int]] | None = None,
    rounds: dict[str, Iterable[int]] | None = None,
) -> list[Explanation]:
    """One per tie-break the player's sheet holds (``values``; 0 included: it is what a tie is broken
    on), in the game's order: "Tie-break, most coral cards: 1 + 1 = 2".

    ``terms`` gives a tie-break's value as the counts it adds up, ``rounds`` where it came
    from."""
    terms, rounds = terms or {}, rounds or {}
    return [
        Explanation(
            tiebreak.key,
            _("Tie-break, {label}: {values}").format(
                label=known(tiebreak.label),
                values=sum_text(terms.get(tiebreak.key, [values[tiebreak.key]])),
            ),
            values[tiebreak.key],
            rounds=tuple(rounds.get(tiebreak.key, ())),
            tiebreak=True,
        )
        for tiebreak in tiebreaks
        if tiebreak.key in values
    ]
