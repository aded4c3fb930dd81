"""What every seat's screen shares: its URL, the play it belongs to, its live panel."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404
from django.urls import reverse

from games.shallow_sea import INFO
from games.shallow_sea.ocean import Ocean
from games.shallow_sea.scoring import ocean_warnings
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, Progress, Result
from scorepad.pads.shallow_sea.result import score_lines
from scorepad.views.common import get_play_for_user, get_seats_for_user

SLUG = INFO.slug


def entry_kind(play: Play) -> str:
    return play.options.get("entry", "board")


def entry_field(play: Play, result: Result) -> str:
    """Where the seat's ocean or paper-pad column sits in the game's input."""
    return f"{'boards' if entry_kind(play) == 'board' else 'sheets'}.{result.name}"


def seat_url(play: Play, result: Result) -> str:
    name = "shallow_sea_ocean" if entry_kind(play) == "board" else "shallow_sea_sheet"
    return reverse(name, args=[play.uuid, result.position])


def live_panel(
    play: Play, results: list[Result], result: Result, *, line: str = "", line_url: str = ""
) -> dict[str, Any]:
    """The seat's live panel: its lines, the warnings about its ocean, what is left.
    With ``line_url`` (the ocean's screen, ending in ``?`` or ``&``) each line that
    scores links to that screen with the line selected (``line=``); ``line`` is the one
    selected: its explanation shows under it, and the board lights its spaces and
    bubbles."""
    progress: Progress = play.progress(results, strict=True)
    player = progress.player(results.index(result))
    parsed = progress.parsed.entries.get(result.name) if progress.parsed else None
    board = entry_kind(play) == "board"
    setup = play.options.get("setup", {})
    explained = {e.line: e for e in player.explain if not e.tiebreak} if player else {}
    lines = score_lines(player, play.mode, setup, rows=board) if player else []
    for shown in lines:
        key = shown["key"]
        shown["explained"] = explained.get(key)
        shown["selected"] = key == line
        # The selected line's link clears it; the others select theirs.
        if line_url and key in explained:
            shown["href"] = line_url.rstrip("?&") if key == line else f"{line_url}line={key}"
    return {
        "player": player,
        "explained": explained.get(line),
        "lines": lines,
        "warnings": ocean_warnings(result.name, parsed) if isinstance(parsed, Ocean) else [],
        "to_finish": progress.left_to_enter(entry_field(play, result)),
        "problems": progress.problems,
    }


def ocean_line_url(play: Play, result: Result, tap: str) -> str:
    """The ocean's screen in this tap mode, ready for a ``line=`` to select."""
    return seat_url(play, result) + ("?tap=fish&" if tap == "fish" else "?")


def get_seat_play_for_user(request: HtmxHttpRequest, play_id: UUID, entry: str) -> Play:
    play = get_play_for_user(request, play_id, games={SLUG})
    _entered_on(play, entry)
    return play


def get_seats_play_for_user(
    request: HtmxHttpRequest, play_id: UUID, entry: str
) -> tuple[Play, list[Result]]:
    """``get_seat_play_for_user`` with the play's seats, read in the same query."""
    play, seats = get_seats_for_user(request, play_id, games={SLUG})
    _entered_on(play, entry)
    return play, seats


def _entered_on(play: Play, entry: str) -> None:
    if entry_kind(play) != entry:
        raise Http404(f"This play is entered on the {entry_kind(play)}.")
