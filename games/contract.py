"""The scoring contract every game module follows.

A game module is pure Python (no Django) and exposes:

- ``INFO``: a :class:`GameInfo` describing the game;
- ``parse(data, *, partial=False)``: turns the game's JSON input into the game's own
  input dataclass or raises :class:`InvalidInput` naming every bad field;
  ``partial=True`` accepts a game still being entered (rules that need the whole
  game, such as card totals of an unfinished round, are not applied);
- ``score(game_input) -> Sheet``.

Shared here: the error type, the sheet, ranking with tie-breaks, and small
validation helpers so every game words its messages the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from games.words import Stored, Value, Words, and_list, join, known, ngettext_lazy, to_stored
from games.words import gettext_lazy as _


@dataclass(frozen=True)
class FieldError:
    """One refusal: the field it is about and the rule it breaks, in games.words."""

    field: str
    words: Value

    @property
    def message(self) -> str:
        """The refusal in the reader's language."""
        return str(self.words)

    def to_json(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


class InvalidInput(Exception):
    """Raised by ``parse``: the input breaks one or more rules."""

    def __init__(self, errors: Sequence[FieldError]):
        super().__init__("; ".join(f"{e.field}: {e.words}" for e in errors))
        self.errors = list(errors)

    def to_json(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.to_json() for e in self.errors]}


class Labelled:
    """Data labelled in English (marked with ``gettext_noop``): ``shown_label`` is the
    label in the reader's language."""

    label: str

    @property
    def shown_label(self) -> Words:
        return known(self.label)


@dataclass(frozen=True)
class Choice(Labelled):
    value: str
    label: str


@dataclass(frozen=True)
class Option(Labelled):
    key: str
    label: str
    choices: tuple[Choice, ...]
    default: str
    help: str = ""


@dataclass(frozen=True)
class Category(Labelled):
    """One breakdown row: its JSON key and the label players see. ``part_of`` names the
    line a sub-line's points are already counted in (a row of a line of all rows), so
    a chart that adds the lines up leaves it out. ``colour``: the colour the card or
    piece the line counts is printed in, if it has one (a chart draws the line in it).
    ``modes``: the modes the line belongs to, if not every mode (a solo mode's own
    penalty, say): in another mode it always holds 0, and a result leaves it out."""

    key: str
    label: str
    part_of: str = ""
    colour: str = ""
    modes: tuple[str, ...] = ()

    def applies_to(self, mode: str) -> bool:
        return not self.modes or mode in self.modes


MOST: Literal["most"] = "most"
FEWEST: Literal["fewest"] = "fewest"


@dataclass(frozen=True)
class Tiebreak(Labelled):
    """One tie-break step, applied in order: the player with the most (or, for
    ``FEWEST``, the fewest) of ``key`` goes ahead."""

    key: str
    label: str  # completes "the tie-break goes to the player with ..."
    direction: Literal["most", "fewest"]

    def ranked(self, value: int) -> int:
        """``value`` as ranking compares it: larger is better."""
        return value if self.direction == MOST else -value


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    min_players: int
    max_players: int
    modes: tuple[str, ...]
    options: tuple[Option, ...]
    categories: tuple[Category, ...]
    tiebreaks: tuple[Tiebreak, ...]
    rulebook: str
    bgg_id: int = 0  # the game's BoardGameGeek id; 0 where none is known

    def default_options(self) -> dict[str, str]:
        return {option.key: option.default for option in self.options}

    def categories_for(self, mode: str) -> tuple[Category, ...]:
        """The breakdown lines a play in ``mode`` has (``Category.modes``)."""
        return tuple(c for c in self.categories if c.applies_to(mode))

    def category_label(self, key: str) -> str:
        return next((c.label for c in self.categories if c.key == key), key)


@dataclass(frozen=True)
class Explanation:
    """Why one line of a player's sheet holds what it does: a sentence in the rulebook's
    words with the arithmetic, and where on the table the points came from.

    ``line`` is a breakdown key (or, with ``tiebreak`` set, a tie-break key); ``points``
    the line's value. Where it came from, as the game's input names it: a board's
    ``spaces`` ("R3C4") and ``bubbles`` (the fish spaces' names as the input gives
    them), the ``rounds`` of a game played in rounds (1-based), a log's ``events``
    (1-based, in the order of the input's events); docs/contract.md says which game
    names which. A line with nothing on the table to point at (a count typed from the
    paper pad) leaves them empty.
    """

    line: str
    text: Value  # games.words: rendered in the reader's language
    points: int
    spaces: tuple[str, ...] = ()
    bubbles: tuple[str, ...] = ()
    rounds: tuple[int, ...] = ()
    events: tuple[int, ...] = ()
    tiebreak: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"line": self.line, "text": str(self.text), "points": self.points}
        for key in ("spaces", "bubbles", "rounds", "events"):
            if value := getattr(self, key):
                data[key] = list(value)
        if self.tiebreak:
            data["tiebreak"] = True
        return data


@dataclass
class PlayerScore:
    name: str
    total: int
    breakdown: dict[str, int]
    tiebreak: dict[str, int]
    rank: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    # One per breakdown line that scores or loses points, then one per tie-break that
    # holds a value, in the breakdown's order.
    explain: list[Explanation] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "breakdown": dict(self.breakdown),
            "tiebreak": dict(self.tiebreak),
            "explain": [e.to_json() for e in self.explain],
            **self.extra,
        }


@dataclass
class Sheet:
    """A scored game. ``complete`` says whether the game is over (every round, every
    player's end-of-game numbers in): a site finishes a play only then, and a sheet not
    complete has no winners yet. Every game says it; it is never left to a default."""

    game: str
    players: list[PlayerScore]
    winners: list[str]
    notes: list[Value]  # games.words
    extra: dict[str, Any] = field(default_factory=dict)
    complete: bool = field(kw_only=True)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "notes": [str(note) for note in self.notes],
            "complete": self.complete,
            **self.extra,
        }

    def stored_notes(self) -> list[Stored]:
        """The notes as a play keeps them, to be read later in each reader's language."""
        return [to_stored(note) for note in self.notes]


NOT_OVER = _("The game is not over yet: no winner yet.")


def make_sheet(
    info: GameInfo,
    players: list[PlayerScore],
    extra: dict[str, Any] | None = None,
    *,
    complete: bool,
    not_over: Value = NOT_OVER,
) -> Sheet:
    """Rank ``players`` (kept in input order) and build the sheet of a game that is over
    (``complete``), or of one not over yet: ranked so far, no winners, and ``not_over``
    first among its notes."""
    notes = rank_players(players, info.tiebreaks)
    if not complete:
        return Sheet(info.slug, players, [], [not_over, *notes], extra or {}, complete=False)
    winners = [p.name for p in players if p.rank == 1]
    return Sheet(info.slug, players, winners, notes, extra or {}, complete=True)


def rank_players(players: list[PlayerScore], tiebreaks: Sequence[Tiebreak]) -> list[Value]:
    """Set standard competition ranks ("1224") and explain every tie-break.

    Players compare on total (more is better), then on each tie-break in order, each
    in its own direction (most or fewest); players equal on all of them share the rank
    (and, at rank 1, the win).
    """

    def key(p: PlayerScore) -> tuple[int, ...]:
        return (p.total, *(t.ranked(p.tiebreak.get(t.key, 0)) for t in tiebreaks))

    for player in players:
        player.rank = 1 + sum(key(other) > key(player) for other in players)

    notes: list[Value] = []
    for total in tied_totals([p.total for p in players]):
        tied = sorted((p for p in players if p.total == total), key=lambda p: p.rank)
        notes.append(_explain_tie(total, tied, tiebreaks))
    return notes


def tied_totals(totals: Sequence[int]) -> list[int]:
    """The totals more than one player holds, highest first (points always count up;
    only tie-breaks may count down): one note each, in this order (so the result page
    puts each note beside the players it is about)."""
    return sorted((t for t, held in Counter(totals).items() if held > 1), reverse=True)


def _explain_tie(total: int, tied: list[PlayerScore], tiebreaks: Sequence[Tiebreak]) -> Value:
    names = and_list([p.name for p in tied])
    if not tiebreaks:
        return ngettext_lazy(
            "{names} tie on {count} point; the rules name no tie-break, so they share the place.",
            "{names} tie on {count} points; the rules name no tie-break, so they share the place.",
            total,
        ).format(names=names)
    steps = join(
        (
            _("{label}: {values}").format(
                label=known(t.label),
                values=join((f"{p.name} {p.tiebreak.get(t.key, 0)}" for p in tied), ", "),
            )
            for t in tiebreaks
        ),
        _("; then "),
    )
    groups = [[p.name for p in tied if p.rank == r] for r in sorted({p.rank for p in tied})]
    outcome: Value
    if len(groups) == 1:
        outcome = _("leaves them level, so they share the place")
    else:
        order = join((and_list(g) for g in groups), _(" ahead of "))
        if any(len(g) > 1 for g in groups):
            outcome = _("puts {order} (players still level share their place)").format(order=order)
        else:
            outcome = _("puts {order}").format(order=order)
    return ngettext_lazy(
        "{names} tie on {count} point; the tie-break ({steps}) {outcome}.",
        "{names} tie on {count} points; the tie-break ({steps}) {outcome}.",
        total,
    ).format(names=names, steps=steps, outcome=outcome)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for words that do not just take an s."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def split_evenly(points: int, ways: int) -> int:
    """Each share of ``points`` split ``ways`` ways, remainder dropped toward zero."""
    share = abs(points) // ways
    return share if points >= 0 else -share


# The largest whole number any count may be. No table comes near it; it stops a slip of
# the finger (or a hostile request) from growing totals past what JSON can print (Python
# refuses to write integers of more than 4300 digits, and sums of read ones can get there).
LARGEST_COUNT = 1_000_000

# The most errors one input is told. A game at a table makes far fewer (four empty
# score sheets, the most found, make 24); past it, the input is not a game being
# entered, and reading on would only cost time and an answer nobody reads.
MOST_ERRORS = 100


class Errors:
    """Collects field errors while parsing, so a player sees every problem at once (the
    first ``MOST_ERRORS`` of them: the next one stops the parse)."""

    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, field_path: str, message: Value) -> None:
        if len(self.items) == MOST_ERRORS:
            more = FieldError(
                "",
                _(
                    "There are more than {most} mistakes; these are the first {most}. "
                    "Correct them and send it again."
                ).format(most=MOST_ERRORS),
            )
            raise InvalidInput([*self.items, more])
        self.items.append(FieldError(field_path, message))

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidInput(self.items)

    def count(
        self,
        value: Any,
        field_path: str,
        what: Value,
        *,
        minimum: int = 0,
        maximum: int | None = None,
    ) -> int:
        """A whole number within bounds (``maximum`` defaults to ``LARGEST_COUNT``);
        records an error and returns 0 when it is not."""
        if maximum is None:
            maximum = LARGEST_COUNT
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                self.add(field_path, _("{what} must be a whole number.").format(what=what))
                return 0
        if value < minimum:
            self.add(
                field_path,
                _("{what} cannot be less than {minimum}.").format(what=what, minimum=minimum),
            )
            return 0
        if value > maximum:
            self.add(
                field_path,
                _("{what} cannot be more than {maximum}.").format(what=what, maximum=maximum),
            )
            return 0
        return value

    def mapping(self, value: Any, field_path: str, what: Value) -> Mapping[str, Any]:
        if value is None:
            return {}
        if type(value) is not dict and not isinstance(value, Mapping):  # dict: no ABC check
            self.add(field_path, _("{what} must be an object of named values.").format(what=what))
            return {}
        return value

    def unknown_keys(
        self, value: Mapping[str, Any], allowed: Iterable[str], field_path: str, what: Value
    ) -> None:
        allowed = list(allowed)
        if value.keys() <= set(allowed):  # the usual case, in one set operation
            return
        for key in value:
            if key not in allowed:
                where = f"{field_path}.{key}" if field_path else str(key)
                self.add(
                    where,
                    _("{what} has no '{key}'; expected one of: {allowed}.").format(
                        what=what, key=key, allowed=", ".join(allowed)
                    ),
                )

    def player_names(self, value: Any, info: GameInfo, field_path: str = "players") -> list[str]:
        """2–N distinct, non-empty names, stripped.

        More players than the game seats stop the parse before any name is read:
        everything else in the input is keyed by the players, so nothing more can be
        checked, and the work stays as small as the game however long the list.
        """
        if not isinstance(value, list):
            self.add(field_path, _("Players must be a list of names."))
            return []
        count = ngettext_lazy(
            "{game} is for {least} to {most} players; {count} was given.",
            "{game} is for {least} to {most} players; {count} were given.",
            len(value),
        ).format(game=info.name, least=info.min_players, most=info.max_players)
        if len(value) > info.max_players:
            self.add(field_path, count)
            self.raise_if_any()
        names: list[str] = []
        seen: set[str] = set()
        for i, raw in enumerate(value):
            name = raw.strip() if isinstance(raw, str) else ""
            if not name:
                self.add(
                    f"{field_path}[{i}]", _("Player {number} needs a name.").format(number=i + 1)
                )
            elif name.casefold() in seen:
                self.add(
                    f"{field_path}[{i}]",
                    _("Two players are called '{name}'; names must differ.").format(name=name),
                )
            seen.add(name.casefold())
            names.append(name)
        if len(value) < info.min_players:
            self.add(field_path, count)
        return names

    def choice(self, value: Any, option: Option, field_path: str) -> str:
        if value is None:
            return option.default
        allowed = [c.value for c in option.choices]
        if value not in allowed:
            self.add(
                field_path,
                _("{option} must be one of: {allowed}.").format(
                    option=known(option.label), allowed=", ".join(allowed)
                ),
            )
            return option.default
        return value
