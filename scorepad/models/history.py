"""A group's history in pages, and what a phone polling its table is told."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from django.db import models

if TYPE_CHECKING:
    from scorepad.models.plays import Play


@dataclass(frozen=True)
class PollState:
    """What a phone polling its table needs to know if anything changed: nothing about
    who asks, so a poll carries no rights (what it shows comes with the whole answer)."""

    version: int
    finished: bool


@dataclass
class HistoryPage:
    """One page of a history, newest first, and the keys of the pages either side of it
    (None at an end): a page is found by the (date, id) it starts after, not by an
    offset, so that its cost is the same however far back it is."""

    plays: list[Play]
    newer: str | None
    older: str | None

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def __len__(self) -> int:
        return len(self.plays)

    @property
    def has_other_pages(self) -> bool:
        return self.newer is not None or self.older is not None


def page_key(play: Play) -> str:
    played_on, pk = history_key(play)
    return f"{played_on.isoformat()}.{pk}"


def history_key(play: Play) -> tuple[date, int]:
    return play.played_on, play.pk


def read_page_key(text: str) -> tuple[date, int] | None:
    """The (date, id) of a page key from a pager link; None if it is not one."""
    day, _, pk = text.partition(".")
    try:
        return date.fromisoformat(day), int(pk)
    except ValueError:
        return None


def played_before(key: tuple[date, int]) -> models.Q:
    played_on, pk = key
    return models.Q(played_on__lt=played_on) | models.Q(played_on=played_on, pk__lt=pk)


def played_after(key: tuple[date, int]) -> models.Q:
    played_on, pk = key
    return models.Q(played_on__gt=played_on) | models.Q(played_on=played_on, pk__gt=pk)
