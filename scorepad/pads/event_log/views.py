"""The event-log family's screens: the live log of scoring events and its totals, and
what the whole table enters at the end, below each seat's sheet; and Seagrass's reef
award. Each seat's final tally or counts is the counts family's sheet
(scorepad.pads.counts), declared by the family's codecs.

Every screen reads its game's forms from the play's codec (screens.LogScreens), so
the games of the family share each view."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import seagrass
from games.contract import InvalidInput
from games.words import Rendered
from scorepad.codecs import all_codecs, get_codec
from scorepad.entries import fingerprint
from scorepad.http import HtmxHttpRequest
from scorepad.languages import in_each_language
from scorepad.models import Actor, Play, PlayEvent, Progress, Result, StaleEdit
from scorepad.models.changes import add_event, change_event, has_applied, remove_event
from scorepad.pads import DONE, EMPTY, ENTERING, Panel, SeatStatus
from scorepad.pads.counts.forms import SpecForm
from scorepad.pads.counts.views import sheet_url
from scorepad.pads.event_log.codecs import LogCodec
from scorepad.pads.event_log.forms import ReefAwardForm
from scorepad.pads.event_log.screens import EventKind, LogScreens
from scorepad.table import Access, access_to, conflict
from scorepad.views.common import (
    attach_errors,
    get_play_for_user,
    json_answer,
    post_with_step_applied,
    render_screen,
    stale_message,
)
from scorepad.views.table import table_region, totals_hidden


def _get_log_play_for_user(request: HtmxHttpRequest, play_id: UUID) -> tuple[Play, LogScreens]:
    """The play and its game's forms; 404 unless it is a game of this family."""
    family = {codec.slug for codec in all_codecs() if isinstance(codec, LogCodec)}
    play = get_play_for_user(request, play_id, games=family)
    return play, screens_of(play)


def screens_of(play: Play) -> LogScreens:
    codec = get_codec(play.game)
    assert isinstance(codec, LogCodec)
    return codec.screens


def _shown(play: Play, kinds: tuple[EventKind, ...]) -> list[EventKind]:
    """Event kinds that this play's options allow (no discovery sets without Discovery)."""
    return [k for k in kinds if k.option is None or play.options.get(k.option) == "true"]


def _points_text(points: dict[str, int]) -> str:
    gains = [f"{name} {value:+d}" for name, value in points.items() if value]
    return ", ".join(gains) if gains else gettext("no points")


def start_url(play: Play, result: Result) -> str:
    """A logged game is played on its log; only final counts start at the seat's numbers."""
    return play.get_absolute_url() if play.mode == "log" else sheet_url(play, result)


def hub(request: HtmxHttpRequest, play: Play) -> HttpResponse:
    screens = screens_of(play)
    access = access_to(request, play)
    results = play.ordered_results()
    events = play.logged_events()
    progress = play.progress(results, events)
    end_types = screens.end_types
    logged = [e for e in events if e.data["type"] not in end_types]
    event_points = progress.sheet.extra.get("event_points", []) if progress.sheet else []
    log = [
        {
            "event": event,
            "text": screens.describe(event.data),
            "points": _points_text(event_points[i]) if i < len(event_points) else "",
            "changeable": access.may_change_event(event),
        }
        for i, event in enumerate(logged)
    ]
    undo_chain = [
        {"seq": e.seq, "text": screens.describe(e.data)} for e in _undo_chain(access, logged)
    ]
    tally_key, _ = screens.tally(play.mode)
    ctx = {
        "play": play,
        "sheet": progress.sheet,
        "problems": progress.problems,
        "log": list(reversed(log)),
        "undo": undo_chain[0] if undo_chain else None,
        "undo_chain_json": json.dumps(undo_chain),
        "may_log": access.may_log(),
        "event_kinds": _shown(play, screens.events) if play.mode == "log" else [],
        "end": screens.end,
        "end_events": _end_events(play, screens, access, events),
        "tallies": [
            {
                "result": r,
                "url": sheet_url(play, r),
                "entered": tally_key in r.entry,
                "changeable": access.may_change(r),
            }
            for r in results
        ],
    }
    ctx.update(table_region(request, play, results, progress))
    return render_screen(request, "event_log/play.html", ctx, "totals")


def seat_status(play: Play, result: Result, progress: Progress) -> SeatStatus:
    """Done once the seat's end-of-game numbers are in; a logged game is being entered
    from its first event on."""
    key, _ = screens_of(play).tally(play.mode)
    if key in result.entry:
        said = gettext("numbers in") if play.mode == "counts" else gettext("final tally in")
        return SeatStatus(DONE, said)
    if play.mode == "log" and progress.sheet and progress.sheet.extra.get("event_points"):
        return SeatStatus(ENTERING, gettext("scoring in the log"))
    return SeatStatus(EMPTY)


def _game_index(screens: LogScreens, earlier: list[dict[str, Any]], event_type: str) -> str:
    """Where an event of ``event_type`` after the ``earlier`` stored ones sits in the
    game's input: in the log, or in the list of what is entered once the game is over."""
    end_types = screens.end_types
    at_end = event_type in end_types
    same = [e for e in earlier if (e["type"] in end_types) == at_end]
    key = screens.end.input_key if at_end and screens.end else "events"
    return f"{key}[{len(same)}]"


def _helper(request: HtmxHttpRequest, kind: EventKind) -> dict[str, Any] | None:
    """The event's calculator (Coral Stations' research funds on a surfacing, say)."""
    helper = kind.helper
    if helper is None:
        return None
    data = request.POST if request.method == "POST" else None
    form = SpecForm(helper.fields, [], {}, data, prefix=helper.key)
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = helper.compute(form.to_json())
        except InvalidInput as e:
            attach_errors(e, form, "")
    text = helper.prompt if result is None else helper.describe(result)
    return {
        "key": helper.key,
        "legend": helper.legend,
        "form": form,
        "result": result,
        "text": text,
    }


def _back_url(request: HtmxHttpRequest, play: Play) -> str:
    """Where an event's screen leads back to: the screen it was opened from (a player's
    tally, for an open station entered there), if that is one of this play's, else the
    log."""
    back = request.POST.get("back") or request.GET.get("back") or ""
    home = play.get_absolute_url()
    return back if back.startswith(home) and "//" not in back else home


def _end_events(
    play: Play, screens: LogScreens, access: Access, events: list[PlayEvent]
) -> list[dict[str, Any]]:
    """The things entered once the game is over (open stations), as every screen that
    lists them shows them."""
    return [
        {"event": e, "text": screens.describe(e.data), "changeable": access.may_change_event(e)}
        for e in events
        if e.data["type"] in screens.end_types
    ]


def _undo_chain(access: Access, logged: list[PlayEvent]) -> list[PlayEvent]:
    """What this phone's undos take back, one after the other: its own events, or for
    the host every event, the last first (offline, the page undoes down this list)."""
    return [e for e in reversed(logged) if access.is_host or access.may_change_event(e)]


def _event_screen(
    request: HtmxHttpRequest,
    play: Play,
    kind: EventKind,
    event: PlayEvent | None,
    access: Access,
) -> HttpResponse:
    screens = screens_of(play)
    results = play.ordered_results()
    events = play.logged_events()
    players = [r.name for r in results]
    errors: list[str] = []
    points = None
    if request.method == "POST":
        data = post_with_step_applied(request)
        form = SpecForm(kind.fields, players, play.options, data)
        action = request.POST.get("action")
        if form.is_valid():
            entered = {"type": kind.type, **form.to_json()}
            try:
                points = play.event_points(entered, event, results=results, events=events)
            except InvalidInput as e:
                earlier = events[: events.index(event)] if event else events
                prefix = _game_index(screens, [e.data for e in earlier], kind.type)
                errors = attach_errors(e, form, f"{prefix}.")
            if points is not None and not form.errors and action == "save" and not request.htmx:
                try:
                    return _store_event(request, play, event, entered, points, access)
                except StaleEdit as e:
                    saved_now = screens.describe(e.current) if e.current else gettext("deleted")
                    yours = screens.describe(entered)
                    errors = [stale_message(request, gettext("this event"), saved_now, yours)]
                    assert event is not None
                    event.data = e.current or event.data
        elif request.htmx and action != "save":
            form.forget_blanks()
    else:
        saved = event.data if event else _held_seat_as_who(kind, access)
        initial = SpecForm.initial_from(kind.fields, players, saved)
        form = SpecForm(kind.fields, players, play.options, initial=initial)

    hidden = play.hide_totals and totals_hidden(play, results, play.progress(results, events))
    ctx = {
        "play": play,
        "kind": kind,
        "event": event,
        "base": fingerprint(event.data) if event else "",
        "form": form,
        "errors": errors,
        "points": _points_text(points) if points is not None and not hidden else None,
        "points_hidden": hidden and points is not None,
        "helper": _helper(request, kind),
        "back": _back_url(request, play),
    }
    return render_screen(request, "event_log/event.html", ctx, "htmx-update")


def _held_seat_as_who(kind: EventKind, access: Access) -> dict[str, Any]:
    """A new event on a phone that holds a seat: that seat's player chosen as who (the
    usual case, one tap fewer; the host's phone, holding none, chooses)."""
    seat = access.seat
    if seat is None:
        return {}
    return {spec.key: seat.name for spec in kind.fields if spec.kind == "player"}


def _store_event(
    request: HtmxHttpRequest,
    play: Play,
    event: PlayEvent | None,
    data: dict[str, Any],
    points: dict[str, int],
    access: Access,
) -> HttpResponse:
    by = access.actor
    describe = screens_of(play).describe
    # The record of corrections (kept for a finished play only) is read in each reader's
    # language.
    what: Rendered | str = ""
    if play.is_finished and event is None:
        what = in_each_language(
            lambda: gettext("Added to the log: %(event)s") % {"event": describe(data)}
        )
    elif play.is_finished and event is not None:
        what = in_each_language(
            lambda: (
                gettext("Changed in the log: %(before)s → %(after)s")
                % {"before": describe(event.data), "after": describe(data)}
            )
        )
    try:
        if event is None:
            add_event(play, data, by=by, what=what)
        else:
            change_event(play, event, data, base=request.POST.get("base"), by=by, what=what)
    except InvalidInput as e:
        # Someone else's change got in first; show the log as it now stands.
        for item in e.errors:
            messages.error(request, item.message)
        return redirect(play)
    said = {"event": screens_of(play).describe(data), "points": _points_text(points)}
    if play.hide_totals:
        # The points stay hidden until every seat is done, so no message tells them either.
        if event is None:
            messages.success(request, gettext("Added: %(event)s.") % said)
        else:
            messages.success(request, gettext("Changed: %(event)s.") % said)
    elif event is None:
        messages.success(request, gettext("Added: %(event)s (%(points)s).") % said)
    else:
        messages.success(request, gettext("Changed: %(event)s (%(points)s).") % said)
    return redirect(_back_url(request, play))


@require_http_methods(["GET", "POST"])
def new_event(request: HtmxHttpRequest, play_id: UUID, event_type: str) -> HttpResponse:
    play, screens = _get_log_play_for_user(request, play_id)
    kind = screens.kind(event_type)
    end_kinds = (screens.end.kind,) if screens.end else ()
    if kind is None or kind not in _shown(play, (*screens.events, *end_kinds)):
        raise Http404("No such event in this game.")
    access = access_to(request, play)
    if not access.may_log():
        access.refuse(
            PermissionDenied(
                gettext("Your phone is watching this play: take a seat to log events.")
            )
        )
    return _event_screen(request, play, kind, None, access)


@require_http_methods(["GET", "POST"])
def edit_event(request: HtmxHttpRequest, play_id: UUID, seq: int) -> HttpResponse:
    play, screens = _get_log_play_for_user(request, play_id)
    access = access_to(request, play)
    if request.method == "POST" and has_applied(play, access.actor, None):
        return redirect(play)  # sent again after its answer was lost: done already
    event = get_object_or_404(play.events, seq=seq)
    kind = screens.kind(event.data.get("type", ""))
    if kind is None:
        raise Http404("Unknown event.")
    if not access.may_change_event(event):
        access.refuse(
            PermissionDenied(
                gettext("Only the phone that logged this event, or the host, changes it.")
            )
        )
    if request.method == "POST" and request.POST.get("action") == "delete":
        return _remove(request, play, event, access.actor)
    return _event_screen(request, play, kind, event, access)


@require_POST
def undo_event(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    play, screens = _get_log_play_for_user(request, play_id)
    access = access_to(request, play)
    if not access.may_log():
        access.refuse(
            PermissionDenied(gettext("Your phone is watching this play: it has nothing to undo."))
        )
    if has_applied(play, access.actor, None):
        return redirect(play)  # sent again after its answer was lost: undone already
    logged = list(play.events.exclude(data__type__in=screens.end_types).order_by("seq"))
    last = next(iter(_undo_chain(access, logged)), None)
    if last is None:
        said = (
            gettext("Nothing of yours in the log to undo.")
            if logged
            else gettext("The log is empty: nothing to undo.")
        )
        messages.info(request, said)
        return redirect(play)
    shown = request.POST.get("last", "")
    if shown.isdigit() and int(shown) != last.seq:
        # Another phone logged something since this page showed the log.
        said = gettext(
            "The log changed meanwhile: the last event is now “%(event)s”. Nothing was "
            "undone; undo again if that is the one you mean."
        ) % {"event": screens.describe(last.data)}
        messages.error(request, said)
        conflict(request, said)
        return redirect(play)
    return _remove(request, play, last, access.actor)


def _remove(request: HtmxHttpRequest, play: Play, event: PlayEvent, by: Actor) -> HttpResponse:
    what = in_each_language(
        lambda: (
            gettext("Taken out of the log: %(event)s")
            % {"event": screens_of(play).describe(event.data)}
        )
    )
    try:
        remove_event(play, event, by=by, what=what)
    except InvalidInput as e:
        for item in e.errors:
            messages.error(request, item.message)
    else:
        messages.success(
            request,
            gettext("Removed: %(event)s.") % {"event": screens_of(play).describe(event.data)},
        )
    return redirect(_back_url(request, play))


def end_panel(request: HtmxHttpRequest, play: Play, access: Access) -> Panel | None:
    """Below a seat's sheet: what is entered once the game is over, for the whole table."""
    screens = screens_of(play)
    if screens.end is None:
        return None
    context = {
        "end": screens.end,
        "end_events": _end_events(play, screens, access, play.logged_events()),
        "may_log": access.may_log(),
        "back": request.path,
    }
    return Panel("event_log/end_panel.html", context)


@require_GET
def reef_award(request: HtmxHttpRequest) -> HttpResponse:
    """Seagrass's reef award on its own, for a reef completed at the table."""
    form = ReefAwardForm(request.GET or None)
    award = None
    errors: list[str] = []
    if form.is_valid():
        data = form.to_json()
        try:
            award = seagrass.reef_award_calculator(data)
        except InvalidInput as e:
            errors = [item.message for item in e.errors]
    ctx = {"form": form, "award": award, "errors": errors}
    return render_screen(request, "event_log/reef_award.html", ctx, "award")


@csrf_exempt
def api_reef_award(request: HtmxHttpRequest) -> JsonResponse:
    """``{"players", "size", "adjacent"}`` in, ``{"points": {name: points}}`` out."""
    return json_answer(request, lambda data: {"points": seagrass.reef_award_calculator(data)})
