"""CSV for spreadsheets: one row per player per play, with every scoring line."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

from scorepad.codecs import all_codecs
from scorepad.models import Play

CSV_COLUMNS = ["date", "play", "game", "player", "total", "rank", "winner"]
# A spreadsheet runs a cell starting with these as a formula; names are typed by anyone.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def breakdown_keys(plays: Iterable[Play]) -> list[str]:
    """Every scoring line of the games in ``plays``, in the registry's order; games
    that share a key share the column (the ``game`` column tells them apart)."""
    present = {play.game for play in plays}
    keys: list[str] = []
    for codec in all_codecs():
        if codec.slug in present:
            keys += [c.key for c in codec.info.categories if c.key not in keys]
    return keys


def _text_cell(value: str) -> str:
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def csv_rows(plays: Iterable[Play]) -> Iterator[list[Any]]:
    """Header, then one row per seat; a line the game (or this way of entering it)
    does not score is left empty."""
    plays = list(plays)
    keys = breakdown_keys(plays)
    yield [*CSV_COLUMNS, *keys]
    for play in plays:
        for result in play.results.all():
            yield [
                play.played_on.isoformat(),
                str(play.uuid),
                play.info.name,
                _text_cell(result.name),
                result.total,
                result.rank,
                "yes" if result.is_winner else "no",
                *(result.breakdown.get(key, "") for key in keys),
            ]


def csv_text(plays: Iterable[Play]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(csv_rows(plays))
    return buffer.getvalue()
