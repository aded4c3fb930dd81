"""What the result page shows of a finished play, beyond the stored numbers: the podium
(places, shared places and the tie-break sentence beside the players it separated), each
player's points as a bar by category, and the breakdown table whose every cell links to
that line's explanation.

Explanations are not stored with a result: they are worked out again from the stored
entries by the game's own pure function, so plays finished before there were
explanations are explained too, and the words follow the game module as it is now.
It costs 2–5 ms a play on the demo's plays, and one more query for a game read from a
log; a play whose entries no longer score still shows its stored numbers.

The podium lists places best first, a shared place's players together; players level on
points carry a mark, and the tie-break sentence from ``Play.notes`` sits under the last
of them (``games.contract.tied_totals`` gives the notes' order). The bars stack the
categories that are no other's part (no ``part_of``). Every number of the breakdown links
to the same page with its line selected, ``?line=<key>&player=<position>``; a line's name
selects it for every player; a tie-break's key is ``tiebreak-<key>``, since a tie-break
and a line may share a key (a game may break ties on what a line counts). Without
JavaScript that is a plain link and the page comes back with the line's sentence and the
``selected`` cell; with htmx only the ``breakdown`` partial is sent (``Vary: HX-Request``).
A game that draws its board lights the line's places through its pad's
``explained_board(play, result, explanation)``, a ``Panel``: the shared page names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.contract import Explanation, InvalidInput, Sheet, tied_totals
from scorepad.charts import StackedBars, stacked_bars
from scorepad.models import Play, RatingStep, Result
from scorepad.pads import get_pad


def ordinal(rank: int) -> str:
    """A place in words: "1st", "2nd", "3rd", "4th"."""
    if rank == 1:
        return pgettext("a place", "1st")
    if rank == 2:
        return pgettext("a place", "2nd")
    if rank == 3:
        return pgettext("a place", "3rd")
    return pgettext("a place", "%(rank)sth") % {"rank": rank}


@dataclass
class Place:
    """One step of the podium: the players holding one rank (more than one: shared)."""

    rank: int
    results: list[Result]
    total: int
    tied: bool = False  # level on points with another place: a tie-break parted them
    note: str = ""  # the tie-break sentence, on the last place of the players it is about

    @property
    def shared(self) -> bool:
        return len(self.results) > 1

    @property
    def title(self) -> str:
        if self.rank == 1:
            return _("Shared win") if self.shared else _("Winner")
        if self.shared:
            return _("Shared %(place)s") % {"place": ordinal(self.rank)}
        return ordinal(self.rank)


def podium(results: Sequence[Result], notes: Sequence[str]) -> list[Place]:
    """Places best first; players level on points (and ``notes``, one per such total,
    highest first, as games.contract.rank_players writes them) marked and explained
    beside them."""
    places: list[Place] = []
    for result in sorted(results, key=lambda r: (r.rank or 0, r.position)):
        if places and places[-1].rank == result.rank:
            places[-1].results.append(result)
        else:
            places.append(Place(result.rank or 0, [result], result.total or 0))
    notes_by_total = dict(zip(tied_totals([r.total or 0 for r in results]), notes, strict=False))
    for total, note in notes_by_total.items():
        level = [p for p in places if p.total == total]
        for place in level:
            place.tied = True
        level[-1].note = note
    return places


def line_key(explanation: Explanation) -> str:
    """How a line is named in the page's address (?line=): a tie-break can share its key
    with a breakdown line (a game may break ties on the cards a line counts), so it says
    it is one."""
    return f"tiebreak-{explanation.line}" if explanation.tiebreak else explanation.line


def final_sheet(play: Play, results: Sequence[Result]) -> Sheet | None:
    """The finished play scored again from its stored entries, once for the whole page
    (its explanations, a pad's extras); None when the entries no longer score (the rules
    changed since, say): the stored numbers still show."""
    try:
        return play.score(partial=False, state=play.state(results))
    except InvalidInput:
        return None


def explanations(
    results: Sequence[Result], sheet: Sheet | None
) -> dict[int, dict[str, Explanation]]:
    """Each seat's explanations by line_key; none without a sheet."""
    if sheet is None:
        return {}
    return {
        result.position: {line_key(e): e for e in scored.explain}
        for result, scored in zip(results, sheet.players, strict=True)
    }


@dataclass(frozen=True)
class Cell:
    value: int
    href: str  # "" for a line with nothing to explain
    selected: bool


@dataclass(frozen=True)
class Row:
    label: str
    key: str
    cells: list[Cell]
    sub: bool = False  # a sub-line (a round, a row of a line of all rows)
    href: str = ""  # the line for every player


@dataclass
class Selected:
    """The line asked for (?line=, and ?player= for one seat's): each sentence, and the
    board a game draws for one seat's line (its pad's explained_board)."""

    label: str
    lines: list[tuple[Result, Explanation]]
    board: Any = None
    player: Result | None = None


@dataclass
class Breakdown:
    rows: list[Row]
    tiebreak_rows: list[Row]
    selected: Selected | None = None


def _link(path: str, key: str, position: int | None = None) -> str:
    player = "" if position is None else f"&player={position}"
    return f"{path}?line={key}{player}"


def breakdown(
    play: Play,
    results: Sequence[Result],
    explained: Mapping[int, Mapping[str, Explanation]],
    path: str,
    query: Mapping[str, str],
) -> Breakdown:
    """The breakdown table's lines, each cell linked to its explanation, and the line the
    address selects (an unknown line or player selects none)."""
    info = play.info
    line = query.get("line", "")
    player = query.get("player", "")
    position = int(player) if player.isdigit() else None

    def row(label: str, key: str, values: Sequence[int], sub: bool = False) -> Row:
        cells = []
        for result, value in zip(results, values, strict=True):
            known = key in explained.get(result.position, {})
            cells.append(
                Cell(
                    value,
                    _link(path, key, result.position) if known else "",
                    known and key == line and result.position == position,
                )
            )
        whole = _link(path, key) if any(c.href for c in cells) else ""
        return Row(label, key, cells, sub, whole)

    rows = [
        row(
            str(c.shown_label), c.key, [r.breakdown.get(c.key, 0) for r in results], bool(c.part_of)
        )
        for c in info.categories_for(play.mode)
        if any(c.key in r.breakdown for r in results)
    ]
    tiebreak_rows = [
        row(
            _("Tie-break: %(line)s") % {"line": t.shown_label},
            f"tiebreak-{t.key}",
            [r.tiebreak.get(t.key, 0) for r in results],
            True,
        )
        for t in info.tiebreaks
        if len(results) > 1
    ]
    labels = {r.key: r.label for r in [*rows, *tiebreak_rows]}
    selected = None
    if line in labels:
        chosen = [r for r in results if position is None or r.position == position]
        lines = [
            (r, explained[r.position][line])
            for r in chosen
            if line in explained.get(r.position, {})
        ]
        if lines:
            selected = Selected(labels[line], lines)
            if position is not None:
                result, explanation = lines[0]
                selected.player = result
                pad = get_pad(play.game)
                if pad.explained_board is not None:
                    selected.board = pad.explained_board(play, result, explanation)
    return Breakdown(rows, tiebreak_rows, selected)


def points_chart(play: Play, by_rank: Sequence[Result]) -> StackedBars | None:
    """Each player's points, best first, as one bar by category: the lines that add up
    to the total (a sub-line is in its line already)."""
    categories = [c for c in play.info.categories_for(play.mode) if not c.part_of]
    return stacked_bars(
        [
            (
                r.name,
                r.total or 0,
                [(str(c.shown_label), r.breakdown.get(c.key, 0)) for c in categories],
            )
            for r in by_rank
        ],
        printed={str(c.shown_label): c.colour for c in categories if c.colour},
        seats=[r.seat_colour for r in by_rank],
    )


@dataclass(frozen=True)
class SeatMoved:
    """One seat's score as a correction moved it: each line before and after (in the
    game's words), and its total if that moved."""

    name: str
    lines: list[tuple[str, Any, Any]]
    total: tuple[int | None, int | None] | None


@dataclass(frozen=True)
class CorrectionShown:
    """One change to a finished play as the result page lists it: who, when, what, and
    the seats whose score it moved (none: it moved no point)."""

    by: str
    at: datetime
    what: str
    seats: list[SeatMoved]


def line_label(labels: Mapping[str, str], key: str) -> str:
    number = key.removeprefix("round-")
    if number != key:
        return _("Round %(number)s") % {"number": number}
    return labels.get(key, key)


def corrections(play: Play) -> list[CorrectionShown]:
    """The play's corrections, a change at a time (its rows share who, when and what)."""
    info = play.info
    labels = {c.key: str(c.shown_label) for c in info.categories}
    labels |= {
        f"tiebreak-{t.key}": _("Tie-break: %(line)s") % {"line": t.shown_label}
        for t in info.tiebreaks
    }
    labels["rank"] = _("Place")
    shown: list[CorrectionShown] = []
    for c in play.corrections.select_related("result__player"):
        by, what = c.read_by(), c.read_what()
        if not shown or (shown[-1].at, shown[-1].by, shown[-1].what) != (c.at, by, what):
            shown.append(CorrectionShown(by, c.at, what, []))
        if c.result is not None:
            lines = [(line_label(labels, key), old, new) for key, (old, new) in c.lines.items()]
            moved = c.old_total != c.new_total
            total = (c.old_total, c.new_total) if moved else None
            shown[-1].seats.append(SeatMoved(c.result.name, lines, total))
    return shown


def rating_steps(results: Sequence[Result]) -> list[tuple[Result, RatingStep]]:
    """Each seat's rating before and after this play, in seat order: none for a play
    not rated (solo, or in no group)."""
    steps = {s.result_id: s for s in RatingStep.objects.filter(result__in=results)}
    return [(r, steps[r.pk]) for r in results if r.pk in steps]
