"""Shallow Sea's screens: the setup, the play's hub, each player's ocean (a board to
tap, one space or one bubble at a time) or paper-pad column, and the Sealife catalogue.

Every tap that changes an ocean is its own small POST that updates that player's
saved entry, so a lost connection loses at most one tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from games.contract import InvalidInput
from games.shallow_sea import INFO
from games.shallow_sea.data import SEALIFE, SPACE_POINTS
from games.shallow_sea.ocean import Ocean
from games.shallow_sea.scoring import ocean_warnings
from scorepad.entries import fingerprint, new_editor
from scorepad.models import Play, Result, SealifeCatalogueEntry, StaleEdit
from scorepad.shallow_sea import (
    BUBBLE_SHAPES,
    SPACE_SHAPES,
    board_of,
    bubble_point,
    catalogue,
    describe_tile,
    draw_board,
    entered,
    fish_on_bubbles,
    printed_values,
    remember,
    score_lines,
    setup_summary,
    sheet_of,
    with_fish,
    with_tile,
)
from scorepad.shallow_sea import result_extras as result_extras  # site.RESULT_EXTRAS
from scorepad.shallow_sea_forms import (
    CatalogueForm,
    FishForm,
    OceanExtrasForm,
    SetupForm,
    SheetForm,
    TileForm,
)
from scorepad.views.common import (
    _get_play_for_user,
    _get_table_for_user,
    apply_step,
    stale_message,
    start_play_for,
)

SLUG = INFO.slug


# --- Starting a play ------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def new_play(request: HttpRequest) -> HttpResponse:
    """Players, mode, cards, Sealife types, achievement mode and entry, on one screen."""
    table = _get_table_for_user(request)
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
    if request.htmx:
        return render(request, "shallow_sea/setup.html#setup-form", ctx)
    return render(request, "shallow_sea/setup.html", ctx)


# --- The play's own screen -----------------------------------------------------------------
def _entry_kind(play: Play) -> str:
    return play.options.get("entry", "board")


def _player_url(play: Play, position: int) -> str:
    name = "shallow_sea_ocean" if _entry_kind(play) == "board" else "shallow_sea_sheet"
    return reverse(name, args=[play.uuid, position])


def hub(request: HttpRequest, play: Play) -> HttpResponse:
    results = play.ordered_results()
    score = _Score(play, results)
    kind = _entry_kind(play)
    players = []
    for index, result in enumerate(results):
        board = board_of(result)
        if kind == "board":
            tiles, fish = len(board.get("tiles", {})), len(board.get("fish", []))
            counted = f"{tiles} tile{'s' * (tiles != 1)}, {fish} fish"
            status = counted if entered(result, kind) else "not started"
        else:
            status = "sheet in" if entered(result, kind) else "not started"
        players.append(
            {
                "result": result,
                "url": _player_url(play, result.position),
                "status": status,
                "total": score.total(index),
                "to_finish": len(score.to_finish(result.name)),
            }
        )
    ctx = {
        "play": play,
        "players": players,
        "problems": score.problems,
        "summary": setup_summary(play.mode, play.options),
    }
    if request.htmx:
        return render(request, "shallow_sea/play.html#players", ctx)
    return render(request, "shallow_sea/play.html", ctx)


class _Score:
    """The running score of a play still being entered, and what stands between each
    player and a finished game."""

    def __init__(self, play: Play, results: list[Result]):
        module = play.module
        data = play.game_input(play.state(results, events=[]))
        self.sheet = None
        self.parsed = None
        self.problems: list[str] = []
        try:
            self.parsed = module.parse(data, partial=True)
            self.sheet = module.score(self.parsed)
        except InvalidInput as e:
            self.problems = [error.message for error in e.errors]
        self.strict: list[Any] = []
        if self.sheet is not None:
            try:
                module.parse(data, partial=False)
            except InvalidInput as e:
                self.strict = e.errors
        self.key = "boards" if _entry_kind(play) == "board" else "sheets"

    def total(self, index: int) -> int | None:
        return self.sheet.players[index].total if self.sheet else None

    def to_finish(self, name: str) -> list[str]:
        mine = f"{self.key}.{name}"
        return [e.message for e in self.strict if e.field == mine or e.field.startswith(mine + ".")]

    def live(self, play: Play, index: int, name: str) -> dict[str, Any]:
        player = self.sheet.players[index] if self.sheet else None
        board = self.key == "boards"
        warnings = []
        if self.parsed is not None and isinstance(self.parsed.entries.get(name), Ocean):
            warnings = ocean_warnings(name, self.parsed.entries[name])
        return {
            "player": player,
            "lines": score_lines(player, play.mode, play.options.get("setup", {}), rows=board)
            if player
            else [],
            "warnings": warnings,
            "to_finish": self.to_finish(name),
            "problems": self.problems,
        }


def _next_screen(play: Play, results: list[Result], position: int) -> str:
    later = [r for r in results if r.position > position]
    return _player_url(play, later[0].position) if later else play.get_absolute_url()


def _seat(play: Play, position: int) -> tuple[list[Result], Result]:
    results = play.ordered_results()
    result = next((r for r in results if r.position == position), None)
    if result is None:
        raise Http404("No such player in this play.")
    return results, result


def _shallow_sea_play(request: HttpRequest, play_id: UUID, entry: str) -> Play:
    play = _get_play_for_user(request, play_id)
    if play.game != SLUG:
        raise Http404("This is not a Shallow Sea play.")
    if _entry_kind(play) != entry:
        raise Http404(f"This play is entered on the {_entry_kind(play)}.")
    return play


@transaction.atomic
def _save_board(
    play: Play, position: int, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> tuple[list[Result], Result]:
    """Change one player's saved ocean, or raise InvalidInput and change nothing.
    Returns every seat as saved, the changed one included (as ``_seat`` does).

    The play is locked first, so two phones tapping at once each build on the other's
    last saved tap."""
    Play.objects.select_for_update().get(pk=play.pk)
    results, result = _seat(play, position)
    play.save_entry(result, {**result.entry, "board": change(board_of(result))}, results)
    return results, result


def _attach(
    error: InvalidInput, prefix: str, place: Callable[[str], str | None], form: Any
) -> list[str]:
    """Put each of the game's messages on the field it names; return the others."""
    general = []
    for item in error.errors:
        field = place(item.field[len(prefix) :]) if item.field.startswith(prefix) else None
        if field:
            form.add_error(field, item.message)
        else:
            general.append(item.message)
    return general


# --- One player's ocean ----------------------------------------------------------------------
def _ocean_context(
    play: Play,
    results: list[Result],
    result: Result,
    *,
    tap: str,
    editor: dict[str, Any] | None = None,
    extras: OceanExtrasForm | None = None,
    saved: str = "",
) -> dict[str, Any]:
    board = board_of(result)
    index = results.index(result)
    score = _Score(play, results)
    achievement = play.options.get("achievement")
    if extras is None:
        initial = {k: board.get(k) for k in ("seashells", "lionfish", "left_out_color")}
        extras = OceanExtrasForm(play.mode, achievement, initial=initial)
    selected_space = editor["space"] if editor and editor.get("space") else None
    selected_bubble = editor["point"] if editor and editor.get("point") else None
    return {
        "play": play,
        "results": results,
        "result": result,
        "tap": tap,
        "ocean_url": reverse("shallow_sea_ocean", args=[play.uuid, result.position]),
        "board": draw_board(board, selected_space=selected_space, selected=selected_bubble),
        "editor": editor,
        "extras": extras,
        "form": extras,
        "live": score.live(play, index, result.name),
        "saved": saved,
        "next_url": _player_url(play, results[index + 1].position)
        if index + 1 < len(results)
        else None,
        "next_name": results[index + 1].name if index + 1 < len(results) else None,
    }


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def ocean(request: HttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """The board screen; a POST saves what lies beside the ocean (Seashells, Lionfish)."""
    play = _shallow_sea_play(request, play_id, "board")
    results, result = _seat(play, position)
    tap = "fish" if request.GET.get("tap") == "fish" else "tiles"
    if request.method == "GET":
        ctx = _ocean_context(play, results, result, tap=tap)
        # The tap-mode switch pushes its URL; going back to it asks for the whole page.
        if request.htmx and not request.htmx.history_restore_request:
            return render(request, "shallow_sea/ocean.html#switched", ctx)
        return render(request, "shallow_sea/ocean.html", ctx)

    achievement = play.options.get("achievement")
    data = request.POST if request.htmx else apply_step(request.POST)
    form = OceanExtrasForm(play.mode, achievement, data)
    saved = ""
    general: list[str] = []
    if form.is_valid():
        try:
            _, result = _save_board(play, position, form.apply)
        except InvalidInput as e:
            general = _attach(
                e, f"boards.{result.name}.", lambda f: f if f in form.fields else None, form
            )
        else:
            saved = "Saved."
            if not request.htmx and request.POST.get("go") == "next":
                return redirect(_next_screen(play, results, position))
            if not request.htmx:
                return redirect(request.path)
        results, result = _seat(play, position)
    ctx = _ocean_context(play, results, result, tap=tap, extras=form, saved=saved)
    ctx["extras_errors"] = general
    if request.htmx:
        return render(request, "shallow_sea/ocean.html#extras-saved", ctx)
    return render(request, "shallow_sea/ocean.html", ctx)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def ocean_space(request: HttpRequest, play_id: UUID, position: int, space: str) -> HttpResponse:
    """One space: what lies on it. Saving it changes that one tile of the saved ocean."""
    play = _shallow_sea_play(request, play_id, "board")
    if space not in SPACE_POINTS:
        raise Http404("No such space on the board.")
    results, result = _seat(play, position)
    sealife = play.options.get("setup", {}).get("sealife", [])
    printed = printed_values(board_of(r) for r in results)
    tile = board_of(result).get("tiles", {}).get(space)
    errors: list[str] = []
    if request.method == "POST":
        form = TileForm(sealife, printed, request.POST)
        if form.is_valid():
            new_tile = form.tile()
            if not form.errors:
                try:
                    seated = _save_board(
                        play, position, lambda board: with_tile(board, space, new_tile)
                    )
                except InvalidInput as e:
                    prefix = f"boards.{result.name}.tiles.{space}."
                    errors = _attach(e, prefix, form.field_for, form)
                else:
                    said = f"{space}: {describe_tile(new_tile)}."
                    learnt = _learn(request, new_tile, form)
                    return _after_save(request, play, position, "tiles", said, learnt, seated)
    else:
        form = TileForm(sealife, printed, initial=TileForm.initial_from(tile))
    shape = SPACE_SHAPES[space]
    editor = {
        "kind": "space",
        "space": space,
        "title": f"{space}: row {shape.row}, {'inner' if shape.inner else 'outer'} space",
        "form": form,
        "errors": errors,
        "url": reverse("shallow_sea_space", args=[play.uuid, position, space]),
    }
    ctx = _ocean_context(play, results, result, tap="tiles", editor=editor)
    if request.htmx:
        return render(request, "shallow_sea/ocean.html#editor-open", ctx)
    return render(request, "shallow_sea/ocean.html", ctx)


def _learn(request: HttpRequest, tile: dict[str, Any] | None, form: TileForm) -> list[str]:
    """Values typed for a Sealife tile go into the catalogue where it had none."""
    if not tile or tile.get("kind") != "sealife":
        return []
    typed = form.cleaned_data
    learnt = remember(tile["code"], typed.get("vp"), typed.get("partial_vp"), request.user)
    name = SEALIFE[tile["code"]].name
    return [f"The catalogue now knows the {name}: {', '.join(learnt)}."] if learnt else []


def _after_save(
    request: HttpRequest,
    play: Play,
    position: int,
    tap: str,
    said: str,
    learnt: list[str],
    seated: tuple[list[Result], Result] | None = None,
) -> HttpResponse:
    url = reverse("shallow_sea_ocean", args=[play.uuid, position])
    url += "?tap=fish" if tap == "fish" else ""
    if not request.htmx:
        messages.success(request, f"Saved {said}")
        for line in learnt:
            messages.info(request, line)
        return redirect(url)
    # The seats as just saved (read under the play's lock): no need to read them again.
    results, result = seated or _seat(play, position)
    ctx = _ocean_context(play, results, result, tap=tap, saved=f"Saved {said}")
    ctx["learnt"] = learnt
    return render(request, "shallow_sea/ocean.html#after-save", ctx)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def ocean_bubble(request: HttpRequest, play_id: UUID, position: int, bubble: str) -> HttpResponse:
    """One bubble: the Incomplete Fish on it, if any."""
    play = _shallow_sea_play(request, play_id, "board")
    point = bubble_point(bubble)
    if point is None:
        raise Http404("No such bubble on the board.")
    results, result = _seat(play, position)
    errors: list[str] = []
    if request.method == "POST":
        form = FishForm(request.POST)
        if form.is_valid():
            color = form.cleaned_data["color"]
            color = None if color == "none" else color
            try:
                seated = _save_board(play, position, lambda board: with_fish(board, point, color))
            except InvalidInput as e:
                prefix = f"boards.{result.name}.fish"
                errors = _attach(e, prefix, lambda _: "color", form)
            else:
                name = BUBBLE_SHAPES[point].name
                said = f"{name}: {color + ' fish' if color else 'no fish'}."
                return _after_save(request, play, position, "fish", said, [], seated)
    else:
        color = fish_on_bubbles(board_of(result)).get(point)
        form = FishForm(initial={"color": color or "none"})
    shape = BUBBLE_SHAPES[point]
    editor = {
        "kind": "bubble",
        "point": point,
        "title": f"Bubble {shape.name}, touching {', '.join(shape.spaces)}",
        "form": form,
        "errors": errors,
        "url": reverse("shallow_sea_bubble", args=[play.uuid, position, shape.name]),
    }
    ctx = _ocean_context(play, results, result, tap="fish", editor=editor)
    if request.htmx:
        return render(request, "shallow_sea/ocean.html#editor-open", ctx)
    return render(request, "shallow_sea/ocean.html", ctx)


# --- One player's paper-pad column --------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def sheet(request: HttpRequest, play_id: UUID, position: int) -> HttpResponse:
    play = _shallow_sea_play(request, play_id, "sheet")
    results, result = _seat(play, position)
    setup = play.options.get("setup", {})
    errors: list[str] = []
    saved = False
    if request.method == "POST":
        data = request.POST if request.htmx else apply_step(request.POST)
        form = SheetForm(play.mode, setup, data)
        if form.is_valid():
            try:
                play.save_part(
                    result,
                    ("sheet",),
                    form.sheet(),
                    base=request.POST.get("base"),
                    editor=request.POST.get("editor", ""),
                )
            except InvalidInput as e:
                errors = _attach(e, f"sheets.{result.name}.", form.field_for, form)
            except StaleEdit as e:
                now = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (e.current or {}).items())
                errors = [stale_message(f"{result.name}'s score pad", now or "nothing")]
            else:
                saved = True
                if not request.htmx and request.POST.get("go") == "next":
                    return redirect(_next_screen(play, results, position))
                if not request.htmx:
                    return redirect(request.path)
    else:
        form = SheetForm(play.mode, setup, initial=SheetForm.initial_from(sheet_of(result)))
    index = results.index(result)
    score = _Score(play, results)
    ctx = {
        "play": play,
        "results": results,
        "result": result,
        "form": form,
        "errors": errors,
        "saved": saved,
        "base": fingerprint(result.entry.get("sheet")),
        "editor": request.POST.get("editor") or new_editor(),
        "live": score.live(play, index, result.name),
        "next_url": _player_url(play, results[index + 1].position)
        if index + 1 < len(results)
        else None,
        "next_name": results[index + 1].name if index + 1 < len(results) else None,
    }
    if request.htmx:
        return render(request, "shallow_sea/sheet.html#htmx-update", ctx)
    return render(request, "shallow_sea/sheet.html", ctx)


# --- The Sealife catalogue ------------------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def sealife_catalogue(request: HttpRequest) -> HttpResponse:
    """What each Sealife type prints: seen and corrected here, learnt at the table."""
    entries = {row.code: row for row in SealifeCatalogueEntry.objects.select_related("updated_by")}
    known = catalogue()
    initial = {}
    for code, row in known.items():
        initial[f"vp_{code}"] = row.vp
        initial[f"partial_vp_{code}"] = row.partial_vp
    if request.method == "POST":
        form = CatalogueForm(request.POST, initial=initial)
        if form.is_valid():
            changed = _save_catalogue(form, entries, request.user)
            messages.success(
                request,
                f"Saved: {', '.join(changed)}." if changed else "Nothing was changed.",
            )
            return redirect("shallow_sea_catalogue")
    else:
        form = CatalogueForm(initial=initial)
    return render(request, "shallow_sea/catalogue.html", {"form": form, "rows": form.rows(entries)})


@transaction.atomic
def _save_catalogue(
    form: CatalogueForm, entries: dict[str, SealifeCatalogueEntry], user: Any
) -> list[str]:
    changed = []
    for code in SEALIFE:
        vp = form.cleaned_data[f"vp_{code}"]
        partial_vp = form.cleaned_data[f"partial_vp_{code}"]
        row = entries.get(code) or SealifeCatalogueEntry(code=code)
        if row.pk and (row.vp, row.partial_vp) == (vp, partial_vp):
            continue
        if not row.pk and vp is None and partial_vp is None:
            continue
        row.vp, row.partial_vp = vp, partial_vp
        row.source = SealifeCatalogueEntry.Source.EDITED
        row.updated_by = user
        row.updated = timezone.now()
        row.save()
        changed.append(f"{SEALIFE[code].name} ({code})")
    return changed
