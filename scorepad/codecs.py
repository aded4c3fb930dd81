"""Each game as the site stores it, behind one registry: its codec.

A *codec* is the pure half of a game on the site: the scoring module it scores with,
how a play's saved pieces become that game's JSON input (``to_input``) and back
(``from_input``), the whole game scored strictly (``final_sheet``), and the games it
can make up (its worked example, that example varied, a random valid game). Models,
exports, imports, records and the commands that seed plays use a game only through
its codec; its screens are its pad's (``scorepad.pads``), which only the URL conf and
views reach.

The packages listed in ``settings.SCOREPAD_PADS`` each hold a ``codecs`` module whose
``CODECS`` are the games it enters. A codec module imports no view, form, model or
template: a model asking a play's game for its input must not pull the screens in.

Nothing here imports a model or Django's request machinery.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from games.contract import FieldError, GameInfo, InvalidInput, Sheet
from scorepad.entries import PlayState

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

# The names a random game's players get when the game has no generator of its own.
FALLBACK_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")


@dataclass(frozen=True)
class StoredPlay:
    """A game's JSON input as a play keeps it: who sits where, the mode and options,
    each seat's entry and the log of events (oldest first)."""

    players: list[str]
    mode: str
    options: dict[str, Any]
    entries: dict[str, dict[str, Any]]
    events: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class Codec:
    """One game as the site stores, scores and makes it up; no screen of it."""

    game: ModuleType
    """The pure scoring module: ``INFO``, ``parse()``, ``score()`` (docs/contract.md)."""
    to_input: Callable[[PlayState], dict[str, Any]]
    """The play's saved pieces as the game's JSON input."""
    from_input: Callable[[Mapping[str, Any]], StoredPlay]
    """The game's JSON input as the pieces a play saves: ``to_input`` undone."""
    reads_events: bool = False
    """Whether the input is built from the play's log of events (else none are read)."""
    example: Callable[[], dict[str, Any]] | None = None
    """A complete game as the API takes it; by default docs/examples/<slug>.json."""
    vary: Callable[[dict[str, Any], Random], dict[str, Any]] | None = None
    """The example with other valid numbers, so seeded plays differ (the benchmark)."""
    in_progress: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """A whole game as a table still entering it holds it; by default all of it."""
    random_input: Callable[[Random], dict[str, Any]] | None = None
    """A random game the game takes as valid, from ``rng``; by default the example renamed."""

    @property
    def info(self) -> GameInfo:
        return self.game.INFO

    @property
    def slug(self) -> str:
        return self.info.slug

    def final_sheet(self, state: PlayState) -> Sheet:
        """The whole game ``state`` holds, scored strictly; InvalidInput while it is not
        over (``Sheet.complete`` false). Nothing is read from the database: an import
        scores plays not saved yet."""
        sheet = self.game.score(self.game.parse(self.to_input(state), partial=False))
        if not sheet.complete:
            raise InvalidInput(
                [FieldError("", _("The game is not over yet: enter every round before finishing."))]
            )
        return sheet

    def example_input(self) -> dict[str, Any]:
        """The game's worked example, as the API takes it."""
        if self.example is not None:
            return self.example()
        return json.loads((EXAMPLES / f"{self.slug}.json").read_text())

    def random_game(self, rng: Random) -> dict[str, Any]:
        """A random game the game takes as valid: its own generator's, or else its example
        with the players renamed (every name in it, keys included) and listed in another
        order."""
        if self.random_input is not None:
            return self.random_input(rng)
        example = self.example_input()
        players = list(example["players"])
        names = rng.sample(FALLBACK_NAMES, len(players))
        renamed = dict(zip(players, names, strict=True))

        def rename(value: Any) -> Any:
            if isinstance(value, dict):
                return {renamed.get(k, k): rename(v) for k, v in value.items()}
            if isinstance(value, list):
                return [rename(v) for v in value]
            return renamed.get(value, value) if isinstance(value, str) else value

        game = {key: rename(value) for key, value in example.items() if key != "players"}
        rng.shuffle(names)
        return {"players": names, **game}


@cache
def _registry() -> dict[str, Codec]:
    codecs: dict[str, Codec] = {}
    for package in settings.SCOREPAD_PADS:
        for codec in import_module(f"{package}.codecs").CODECS:
            if codec.slug in codecs:
                raise ValueError(f"Two codecs store the game '{codec.slug}'.")
            codecs[codec.slug] = codec
    return codecs


def all_codecs() -> list[Codec]:
    """Every game the site stores, in the order settings list their packages."""
    return list(_registry().values())


def get_codec(slug: str) -> Codec:
    """The codec of the game ``slug``; KeyError when the site does not store it."""
    return _registry()[slug]


def is_entered(slug: str) -> bool:
    """Whether the site stores (and so enters) the game ``slug``."""
    return slug in _registry()
