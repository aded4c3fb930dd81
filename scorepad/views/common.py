"""What every screen needs: finding what the user may see, and the htmx toolkit
every game's screens share (a page or its fragment, a seat, the next seat's screen,
the game's messages on the form's fields)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable
from uuid import UUID

from django.http import Http404, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control

from games.contract import InvalidInput
from scorepad import throttle
from scorepad.http import HtmxHttpRequest
from scorepad.models import Actor, Group, Play, Result, StaleEdit, start_play
from scorepad.models.changes import save_part
from scorepad.models.groups import group_of_user
from scorepad.models.outcomes import seat_host
from scorepad.models.table import seat_phone
from scorepad.pads import get_pad
from scorepad.table import (
    Access,
    SeatRefused,
    access_to,
    conflict,
    host_here,
    phone_token,
    play_of_seats,
    seats_with_access,
    with_access,
)

# A page of a signed-in person's own, or of their group: neither a shared cache nor the
# browser keeps a copy (the next person at a shared computer, the back button after
# logging out). Not a play's screens: anyone with a guest play's link opens them, and
# the table's live views say no-store themselves.
private = cache_control(private=True, no_store=True)


def render_screen(
    request: HtmxHttpRequest,
    template: str,
    context: Mapping[str, Any],
    partial: str | None = None,
) -> HttpResponse:
    """The whole screen, or for htmx only its ``{% partialdef partial %}``; the
    answer varies with HX-Request either way, so no cache mixes the two."""
    htmx = partial is not None and bool(getattr(request, "htmx", False))
    response = render(request, f"{template}#{partial}" if htmx else template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


def get_group_for_user(request: HtmxHttpRequest, group_id: int | str | None) -> Group:
    """The group, if the user is a member; 404 for anything else, garbage ids included."""
    digits = str(group_id or "")
    if not digits.isdigit():
        raise Http404("No such group.")
    group = group_of_user(request.user, int(digits))
    if group is None:
        raise Http404("No such group.")
    return group


def get_play_for_user(
    request: HtmxHttpRequest, play_id: UUID, games: Collection[str] | None = None
) -> Play:
    """The play, if this request may read it (``Access.may_read``: a guest play by its
    link; a group's by its members now, and the phones that joined its table), and
    (for a game's own screens) of one of ``games``. 404 for anything else."""
    plays = with_access(Play.objects.select_related("group"), request)
    if games is not None:
        plays = plays.filter(game__in=games)
    play = get_object_or_404(plays, uuid=play_id)
    if not access_to(request, play).may_read:
        raise Http404("No such play.")
    return play


def get_seats_for_user(
    request: HtmxHttpRequest, play_id: UUID, games: Collection[str] | None = None
) -> tuple[Play, list[Result]]:
    """``get_play_for_user`` with every seat of the play, in seat order, read in the same
    query (``table.seats_with_access``): what a change to a seat checks against, at the
    version they were read at. 404 as there (and for a play without seats)."""
    read = seats_with_access(request, play_id, games)
    if not read:
        raise Http404("No such play.")
    play = play_of_seats(read)
    if not access_to(request, play).may_read:
        raise Http404("No such play.")
    return play, read


def get_seat_or_404(
    play: Play, position: int, seats: list[Result] | None = None
) -> tuple[list[Result], Result]:
    """Every seat of the play (``seats``, if read already), and the one at
    ``position``; 404 if there is none."""
    results = play.ordered_results() if seats is None else seats
    result = next((r for r in results if r.position == position), None)
    if result is None:
        raise Http404("No such player in this play.")
    return results, result


def get_seat_for_user(
    request: HtmxHttpRequest, play: Play, position: int, seats: list[Result] | None = None
) -> tuple[list[Result], Result, Access]:
    """Every seat of the play (``seats``, if read already), the one at ``position`` (404
    if none) and this request's access, if it may change that seat: 403 if not."""
    results, result = get_seat_or_404(play, position, seats)
    return results, result, _get_access_to_change(request, play, result)


def _get_access_to_change(request: HtmxHttpRequest, play: Play, result: Result) -> Access:
    """This request's access to the play, if it may change ``result``'s seat; 403 if not."""
    access = access_to(request, play)
    if access.may_change(result):
        return access
    if access.in_history:
        message = gettext(
            "This play is in %(group)s's history: only whoever recorded it, an owner of the "
            "group or %(name)s can correct it."
        ) % {"group": play.group, "name": result.name}
    elif access.seat is not None:
        message = gettext("This is %(name)s's seat; your phone holds %(held)s's.") % {
            "name": result.name,
            "held": access.seat.name,
        }
    else:
        message = gettext(
            "Your phone does not hold %(name)s's seat (any more): it is watching."
        ) % {"name": result.name}
    access.refuse(SeatRefused(message, play, access.seat))


def next_seat(results: list[Result], position: int, access: Access) -> Result | None:
    """The seat the host enters after this one, passing those other phones enter; a
    seat's phone has only its own."""
    if not access.is_host:
        return None
    elsewhere = access.held_elsewhere()
    later = [r for r in results if r.position > position and r.pk not in elsewhere]
    return later[0] if later else None


def next_seat_url(play: Play, results: list[Result], position: int, access: Access) -> str:
    """The next seat's own screen for the host; after the last seat, or for a seat's
    phone, the play's own screen (the table)."""
    return seat_or_table_url(play, next_seat(results, position, access))


def seat_or_table_url(play: Play, seat: Result | None) -> str:
    return get_pad(play.game).seat_url(play, seat) if seat else play.get_absolute_url()


DEVICE_PLAYS = "plays_on_this_device"
DEVICE_PLAYS_KEPT = 10


def _remember_on_this_device(request: HtmxHttpRequest, play: Play) -> None:
    """A guest's plays have no history page; the session keeps the way back to them."""
    kept = [str(play.uuid), *request.session.get(DEVICE_PLAYS, [])]
    request.session[DEVICE_PLAYS] = kept[:DEVICE_PLAYS_KEPT]


@dataclass(frozen=True)
class Table:
    """Where a new play is recorded: the chosen group (a guest has none), the user's
    groups to choose from, the user's own name for the first seat, and whether someone is
    signed in (their new-play form asks whether the first seat is theirs)."""

    group: Group | None
    groups: Any
    first_seat: str
    signed_in: bool = False

    @property
    def seats(self) -> dict[str, Any]:
        """What the new-play form needs to fill in its seats."""
        return {"first_seat": self.first_seat, "signed_in": self.signed_in}


def get_table_for_user(request: HtmxHttpRequest) -> Table:
    groups = Group.objects.for_user(request.user).order_by("name")
    group_id = request.POST.get("group") or request.GET.get("group")
    user = request.user
    if not user.is_authenticated:
        return Table(None, groups, "")
    group = get_group_for_user(request, group_id) if group_id else groups.first()
    own = group.players.filter(user=user).first() if group else None
    return Table(group, groups, own.name if own else "", signed_in=True)


def start_play_for(
    request: HtmxHttpRequest, table: Table, game: str, cleaned: dict[str, Any]
) -> Play:
    """Start the play the new-play form describes, and remember it on this device. A
    play outside any group (a guest's) counts against the address's limit."""
    if table.group is None:
        throttle.count(request, "guest_plays")
    play = start_play(
        game=game,
        names=cleaned["names"],
        options=cleaned["options"],
        mode=cleaned["mode"],
        group=table.group,
        user=request.user,
        hide_totals=cleaned.get("hide_totals", False),
        colours=cleaned.get("colours", ()),
        started_at=timezone.now(),
    )
    _remember_on_this_device(request, play)
    if play.group_id is None:
        host_here(request, play)
    # The host's phone holds the host's own seat: the first, when they said it is theirs
    # ("This is me", whatever name they typed) or it carries their name.
    first = play.ordered_results()[0]
    if cleaned.get("me"):
        seat_host(first, request.user)
        seat_phone(play, phone_token(request), first, request.user)
    elif table.first_seat and first.name.casefold() == table.first_seat.casefold():
        seat_phone(play, phone_token(request), first, request.user)
    return play


class TakesErrors(Protocol):
    """A form the game's messages can be put on (any Django form)."""

    def add_error(self, field: str | None, error: str, /) -> None:
        """Show ``error`` by the field ``field`` (None: at the top of the form)."""


@runtime_checkable
class GameForm(TakesErrors, Protocol):
    """A form of a game's screen that knows which of its fields a path of the game's
    input names: what ``attach_errors`` reads by default."""

    def field_for(self, path: str, /) -> str | None:
        """The form field the input path after the form's prefix names; None if none."""


def attach_errors(
    error: InvalidInput,
    form: TakesErrors,
    prefix: str,
    place: Callable[[str], str | None] | None = None,
) -> list[str]:
    """Put each of the game's messages on the form field it names (``place``, by
    default the form's ``GameForm.field_for``, reads the path after ``prefix``); return
    the others, for the top of the form."""
    if place is None:
        if not isinstance(form, GameForm):
            raise TypeError(f"{type(form).__name__} has no field_for: pass place.")
        place = form.field_for
    general = []
    for item in error.errors:
        field = place(item.field[len(prefix) :]) if item.field.startswith(prefix) else None
        if field:
            form.add_error(field, item.message)
        else:
            general.append(item.message)
    return general


def stale_message(request: HtmxHttpRequest, what: str, saved_now: str, yours: str) -> str:
    """What a phone is told when another saved the same part meanwhile, with both
    values; its outbox is told too (an Outbox-Conflict header), so a change sent late
    is never lost quietly."""
    message = gettext(
        "Someone else saved %(what)s while you were typing. Saved now: %(saved_now)s. "
        "Yours: %(yours)s. Your numbers are still here: save again to keep yours."
    ) % {"what": what, "saved_now": saved_now, "yours": yours}
    conflict(request, message)
    return message


def save_form_part(
    request: HtmxHttpRequest,
    form: TakesErrors,
    part: tuple[str, dict[str, Any]],
    seat: tuple[Play, Result, Actor],
    prefix: str,
    what: str,
    seats: list[Result] | None = None,
) -> tuple[list[str], bool]:
    """Save a seat's part of the entry (``part``: its key and its counts) from a valid
    form, as the screen that sent it drew it (the POST's ``base`` and ``editor``): the
    messages for the top of the form and whether it was saved. The game's messages go
    on the form's fields (the input paths after ``prefix``); another screen's save
    meanwhile is told with both values (``what``: the part, in words). ``seats``: the
    play's seats as the view read them with the play, for ``save_part``'s straight path."""
    play, result, by = seat
    key, counts = part
    try:
        save_part(
            play,
            result,
            (key,),
            counts,
            base=request.POST.get("base"),
            editor=request.POST.get("editor", ""),
            by=by,
            seats=seats,
        )
    except InvalidInput as e:
        return attach_errors(e, form, prefix), False
    except StaleEdit as e:
        return [
            stale_message(request, what, describe_counts(e.current), describe_counts(counts))
        ], False
    return [], True


def describe_counts(counts: dict[str, Any] | None) -> str:
    """A part of an entry in words, for a message: "jellies 2, sharks 1"."""
    said = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in (counts or {}).items())
    return said or gettext("nothing")


def post_with_step_applied(request: HtmxHttpRequest) -> QueryDict:
    """What an entry form post_with_step_applied. Without JavaScript a − or + button submits the form
    (``step=<field>:±n``, n from 1 to 9: a line of VPs may step by 2) and the count is
    stepped here; with it, the script has already stepped the count on the page."""
    data = request.POST.copy()
    field, _, delta = data.get("step", "").partition(":")
    if request.htmx or not field or not re.fullmatch(r"-?[1-9]", delta):
        return data
    try:
        current = int(data.get(field) or 0)
    except ValueError:
        return data
    data[field] = str(max(0, current + int(delta)))
    return data


def json_error(status: int, field: str, message: str) -> JsonResponse:
    return JsonResponse({"errors": [{"field": field, "message": message}]}, status=status)


# The largest body the JSON API reads: the largest input of any game (four players'
# full boards) takes 7 KB, 14 KB pretty-printed. The slowest 64 KB found reads and checks
# in under 20 ms (docs/performance.md); a body past it is refused unread.
API_MOST_BYTES = 64 * 1024


def _body_length(request: HtmxHttpRequest) -> int:
    """The body's length as sent; Django reads that many bytes at most, and none when
    the header is missing or not a number."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def json_answer(request: HtmxHttpRequest, compute: Callable[[Any], dict[str, Any]]) -> JsonResponse:
    """``compute`` on a POSTed JSON body: 200 with its answer, 400 with the errors, 413
    for a body too large to be a game; always JSON (a program on the other end reads it).
    The JSON API's views read no cookie and store nothing, so they take no CSRF token
    (csrf_exempt); each POST counts against the address's limit."""
    if request.method != "POST":
        response = json_error(405, "", "Send the input with POST.")
        response["Allow"] = "POST"
        return response
    try:
        throttle.count(request, "api_scores")
    except throttle.Throttled as throttled:
        return throttle.with_retry_after(json_error(429, "", str(throttled)), throttled)
    if _body_length(request) > API_MOST_BYTES:
        return json_error(
            413,
            "",
            f"The input is larger than {API_MOST_BYTES // 1024} KB: no game's input comes "
            "near that.",
        )
    try:
        data = json.loads(request.body)
    except (ValueError, RecursionError):
        # ValueError covers bad JSON, bad UTF-8 and integers too long to read.
        return json_error(400, "", "The request body must be JSON.")
    try:
        return JsonResponse(compute(data))
    except InvalidInput as e:
        return JsonResponse(e.to_json(), status=400)
    except RecursionError:
        return json_error(400, "", "The input is nested too deeply to be a game.")
