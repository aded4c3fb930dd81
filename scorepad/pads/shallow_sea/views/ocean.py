"""One player's ocean: the board screen, its forms kept for a phone without a network,
and the board again after one space or bubble is saved (``ocean_taps``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.contract import InvalidInput
from games.shallow_sea.data import Point
from scorepad.entries import fingerprint
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, Result
from scorepad.models.changes import change_part
from scorepad.pads.shallow_sea.drawing import draw_board, touched_by
from scorepad.pads.shallow_sea.entry import board_of, space_to_enter_next
from scorepad.pads.shallow_sea.forms.ocean import FishForm, OceanExtrasForm, TileForm
from scorepad.pads.shallow_sea.geometry import BUBBLE_SHAPES, SPACE_SHAPES
from scorepad.pads.shallow_sea.sealife_values import printed_values
from scorepad.pads.shallow_sea.views.seat import (
    get_seat_play_for_user,
    live_panel,
    ocean_line_url,
    seat_url,
)
from scorepad.table import Access, access_to
from scorepad.views.common import (
    attach_errors,
    get_seat_for_user,
    get_seat_or_404,
    next_seat,
    next_seat_url,
    post_with_step_applied,
    render_screen,
    seat_or_table_url,
)


def _ocean_context(
    play: Play,
    results: list[Result],
    result: Result,
    access: Access,
    *,
    tap: str,
    editor: dict[str, Any] | None = None,
    extras: OceanExtrasForm | None = None,
    saved: str = "",
    line: str = "",
) -> dict[str, Any]:
    board = board_of(result)
    achievement = play.options.get("achievement")
    if extras is None:
        initial = {k: board.get(k) for k in ("seashells", "lionfish", "left_out_color")}
        extras = OceanExtrasForm(play.mode, achievement, initial=initial)
    selected_space = editor["space"] if editor and editor.get("space") else None
    selected_bubble = editor["point"] if editor and editor.get("point") else None
    later = next_seat(results, result.position, access)
    live = live_panel(play, results, result, line=line, line_url=ocean_line_url(play, result, tap))
    return {
        "play": play,
        "results": results,
        "result": result,
        "tap": tap,
        "ocean_url": seat_url(play, result),
        "board": draw_board(
            board, selected_space=selected_space, selected=selected_bubble, lit=live["explained"]
        ),
        "drawn": fingerprint(board),
        "editor": editor,
        "extras": extras,
        "form": extras,
        "live": live,
        "saved": saved,
        "next_url": seat_or_table_url(play, later),
        "next_name": later.name if later else None,
        "is_host": access.is_host,
        "change_label": _("%(name)s's Seashells") % {"name": result.name},
        "offline_forms_url": reverse(
            "shallow_sea_offline_forms", args=[play.uuid, result.position]
        ),
    }


# A space's or bubble's form as a template the phone fills in itself without a network
# (ocean.js); PLACE stands where the space's name goes.
PLACE = "__PLACE__"


def _offline_editors(
    request: HtmxHttpRequest, play: Play, results: list[Result], result: Result
) -> dict[str, Any]:
    sealife = play.options.get("setup", {}).get("sealife", [])
    printed = printed_values(play, results, request.user)
    args = [play.uuid, result.position, PLACE]
    space = {"kind": "space", "space": PLACE, "title": PLACE, "errors": []}
    bubble = {"kind": "bubble", "name": PLACE, "title": PLACE, "errors": []}
    return {
        "space": {
            **space,
            "form": TileForm(sealife, printed),
            "url": reverse("shallow_sea_space", args=args),
        },
        "bubble": {**bubble, "form": FishForm(), "url": reverse("shallow_sea_bubble", args=args)},
        "titles": json.dumps(
            {s.name: s.title for s in SPACE_SHAPES.values()}
            | {b.name: b.title for b in BUBBLE_SHAPES.values()}
        ),
    }


@require_GET
def ocean_offline_forms(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """A space's and a bubble's form as templates, for the board opened without a
    network: the service worker keeps this with the board (ocean.js reads it from the
    worker's cache), so the board's own page does not carry them on every load."""
    play = get_seat_play_for_user(request, play_id, "board")
    results, result, _ = get_seat_for_user(request, play, position)
    ctx = {
        "offline": _offline_editors(request, play, results, result),
        "ocean_url": seat_url(play, result),
    }
    return render(request, "shallow_sea/offline_forms.html", ctx)


@require_http_methods(["GET", "POST"])
def ocean(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """The board screen; a POST saves what lies beside the ocean (Seashells, Lionfish)."""
    play = get_seat_play_for_user(request, play_id, "board")
    results, result, access = get_seat_for_user(request, play, position)
    tap = "fish" if request.GET.get("tap") == "fish" else "tiles"
    template = "shallow_sea/ocean.html"
    if request.method == "GET":
        line = request.GET.get("line", "")
        ctx = _ocean_context(play, results, result, access, tap=tap, line=line)
        # The tap-mode switch pushes its URL; going back to it asks for the whole page.
        restoring = request.htmx and request.htmx.history_restore_request
        return render_screen(request, template, ctx, None if restoring else "switched")

    achievement = play.options.get("achievement")
    data = post_with_step_applied(request)
    form = OceanExtrasForm(play.mode, achievement, data)
    saved = ""
    general: list[str] = []
    if form.is_valid():
        try:
            results = change_part(play, position, ("board",), form.apply, by=access.actor)
        except InvalidInput as e:
            general = attach_errors(
                e, form, f"boards.{result.name}.", lambda f: f if f in form.fields else None
            )
        else:
            saved = _("Saved.")
            if not request.htmx and request.POST.get("go") == "next":
                return redirect(next_seat_url(play, results, position, access))
            if not request.htmx:
                return redirect(request.path)
        results, result = get_seat_or_404(play, position)
    if request.htmx:
        # What the Seashells change: the live panel and the total under the board.
        ctx = {
            "result": result,
            "board": draw_board(board_of(result)),
            "live": live_panel(play, results, result, line_url=ocean_line_url(play, result, tap)),
            "form": form,
        }
    else:
        ctx = _ocean_context(play, results, result, access, tap=tap, extras=form, saved=saved)
    ctx["extras_errors"] = general
    return render_screen(request, template, ctx, "extras-saved")


def editor_screen(
    request: HtmxHttpRequest,
    play: Play,
    results: list[Result],
    result: Result,
    tap: str,
    editor: dict[str, Any],
    form: Any,
    errors: list[str],
) -> HttpResponse:
    """The board with one space's or bubble's form open under the thumb."""
    editor = {**editor, "form": form, "errors": errors}
    ctx = _ocean_context(play, results, result, access_to(request, play), tap=tap, editor=editor)
    # A tap opens it over the board drawn again; a save it answers replaces the form alone.
    partial = "editor-open" if request.method == "GET" else "editor-again"
    return render_screen(request, "shallow_sea/ocean.html", ctx, partial)


@dataclass(frozen=True)
class BoardTap:
    """One tap saved on a board: in which tap mode, the board as it stood before, the
    fingerprint of the board the phone drew (its editor's ``drawn``), and the space or
    bubble tapped."""

    tap: str
    before: dict[str, Any]
    drawn: str | None
    space: str | None = None
    bubble: Point | None = None


def after_save(
    request: HtmxHttpRequest,
    play: Play,
    position: int,
    tapped: BoardTap,
    said: str,
    learnt: list[str],
    results: list[Result],
) -> HttpResponse:
    """After a tile or a fish is saved: the board again (without JavaScript); for htmx
    only what the tap changed, from the seats just saved: the closed editor, the spaces
    and bubbles the tap may have drawn differently (``touched_by``; the one tapped always:
    it loses its selection and the outbox's waiting mark), the counts and total under the
    board, the live panel; and the space to enter next, where a tile was laid on an
    empty one, whose form opens next: the tap a player makes anyway (ocean.js)."""
    result = next(r for r in results if r.position == position)
    tap = tapped.tap
    after = board_of(result)
    upcoming = tapped.space and space_to_enter_next(tapped.before, after, tapped.space)
    if not request.htmx:
        messages.success(request, _("Saved %(what)s") % {"what": said})
        for line in learnt:
            messages.info(request, line)
        if upcoming:
            args = [play.uuid, position, upcoming]
            return redirect(reverse("shallow_sea_space", args=args) + "#ocean")
        url = seat_url(play, result)
        return redirect(url + ("?tap=fish" if tap == "fish" else ""))
    after = board_of(result)
    # Another phone changed this ocean since this one drew it: all of it again.
    only = (
        touched_by(tapped.before, after, space=tapped.space, bubble=tapped.bubble)
        if tapped.drawn == fingerprint(tapped.before)
        else None
    )
    board = draw_board(after, only=only)
    ctx = {
        "play": play,
        "result": result,
        "tap": tap,
        "board": board,
        "upcoming": upcoming,
        "changed": {"spaces": board["spaces"], "bubbles": board["bubbles"]},
        "live": live_panel(play, results, result, line_url=ocean_line_url(play, result, tap)),
        "saved": _("Saved %(what)s") % {"what": said},
        "learnt": learnt,
    }
    return render_screen(request, "shallow_sea/ocean.html", ctx, "after-save")
