"""Starting a Shallow Sea play, and the play's own screen (its hub and each seat's status)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.shallow_sea import INFO
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, Progress, Result
from scorepad.pads import DONE, EMPTY, ENTERING, Pad, SeatStatus
from scorepad.pads.shallow_sea.entry import board_of, entered
from scorepad.pads.shallow_sea.forms.setup import SetupForm
from scorepad.pads.shallow_sea.sealife_values import values_in_play
from scorepad.pads.shallow_sea.text import describe_values, setup_summary
from scorepad.pads.shallow_sea.views.seat import SLUG, entry_field, entry_kind
from scorepad.views.common import get_table_for_user, render_screen, start_play_for
from scorepad.views.table import table_region


def setup(request: HtmxHttpRequest, pad: Pad) -> HttpResponse:
    """Players, mode, cards, Sealife types, achievement mode and entry, on one screen."""
    table = get_table_for_user(request)
    seat = table.seats
    preset = request.POST.get("preset")
    if request.method == "POST" and preset:
        # A ready-made setup is filled in and shown; nothing starts yet.
        form = SetupForm(table.group, initial=SetupForm.preset(request.POST, preset), **seat)
    else:
        form = SetupForm(table.group, request.POST or None, **seat)
        if request.method == "POST" and form.is_valid():
            return redirect(start_play_for(request, table, SLUG, form.cleaned_data))
    ctx = {
        "info": INFO,
        "form": form,
        "group": table.group,
        "groups": table.groups,
        "preset": preset,
    }
    return render_screen(request, "shallow_sea/setup.html", ctx, "setup-form")


def hub(request: HtmxHttpRequest, play: Play) -> HttpResponse:
    results = play.ordered_results()
    progress = play.progress(results, strict=True)
    ctx = {
        "play": play,
        "problems": progress.problems,
        "summary": {
            **setup_summary(play.mode, play.options),
            "values": describe_values(values_in_play(board_of(r) for r in results)),
        },
        **table_region(request, play, results, progress),
    }
    return render_screen(request, "shallow_sea/play.html", ctx, "players")


def seat_status(play: Play, result: Result, progress: Progress) -> SeatStatus:
    """What is on the seat's ocean (or that its paper column is in), and what is still
    missing before the game can finish."""
    kind = entry_kind(play)
    if not entered(result, kind):
        return SeatStatus(EMPTY)
    if kind == "board":
        board = board_of(result)
        tiles, fish = len(board.get("tiles", {})), len(board.get("fish", []))
        detail = ngettext(
            "%(tiles)s tile, %(fish)s fish", "%(tiles)s tiles, %(fish)s fish", tiles
        ) % {"tiles": tiles, "fish": fish}
    else:
        detail = _("sheet in")
    left = len(progress.left_to_enter(entry_field(play, result)))
    if left:
        return SeatStatus(ENTERING, _("%(done)s · %(left)s to do") % {"done": detail, "left": left})
    return SeatStatus(DONE, detail)
