"""The scoring contract's shared parts, pure: tie-breaks that count up or down, and a
sheet that says whether its game is over (``Sheet.complete``), which a codec holds a
play to before finishing it. A tiny game is written here for it: Fishing, fewest fish
lost breaks a tie, then most boats."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from games.contract import (
    FEWEST,
    MOST,
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
    notes = rank_players(players, (LOST,))
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
    assert sheet.notes[0].endswith(
        "puts Cleo ahead of Ben and Dev ahead of Ana (players still level share their place)."
    )


def test_most_is_the_direction_it_always_was() -> None:
    players = [player("Ana", 10, lost=0, boats=1), player("Ben", 10, lost=0, boats=2)]
    rank_players(players, (BOATS,))
    assert [p.rank for p in players] == [2, 1]


def test_tied_totals_come_highest_first_whichever_way_the_tie_breaks_count() -> None:
    totals = {"A": 5, "B": 9, "C": 5, "D": 9, "E": 1}
    players = [player(name, total, lost=i) for i, (name, total) in enumerate(totals.items())]
    notes = rank_players(players, (LOST,))
    assert tied_totals([p.total for p in players]) == [9, 5]
    assert [n.split(" tie on ")[1].split(" ")[0] for n in notes] == ["9", "5"]
    assert [p.rank for p in players] == [3, 1, 4, 2, 5]  # fewer lost goes ahead


def test_a_sheet_says_whether_its_game_is_over() -> None:
    over = make_sheet(INFO, [player("Ana", 3, 0), player("Ben", 2, 0)], complete=True)
    going = make_sheet(INFO, [player("Ana", 3, 0), player("Ben", 2, 0)], complete=False)
    assert over.complete and over.to_json()["complete"] is True and over.winners == ["Ana"]
    assert not going.complete and going.to_json()["complete"] is False
    assert going.winners == [] and "not over" in going.notes[0]
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
