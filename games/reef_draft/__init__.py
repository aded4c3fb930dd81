"""Reef Draft: a 3-round card-drafting game (shared/rules/card-draft.txt).

Decisions the rulebook leaves open are settled in docs/games/reef-draft.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.contract import (
    MOST,
    Category,
    Choice,
    Errors,
    Explanation,
    GameInfo,
    Option,
    PlayerScore,
    Sheet,
    Tiebreak,
    make_sheet,
    split_evenly,
)
from games.explain import (
    Part,
    line_explanation,
    majority_place,
    share,
    standing,
    tiebreak_explanations,
)
from games.majority import find_majority
from games.reef_draft.data import (
    CARD_KINDS,
    CORAL_FEWEST,
    CORAL_MOST,
    COUNTED,
    DECK,
    DOLPHIN_POINTS,
    FISH_POINTS,
    HAND_SIZE,
    JELLY_POINTS,
    JELLY_SET,
    NO_CORAL_PENALTY_PLAYERS,
    ROUNDS,
    SEAHORSE_POINTS,
    SEAHORSE_SET,
    SEASTAR_MOST,
    SEASTAR_SECOND,
    SHARK_MULTIPLIER,
    STARS_PER_CARD,
)
from games.words import Value, Words, gettext_noop, join, ngettext_lazy, pgettext_lazy
from games.words import gettext_lazy as _

CORAL_PENALTY = Option(
    key="coral_penalty",
    label=gettext_noop("Fewest coral penalty"),
    choices=(
        Choice("each", gettext_noop("Everyone tied for fewest loses 6 (this rulebook)")),
        Choice("split", gettext_noop("Players tied for fewest split the 6 (classic rule)")),
    ),
    default="each",
)

# What the majorities are counted in ("most stars (5)", "fewest coral cards (0)").
STARS = pgettext_lazy("counted for a majority", "stars")
CORAL_CARDS = pgettext_lazy("counted for a majority", "coral cards")

INFO = GameInfo(
    slug="reef-draft",
    name="Reef Draft",
    min_players=2,
    max_players=5,
    modes=("standard",),
    options=(CORAL_PENALTY,),
    categories=(
        Category("seastars", gettext_noop("Seastars")),
        Category("jellies", gettext_noop("Jellies")),
        Category("seahorses", gettext_noop("Seahorses")),
        Category("dolphins", gettext_noop("Dolphins")),
        Category("fish", gettext_noop("Fish & sharks")),
        Category("coral", gettext_noop("Coral")),
    ),
    tiebreaks=(Tiebreak("coral", gettext_noop("most coral cards"), MOST),),
    rulebook="card-draft.txt",
)

FISH_KINDS = tuple(FISH_POINTS)
EMPTY_SHARKS = dict.fromkeys(FISH_KINDS, 0)


@dataclass(frozen=True)
class Reef:
    """One player's reef at the end of one round."""

    cards: Mapping[str, int]
    on_shark: Mapping[str, int]

    @property
    def stars(self) -> int:
        return sum(self.cards[kind] * stars for kind, stars in STARS_PER_CARD.items())

    @property
    def size(self) -> int:
        return sum(self.cards.values())


@dataclass(frozen=True)
class ReefDraftInput:
    players: tuple[str, ...]
    coral_penalty: str
    # One mapping per round entered, name -> reef. While a game is being entered
    # (``partial``), players whose reef is not in yet are absent.
    rounds: tuple[Mapping[str, Reef], ...]

    def round_is_in(self, reefs: Mapping[str, Reef]) -> bool:
        return len(reefs) == len(self.players)

    @property
    def complete(self) -> bool:
        return len(self.rounds) == ROUNDS and all(map(self.round_is_in, self.rounds))


def parse(data: Any, *, partial: bool = False) -> ReefDraftInput:
    errors = Errors()
    data = errors.mapping(data, "", _("The game"))
    errors.unknown_keys(data, ("players", "options", "rounds"), "", _("A Reef Draft game"))
    names = errors.player_names(data.get("players"), INFO)

    options = errors.mapping(data.get("options"), "options", _("Options"))
    errors.unknown_keys(options, INFO.default_options(), "options", _("Options"))
    coral_penalty = errors.choice(
        options.get("coral_penalty"), CORAL_PENALTY, "options.coral_penalty"
    )

    raw_rounds = data.get("rounds")
    rounds: list[dict[str, Reef]] = []
    fewest_rounds = 0 if partial else 1
    if not isinstance(raw_rounds, list) or not fewest_rounds <= len(raw_rounds) <= ROUNDS:
        errors.add(
            "rounds",
            _("Give the reefs of 1 to {rounds} rounds, one object per round.").format(
                rounds=ROUNDS
            ),
        )
        raw_rounds = []
    if names and all(names):
        # Reefs are matched to players by name; with the names wrong, that would
        # only repeat the players' error once per reef.
        for index, raw_round in enumerate(raw_rounds):
            rounds.append(_parse_round(errors, raw_round, index, names, partial))

    _check_deck(errors, rounds)
    errors.raise_if_any()
    return ReefDraftInput(tuple(names), coral_penalty, tuple(rounds))


def _parse_round(
    errors: Errors, raw_round: Any, index: int, names: list[str], partial: bool
) -> dict[str, Reef]:
    where = f"rounds[{index}]"
    number = index + 1
    round_label = _("Round {number}").format(number=number)
    raw_round = errors.mapping(raw_round, where, round_label)
    errors.unknown_keys(raw_round, names, where, round_label)
    reefs = {}
    for name in names:
        if name in raw_round:
            reef_label = _("Round {number}, {name}").format(number=number, name=name)
            reefs[name] = _parse_reef(errors, raw_round[name], f"{where}.{name}", reef_label)
        elif not partial:
            errors.add(
                f"{where}.{name}",
                _("Round {number} has no reef for {name}.").format(number=number, name=name),
            )
    hand = HAND_SIZE.get(len(names))
    for name, reef in reefs.items():
        # A reef that is not even an object was refused as such: its size says nothing.
        if hand and not partial and isinstance(raw_round[name], dict) and reef.size != hand:
            errors.add(
                f"{where}.{name}",
                ngettext_lazy(
                    "Round {number}, {name}'s reef: {count} card, but every reef ends a round "
                    "with exactly {hand}, the hand size for {players} players.",
                    "Round {number}, {name}'s reef: {count} cards, but every reef ends a round "
                    "with exactly {hand}, the hand size for {players} players.",
                    reef.size,
                ).format(number=number, name=name, hand=hand, players=len(names)),
            )
    return reefs


def _parse_reef(errors: Errors, raw: Any, where: str, label: Words) -> Reef:
    """``label`` names the reef in refusals: "Round 1, Ana"."""
    raw = errors.mapping(raw, where, label)
    errors.unknown_keys(raw, (*DECK, "on_shark"), where, label)
    cards = {
        kind: errors.count(
            raw.get(kind),
            f"{where}.{kind}",
            # Translators: {reef} is "Round 1, Ana"; {cards} a kind of card, "jellies".
            # Refusals follow: "… must be a whole number".
            _("{reef}: {cards}").format(reef=label, cards=CARD_KINDS[kind]),
        )
        for kind in DECK
    }
    # Translators: {reef} is "Round 1, Ana". Refusals follow: "… must be an object".
    on_sharks = _("{reef}: fish on sharks").format(reef=label)
    raw_sharks = errors.mapping(raw.get("on_shark"), f"{where}.on_shark", on_sharks)
    errors.unknown_keys(raw_sharks, FISH_KINDS, f"{where}.on_shark", on_sharks)
    on_shark = {}
    for kind in FISH_KINDS:
        count = errors.count(
            raw_sharks.get(kind),
            f"{where}.on_shark.{kind}",
            # Translators: {reef} is "Round 1, Ana"; {fish} a kind of fish, "clown fish".
            # Refusals follow: "… must be a whole number".
            _("{reef}: {fish} on sharks").format(reef=label, fish=CARD_KINDS[kind]),
        )
        if count > cards[kind]:
            errors.add(
                f"{where}.on_shark.{kind}",
                _("{reef}: {fish} on sharks, but the reef has only {cards}.").format(
                    reef=label,
                    fish=COUNTED[kind].of(count),
                    cards=COUNTED[kind].of(cards[kind]),
                ),
            )
            count = cards[kind]
        on_shark[kind] = count
    eaten = sum(on_shark.values())
    if eaten > cards["sharks"]:
        errors.add(
            f"{where}.on_shark",
            _(
                "{reef}: {fish} on sharks, but the reef has {sharks} and each shark eats "
                "only one fish."
            ).format(
                reef=label,
                fish=ngettext_lazy("{count} fish", "{count} fish", eaten),
                sharks=COUNTED["sharks"].of(cards["sharks"]),
            ),
        )
    return Reef(cards, on_shark)


def _check_deck(errors: Errors, rounds: list[dict[str, Reef]]) -> None:
    for kind, in_deck in DECK.items():
        used = sum(reef.cards[kind] for reefs in rounds for reef in reefs.values())
        if used > in_deck:
            errors.add(
                f"rounds.{kind}",
                _("The rounds together show {cards}, but the deck has only {in_deck}.").format(
                    cards=COUNTED[kind].of(used), in_deck=in_deck
                ),
            )


def score(game: ReefDraftInput) -> Sheet:
    """Round by round, then coral once the whole game is in.

    While a game is being entered, a round's seastars wait until every reef of
    that round is in: they compare reefs, and a missing one could change them.
    """
    totals = {name: dict.fromkeys((c.key for c in INFO.categories), 0) for name in game.players}
    round_subtotals: dict[str, list[int]] = {name: [] for name in game.players}
    for reefs in game.rounds:
        stars = {name: reef.stars for name, reef in reefs.items()}
        seastars = seastar_points(stars) if game.round_is_in(reefs) else dict.fromkeys(stars, 0)
        for name in game.players:
            points = (
                {"seastars": seastars[name], **reef_points(reefs[name])} if name in reefs else {}
            )
            for key, value in points.items():
                totals[name][key] += value
            round_subtotals[name].append(sum(points.values()))

    coral_cards = {
        name: sum(reefs[name].cards["coral"] for reefs in game.rounds if name in reefs)
        for name in game.players
    }
    if game.complete:
        for name, coral in coral_points(coral_cards, game.coral_penalty).items():
            totals[name]["coral"] = coral

    players = [
        PlayerScore(
            name=name,
            total=sum(totals[name].values()),
            breakdown=totals[name],
            tiebreak={"coral": coral_cards[name]},
            extra={"rounds": round_subtotals[name]},
        )
        for name in game.players
    ]
    for player in players:
        player.explain = explain(game, player)
    # Not over yet: running standings, ranked (coral cards break ties), but nobody has won.
    rounds_in = sum(map(game.round_is_in, game.rounds))
    not_over = ngettext_lazy(
        # Translators: English says both alike; a language whose "in" agrees with the
        # rounds entered ("1 manche sur 3 saisie") can tell them apart.
        "The game is not over ({count} of {rounds} rounds in): no winner yet.",
        "The game is not over ({count} of {rounds} rounds in): no winner yet.",
        rounds_in,
    ).format(rounds=ROUNDS)
    return make_sheet(INFO, players, complete=game.complete, not_over=not_over)


def reef_points(reef: Reef) -> dict[str, int]:
    """Everything one reef scores on its own in a round (seastars compare reefs)."""
    cards = reef.cards
    fish = sum(
        points * (cards[kind] + (SHARK_MULTIPLIER - 1) * reef.on_shark[kind])
        for kind, points in FISH_POINTS.items()
    )
    return {
        "jellies": cards["jellies"] // JELLY_SET * JELLY_POINTS,
        "seahorses": cards["seahorses"] // SEAHORSE_SET * SEAHORSE_POINTS,
        "dolphins": DOLPHIN_POINTS[min(cards["dolphins"], len(DOLPHIN_POINTS) - 1)],
        "fish": fish,
    }


def seastar_points(stars: Mapping[str, int]) -> dict[str, int]:
    """Most stars share 6; if one player leads alone, those second share 3."""
    points = dict.fromkeys(stars, 0)
    majority = find_majority(stars)
    for name in majority.leaders:
        points[name] = split_evenly(SEASTAR_MOST, len(majority.leaders))
    for name in majority.runners_up:
        points[name] = split_evenly(SEASTAR_SECOND, len(majority.runners_up))
    return points


def coral_points(coral: Mapping[str, int], penalty: str) -> dict[str, int]:
    """End-of-game coral: most share +6; fewest lose 6 each or split it."""
    points = dict.fromkeys(coral, 0)
    leaders, trailers = coral_places(coral)
    for name in leaders:
        points[name] = split_evenly(CORAL_MOST, len(leaders))
    for name in trailers:
        points[name] = split_evenly(CORAL_FEWEST, _penalty_ways(trailers, penalty))
    return points


def coral_places(coral: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """The players with the most coral cards and those who lose points for the fewest
    (nobody with 2 players; nobody either way when everyone has as many)."""
    most, fewest = max(coral.values()), min(coral.values())
    if most == fewest:
        return [], []
    leaders = [name for name, c in coral.items() if c == most]
    if len(coral) <= NO_CORAL_PENALTY_PLAYERS:
        return leaders, []
    return leaders, [name for name, c in coral.items() if c == fewest]


def _penalty_ways(trailers: Sequence[str], penalty: str) -> int:
    return len(trailers) if penalty == "split" else 1


# --- Explanations (docs/games/reef-draft.md, "Explanations") ------------------------------------


def explain(game: ReefDraftInput, player: PlayerScore) -> list[Explanation]:
    """Each line that scores, round by round, naming its rounds; then the coral tie-break."""
    name = player.name
    parts: dict[str, list[Part]] = {key: [] for key in player.breakdown}
    rounds: dict[str, list[int]] = {key: [] for key in player.breakdown}
    for number, reefs in enumerate(game.rounds, 1):
        if name in reefs:
            for key, part in round_parts(reefs, name, seastars=game.round_is_in(reefs)).items():
                clause = _("round {number}, {clause}").format(number=number, clause=part.clause)
                parts[key].append(Part(clause, part.points))
                rounds[key].append(number)
    # Coral scores once, at the end, but comes from the rounds its cards were played in.
    coral_played = {
        number: reefs[name].cards["coral"]
        for number, reefs in enumerate(game.rounds, 1)
        if name in reefs and reefs[name].cards["coral"]
    }
    rounds["coral"] = list(coral_played)
    if game.complete and player.breakdown["coral"]:
        parts["coral"] = [coral_part(game, name)]
    lines = [
        line_explanation(key, INFO.category_label(key), parts[key], rounds=rounds[key])
        for key in player.breakdown
        if parts[key]
    ]
    return lines + tiebreak_explanations(
        player.tiebreak,
        INFO.tiebreaks,
        terms={"coral": list(coral_played.values())},
        rounds={"coral": list(coral_played)},
    )


def coral_part(game: ReefDraftInput, name: str) -> Part:
    """The end-of-game coral clause: most share +6, fewest lose 6 (each, or split)."""
    coral = {
        player: sum(reefs[player].cards["coral"] for reefs in game.rounds)
        for player in game.players
    }
    points = coral_points(coral, game.coral_penalty)[name]
    leaders, trailers = coral_places(coral)
    if name in leaders:
        clause = standing("most", CORAL_CARDS, coral[name], ways=len(leaders))
        return Part(clause + share((CORAL_MOST,), len(leaders), points), points)
    clause = standing("fewest", CORAL_CARDS, coral[name], ways=len(trailers))
    penalty_ways = _penalty_ways(trailers, game.coral_penalty)
    return Part(clause + share((CORAL_FEWEST,), penalty_ways, points), points)


def round_parts(reefs: Mapping[str, Reef], name: str, *, seastars: bool) -> dict[str, Part]:
    """The clauses of one player's round, for the lines it scores on; ``seastars`` once
    every reef of the round is in (they compare reefs)."""
    reef = reefs[name]
    points = reef_points(reef)
    cards = reef.cards
    dolphins = cards["dolphins"]
    most_dolphins = len(DOLPHIN_POINTS) - 1
    clauses = {
        "jellies": _sets_clause(cards, "jellies", JELLY_SET, JELLY_POINTS),
        "seahorses": _sets_clause(cards, "seahorses", SEAHORSE_SET, SEAHORSE_POINTS),
        "dolphins": (
            _("{dolphins} ({most} or more) → {points}")
            if dolphins > most_dolphins
            else _("{dolphins} → {points}")
        ).format(
            dolphins=COUNTED["dolphins"].of(dolphins), most=most_dolphins, points=points["dolphins"]
        ),
        "fish": _fish_clause(reef, points["fish"]),
    }
    if seastars:
        stars = {other: r.stars for other, r in reefs.items()}
        points["seastars"] = seastar_points(stars)[name]
        place = majority_place(find_majority(stars), name)
        if place:
            where, ways = place
            award = SEASTAR_MOST if where == "most" else SEASTAR_SECOND
            clauses["seastars"] = standing(where, STARS, stars[name], ways=ways) + share(
                (award,), ways, points["seastars"]
            )
    return {key: Part(clauses[key], points[key]) for key in clauses if points[key]}


def _sets_clause(cards: Mapping[str, int], kind: str, size: int, worth: int) -> Words:
    """``3 jellies, 1 set of 2 × 5 = 5``."""
    sets = cards[kind] // size
    return _("{cards}, {sets} of {size} × {worth} = {points}").format(
        cards=COUNTED[kind].of(cards[kind]),
        sets=ngettext_lazy("{count} set", "{count} sets", sets),
        size=size,
        worth=worth,
        points=sets * worth,
    )


def _fish_clause(reef: Reef, points: int) -> Value:
    """``1 angler fish on a shark × 9 + 1 angler fish × 3 = 12``: a fish on a shark is worth
    three times as much."""
    terms: list[Value] = []
    for kind, worth in FISH_POINTS.items():
        on_shark = reef.on_shark[kind]
        if on_shark:
            eaten = COUNTED[kind].of(on_shark)
            terms.append(
                ngettext_lazy(
                    "{fish} on a shark × {worth}", "{fish} on sharks × {worth}", on_shark
                ).format(fish=eaten, worth=worth * SHARK_MULTIPLIER)
            )
        if off_shark := reef.cards[kind] - on_shark:
            terms.append(COUNTED[kind].of(off_shark) + f" × {worth}")
    return join(terms, " + ") + f" = {points}"
