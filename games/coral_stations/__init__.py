"""Coral Stations: stations by majority, reefs by tiles (shared/rules/coral-stations.txt).

Decisions the rulebook leaves open are settled in docs/games/coral-stations.md.

Input: ``{"players": [...], "entry": "counts" | "log", ..., "open_stations": [...]}``

- counts: ``"counts": {name: {"points", "open_reefs", "shell_tiles", "shoal_tiles"}}``;
- log: ``"events"`` oldest first (``station``, ``surfacing``, ``discard``), then
  ``"final": {name: {"open_reefs", "shell_tiles", "shoal_tiles"}}`` once the game is over.

``open_stations`` (stations never surrounded) are scored at the end either way.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial as bind
from typing import Any

from games.contract import Category, Errors, Explanation, GameInfo, PlayerScore, Sheet
from games.coral_stations.data import (
    CLOWNFISH_POINTS,
    DISCARD_POINTS,
    DIVERS,
    FUNDS_CAP,
    REEF_TILE_POINTS,
    RESEARCH_FUNDS,
    SHELL_TILE_POINTS,
)
from games.event_log import (
    POINTS_HELD,
    GameEntry,
    add_points,
    explain_lines,
    finish_sheet,
    parse_event_with,
    parse_game_entry,
    player_counts,
    player_ref,
    required_count,
    scored_events,
    scoring_players,
    tally_play,
)
from games.explain import Part, majority_place, standing, times
from games.majority import find_majority
from games.words import Value, Words, gettext_noop, ngettext_lazy, pgettext_lazy
from games.words import gettext_lazy as _

# What a station's majority is counted in ("second most coral tiles (2)").
CORAL_TILES = pgettext_lazy("counted for a majority", "coral tiles")
# Counted tiles of any kind ("2 tiles × -3 = -6", "reef of 3 tiles → 3"): ``TILES.of(n)``.
TILES = ngettext_lazy("{count} tile", "{count} tiles", 1)
CLOWNFISH = ngettext_lazy("{count} clownfish", "{count} clownfish", 1)
# A station tile by its two printed values; one still open at the end by its place in
# ``open_stations`` too.
STATION = _("station {high}/{low}")
OPEN_STATION = _("open station {number} ({high}/{low})")
# What a station's majority takes: during play the most take the high value (and a lone
# leader's runners-up the low); at the end, the most take the low value.
# Translators: {station} is "station 6/3" or "open station 2 (6/3)"; {standing} is
# "most coral tiles (4)", "tied for second most coral tiles (2)" and the like.
HIGH_VALUE_TAKEN = _("{station}, {standing} → the high value, {points}")
# Translators: as for "the high value" just before.
LOW_VALUE_TAKEN = _("{station}, {standing} → the low value, {points}")

INFO = GameInfo(
    slug="coral-stations",
    name="Coral Stations",
    min_players=2,
    max_players=4,
    modes=("counts", "log"),
    options=(),
    categories=(
        Category("stations", gettext_noop("Surrounded stations")),
        Category("surfacing", gettext_noop("Reefs closed by surfacing")),
        Category("discards", gettext_noop("Discarded coral tiles")),
        Category("points", gettext_noop("Points scored during play")),
        Category("open_stations", gettext_noop("Open stations at the end")),
        Category("open_reefs", gettext_noop("Open reefs at the end")),
        Category("shells", gettext_noop("Shell tiles")),
        Category("shoals", gettext_noop("Shoal tiles")),
    ),
    # The rulebook names no tie-break: tied players share the place.
    tiebreaks=(),
    rulebook="coral-stations.txt",
)

END_CATEGORIES = ("open_stations", "open_reefs", "shells", "shoals")
# The breakdown rows each way of entering a game can tell apart.
ENTRY_CATEGORIES = {
    "counts": (POINTS_HELD, *END_CATEGORIES),
    "log": ("stations", "surfacing", "discards", *END_CATEGORIES),
}
END_FIELDS = ("open_reefs", "shell_tiles", "shoal_tiles")
STATION_FIELDS = ("high", "low", "tiles")


@dataclass(frozen=True)
class Reef:
    tiles: int
    clownfish: int  # tiles showing a clownfish


@dataclass(frozen=True)
class Station:
    """A station's printed values and each player's coral tiles in reefs next to it (0: none)."""

    high: int
    low: int
    tiles: Mapping[str, int]


@dataclass(frozen=True)
class Surfacing:
    """A player closes one or more of their reefs."""

    player: str
    reefs: tuple[Reef, ...]


@dataclass(frozen=True)
class Discard:
    """Coral tiles a player took but did not plant."""

    player: str
    tiles: int


# A station event is one surrounded during play; stations still open come at the end.
Event = Station | Surfacing | Discard

EVENT_CATEGORY = {Station: "stations", Surfacing: "surfacing", Discard: "discards"}


@dataclass(frozen=True)
class PlayerEnd:
    """What one player still has when the game ends."""

    open_reefs: tuple[Reef, ...]
    shell_tiles: int
    shoal_tiles: tuple[int, ...]  # printed values


@dataclass(frozen=True)
class CoralStationsInput:
    players: tuple[str, ...]
    entry: GameEntry[Event, PlayerEnd]
    open_stations: tuple[Station, ...]


@dataclass(frozen=True)
class ResearchFunds:
    income: int
    holdings: int  # money after surfacing, never above the cap
    forfeited: int  # income lost to the cap


@dataclass(frozen=True)
class ReefKind:
    """How a refusal names a list of reefs and one reef of it, after their ``owner``: a
    player's name ("Ana, open reef 1") or an event ("Event 2, closed reef 1")."""

    not_a_list: Words
    one: Words


OPEN_REEFS = ReefKind(
    _("{owner}: open reefs must be a list of reefs, each with its tiles and clownfish."),
    _("{owner}, open reef {number}"),
)
CLOSED_REEFS = ReefKind(
    _("{owner}: closed reefs must be a list of reefs, each with its tiles and clownfish."),
    _("{owner}, closed reef {number}"),
)


def parse(data: Any, *, partial: bool = False) -> CoralStationsInput:
    errors = Errors()
    data = errors.mapping(data, "", _("The game"))
    names = errors.player_names(data.get("players"), INFO)
    entry = parse_game_entry(
        errors,
        data,
        names,
        game_name=INFO.name,
        other_keys=("open_stations",),
        event_parsers=_event_parsers(names),
        read_end=_parse_player_end,
        partial=partial,
    )
    open_stations = _parse_open_stations(errors, data.get("open_stations"), names)
    errors.raise_if_any()
    return CoralStationsInput(tuple(names), entry, open_stations)


def parse_event(data: Any, players: Sequence[str]) -> Event:
    """One event on its own, as the log's entry form sends it; raises InvalidInput."""
    errors = Errors()
    event = parse_event_with(errors, data, "event", _("The event"), _event_parsers(players))
    errors.raise_if_any()
    assert event is not None  # parse_event_with recorded an error otherwise
    return event


def score(game: CoralStationsInput) -> Sheet:
    breakdowns, points_per_event = tally_play(
        game.entry, game.players, ENTRY_CATEGORIES[game.entry.mode], event_points, EVENT_CATEGORY
    )
    for station in game.open_stations:
        add_points(breakdowns, "open_stations", open_station_award(station.low, station.tiles))
    for name, end in game.entry.end.items():
        # Lines no event scores: what is left at the end is all they hold.
        breakdowns[name]["open_reefs"] = sum(reef_points(reef) for reef in end.open_reefs)
        breakdowns[name]["shells"] = end.shell_tiles * SHELL_TILE_POINTS
        breakdowns[name]["shoals"] = sum(end.shoal_tiles)
    players = [
        PlayerScore(name, sum(breakdowns[name].values()), breakdowns[name], tiebreak={})
        for name in game.players
    ]
    for player in players:
        player.explain = explain(game, player, points_per_event)
    return finish_sheet(INFO, players, game.entry, points_per_event)


def event_points(event: Event) -> dict[str, int]:
    """What one logged event scores, for the players it scores for ("+5 Ana, +2 Ben")."""
    match event:
        case Station():
            points = surrounded_station_award(event.high, event.low, event.tiles)
        case Surfacing():
            points = {event.player: sum(reef_points(reef) for reef in event.reefs)}
        case Discard():
            points = {event.player: event.tiles * DISCARD_POINTS}
    return scoring_players(points)


def surrounded_station_award(high: int, low: int, tiles: Mapping[str, int]) -> dict[str, int]:
    """Points for each player in ``tiles`` when a station is surrounded during play.

    Everyone tied for most coral tiles takes the high value and no one the low;
    a single leader takes the high value and everyone tied for second the low.
    """
    majority = find_majority(tiles)
    points = dict.fromkeys(tiles, 0)
    for name in majority.leaders:
        points[name] = high
    for name in majority.runners_up:
        points[name] = low
    return points


def open_station_award(low: int, tiles: Mapping[str, int]) -> dict[str, int]:
    """Points for each player in ``tiles`` for a station still open when the game ends:
    everyone tied for most coral tiles takes the low value, no one else scores."""
    points = dict.fromkeys(tiles, 0)
    for name in find_majority(tiles).leaders:
        points[name] = low
    return points


def reef_points(reef: Reef) -> int:
    return reef.tiles * REEF_TILE_POINTS + reef.clownfish * CLOWNFISH_POINTS


# --- Explanations (docs/games/coral-stations.md, "Explanations") --------------------------------


def explain(
    game: CoralStationsInput, player: PlayerScore, points_per_event: Sequence[Mapping[str, int]]
) -> list[Explanation]:
    """Each line that scores, naming the logged events it came from (what is entered at the
    end names none). The rulebook has no tie-break, so there is none to explain."""
    name = player.name
    events = scored_events(game.entry, points_per_event, name, EVENT_CATEGORY)
    parts = {
        "stations": [
            _station_part(STATION.format(high=event.high, low=event.low), event, name, points)
            for _, event, points in events.get("stations", [])
            if isinstance(event, Station)
        ],
        "surfacing": [
            _reef_part(reef)
            for _, event, _ in events.get("surfacing", [])
            if isinstance(event, Surfacing)
            for reef in event.reefs
        ],
        "discards": [
            times(TILES.of(event.tiles), DISCARD_POINTS)
            for _, event, _ in events.get("discards", [])
            if isinstance(event, Discard)
        ],
        "open_stations": [
            _station_part(
                OPEN_STATION.format(number=number, high=station.high, low=station.low),
                station,
                name,
                points,
                open_at_end=True,
            )
            for number, station in enumerate(game.open_stations, 1)
            if (points := open_station_award(station.low, station.tiles)[name])
        ],
    }
    if name in game.entry.points_held:  # counts, not a log
        held = game.entry.points_held[name]
        parts[POINTS_HELD] = [Part(_("{points} on the score track").format(points=held), held)]
    if name in game.entry.end:  # a log still being entered has no end yet
        end = game.entry.end[name]
        shoals = end.shoal_tiles
        parts["open_reefs"] = [_reef_part(reef) for reef in end.open_reefs]
        parts["shells"] = [times(TILES.of(end.shell_tiles), SHELL_TILE_POINTS)]
        shoal_clause = ngettext_lazy(
            "{count} tile printed {printed} = {points}",
            "{count} tiles printed {printed} = {points}",
            len(shoals),
        ).format(printed=" + ".join(map(str, shoals)), points=sum(shoals))
        parts["shoals"] = [Part(shoal_clause, sum(shoals))]
    return explain_lines(INFO, player, parts, events)


def _station_part(
    label: Value, station: Station, name: str, points: int, *, open_at_end: bool = False
) -> Part:
    """``station 6/3, tied for second most coral tiles (2) → the low value, 3``: during play
    the most take the high value; at the end, the low."""
    place = majority_place(find_majority(station.tiles), name)
    assert place is not None  # the player scored on this station
    where, ways = place
    taken = HIGH_VALUE_TAKEN if where == "most" and not open_at_end else LOW_VALUE_TAKEN
    clause = taken.format(
        station=label,
        standing=standing(where, CORAL_TILES, station.tiles[name], ways=ways),
        points=points,
    )
    return Part(clause, points)


def _reef_part(reef: Reef) -> Part:
    """``reef of 3 tiles + 1 clownfish → 4``: a point per coral tile, one more per clownfish."""
    points = reef_points(reef)
    tiles = TILES.of(reef.tiles)
    if not reef.clownfish:
        return Part(_("reef of {tiles} → {points}").format(tiles=tiles, points=points), points)
    clause = _("reef of {tiles} + {clownfish} → {points}").format(
        tiles=tiles, clownfish=CLOWNFISH.of(reef.clownfish), points=points
    )
    return Part(clause, points)


def research_funds(divers_on_board: int | None, money_before: int | None) -> ResearchFunds:
    """Money after surfacing, from the divers on the player board once the reefs are closed.

    Checks its input like ``parse`` (fields ``divers_on_board`` and ``money_before``)
    and raises InvalidInput, so a form can send what the player typed.
    """
    errors = Errors()
    if divers_on_board is None:
        errors.add("divers_on_board", _("Enter the divers on your player board after surfacing."))
    divers = errors.count(
        divers_on_board,
        "divers_on_board",
        _("Divers on your player board after surfacing"),
        minimum=1,
        maximum=DIVERS,
    )
    money = errors.count(
        money_before, "money_before", _("Money before surfacing"), maximum=FUNDS_CAP
    )
    errors.raise_if_any()
    income = RESEARCH_FUNDS[divers]
    holdings = min(money + income, FUNDS_CAP)
    return ResearchFunds(income, holdings, money + income - holdings)


def _parse_player_end(
    errors: Errors, value: Any, where: str, name: str, *, with_points: bool = True
) -> tuple[int, PlayerEnd]:
    """One player's points scored during play (counts entry only) and end-of-game holdings."""
    label = _("{name}'s entry").format(name=name)
    raw = errors.mapping(value, where, label)
    errors.unknown_keys(raw, ("points", *END_FIELDS) if with_points else END_FIELDS, where, label)
    # Discards cost points, so a player can stand below zero.
    points = errors.count(
        raw.get("points"),
        f"{where}.points",
        _("{name}'s points scored during play").format(name=name),
        minimum=-sys.maxsize,
    )
    open_reefs = _parse_reefs(
        errors, raw.get("open_reefs"), f"{where}.open_reefs", name, OPEN_REEFS
    )
    if len(open_reefs) > DIVERS:
        errors.add(
            f"{where}.open_reefs",
            ngettext_lazy(
                "{name} has {count} open reef, but each open reef holds one of a player's "
                "{divers} divers.",
                "{name} has {count} open reefs, but each open reef holds one of a player's "
                "{divers} divers.",
                len(open_reefs),
            ).format(name=name, divers=DIVERS),
        )
    shell_tiles = errors.count(
        raw.get("shell_tiles"),
        f"{where}.shell_tiles",
        _("{name}'s shell tiles").format(name=name),
    )
    shoal_tiles = _parse_shoal_tiles(errors, raw.get("shoal_tiles"), f"{where}.shoal_tiles", name)
    return points, PlayerEnd(open_reefs, shell_tiles, shoal_tiles)


def _parse_shoal_tiles(errors: Errors, value: Any, where: str, name: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        errors.add(
            where,
            _("{name}'s shoal tiles must be a list of the values printed on them.").format(
                name=name
            ),
        )
        return ()
    return tuple(
        errors.count(
            printed,
            f"{where}[{index}]",
            _("{name}'s shoal tile {number}").format(name=name, number=index + 1),
        )
        for index, printed in enumerate(value)
    )


def _parse_reefs(
    errors: Errors, value: Any, where: str, owner: Value, kind: ReefKind
) -> tuple[Reef, ...]:
    """A list of reefs; ``owner`` and ``kind`` name them: "Ana", open reefs."""
    if value is None:
        return ()
    if not isinstance(value, list):
        errors.add(where, kind.not_a_list.format(owner=owner))
        return ()
    return tuple(
        _parse_reef(
            errors, raw, f"{where}[{index}]", kind.one.format(owner=owner, number=index + 1)
        )
        for index, raw in enumerate(value)
    )


def _parse_reef(errors: Errors, value: Any, where: str, label: Value) -> Reef:
    raw = errors.mapping(value, where, label)
    errors.unknown_keys(raw, ("tiles", "clownfish"), where, label)
    # A reef is at least the tile its diver stands on.
    tiles = required_count(
        errors, raw, "tiles", where, _("{reef}: coral tiles").format(reef=label), minimum=1
    )
    clownfish = errors.count(
        raw.get("clownfish"), f"{where}.clownfish", _("{reef}: clownfish").format(reef=label)
    )
    if tiles and clownfish > tiles:
        errors.add(
            f"{where}.clownfish",
            _("{reef}: {clownfish} on {tiles}, but a tile shows at most one clownfish.").format(
                reef=label,
                clownfish=CLOWNFISH.of(clownfish),
                tiles=ngettext_lazy("{count} coral tile", "{count} coral tiles", tiles),
            ),
        )
        clownfish = 0
    return Reef(tiles, clownfish)


def _parse_open_stations(errors: Errors, value: Any, names: Sequence[str]) -> tuple[Station, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        errors.add("open_stations", _("Open stations must be a list of stations."))
        return ()
    stations = []
    for index, raw in enumerate(value):
        where = f"open_stations[{index}]"
        label = _("Open station {number}").format(number=index + 1)
        raw = errors.mapping(raw, where, label)
        errors.unknown_keys(raw, STATION_FIELDS, where, label)
        stations.append(_read_station(errors, raw, where, label, names=names))
    return tuple(stations)


def _event_parsers(names: Sequence[str]) -> dict[str, Any]:
    return {
        "station": bind(_parse_station_event, names=names),
        "surfacing": bind(_parse_surfacing, names=names),
        "discard": bind(_parse_discard, names=names),
    }


def _parse_station_event(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Station:
    errors.unknown_keys(raw, ("type", *STATION_FIELDS), where, label)
    return _read_station(errors, raw, where, label, names=names)


def _read_station(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Station:
    """A station's values and tiles; ``label`` names it: "Event 2", "Open station 1"."""
    high = required_count(
        errors, raw, "high", where, _("{station}: the high value").format(station=label)
    )
    low = required_count(
        errors, raw, "low", where, _("{station}: the low value").format(station=label)
    )
    if high < low:
        errors.add(
            f"{where}.low",
            _(
                "{station}: the low value ({low}) is more than the high value ({high}); "
                "check the station tile."
            ).format(station=label, low=low, high=high),
        )
    tiles = player_counts(
        errors,
        raw.get("tiles"),
        names,
        f"{where}.tiles",
        label,
        # Translators: follows a player's name: "Event 1: Ana's coral tiles next to the station".
        _("coral tiles next to the station"),
    )
    return Station(high, low, tiles)


def _parse_surfacing(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Surfacing:
    errors.unknown_keys(raw, ("type", "player", "reefs"), where, label)
    player = player_ref(errors, raw.get("player"), names, f"{where}.player", label)
    reefs = _parse_reefs(errors, raw.get("reefs"), f"{where}.reefs", label, CLOSED_REEFS)
    if raw.get("reefs") in (None, []):
        errors.add(
            f"{where}.reefs",
            _("{event}: a surfacing closes at least one reef.").format(event=label),
        )
    if len(reefs) > DIVERS:
        errors.add(
            f"{where}.reefs",
            ngettext_lazy(
                "{event}: {count} reef closed, but a player has only {divers} divers, "
                "one on each reef.",
                "{event}: {count} reefs closed, but a player has only {divers} divers, "
                "one on each reef.",
                len(reefs),
            ).format(event=label, divers=DIVERS),
        )
    return Surfacing(player, reefs)


def _parse_discard(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Discard:
    errors.unknown_keys(raw, ("type", "player", "tiles"), where, label)
    player = player_ref(errors, raw.get("player"), names, f"{where}.player", label)
    tiles = required_count(
        errors,
        raw,
        "tiles",
        where,
        _("{event}: the discarded coral tiles").format(event=label),
        minimum=1,
    )
    return Discard(player, tiles)
