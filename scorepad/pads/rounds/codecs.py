"""The family's codecs: each seat's entry is ``{"rounds": {"1": {...}, "2": {...}}}``,
the game's input ``{"players", "options", "rounds": [{name: round, ...}, ...]}``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any

import games.reef_draft
import games.reef_draft.random_game
from scorepad.codecs import Codec, StoredPlay
from scorepad.entries import PlayState
from scorepad.pads.rounds import reef_draft
from scorepad.pads.rounds.screens import RoundScreens


@dataclass(frozen=True, kw_only=True)
class RoundsCodec(Codec):
    """A game of the family, stored in the shape its screens give."""

    screens: RoundScreens
    """The game's rounds and counts, as data."""


def to_input(screens: RoundScreens, state: PlayState) -> dict[str, Any]:
    """A round counts once anyone has entered it."""
    rounds = {name: entry.get("rounds", {}) for name, entry in state.entries.items()}
    entered = {int(number) for player_rounds in rounds.values() for number in player_rounds}
    # One round past the last is enough for the game to refuse the lot: a file's
    # "round 100000000" would otherwise be a hundred million rounds to build.
    last = min(max(entered, default=0), screens.rounds + 1)
    return {
        "players": state.players,
        "options": dict(state.options),
        "rounds": [
            {
                name: rounds[name][str(number)]
                for name in state.players
                if str(number) in rounds[name]
            }
            for number in range(1, last + 1)
        ],
    }


def from_input(game: ModuleType, data: Mapping[str, Any]) -> StoredPlay:
    players = list(data["players"])
    entries = {
        name: {
            "rounds": {
                str(number): seats[name]
                for number, seats in enumerate(data["rounds"], 1)
                if name in seats
            }
        }
        for name in players
    }
    options = {**game.INFO.default_options(), **data.get("options", {})}
    return StoredPlay(players, game.INFO.modes[0], options, entries)


def waiting_for_the_first_seat(data: dict[str, Any]) -> dict[str, Any]:
    """Every round in but the first seat's last."""
    first = data["players"][0]
    last = {name: entry for name, entry in data["rounds"][-1].items() if name != first}
    return {**data, "rounds": [*data["rounds"][:-1], last]}


def rounds_codec(game: ModuleType, screens: RoundScreens, **more: Any) -> RoundsCodec:
    """A game of the family, stored round by round."""
    return RoundsCodec(
        game=game,
        screens=screens,
        to_input=partial(to_input, screens),
        from_input=partial(from_input, game),
        in_progress=waiting_for_the_first_seat,
        **more,
    )


REEF_DRAFT = rounds_codec(
    games.reef_draft,
    reef_draft.SCREENS,
    random_input=games.reef_draft.random_game.random_input,
)
CODECS = [REEF_DRAFT]
