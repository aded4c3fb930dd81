"""The scoring contract's shared parts, pure: tie-breaks that count up or down, and a
sheet that says whether its game is over (``Sheet.complete``), which a codec holds a
play to before finishing it. A tiny game is written here for it: Fishing, fewest fish
lost breaks a tie, then most boats."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType, ModuleType
from typing import Any

import pytest

from games.contract import (
    FEWEST,
    MOST,
    Category,
    Errors,
    GameInfo,
    InvalidInput,
    PlayerScore,
    Sheet,
    Tiebreak,
    make_sheet,
    rank_players,
    tied_totals,
)
from scorepad.codecs import Codec, StoredPlay
from scorepad.entries import PlayState

LOST = Tiebreak("lost", "fewest fish lost", FEWEST)
BOATS = Tiebreak("boats", "most boats", MOST)
INFO = GameInfo(
    slug="fishing",
    name="Fishing",
    min_players=2,
    max_players=4,
    modes=("standard",),
    options=(),
    categories=(),
    tiebreaks=(LOST, BOATS),
    rulebook="tests/test_contract.py",
)


def player(name: str, total: int, lost: int, boats: int = 0) -> PlayerScore:
    return PlayerScore(name, total, {}, {"lost": lost, "boats": boats})


def test_a_fewest_tie_break_puts_the_lower_value_ahead() -> None:
    players = [player("Ana", 10, lost=3), player("Ben", 10, lost=1), player("Cleo", 12, lost=9)]
    notes = [str(note) for note in rank_players(players, (LOST,))]
    assert [p.rank for p in players] == [3, 2, 1]
    assert notes == [
        "Ben and Ana tie on 10 points; the tie-break (fewest fish lost: Ben 1, Ana 3) "
        "puts Ben ahead of Ana."
    ]


def test_each_tie_break_counts_in_its_own_direction_in_turn() -> None:
    players = [
        player("Ana", 7, lost=2, boats=1),
        player("Ben", 7, lost=2, boats=4),
        player("Cleo", 7, lost=1, boats=0),
        player("Dev", 7, lost=2, boats=4),
    ]
    sheet = make_sheet(INFO, players, complete=True)
    # Cleo lost fewest; of the others, Ben and Dev have the most boats, and stay level.
    assert [p.rank for p in players] == [4, 2, 1, 2]
    assert sheet.winners == ["Cleo"]
    assert str(sheet.notes[0]).endswith(
        "puts Cleo ahead of Ben and Dev ahead of Ana (players still level share their place)."
    )


def test_most_is_the_direction_it_always_was() -> None:
    players = [player("Ana", 10, lost=0, boats=1), player("Ben", 10, lost=0, boats=2)]
    rank_players(players, (BOATS,))
    assert [p.rank for p in players] == [2, 1]


def test_tied_totals_come_highest_first_whichever_way_the_tie_breaks_count() -> None:
    totals = {"A": 5, "B": 9, "C": 5, "D": 9, "E": 1}
    players = [player(name, total, lost=i) for i, (name, total) in enumerate(totals.items())]
    notes = [str(note) for note in rank_players(players, (LOST,))]
    assert tied_totals([p.total for p in players]) == [9, 5]
    assert [n.split(" tie on ")[1].split(" ")[0] for n in notes] == ["9", "5"]
    assert [p.rank for p in players] == [3, 1, 4, 2, 5]  # fewer lost goes ahead


def test_a_sheet_says_whether_its_game_is_over() -> None:
    over = make_sheet(INFO, [player("Ana", 3, 0), player("Ben", 2, 0)], complete=True)
    going = make_sheet(INFO, [player("Ana", 3, 0), player("Ben", 2, 0)], complete=False)
    assert over.complete and over.to_json()["complete"] is True and over.winners == ["Ana"]
    assert not going.complete and going.to_json()["complete"] is False
    assert going.winners == [] and "not over" in str(going.notes[0])
    with pytest.raises(TypeError):
        Sheet("fishing", [], [], [])  # type: ignore[call-arg]  # complete is never implied


def fishing_game(over: bool) -> ModuleType:
    """Fishing as a module: its sheet is over when the input says so."""
    game = ModuleType("fishing")
    game.INFO = INFO  # type: ignore[attr-defined]

    def parse(data: Any, *, partial: bool = False) -> Any:
        return data

    def score(data: Any) -> Sheet:
        players = [player(name, 1, 0) for name in data["players"]]
        return make_sheet(INFO, players, complete=over)

    game.parse = parse  # type: ignore[attr-defined]
    game.score = score  # type: ignore[attr-defined]
    return game


def codec_of(game: ModuleType) -> Codec:
    return Codec(
        game=game,
        to_input=lambda state: {"players": state.players},
        from_input=lambda data: StoredPlay(list(data["players"]), "standard", {}, {}),
    )


def test_a_codec_finishes_only_a_game_its_sheet_says_is_over() -> None:
    state = PlayState(["Ana", "Ben"], {}, "standard", {})
    assert codec_of(fishing_game(over=True)).final_sheet(state).winners == ["Ana", "Ben"]
    with pytest.raises(InvalidInput) as refused:
        codec_of(fishing_game(over=False)).final_sheet(state)
    assert "not over" in refused.value.errors[0].message


def test_a_tie_break_a_player_has_no_count_for_counts_0() -> None:
    players = [
        PlayerScore("Ana", 10, {}, {"lost": 1}),
        PlayerScore("Ben", 10, {}, {}),  # lost none, so wrote none
    ]
    notes = [str(note) for note in rank_players(players, (LOST,))]
    assert [p.rank for p in players] == [2, 1]
    assert notes == [
        "Ben and Ana tie on 10 points; the tie-break (fewest fish lost: Ben 0, Ana 1) "
        "puts Ben ahead of Ana."
    ]


def test_two_tie_breaks_read_one_then_the_other() -> None:
    players = [player("Ana", 7, lost=2, boats=1), player("Ben", 7, lost=2, boats=4)]
    assert [str(note) for note in rank_players(players, (LOST, BOATS))] == [
        "Ben and Ana tie on 7 points; the tie-break (fewest fish lost: Ben 2, Ana 2; then "
        "most boats: Ben 4, Ana 1) puts Ben ahead of Ana."
    ]


def test_a_game_not_over_keeps_what_its_sheet_adds() -> None:
    players = [player("Ana", 3, lost=0), player("Ben", 5, lost=0)]
    sheet = make_sheet(INFO, players, {"rounds_played": 2}, complete=False)
    assert sheet.to_json()["rounds_played"] == 2 and sheet.winners == []


def test_the_words_of_a_refused_input() -> None:
    errors = Errors()
    errors.player_names("Ana", INFO)
    errors.player_names(["Ana", ""], INFO, "again")
    assert [(e.field, e.message) for e in errors.items] == [
        ("players", "Players must be a list of names."),
        ("again[1]", "Player 2 needs a name."),
    ]
    refused = InvalidInput(errors.items)
    assert (
        str(refused)
        == "players: Players must be a list of names.; again[1]: Player 2 needs a name."
    )


def test_past_the_hundredth_mistake_the_input_is_refused_with_the_first_hundred() -> None:
    errors = Errors()
    for n in range(100):
        errors.add(f"f{n}", "wrong")
    with pytest.raises(InvalidInput) as refused:
        errors.add("f100", "wrong")
    assert len(refused.value.errors) == 101
    last = refused.value.errors[-1]
    assert (last.field, last.message) == (
        "",
        "There are more than 100 mistakes; these are the first 100. Correct them and send it again.",
    )


def test_an_object_of_named_values_may_be_any_mapping() -> None:
    errors = Errors()
    assert errors.mapping(MappingProxyType({"a": 1}), "x", "X") == {"a": 1}
    assert errors.items == []


def test_a_line_the_game_does_not_know_is_labelled_by_its_key() -> None:
    assert INFO.category_label("bonus") == "bonus"


def test_a_count_is_a_whole_number_within_its_bounds_else_0_and_a_mistake() -> None:
    errors = Errors()
    assert errors.count(3.0, "a", "Fish") == 3  # 3.0 is the whole number 3
    assert errors.count(None, "b", "Fish") == 0  # not given yet
    assert errors.count(2.5, "c", "Fish") == 0
    assert errors.count(-1, "d", "Fish") == 0
    assert errors.count(7, "e", "Fish", maximum=6) == 0
    assert [(e.field, e.message) for e in errors.items] == [
        ("c", "Fish must be a whole number."),
        ("d", "Fish cannot be less than 0."),
        ("e", "Fish cannot be more than 6."),
    ]


def test_a_line_of_one_mode_only_is_left_out_of_the_others() -> None:
    penalty = Category("penalty", "Penalty", modes=("solo",))
    info = replace(INFO, modes=("standard", "solo"), categories=(Category("fish", "Fish"), penalty))
    assert [c.key for c in info.categories_for("solo")] == ["fish", "penalty"]
    assert [c.key for c in info.categories_for("standard")] == ["fish"]
