"""Property tests (hypothesis) for every game, from issue 6's quality gates.

For each game in ``games.GAMES``:

- **No input breaks the scorer.** Arbitrary JSON, and "almost valid" games (the worked
  examples and generated valid games with values replaced, removed, added, retyped, made
  negative, huge or deeply nested, players renamed or duplicated) give a sheet or an
  ``InvalidInput`` whose errors each have a string ``field`` and a non-empty ``message``,
  through ``games.score_json`` and through ``parse(partial=True)``; nothing else escapes.
- **Valid games follow the rules.** Generators that respect each rulebook (Reef Draft hands
  dealt from the real deck, Seagrass and Coral Stations logs of events with a final tally,
  Shallow Sea paper sheets and oceans of legal tiles and fish) must parse; their sheets keep
  the contract (total and breakdown, "1224" ranks with tie-breaks, winners, tie notes) and
  match small oracles written from docs/games/*.md.
- **Reordering the players** (the ``players`` list and every object keyed by name) reorders
  the sheet and changes no score.
- **Both ways of entering a game agree**: Seagrass and Coral Stations logs and counts; a
  Shallow Sea ocean and the paper sheet it fills in.
- **The API never answers 500**: ``POST /api/games/<slug>/score`` with any bytes or JSON
  answers 200 with a sheet or 400 with the errors object (an unknown game: 404), always JSON.

Hypothesis runs derandomized, from the ``scorepad`` settings profile this module registers
and loads, so CI draws the same examples on every run and database. For hunting bugs locally:
``SCOREPAD_HYPOTHESIS_PROFILE=scorepad-explore`` draws fresh examples and
``SCOREPAD_HYPOTHESIS_SCALE=10`` runs ten times as many.
"""

from __future__ import annotations

import copy
import json
import math
import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import games
from games.contract import InvalidInput
from games.shallow_sea.data import (
    BUBBLES,
    CARDS,
    CORNERS,
    ROWS,
    SCENARIOS,
    SEALIFE,
    SEALIFE_VPS,
    SPACES,
)
from games.shallow_sea.ecosystem import most_vp
from scorepad.views.common import API_MOST_BYTES

# --- Hypothesis settings ----------------------------------------------------------------------

settings.register_profile(
    "scorepad",
    derandomize=True,  # the same examples on every run: CI never fails on a new draw
    database=None,  # nothing written to .hypothesis/
    deadline=None,  # a slow CI box or a cold test client is not a failure
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "scorepad-explore", parent=settings.get_profile("scorepad"), derandomize=False
)
settings.load_profile(os.environ.get("SCOREPAD_HYPOTHESIS_PROFILE", "scorepad"))
SCALE = float(os.environ.get("SCOREPAD_HYPOTHESIS_SCALE", "1"))


def examples(count: int, **kwargs: Any) -> settings:
    return settings(max_examples=max(1, round(count * SCALE)), **kwargs)


# --- The games and their worked examples ------------------------------------------------------

SLUGS = sorted(games.GAMES)
EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "docs" / "examples"
EXAMPLES = {
    slug: json.loads((EXAMPLES_DIR / f"{slug}.json").read_text(encoding="utf-8")) for slug in SLUGS
}
# Games that take a log or counts: a log without its final tally is a game still going.
SCORED_DURING_PLAY = ("seagrass", "coral-stations")
# Games whose breakdown has every category of the game (the others show the rows an entry
# can tell apart: docs/games/seagrass.md, docs/games/coral-stations.md).
EVERY_CATEGORY = ("reef-draft", "shallow-sea")
# Games whose sheets explain every line (docs/contract.md, "explain"); Shallow Sea's are
# written on their own branch and join this list with them.
EXPLAINED = ("reef-draft", "seagrass", "coral-stations", "shallow-sea")


def nested(depth: int, shape: str = "list") -> str:
    """JSON text nested ``depth`` deep: [[[…]]] or {"a": {"a": …}}."""
    if shape == "list":
        return "[" * depth + "]" * depth
    return '{"a": ' * depth + "0" + "}" * depth


def deepest_json(shape: str = "list") -> int:
    """How deeply nested a value the JSON reader still reads, called from here."""
    low, high = 1, 1 << 16
    while low + 1 < high:
        middle = (low + high) // 2
        try:
            json.loads(nested(middle, shape))
            low = middle
        except RecursionError:
            high = middle
    return low


DEEPEST = deepest_json()
# The largest whole number the JSON reader takes (4300 digits); sums of two overflow it.
HUGE = int("9" * 4300)


# --- What every answer must look like -----------------------------------------------------------


def is_int(value: Any) -> bool:
    return type(value) is int


def check_errors(answer: Any) -> None:
    """The validation error object: a non-empty list of {field, message} strings."""
    assert set(answer) == {"errors"}, answer
    errors = answer["errors"]
    assert isinstance(errors, list) and errors, answer
    for error in errors:
        assert set(error) == {"field", "message"}, error
        assert isinstance(error["field"], str), error
        assert isinstance(error["message"], str) and error["message"].strip(), error


def check_sheet(slug: str, sheet: Any) -> None:
    """The contract's sheet: plain JSON, integer scores, totals, "1224" ranks, winners, notes."""
    info = games.GAMES[slug].INFO
    assert json.loads(json.dumps(sheet, allow_nan=False)) == sheet
    assert sheet["game"] == slug
    players = sheet["players"]
    assert info.min_players <= len(players) <= info.max_players
    names = [p["name"] for p in players]
    assert all(isinstance(name, str) and name and name == name.strip() for name in names)
    assert len({name.casefold() for name in names}) == len(names)
    categories = [c.key for c in info.categories]
    tiebreaks = [t.key for t in info.tiebreaks]
    for p in players:
        assert is_int(p["total"]) and is_int(p["rank"]), p
        if slug in EVERY_CATEGORY:
            assert list(p["breakdown"]) == categories, p
        assert set(p["breakdown"]) <= set(categories), p
        assert all(is_int(vp) for vp in p["breakdown"].values()), p
        assert set(p["tiebreak"]) <= set(tiebreaks), p
        assert all(is_int(value) for value in p["tiebreak"].values()), p
        assert p["total"] == total_of(slug, p["breakdown"]), p
        if slug in EXPLAINED:
            check_explain(p)

    running = slug in SCORED_DURING_PLAY and not sheet["complete"]

    def key(p: dict[str, Any]) -> tuple[int, ...]:
        if running:  # running totals rank on points alone
            return (p["total"],)
        return (p["total"], *(p["tiebreak"].get(k, 0) for k in tiebreaks))

    for p in players:
        assert p["rank"] == 1 + sum(key(other) > key(p) for other in players), sheet
    assert all(isinstance(n, str) and n for n in sheet["notes"])
    if running:
        assert sheet["winners"] == []
        assert len(sheet["notes"]) == 1
        return
    notes = sheet["notes"]
    if sheet.get("complete") is False:  # ranked so far, but nobody has won yet
        assert sheet["winners"] == []
        assert "not over" in notes[0], notes
        notes = notes[1:]
    else:
        assert sheet["winners"] == [p["name"] for p in players if p["rank"] == 1]
    tied = sorted(
        (t for t, n in Counter(p["total"] for p in players).items() if n > 1), reverse=True
    )
    assert len(notes) == len(tied), notes
    for note_text, total in zip(notes, tied, strict=True):
        assert all(p["name"] in note_text for p in players if p["total"] == total)


def check_explain(player: dict[str, Any]) -> None:
    """Every line that scores or loses points has exactly one explanation, with the line's
    points, in the breakdown's order; then one per tie-break the sheet holds, with its value."""
    lines = [e for e in player["explain"] if not e.get("tiebreak")]
    scoring = [(key, vp) for key, vp in player["breakdown"].items() if vp]
    assert [(e["line"], e["points"]) for e in lines] == scoring, player
    tiebreaks = player["explain"][len(lines) :]
    assert all(e.get("tiebreak") for e in tiebreaks), player
    assert [(e["line"], e["points"]) for e in tiebreaks] == list(player["tiebreak"].items()), player
    for e in player["explain"]:
        assert isinstance(e["text"], str) and e["text"].strip(), e
        for where in ("rounds", "events"):
            assert all(is_int(n) and n >= 1 for n in e.get(where, [])), e


def total_of(slug: str, breakdown: dict[str, int]) -> int:
    if slug == "shallow-sea":
        # docs/games/shallow-sea.md: "tiles" is the rows' subtotal, counted once.
        rows = [vp for key, vp in breakdown.items() if key.startswith("row_")]
        assert len(rows) == len(ROWS) and breakdown["tiles"] == sum(rows), breakdown
        return sum(vp for key, vp in breakdown.items() if not key.startswith("row_"))
    return sum(breakdown.values())


def score_or_errors(slug: str, data: Any, *, partial: bool) -> dict[str, Any] | None:
    """The checked sheet, or None when the input is refused with a well-formed error object.

    Any exception other than InvalidInput fails the test.
    """
    try:
        if partial:
            game = games.GAMES[slug]
            sheet = game.score(game.parse(data, partial=True)).to_json()
        else:
            sheet = games.score_json(slug, data)
    except InvalidInput as invalid:
        answer = invalid.to_json()
        check_errors(answer)
        json.dumps(answer)  # the API sends it as it is
        return None
    check_sheet(slug, sheet)
    return sheet


def valid_sheet(slug: str, data: Any, *, partial: bool = False) -> dict[str, Any]:
    """The sheet of a game the generators built as valid: refusing it is a failure."""
    try:
        game = games.GAMES[slug]
        sheet = game.score(game.parse(data, partial=partial)).to_json()
    except InvalidInput as invalid:
        raise AssertionError(f"a valid game was refused: {invalid.to_json()}") from None
    check_sheet(slug, sheet)
    return sheet


# --- Arbitrary JSON ------------------------------------------------------------------------------


def words_in(value: Any) -> set[str]:
    """Every key and string in a JSON value: the game's vocabulary, to reach deeper fields."""
    if isinstance(value, dict):
        return set(value).union(*map(words_in, value.values()))
    if isinstance(value, list):
        return set().union(*map(words_in, value))
    return {value} if isinstance(value, str) else set()


EXTRA_WORDS = {
    "reef-draft": {"each", "split", "coral_penalty", "jellies", "sharks", "on_shark"},
    "seagrass": {"counts", "log", "colony", "reef", "discovery_set", "points", "true", "false"},
    "coral-stations": {"counts", "log", "station", "surfacing", "discard", "points", "reefs"},
    "shallow-sea": {
        *("solo", "family", "standard", "sheet", "sheets", "board", "boards", "scenario"),
        *("modified", "rows", "lionfish", "left_out_color", "number", "partial", "partial_vp"),
        *("different_sealife", "incomplete_fish", "yellow", "purple", "R3C4:top", "R9C9"),
    },
}
WORDS = {slug: sorted(words_in(EXAMPLES[slug]) | EXTRA_WORDS[slug]) for slug in SLUGS}
ALL_WORDS = sorted(set().union(*WORDS.values()))

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),  # NaN and infinities too: Python's JSON reader accepts them
    st.text(max_size=8),
)


def json_values(words: list[str]) -> st.SearchStrategy[Any]:
    keys = st.sampled_from(words) | st.text(max_size=6)
    leaves = SCALARS | st.sampled_from(words) | st.integers(-3, 12)
    return st.recursive(
        leaves,
        lambda children: (
            st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=5)
        ),
        max_leaves=25,
    )


def arbitrary_json(slug: str) -> st.SearchStrategy[Any]:
    """Any JSON at all, or an object with the game's top-level keys holding any JSON."""
    values = json_values(WORDS[slug])
    top = st.sampled_from([*EXAMPLES[slug], "entry", "events", "final", "counts", "sheets"])
    return values | st.dictionaries(top, values, max_size=6)


# --- Almost valid: mutations of valid games ---------------------------------------------------


class Deep:
    """A JSON value nested ``slack`` levels short of the deepest the JSON reader takes.

    Built only inside the test (``materialize``), as deep as the reader goes from there,
    so the scorer, called from the same place, gets the deepest value JSON can hand it;
    and hypothesis never has to print it.
    """

    def __init__(self, slack: int, shape: str) -> None:
        self.slack, self.shape = slack, shape

    def __repr__(self) -> str:
        return f"Deep({self.slack}, {self.shape!r})"

    def text(self) -> str:
        """The JSON text, for the API's reader."""
        return nested(DEEPEST - self.slack, self.shape)

    def value(self) -> Any:
        return json.loads(nested(deepest_json(self.shape) - self.slack, self.shape))


def materialize(value: Any) -> Any:
    if isinstance(value, Deep):
        return value.value()
    if isinstance(value, dict):
        return {k: materialize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [materialize(v) for v in value]
    return value


EXTREMES = [
    *(0, 1, 2, 5, 9, -1, -7, 0.5, 2.0, 7.0, -0.0, 1e308, -1e308, math.inf, -math.inf, math.nan),
    *(2**53 + 1, 2**63, -(2**63), HUGE, -HUGE, HUGE // 3, True, False, None),
    *("", " ", "0", "7", "Ana", "ANA", " Ana ", "ß", "SS", "\u0130", "\u202e", "\U0001f41f"),
    *("\x00", "red", "A1", "log", [], {}, [None], {"": None}, [1, 2, 3, 4, 5], ["Ana", "Ana"]),
]


# Drawn as copies: a later mutation must not change the list itself.
EXTREME = st.sampled_from(EXTREMES).map(copy.deepcopy)


def nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from nodes(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from nodes(child, (*path, index))


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def readable(number: int) -> bool:
    """A whole number the JSON reader can give: at most 4300 digits."""
    return abs(number) <= HUGE


def retyped(value: Any) -> list[Any]:
    """The same value in other JSON types: 2 → 2.0, "2", [2]; a list → an object."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), None]
    if isinstance(value, int):
        near = [n for n in (-value, value + 1, value - 1, value * 10**6) if readable(n)]
        as_float = [float(value)] if abs(value) < 2**1023 else [math.inf]
        return [*as_float, str(value), [value], *near]
    if isinstance(value, float):
        return [str(value), [value], -value]
    if isinstance(value, str):
        return [[value], {value: value}, value.upper(), f" {value} ", value * 40, 0]
    if isinstance(value, list):
        return [
            {str(i): item for i, item in enumerate(value)},
            value * 2,
            value[::-1],
            value[1:],
            {},
        ]
    if isinstance(value, dict):
        return [list(value.values()), list(value), {k.upper(): v for k, v in value.items()}, []]
    return [0, "", []]


MUTATIONS = ("replace", "extreme", "retype", "delete", "add", "duplicate", "rename", "deep")


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[Any], words: list[str]) -> Any:
    doc = copy.deepcopy(draw(base))
    for _ in range(draw(st.integers(1, 3))):
        doc = mutate(draw, doc, words)
    return doc


def mutate(draw: st.DrawFn, doc: Any, words: list[str]) -> Any:
    # Pick a depth first, so shallow fields (the setup, the options) are hit as often as
    # the many deep ones; or pick among the numbers, where most rules live.
    paths = list(nodes(doc))
    numbers = [p for p in paths if type(at(doc, p)) in (int, float)]
    if bool(numbers) and draw(st.booleans()):
        path = draw(st.sampled_from(numbers))
        kind = draw(st.sampled_from(("extreme", "retype", "huge")))
    else:
        depth = draw(st.sampled_from(sorted({len(p) for p in paths})))
        path = draw(st.sampled_from([p for p in paths if len(p) == depth]))
        kind = draw(st.sampled_from(MUTATIONS))
    value = at(doc, path)
    if kind == "delete" and path:
        parent = at(doc, path[:-1])
        del parent[path[-1]]
        return doc
    if kind == "add" and isinstance(value, dict):
        key = draw(st.sampled_from(words) | st.text(max_size=6))
        value[key] = draw(json_values(words) | EXTREME)
        return doc
    if kind in ("add", "duplicate") and isinstance(value, list) and value:
        # Duplicate an item: the same player twice, the same card twice, an event again.
        item = draw(st.sampled_from(value))
        value.insert(draw(st.integers(0, len(value))), copy.deepcopy(item))
        return doc
    if kind == "rename" and isinstance(doc, dict) and isinstance(doc.get("players"), list):
        return rename_a_player(draw, doc)
    if kind == "extreme":
        new: object = draw(EXTREME)
    elif kind == "huge":
        new = draw(st.sampled_from([HUGE, -HUGE, HUGE // 7, 2**63, -(2**63), 1e308, -1e308]))
    elif kind == "retype":
        new = draw(st.sampled_from(retyped(value)))
    elif kind == "deep":
        new = Deep(draw(st.just(0) | st.integers(0, 5)), draw(st.sampled_from(["list", "dict"])))
    else:
        new = draw(json_values(words))
    if not path:
        return new
    at(doc, path[:-1])[path[-1]] = new
    return doc


def rename_a_player(draw: st.DrawFn, doc: dict[str, Any]) -> dict[str, Any]:
    """A player's name changed in the list only, or everywhere it is used as a key or value."""
    players = doc["players"]
    if not players:
        return doc
    index = draw(st.integers(0, len(players) - 1))
    old = players[index]
    others = [p for p in players if p != old and isinstance(p, str)]
    variants = (
        [f" {old} ", old.upper(), old.casefold(), "", "   ", *others]
        if isinstance(old, str)
        else ["", *others]
    )
    new = draw(st.sampled_from(variants) | st.text(max_size=6))
    players[index] = new
    if not draw(st.booleans()) or not isinstance(old, str):
        return doc

    def swap(value: Any) -> Any:
        if isinstance(value, dict):
            return {(new if k == old else k): swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return new if value == old else value

    return {k: (v if k == "players" else swap(v)) for k, v in doc.items()}


# --- Valid games: names ---------------------------------------------------------------------------

PLAIN_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
NAMES = st.sampled_from(PLAIN_NAMES) | st.text(min_size=1, max_size=10).map(str.strip).filter(bool)


def player_names(low: int, high: int) -> st.SearchStrategy[list[str]]:
    """Distinct names as the contract wants them: non-empty, different ignoring case."""
    return st.lists(NAMES, min_size=low, max_size=high, unique_by=str.casefold)


# --- Reef Draft: hands dealt from the real deck (docs/games/reef-draft.md) -----------------------

REEF_DECK = {
    **{"jellies": 14, "seahorses": 14, "dolphins": 14},
    **{"seastar_1": 6, "seastar_2": 12, "seastar_3": 8},
    **{"clownfish": 5, "pufferfish": 10, "anglerfish": 5},
    **{"sharks": 6, "turtles": 4, "coral": 10},
}
REEF_HAND = {2: 10, 3: 9, 4: 8, 5: 7}
REEF_FISH = {"clownfish": 1, "pufferfish": 2, "anglerfish": 3}
REEF_STARS = {"seastar_1": 1, "seastar_2": 2, "seastar_3": 3}
DOLPHINS = (0, 1, 3, 6, 10, 15)


@st.composite
def reef_draft_games(draw: st.DrawFn) -> dict[str, Any]:
    """1–3 rounds of reefs dealt from what is left of the 108-card deck.

    Each reef ends its round with exactly the hand size; "twins" copy the first reef
    when the deck allows, so players tie.
    """
    names = draw(player_names(2, 5))
    hand = REEF_HAND[len(names)]
    left = Counter(REEF_DECK)
    rounds = []
    for _ in range(draw(st.sampled_from([3, 3, 3, 1, 2]))):
        sizes = [hand] * len(names)
        twins = draw(st.booleans())
        first: tuple[Counter[str], dict[str, Any]] | None = None
        reefs = {}
        for name, size in zip(names, sizes, strict=True):
            if (
                twins
                and first
                and first[0].total() == size
                and all(left[kind] >= n for kind, n in first[0].items())
            ):
                cards, reef = first[0], copy.deepcopy(first[1])
            else:
                cards = Counter()
                for _ in range(size):
                    kind = draw(st.sampled_from([k for k in REEF_DECK if left[k] > cards[k]]))
                    cards[kind] += 1
                reef = reef_json(draw, cards)
            left -= cards
            first = first or (cards, reef)
            reefs[name] = reef
        rounds.append(reefs)
    data: dict[str, Any] = {"players": names, "rounds": rounds}
    penalty = draw(st.sampled_from([None, "each", "split"]))
    if penalty:
        data["options"] = {"coral_penalty": penalty}
    return data


def reef_json(draw: st.DrawFn, cards: Counter[str]) -> dict[str, Any]:
    reef: dict[str, Any] = {kind: n for kind, n in cards.items() if n}
    if draw(st.booleans()):  # a missing card means 0; say so outright sometimes
        reef.update({kind: 0 for kind in REEF_DECK if kind not in reef})
    sharks = cards["sharks"]
    on_shark = {}
    for fish in REEF_FISH:
        eaten = draw(st.integers(0, min(cards[fish], sharks)))
        sharks -= eaten
        if eaten:
            on_shark[fish] = eaten
    if on_shark:
        reef["on_shark"] = on_shark
    return reef


def reef_draft_expected(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each player's breakdown, round subtotals and coral cards, from the rules page."""
    names = data["players"]
    rounds = data["rounds"]
    penalty = data.get("options", {}).get("coral_penalty", "each")
    rows = ("seastars", "jellies", "seahorses", "dolphins", "fish")
    lines = {name: dict.fromkeys(rows, 0) for name in names}
    subtotals: dict[str, list[int]] = {name: [] for name in names}
    for reefs in rounds:
        stars = {n: sum(reefs[n].get(k, 0) * s for k, s in REEF_STARS.items()) for n in names}
        seastars = dict.fromkeys(names, 0)
        levels = sorted({s for s in stars.values() if s > 0}, reverse=True)
        if levels:
            most = [n for n in names if stars[n] == levels[0]]
            for n in most:
                seastars[n] = 6 // len(most)
            if len(most) == 1 and len(levels) > 1:
                second = [n for n in names if stars[n] == levels[1]]
                for n in second:
                    seastars[n] = 3 // len(second)
        for n in names:
            reef = reefs[n]
            on_shark = reef.get("on_shark", {})
            points = {
                "seastars": seastars[n],
                "jellies": reef.get("jellies", 0) // 2 * 5,
                "seahorses": reef.get("seahorses", 0) // 3 * 10,
                "dolphins": DOLPHINS[min(reef.get("dolphins", 0), 5)],
                "fish": sum(
                    vp * (reef.get(fish, 0) + 2 * on_shark.get(fish, 0))
                    for fish, vp in REEF_FISH.items()
                ),
            }
            for key, vp in points.items():
                lines[n][key] += vp
            subtotals[n].append(sum(points.values()))
    coral = {n: sum(reefs[n].get("coral", 0) for reefs in rounds) for n in names}
    coral_vp = dict.fromkeys(names, 0)
    if len(rounds) == 3 and len(set(coral.values())) > 1:
        most = [n for n in names if coral[n] == max(coral.values())]
        for n in most:
            coral_vp[n] = 6 // len(most)
        if len(names) > 2:
            fewest = [n for n in names if coral[n] == min(coral.values())]
            for n in fewest:
                coral_vp[n] = -6 if penalty == "each" else -(6 // len(fewest))
    return {
        n: {
            "breakdown": {**lines[n], "coral": coral_vp[n]},
            "rounds": subtotals[n],
            "tiebreak": {"coral": coral[n]},
        }
        for n in names
    }


def check_reef_draft(data: dict[str, Any], sheet: dict[str, Any]) -> None:
    expected = reef_draft_expected(data)
    assert sheet["complete"] == (len(data["rounds"]) == 3)
    for p in sheet["players"]:
        want = expected[p["name"]]
        assert p["breakdown"] == want["breakdown"], (p, want)
        assert p["rounds"] == want["rounds"], (p, want)
        assert p["tiebreak"] == want["tiebreak"], (p, want)
        # The total is the round subtotals plus the end-of-game coral.
        assert p["total"] == sum(p["rounds"]) + p["breakdown"]["coral"]


# --- Seagrass: logs of events, or counts (docs/games/seagrass.md) --------------------------------

REEF_AWARDS = {1: (0, 0), 2: (4, 2), 3: (8, 4), 4: (16, 8), 5: (24, 12)}


@st.composite
def seagrass_games(draw: st.DrawFn, entry: str | None = None) -> dict[str, Any]:
    names = draw(player_names(2, 4))
    count = len(names)
    discovery = draw(st.booleans())
    entry = entry or draw(st.sampled_from(["log", "counts"]))
    data: dict[str, Any] = {"players": names, "entry": entry}
    shown = draw(st.sampled_from(["bool", "choice", "missing"]))
    if shown == "bool" or (shown == "missing" and discovery):
        data["options"] = {"discovery": discovery}
    elif shown == "choice":
        data["options"] = {"discovery": "true" if discovery else "false"}
    unplayed = st.integers(0, 32) | st.integers(0, 2)  # small ones tie on the tie-break
    # Discovery tokens left in the box: 4 on each of the 3 reefs per player, less the
    # full sets returned; what the players hold at the end comes out of it.
    box = {"left": 4 * 3 * count}

    def end(points: bool) -> dict[str, Any]:
        player: dict[str, Any] = {"unplayed_tiles": draw(unplayed)}
        if points:
            player["points"] = draw(st.integers(0, 200) | st.integers(40, 45))
        if discovery:
            player["discovery_tokens"] = draw(st.integers(0, min(9 * count, box["left"])))
            box["left"] -= player["discovery_tokens"]
        elif draw(st.booleans()):
            player["discovery_tokens"] = 0
        return player

    if entry == "counts":
        data["counts"] = {name: end(points=True) for name in names}
        return data
    kinds = ["colony", "reef", *(["discovery_set"] if discovery else [])]
    events = []
    reefs = sets = 0
    for _ in range(draw(st.integers(0, 24))):
        kind = draw(st.sampled_from(kinds))
        if kind == "colony":
            creatures = draw(st.integers(1, 40))
            events.append(
                {"type": kind, "player": draw(st.sampled_from(names)), "creatures": creatures}
            )
        elif kind == "reef" and reefs < 3 * count:
            reefs += 1
            near = draw(st.lists(st.sampled_from(names), unique=True))
            adjacent = {name: draw(st.integers(0, 12)) for name in near}
            events.append({"type": kind, "size": draw(st.integers(1, 8)), "adjacent": adjacent})
        elif kind == "discovery_set" and sets < 3 * count:
            sets += 1
            events.append({"type": kind, "player": draw(st.sampled_from(names))})
    data["events"] = events
    box["left"] -= 4 * sets
    data["final"] = {name: end(points=False) for name in names}
    return data


def seagrass_event_points(event: dict[str, Any], names: list[str]) -> dict[str, int]:
    if event["type"] == "colony":
        return {event["player"]: event["creatures"]}
    if event["type"] == "discovery_set":
        return {event["player"]: 10}
    most, second = REEF_AWARDS[min(event["size"], 5)]
    adjacent = {n: c for n, c in event["adjacent"].items() if c > 0}
    levels = sorted(set(adjacent.values()), reverse=True)
    points = {}
    if levels:
        leaders = [n for n in adjacent if adjacent[n] == levels[0]]
        if len(leaders) > 1:
            for n in leaders:
                points[n] = math.ceil((most + second) / len(leaders))
        else:
            points[leaders[0]] = most
            if len(levels) > 1 and (len(names) != 2 or 2 * levels[1] >= levels[0]):
                seconds = [n for n in adjacent if adjacent[n] == levels[1]]
                for n in seconds:
                    points[n] = math.ceil(second / len(seconds))
    return {n: vp for n, vp in points.items() if vp}


def check_seagrass(data: dict[str, Any], sheet: dict[str, Any]) -> None:
    names = data["players"]
    discovery = data.get("options", {}).get("discovery", False) in (True, "true")
    ends = data.get("counts") or data.get("final") or {}
    tokens = {n: ends.get(n, {}).get("discovery_tokens", 0) for n in names}
    if data["entry"] == "counts":
        expected = {n: {"points": ends[n]["points"]} for n in names}
    else:
        expected = {n: {"colonies": 0, "reefs": 0} for n in names}
        points = [seagrass_event_points(event, names) for event in data["events"]]
        assert sheet["event_points"] == points
        category = {"colony": "colonies", "reef": "reefs", "discovery_set": "discovery"}
        for event, gained in zip(data["events"], points, strict=True):
            for n, vp in gained.items():
                line = expected[n]
                line[category[event["type"]]] = line.get(category[event["type"]], 0) + vp
    for p in sheet["players"]:
        want = expected[p["name"]]
        if discovery:
            want["discovery"] = want.get("discovery", 0) + tokens[p["name"]]
        assert p["breakdown"] == {k: want.get(k, 0) for k in p["breakdown"]}, (p, want)
        assert set(want) <= set(p["breakdown"]), (p, want)
        if sheet["complete"]:
            assert p["tiebreak"] == {"unplayed_tiles": ends[p["name"]]["unplayed_tiles"]}


# --- Coral Stations: logs of events, or counts (docs/games/coral-stations.md) ------------------


def coral_station_json(draw: st.DrawFn, names: list[str]) -> dict[str, Any]:
    low = draw(st.integers(0, 6))
    near = draw(st.lists(st.sampled_from(names), unique=True))
    return {
        "high": low + draw(st.integers(0, 6)),
        "low": low,
        "tiles": {name: draw(st.integers(0, 8) | st.integers(2, 3)) for name in near},
    }


def coral_reefs_json(draw: st.DrawFn, low: int) -> list[dict[str, int]]:
    reefs = []
    for _ in range(draw(st.integers(low, 5))):
        tiles = draw(st.integers(1, 8))
        reef = {"tiles": tiles}
        if draw(st.booleans()):
            reef["clownfish"] = draw(st.integers(0, tiles))
        reefs.append(reef)
    return reefs


@st.composite
def coral_stations_games(draw: st.DrawFn, entry: str | None = None) -> dict[str, Any]:
    names = draw(player_names(2, 4))
    entry = entry or draw(st.sampled_from(["log", "counts"]))
    data: dict[str, Any] = {"players": names, "entry": entry}

    def end(points: bool) -> dict[str, Any]:
        player: dict[str, Any] = {}
        if points:
            player["points"] = draw(st.integers(-30, 150) | st.integers(20, 22))
        if draw(st.booleans()):
            player["open_reefs"] = coral_reefs_json(draw, 0)
        if draw(st.booleans()):
            player["shell_tiles"] = draw(st.integers(0, 8))
        if draw(st.booleans()):
            player["shoal_tiles"] = draw(st.lists(st.integers(0, 6), max_size=5))
        return player

    if draw(st.booleans()):
        data["open_stations"] = [
            coral_station_json(draw, names) for _ in range(draw(st.integers(0, 4)))
        ]
    if entry == "counts":
        data["counts"] = {name: end(points=True) for name in names}
        return data
    events = []
    for _ in range(draw(st.integers(0, 20))):
        kind = draw(st.sampled_from(["station", "surfacing", "discard"]))
        if kind == "station":
            events.append({"type": kind, **coral_station_json(draw, names)})
        elif kind == "surfacing":
            player = draw(st.sampled_from(names))
            events.append({"type": kind, "player": player, "reefs": coral_reefs_json(draw, 1)})
        else:
            player = draw(st.sampled_from(names))
            events.append({"type": kind, "player": player, "tiles": draw(st.integers(1, 4))})
    data["events"] = events
    data["final"] = {name: end(points=False) for name in names}
    return data


def coral_leaders(tiles: dict[str, int]) -> tuple[list[str], list[str]]:
    """Who has the most coral tiles next to a station, and (one leader only) the second most."""
    levels = sorted({n for n in tiles.values() if n > 0}, reverse=True)
    if not levels:
        return [], []
    leaders = [name for name, n in tiles.items() if n == levels[0]]
    if len(leaders) > 1 or len(levels) == 1:
        return leaders, []
    return leaders, [name for name, n in tiles.items() if n == levels[1]]


def coral_reef_vp(reefs: list[dict[str, int]]) -> int:
    return sum(reef["tiles"] + reef.get("clownfish", 0) for reef in reefs)


def coral_event_points(event: dict[str, Any]) -> dict[str, int]:
    if event["type"] == "station":
        leaders, seconds = coral_leaders(event["tiles"])
        points = {**dict.fromkeys(leaders, event["high"]), **dict.fromkeys(seconds, event["low"])}
    elif event["type"] == "surfacing":
        points = {event["player"]: coral_reef_vp(event["reefs"])}
    else:
        points = {event["player"]: -3 * event["tiles"]}
    return {name: vp for name, vp in points.items() if vp}


def check_coral_stations(data: dict[str, Any], sheet: dict[str, Any]) -> None:
    names = data["players"]
    ends = data.get("counts") or data.get("final") or {}
    expected: dict[str, Counter[str]] = {name: Counter() for name in names}
    if data["entry"] == "counts":
        for name in names:
            expected[name]["points"] = ends[name].get("points", 0)
    else:
        points = [coral_event_points(event) for event in data["events"]]
        assert sheet["event_points"] == points
        category = {"station": "stations", "surfacing": "surfacing", "discard": "discards"}
        for event, gained in zip(data["events"], points, strict=True):
            for name, vp in gained.items():
                expected[name][category[event["type"]]] += vp
    for station in data.get("open_stations", []):
        for name in coral_leaders(station["tiles"])[0]:
            expected[name]["open_stations"] += station["low"]
    for name, end in ends.items():
        expected[name]["open_reefs"] += coral_reef_vp(end.get("open_reefs", []))
        expected[name]["shells"] += end.get("shell_tiles", 0)
        expected[name]["shoals"] += sum(end.get("shoal_tiles", []))
    for p in sheet["players"]:
        want = expected[p["name"]]
        assert p["breakdown"] == {k: want[k] for k in p["breakdown"]}, (p, want)
        assert set(+want) <= set(p["breakdown"]), (p, want)
        assert p["tiebreak"] == {}  # the rulebook names no tie-break


# --- Shallow Sea: paper sheets and oceans (docs/games/shallow-sea.md) ----------------------------

COLORS = ("red", "yellow", "green", "purple")
SEALIFE_CODES = sorted(SEALIFE)
# How much completes a counted Sealife type (B: 4, C3/C4: 2, E: 3, F: 4); the designated-space
# types (A, C1, C2, D) only showed theirs in the lost pictures.
CONDITION = {
    **dict.fromkeys(("B1", "B2", "B3", "B4", "F1", "F2"), 4),
    **dict.fromkeys(("C3", "C4"), 2),
    **dict.fromkeys(("E1", "E2", "E3", "E4"), 3),
}
ANYWHERE = {"F1": "same", "F2": "different"}  # read off the whole ocean
SEALIFE_COPIES = {1: 2, 2: 2, 3: 3, 4: 4}
FISH_PER_COLOR = {1: 9, 2: 14, 3: 19, 4: 24}
SOLO_TITLES = {
    **{130: "Swimmer", 145: "Diver", 160: "Mariner"},
    **{170: "Merfolk", 180: "Nymph", 190: "Poseidon"},
}


@st.composite
def shallow_sea_setups(draw: st.DrawFn) -> dict[str, Any]:
    mode = draw(st.sampled_from(["standard", "solo", "family"]))
    low, high = {"standard": (2, 4), "solo": (1, 1), "family": (1, 4)}[mode]
    data: dict[str, Any] = {"players": draw(player_names(low, high)), "mode": mode}
    achievement = None
    kind = (
        "none"
        if mode == "family"
        else draw(st.sampled_from(["none", "scenario", "standard", "modified"]))
    )
    if kind == "scenario":
        scenario = SCENARIOS[draw(st.integers(1, len(SCENARIOS)))]
        achievement = {"kind": kind, "number": scenario.number}
        setup = {
            "orange": [scenario.orange],
            "blue": [scenario.blue],
            "sealife": list(draw(st.permutations(scenario.sealife))),
        }
    else:
        if kind == "standard":
            achievement = {"kind": kind}
        elif kind == "modified":
            achievement = {"kind": kind, "number": draw(st.integers(1, 10))}
        wanted = (
            0 if mode == "family" else 2 if achievement == {"kind": "modified", "number": 7} else 1
        )
        cards = st.lists(st.integers(1, 7), min_size=wanted, max_size=wanted, unique=True)
        setup = {
            "orange": draw(cards),
            "blue": draw(cards),
            "sealife": draw(
                st.lists(st.sampled_from(SEALIFE_CODES), min_size=10, max_size=10, unique=True)
            ),
        }
    data["setup"] = setup
    if achievement or draw(st.booleans()):
        data["achievement"] = achievement
    return data


def plays(data: dict[str, Any], kind: str, number: int | None = None) -> bool:
    achievement = data.get("achievement") or {}
    return achievement.get("kind") == kind and (
        number is None or achievement.get("number") == number
    )


@st.composite
def shallow_sea_sheet_games(draw: st.DrawFn) -> dict[str, Any]:
    """Paper score pads within what an ocean allows; "twins" copy the first player's pad."""
    data = draw(shallow_sea_setups())
    mode = data["mode"]
    rule_9 = plays(data, "modified", 9)
    sheets: dict[str, Any] = {}
    for name in data["players"]:
        if bool(sheets) and draw(st.booleans()):
            sheets[name] = {**next(iter(sheets.values())), "seashells": draw(st.integers(0, 5))}
            continue
        sheet: dict[str, Any] = {
            "rows": draw(st.lists(st.integers(0, 60), min_size=5, max_size=5)),
            "seashells": draw(st.integers(0, 5)),
        }
        if mode != "family":
            for color in ("orange", "blue"):
                card = CARDS[color][draw(st.sampled_from(data["setup"][color]))]
                sheet[color] = card.vp_each * draw(st.integers(0, most_vp(card) // card.vp_each))
            sheet["different_sealife"] = draw(st.integers(0, 10))
            sheet["incomplete_fish"] = draw(st.integers(0, 176 if rule_9 else 88))
        if mode == "solo":
            sheet["lionfish"] = draw(st.integers(0, 36))
        sheets[name] = sheet
    return {**data, "entry": "sheet", "sheets": sheets}


@st.composite
def shallow_sea_board_games(draw: st.DrawFn) -> dict[str, Any]:
    """Oceans of legal tiles and fish, within the pouches of the player count.

    Each Sealife type prints one set of VPs for the whole play; a Nautilus (F1) or Giant
    Clam (F2) is completed exactly when its ocean's completed corals meet it.
    """
    data = draw(shallow_sea_setups())
    names = data["players"]
    sealife = data["setup"]["sealife"]
    printed = {
        code: (draw(st.sampled_from(SEALIFE_VPS)), draw(st.integers(1, 4))) for code in sealife
    }
    copies: Counter[str] = Counter()
    fish_left = dict.fromkeys(COLORS, FISH_PER_COLOR[len(names)])
    boards = {}
    for name in names:
        tiles: dict[str, Any] = {}
        anywhere = []
        # A finished ocean has 18 tiles (4 of 22 spaces left empty); any number is scored.
        placed = draw(st.just(18) | st.integers(0, len(SPACES)))
        for space in draw(st.permutations(SPACES))[:placed]:
            usable = [code for code in sealife if copies[code] < SEALIFE_COPIES[len(names)]]
            if bool(usable) and draw(st.booleans()):
                code = draw(st.sampled_from(usable))
                copies[code] += 1
                if code in ANYWHERE:
                    anywhere.append((space, code))
                else:
                    tiles[space] = sealife_tile(draw, code, printed[code])
            else:
                tiles[space] = coral_tile(draw, fish_left)
        colors = Counter(
            t["color"] for t in tiles.values() if t["kind"] == "coral" and t["completed"]
        )
        for space, code in anywhere:
            tiles[space] = anywhere_tile(draw, code, printed[code], colors)
        board: dict[str, Any] = {"tiles": tiles, "seashells": draw(st.integers(0, 5))}
        fish = incomplete_fish(draw, tiles, fish_left, plays(data, "modified", 8))
        if bool(fish) or draw(st.booleans()):
            board["fish"] = fish
        if data["mode"] == "solo":
            drawn = sum(FISH_PER_COLOR[1] - n for n in fish_left.values())
            board["lionfish"] = draw(st.integers(0, min(12, 4 * FISH_PER_COLOR[1] - drawn)))
        if plays(data, "scenario", 15) and draw(st.booleans()):
            board["left_out_color"] = draw(st.sampled_from(COLORS))
        boards[name] = board
    return {**data, "entry": "board", "boards": boards}


def coral_tile(draw: st.DrawFn, fish_left: dict[str, int]) -> dict[str, Any]:
    colors_left = [color for color, n in fish_left.items() if n > 0]
    if bool(colors_left) and draw(st.booleans()):
        fish = draw(st.sampled_from(colors_left))
        fish_left[fish] -= 1
        color = draw(st.sampled_from(COLORS))
        vp = draw(st.sampled_from((5, 7, 9)))
        return {"kind": "coral", "completed": True, "color": color, "vp": vp, "fish": fish}
    tile: dict[str, Any] = {"kind": "coral", "completed": False}
    if draw(st.booleans()):  # an incomplete coral may say its color and VPs; they never score
        tile.update(color=draw(st.sampled_from(COLORS)), vp=draw(st.sampled_from((5, 7, 9))))
    return tile


def sealife_tile(draw: st.DrawFn, code: str, printed: tuple[int, int]) -> dict[str, Any]:
    vp, partial_vp = printed
    if draw(st.booleans()):
        return {"kind": "sealife", "code": code, "completed": True, "vp": vp}
    partial = draw(st.integers(0, CONDITION.get(code, 4) - 1))
    tile = {"kind": "sealife", "code": code, "completed": False, "partial": partial}
    if partial or draw(st.booleans()):
        tile["partial_vp"] = partial_vp
    return tile


def anywhere_met(code: str, colors: Counter[str]) -> int:
    return max(colors.values(), default=0) if ANYWHERE[code] == "same" else len(colors)


def anywhere_tile(
    draw: st.DrawFn, code: str, printed: tuple[int, int], colors: Counter[str]
) -> dict[str, Any]:
    vp, partial_vp = printed
    met = anywhere_met(code, colors)
    if met >= CONDITION[code]:
        return {"kind": "sealife", "code": code, "completed": True, "vp": vp}
    tile: dict[str, Any] = {"kind": "sealife", "code": code, "completed": False}
    if draw(st.booleans()):  # left out, the count is read from the ocean
        tile["partial"] = met
    if met:
        tile["partial_vp"] = partial_vp
    return tile


def incomplete_fish(
    draw: st.DrawFn, tiles: dict[str, Any], fish_left: dict[str, int], anywhere: bool
) -> list[dict[str, str]]:
    """Fish on bubbles beside a tile (any bubble under modified rule 8), each bubble named
    through any space that touches it."""
    bubbles = [b for b, spaces in BUBBLES.items() if anywhere or any(s in tiles for s in spaces)]
    fish = []
    count = draw(st.integers(0, len(bubbles)) | st.integers(0, max(0, len(tiles) - 1)))
    for bubble in draw(st.permutations(bubbles))[:count]:
        colors_left = [color for color, n in fish_left.items() if n > 0]
        if not colors_left:
            break
        color = draw(st.sampled_from(colors_left))
        fish_left[color] -= 1
        space = draw(st.sampled_from(BUBBLES[bubble]))
        corner = next(c for c, point in CORNERS[space].items() if point == bubble)
        fish.append({"at": f"{space}:{corner}", "color": color})
    return fish


def shallow_sea_games() -> st.SearchStrategy[dict[str, Any]]:
    return shallow_sea_sheet_games() | shallow_sea_board_games()


def check_shallow_sea(data: dict[str, Any], sheet: dict[str, Any]) -> None:
    mode = data["mode"]
    orange_factor = 2 if plays(data, "scenario", 14) else 1
    entries = data.get("boards") or data.get("sheets")
    assert entries is not None
    for p in sheet["players"]:
        b = p["breakdown"]
        entry = entries[p["name"]]
        lionfish = entry.get("lionfish", 0)
        assert b["lionfish"] == -2 * max(0, lionfish - 2)
        assert p["tiebreak"] == {"seashells": entry.get("seashells", 0)}
        if mode == "family":
            assert all(b[k] == 0 for k in b if k != "tiles" and not k.startswith("row_")), b
        if data["entry"] == "sheet":
            rows = entry["rows"]
            if mode != "family":
                assert b["orange"] == orange_factor * entry["orange"]
                assert b["blue"] == entry["blue"]
                assert b["different_sealife"] == 2 * entry["different_sealife"]
                assert b["incomplete_fish"] == entry["incomplete_fish"]
        else:
            rows = ocean_rows(data, entry)
            if mode != "family":
                completed = {
                    t["code"]
                    for t in entry["tiles"].values()
                    if t["kind"] == "sealife" and t["completed"]
                }
                assert b["different_sealife"] == 2 * len(completed)
                assert b["incomplete_fish"] == fish_vp(entry, plays(data, "modified", 9))
                for color in ("orange", "blue"):
                    # Every card of the setup is listed; the better one (the first on a tie,
                    # modified rule 7) is scored.
                    cards = [c for c in p["ecosystem_cards"] if c["color"] == color]
                    assert [c["number"] for c in cards] == data["setup"][color]
                    kept = max(cards, key=lambda c: c["vp"])
                    assert [c["scored"] for c in cards] == [c is kept for c in cards]
                    factor = orange_factor if color == "orange" else 1
                    assert b[color] == factor * kept["vp"], p
        assert [b[f"row_{row}"] for row in ROWS] == rows, (b, rows)
        check_shallow_sea_explanations(p, entry if data["entry"] == "board" else None)
        if mode == "solo":
            titles = [title for needed, title in SOLO_TITLES.items() if p["total"] >= needed]
            assert p["rank_title"] == (titles[-1] if titles else None)
        for achievement in p.get("achievements", []):
            if achievement["kind"] == "scenario":
                assert achievement["minimum_met"] == (p["total"] >= achievement["minimum_score"])
                met = achievement["minimum_met"] and achievement["objective_met"]
                assert achievement["earned"] == met
            elif achievement["kind"] == "standard" and achievement["number"] <= 6:
                needed = (130, 145, 160, 170, 180, 190)[achievement["number"] - 1]
                assert achievement["earned"] == (p["total"] >= needed)


def check_shallow_sea_explanations(player: dict[str, Any], board: dict[str, Any] | None) -> None:
    """Every line that scores or loses points has exactly one explanation, in the breakdown's
    order, holding the line's points and pointing only at what lies on the player's board (at
    nothing for a paper sheet); then the tie-break."""
    b, explain = player["breakdown"], player["explain"]
    lines = [e for e in explain if not e.get("tiebreak")]
    assert [e["line"] for e in lines] == [key for key, vp in b.items() if vp], explain
    assert all(e["points"] == b[e["line"]] for e in lines), explain
    tiebreaks = [(e["line"], e["points"]) for e in explain if e.get("tiebreak")]
    assert tiebreaks == list(player["tiebreak"].items())
    assert explain[-len(tiebreaks) :] == [e for e in explain if e.get("tiebreak")]
    placed = set(board["tiles"]) if board else set()
    named = {f["at"] for f in board.get("fish", [])} if board else set()
    for e in explain:
        assert set(e.get("spaces", [])) <= placed, (e, placed)
        assert set(e.get("bubbles", [])) <= named, (e, named)
        if e["line"].startswith("row_"):
            assert set(e.get("spaces", [])) <= set(ROWS[int(e["line"][4:])]), e


def ocean_rows(data: dict[str, Any], board: dict[str, Any]) -> list[int]:
    """Each row's tile VPs: completed corals, completed Sealife, partial × partial VPs."""
    tiles = board["tiles"]
    corals = [t for t in tiles.values() if t["kind"] == "coral" and t["completed"]]
    left_out = None
    if plays(data, "scenario", 15):
        # Scenario 15 leaves out the chosen color, or the one whose corals are worth least.
        left_out = board.get("left_out_color") or min(
            COLORS, key=lambda color: sum(t["vp"] for t in corals if t["color"] == color)
        )

    def vp(tile: dict[str, Any]) -> int:
        if tile["kind"] == "coral":
            return tile["vp"] if tile["completed"] and tile["color"] != left_out else 0
        if tile["completed"]:
            return tile["vp"]
        partial = tile.get("partial")
        if partial is None:
            partial = anywhere_met(tile["code"], Counter(t["color"] for t in corals))
        return partial * tile.get("partial_vp", 0)

    return [sum(vp(tiles[s]) for s in spaces if s in tiles) for spaces in ROWS.values()]


def fish_vp(board: dict[str, Any], same_color_bonus: bool) -> int:
    """1 VP per completed coral at the fish's bubble; +1 more per same-colored one (rule 9)."""
    tiles = board["tiles"]
    total = 0
    for fish in board.get("fish", []):
        space, corner = fish["at"].split(":")
        spaces = BUBBLES[CORNERS[space][corner]]
        corals = [
            tiles[s]
            for s in spaces
            if s in tiles and tiles[s]["kind"] == "coral" and tiles[s]["completed"]
        ]
        total += len(corals)
        if same_color_bonus:
            total += sum(c["color"] == fish["color"] for c in corals)
    return total


# --- Per game ------------------------------------------------------------------------------------

VALID: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "reef-draft": reef_draft_games(),
    "seagrass": seagrass_games(),
    "coral-stations": coral_stations_games(),
    "shallow-sea": shallow_sea_games(),
}
RULES: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "reef-draft": check_reef_draft,
    "seagrass": check_seagrass,
    "coral-stations": check_coral_stations,
    "shallow-sea": check_shallow_sea,
}


def almost_valid(slug: str) -> st.SearchStrategy[Any]:
    return mutated(st.just(EXAMPLES[slug]) | VALID[slug], WORDS[slug])


def reorder_players(data: dict[str, Any], order: list[int]) -> dict[str, Any]:
    """The same game with the players listed in ``order``, every object keyed by name too."""
    names = [data["players"][i].strip() for i in order]

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if value and set(value) <= set(names):
                value = {name: value[name] for name in names if name in value}
            return {key: walk(child) for key, child in value.items()}
        if isinstance(value, list):
            return [walk(child) for child in value]
        return value

    reordered = {key: walk(value) for key, value in data.items()}
    reordered["players"] = [data["players"][i] for i in order]
    return reordered


def assert_same_scores(before: dict[str, Any], after: dict[str, Any], order: list[int]) -> None:
    names = [p["name"] for p in before["players"]]
    assert [p["name"] for p in after["players"]] == [names[i] for i in order]
    by_name = {p["name"]: p for p in before["players"]}
    for p in after["players"]:
        # total, rank, breakdown, tie-break values and every line of the player's own
        assert p == by_name[p["name"]]
    assert set(after["winners"]) == set(before["winners"])
    assert len(after["notes"]) == len(before["notes"])
    assert Counter(after.get("warnings", [])) == Counter(before.get("warnings", []))
    for key in before.keys() - {"players", "winners", "notes", "warnings"}:
        assert after[key] == before[key], key


# --- Properties: no input breaks the scorer -----------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@examples(100)
@given(data=st.data())
def test_arbitrary_json_gives_a_sheet_or_the_errors(slug: str, data: st.DataObject) -> None:
    value = data.draw(arbitrary_json(slug), label="input")
    for partial in (False, True):
        score_or_errors(slug, value, partial=partial)


@pytest.mark.parametrize("slug", SLUGS)
@examples(200)
@given(data=st.data())
def test_almost_valid_input_gives_a_sheet_or_the_errors(slug: str, data: st.DataObject) -> None:
    value = materialize(data.draw(almost_valid(slug), label="input"))
    for partial in (False, True):
        score_or_errors(slug, value, partial=partial)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_deepest_json_in_any_field_gives_a_sheet_or_the_errors(slug: str) -> None:
    """Each field of the worked example in turn holds a value nested as deeply as the JSON
    reader goes: a message that quotes it must not recurse past Python's limit."""
    for shape in ("list", "dict"):
        deep = Deep(0, shape).value()
        for path in list(nodes(EXAMPLES[slug]))[1:]:
            game = copy.deepcopy(EXAMPLES[slug])
            at(game, path[:-1])[path[-1]] = deep
            for partial in (False, True):
                score_or_errors(slug, game, partial=partial)


# --- Properties: valid games follow the rules ---------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_the_oracles_agree_with_the_worked_examples(slug: str) -> None:
    """The rule checks below, written from the docs, pass on each hand-worked example."""
    RULES[slug](EXAMPLES[slug], valid_sheet(slug, EXAMPLES[slug]))


@pytest.mark.parametrize("slug", SLUGS)
@examples(150)
@given(data=st.data())
def test_valid_games_are_scored_by_the_rules(slug: str, data: st.DataObject) -> None:
    game = data.draw(VALID[slug], label="game")
    sheet = valid_sheet(slug, game)
    RULES[slug](game, sheet)


@pytest.mark.parametrize("slug", SCORED_DURING_PLAY)
@examples(50)
@given(data=st.data())
def test_a_log_without_its_final_tally_scores_running_totals(
    slug: str, data: st.DataObject
) -> None:
    game = data.draw((seagrass_games if slug == "seagrass" else coral_stations_games)("log"))
    running = {k: v for k, v in game.items() if k not in ("final", "open_stations")}
    sheet = valid_sheet(slug, running, partial=True)
    assert not sheet["complete"] and sheet["winners"] == []
    RULES[slug](running, sheet)


@examples(40)
@given(game=shallow_sea_board_games())
def test_shallow_sea_board_checks_pass_while_it_is_entered(game: dict[str, Any]) -> None:
    """A finished ocean is also a valid ocean still being entered, with the same score."""
    finished = valid_sheet("shallow-sea", game)
    unfinished = valid_sheet("shallow-sea", game, partial=True)
    assert unfinished["players"] == finished["players"]


def as_floats(draw: Callable[[st.SearchStrategy[bool]], bool], value: Any) -> Any:
    """Some whole numbers written as JSON floats (7 as 7.0)."""
    if isinstance(value, dict):
        return {k: as_floats(draw, v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_floats(draw, v) for v in value]
    if type(value) is int and draw(st.booleans()):
        return float(value)
    return value


@pytest.mark.parametrize("slug", SLUGS)
@examples(60)
@given(data=st.data())
def test_whole_numbers_written_as_floats_score_the_same(slug: str, data: st.DataObject) -> None:
    """7.0 is read as the whole number 7 (``Errors.count``), or refused where a number names
    something (a Shallow Sea card); it never changes a score or puts a float in the sheet."""
    game = data.draw(st.just(EXAMPLES[slug]) | VALID[slug], label="game")
    sheet = valid_sheet(slug, game)
    floats = as_floats(data.draw, game)
    note(f"with floats: {floats!r}")
    again = score_or_errors(slug, floats, partial=False)
    assert again is None or again == sheet


# --- Properties: reordering the players changes no score ----------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@examples(100)
@given(data=st.data())
def test_reordering_the_players_changes_no_score(slug: str, data: st.DataObject) -> None:
    game = data.draw(st.just(EXAMPLES[slug]) | VALID[slug], label="game")
    sheet = valid_sheet(slug, game)
    order = data.draw(st.permutations(range(len(game["players"]))), label="order")
    reordered = reorder_players(game, order)
    note(f"reordered: {reordered!r}")
    assert_same_scores(sheet, valid_sheet(slug, reordered), order)


# --- Properties: both ways of entering a game agree ---------------------------------------------


def assert_same_standing(log_sheet: dict[str, Any], counts_sheet: dict[str, Any]) -> None:
    for by_log, by_counts in zip(log_sheet["players"], counts_sheet["players"], strict=True):
        for key in ("name", "total", "rank", "tiebreak"):
            assert by_log[key] == by_counts[key], key
    assert log_sheet["winners"] == counts_sheet["winners"]
    assert log_sheet["notes"] == counts_sheet["notes"]


@examples(60)
@given(game=seagrass_games("log"))
def test_seagrass_log_and_counts_agree(game: dict[str, Any]) -> None:
    """Counts hold everything scored during play as point tokens, discovery sets included."""
    log = valid_sheet("seagrass", game)
    counts = {k: v for k, v in game.items() if k not in ("events", "final")}
    counts["entry"] = "counts"
    counts["counts"] = {
        p["name"]: {
            **game["final"][p["name"]],
            "points": p["breakdown"]["colonies"]
            + p["breakdown"]["reefs"]
            + 10 * sum(e == {"type": "discovery_set", "player": p["name"]} for e in game["events"]),
        }
        for p in log["players"]
    }
    assert_same_standing(log, valid_sheet("seagrass", counts))


@examples(60)
@given(game=coral_stations_games("log"))
def test_coral_stations_log_and_counts_agree(game: dict[str, Any]) -> None:
    log = valid_sheet("coral-stations", game)
    counts = {k: v for k, v in game.items() if k not in ("events", "final")}
    counts["entry"] = "counts"
    counts["counts"] = {
        p["name"]: {
            **game["final"][p["name"]],
            "points": sum(p["breakdown"][k] for k in ("stations", "surfacing", "discards")),
        }
        for p in log["players"]
    }
    by_counts = valid_sheet("coral-stations", counts)
    assert_same_standing(log, by_counts)
    for by_log, by_pad in zip(log["players"], by_counts["players"], strict=True):
        for key in ("open_stations", "open_reefs", "shells", "shoals"):
            assert by_log["breakdown"][key] == by_pad["breakdown"][key]


@examples(60)
@given(game=shallow_sea_board_games())
def test_shallow_sea_board_and_paper_sheet_agree(game: dict[str, Any]) -> None:
    """The score pad an ocean fills in is a valid paper sheet, and scores the same."""
    board = valid_sheet("shallow-sea", game)
    factor = 2 if plays(game, "scenario", 14) else 1  # the sheet says what Trios shows
    sheets = {}
    for p in board["players"]:
        b, ocean = p["breakdown"], game["boards"][p["name"]]
        sheet = {"rows": [b[f"row_{row}"] for row in ROWS], "seashells": ocean["seashells"]}
        if game["mode"] != "family":
            sheet.update(
                orange=b["orange"] // factor,
                blue=b["blue"],
                different_sealife=b["different_sealife"] // 2,
                incomplete_fish=b["incomplete_fish"],
            )
        if game["mode"] == "solo":
            sheet["lionfish"] = ocean["lionfish"]
        sheets[p["name"]] = sheet
    paper = {k: v for k, v in game.items() if k != "boards"}
    paper.update(entry="sheet", sheets=sheets)
    by_sheet = valid_sheet("shallow-sea", paper)
    for by_board, by_pad in zip(board["players"], by_sheet["players"], strict=True):
        for key in ("name", "total", "rank", "breakdown", "tiebreak", "rank_title"):
            assert by_board.get(key) == by_pad.get(key), key
    assert board["winners"] == by_sheet["winners"]


# --- Properties: the API never answers 500 ---------------------------------------------------


def json_body(value: Any) -> bytes:
    """JSON text for the API, with each Deep value written out as its nested text."""
    deep: dict[str, Deep] = {}

    def placeholder(value: Any) -> str:
        marker = f"\x00deep{len(deep)}\x00"
        deep[marker] = value
        return marker

    text = json.dumps(value, default=placeholder)
    for marker, value in deep.items():
        text = text.replace(json.dumps(marker), value.text())
    return text.encode()


ANY_BODY = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=60).map(str.encode),
    json_values(ALL_WORDS).map(json_body),
    # Deeper than the JSON reader goes, and longer numbers than it reads.
    st.integers(DEEPEST - 5, DEEPEST + 5).map(lambda depth: nested(depth).encode()),
    st.integers(4295, 4305).map(lambda digits: b'{"players": [' + b"9" * digits + b"]}"),
)


@st.composite
def with_huge_numbers(draw: st.DrawFn, slug: str) -> Any:
    """A valid game with some of its numbers at the longest the JSON reader takes."""
    game = copy.deepcopy(draw(st.just(EXAMPLES[slug]) | VALID[slug]))
    numbers = [path for path in nodes(game) if type(at(game, path)) is int]
    for path in draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=3)):
        at(game, path[:-1])[path[-1]] = draw(st.sampled_from([HUGE, -HUGE]))
    return game


API_REQUESTS = st.one_of(
    st.tuples(st.sampled_from([*SLUGS, "no-such-game"]), ANY_BODY),
    # A game's own almost valid (and valid) input, sent to its own address.
    st.sampled_from(SLUGS).flatmap(
        lambda slug: st.tuples(
            st.just(slug),
            (almost_valid(slug) | with_huge_numbers(slug) | VALID[slug]).map(json_body),
        )
    ),
)


@pytest.mark.django_db
# Two hundred calls from one address in seconds would meet the API's rate limit instead.
@override_settings(RATELIMIT_ENABLE=False)
@examples(200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sent=API_REQUESTS)
def test_the_api_never_answers_500(client: Any, sent: tuple[str, bytes]) -> None:
    slug, body = sent
    response = client.post(f"/api/games/{slug}/score", data=body, content_type="application/json")
    assert response["Content-Type"] == "application/json"
    answer = json.loads(response.content)
    if slug not in games.GAMES:
        assert response.status_code == 404
        check_errors(answer)
    elif response.status_code == 200:
        check_sheet(slug, answer)
    elif len(body) > API_MOST_BYTES:
        assert response.status_code == 413
        check_errors(answer)
    else:
        assert response.status_code == 400
        check_errors(answer)


@pytest.mark.django_db
@examples(40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_api_answers_a_valid_game_as_python_does(client: Any, data: st.DataObject) -> None:
    """docs/contract.md: the same JSON in gives the same JSON out, by API or in Python."""
    slug = data.draw(st.sampled_from(SLUGS), label="slug")
    game = data.draw(st.just(EXAMPLES[slug]) | VALID[slug], label="game")
    response = client.post(f"/api/games/{slug}/score", data=game, content_type="application/json")
    assert response.status_code == 200
    assert json.loads(response.content) == games.score_json(slug, game)
