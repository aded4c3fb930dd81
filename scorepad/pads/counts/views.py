"""The counts family's one screen: a seat's sheet of numbers, as its game declares it
for the play's mode (``sheets.CountSheet`` on a ``SheetCodec``)."""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from scorepad.codecs import all_codecs, get_codec
from scorepad.entries import fingerprint, new_editor
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, Result
from scorepad.pads import get_pad
from scorepad.pads.counts.forms import SpecForm
from scorepad.pads.counts.sheets import CountSheet, SheetCodec
from scorepad.views.common import (
    get_seat_for_user,
    get_seats_for_user,
    next_seat,
    next_seat_url,
    post_with_step_applied,
    render_screen,
    save_form_part,
    seat_or_table_url,
)


def sheet_of(play: Play) -> CountSheet | None:
    """The play's sheet in its mode, if its game has one."""
    codec = get_codec(play.game)
    return codec.sheets.get(play.mode) if isinstance(codec, SheetCodec) else None


def sheet_url(play: Play, result: Result) -> str:
    return reverse("player_tally", args=[play.uuid, result.position])


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def seat_sheet(request: HtmxHttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """One seat's sheet of numbers (a final tally, the counts typed at the end)."""
    family = {codec.slug for codec in all_codecs() if isinstance(codec, SheetCodec)}
    play, seats = get_seats_for_user(request, play_id, games=family)
    sheet = sheet_of(play)
    if sheet is None:
        raise Http404("This play has no sheet of numbers.")
    results, result, access = get_seat_for_user(request, play, position, seats)
    players = [r.name for r in results]
    what = _("%(name)s's numbers") % {"name": result.name}

    errors: list[str] = []
    saved = False
    if request.method == "POST":
        form = SpecForm(sheet.fields, players, play.options, post_with_step_applied(request))
        if form.is_valid():
            errors, saved = save_form_part(
                request,
                form,
                (sheet.key, form.to_json()),
                (play, result, access.actor),
                f"{sheet.key}.{result.name}.",
                what,
                seats=results,
            )
            if saved and not request.htmx:
                # A − or + button, or Enter in a box (the hidden "stay" button), without
                # JavaScript: saved, and the same screen again.
                if request.POST.get("step") or request.POST.get("go") == "stay":
                    return redirect(request.path)
                return redirect(next_seat_url(play, results, position, access))
    else:
        initial = SpecForm.initial_from(sheet.fields, players, result.entry.get(sheet.key, {}))
        form = SpecForm(sheet.fields, players, play.options, initial=initial)

    later = next_seat(results, position, access)
    seat_panel = get_pad(play.game).seat_panel
    ctx = {
        "play": play,
        "sheet": sheet,
        "result": result,
        "form": form,
        "base": fingerprint(result.entry.get(sheet.key)),
        "editor": request.POST.get("editor") or new_editor(),
        "errors": errors,
        "saved": saved,
        "change_label": what,
        "next_name": later.name if later else None,
        "next_url": seat_or_table_url(play, later),
        "panel": seat_panel(request, play, access) if seat_panel else None,
    }
    return render_screen(request, "counts/sheet.html", ctx, "htmx-update")
