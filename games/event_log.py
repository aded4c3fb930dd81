"""What games scored during play share: the two ways of entering a game and the event log.

Such a game takes its input either as ``"entry": "counts"`` (each
player's numbers at the end, read off the table) or as ``"entry": "log"`` (every
scoring event as it happened, then a ``"final"`` tally). A log still in progress
has no ``"final"`` yet and scores as running totals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial as bind
from typing import Any

from games.contract import (
    Errors,
    Explanation,
    GameInfo,
    PlayerScore,
    Sheet,
    make_sheet,
    rank_players,
)
from games.explain import Part, line_explanation
from games.words import Value, and_list, join
from games.words import gettext_lazy as _

ENTRIES = {
    "counts": _("each player's numbers at the end of the game"),
    "log": _("every scoring event as it happens"),
}

ENTRY_KEYS = {"counts": ("counts",), "log": ("events", "final")}
# The breakdown row of a counts entry: everything scored during play, in one number.
POINTS_HELD = "points"

RUNNING_NOTE = _("The game is still going: these are running totals, and no one has won yet.")

# Reads one event: (errors, the event's JSON, its field path, its label) -> event.
type EventParser[T] = Callable[[Errors, Mapping[str, Any], str, Value], T]
# Reads one player's end-of-game entry: (errors, JSON, field path, name, *, with_points)
# -> (points scored during play, 0 unless with_points; the rest of the entry).
type EndReader[End] = Callable[..., tuple[int, End]]


@dataclass(frozen=True)
class GameEntry[E, End]:
    """A game as entered: counts, or a log of events ``E``, with end-of-game numbers ``End``."""

    mode: str  # "counts" or "log"
    points_held: Mapping[str, int]  # counts: points scored during play; empty for a log
    events: tuple[E, ...]  # log, oldest first; empty for counts
    end: Mapping[str, End]  # empty while a log has no final tally
    complete: bool  # every player's end-of-game numbers are in


def parse_game_entry[E, End](
    errors: Errors,
    data: Mapping[str, Any],
    names: Sequence[str],
    *,
    game_name: str,
    other_keys: Sequence[str],
    event_parsers: Mapping[str, EventParser[E]],
    read_end: EndReader[End],
    partial: bool,
) -> GameEntry[E, End]:
    """Read ``entry`` and its fields; ``other_keys`` are the game's own top-level fields.

    An unknown entry mode raises InvalidInput at once: nothing else can be read then.
    """
    mode = data.get("entry")
    if not isinstance(mode, str) or mode not in ENTRIES:
        choices = join(
            (
                _("'{entry}' ({meaning})").format(entry=entry, meaning=meaning)
                for entry, meaning in ENTRIES.items()
            ),
            _("; or "),
        )
        errors.add(
            "entry", _("Choose how the scores are entered: {choices}.").format(choices=choices)
        )
        errors.raise_if_any()
    assert isinstance(mode, str)  # raise_if_any raised otherwise
    errors.unknown_keys(
        data,
        ("players", "entry", *ENTRY_KEYS[mode], *other_keys),
        "",
        _("A {game} game entered as {mode}").format(game=game_name, mode=mode),
    )
    if mode == "counts":
        counts, complete = per_player(
            errors, data.get("counts"), names, "counts", _("Counts"), read_end, partial=partial
        )
        points_held = {name: points for name, (points, _) in counts.items()}
        end = {name: player_end for name, (_, player_end) in counts.items()}
        return GameEntry(mode, points_held, (), end, complete)
    events = tuple(parse_events(errors, data.get("events"), event_parsers))
    if data.get("final") is None and partial:
        return GameEntry(mode, {}, events, {}, False)
    final, complete = per_player(
        errors,
        data.get("final"),
        names,
        "final",
        _("Final tally"),
        bind(read_end, with_points=False),
        partial=partial,
    )
    end = {name: player_end for name, (_, player_end) in final.items()}
    return GameEntry(mode, {}, events, end, complete)


def player_ref(errors: Errors, value: Any, names: Sequence[str], where: str, what: Value) -> str:
    """The name of a player in the game, as an event names them."""
    name = value.strip() if isinstance(value, str) else ""
    if not name:
        errors.add(where, _("{what}: say which player.").format(what=what))
    elif name not in names:
        _not_playing(errors, name, names, where, what)
    return name


def player_counts(
    errors: Errors, value: Any, names: Sequence[str], where: str, what: Value, counted: Value
) -> dict[str, int]:
    """A count of ``counted`` for every player; players left out have 0."""
    raw = errors.mapping(value, where, what)
    counts = dict.fromkeys(names, 0)
    for key, raw_count in raw.items():
        if key in names:
            counts[key] = errors.count(
                raw_count,
                f"{where}.{key}",
                _("{what}: {name}'s {counted}").format(what=what, name=key, counted=counted),
            )
        else:
            _not_playing(errors, key, names, f"{where}.{key}", what)
    return counts


def required_count(
    errors: Errors, raw: Mapping[str, Any], key: str, where: str, what: Value, *, minimum: int = 0
) -> int:
    """A whole number an event cannot do without (a missing count is an error, not 0)."""
    if raw.get(key) is None:
        errors.add(
            f"{where}.{key}",
            _("{what} is missing: enter a whole number, at least {minimum}.").format(
                what=what, minimum=minimum
            ),
        )
        return 0
    return errors.count(raw[key], f"{where}.{key}", what, minimum=minimum)


def per_player[T](
    errors: Errors,
    value: Any,
    names: Sequence[str],
    where: str,
    what: Value,
    parse_one: Callable[[Errors, Any, str, str], T],
    *,
    partial: bool,
) -> tuple[dict[str, T], bool]:
    """Each player's entry under ``value``, and whether every player has one.

    ``parse_one(errors, raw, where, name)`` reads one player's entry; a player
    left out (allowed only while a game is being entered) is read from None.
    """
    if value is None and not partial:
        errors.add(
            where,
            _("{what} is missing: enter it for {names}.").format(what=what, names=and_list(names)),
        )
    raw = errors.mapping(value, where, what)
    for key in raw:
        if key not in names:
            _not_playing(errors, key, names, f"{where}.{key}", what)
    for name in names:
        if name not in raw and isinstance(value, Mapping) and not partial:
            errors.add(
                f"{where}.{name}",
                _("{what}: nothing is entered for {name}.").format(what=what, name=name),
            )
    entries = {name: parse_one(errors, raw.get(name), f"{where}.{name}", name) for name in names}
    return entries, all(name in raw for name in names)


def parse_events[T](errors: Errors, value: Any, parsers: Mapping[str, EventParser[T]]) -> list[T]:
    """The logged events, oldest first; an unreadable one is left out and its errors kept."""
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add("events", _("Events must be a list, oldest first."))
        return []
    events = (
        parse_event_with(
            errors, raw, f"events[{index}]", _("Event {number}").format(number=index + 1), parsers
        )
        for index, raw in enumerate(value)
    )
    return [event for event in events if event is not None]


def parse_event_with[T](
    errors: Errors, value: Any, where: str, label: Value, parsers: Mapping[str, EventParser[T]]
) -> T | None:
    """One event, read by the parser for its ``type``."""
    if not isinstance(value, Mapping):
        errors.add(where, _("{label} must be an object with a type.").format(label=label))
        return None
    kind = value.get("type")
    parser = parsers.get(kind) if isinstance(kind, str) else None
    if parser is None:
        errors.add(
            f"{where}.type",
            _("{label} needs a type, one of: {types}.").format(
                label=label, types=", ".join(parsers)
            ),
        )
        return None
    return parser(errors, value, where, label)


def tally_play[E](
    entry: GameEntry[E, Any],
    players: Sequence[str],
    categories: Sequence[str],
    points_of: Callable[[E], dict[str, int]],
    category_of: Mapping[type, str],
) -> tuple[dict[str, dict[str, int]], list[dict[str, int]]]:
    """Each player's breakdown over ``categories`` from what was scored during play, and
    the points of each logged event."""
    breakdowns = {name: dict.fromkeys(categories, 0) for name in players}
    for name, held in entry.points_held.items():
        breakdowns[name][POINTS_HELD] = held
    points_per_event: list[dict[str, int]] = []
    for event in entry.events:
        points = points_of(event)
        add_points(breakdowns, category_of[type(event)], points)
        points_per_event.append(points)
    return breakdowns, points_per_event


def scored_events[E](
    entry: GameEntry[E, Any],
    points_per_event: Sequence[Mapping[str, int]],
    name: str,
    category_of: Mapping[type, str],
) -> dict[str, list[tuple[int, E, int]]]:
    """The events that changed one player's score, by the breakdown line they count on:
    (the event's 1-based position in the log, the event, the player's points from it)."""
    lines: dict[str, list[tuple[int, E, int]]] = {}
    for number, (event, points) in enumerate(zip(entry.events, points_per_event, strict=True), 1):
        if points.get(name):
            lines.setdefault(category_of[type(event)], []).append((number, event, points[name]))
    return lines


def explain_lines(
    info: GameInfo,
    player: PlayerScore,
    parts: Mapping[str, Sequence[Part]],
    events: Mapping[str, Sequence[tuple[int, Any, int]]],
) -> list[Explanation]:
    """One explanation per line of the player's that scores or loses points, from its parts,
    naming the logged events that scored on it (``scored_events``); lines typed at the end
    name none."""
    return [
        line_explanation(
            key,
            info.category_label(key),
            parts[key],
            events=[number for number, _, _ in events.get(key, [])],
        )
        for key, value in player.breakdown.items()
        if value
    ]


def add_points(
    breakdowns: Mapping[str, dict[str, int]], category: str, points: Mapping[str, int]
) -> None:
    for name, gained in points.items():
        breakdowns[name][category] += gained


def scoring_players(points: Mapping[str, int]) -> dict[str, int]:
    """Only the players whose score an event changes, as the log shows it ("+16 Ana")."""
    return {name: gained for name, gained in points.items() if gained}


def finish_sheet(
    info: GameInfo,
    players: list[PlayerScore],
    entry: GameEntry[Any, Any],
    points_per_event: list[dict[str, int]],
) -> Sheet:
    """The ranked sheet, or running totals while the end-of-game tally is missing.

    Running totals rank on points alone: tie-breaks such as unplayed tiles are
    only known once the game has ended.
    """
    extra: dict[str, Any] = {}
    if entry.mode == "log":
        extra["event_points"] = points_per_event
    if entry.complete:
        return make_sheet(info, players, extra, complete=True)
    rank_players(players, ())
    return Sheet(info.slug, players, [], [RUNNING_NOTE], extra, complete=False)


def _not_playing(
    errors: Errors, key: Any, names: Sequence[str], field_path: str, what: Value
) -> None:
    errors.add(
        field_path,
        _("{what}: '{name}' is not playing; the players are {names}.").format(
            what=what, name=key, names=and_list(names)
        ),
    )
