"""The plays every export writes, and what names them: their first id, the file's name."""

from __future__ import annotations

from datetime import date

from django.utils.text import slugify

from scorepad.models import Group, Play, PlayQuerySet


def finished_plays(group: Group) -> PlayQuerySet:
    """Oldest first: a file reads like the group's log book and imports in that order."""
    return group.plays.finished().order_by("played_on", "created", "pk")


def source_id(play: Play) -> str:
    """The id a play was first recorded under, kept through imports, so the same game
    imported by several routes is still recognised as one."""
    return str(play.imported_from or play.uuid)


def filename(group: Group, suffix: str, today: date) -> str:
    return f"scorepad-{slugify(group.name) or 'group'}-{today.isoformat()}{suffix}"
