"""Shallow Sea's screens: the setup, the play's hub, each player's ocean (a board to
tap, one space or one bubble at a time) or paper-pad column, and the Sealife catalogue.

Every tap that changes an ocean is its own small POST that updates that player's
saved entry, so a lost connection loses at most one tap.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET, require_http_methods

from games.contract import InvalidInput
from games.shallow_sea import INFO
from games.shallow_sea.data import SEALIFE, SPACE_POINTS, Point
from games.shallow_sea.ocean import Ocean
from games.shallow_sea.scoring import ocean_warnings
from scorepad.entries import fingerprint, new_editor
from scorepad.http import AuthenticatedHttpRequest, HtmxHttpRequest
from scorepad.models import Play, Progress, Result, StaleEdit
from scorepad.models.changes import change_part, save_part
from scorepad.pads import DONE, EMPTY, ENTERING, Pad, SeatStatus
from scorepad.pads.shallow_sea.board import (
    BUBBLE_SHAPES,
    SPACE_SHAPES,
    PrintedVP,
    Question,
    board_of,
    bubble_point,
    changed_pieces,
    describe_tile,
    describe_values,
    draw_board,
    entered,
    fish_on_bubbles,
    printed_values,
    score_lines,
    sealife_groups,
    setup_summary,
    sheet_of,
    teaching_question,
    values_in_play,
    with_fish,
    with_tile,
)
from scorepad.pads.shallow_sea.forms import (
    CatalogueForm,
    FishForm,
    OceanExtrasForm,
    SetupForm,
    SheetForm,
    TileForm,
)
from scorepad.pads.shallow_sea.models import GroupSealifeValue, Lesson, SealifeCatalogueEntry
from scorepad.table import Access, access_to
from scorepad.views.common import (
    attach_errors,
    describe_counts,
    get_play_for_user,
    get_seat_for_user,
    get_seat_or_404,
    get_table_for_user,
    next_seat,
    next_seat_url,
    post_with_step_applied,
    private,
    render_screen,
    seat_or_table_url,
    stale_message,
    start_play_for,
)
from scorepad.views.table import table_region

SLUG = INFO.slug


# --- Starting a play ------------------------------------------------------------------------
def setup(request: HtmxHttpRequest, pad: Pad) -> HttpResponse:
    """Players, mode, cards, Sealife types, achievement mode and entry, on one screen."""
    table = get_table_for_user(request)
    seat = {"first_seat": table.first_seat}
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


# --- The play's own screen -----------------------------------------------------------------
def _entry_kind(play: Play) -> str:
    return play.options.get("entry", "board")


def _entry_field(play: Play, result: Result) -> str:
    """Where the seat's ocean or paper-pad column sits in the game's input."""
    return f"{'boards' if _entry_kind(play) == 'board' else 'sheets'}.{result.name}"


def seat_url(play: Play, result: Result) -> str:
    name = "shallow_sea_ocean" if _entry_kind(play) == "board" else "shallow_sea_sheet"
    return reverse(name, args=[play.uuid, result.position])


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
    kind = _entry_kind(play)
    if not entered(result, kind):
        return SeatStatus(EMPTY)
    if kind == "board":
        board = board_of(result)
        tiles, fish = len(board.get("tiles", {})), len(board.get("fish", []))
        detail = f"{tiles} tile{'s' * (tiles != 1)}, {fish} fish"
    else:
        detail = "sheet in"
    left = len(progress.left_to_enter(_entry_field(play, result)))
    return SeatStatus(ENTERING, f"{detail} · {left} to do") if left else SeatStatus(DONE, detail)


def _live(
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
    board = _entry_kind(play) == "board"
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
        "to_finish": progress.left_to_enter(_entry_field(play, result)),
        "problems": progress.problems,
    }


def _line_url(play: Play, result: Result, tap: str) -> str:
    """The ocean's screen in this tap mode, ready for a ``line=`` to select."""
    return seat_url(play, result) + ("?tap=fish&" if tap == "fish" else "?")


def _get_seat_play_for_user(request: HtmxHttpRequest, play_id: UUID, entry: str) -> Play:
    play = get_play_for_user(request, play_id, games={SLUG})
    if _entry_kind(play) != entry:
        raise Http404(f"This play is entered on the {_entry_kind(play)}.")
    return play


# --- One player's ocean ----------------------------------------------------------------------
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
    live = _live(play, results, result, line=line, line_url=_line_url(play, result, tap))
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
        "change_label": f"{result.name}'s Seashells",
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
    }


@require_GET
def ocean_offline_forms(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """A space's and a bubble's form as templates, for the board opened without a
    network: the service worker keeps this with the board (ocean.js reads it from the
    worker's cache), so the board's own page does not carry them on every load."""
    play = _get_seat_play_for_user(request, play_id, "board")
    results, result, _ = get_seat_for_user(request, play, position)
    ctx = {
        "offline": _offline_editors(request, play, results, result),
        "ocean_url": seat_url(play, result),
    }
    return render(request, "shallow_sea/offline_forms.html", ctx)


@require_http_methods(["GET", "POST"])
def ocean(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """The board screen; a POST saves what lies beside the ocean (Seashells, Lionfish)."""
    play = _get_seat_play_for_user(request, play_id, "board")
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
            saved = "Saved."
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
            "live": _live(play, results, result, line_url=_line_url(play, result, tap)),
            "form": form,
        }
    else:
        ctx = _ocean_context(play, results, result, access, tap=tap, extras=form, saved=saved)
    ctx["extras_errors"] = general
    return render_screen(request, template, ctx, "extras-saved")


@require_http_methods(["GET", "POST"])
def ocean_space(request: HtmxHttpRequest, play_id: UUID, position: int, space: str) -> HttpResponse:
    """One space: what lies on it. Saving it changes that one tile of the saved ocean."""
    play = _get_seat_play_for_user(request, play_id, "board")
    if space not in SPACE_POINTS:
        raise Http404("No such space on the board.")
    results, result, access = get_seat_for_user(request, play, position)
    sealife = play.options.get("setup", {}).get("sealife", [])
    # Read only for a Sealife tile (its pre-filled VPs): a coral saved asks nothing more.
    printed = cast(
        dict[str, PrintedVP],
        SimpleLazyObject(lambda: printed_values(play, results, request.user)),
    )
    before = board_of(result)
    tile = before.get("tiles", {}).get(space)
    errors: list[str] = []
    question: Question | None = None
    if request.method == "POST":
        form = TileForm(sealife, printed, request.POST)
        if form.is_valid():
            new_tile = form.tile()
            lesson = _lesson(request, play, new_tile, form)
            answer = form.answer(lesson) if lesson else ""
            if not form.errors:

                def change(board: dict[str, Any]) -> dict[str, Any]:
                    return _with_tile_unless_changed(board, space, new_tile, form)

                try:
                    if lesson and lesson.differing and not answer:
                        # Saved and taken back: a tile the game refuses asks nothing.
                        with transaction.atomic():
                            change_part(play, position, ("board",), change, by=access.actor)
                            raise Unanswered
                    saved = change_part(play, position, ("board",), change, by=access.actor)
                except Unanswered:
                    assert lesson is not None
                    play.refresh_from_db()
                    question = teaching_question(lesson, play)
                except InvalidInput as e:
                    prefix = f"boards.{result.name}.tiles.{space}."
                    errors = attach_errors(e, form, prefix)
                except StaleEdit as e:
                    # Shown again as it was typed, over what is saved now: saving it again keeps it.
                    form.data = request.POST.copy()
                    form.data["base"] = json.dumps(e.current)
                    now, yours = describe_tile(e.current), describe_tile(new_tile)
                    errors = [stale_message(request, space, now, yours)]
                else:
                    said = f"{space}: {describe_tile(new_tile)}."
                    learnt = _teach_groups(request, play, lesson, replace=answer == "group")
                    tapped = BoardTap("tiles", before, request.POST.get("drawn"), space=space)
                    return _after_save(request, play, position, tapped, said, learnt, saved)
    else:
        form = TileForm(sealife, printed, initial=TileForm.initial_from(tile))
    shape = SPACE_SHAPES[space]
    url = reverse("shallow_sea_space", args=[play.uuid, position, space])
    editor = {
        "kind": "space",
        "space": space,
        "title": shape.title,
        "url": url,
        "question": question,
    }
    return _editor_screen(request, play, results, result, "tiles", editor, form, errors)


def _with_tile_unless_changed(
    board: dict[str, Any], space: str, tile: dict[str, Any] | None, form: TileForm
) -> dict[str, Any]:
    """The board with the new tile, unless another phone saved a different tile on the
    space since this form showed it: two phones never overwrite each other silently."""
    current = board.get("tiles", {}).get(space)
    compared, shown = form.base_tile()
    if compared and current != shown and current != tile:
        raise StaleEdit(current)
    return with_tile(board, space, tile)


def _editor_screen(
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
    return render_screen(request, "shallow_sea/ocean.html", ctx, "editor-open")


class Unanswered(Exception):
    """A typed Sealife value differs from what the group remembers, and the player has
    not said yet whether the group should remember it instead."""


def _lesson(
    request: HtmxHttpRequest, play: Play, tile: dict[str, Any] | None, form: TileForm
) -> Lesson | None:
    """What the values a signed-in player typed for a Sealife tile would teach the play's
    groups (sealife_groups); a value that pre-filled the tile teaches nothing, nor does
    anything typed without an account. The site's catalogue changes only on its own
    screen."""
    if not tile or tile.get("kind") != "sealife" or not request.user.is_authenticated:
        return None
    code, typed = tile["code"], form.cleaned_data
    known = form.printed[code]  # what pre-filled the tile: nothing new to keep
    vp, partial_vp = typed.get("vp"), typed.get("partial_vp")
    return GroupSealifeValue.objects.lesson(
        sealife_groups(play, request.user),
        code,
        vp if vp != known.vp else None,
        partial_vp if partial_vp != known.partial_vp else None,
    )


def _teach_groups(
    request: HtmxHttpRequest, play: Play, lesson: Lesson | None, *, replace: bool
) -> list[str]:
    """The play's groups learn the lesson (a value they remember otherwise only when the
    player said so: ``replace``); the words that say so."""
    groups = sealife_groups(play, request.user)
    if lesson is None or not GroupSealifeValue.objects.learn(
        groups, request.user, lesson, replace=replace
    ):
        return []
    return [f"Your groups' next plays will know the {SEALIFE[lesson.code].name}'s VPs."]


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


def _after_save(
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
    and bubbles drawn differently now (the one tapped always: it loses its selection and
    the outbox's waiting mark), the counts and total under the board, the live panel."""
    result = next(r for r in results if r.position == position)
    tap = tapped.tap
    if not request.htmx:
        messages.success(request, f"Saved {said}")
        for line in learnt:
            messages.info(request, line)
        url = seat_url(play, result)
        return redirect(url + ("?tap=fish" if tap == "fish" else ""))
    board = draw_board(board_of(result))
    if tapped.drawn == fingerprint(tapped.before):
        spaces, bubbles = changed_pieces(
            draw_board(tapped.before), board, space=tapped.space, bubble=tapped.bubble
        )
    else:  # another phone changed this ocean since this one drew it: all of it again
        spaces, bubbles = board["spaces"], board["bubbles"]
    ctx = {
        "play": play,
        "result": result,
        "tap": tap,
        "board": board,
        "changed": {"spaces": spaces, "bubbles": bubbles},
        "live": _live(play, results, result, line_url=_line_url(play, result, tap)),
        "saved": f"Saved {said}",
        "learnt": learnt,
    }
    return render_screen(request, "shallow_sea/ocean.html", ctx, "after-save")


@require_http_methods(["GET", "POST"])
def ocean_bubble(
    request: HtmxHttpRequest, play_id: UUID, position: int, bubble: str
) -> HttpResponse:
    """One bubble: the Incomplete Fish on it, if any."""
    play = _get_seat_play_for_user(request, play_id, "board")
    point = bubble_point(bubble)
    if point is None:
        raise Http404("No such bubble on the board.")
    results, result, access = get_seat_for_user(request, play, position)
    before = board_of(result)
    errors: list[str] = []
    if request.method == "POST":
        form = FishForm(request.POST)
        if form.is_valid():
            color = form.cleaned_data["color"]
            color = None if color == "none" else color
            try:
                saved = change_part(
                    play,
                    position,
                    ("board",),
                    lambda board: with_fish(board, point, color),
                    by=access.actor,
                )
            except InvalidInput as e:
                errors = attach_errors(e, form, f"boards.{result.name}.fish", lambda _: "color")
            else:
                name = BUBBLE_SHAPES[point].name
                said = f"{name}: {color + ' fish' if color else 'no fish'}."
                tapped = BoardTap("fish", before, request.POST.get("drawn"), bubble=point)
                return _after_save(request, play, position, tapped, said, [], saved)
    else:
        color = fish_on_bubbles(board_of(result)).get(point)
        form = FishForm(initial={"color": color or "none"})
    shape = BUBBLE_SHAPES[point]
    url = reverse("shallow_sea_bubble", args=[play.uuid, position, shape.name])
    editor = {
        "kind": "bubble",
        "point": point,
        "name": shape.name,
        "title": shape.title,
        "url": url,
    }
    return _editor_screen(request, play, results, result, "fish", editor, form, errors)


# --- One player's paper-pad column --------------------------------------------------------------
@require_http_methods(["GET", "POST"])
def sheet(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    play = _get_seat_play_for_user(request, play_id, "sheet")
    results, result, access = get_seat_for_user(request, play, position)
    setup, achievement = play.options.get("setup", {}), play.options.get("achievement")
    errors: list[str] = []
    saved = False
    if request.method == "POST":
        data = post_with_step_applied(request)
        form = SheetForm(play.mode, setup, achievement, data)
        if form.is_valid():
            try:
                save_part(
                    play,
                    result,
                    ("sheet",),
                    form.sheet(),
                    base=request.POST.get("base"),
                    editor=request.POST.get("editor", ""),
                    by=access.actor,
                )
            except InvalidInput as e:
                errors = attach_errors(e, form, f"sheets.{result.name}.")
            except StaleEdit as e:
                what, yours = f"{result.name}'s score pad", describe_counts(form.sheet())
                errors = [stale_message(request, what, describe_counts(e.current), yours)]
            else:
                saved = True
                if not request.htmx and request.POST.get("go") == "next":
                    return redirect(next_seat_url(play, results, position, access))
                if not request.htmx:
                    return redirect(request.path)
    else:
        initial = SheetForm.initial_from(sheet_of(result), achievement)
        form = SheetForm(play.mode, setup, achievement, initial=initial)
    later = next_seat(results, result.position, access)
    ctx = {
        "play": play,
        "results": results,
        "result": result,
        "form": form,
        "errors": errors,
        "saved": saved,
        "base": fingerprint(result.entry.get("sheet")),
        "editor": request.POST.get("editor") or new_editor(),
        "live": _live(play, results, result),
        "next_url": seat_or_table_url(play, later),
        "next_name": later.name if later else None,
        "is_host": access.is_host,
        "change_label": f"{result.name}'s score pad",
    }
    return render_screen(request, "shallow_sea/sheet.html", ctx, "htmx-update")


# --- The Sealife catalogue ------------------------------------------------------------------------
@login_required
@private
@require_http_methods(["GET", "POST"])
def sealife_catalogue(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What each Sealife type prints, for every user's tiles: changed only here, by a
    signed-in user (values typed at a table stay with that play and its group)."""
    entries = {row.code: row for row in SealifeCatalogueEntry.objects.select_related("updated_by")}
    initial = {}
    for code, row in SealifeCatalogueEntry.objects.known().items():
        initial[f"vp_{code}"] = row.vp
        initial[f"partial_vp_{code}"] = row.partial_vp
    if request.method == "POST":
        form = CatalogueForm(request.POST, initial=initial)
        if form.is_valid():
            changed = SealifeCatalogueEntry.objects.edit(form.values(), request.user)
            messages.success(
                request,
                f"Saved: {', '.join(changed)}." if changed else "Nothing was changed.",
            )
            return redirect("shallow_sea_catalogue")
    else:
        form = CatalogueForm(initial=initial)
    return render(request, "shallow_sea/catalogue.html", {"form": form, "rows": form.rows(entries)})
