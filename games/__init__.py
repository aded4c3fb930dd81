"""Scorepad's games: one pure-Python package per game, all following games.contract."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from games import coral_stations, reef_draft, seagrass, shallow_sea
from games.contract import FieldError, InvalidInput, Sheet

GAMES: dict[str, ModuleType] = {
    module.INFO.slug: module for module in (reef_draft, shallow_sea, seagrass, coral_stations)
}


def get_game(slug: str) -> ModuleType:
    """The game module for ``slug``; KeyError when there is none."""
    return GAMES[slug]


def score(slug: str, data: Any) -> Sheet:
    """Parse and score ``data`` for the game ``slug``; raises InvalidInput."""
    try:
        game = get_game(slug)
    except KeyError:
        raise InvalidInput([FieldError("game", f"There is no game called '{slug}'.")]) from None
    return game.score(game.parse(data))


def score_json(slug: str, data: Any) -> dict[str, Any]:
    """The one JSON form behind the API, the ``score`` command and the web pages."""
    return score(slug, data).to_json()
