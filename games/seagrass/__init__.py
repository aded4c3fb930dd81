"""Seagrass: colonies score as they grow, completed reefs by majority (shared/rules/seagrass.txt).

Decisions the rulebook leaves open are settled in docs/games/seagrass.md.

Input: ``{"players": [...], "options": {"discovery": bool}, "entry": "counts" | "log", ...}``

- counts: ``"counts": {name: {"points", "discovery_tokens", "unplayed_tiles"}}``;
- log: ``"events"`` oldest first (``colony``, ``reef``, ``discovery_set``), then
  ``"final": {name: {"discovery_tokens", "unplayed_tiles"}}`` once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial as bind
from typing import Any

from games.contract import (
    MOST,
    Category,
    Choice,
    Errors,
    Explanation,
    FieldError,
    GameInfo,
    InvalidInput,
    Option,
    PlayerScore,
    Sheet,
    Tiebreak,
    plural,
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
from games.explain import (
    Part,
    majority_place,
    share,
    standing,
    sum_text,
    tiebreak_explanations,
    times,
)
from games.majority import find_majority
from games.seagrass.data import (
    CREATURE_TYPES,
    DISCOVERY_SET_POINTS,
    DISCOVERY_TOKEN_POINTS,
    LARGEST_REEF_ROW,
    REEF_AWARDS,
    REEFS_PER_PLAYER,
    TILES_PER_PLAYER,
    TWO_PLAYER_SECOND_SHARE,
    TWO_PLAYERS,
)
from games.words import gettext_noop, ngettext_lazy, pgettext_lazy

DISCOVERY = Option(
    key="discovery",
    label="Discovery expansion",
    choices=(
        Choice("false", "Without the Discovery expansion"),
        Choice("true", "With the Discovery expansion (discovery tokens and sets)"),
    ),
    default="false",
    help="Players collect discovery tokens; a full set of four is worth 10 points.",
)

# What a reef's majority is counted in ("most creatures (4)").
CREATURES = pgettext_lazy("counted for a majority", "creatures")

INFO = GameInfo(
    slug="seagrass",
    name="Seagrass",
    min_players=2,
    max_players=4,
    modes=("counts", "log"),
    options=(DISCOVERY,),
    categories=(
        Category("colonies", gettext_noop("Colonies")),
        Category("reefs", gettext_noop("Completed reefs")),
        Category("discovery", gettext_noop("Discovery sets and tokens")),
        Category("points", gettext_noop("Point tokens")),
    ),
    tiebreaks=(Tiebreak("unplayed_tiles", gettext_noop("most unplayed tiles"), MOST),),
    rulebook="seagrass.txt",
)

# The breakdown rows each way of entering a game can tell apart.
ENTRY_CATEGORIES = {
    "counts": ("discovery", POINTS_HELD),
    "log": ("colonies", "reefs", "discovery"),
}
END_FIELDS = ("discovery_tokens", "unplayed_tiles")


@dataclass(frozen=True)
class Colony:
    """A colony established or expanded: it scores every creature now in it."""

    player: str
    creatures: int


@dataclass(frozen=True)
class Reef:
    """A completed reef: ``adjacent`` holds every player's creatures next to it (0: none)."""

    size: int
    adjacent: Mapping[str, int]


@dataclass(frozen=True)
class DiscoverySet:
    """A full set of four discovery tokens returned to the box."""

    player: str


Event = Colony | Reef | DiscoverySet

EVENT_CATEGORY = {Colony: "colonies", Reef: "reefs", DiscoverySet: "discovery"}


@dataclass(frozen=True)
class PlayerEnd:
    """What one player still holds when the game ends."""

    discovery_tokens: int
    unplayed_tiles: int


@dataclass(frozen=True)
class SeagrassInput:
    players: tuple[str, ...]
    discovery: bool
    entry: GameEntry[Event, PlayerEnd]


def parse(data: Any, *, partial: bool = False) -> SeagrassInput:
    errors = Errors()
    data = errors.mapping(data, "", "The game")
    names = errors.player_names(data.get("players"), INFO)
    options = errors.mapping(data.get("options"), "options", "Options")
    errors.unknown_keys(options, INFO.default_options(), "options", "Options")
    discovery = _parse_discovery(errors, options.get("discovery"))
    entry = parse_game_entry(
        errors,
        data,
        names,
        game_name=INFO.name,
        other_keys=("options",),
        event_parsers=_event_parsers(names, discovery),
        read_end=bind(_parse_player_end, discovery=discovery, player_count=len(names)),
        partial=partial,
    )
    _check_event_totals(errors, entry.events, len(names))
    _check_tokens_in_the_box(errors, entry, len(names))
    errors.raise_if_any()
    return SeagrassInput(tuple(names), discovery, entry)


def parse_event(data: Any, players: Sequence[str], *, discovery: bool) -> Event:
    """One event on its own, as the log's entry form sends it; raises InvalidInput."""
    errors = Errors()
    event = parse_event_with(errors, data, "event", "The event", _event_parsers(players, discovery))
    errors.raise_if_any()
    assert event is not None  # parse_event_with recorded an error otherwise
    return event


def score(game: SeagrassInput) -> Sheet:
    categories = [
        key for key in ENTRY_CATEGORIES[game.entry.mode] if key != "discovery" or game.discovery
    ]
    breakdowns, points_per_event = tally_play(
        game.entry,
        game.players,
        categories,
        event_points,
        EVENT_CATEGORY,
    )
    if game.discovery:
        tokens_held = {
            name: end.discovery_tokens * DISCOVERY_TOKEN_POINTS
            for name, end in game.entry.end.items()
        }
        add_points(breakdowns, "discovery", tokens_held)
    players = [
        PlayerScore(
            name=name,
            total=sum(breakdowns[name].values()),
            breakdown=breakdowns[name],
            tiebreak=(
                {"unplayed_tiles": game.entry.end[name].unplayed_tiles}
                if game.entry.complete
                else {}
            ),
        )
        for name in game.players
    ]
    for player in players:
        player.explain = explain(game, player, points_per_event)
    return finish_sheet(INFO, players, game.entry, points_per_event)


def event_points(event: Event) -> dict[str, int]:
    """What one logged event scores, for the players it scores for ("+16 Ana, +4 Ben")."""
    match event:
        case Colony():
            points = {event.player: event.creatures}
        case Reef():
            points = reef_award(event.size, event.adjacent)
        case DiscoverySet():
            points = {event.player: DISCOVERY_SET_POINTS}
    return scoring_players(points)


def reef_award(size: int, adjacent: Mapping[str, int]) -> dict[str, int]:
    """Points for each player in ``adjacent`` when a reef of ``size`` tiles is completed.

    ``adjacent`` maps players to their creatures next to the reef (0: not adjacent).
    The two-player rule depends on the players in the game, not on how many are
    adjacent: list every player (the parsers do, with 0 for those not adjacent).
    Values must already be valid (see ``parse_event``): size 1 or more, counts 0 or more.
    """
    most, second = REEF_AWARDS[min(size, LARGEST_REEF_ROW)]
    points = dict.fromkeys(adjacent, 0)
    majority = find_majority(adjacent)
    if not majority.leaders:
        return points
    if len(majority.leaders) > 1:
        # The tied leaders share both awards; the rest score nothing.
        _share_rounding_up(points, majority.leaders, most + second)
        return points
    (leader,) = majority.leaders
    points[leader] = most
    if majority.runners_up and _second_scores(
        adjacent[leader], adjacent[majority.runners_up[0]], len(adjacent)
    ):
        _share_rounding_up(points, majority.runners_up, second)
    return points


# --- Explanations (docs/games/seagrass.md, "Explanations") --------------------------------------


def explain(
    game: SeagrassInput, player: PlayerScore, points_per_event: Sequence[Mapping[str, int]]
) -> list[Explanation]:
    """Each line that scores, naming the logged events it came from; then the tie-break."""
    name = player.name
    events = scored_events(game.entry, points_per_event, name, EVENT_CATEGORY)
    colonies = [points for _, _, points in events.get("colonies", [])]
    reefs = [
        reef_part(event, name, points)
        for _, event, points in events.get("reefs", [])
        if isinstance(event, Reef)
    ]
    sets = len(events.get("discovery", []))
    end = game.entry.end.get(name)
    tokens = end.discovery_tokens if end else 0
    discovery = [
        times(
            ngettext_lazy("{count} complete set", "{count} complete sets", sets),
            DISCOVERY_SET_POINTS,
        ),
        times(
            ngettext_lazy("{count} token left", "{count} tokens left", tokens),
            DISCOVERY_TOKEN_POINTS,
        ),
    ]
    parts = {
        "colonies": [Part(_colonies_clause(colonies), sum(colonies))],
        "reefs": reefs,
        "discovery": [part for part in discovery if part.points],
    }
    if name in game.entry.points_held:  # counts, not a log
        held = game.entry.points_held[name]
        parts[POINTS_HELD] = [Part(f"{held} taken during play", held)]
    return explain_lines(INFO, player, parts, events) + tiebreak_explanations(
        player.tiebreak, INFO.tiebreaks
    )


def _colonies_clause(creatures: Sequence[int]) -> str:
    """A colony scores a point per creature in it (the whole colony when expanded)."""
    if len(creatures) == 1:
        return f"a colony of {plural(creatures[0], 'creature')} → {creatures[0]}"
    return f"{len(creatures)} colonies, a point per creature: {sum_text(creatures)}"


def reef_part(reef: Reef, name: str, points: int) -> Part:
    """``reef of 3 tiles, tied for most creatures (4), 8 + 4 = 12 split 2 ways → 6``."""
    size = plural(reef.size, "tile")
    if reef.size > LARGEST_REEF_ROW:
        size += f" ({LARGEST_REEF_ROW} or more)"
    most, second = REEF_AWARDS[min(reef.size, LARGEST_REEF_ROW)]
    majority = find_majority(reef.adjacent)
    place = majority_place(majority, name)
    assert place is not None  # the player scored on this reef
    where, ways = place
    # Tied leaders share both awards; a sole leader's share is the whole of "most".
    award = (most, second) if where == "most" else (second,)
    clause = standing(where, CREATURES, reef.adjacent[name], ways=ways)
    return Part(f"reef of {size}, " + clause + share(award, ways, points), points)


def reef_award_calculator(data: Any) -> dict[str, int]:
    """The stand-alone reef-award calculator, for a reef completed at the table:
    ``{"players": [every player in the game], "size": tiles, "adjacent": {name: creatures}}``.

    Raises InvalidInput naming each bad field.
    """
    errors = Errors()
    data = errors.mapping(data, "", "The reef")
    errors.unknown_keys(data, ("players", "size", "adjacent"), "", "The reef")
    names = errors.player_names(data.get("players"), INFO)
    errors.raise_if_any()
    reef_fields = {key: value for key, value in data.items() if key != "players"}
    reef = _parse_reef(errors, reef_fields, "", "The reef", names=names)
    if errors.items:
        raise InvalidInput([FieldError(e.field.removeprefix("."), e.message) for e in errors.items])
    return reef_award(reef.size, reef.adjacent)


def _second_scores(leader_creatures: int, second_creatures: int, player_count: int) -> bool:
    if player_count != TWO_PLAYERS:
        return True
    return second_creatures >= leader_creatures * TWO_PLAYER_SECOND_SHARE


def _share_rounding_up(points: dict[str, int], sharers: Sequence[str], award: int) -> None:
    share = -(-award // len(sharers))
    for name in sharers:
        points[name] = share


def _parse_discovery(errors: Errors, value: Any) -> bool:
    # JSON true/false, or the option's own choice values as a generic options form sends them.
    if isinstance(value, bool):
        return value
    if value is None:
        value = DISCOVERY.default
    if value in (choice.value for choice in DISCOVERY.choices):
        return value == "true"
    errors.add("options.discovery", f"{DISCOVERY.label} must be true (on) or false (off).")
    return False


def _parse_player_end(
    errors: Errors,
    value: Any,
    where: str,
    name: str,
    *,
    discovery: bool,
    player_count: int,
    with_points: bool = True,
) -> tuple[int, PlayerEnd]:
    """One player's point tokens (counts entry only) and end-of-game holdings."""
    label = f"{name}'s entry"
    raw = errors.mapping(value, where, label)
    errors.unknown_keys(raw, ("points", *END_FIELDS) if with_points else END_FIELDS, where, label)
    points = errors.count(raw.get("points"), f"{where}.points", f"{name}'s point tokens")
    tokens = _discovery_tokens(
        errors,
        raw.get("discovery_tokens"),
        f"{where}.discovery_tokens",
        name,
        discovery,
        player_count,
    )
    unplayed = errors.count(
        raw.get("unplayed_tiles"),
        f"{where}.unplayed_tiles",
        f"{name}'s unplayed tiles",
        maximum=TILES_PER_PLAYER,
    )
    return points, PlayerEnd(tokens, unplayed)


def _discovery_tokens(
    errors: Errors, value: Any, where: str, name: str, discovery: bool, player_count: int
) -> int:
    tokens = errors.count(value, where, f"{name}'s discovery tokens")
    if tokens and not discovery:
        errors.add(
            where,
            f"{name} has discovery tokens, but this game is played without the Discovery "
            "expansion: turn it on or enter 0.",
        )
        return 0
    # A full set goes back to the box at once, so a player holds at most three
    # creature types, each with one token per reef in play.
    most = (CREATURE_TYPES - 1) * REEFS_PER_PLAYER * player_count
    if tokens > most:
        errors.add(
            where,
            f"{name} cannot hold {tokens} discovery tokens: with {player_count} players at "
            f"most {most} can be held without completing a set.",
        )
        return 0
    return tokens


def _event_parsers(names: Sequence[str], discovery: bool) -> dict[str, Any]:
    return {
        "colony": bind(_parse_colony, names=names),
        "reef": bind(_parse_reef, names=names),
        "discovery_set": bind(_parse_discovery_set, names=names, discovery=discovery),
    }


def _parse_colony(
    errors: Errors, raw: Mapping[str, Any], where: str, label: str, *, names: Sequence[str]
) -> Colony:
    errors.unknown_keys(raw, ("type", "player", "creatures"), where, label)
    player = player_ref(errors, raw.get("player"), names, f"{where}.player", label)
    creatures = required_count(
        errors,
        raw,
        "creatures",
        where,
        f"{label}: the number of creatures in the colony",
        minimum=1,
    )
    return Colony(player, creatures)


def _parse_reef(
    errors: Errors, raw: Mapping[str, Any], where: str, label: str, *, names: Sequence[str]
) -> Reef:
    errors.unknown_keys(raw, ("type", "size", "adjacent"), where, label)
    size = required_count(errors, raw, "size", where, f"{label}: the reef size", minimum=1)
    adjacent = player_counts(
        errors, raw.get("adjacent"), names, f"{where}.adjacent", label, "creatures next to the reef"
    )
    return Reef(size, adjacent)


def _parse_discovery_set(
    errors: Errors,
    raw: Mapping[str, Any],
    where: str,
    label: str,
    *,
    names: Sequence[str],
    discovery: bool,
) -> DiscoverySet:
    errors.unknown_keys(raw, ("type", "player"), where, label)
    if not discovery:
        errors.add(
            f"{where}.type",
            f"{label} is a discovery set, but this game is played without the Discovery expansion.",
        )
    return DiscoverySet(player_ref(errors, raw.get("player"), names, f"{where}.player", label))


def _check_tokens_in_the_box(
    errors: Errors, entry: GameEntry[Event, PlayerEnd], player_count: int
) -> None:
    """The tokens held at the end and those returned in full sets all came from the
    reefs in play, one of each creature on each."""
    reefs = REEFS_PER_PLAYER * player_count
    in_play = CREATURE_TYPES * reefs
    held = sum(end.discovery_tokens for end in entry.end.values())
    sets = sum(isinstance(event, DiscoverySet) for event in entry.events)
    if held + CREATURE_TYPES * sets <= in_play or sets > reefs:  # too many sets: said already
        return
    returned = f" and returned {plural(sets, 'full set')} of {CREATURE_TYPES}" if sets else ""
    errors.add(
        "final" if entry.mode == "log" else "counts",
        f"With {player_count} players {in_play} discovery tokens are in play "
        f"({CREATURE_TYPES} on each of the {reefs} reefs), but the players hold {held}"
        f"{returned}: {held + CREATURE_TYPES * sets} in all.",
    )


def _check_event_totals(errors: Errors, events: Sequence[Event], player_count: int) -> None:
    reefs_in_play = REEFS_PER_PLAYER * player_count
    reefs = sum(isinstance(event, Reef) for event in events)
    if reefs > reefs_in_play:
        errors.add(
            "events",
            f"{player_count} players play with {reefs_in_play} reefs, but {reefs} completed "
            "reefs are logged.",
        )
    # Each reef holds one token of each creature type, and a set needs one of each.
    sets = sum(isinstance(event, DiscoverySet) for event in events)
    if sets > reefs_in_play:
        errors.add(
            "events",
            f"With {player_count} players only {reefs_in_play} full discovery sets can be "
            f"made (one token of each creature per reef), but {sets} are logged.",
        )
