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
from games.words import Value, Words, gettext_noop, known, ngettext_lazy, pgettext_lazy
from games.words import gettext_lazy as _

DISCOVERY = Option(
    key="discovery",
    label=gettext_noop("Discovery expansion"),
    choices=(
        Choice("false", gettext_noop("Without the Discovery expansion")),
        Choice("true", gettext_noop("With the Discovery expansion (discovery tokens and sets)")),
    ),
    default="false",
    help="Players collect discovery tokens; a full set of four is worth 10 points.",
)

# What a reef's majority is counted in ("most creatures (4)").
CREATURES = pgettext_lazy("counted for a majority", "creatures")
# The stand-alone reef calculator's input, as its refusals name it.
THE_REEF = _("The reef")

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
    data = errors.mapping(data, "", _("The game"))
    names = errors.player_names(data.get("players"), INFO)
    options = errors.mapping(data.get("options"), "options", _("Options"))
    errors.unknown_keys(options, INFO.default_options(), "options", _("Options"))
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
    if _seats(len(names)):
        _check_event_totals(errors, entry.events, len(names))
        _check_tokens_in_the_box(errors, entry, len(names))
    errors.raise_if_any()
    return SeagrassInput(tuple(names), discovery, entry)


def parse_event(data: Any, players: Sequence[str], *, discovery: bool) -> Event:
    """One event on its own, as the log's entry form sends it; raises InvalidInput."""
    errors = Errors()
    event = parse_event_with(
        errors, data, "event", _("The event"), _event_parsers(players, discovery)
    )
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
        parts[POINTS_HELD] = [Part(_("{points} taken during play").format(points=held), held)]
    return explain_lines(INFO, player, parts, events) + tiebreak_explanations(
        player.tiebreak, INFO.tiebreaks
    )


def _colonies_clause(creatures: Sequence[int]) -> Words:
    """A colony scores a point per creature in it (the whole colony when expanded)."""
    if len(creatures) == 1:
        (colony,) = creatures
        return ngettext_lazy(
            "a colony of {count} creature → {points}",
            "a colony of {count} creatures → {points}",
            colony,
        ).format(points=colony)
    return ngettext_lazy(
        "{count} colony, a point per creature: {sum}",
        "{count} colonies, a point per creature: {sum}",
        len(creatures),
    ).format(sum=sum_text(creatures))


def reef_part(reef: Reef, name: str, points: int) -> Part:
    """``reef of 3 tiles, tied for most creatures (4), 8 + 4 = 12 split 2 ways → 6``."""
    most, second = REEF_AWARDS[min(reef.size, LARGEST_REEF_ROW)]
    majority = find_majority(reef.adjacent)
    place = majority_place(majority, name)
    assert place is not None  # the player scored on this reef
    where, ways = place
    # Tied leaders share both awards; a sole leader's share is the whole of "most".
    award = (most, second) if where == "most" else (second,)
    reef_of_its_size: Words
    if reef.size > LARGEST_REEF_ROW:  # the table's last row: "5+ tiles"
        # Translators: {place} is "most creatures (4)" and the like; {share} follows it
        # directly: " → 24", or ", 24 + 12 = 36 split 2 ways → 18".
        reef_of_its_size = _("reef of {count} tiles ({largest} or more), {place}{share}").format(
            count=reef.size, largest=LARGEST_REEF_ROW
        )
    else:
        reef_of_its_size = ngettext_lazy(
            # Translators: {place} is "most creatures (4)" and the like; {share} follows
            # it directly: " → 8", or ", 8 + 4 = 12 split 2 ways → 6".
            "reef of {count} tile, {place}{share}",
            "reef of {count} tiles, {place}{share}",
            reef.size,
        )
    clause = reef_of_its_size.format(
        place=standing(where, CREATURES, reef.adjacent[name], ways=ways),
        share=share(award, ways, points),
    )
    return Part(clause, points)


def reef_award_calculator(data: Any) -> dict[str, int]:
    """The stand-alone reef-award calculator, for a reef completed at the table:
    ``{"players": [every player in the game], "size": tiles, "adjacent": {name: creatures}}``.

    Raises InvalidInput naming each bad field.
    """
    errors = Errors()
    data = errors.mapping(data, "", THE_REEF)
    errors.unknown_keys(data, ("players", "size", "adjacent"), "", THE_REEF)
    names = errors.player_names(data.get("players"), INFO)
    errors.raise_if_any()
    reef_fields = {key: value for key, value in data.items() if key != "players"}
    reef = _parse_reef(errors, reef_fields, "", THE_REEF, names=names)
    if errors.items:
        raise InvalidInput([FieldError(e.field.removeprefix("."), e.words) for e in errors.items])
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
    errors.add(
        "options.discovery",
        _("{option} must be true (on) or false (off).").format(option=known(DISCOVERY.label)),
    )
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
    label = _("{name}'s entry").format(name=name)
    raw = errors.mapping(value, where, label)
    errors.unknown_keys(raw, ("points", *END_FIELDS) if with_points else END_FIELDS, where, label)
    points = errors.count(
        raw.get("points"), f"{where}.points", _("{name}'s point tokens").format(name=name)
    )
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
        _("{name}'s unplayed tiles").format(name=name),
        maximum=TILES_PER_PLAYER,
    )
    return points, PlayerEnd(tokens, unplayed)


def _discovery_tokens(
    errors: Errors, value: Any, where: str, name: str, discovery: bool, player_count: int
) -> int:
    tokens = errors.count(value, where, _("{name}'s discovery tokens").format(name=name))
    if tokens and not discovery:
        errors.add(
            where,
            _(
                "{name} has discovery tokens, but this game is played without the Discovery "
                "expansion: turn it on or enter 0."
            ).format(name=name),
        )
        return 0
    # A full set goes back to the box at once, so a player holds at most three
    # creature types, each with one token per reef in play.
    most = (CREATURE_TYPES - 1) * REEFS_PER_PLAYER * player_count
    if _seats(player_count) and tokens > most:
        errors.add(
            where,
            _(
                "{name} cannot hold {tokens} discovery tokens: with {players} players at "
                "most {most} can be held without completing a set."
            ).format(name=name, tokens=tokens, players=player_count, most=most),
        )
        return 0
    return tokens


def _seats(player_count: int) -> bool:
    """Whether the game is played by so many: only then are there reefs and tokens to
    count what is logged and held against (a refused number of players is said already)."""
    return INFO.min_players <= player_count <= INFO.max_players


def _event_parsers(names: Sequence[str], discovery: bool) -> dict[str, Any]:
    return {
        "colony": bind(_parse_colony, names=names),
        "reef": bind(_parse_reef, names=names),
        "discovery_set": bind(_parse_discovery_set, names=names, discovery=discovery),
    }


def _parse_colony(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Colony:
    errors.unknown_keys(raw, ("type", "player", "creatures"), where, label)
    player = player_ref(errors, raw.get("player"), names, f"{where}.player", label)
    creatures = required_count(
        errors,
        raw,
        "creatures",
        where,
        _("{event}: the number of creatures in the colony").format(event=label),
        minimum=1,
    )
    return Colony(player, creatures)


def _parse_reef(
    errors: Errors, raw: Mapping[str, Any], where: str, label: Value, *, names: Sequence[str]
) -> Reef:
    errors.unknown_keys(raw, ("type", "size", "adjacent"), where, label)
    size = required_count(
        errors, raw, "size", where, _("{event}: the reef size").format(event=label), minimum=1
    )
    adjacent = player_counts(
        errors,
        raw.get("adjacent"),
        names,
        f"{where}.adjacent",
        label,
        _("creatures next to the reef"),
    )
    return Reef(size, adjacent)


def _parse_discovery_set(
    errors: Errors,
    raw: Mapping[str, Any],
    where: str,
    label: Value,
    *,
    names: Sequence[str],
    discovery: bool,
) -> DiscoverySet:
    errors.unknown_keys(raw, ("type", "player"), where, label)
    if not discovery:
        errors.add(
            f"{where}.type",
            _(
                "{event} is a discovery set, but this game is played without the Discovery "
                "expansion."
            ).format(event=label),
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
    too_many = (
        ngettext_lazy(
            "With {players} players {in_play} discovery tokens are in play ({per_reef} on each "
            "of the {reefs} reefs), but the players hold {held} and returned {count} full set "
            "of {per_reef}: {total} in all.",
            "With {players} players {in_play} discovery tokens are in play ({per_reef} on each "
            "of the {reefs} reefs), but the players hold {held} and returned {count} full sets "
            "of {per_reef}: {total} in all.",
            sets,
        )
        if sets
        else _(
            "With {players} players {in_play} discovery tokens are in play ({per_reef} on each "
            "of the {reefs} reefs), but the players hold {held}: {total} in all."
        )
    )
    errors.add(
        "final" if entry.mode == "log" else "counts",
        too_many.format(
            players=player_count,
            in_play=in_play,
            per_reef=CREATURE_TYPES,
            reefs=reefs,
            held=held,
            total=held + CREATURE_TYPES * sets,
        ),
    )


def _check_event_totals(errors: Errors, events: Sequence[Event], player_count: int) -> None:
    reefs_in_play = REEFS_PER_PLAYER * player_count
    reefs = sum(isinstance(event, Reef) for event in events)
    if reefs > reefs_in_play:
        errors.add(
            "events",
            _(
                "{players} players play with {reefs_in_play} reefs, but {reefs} completed "
                "reefs are logged."
            ).format(players=player_count, reefs_in_play=reefs_in_play, reefs=reefs),
        )
    # Each reef holds one token of each creature type, and a set needs one of each.
    sets = sum(isinstance(event, DiscoverySet) for event in events)
    if sets > reefs_in_play:
        errors.add(
            "events",
            _(
                "With {players} players only {most} full discovery sets can be made (one token "
                "of each creature per reef), but {sets} are logged."
            ).format(players=player_count, most=reefs_in_play, sets=sets),
        )
