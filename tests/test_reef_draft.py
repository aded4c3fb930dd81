"""Reef Draft scoring and validation (rules: docs/games/reef-draft.md).

Every expected number is worked out by hand from the rules; the arithmetic is in a
comment wherever it is not obvious. Pure pytest: no Django, no database.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import games
from games import reef_draft
from games.contract import InvalidInput
from games.words import render

SLUG = "reef-draft"
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
CATEGORIES = ("seastars", "jellies", "seahorses", "dolphins", "fish", "coral")
ZERO = dict.fromkeys(CATEGORIES, 0)

# The rulebook's tables, typed in here (not imported) so the tests also check the code's.
HAND = {2: 10, 3: 9, 4: 8, 5: 7}
DECK = {
    "jellies": 14,
    "seahorses": 14,
    "dolphins": 14,
    "seastar_1": 6,
    "seastar_2": 12,
    "seastar_3": 8,
    "clownfish": 5,
    "pufferfish": 10,
    "anglerfish": 5,
    "sharks": 6,
    "turtles": 4,
    "coral": 10,
}

# Pads that never change a score: one lone jelly, up to two seahorses, sharks with
# nothing on them, turtles. Jellies and seahorses go first: they can only be used a
# little in each reef, while sharks and turtles are a small pool for the whole game.
ZERO_POINT_PADS = ("jellies", "seahorses", "sharks", "turtles")
# Before round 3 is in, coral scores nothing (it only counts for the tie-break).
CORAL_PAD = ("coral",)
# For complete games whose tests look only at the coral column.
ANYTHING_BUT_CORAL = tuple(kind for kind in DECK if kind != "coral")


# --- helpers ---------------------------------------------------------------------------


def _pad_adds_nothing(kind: str, reef: dict) -> bool:
    have = reef.get(kind, 0)
    if kind == "jellies":
        return have % 2 == 0  # 0 -> 1 or 2 -> 3 completes no new pair
    if kind == "seahorses":
        return have % 3 != 2  # never the third card of a set
    return kind in ("sharks", "turtles")


def pad(rounds: list[dict], names: list[str], spare: tuple[str, ...] = ()) -> list[dict]:
    """Top every reef up to the hand size, so every round holds the legal total.

    Pads are drawn from what the deck still has over the whole game: zero-point
    cards first, then ``spare`` kinds (a test that passes ``spare`` only looks at
    scores those cards cannot touch). Fails loudly rather than pad with points.
    """
    left = dict(DECK)
    for given in rounds:
        for reef in given.values():
            for kind in DECK:
                left[kind] -= reef.get(kind, 0)
    hand = HAND[len(names)]
    padded = []
    for number, given in enumerate(rounds, start=1):
        reefs = {}
        for name in names:
            reef = copy.deepcopy(given.get(name, {}))
            while sum(reef.get(kind, 0) for kind in DECK) < hand:
                card = next(
                    (k for k in ZERO_POINT_PADS if left[k] > 0 and _pad_adds_nothing(k, reef)),
                    None,
                ) or next((k for k in spare if left[k] > 0), None)
                if card is None:
                    raise AssertionError(f"test setup: cannot pad {name}'s reef in round {number}")
                reef[card] = reef.get(card, 0) + 1
                left[card] -= 1
            reefs[name] = reef
        padded.append(reefs)
    return padded


def game(rounds: list[dict], players: int = 2, *, spare=(), **options) -> dict:
    names = list(NAMES[:players])
    data = {"players": names, "rounds": pad(rounds, names, spare)}
    if options:
        data["options"] = options
    return data


def score(rounds: list[dict], players: int = 2, *, spare=(), **options) -> dict:
    return games.score_json(SLUG, game(rounds, players, spare=spare, **options))


def column(sheet: dict, key: str) -> list[int]:
    return [p["breakdown"][key] for p in sheet["players"]]


def player(sheet: dict, name: str) -> dict:
    return next(p for p in sheet["players"] if p["name"] == name)


def stars(n: int) -> dict[str, int]:
    """Seastar cards showing ``n`` stars in all."""
    cards = {"seastar_3": n // 3}
    if n % 3:
        cards[f"seastar_{n % 3}"] = 1
    return cards


def error_fields(data, *, partial: bool = False) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        reef_draft.parse(data, partial=partial)
    return [e.field for e in caught.value.errors]


def messages(data, *, partial: bool = False) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        reef_draft.parse(data, partial=partial)
    return {e.field: e.message for e in caught.value.errors}


# --- the sheet -------------------------------------------------------------------------


def test_sheet_shape_keeps_players_in_input_order():
    sheet = score(
        [{"Ana": {"dolphins": 1}, "Ben": {"jellies": 2}, "Cleo": {}}], players=3, spare=CORAL_PAD
    )
    assert set(sheet) == {"game", "players", "winners", "notes", "complete"}
    assert sheet["game"] == "reef-draft"
    assert [p["name"] for p in sheet["players"]] == ["Ana", "Ben", "Cleo"]
    for p in sheet["players"]:
        assert set(p) == {"name", "total", "rank", "breakdown", "tiebreak", "rounds", "explain"}
        assert set(p["breakdown"]) == set(CATEGORIES)
        assert set(p["tiebreak"]) == {"coral"}
        assert len(p["rounds"]) == 1
    assert [p["total"] for p in sheet["players"]] == [1, 5, 0]
    assert [p["rank"] for p in sheet["players"]] == [2, 1, 3]
    assert sheet["winners"] == []  # one round of three: nobody has won yet
    assert sheet["complete"] is False


def test_one_round_scores_every_category_in_its_subtotal():
    sheet = score(
        [
            {
                "Ana": {
                    "seastar_3": 1,  # the only stars: 6
                    "jellies": 2,  # 5
                    "seahorses": 3,  # 10
                    "dolphins": 2,  # 3
                    "pufferfish": 1,  # on a shark: 2 x 3 = 6
                    "sharks": 1,
                    "on_shark": {"pufferfish": 1},
                }
            }
        ]
    )
    ana = player(sheet, "Ana")
    assert ana["breakdown"] == {
        "seastars": 6,
        "jellies": 5,
        "seahorses": 10,
        "dolphins": 3,
        "fish": 6,
        "coral": 0,
    }
    assert ana["rounds"] == [30]
    assert ana["total"] == 30
    assert player(sheet, "Ben")["total"] == 0


def test_breakdown_sums_rounds_and_rounds_list_each_subtotal():
    sheet = score(
        [
            {"Ana": {"jellies": 2}, "Ben": {"dolphins": 3}},  # Ana 5, Ben 6
            {"Ana": {"seahorses": 3}, "Ben": {"jellies": 4}},  # Ana 10, Ben 10
        ],
        spare=CORAL_PAD,
    )
    ana, ben = sheet["players"]
    assert ana["rounds"] == [5, 10]
    assert ben["rounds"] == [6, 10]
    assert ana["breakdown"] == {**ZERO, "jellies": 5, "seahorses": 10}
    assert ben["breakdown"] == {**ZERO, "dolphins": 6, "jellies": 10}
    assert (ana["total"], ben["total"]) == (15, 16)
    assert sheet["complete"] is False


# --- seastars --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("star_counts", "expected"),
    [
        pytest.param((5, 3), (6, 3), id="most-and-second"),
        pytest.param((3, 1, 0), (6, 3, 0), id="third-gets-nothing"),
        pytest.param((8, 3, 1, 0, 0), (6, 3, 0, 0, 0), id="five-players-most-and-second"),
        pytest.param((5, 5), (3, 3), id="two-tie-for-most-split-6"),
        pytest.param((4, 4, 4), (2, 2, 2), id="three-way-tie-for-most-6/3"),
        pytest.param((4, 4, 4, 1), (2, 2, 2, 0), id="tie-for-most-means-no-second"),
        pytest.param((6, 6, 6, 6, 2), (1, 1, 1, 1, 0), id="four-way-tie-6/4-drops-remainder"),
        pytest.param((3, 3, 3, 3, 3), (1, 1, 1, 1, 1), id="five-way-tie-6/5"),
        pytest.param((7, 5, 5), (6, 1, 1), id="two-tie-for-second-3/2"),
        pytest.param((7, 5, 5, 5), (6, 1, 1, 1), id="three-tie-for-second-3/3"),
        pytest.param((7, 5, 5, 5, 5), (6, 0, 0, 0, 0), id="four-tie-for-second-3/4-is-0"),
        pytest.param((2, 0), (6, 0), id="no-stars-never-second"),
        pytest.param((1, 0, 0), (6, 0, 0), id="one-star-is-enough-to-lead"),
        pytest.param((0, 0, 0), (0, 0, 0), id="no-seastars-at-all"),
    ],
)
def test_seastars(star_counts, expected):
    reefs = {name: stars(n) for name, n in zip(NAMES, star_counts, strict=False)}
    sheet = score([reefs], players=len(star_counts), spare=CORAL_PAD)
    assert column(sheet, "seastars") == list(expected)


def test_seastars_count_stars_not_cards():
    # Ana: four 1-star cards = 4 stars; Ben: two 3-star cards = 6 stars.
    sheet = score([{"Ana": {"seastar_1": 4}, "Ben": {"seastar_3": 2}}])
    assert column(sheet, "seastars") == [3, 6]


def test_seastars_of_mixed_cards_can_tie():
    # Ana: 1 + 2 = 3 stars; Ben: one 3-star card = 3 stars: they split 6.
    sheet = score(
        [{"Ana": {"seastar_1": 1, "seastar_2": 1}, "Ben": {"seastar_3": 1}}], spare=CORAL_PAD
    )
    assert column(sheet, "seastars") == [3, 3]


def test_seastars_are_scored_each_round_and_summed():
    sheet = score(
        [
            {"Ana": {"seastar_3": 1}, "Ben": {"seastar_1": 1}},  # Ana 6, Ben 3
            # Ana has no stars: Ben alone has 6, nobody is second.
            # Ana's 4 dolphins score 10, Ben's pufferfish 2.
            {"Ana": {"dolphins": 4}, "Ben": {"seastar_2": 1, "pufferfish": 1}},
        ],
        spare=CORAL_PAD,
    )
    ana, ben = sheet["players"]
    assert (ana["rounds"], ben["rounds"]) == ([6, 10], [3, 8])
    assert column(sheet, "seastars") == [6, 9]


# --- jellies, seahorses, dolphins --------------------------------------------------------


@pytest.mark.parametrize(
    ("jellies", "points"), [(0, 0), (1, 0), (2, 5), (3, 5), (4, 10), (5, 10), (7, 15)]
)
def test_jellies_score_5_per_pair(jellies, points):
    ana = player(score([{"Ana": {"jellies": jellies}}], spare=CORAL_PAD), "Ana")
    assert ana["breakdown"] == {**ZERO, "jellies": points}
    assert ana["total"] == points


@pytest.mark.parametrize(
    ("seahorses", "points"), [(1, 0), (2, 0), (3, 10), (5, 10), (6, 20), (9, 30)]
)
def test_seahorses_score_10_per_three(seahorses, points):
    ana = player(score([{"Ana": {"seahorses": seahorses}}], spare=CORAL_PAD), "Ana")
    assert ana["breakdown"] == {**ZERO, "seahorses": points}
    assert ana["total"] == points


@pytest.mark.parametrize(
    ("dolphins", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15), (9, 15)]
)
def test_dolphins_score_by_the_table(dolphins, points):
    ana = player(score([{"Ana": {"dolphins": dolphins}}], spare=CORAL_PAD), "Ana")
    assert ana["breakdown"] == {**ZERO, "dolphins": points}
    assert ana["total"] == points


# --- fish, sharks, turtles ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("reef", "points"),
    [
        pytest.param({"clownfish": 1}, 1, id="clown"),
        pytest.param({"pufferfish": 1}, 2, id="puffer"),
        pytest.param({"anglerfish": 1}, 3, id="angler"),
        pytest.param(
            {"clownfish": 1, "sharks": 1, "on_shark": {"clownfish": 1}}, 3, id="clown-on-shark"
        ),
        pytest.param(
            {"pufferfish": 1, "sharks": 1, "on_shark": {"pufferfish": 1}}, 6, id="puffer-on-shark"
        ),
        pytest.param(
            {"anglerfish": 1, "sharks": 1, "on_shark": {"anglerfish": 1}}, 9, id="angler-on-shark"
        ),
        pytest.param(
            {"anglerfish": 2, "sharks": 2, "on_shark": {"anglerfish": 2}}, 18, id="two-on-sharks"
        ),
        # A fish counts as eaten only when the reef says so: 1 on the shark (3) + 1 not (1).
        pytest.param(
            {"clownfish": 2, "sharks": 2, "on_shark": {"clownfish": 1}}, 4, id="one-of-two-on-shark"
        ),
        pytest.param({"anglerfish": 1, "sharks": 1}, 3, id="shark-beside-a-fish"),
        pytest.param({"sharks": 3, "turtles": 2}, 0, id="sharks-and-turtles-alone"),
        pytest.param({"turtles": 4}, 0, id="turtles"),
        # clown 3 + 1 = 4; puffer 6 + 2 + 2 = 10; angler 9 + 3 = 12; 4 + 10 + 12 = 26
        pytest.param(
            {
                "sharks": 3,
                "clownfish": 2,
                "pufferfish": 3,
                "anglerfish": 2,
                "on_shark": {"clownfish": 1, "pufferfish": 1, "anglerfish": 1},
            },
            26,
            id="mixed",
        ),
    ],
)
def test_fish_and_sharks(reef, points):
    ana = player(score([{"Ana": reef}], spare=CORAL_PAD), "Ana")
    assert ana["breakdown"] == {**ZERO, "fish": points}
    assert ana["total"] == points


# --- coral -------------------------------------------------------------------------------


def coral_game(coral_counts, penalty=None) -> dict:
    """A complete game where player i plays coral_counts[i] coral, spread over the rounds."""
    rounds: list[dict[str, dict[str, int]]] = [
        {name: {} for name in NAMES[: len(coral_counts)]} for _ in range(3)
    ]
    for name, count in zip(NAMES, coral_counts, strict=False):
        for card in range(count):
            reef = rounds[card % 3][name]
            reef["coral"] = reef.get("coral", 0) + 1
    options = {} if penalty is None else {"coral_penalty": penalty}
    return game(rounds, len(coral_counts), spare=ANYTHING_BUT_CORAL, **options)


@pytest.mark.parametrize(
    ("coral_counts", "penalty", "expected"),
    [
        # 2 players: only the most scores.
        pytest.param((3, 1), "each", (6, 0), id="2p-no-penalty"),
        pytest.param((3, 1), "split", (6, 0), id="2p-no-penalty-split"),
        pytest.param((0, 1), "each", (0, 6), id="2p-zero-coral-loses-nothing"),
        pytest.param((2, 2), "each", (0, 0), id="2p-all-equal"),
        # 3 players
        pytest.param((3, 1, 0), "each", (6, 0, -6), id="3p-most-middle-fewest"),
        pytest.param((3, 0, 0), "each", (6, -6, -6), id="3p-each-tied-fewest-lose-6"),
        pytest.param((3, 0, 0), "split", (6, -3, -3), id="3p-split-6/2"),
        pytest.param((2, 2, 0), "each", (3, 3, -6), id="3p-tie-for-most-6/2"),
        pytest.param((1, 1, 1), "each", (0, 0, 0), id="3p-all-equal"),
        # 4 players
        pytest.param((2, 2, 2, 0), "each", (2, 2, 2, -6), id="4p-three-tie-for-most-6/3"),
        pytest.param((3, 1, 1, 1), "each", (6, -6, -6, -6), id="4p-each"),
        pytest.param((3, 1, 1, 1), "split", (6, -2, -2, -2), id="4p-split-6/3"),
        # 5 players (a 5-player game deals 105 of the 108 cards, so at least 7 coral show)
        pytest.param((3, 1, 1, 1, 1), "each", (6, -6, -6, -6, -6), id="5p-each"),
        # 6 / 4 = 1.5, dropped toward zero: -1 each, not -2
        pytest.param((3, 1, 1, 1, 1), "split", (6, -1, -1, -1, -1), id="5p-split-toward-zero"),
        pytest.param((3, 3, 2, 1, 1), "each", (3, 3, 0, -6, -6), id="5p-each-with-middle"),
        pytest.param((3, 3, 2, 1, 1), "split", (3, 3, 0, -3, -3), id="5p-split-with-middle"),
        pytest.param((2, 2, 2, 2, 1), "each", (1, 1, 1, 1, -6), id="5p-four-tie-for-most-6/4"),
        pytest.param((2, 2, 2, 2, 2), "each", (0, 0, 0, 0, 0), id="5p-all-equal"),
        pytest.param((2, 2, 2, 2, 2), "split", (0, 0, 0, 0, 0), id="5p-all-equal-split"),
    ],
)
def test_coral_at_the_end_of_the_game(coral_counts, penalty, expected):
    sheet = games.score_json(SLUG, coral_game(coral_counts, penalty))
    assert sheet["complete"] is True
    assert column(sheet, "coral") == list(expected)
    assert [p["tiebreak"]["coral"] for p in sheet["players"]] == list(coral_counts)


def test_coral_penalty_defaults_to_each():
    sheet = games.score_json(SLUG, coral_game((3, 0, 0)))
    assert column(sheet, "coral") == [6, -6, -6]


@pytest.mark.parametrize("rounds_in", [1, 2])
def test_coral_is_not_scored_before_round_3(rounds_in):
    # Ana 2 coral, Ben 0, Cleo 1 would be +6 / -6 / 0 at the end of the game.
    first = {"Ana": {"coral": 2}, "Ben": {}, "Cleo": {"coral": 1}}
    rounds = [first] + [{}] * (rounds_in - 1)
    sheet = score(rounds, players=3, spare=ANYTHING_BUT_CORAL)
    assert sheet["complete"] is False
    assert column(sheet, "coral") == [0, 0, 0]
    assert [p["tiebreak"]["coral"] for p in sheet["players"]] == [2, 0, 1]
    for p in sheet["players"]:
        assert len(p["rounds"]) == rounds_in
        assert p["total"] == sum(p["rounds"])


def test_a_total_can_go_negative():
    # Cleo's reefs are given in full (9 cards a round). Every round Ana and Ben each
    # show a 3-star card and Cleo only 2 stars, so Cleo is never first or second: 0.
    # Her lone jelly, 2 seahorses, sharks and turtles score nothing; the clownfish 1.
    # Coral: Ana 3 (most, +6), Ben 2, Cleo 1 (fewest, -6). Cleo: 0 + 0 + 1 - 6 = -5.
    cleo = [
        {"seastar_1": 2, "jellies": 1, "seahorses": 2, "sharks": 2, "turtles": 2},
        {"seastar_1": 2, "jellies": 1, "seahorses": 2, "sharks": 2, "turtles": 1, "coral": 1},
        {"seastar_1": 2, "jellies": 1, "seahorses": 2, "sharks": 2, "turtles": 1, "clownfish": 1},
    ]
    ben_coral = [1, 0, 1]
    rounds = [
        {
            "Ana": {"seastar_3": 1, "coral": 1},
            "Ben": {"seastar_3": 1, "coral": ben_coral[i]},
            "Cleo": cleo[i],
        }
        for i in range(3)
    ]
    sheet = score(rounds, players=3, spare=ANYTHING_BUT_CORAL)
    cleo_row = player(sheet, "Cleo")
    assert cleo_row["breakdown"] == {**ZERO, "fish": 1, "coral": -6}
    assert cleo_row["rounds"] == [0, 0, 1]  # coral is in no round subtotal
    assert cleo_row["total"] == -5
    assert cleo_row["rank"] == 3
    assert column(sheet, "coral") == [6, 0, -6]


# --- ranking and the coral tie-break ------------------------------------------------------


def test_tie_on_points_goes_to_most_coral():
    # Each round both show 2 stars (tie: 3 each), 2 dolphins (3) and a puffer (2);
    # Ana adds a clownfish (1), Ben an anglerfish (3). A round: Ana 9, Ben 11.
    # Coral: Ana 2 (most, +6), Ben 1 (2 players: no penalty).
    # Ana 3 x 9 + 6 = 33; Ben 3 x 11 = 33: Ana has more coral and wins.
    base = {"dolphins": 2, "pufferfish": 1, "seastar_2": 1}
    ana_coral, ben_coral = [1, 1, 0], [0, 0, 1]
    rounds = [
        {
            "Ana": {**base, "clownfish": 1, "coral": ana_coral[i]},
            "Ben": {**base, "anglerfish": 1, "coral": ben_coral[i]},
        }
        for i in range(3)
    ]
    sheet = score(rounds)
    ana, ben = sheet["players"]
    assert (ana["rounds"], ben["rounds"]) == ([9, 9, 9], [11, 11, 11])
    assert (ana["total"], ben["total"]) == (33, 33)
    assert (ana["tiebreak"], ben["tiebreak"]) == ({"coral": 2}, {"coral": 1})
    assert (ana["rank"], ben["rank"]) == (1, 2)
    assert sheet["winners"] == ["Ana"]
    assert sheet["notes"] == [
        "Ana and Ben tie on 33 points; the tie-break (most coral cards: Ana 2, Ben 1) "
        "puts Ana ahead of Ben."
    ]


def test_players_level_on_coral_too_share_first_place():
    # Identical reefs each round: 2 + 1 stars (tie: 3), 2 dolphins (3), a puffer (2) = 8.
    # One coral each: all equal, so no coral points. 24 each, coral 1 each: shared win.
    reef = {"dolphins": 2, "pufferfish": 1, "seastar_2": 1, "seastar_1": 1}
    rounds = [
        {"Ana": {**reef, "coral": 1}, "Ben": reef},
        {"Ana": reef, "Ben": {**reef, "coral": 1}},
        {"Ana": reef, "Ben": reef},
    ]
    sheet = score(rounds)
    assert [p["total"] for p in sheet["players"]] == [24, 24]
    assert column(sheet, "coral") == [0, 0]
    assert [p["rank"] for p in sheet["players"]] == [1, 1]
    assert sheet["winners"] == ["Ana", "Ben"]
    assert sheet["notes"] == [
        "Ana and Ben tie on 24 points; the tie-break (most coral cards: Ana 1, Ben 1) "
        "leaves them level, so they share the place."
    ]


def four_player_round(cleo_coral: int) -> dict:
    # Ana 6 seahorses = 20; Ben 5 dolphins = 15; Cleo 6 jellies = 15; Dev 2 jellies = 5.
    return {
        "Ana": {"seahorses": 6},
        "Ben": {"dolphins": 5},
        "Cleo": {"jellies": 6, "coral": cleo_coral},
        "Dev": {"jellies": 2},
    }


NOT_OVER = "The game is not over (1 of 3 rounds in): no winner yet."


def test_ranking_is_standard_competition_1224():
    sheet = score([four_player_round(cleo_coral=0)], players=4)
    assert [p["total"] for p in sheet["players"]] == [20, 15, 15, 5]
    assert [p["rank"] for p in sheet["players"]] == [1, 2, 2, 4]
    assert sheet["notes"] == [
        NOT_OVER,
        "Ben and Cleo tie on 15 points; the tie-break (most coral cards: Ben 0, Cleo 0) "
        "leaves them level, so they share the place.",
    ]


def test_coral_tie_break_orders_a_tie_below_first():
    sheet = score([four_player_round(cleo_coral=1)], players=4)
    assert [p["total"] for p in sheet["players"]] == [20, 15, 15, 5]
    assert [p["rank"] for p in sheet["players"]] == [1, 3, 2, 4]
    assert sheet["notes"] == [
        NOT_OVER,
        "Cleo and Ben tie on 15 points; the tie-break (most coral cards: Cleo 1, Ben 0) "
        "puts Cleo ahead of Ben.",
    ]


# --- validation ----------------------------------------------------------------------------

# A legal 2-player round, written out in full (10 cards each).
VALID_ROUND: dict[str, dict[str, Any]] = {
    "Ana": {
        "jellies": 2,
        "seahorses": 3,
        "dolphins": 2,
        "seastar_2": 1,
        "sharks": 1,
        "clownfish": 1,
        "on_shark": {"clownfish": 1},
    },
    "Ben": {
        "jellies": 1,
        "seahorses": 2,
        "dolphins": 1,
        "seastar_3": 1,
        "pufferfish": 2,
        "anglerfish": 1,
        "turtles": 1,
        "coral": 1,
    },
}
DELETE = object()


def valid_data() -> dict:
    return {
        "players": ["Ana", "Ben"],
        "options": {"coral_penalty": "each"},
        "rounds": [copy.deepcopy(VALID_ROUND)],
    }


def changed(path: tuple, value) -> dict:
    data = valid_data()
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return data


def test_the_valid_round_is_valid():
    parsed = reef_draft.parse(valid_data())
    assert parsed.players == ("Ana", "Ben")
    assert parsed.coral_penalty == "each"


@pytest.mark.parametrize(
    ("path", "value", "fields", "hint"),
    [
        pytest.param(("extra",), 1, ["extra"], "no 'extra'", id="unknown-top-level-key"),
        pytest.param(("options",), "split", ["options"], "object", id="options-not-object"),
        pytest.param(("options", "coral_penalty"), "half", ["options.coral_penalty"], "each, split", id="bad-penalty"),
        pytest.param(("options", "variant"), "x", ["options.variant"], "coral_penalty", id="unknown-option"),
        pytest.param(("rounds",), DELETE, ["rounds"], "1 to 3", id="no-rounds"),
        pytest.param(("rounds",), [], ["rounds"], "1 to 3", id="zero-rounds"),
        pytest.param(("rounds",), [VALID_ROUND] * 4, ["rounds"], "1 to 3", id="four-rounds"),
        pytest.param(("rounds",), {"0": VALID_ROUND}, ["rounds"], "1 to 3", id="rounds-not-list"),
        pytest.param(("rounds", 0, "Cleo"), {}, ["rounds[0].Cleo"], "no 'Cleo'", id="unknown-player"),
        pytest.param(("rounds", 0, "Ben"), DELETE, ["rounds[0].Ben"], "no reef for Ben", id="missing-reef"),
        pytest.param(("rounds", 0, "Ben"), 10, ["rounds[0].Ben"], "object", id="reef-not-object"),
        pytest.param(("rounds", 0, "Ana", "whales"), 0, ["rounds[0].Ana.whales"], "no 'whales'", id="unknown-card"),
        # Ana has no anglerfish, so a rejected count (taken as 0) keeps the total right.
        pytest.param(("rounds", 0, "Ana", "anglerfish"), -1, ["rounds[0].Ana.anglerfish"], "less than 0", id="negative"),
        pytest.param(("rounds", 0, "Ana", "anglerfish"), 1.5, ["rounds[0].Ana.anglerfish"], "whole number", id="fraction"),
        pytest.param(("rounds", 0, "Ana", "anglerfish"), "1", ["rounds[0].Ana.anglerfish"], "whole number", id="string"),
        pytest.param(("rounds", 0, "Ana", "anglerfish"), True, ["rounds[0].Ana.anglerfish"], "whole number", id="boolean"),
        # Ana has 1 clownfish (and 1 shark).
        pytest.param(("rounds", 0, "Ana", "on_shark", "clownfish"), 2, ["rounds[0].Ana.on_shark.clownfish"], "only 1", id="more-eaten-than-fish"),
        pytest.param(("rounds", 0, "Ana", "on_shark", "pufferfish"), -1, ["rounds[0].Ana.on_shark.pufferfish"], "less than 0", id="negative-on-shark"),
        pytest.param(("rounds", 0, "Ana", "on_shark", "sharks"), 1, ["rounds[0].Ana.on_shark.sharks"], "no 'sharks'", id="unknown-on-shark"),
        pytest.param(("rounds", 0, "Ana", "on_shark"), 1, ["rounds[0].Ana.on_shark"], "object", id="on-shark-not-object"),
        # Ben has a pufferfish and an anglerfish but no shark.
        pytest.param(("rounds", 0, "Ben", "on_shark"), {"pufferfish": 1}, ["rounds[0].Ben.on_shark"], "only one fish", id="more-eaten-than-sharks"),
        pytest.param(("rounds", 0, "Ben", "turtles"), 2, ["rounds[0].Ben"], "Ben's reef: 11 cards", id="reef-one-card-over"),
        pytest.param(("rounds", 0, "Ben", "coral"), 0, ["rounds[0].Ben"], "Ben's reef: 9 cards", id="reef-one-card-short"),
    ],
)  # fmt: skip
def test_each_validation_error_names_its_field(path, value, fields, hint):
    data = changed(path, value)
    assert error_fields(data) == fields
    assert hint in messages(data)[fields[0]]


@pytest.mark.parametrize(
    ("names", "field", "hint"),
    [
        pytest.param(["Ana"], "players", "2 to 5", id="one-player"),
        pytest.param(list(NAMES) + ["Fay"], "players", "2 to 5", id="six-players"),
        pytest.param("Ana, Ben", "players", "list", id="not-a-list"),
        pytest.param(["Ana", "  "], "players[1]", "needs a name", id="blank-name"),
        pytest.param(["Ana", 7], "players[1]", "needs a name", id="name-not-text"),
        pytest.param(["Ana", "Ben", "Ana"], "players[2]", "must differ", id="same-name"),
        pytest.param(["Ana", "ANA"], "players[1]", "must differ", id="same-name-other-case"),
    ],
)
def test_player_names(names, field, hint):
    # partial=True with an empty round: only the names are under test here.
    data = {"players": names, "rounds": [{}]}
    assert error_fields(data, partial=True) == [field]
    assert hint in messages(data, partial=True)[field]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_reef_must_hold_the_hand_size(players):
    hand = HAND[players]  # 10, 9, 8, 7
    data = game([{}], players, spare=CORAL_PAD)
    reef_draft.parse(data)  # every reef exactly a hand: fine

    over = copy.deepcopy(data)
    over["rounds"][0]["Ana"]["dolphins"] = 1  # the pads hold no dolphins
    assert error_fields(over) == ["rounds[0].Ana"]
    said = messages(over)["rounds[0].Ana"]
    assert f"Round 1, Ana's reef: {hand + 1} cards" in said
    assert f"exactly {hand}, the hand size for {players} players" in said

    short = copy.deepcopy(data)
    short["rounds"][0]["Ana"]["jellies"] -= 1  # every pad starts with a lone jelly
    assert error_fields(short) == ["rounds[0].Ana"]
    assert f"Ana's reef: {hand - 1} cards" in messages(short)["rounds[0].Ana"]


def test_turtles_count_as_cards_and_add_none():
    # A turtle lets its owner take 2 cards but goes back into the hand: no extra card.
    round_ = copy.deepcopy(VALID_ROUND)
    round_["Ana"]["turtles"] = 1  # Ana 11 cards
    data = {"players": ["Ana", "Ben"], "rounds": [round_]}
    assert error_fields(data) == ["rounds[0].Ana"]


def test_a_reef_too_big_is_not_made_up_by_one_too_small():
    # 11 + 9 = 20 cards, the round's total, but each reef must hold a hand of 10.
    round_ = copy.deepcopy(VALID_ROUND)
    round_["Ana"]["turtles"] = 1  # Ana 11 cards
    round_["Ben"]["coral"] = 0  # Ben 9 cards
    data = {"players": ["Ana", "Ben"], "rounds": [round_]}
    assert error_fields(data) == ["rounds[0].Ana", "rounds[0].Ben"]


def test_while_entering_a_reef_of_any_size_is_kept():
    round_ = copy.deepcopy(VALID_ROUND)
    round_["Ana"]["turtles"] = 1  # 11 of 10: flagged on the screen, refused at the end
    parsed = reef_draft.parse({"players": ["Ana", "Ben"], "rounds": [round_]}, partial=True)
    [reefs] = parsed.rounds
    assert (reefs["Ana"].size, reefs["Ana"].cards["turtles"], reefs["Ben"].size) == (11, 1, 10)


def test_a_game_not_over_names_no_winner():
    sheet = games.score_json("reef-draft", game([{"Ana": {"dolphins": 3}}], spare=CORAL_PAD))
    assert sheet["complete"] is False
    assert sheet["winners"] == []
    assert sheet["notes"] == [NOT_OVER]
    assert [p["rank"] for p in sheet["players"]] == [1, 2]  # still ranked so far


@pytest.mark.parametrize("kind", list(DECK))
def test_no_card_kind_can_exceed_the_deck(kind):
    # One deck's worth plus one, in one legal 2-player round (20 cards).
    count = DECK[kind] + 1
    given = {"Ana": {kind: min(count, 10)}, "Ben": {kind: count - min(count, 10)}}
    data = game([given], spare=CORAL_PAD)
    assert error_fields(data) == [f"rounds.{kind}"]
    assert f"only {DECK[kind]}" in messages(data)[f"rounds.{kind}"]


def test_the_deck_limit_counts_the_whole_game():
    at_limit: dict[str, Any] = {  # 4 + 4 + 2 = 10 coral: the whole deck's coral, allowed
        "players": ["Ana", "Ben"],
        "rounds": [{"Ana": {"coral": 4}}, {"Ben": {"coral": 4}}, {"Ana": {"coral": 2}}],
    }
    reef_draft.parse(at_limit, partial=True)
    at_limit["rounds"][2]["Ana"]["coral"] = 3  # 11 coral
    assert error_fields(at_limit, partial=True) == ["rounds.coral"]


def test_all_errors_are_reported_at_once():
    data = {
        "players": ["Ana", "Ben"],
        "options": {"coral_penalty": "half"},
        "rounds": [
            {
                "Ana": {"jellies": -2, "sharks": 1, "clownfish": 1, "on_shark": {"clownfish": 2}},
                "Ben": {"coral": 11, "whales": 1},
            }
        ],
    }
    with pytest.raises(InvalidInput) as caught:
        games.score(SLUG, data)
    errors = caught.value.to_json()["errors"]
    assert [e["field"] for e in errors] == [
        "options.coral_penalty",
        "rounds[0].Ana.jellies",
        "rounds[0].Ana.on_shark.clownfish",
        "rounds[0].Ben.whales",
        "rounds[0].Ana",  # 2 cards (the bad jellies count as none), not a hand of 10
        "rounds[0].Ben",  # 11 cards
        "rounds.coral",  # 11 coral, the deck has 10
    ]
    assert all(set(e) == {"field", "message"} and e["message"] for e in errors)


def test_unknown_game_is_an_error_on_game():
    with pytest.raises(InvalidInput) as caught:
        games.score("no-such-game", valid_data())
    assert caught.value.to_json() == {
        "errors": [{"field": "game", "message": "There is no game called 'no-such-game'."}]
    }


# --- partial games ----------------------------------------------------------------------


def test_partial_skips_missing_reefs_and_round_totals():
    data = {"players": ["Ana", "Ben"], "rounds": [{"Ana": {"dolphins": 2}}]}
    assert error_fields(data) == ["rounds[0].Ben", "rounds[0].Ana"]
    sheet = reef_draft.score(reef_draft.parse(data, partial=True)).to_json()
    assert [p["total"] for p in sheet["players"]] == [3, 0]
    assert sheet["complete"] is False


def test_partial_still_checks_the_cards():
    data = {
        "players": ["Ana", "Ben"],
        "rounds": [
            {"Ana": {"jellies": -1, "clownfish": 1, "on_shark": {"clownfish": 1}}},
            {"Ben": {"jellies": 15, "squid": 1}},
        ],
    }
    assert error_fields(data, partial=True) == [
        "rounds[0].Ana.jellies",
        "rounds[0].Ana.on_shark",  # a clownfish on a shark, but no shark
        "rounds[1].Ben.squid",
        "rounds.jellies",
    ]


# --- a game still being entered (partial) ----------------------------------------------


def test_seastars_wait_until_every_reef_of_the_round_is_in():
    # Ana has 3 stars and would lead a finished round (6), but Ben's reef is not in yet.
    data = {
        "players": ["Ana", "Ben"],
        "rounds": [{"Ana": {"seastar_3": 1, "jellies": 2}}],
    }
    sheet = games.reef_draft.score(games.reef_draft.parse(data, partial=True))
    ana, ben = sheet.players
    assert (ana.breakdown["seastars"], ana.total, ana.extra["rounds"]) == (0, 5, [5])
    assert (ben.total, ben.extra["rounds"]) == (0, [0])
    assert sheet.complete is False


def test_coral_waits_until_every_reef_of_round_three_is_in():
    # Rounds are partial, so their card totals are not checked yet.
    full_round = {"Ana": {"coral": 2}, "Ben": {"turtles": 1}}
    data = {
        "players": ["Ana", "Ben"],
        "rounds": [full_round, {"Ana": {"coral": 1}, "Ben": {"turtles": 1}}, {"Ana": {"coral": 1}}],
    }
    sheet = games.reef_draft.score(games.reef_draft.parse(data, partial=True))
    assert [p.breakdown["coral"] for p in sheet.players] == [0, 0]
    assert [p.tiebreak["coral"] for p in sheet.players] == [4, 0]


# --- numbers no table holds (found by tests/test_properties.py) ------------------------


def test_a_card_count_no_table_holds_is_refused_not_a_crash():
    # Two reefs of 9…9 (4300 digits, the longest number JSON readers take) jellies: the
    # round's and the deck's messages added them up past what Python prints, and
    # ValueError escaped instead of the errors object.
    huge = int("9" * 4300)
    data = {
        "players": ["Ana", "Ben"],
        "rounds": [{"Ana": {"jellies": huge}, "Ben": {"jellies": huge}}],
    }
    with pytest.raises(InvalidInput) as caught:
        games.score_json(SLUG, data)
    assert ("rounds[0].Ana.jellies", "Round 1, Ana: jellies cannot be more than 1000000.") in [
        (e.field, e.message) for e in caught.value.errors
    ]


# --- explanations (docs/games/reef-draft.md, "Explanations") ----------------------------------


def explained(sheet: dict, name: str) -> dict[str, str]:
    """A player's explanations by line (tie-breaks under "tiebreak:<key>")."""
    lines = {}
    for e in player(sheet, name)["explain"]:
        lines[f"tiebreak:{e['line']}" if e.get("tiebreak") else e["line"]] = e["text"]
    return lines


def test_seastars_tied_for_most_split_the_6_and_nobody_is_second():
    # 3 stars each for Ana and Ben, 1 for Cleo: 6 / 2 = 3 each, and Cleo gets no second.
    sheet = score(
        [{"Ana": stars(3), "Ben": stars(3), "Cleo": stars(1)}], players=3, spare=CORAL_PAD
    )
    assert explained(sheet, "Ana")["seastars"] == (
        "Seastars: round 1, tied for most stars (3), 6 split 2 ways → 3"
    )
    assert "seastars" not in explained(sheet, "Cleo")


def test_seastars_three_tied_for_most_drop_nothing_and_five_ways_drop_the_remainder():
    sheet = score([{name: stars(2) for name in NAMES[:3]}], players=3, spare=CORAL_PAD)
    assert explained(sheet, "Cleo")["seastars"] == (
        "Seastars: round 1, tied for most stars (2), 6 split 3 ways → 2"
    )
    sheet = score([{name: stars(2) for name in NAMES}], players=5, spare=CORAL_PAD)
    assert explained(sheet, "Eli")["seastars"] == (
        "Seastars: round 1, tied for most stars (2), 6 split 5 ways, remainder dropped → 1"
    )


def test_a_share_that_rounds_to_nothing_leaves_no_line():
    # Ana leads; four tie for second: 3 / 4 = 0 each, so their seastar line is empty.
    rounds = [{"Ana": stars(4), **{name: stars(1) for name in NAMES[1:]}}]
    sheet = score(rounds, players=5, spare=CORAL_PAD)
    assert explained(sheet, "Ana")["seastars"] == "Seastars: round 1, most stars (4) → 6"
    assert all("seastars" not in explained(sheet, name) for name in NAMES[1:])


def test_each_line_names_the_rounds_it_scored_in_and_sums_them():
    rounds = [{"Ana": {"dolphins": 6}}, {"Ana": {"jellies": 5, "dolphins": 2}}]
    sheet = score(rounds, spare=CORAL_PAD)
    ana = {e["line"]: e for e in player(sheet, "Ana")["explain"] if not e.get("tiebreak")}
    assert ana["dolphins"] == {
        "line": "dolphins",
        "text": "Dolphins: round 1, 6 dolphins (5 or more) → 15; round 2, 2 dolphins → 3; "
        "15 + 3 = 18",
        "points": 18,
        "rounds": [1, 2],
    }
    assert ana["jellies"]["text"] == "Jellies: round 2, 5 jellies, 2 sets of 2 × 5 = 10"
    assert ana["jellies"]["rounds"] == [2]


def test_five_dolphins_score_the_top_of_the_table_and_six_are_5_or_more():
    """The dolphin table runs 0, 1, 2, 3, 4 and "5 or more": five are its last column,
    not more than it."""
    sheet = score([{"Ana": {"dolphins": 5}, "Ben": {"dolphins": 6}}], spare=CORAL_PAD)
    assert explained(sheet, "Ana")["dolphins"] == "Dolphins: round 1, 5 dolphins → 15"
    assert explained(sheet, "Ben")["dolphins"] == "Dolphins: round 1, 6 dolphins (5 or more) → 15"


def test_fish_on_sharks_are_worth_three_times_as_much():
    reef = {"clownfish": 2, "anglerfish": 1, "sharks": 2, "on_shark": {"clownfish": 2}}
    sheet = score([{"Ana": reef}], spare=CORAL_PAD)
    # 2 clownfish on sharks x 3 = 6, 1 anglerfish x 3 = 3.
    assert explained(sheet, "Ana")["fish"] == (
        "Fish & sharks: round 1, 2 clown fish on sharks × 3 + 1 angler fish × 3 = 9"
    )


def test_fewest_coral_loses_6_each_or_splits_it_and_the_line_is_negative():
    # Ana 2 coral (most, alone), Ben, Cleo and Dev none: they tie for fewest.
    rounds = [{"Ana": {"coral": 2}}, {}, {}]
    each = score(rounds, players=4, spare=ANYTHING_BUT_CORAL)
    ben = player(each, "Ben")["explain"]
    # What the pads score comes first; coral is the last line, then its tie-break.
    assert ben[-2:] == [
        {"line": "coral", "text": "Coral: tied for fewest coral cards (0) → -6", "points": -6},
        {
            "line": "coral",
            "text": "Tie-break, most coral cards: 0",
            "points": 0,
            "tiebreak": True,
        },
    ]
    split = score(rounds, players=4, spare=ANYTHING_BUT_CORAL, coral_penalty="split")
    assert explained(split, "Ben")["coral"] == (
        "Coral: tied for fewest coral cards (0), -6 split 3 ways → -2"
    )
    ana = player(split, "Ana")["explain"]
    assert ana[-2] == {
        "line": "coral",
        "text": "Coral: most coral cards (2) → 6",
        "points": 6,
        "rounds": [1],
    }
    assert ana[-1]["text"] == "Tie-break, most coral cards: 2"


def test_a_four_way_split_penalty_drops_the_remainder_toward_zero():
    # Five players fill 105 reef places and the deck has 98 cards that are not coral.
    sheet = games.score_json(SLUG, coral_game([3, 1, 1, 1, 1], "split"))
    assert explained(sheet, "Ben")["coral"] == (
        "Coral: tied for fewest coral cards (1), -6 split 4 ways, remainder dropped → -1"
    )


def test_players_tied_for_most_coral_split_the_6():
    rounds = [
        {"Ana": {"coral": 1}, "Ben": {"coral": 1}},
        {"Ana": {"coral": 1}},
        {"Ben": {"coral": 1}},
    ]
    sheet = score(rounds, players=3, spare=ANYTHING_BUT_CORAL)
    assert explained(sheet, "Ben")["coral"] == (
        "Coral: tied for most coral cards (2), 6 split 2 ways → 3"
    )
    coral = next(e for e in player(sheet, "Ben")["explain"] if e.get("tiebreak"))
    assert coral == {
        "line": "coral",
        "text": "Tie-break, most coral cards: 1 + 1 = 2",
        "points": 2,
        "rounds": [1, 3],
        "tiebreak": True,
    }


def test_a_player_who_scores_nothing_has_only_the_tie_break():
    sheet = score([{"Ana": {"jellies": 2}}], spare=CORAL_PAD)
    assert sheet["players"][1]["breakdown"] == ZERO
    assert [(e["line"], e.get("tiebreak")) for e in player(sheet, "Ben")["explain"]] == [
        ("coral", True)
    ]


def test_a_game_being_entered_explains_what_is_scored_so_far():
    # Round 1 lacks Ben's reef: its seastars wait, and coral waits for round 3.
    data = {
        "players": ["Ana", "Ben"],
        "rounds": [{"Ana": {"seastar_3": 1, "coral": 1, "dolphins": 1}}],
    }
    sheet = reef_draft.score(reef_draft.parse(data, partial=True)).to_json()
    assert player(sheet, "Ana")["explain"] == [
        {
            "line": "dolphins",
            "text": "Dolphins: round 1, 1 dolphin → 1",
            "points": 1,
            "rounds": [1],
        },
        {
            "line": "coral",
            "text": "Tie-break, most coral cards: 1",
            "points": 1,
            "rounds": [1],
            "tiebreak": True,
        },
    ]


TWO = ["Ana", "Ben"]


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ("nope", "", "The game must be an object of named values."),
        (
            {"players": TWO, "rounds": [], "colour": 1},
            "colour",
            "A Reef Draft game has no 'colour'; expected one of: players, options, rounds.",
        ),
        (
            {"players": TWO, "options": "x", "rounds": []},
            "options",
            "Options must be an object of named values.",
        ),
        (
            {"players": TWO, "options": {"speed": 1}, "rounds": []},
            "options.speed",
            "Options has no 'speed'; expected one of: coral_penalty.",
        ),
        (
            {"players": TWO, "rounds": ["x"]},
            "rounds[0]",
            "Round 1 must be an object of named values.",
        ),
        (
            {"players": TWO, "rounds": [{"Cy": {}}]},
            "rounds[0].Cy",
            "Round 1 has no 'Cy'; expected one of: Ana, Ben.",
        ),
        (
            {"players": TWO, "rounds": [{"Ana": "x"}]},
            "rounds[0].Ana",
            "Round 1, Ana must be an object of named values.",
        ),
        (
            {"players": TWO, "rounds": [{"Ana": {"on_shark": "x"}}]},
            "rounds[0].Ana.on_shark",
            "Round 1, Ana: fish on sharks must be an object of named values.",
        ),
        (
            {"players": TWO, "rounds": [{"Ana": {"sharks": 1, "on_shark": {"tuna": 1}}}]},
            "rounds[0].Ana.on_shark.tuna",
            "Round 1, Ana: fish on sharks has no 'tuna'; expected one of: clownfish, "
            "pufferfish, anglerfish.",
        ),
        (
            {"players": TWO, "rounds": [{"Ana": {"sharks": 1, "on_shark": {"clownfish": "x"}}}]},
            "rounds[0].Ana.on_shark.clownfish",
            "Round 1, Ana: clown fish on sharks must be a whole number.",
        ),
        (
            {
                "players": TWO,
                "rounds": [{"Ana": {"sharks": 1, "clownfish": 2, "on_shark": {"clownfish": 2}}}],
            },
            "rounds[0].Ana.on_shark",
            "Round 1, Ana: 2 fish on sharks, but the reef has 1 shark and each shark eats "
            "only one fish.",
        ),
        (
            {
                "players": TWO,
                "rounds": [{"Ana": {"sharks": 2, "clownfish": 3, "on_shark": {"clownfish": 3}}}],
            },
            "rounds[0].Ana.on_shark",
            "Round 1, Ana: 3 fish on sharks, but the reef has 2 sharks and each shark eats "
            "only one fish.",
        ),
    ],
)
def test_each_refusal_names_the_place_and_the_rule(data: Any, field: str, message: str) -> None:
    assert messages(data)[field] == message


def test_a_reef_names_what_it_does_not_know_and_one_fish_on_no_shark() -> None:
    octopus = {"players": TWO, "rounds": [{"Ana": {"octopus": 1}, "Ben": {}}]}
    assert messages(octopus, partial=True) == {
        "rounds[0].Ana.octopus": "Round 1, Ana has no 'octopus'; expected one of: jellies, "
        "seahorses, dolphins, seastar_1, seastar_2, seastar_3, clownfish, pufferfish, "
        "anglerfish, sharks, turtles, coral, on_shark."
    }
    one_fish = {"clownfish": 1, "on_shark": {"clownfish": 1}}
    assert messages({"players": TWO, "rounds": [{"Ana": one_fish, "Ben": {}}]}, partial=True) == {
        "rounds[0].Ana.on_shark": "Round 1, Ana: 1 fish on sharks, but the reef has 0 sharks "
        "and each shark eats only one fish."
    }


def test_reefs_are_not_read_while_the_players_are_wrong() -> None:
    # Reefs are matched to players by name: nothing to match them to.
    assert messages({"players": [], "rounds": [{"Ana": {"octopus": 1}}]}) == {
        "players": "Reef Draft is for 2 to 5 players; 0 were given."
    }


def test_a_game_being_entered_may_have_no_round_yet_and_a_finished_one_not() -> None:
    reef_draft.parse({"players": TWO, "rounds": []}, partial=True)
    assert messages({"players": TWO, "rounds": []}) == {
        "rounds": "Give the reefs of 1 to 3 rounds, one object per round.",
    }


# --- explanations in German and French (docs/languages.md) -----------------------------------


def explained_in(
    language: str, rounds: list[dict], players: int = 2, *, spare=CORAL_PAD, **options
) -> dict:
    """Each player's explanations by line, read in ``language``."""
    sheet = games.score(SLUG, game(rounds, players, spare=spare, **options))
    return {
        p.name: {
            f"tiebreak:{e.line}" if e.tiebreak else e.line: render(e.text, language)
            for e in p.explain
        }
        for p in sheet.players
    }


NB, NBSP = "\u202f", "\u00a0"  # French spacing before ";" and ":"


def test_rounds_sets_and_the_dolphin_table_read_in_german_and_french():
    rounds = [{"Ana": {"dolphins": 6}}, {"Ana": {"jellies": 5, "dolphins": 2}}]
    de = explained_in("de", rounds)["Ana"]
    assert de["dolphins"] == (
        "Delfine: Runde 1, 6 Delfine (5 oder mehr) → 15; Runde 2, 2 Delfine → 3; 15 + 3 = 18"
    )
    assert de["jellies"] == "Quallen: Runde 2, 5 Quallen, 2 Sätze zu je 2 × 5 = 10"
    fr = explained_in("fr", rounds)["Ana"]
    assert fr["dolphins"] == (
        f"Dauphins{NBSP}: manche 1, 6 dauphins (5 ou plus) → 15{NB}; manche 2, 2 dauphins → 3"
        f"{NB}; 15 + 3 = 18"
    )
    assert fr["jellies"] == f"Méduses{NBSP}: manche 2, 5 méduses, 2 séries de 2 × 5 = 10"


def test_one_set_and_one_seahorse_set_are_singular():
    rounds = [{"Ana": {"jellies": 3, "seahorses": 5}}]
    de, fr = explained_in("de", rounds)["Ana"], explained_in("fr", rounds)["Ana"]
    assert de["jellies"] == "Quallen: Runde 1, 3 Quallen, 1 Satz zu je 2 × 5 = 5"
    assert fr["jellies"] == f"Méduses{NBSP}: manche 1, 3 méduses, 1 série de 2 × 5 = 5"
    assert de["seahorses"] == "Seepferdchen: Runde 1, 5 Seepferdchen, 1 Satz zu je 3 × 10 = 10"
    assert fr["seahorses"] == (
        f"Hippocampes{NBSP}: manche 1, 5 hippocampes, 1 série de 3 × 10 = 10"
    )


def test_fish_on_a_shark_and_on_sharks_read_in_german_and_french():
    one = {"anglerfish": 2, "sharks": 1, "on_shark": {"anglerfish": 1}}
    two = {"clownfish": 2, "sharks": 2, "on_shark": {"clownfish": 2}}
    de = explained_in("de", [{"Ana": one, "Ben": two}])
    assert de["Ana"]["fish"] == (
        "Fische & Haie: Runde 1, 1 Anglerfisch auf einem Hai × 9 + 1 Anglerfisch × 3 = 12"
    )
    assert de["Ben"]["fish"] == "Fische & Haie: Runde 1, 2 Clownfische auf Haien × 3 = 6"
    fr = explained_in("fr", [{"Ana": one, "Ben": two}])
    assert fr["Ana"]["fish"] == (
        f"Poissons et requins{NBSP}: manche 1, 1 baudroie sur un requin × 9 + 1 baudroie × 3 = 12"
    )
    assert fr["Ben"]["fish"] == (
        f"Poissons et requins{NBSP}: manche 1, 2 poissons-clowns sur des requins × 3 = 6"
    )


def test_shared_majorities_and_the_coral_tie_break_read_in_german_and_french():
    tied = {"Ana": {**stars(3), "coral": 1}, "Ben": {**stars(3), "coral": 1}, "Cleo": {}}
    rounds = [tied, {}, {}]
    de = explained_in("de", rounds, players=3, spare=ANYTHING_BUT_CORAL)["Ana"]
    assert de["seastars"] == (
        "Seesterne: Runde 1, die meisten Sterne (3), gleichauf, 6 durch 2 geteilt → 3"
    )
    assert (
        de["coral"] == "Korallen: die meisten Korallenkarten (1), gleichauf, 6 durch 2 geteilt → 3"
    )
    assert de["tiebreak:coral"] == "Gleichstand, die meisten Korallenkarten: 1"
    fr = explained_in("fr", rounds, players=3, spare=ANYTHING_BUT_CORAL)["Ana"]
    assert fr["seastars"] == (
        f"Étoiles de mer{NBSP}: manche 1, à égalité pour le plus d’étoiles (3), "
        "6 partagés entre 2 → 3"
    )
    assert fr["tiebreak:coral"] == f"Départage, le plus de cartes corail{NBSP}: 1"


def test_the_fewest_coral_penalty_split_with_its_remainder_dropped_in_german_and_french():
    rounds = [{"Ana": {"coral": 2}}, {}, {}]
    de = explained_in("de", rounds, players=4, spare=ANYTHING_BUT_CORAL, coral_penalty="split")[
        "Ben"
    ]
    assert de["coral"] == (
        "Korallen: die wenigsten Korallenkarten (0), gleichauf, -6 durch 3 geteilt → -2"
    )
    fr = explained_in("fr", rounds, players=4, spare=ANYTHING_BUT_CORAL, coral_penalty="split")[
        "Ben"
    ]
    assert fr["coral"] == (
        f"Corail{NBSP}: à égalité pour le moins de cartes corail (0), -6 partagés entre 3 → -2"
    )


def test_english_stays_the_source_and_the_reader_s_language_is_used_by_default():
    rounds = [{"Ana": {"dolphins": 1}}]
    assert explained_in("en", rounds)["Ana"]["dolphins"] == "Dolphins: round 1, 1 dolphin → 1"
    assert player(score(rounds, spare=CORAL_PAD), "Ana")["explain"][0]["text"] == (
        "Dolphins: round 1, 1 dolphin → 1"
    )


# --- refusals and notes in German and French (docs/languages.md) -----------------------------


def messages_in(language: str, data, *, partial: bool = False) -> dict[str, str]:
    with pytest.raises(InvalidInput) as caught:
        reef_draft.parse(data, partial=partial)
    return {e.field: render(e.words, language) for e in caught.value.errors}


def test_a_count_in_a_reef_is_named_by_round_player_and_card_in_german_and_french():
    data = {"players": TWO, "rounds": [{"Ana": {"sharks": 1, "on_shark": {"clownfish": "x"}}}]}
    field = "rounds[0].Ana.on_shark.clownfish"
    assert messages_in("de", data)[field] == (
        "Runde 1, Ana, Clownfische auf Haien: bitte eine ganze Zahl eingeben."
    )
    assert messages_in("fr", data)[field] == (
        f"Manche 1, Ana, poissons-clowns sur des requins{NBSP}: saisissez un nombre entier."
    )


def test_a_reef_of_one_card_is_singular_in_every_language():
    data = {"players": TWO, "rounds": [{"Ana": {"jellies": 1}, "Ben": {"jellies": 2}}]}
    assert messages(data)["rounds[0].Ana"] == (
        "Round 1, Ana's reef: 1 card, but every reef ends a round with exactly 10, "
        "the hand size for 2 players."
    )
    de = messages_in("de", data)
    assert de["rounds[0].Ana"] == (
        "Runde 1, Riff von Ana: 1 Karte, aber am Ende einer Runde hat jedes Riff genau "
        "10 Karten, so viele, wie bei 2 Spielern ausgeteilt werden."
    )
    assert de["rounds[0].Ben"].startswith("Runde 1, Riff von Ben: 2 Karten, aber")
    fr = messages_in("fr", data)
    assert fr["rounds[0].Ana"] == (
        f"Manche 1, Ana{NBSP}: le récif compte 1 carte, mais chaque récif finit la manche "
        "avec exactement 10 cartes, la taille de la main à 2 joueurs."
    )
    assert fr["rounds[0].Ben"].startswith(f"Manche 1, Ben{NBSP}: le récif compte 2 cartes, mais")


def test_fish_and_sharks_are_counted_each_in_its_own_plural():
    data = {"players": TWO, "rounds": [{"Ana": {"clownfish": 1, "on_shark": {"clownfish": 1}}}]}
    assert messages_in("de", data, partial=True) == {
        "rounds[0].Ana.on_shark": "Runde 1, Ana: 1 Fisch auf Haien, aber das Riff hat 0 Haie, "
        "und jeder Hai frisst nur einen Fisch."
    }
    assert messages_in("fr", data, partial=True) == {
        "rounds[0].Ana.on_shark": f"Manche 1, Ana{NBSP}: 1 poisson sur des requins, mais le "
        "récif a 0 requin et chaque requin ne mange qu’un poisson."
    }


def test_more_cards_than_the_deck_holds_are_counted_as_the_explanations_count_them():
    data = {"players": TWO, "rounds": [{"Ana": {"jellies": 8}, "Ben": {"jellies": 7}}]}
    assert messages(data, partial=True) == {
        "rounds.jellies": "The rounds together show 15 jellies, but the deck has only 14."
    }
    assert messages_in("de", data, partial=True) == {
        "rounds.jellies": "Die Runden zusammen ergeben 15 Quallen, aber das Spiel enthält nur 14."
    }
    assert messages_in("fr", data, partial=True) == {
        "rounds.jellies": "Les manches réunies comptent 15 méduses, mais le paquet n’en "
        "contient que 14."
    }


def test_the_not_over_note_counts_the_rounds_in_in_german_and_french():
    reefs = {"Ana": {"jellies": 2}, "Ben": {"seahorses": 2}}
    one = reef_draft.score(reef_draft.parse({"players": TWO, "rounds": [reefs]}, partial=True))
    two = reef_draft.score(
        reef_draft.parse({"players": TWO, "rounds": [reefs, reefs]}, partial=True)
    )
    assert render(one.notes[0], "de") == (
        "Das Spiel ist noch nicht vorbei (1 von 3 Runden eingetragen): noch kein Sieger."
    )
    assert render(one.notes[0], "fr") == (
        f"La partie n’est pas terminée (1 manche sur 3 saisie){NBSP}: pas encore de gagnant."
    )
    assert render(two.notes[0], "fr") == (
        f"La partie n’est pas terminée (2 manches sur 3 saisies){NBSP}: pas encore de gagnant."
    )
