"""What each Sealife type's tiles print, for pre-filling a tile: this play's own
tiles, the group's remembered values, the site's catalogue; and the question asked
before a typed value replaces what a group remembers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_lazy

from games.shallow_sea.data import SEALIFE
from scorepad.models import Group, Play, Result
from scorepad.pads.shallow_sea.entry import board_of
from scorepad.pads.shallow_sea.models import GroupSealifeValue, Lesson, SealifeCatalogueEntry
from scorepad.pads.shallow_sea.text import printed_text, sealife_name


@dataclass(frozen=True)
class PrintedVP:
    """What one Sealife type's tiles print, where known, and who says so."""

    vp: int | None
    partial_vp: int | None
    source: str  # one of PRINTED_SOURCES

    @property
    def source_label(self) -> str:
        return str(PRINTED_SOURCES[self.source])


PRINTED_SOURCES = {
    "play": gettext_lazy("this play"),
    "group": gettext_lazy("the group's last plays"),
    "edited": gettext_lazy("the catalogue"),
    "engine": gettext_lazy("the rulebook"),
}


def values_in_play(boards: Iterable[Mapping[str, Any]]) -> dict[str, tuple[int | None, int | None]]:
    """What the play's own Sealife tiles print (VPs, VPs per count), by type."""
    found: dict[str, tuple[int | None, int | None]] = {}
    for board in boards:
        for tile in board.get("tiles", {}).values():
            code = tile.get("code")
            if tile.get("kind") != "sealife" or code not in SEALIFE:
                continue
            vp, partial_vp = found.get(code, (None, None))
            found[code] = (
                tile["vp"] if tile.get("vp") is not None else vp,
                tile["partial_vp"] if tile.get("partial_vp") is not None else partial_vp,
            )
    return found


def sealife_groups(play: Play, user: Any) -> QuerySet[Group]:
    """The groups whose remembered Sealife values pre-fill this play's tiles: the play's
    group (the one its typed values teach), or for a play in none the signed-in user's
    groups."""
    if play.group_id:
        return Group.objects.filter(pk=play.group_id)
    return Group.objects.for_user(user)


def printed_values(play: Play, results: Iterable[Result], user: Any) -> dict[str, PrintedVP]:
    """What each type prints, for pre-filling a tile: a value another tile of this play
    already uses comes first (all tiles of a type print the same), then what the play's
    group (or, for a play without one, the signed-in user's groups) typed last, then the
    site catalogue, which only signed-in users change, on its own screen."""
    known = {
        code: PrintedVP(row.vp, row.partial_vp, row.source)
        for code, row in SealifeCatalogueEntry.objects.known().items()
    }
    remembered = {
        code: (row.vp, row.partial_vp, "group")
        for code, row in GroupSealifeValue.objects.for_groups(sealife_groups(play, user)).items()
    }
    played = {
        code: (*values, "play")
        for code, values in values_in_play(board_of(r) for r in results).items()
    }
    for layer in (remembered, played):
        for code, (vp, partial_vp, source) in layer.items():
            if code not in known:
                continue
            before = known[code]
            known[code] = PrintedVP(
                vp if vp is not None else before.vp,
                partial_vp if partial_vp is not None else before.partial_vp,
                source,
            )
    return known


@dataclass(frozen=True)
class Question:
    """Asked before a typed Sealife value replaces what a group remembers: the words, the
    two answers' buttons and the values asked about (``Lesson.asked``)."""

    text: str
    play_only: str
    remember: str
    asked: str


def teaching_question(lesson: Lesson) -> Question:
    """The question, in words and on its buttons: "The group remembers 6 VP for the
    Spiny Seahorse (C4); you chose 7 VP. Save 7 VP for this play only, or …?" """
    keys = ("vp", "partial_vp")
    was = printed_text(*(lesson.differing.get(k, (None, None))[0] for k in keys))
    now = printed_text(*(lesson.differing.get(k, (None, None))[1] for k in keys))
    said = {"was": was, "now": now, "sealife": sealife_name(lesson.code)}
    return Question(
        text=gettext(
            "The group remembers %(was)s for the %(sealife)s; you chose %(now)s. Save %(now)s "
            "for this play only, or also remember %(now)s for the group?"
        )
        % said,
        play_only=gettext("Save %(now)s for this play only") % said,
        remember=gettext("Also remember %(now)s for the group") % said,
        asked=lesson.asked,
    )
