"""The Scorepad document (JSON): everything each finished play holds, the way it was
entered, so another group or another Scorepad site can import it and score it again."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import models

from games.words import SOURCE_LANGUAGE
from scorepad.exports.plays import source_id
from scorepad.models import Group, Play, PlayEvent, PlayQuerySet, Result

FORMAT = "scorepad-history"
VERSION = 1


def with_entries(plays: PlayQuerySet) -> PlayQuerySet:
    """Each play's results (entries included) with their players, and its logged
    events: two more queries, whatever the number of plays."""
    results = Result.objects.select_related("player").order_by("position")
    events = PlayEvent.objects.order_by("seq")
    return plays.prefetch_related(
        models.Prefetch("results", queryset=results), models.Prefetch("events", queryset=events)
    )


def _moment(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="seconds") if moment else None


def play_document(play: Play) -> dict[str, Any]:
    """What was entered (re-scored on import) and what it scored (for reading)."""
    results = list(play.results.all())
    return {
        "id": source_id(play),
        "game": play.game,
        "date": play.played_on.isoformat(),
        # When the game began and was first finished, where known (its length).
        "started": _moment(play.started_at),
        "finished": _moment(play.finished_at),
        "mode": play.mode,
        "options": play.options,
        "players": [r.name for r in results],
        "entries": {r.name: r.entry for r in results},
        "events": [e.data for e in play.events.all()],
        "results": [
            {
                "player": r.name,
                "total": r.total,
                "rank": r.rank,
                "winner": r.is_winner,
                "breakdown": r.breakdown,
                "tiebreak": r.tiebreak,
                "extra": r.extra,
            }
            for r in results
        ],
        "notes": play.readable_notes(SOURCE_LANGUAGE),
    }


def history_document(group: Group, plays: Iterable[Play], exported: datetime) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": exported.isoformat(timespec="seconds"),
        "group": group.name,
        "plays": [play_document(play) for play in plays],
    }
