"""The table: phones joining a play with its code, the seats and who holds them, the
host's invite panel, and the live view every phone polls (answered 304 while nothing
changed). Written once for every game: a game only says how far a seat is
(``Pad.seat_status``) and where a seat enters its part (``Pad.seat_url``); a game's own
screen includes ``table_region.html`` (the seats, then its own part) and ``invite.html``.

Joining: a play in progress has a join code (6 symbols of Crockford's base 32: 32⁶ > 10⁹
codes; ``O`` is read as ``0``, ``I`` and ``L`` as ``1``, any case), the link ``/j/<CODE>``,
its QR code (drawn by segno as inline SVG) and a Share button (the phone's share sheet,
where the browser has one). Opening the code puts the phone at the table
(``TablePhone``), watching until it takes a seat. Wrong codes are counted in the shared
database cache (``SCOREPAD_RATE_LIMITS``: 20 in 10 minutes from one phone, 100 from one
address), then 429 with ``Retry-After``.

Live: every change moves ``Play.version`` on (``Play.save_and_tell_table``, in the same UPDATE as the
change). A play's own screen and every entry screen's one-line bar poll every 2 s with
the ETag they were given (``"t<version>-<i or f>-<view>"``); a poll gets 304 from one
hand-written query of the play alone (``PlayQuerySet.poll_state``), so it works the same
behind several app servers; once the play is finished, the next poll sends each phone to
the result (``HX-Redirect``). "Hide the totals until everyone is done" is an option of
every new play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorepad import throttle
from scorepad.http import HtmxHttpRequest
from scorepad.models import Play, Progress, Result, SeatTaken, read_join_code
from scorepad.models.table import (
    ask_for_seat,
    ensure_join_code,
    hand_over,
    phone_for,
    release,
    seat_phone,
    set_joining,
)
from scorepad.pads import DONE, ENTERING, SeatStatus, get_pad
from scorepad.table import Access, access_changed, access_to, phone_token
from scorepad.views.common import get_play_for_user

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# How far a seat is, in the reader's words; lazy, so the table bar's kept seats serve
# readers of every language.
STAGE_SHOWN = {
    "done": pgettext_lazy("a seat: finished entering its scores", "done"),
    "entering": pgettext_lazy("a seat: still entering its scores", "entering"),
    "joined": pgettext_lazy("a seat: a phone holds it", "joined"),
    "not joined": pgettext_lazy("a seat: no phone holds it", "not joined"),
}


def table_etag(play: Play, view: str) -> str:
    """What a phone's view of the table depends on: the play as it now stands (every
    change to it, a seat taken or handed over included, moves its version on), whether
    it was still being entered, and which view."""
    return _etag(play.version, play.is_finished, view)


def _etag(version: int, finished: bool, view: str) -> str:
    return f'"t{version}-{"f" if finished else "i"}-{view}"'


def poll_unchanged(request: HttpRequest, play_id: UUID, view: str) -> HttpResponse | None:
    """A phone at the table polling: 304 from one small query while nothing changed;
    None when the poll needs the whole answer. It carries no rights: it says only that
    nothing changed since the answer the phone holds, which the phone was let see."""
    state = Play.objects.poll_state(play_id)
    if state is None:
        return None
    etag = _etag(state.version, state.finished, view)
    return not_modified(etag) if unchanged(request, etag) else None


def unchanged(request: HttpRequest, etag: str) -> bool:
    # GZipMiddleware weakens the ETag of what it compresses (W/"…"): the same version.
    return request.headers.get("If-None-Match", "").removeprefix("W/") == etag


def finished_meanwhile(request: HttpRequest, play: Play) -> bool:
    """A phone's poll from a page shown while the play was still being entered."""
    seen = request.headers.get("If-None-Match", "")
    return play.is_finished and "-i-" in seen


def conditional(response: HttpResponse, etag: str) -> HttpResponse:
    """A table view that phones poll: never stored, always asked again with its ETag."""
    response["ETag"] = etag
    response["Cache-Control"] = "no-store, private"
    return response


def not_modified(etag: str) -> HttpResponse:
    return conditional(HttpResponse(status=304), etag)


def _hidden(play: Play, all_done: bool) -> bool:
    return play.hide_totals and not all_done and not play.is_finished


def totals_hidden(play: Play, results: list[Result], progress: Progress) -> bool:
    """Whether the play keeps its points hidden for now: until every seat is done."""
    done = all(get_pad(play.game).seat_status(play, r, progress).stage == DONE for r in results)
    return _hidden(play, done)


def _stage(status: SeatStatus, on_a_phone: bool) -> str:
    if status.stage in (DONE, ENTERING):
        return status.stage
    return "joined" if on_a_phone else "not joined"


def table_context(
    request: HttpRequest, play: Play, results: list[Result], progress: Progress, view: str
) -> dict[str, Any]:
    """Each seat (how far it is, who holds it, its running total), and what this phone
    may do: the shared table every game's screen of a play shows."""
    access = access_to(request, play)
    phones = list(play.phones.all())
    holders = {phone.result_id: phone for phone in phones if phone.result_id}
    statuses = [get_pad(play.game).seat_status(play, r, progress) for r in results]
    all_done = all(status.stage == DONE for status in statuses)
    hidden = _hidden(play, all_done)
    seats = []
    for index, (result, status) in enumerate(zip(results, statuses, strict=True)):
        phone = holders.get(result.pk)
        stage = _stage(status, phone is not None)
        seats.append(
            {
                "result": result,
                "stage": stage,
                "stage_words": STAGE_SHOWN[stage],
                "detail": status.detail,
                "on_a_phone": phone is not None,
                "mine": access.holds(result),
                "total": None if hidden else progress.total(index),
                "url": get_pad(play.game).seat_url(play, result)
                if access.may_change(result)
                else None,
                "asking": [p for p in phones if p.wants_id == result.pk] if access.is_host else [],
            }
        )
    return {
        "access": access,
        "seats": seats,
        "done": sum(status.stage == DONE for status in statuses),
        "totals_hidden": hidden,
        "watching": sum(1 for p in phones if p.result_id is None),
        "may_finish": not play.is_finished
        and (access.is_host or (play.seats_may_finish and all_done and access.seat is not None)),
        "etag": table_etag(play, view),
        "problems": progress.problems,
    }


def join_link(request: HttpRequest, code: str) -> str:
    return request.build_absolute_uri(reverse("join_play", args=[code]))


def qr_code(url: str) -> SafeString:
    """The link as a QR code, drawn here as SVG (dark on light, as scanners want)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000", light="#fff", svgclass="qr", omitsize=True
    )
    return mark_safe(svg)  # segno's own markup, from our own link


def invite_context(request: HttpRequest, play: Play, access: Access) -> dict[str, Any] | None:
    """The host's Invite players panel: the code, its link and QR code; for a guest
    play, its host link too (to host from another phone), which no player is sent."""
    if not access.is_host or play.is_finished:
        return None
    code = ensure_join_code(play)
    link = join_link(request, code) if code else None
    host_link = None
    if play.group_id is None:
        host_link = request.build_absolute_uri(
            reverse("host_play", args=[play.uuid, play.host_key])
        )
    return {
        "code": code,
        "link": link,
        "qr": qr_code(link) if link else None,
        "host_link": host_link,
    }


@require_http_methods(["GET"])
def table(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """The one-line table every entry screen polls: how far each seat is; once the play
    is finished, every phone is sent to the result."""
    if quick := poll_unchanged(request, play_id, "bar"):
        return quick
    play = get_play_for_user(request, play_id)
    etag = table_etag(play, "bar")
    if finished_meanwhile(request, play):
        return conditional(HttpResponseClientRedirect(reverse("result", args=[play.uuid])), etag)
    if unchanged(request, etag):
        return not_modified(etag)
    ctx = {"play": play, "seats": bar_seats(play), "etag": etag}
    return conditional(render(request, "table_bar.html", ctx), etag)


# Every phone at a table sees the same one-line table: worked out once for each version
# of the play in each app server process, however many phones poll it.
_BAR_SEATS: dict[tuple[int, int], list[dict[str, StrOrPromise]]] = {}
BAR_SEATS_KEPT = 1000


def bar_seats(play: Play) -> list[dict[str, StrOrPromise]]:
    key = (play.pk, play.version)
    if key not in _BAR_SEATS:
        results = play.ordered_results()
        progress = play.progress(results, strict=True)
        held = set(play.phones.filter(result__isnull=False).values_list("result_id", flat=True))
        if len(_BAR_SEATS) >= BAR_SEATS_KEPT:
            _BAR_SEATS.clear()
        pad = get_pad(play.game)
        _BAR_SEATS[key] = [
            {
                "name": r.name,
                "seat_colour": r.seat_colour,
                "stage": (stage := _stage(pad.seat_status(play, r, progress), r.pk in held)),
                "stage_words": STAGE_SHOWN[stage],
            }
            for r in results
        ]
    return _BAR_SEATS[key]


# --- Joining ----------------------------------------------------------------------------------
def _guesses(request: HttpRequest) -> throttle.Failures:
    """Codes that fit no game, counted for the phone and for its address (a table's Wi-Fi
    holds several phones): a code is one of 32**6, so guessing one of the few live ones
    stays hopeless."""
    return throttle.Failures(
        request, {"join_guesses_per_phone": phone_token(request), "join_guesses": None}
    )


@require_http_methods(["GET"])
def join_code(request: HtmxHttpRequest) -> HttpResponse:
    """Type the code the host's phone shows."""
    typed = request.GET.get("code", "")
    if typed:
        code = read_join_code(typed)
        if code is not None:
            return redirect("join_play", code)
        messages.error(request, _("A join code is 6 letters and digits, like 7KQ2MX."))
    return render(request, "join_code.html", {"typed": typed})


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A phone opens the host's link (or typed the code): the seats, to take one or watch."""
    guesses = _guesses(request)
    guesses.refuse_if_spent()
    wanted = read_join_code(code)
    play = Play.objects.filter(join_code=wanted).first() if wanted else None
    if play is None or not play.is_joinable:
        if play is None:
            guesses.failed()
        ctx = {"typed": code, "unknown": play is None, "play": None, "shut": play}
        return render(request, "join_code.html", ctx, status=404)
    if wanted != code:
        return redirect("join_play", wanted)
    if play.group is not None and play.group.has_removed(request.user):
        # Removed from the play's group: no code brings them back to its table.
        raise Http404("No such table.")
    # A phone that came with the code is at the table from now on (watching, until it
    # takes a seat): the players' key never makes it the host.
    phone_for(play, phone_token(request), request.user)
    access_changed(request)
    results = play.ordered_results()
    access = access_to(request, play)
    if request.method == "POST":
        return _take(request, play, results, access)
    held = set(play.phones.filter(result__isnull=False).values_list("result_id", flat=True))
    asked = access.phone.wants if access.phone else None
    ctx = {
        "play": play,
        "code": wanted,
        "access": access,
        "asked": asked,
        "seats": [
            {
                "result": r,
                "held": r.pk in held,
                "mine": access.holds(r),
                "url": get_pad(play.game).seat_url(play, r) if access.holds(r) else None,
            }
            for r in results
        ],
    }
    return render(request, "join_play.html", ctx)


def _take(
    request: HtmxHttpRequest, play: Play, results: list[Result], access: Access
) -> HttpResponse:
    action = request.POST.get("action", "")
    if action == "watch":
        seat_phone(play, phone_token(request), None, request.user)
        messages.success(request, _("You are watching: the table follows every score."))
        return redirect(play)
    position = request.POST.get("seat", "")
    result = next((r for r in results if str(r.position) == position), None)
    if result is None:
        raise Http404("No such seat at this table.")
    if action == "ask":
        ask_for_seat(play, phone_token(request), result, request.user)
        messages.info(
            request, _("Asked the host to hand you %(name)s's seat.") % {"name": result.name}
        )
        return redirect("join_play", play.join_code)
    try:
        seat_phone(play, phone_token(request), result, request.user)
    except SeatTaken:
        messages.error(
            request,
            _(
                "%(name)s's seat is on another phone. Ask the host to hand it to you, or leave "
                "it on that phone first."
            )
            % {"name": result.name},
        )
        return redirect("join_play", play.join_code)
    messages.success(request, _("This phone is %(name)s's seat.") % {"name": result.name})
    pad = get_pad(play.game)
    start = pad.start_url or pad.seat_url
    return redirect(start(play, result))


@require_POST
def table_action(request: HtmxHttpRequest, play_id: UUID) -> HttpResponse:
    """What the host does with the table (close joining, release a seat, hand a seat
    over), and a seat's phone leaving its seat: while the play is being entered. Once it
    is finished, seats change hands no more (a seat handed over would correct a result
    in the history)."""
    play = get_play_for_user(request, play_id)
    access = access_to(request, play)
    if play.is_finished:
        raise PermissionDenied(_("The game is finished: its table no longer changes."))
    action = request.POST.get("action", "")
    if action == "leave":
        if access.seat is None:
            raise PermissionDenied(_("This phone holds no seat to leave."))
        release(play, access.seat)
        messages.success(
            request,
            _("This phone no longer holds %(name)s's seat.") % {"name": access.seat.name},
        )
        return redirect(play)
    if not access.may_run_the_table:
        raise PermissionDenied(_("Only the host changes the table."))
    if action in ("close", "open"):
        set_joining(play, is_open=action == "open")
    elif action in ("seats_may_finish", "host_finishes"):
        play.save_and_tell_table(seats_may_finish=action == "seats_may_finish")
    elif action in ("release", "hand_over", "refuse"):
        _change_seat(play, action, request.POST.get("seat", ""), request.POST.get("phone", ""))
    else:
        raise Http404("No such thing to do with the table.")
    return redirect(play)


def _change_seat(play: Play, action: str, seat: str, phone: str) -> None:
    if action == "release":
        result = get_object_or_404(play.results, position=int(seat) if seat.isdigit() else -1)
        release(play, result)
        return
    asking = get_object_or_404(play.phones, pk=int(phone) if phone.isdigit() else 0)
    if action == "hand_over":
        hand_over(play, asking)
    else:
        asking.wants = None
        asking.save(update_fields=["wants"])
        play.save_and_tell_table()


def table_region(
    request: HttpRequest, play: Play, results: list[Result], progress: Progress
) -> dict[str, Any]:
    """What a game's own screen of a play adds for the shared table (templates
    table_region.html and invite.html): the seats, this phone's access, and the host's
    Invite players panel (drawn only with the whole page, not for each poll)."""
    table = table_context(request, play, results, progress, "hub")
    return {"table": table, "invite": lambda: invite_context(request, play, table["access"])}
