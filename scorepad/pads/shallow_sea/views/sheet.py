"""One player's paper-pad column."""

from __future__ import annotations

from uuid import UUID

from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorepad.entries import fingerprint, new_editor
from scorepad.http import HtmxHttpRequest
from scorepad.pads.shallow_sea.entry import sheet_of
from scorepad.pads.shallow_sea.forms.sheet import SheetForm
from scorepad.pads.shallow_sea.views.seat import get_seat_play_for_user, live_panel
from scorepad.views.common import (
    get_seat_for_user,
    next_seat,
    next_seat_url,
    post_with_step_applied,
    render_screen,
    save_form_part,
    seat_or_table_url,
)


@require_http_methods(["GET", "POST"])
def sheet(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    play = get_seat_play_for_user(request, play_id, "sheet")
    results, result, access = get_seat_for_user(request, play, position)
    setup, achievement = play.options.get("setup", {}), play.options.get("achievement")
    what = _("%(name)s's score pad") % {"name": result.name}
    errors: list[str] = []
    saved = False
    if request.method == "POST":
        data = post_with_step_applied(request)
        form = SheetForm(play.mode, setup, achievement, data)
        if form.is_valid():
            errors, saved = save_form_part(
                request,
                form,
                ("sheet", form.sheet()),
                (play, result, access.actor),
                f"sheets.{result.name}.",
                what,
            )
            if saved:
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
        "live": live_panel(play, results, result),
        "next_url": seat_or_table_url(play, later),
        "next_name": later.name if later else None,
        "is_host": access.is_host,
        "change_label": what,
    }
    return render_screen(request, "shallow_sea/sheet.html", ctx, "htmx-update")
