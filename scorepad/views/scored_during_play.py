"""Seagrass and Coral Stations: the live log of scoring events on one phone, or each
player's totals typed in at the end, and the final tally."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from games import seagrass
from games.contract import InvalidInput
from games.coral_stations import research_funds
from scorepad.entries import OPEN_STATION, PlayState, fingerprint, new_editor
from scorepad.forms import ReefAwardForm, SpecForm
from scorepad.models import Play, PlayEvent, Result, StaleEdit
from scorepad.scored_during_play import FUNDS_FIELDS, SCREENS, EventKind, LogScreens
from scorepad.views.common import (
    _get_play_for_user,
    apply_step,
    attach_errors,
    json_answer,
    running_score,
    stale_message,
)


def _screens(play: Play) -> LogScreens:
    if play.game not in SCREENS:
        raise Http404("This game has no live log.")
    return SCREENS[play.game]


def _shown(play: Play, kinds: tuple[EventKind, ...]) -> list[EventKind]:
    """Event kinds that this play's options allow (no discovery sets without Discovery)."""
    return [k for k in kinds if k.option is None or play.options.get(k.option) == "true"]


def _points_text(points: dict[str, int]) -> str:
    gains = [f"{name} {value:+d}" for name, value in points.items() if value]
    return ", ".join(gains) if gains else "no points"


def hub(request: HttpRequest, play: Play) -> HttpResponse:
    screens = _screens(play)
    results = play.ordered_results()
    events = play.logged_events()
    sheet, problems = running_score(play, play.state(results, events))
    logged = [e for e in events if e.data["type"] != OPEN_STATION]
    event_points = sheet.extra.get("event_points", []) if sheet else []
    log = [
        {
            "event": event,
            "text": screens.describe(event.data),
            "points": _points_text(event_points[i]) if i < len(event_points) else "",
        }
        for i, event in enumerate(logged)
    ]
    tally_key = "counts" if play.mode == "counts" else "final"
    ctx = {
        "play": play,
        "sheet": sheet,
        "problems": problems,
        "totals": [
            {"result": r, "total": sheet.players[i].total if sheet else None}
            for i, r in enumerate(results)
        ],
        "log": list(reversed(log)),
        "event_kinds": _shown(play, screens.events) if play.mode == "log" else [],
        "end_kinds": screens.end_events,
        "open_stations": [
            {"event": e, "text": screens.describe(e.data)}
            for e in events
            if e.data["type"] == OPEN_STATION
        ],
        "tallies": [{"result": r, "entered": tally_key in r.entry} for r in results],
    }
    if request.htmx:
        return render(request, "scored_during_play/play.html#totals", ctx)
    return render(request, "scored_during_play/play.html", ctx)


def _game_index(events: list[dict[str, Any]], position: int) -> str:
    """Where the event at ``position`` of the stored log sits in the game's input."""
    kind = events[position]["type"]
    same = [e for e in events[:position] if (e["type"] == OPEN_STATION) == (kind == OPEN_STATION)]
    return f"{'open_stations' if kind == OPEN_STATION else 'events'}[{len(same)}]"


def _try_events(
    play: Play, state: PlayState, trial: list[dict[str, Any]], position: int, form: SpecForm
) -> tuple[dict[str, int] | None, list[str]]:
    """What the event at ``position`` of ``trial`` scores, or why it cannot stand.

    Its points are the difference it makes to every total, so one rule serves
    events, open stations and corrections alike.
    """
    try:
        with_it = play.score(partial=True, state=state.with_events(trial))
        without = play.score(
            partial=True, state=state.with_events(trial[:position] + trial[position + 1 :])
        )
    except InvalidInput as e:
        return None, attach_errors(e, form, _game_index(trial, position) + ".")
    before = {p.name: p.total for p in without.players}
    return {p.name: p.total - before[p.name] for p in with_it.players}, []


def _funds(request: HttpRequest, play: Play, kind: EventKind) -> dict[str, Any] | None:
    """Coral Stations' research-funds helper, shown on the surfacing form."""
    if play.game != "coral-stations" or kind.type != "surfacing":
        return None
    data = request.POST if request.method == "POST" else None
    form = SpecForm(FUNDS_FIELDS, [], {}, data, prefix="funds")
    funds = None
    if form.is_bound and form.is_valid():
        values = form.to_json()
        try:
            funds = research_funds(values["divers_on_board"], values["money_before"])
        except InvalidInput as e:
            attach_errors(e, form, "")
    return {"form": form, "result": funds}


def _event_screen(
    request: HttpRequest, play: Play, kind: EventKind, event: PlayEvent | None
) -> HttpResponse:
    results = play.ordered_results()
    events = play.logged_events()
    state = play.state(results, events)
    players = state.players
    stored = [e.data for e in events]
    position = events.index(event) if event else len(stored)

    errors: list[str] = []
    points = None
    if request.method == "POST":
        form = SpecForm(
            kind.fields,
            players,
            play.options,
            request.POST if request.htmx else apply_step(request.POST),
        )
        if form.is_valid():
            data = {"type": kind.type, **form.to_json()}
            trial = stored[:position] + [data] + stored[position + 1 :]
            points, errors = _try_events(play, state, trial, position, form)
            action = request.POST.get("action")
            if points is not None and not form.errors and action == "save" and not request.htmx:
                try:
                    return _store_event(request, play, event, data, points, kind)
                except StaleEdit as e:
                    saved_now = SCREENS[play.game].describe(e.current) if e.current else "deleted"
                    errors = [stale_message("this event", saved_now)]
                    event.data = e.current or event.data
    else:
        saved = event.data if event else {}
        form = SpecForm(
            kind.fields,
            players,
            play.options,
            initial=SpecForm.initial_from(kind.fields, players, saved),
        )

    ctx = {
        "play": play,
        "kind": kind,
        "event": event,
        "base": fingerprint(event.data) if event else "",
        "form": form,
        "errors": errors,
        "points": _points_text(points) if points is not None else None,
        "funds": _funds(request, play, kind),
    }
    if request.htmx:
        return render(request, "scored_during_play/event.html#htmx-update", ctx)
    return render(request, "scored_during_play/event.html", ctx)


def _store_event(
    request: HttpRequest,
    play: Play,
    event: PlayEvent | None,
    data: dict[str, Any],
    points: dict[str, int],
    kind: EventKind,
) -> HttpResponse:
    try:
        if event is None:
            play.add_event(data)
        else:
            play.change_event(event, data, base=request.POST.get("base"))
    except InvalidInput as e:
        # Someone else's change got in first; show the log as it now stands.
        for item in e.errors:
            messages.error(request, item.message)
        return redirect(play)
    verb = "Added" if event is None else "Changed"
    messages.success(
        request, f"{verb}: {SCREENS[play.game].describe(data)} ({_points_text(points)})."
    )
    return redirect(play)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def new_event(request: HttpRequest, play_id: UUID, event_type: str) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    screens = _screens(play)
    kind = screens.kind(event_type)
    if kind is None or kind not in _shown(play, (*screens.events, *screens.end_events)):
        raise Http404("No such event in this game.")
    return _event_screen(request, play, kind, None)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def edit_event(request: HttpRequest, play_id: UUID, seq: int) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    event = get_object_or_404(play.events, seq=seq)
    kind = _screens(play).kind(event.data.get("type", ""))
    if kind is None:
        raise Http404("Unknown event.")
    if request.method == "POST" and request.POST.get("action") == "delete":
        return _remove(request, play, event)
    return _event_screen(request, play, kind, event)


@require_POST
def undo_event(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _get_play_for_user(request, play_id)
    last = play.events.exclude(data__type=OPEN_STATION).order_by("-seq").first()
    if last is None:
        messages.info(request, "The log is empty: nothing to undo.")
        return redirect(play)
    shown = request.POST.get("last", "")
    if shown.isdigit() and int(shown) != last.seq:
        # Another phone logged something since this page showed the log.
        text = SCREENS[play.game].describe(last.data)
        messages.error(
            request,
            f"The log changed meanwhile: the last event is now “{text}”. Nothing was "
            "undone; undo again if that is the one you mean.",
        )
        return redirect(play)
    return _remove(request, play, last)


def _remove(request: HttpRequest, play: Play, event: PlayEvent) -> HttpResponse:
    try:
        play.remove_event(event)
    except InvalidInput as e:
        for item in e.errors:
            messages.error(request, item.message)
    else:
        messages.success(request, f"Removed: {SCREENS[play.game].describe(event.data)}.")
    return redirect(play)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def player_tally(request: HttpRequest, play_id: UUID, position: int) -> HttpResponse:
    """One player's numbers at the end: the final tally of a log, or their counts."""
    play = _get_play_for_user(request, play_id)
    screens = _screens(play)
    results = play.ordered_results()
    result = next((r for r in results if r.position == position), None)
    if result is None:
        raise Http404("No such player in this play.")
    key = "counts" if play.mode == "counts" else "final"
    specs = screens.counts if play.mode == "counts" else screens.final
    players = [r.name for r in results]

    errors: list[str] = []
    saved = False
    if request.method == "POST":
        form = SpecForm(
            specs,
            players,
            play.options,
            request.POST if request.htmx else apply_step(request.POST),
        )
        if form.is_valid():
            errors, saved = _save_tally(request, play, result, key, form)
            if saved and not request.htmx:
                # A − or + button, or Enter in a box (the hidden "stay" button), without
                # JavaScript: saved, and the same screen again.
                if request.POST.get("step") or request.POST.get("go") == "stay":
                    return redirect(request.path)
                return redirect(_next_tally(play, results, position))
    else:
        initial = SpecForm.initial_from(specs, players, result.entry.get(key, {}))
        form = SpecForm(specs, players, play.options, initial=initial)

    ctx = {
        "play": play,
        "result": result,
        "form": form,
        "base": fingerprint(result.entry.get(key)),
        "editor": request.POST.get("editor") or new_editor(),
        "errors": errors,
        "saved": saved,
        "is_counts": play.mode == "counts",
        "next_name": results[position + 1].name if position + 1 < len(results) else None,
    }
    if request.htmx:
        return render(request, "scored_during_play/tally.html#htmx-update", ctx)
    return render(request, "scored_during_play/tally.html", ctx)


def _save_tally(
    request: HttpRequest, play: Play, result: Result, key: str, form: SpecForm
) -> tuple[list[str], bool]:
    try:
        play.save_part(
            result,
            (key,),
            form.to_json(),
            base=request.POST.get("base"),
            editor=request.POST.get("editor", ""),
        )
    except InvalidInput as e:
        return attach_errors(e, form, f"{key}.{result.name}."), False
    except StaleEdit as e:
        saved_now = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (e.current or {}).items())
        return [stale_message(f"{result.name}'s numbers", saved_now or "nothing")], False
    return [], True


def _next_tally(play: Play, results: list[Result], position: int) -> str:
    if position + 1 < len(results):
        return reverse("player_tally", args=[play.uuid, position + 1])
    return reverse("play", args=[play.uuid])


@require_GET
@vary_on_headers("HX-Request")
def reef_award(request: HttpRequest) -> HttpResponse:
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
    if request.htmx:
        return render(request, "scored_during_play/reef_award.html#award", ctx)
    return render(request, "scored_during_play/reef_award.html", ctx)


@csrf_exempt
def api_reef_award(request: HttpRequest) -> JsonResponse:
    """``{"players", "size", "adjacent"}`` in, ``{"points": {name: points}}`` out."""
    return json_answer(request, lambda data: {"points": seagrass.reef_award_calculator(data)})
