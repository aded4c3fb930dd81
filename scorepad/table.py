"""The table: every phone that plays, and what each may do.

A phone is known by a random token in its cookie (no login needed). It joins a play
with the play's code, takes a seat (then enters that seat alone) or just watches.
The host is whoever started the play or, for a play in a group, any member of the
group; for a play outside any group, also whoever holds its own link and has not
joined it as a player: that link is the host's key, the join code the players'.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import FilteredRelation, OuterRef, Q, QuerySet, Subquery, Value
from django.http import HttpRequest, HttpResponse

from scorepad.models import Actor, AppliedChange, Membership, PlayEvent, Result, TablePhone
from scorepad.models import Play as PlayModel
from scorepad.offline import ACCOUNT_HEADER, account_of

PHONE_COOKIE = "scorepad_phone"
# The id a phone's outbox gives each change it sends (static/scorepad/scorepad.js).
CHANGE_HEADER = "X-Change-Id"
CHANGE_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
PHONE_COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie


class Phone:
    """This request's phone: the token its cookie holds, or a new one it is given."""

    def __init__(self, cookie: str | None):
        self.is_new = not (cookie and len(cookie) == 43 and cookie.isascii())
        self.token = secrets.token_urlsafe(32) if self.is_new else str(cookie)
        self.used = False

    def use(self) -> str:
        """The token, to be kept: a new phone gets its cookie with the answer."""
        self.used = True
        return self.token


class PhoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        phone = Phone(request.COOKIES.get(PHONE_COOKIE))
        request.phone = phone  # type: ignore[attr-defined]
        response = self.get_response(request)
        if phone.is_new and phone.used:
            response.set_cookie(
                PHONE_COOKIE,
                phone.token,
                max_age=PHONE_COOKIE_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response


def phone_token(request: HttpRequest) -> str:
    return request.phone.use()  # type: ignore[attr-defined]


class SeatRefused(PermissionDenied):
    """This phone may not change that seat; the page says where it may go instead."""

    def __init__(self, message: str, play: PlayModel, own: Result | None):
        super().__init__(message)
        self.play = play
        self.own = own


@dataclass(frozen=True)
class Access:
    """What one request may do at one play's table."""

    play: PlayModel
    user: Any
    phone: TablePhone | None  # this phone's place at the table, if it joined
    is_member: bool  # of the play's group
    is_owner: bool  # of the play's group
    change: str = ""  # the id the phone gave the change it sends, if any

    @property
    def seat(self) -> Result | None:
        return self.phone.result if self.phone else None

    @property
    def is_host(self) -> bool:
        if self.phone is not None and self.phone.is_host:
            return True
        if self.play.group_id is not None:
            return self.is_member
        return self.phone is None

    @property
    def is_watching(self) -> bool:
        return not self.is_host and self.seat is None

    @property
    def in_history(self) -> bool:
        return self.play.is_finished and self.play.group_id is not None

    def held_elsewhere(self) -> set[int]:
        """The seats (result ids) that other phones hold: they enter those themselves."""
        others = self.play.phones.filter(result__isnull=False)
        if self.phone is not None:
            others = others.exclude(pk=self.phone.pk)
        return set(others.values_list("result_id", flat=True))

    def holds(self, result: Result) -> bool:
        return self.seat is not None and self.seat.pk == result.pk

    def may_correct(self, result: Result | None = None) -> bool:
        """A play kept in a group's history is corrected by whoever recorded it, an
        owner of the group, or the seat's own player (or its phone)."""
        user = self.user
        if user.is_authenticated and (self.play.recorded_by_id == user.pk or self.is_owner):
            return True
        if result is None:
            return False
        return self.holds(result) or (user.is_authenticated and result.player.user_id == user.pk)

    def may_change(self, result: Result) -> bool:
        """Whether this phone may change ``result``'s entry: a seat's phone its own
        seat, the host any."""
        if self.in_history:
            return self.may_correct(result)
        return self.is_host or self.holds(result)

    def may_log(self) -> bool:
        """Whether this phone may add to a shared log: the host and any seated phone."""
        if self.in_history:
            return self.may_correct()
        return self.is_host or self.seat is not None

    def may_change_event(self, event: PlayEvent) -> bool:
        """An event is changed by the phone that logged it, or by the host."""
        if self.in_history:
            return self.may_correct()
        return self.is_host or (self.seat is not None and event.seat == self.seat.position)

    @property
    def actor(self) -> Actor:
        """Who this is, as the play's record of corrections names them."""
        seat = self.seat.position if self.seat else None
        if self.user.is_authenticated:
            return Actor(self.user.get_username(), self.user, seat, self.change)
        if self.seat is not None:
            return Actor(f"{self.seat.name}'s phone", None, seat, self.change)
        name = "the host's phone" if self.is_host else "a phone"
        return Actor(name, None, seat, self.change)

    @property
    def key(self) -> str:
        """What this phone's view of the table depends on besides the play itself."""
        role = "h" if self.is_host else "w"
        return f"{role}{self.seat.position if self.seat else ''}"


def access_to(request: HttpRequest, play: PlayModel) -> Access:
    """This request's access to ``play``, worked out once per request."""
    known: dict[int, Access] = request.__dict__.setdefault("table_access", {})
    if play.pk not in known:
        known[play.pk] = _access(request, play)
    return known[play.pk]


def with_access(plays: QuerySet[PlayModel], request: HttpRequest) -> QuerySet[PlayModel]:
    """``plays`` with what ``access_to`` reads of each, in the same query: this phone's
    place at the table (its seat and that seat's player) and the user's role in the
    play's group, so that finding a play and the request's access to it is one query."""
    token = phone_token(request)
    plays = plays.annotate(
        viewer_phone=FilteredRelation("phones", condition=Q(phones__token=token)),
        viewer_known=Value(True),  # a phone that has not joined finds none: no phone
    ).select_related("viewer_phone__result__player")  # type: ignore[misc]
    user = request.user
    if user.is_authenticated:
        roles = Membership.objects.filter(group=OuterRef("group"), user=user)
        plays = plays.annotate(viewer_role=Subquery(roles.values("role")[:1]))
    return plays


def _access(request: HttpRequest, play: PlayModel) -> Access:
    token = phone_token(request)
    known = play.__dict__
    if "viewer_known" in known:  # found by with_access
        phone = known.get("viewer_phone")
    else:
        phone = play.phones.select_related("result__player").filter(token=token).first()
    user = request.user
    role = None
    if play.group_id is not None and user.is_authenticated:
        if "viewer_role" in known:
            role = known["viewer_role"]
        else:
            role = (
                Membership.objects.filter(group_id=play.group_id, user=user)
                .values_list("role", flat=True)
                .first()
            )
    change = request.headers.get(CHANGE_HEADER, "")
    change = change if CHANGE_ID.fullmatch(change) else ""
    return Access(play, user, phone, role is not None, role == Membership.Role.OWNER, change)


def conflict(request: HttpRequest, message: str) -> None:
    """Say that this change met another phone's: a phone's outbox, sending it late, is
    told so with ``message`` (the words the screen shows), whatever page it is on."""
    request.outbox_conflict = message  # type: ignore[attr-defined]


class OutboxMiddleware:
    """What a phone's outbox (static/scorepad/scorepad.js) needs of an answer: a change it
    sent as a form, not htmx, answered with a redirect, is told where instead (so the
    phone goes there itself, and the messages wait for that page); one that met another
    phone's change is marked as a conflict, with its message (percent-encoded: a header
    is Latin-1); one answered without being applied (the game or the form refused it:
    a change applied leaves its AppliedChange in the same transaction) is marked as
    refused, so a phone sending it late says so wherever the player is by then.

    A change made under another account than the one signed in now (or, without one,
    on another phone: scorepad/offline.py) is not even looked at: it is answered 409
    with ``Outbox-Account-Differs``, and the phone keeps it until its account is back."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        made_under = request.headers.get(ACCOUNT_HEADER)
        if made_under is not None and made_under != account_of(request):
            response = HttpResponse(status=409)
            response["Outbox-Account-Differs"] = "1"
            return response
        response = self.get_response(request)
        if "X-Outbox" not in request.headers:
            return response
        message = getattr(request, "outbox_conflict", None)
        if 300 <= response.status_code < 400 and response.has_header("Location"):
            location = response["Location"]
            response = HttpResponse(status=204)
            response["Outbox-Location"] = location
        elif message is None and response.status_code < 400 and not _applied(request):
            response["Outbox-Refused"] = "1"
        if message is not None:
            response["Outbox-Conflict"] = quote(message)
        return response


def _applied(request: HttpRequest) -> bool:
    change = request.headers.get(CHANGE_HEADER, "")
    return (
        bool(CHANGE_ID.fullmatch(change)) and AppliedChange.objects.filter(change=change).exists()
    )
