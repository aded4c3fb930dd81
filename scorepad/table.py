"""The table, and who may do what to a play: decided here, once per request.

Rights come from the account and the play's group at the moment of the request (a
member hosts a group's play, an owner or whoever recorded it corrects it), or from a
capability only its holder has: a guest play's host key, a secret link of its own kept
in the host's session. A phone is known by a random token in its cookie (no login
needed); the cookie only says which seat this device holds, once it joined with the
play's code, and a seat taken while signed in is held for that account alone. The whole
table of who may do what is in docs/security.md, "Who may do what to a play".
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, NoReturn
from uuid import UUID

from django.core.exceptions import PermissionDenied
from django.db.models import FilteredRelation, OuterRef, Q, QuerySet, Subquery, Value
from django.http import HttpRequest

from games import words
from scorepad.models import (
    TOKEN_CHARACTER,
    Actor,
    Membership,
    PlayEvent,
    Removal,
    Result,
    TablePhone,
)
from scorepad.models import Play as PlayModel
from scorepad.prepared import Param, PreparedQuery

PHONE_COOKIE = "scorepad_phone"
# The id a phone's outbox gives each change it sends (static/scorepad/outbox-screen.js), and
# when the phone made it (ms since 1970).
CHANGE_HEADER = "X-Change-Id"
CHANGE_MADE_HEADER = "X-Change-Made"
CHANGE_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
PHONE_COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
PHONE_TOKEN = re.compile(f"{TOKEN_CHARACTER}{{43}}")  # secrets.token_urlsafe(32)


class Phone:
    """This request's phone: the token its cookie holds, or a new one it is given."""

    def __init__(self, cookie: str | None):
        self.is_new = not (cookie and PHONE_TOKEN.fullmatch(cookie))
        self.token = secrets.token_urlsafe(32) if self.is_new else str(cookie)
        self.used = False

    def use(self) -> str:
        """The token, to be kept: a new phone gets its cookie with the answer."""
        self.used = True
        return self.token


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
    """What one request may do at one play's table, from who asks (the account, its role
    in the play's group now, a guest play's host key in the session) and which seat this
    phone holds. docs/security.md has it as a table."""

    play: PlayModel
    user: Any
    phone: TablePhone | None  # this phone's place at the table, if it joined (for this account)
    role: str | None  # the account's role in the play's group, if a member
    has_host_key: bool  # the session holds the guest play's host key
    change: ChangeSent | None = None  # what a phone's outbox sends, if it is that

    @property
    def is_member(self) -> bool:
        return self.role is not None

    @property
    def is_owner(self) -> bool:
        return self.role == Membership.Role.OWNER

    @property
    def is_recorder(self) -> bool:
        """Whoever recorded the play; in a group, while they are still in it."""
        recorded = self.user.is_authenticated and self.play.recorded_by_id == self.user.pk
        return recorded and (self.play.group_id is None or self.is_member)

    @property
    def is_host(self) -> bool:
        """A group's play is hosted by its members; a guest play by whoever holds its host
        key (or recorded it, signed in)."""
        if self.play.group_id is not None:
            return self.is_member
        return self.has_host_key or self.is_recorder

    @property
    def seat(self) -> Result | None:
        return self.phone.result if self.phone else None

    @property
    def may_read(self) -> bool:
        """A guest play is read by whoever has its link; a group's by its members and the
        phones that joined its table."""
        return self.play.group_id is None or self.is_member or self.phone is not None

    @property
    def is_watching(self) -> bool:
        return not self.is_host and self.seat is None

    @property
    def in_history(self) -> bool:
        return self.play.is_finished and self.play.group_id is not None

    @property
    def may_void(self) -> bool:
        """Take a play out of its group's history: whoever recorded it, or an owner."""
        in_it = self.in_history and not self.play.is_voided
        return in_it and (self.is_recorder or self.is_owner)

    @property
    def may_restore(self) -> bool:
        return self.play.is_voided and self.is_owner

    @property
    def may_attach_photo(self) -> bool:
        """A photo of a finished play's board: a member of its group or a phone that held
        a seat; a guest play's host too. None on a play taken out of the history."""
        if not self.play.is_finished or self.play.is_voided:
            return False
        return self.is_member or self.seat is not None or self.is_host

    @property
    def may_run_the_table(self) -> bool:
        """Close or open joining, release or hand over seats: the host, until the end."""
        return self.is_host and not self.play.is_finished

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
        owner of the group, or the seat's own player (or the phone holding that seat);
        one taken out of it by nobody, until an owner restores it."""
        if self.play.is_voided:
            return False
        if self.is_recorder or self.is_owner:
            return True
        if result is None:
            return False
        own_player = self.is_member and result.player.user_id == self.user.pk
        return self.holds(result) or own_player

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
        """Who this is, as the play's record of corrections names them, and the change
        their phone sends."""
        seat = self.seat.position if self.seat else None
        sent = self.change or ChangeSent()
        name: words.Value
        if self.user.is_authenticated:
            name = self.user.get_username()
        elif self.seat is not None:
            name = words.gettext_lazy("{name}'s phone").format(name=self.seat.name)
        elif self.is_host:
            name = words.gettext_lazy("the host's phone")
        else:
            name = words.gettext_lazy("a phone")
        user = self.user if self.user.is_authenticated else None
        return Actor(name, user, seat, sent.id, sent.digest, sent.made)

    def refuse(self, refusal: PermissionDenied) -> NoReturn:
        """Refuse this request with ``refusal``; unless it is a change sent again that was
        applied before, by a phone that may no longer make it (its seat handed over since):
        that is answered as applied (AppliedBefore), changing nothing."""
        if self.change and self.play.applied_changes.filter(change=self.change.id).exists():
            raise AppliedBefore(str(refusal))
        raise refusal


class AppliedBefore(PermissionDenied):
    """A change sent again was applied before: nothing to do (answered 204)."""


@dataclass(frozen=True)
class ChangeSent:
    """A change a phone's outbox sends (static/scorepad/outbox-screen.js): the id the phone
    gave it, a digest of what it changes, and when the phone made it (ms)."""

    id: str = ""
    digest: str = ""
    made: int | None = None

    def __bool__(self) -> bool:
        return bool(self.id)


def change_sent(request: HttpRequest) -> ChangeSent | None:
    change = request.headers.get(CHANGE_HEADER, "")
    if not CHANGE_ID.fullmatch(change):
        return None
    made = request.headers.get(CHANGE_MADE_HEADER, "")
    fields = sorted(
        (name, value)
        for name, values in request.POST.lists()
        if name != "csrfmiddlewaretoken"
        for value in values
    )
    what = json.dumps([request.path, fields]).encode()
    digest = hashlib.sha256(what).hexdigest()
    return ChangeSent(change, digest, int(made) if made.isascii() and made.isdigit() else None)


# The guest plays this session hosts: {play uuid: host key}, the newest last.
HOSTED = "hosted_plays"
HOSTED_KEPT = 20


def host_here(request: HttpRequest, play: PlayModel) -> None:
    """This session holds ``play``'s host key from now on (its host link was opened, or
    the play was started here). Logging out ends it with the session."""
    hosted = {k: v for k, v in request.session.get(HOSTED, {}).items() if k != str(play.uuid)}
    hosted[str(play.uuid)] = play.host_key
    request.session[HOSTED] = dict(list(hosted.items())[-HOSTED_KEPT:])
    access_changed(request)


def _holds_host_key(request: HttpRequest, play: PlayModel) -> bool:
    if play.group_id is not None:
        return False
    held = request.session.get(HOSTED, {}).get(str(play.uuid), "")
    return bool(held) and secrets.compare_digest(str(held), play.host_key)


def access_changed(request: HttpRequest) -> None:
    """This request just changed what it may do (kept a host key, joined a table): the
    next ``access_to`` works it out again."""
    request.__dict__.pop("table_access", None)


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


def seats_with_access(
    request: HttpRequest, play_id: UUID, games: Collection[str] | None = None
) -> list[Result]:
    """The play's seats, in seat order, with their players, their play (if of one of
    ``games``) and what ``access_to`` reads of it, in one query: the play is read with
    its seats, at one version of it (what a change drawn from them checks:
    ``scorepad.models.changes``). Asked on every tap: compiled once (``PreparedQuery``)."""
    user = request.user
    return _SEATS_WITH_ACCESS.run(
        shape=tuple(sorted(games)) if games is not None else None,
        play_id=play_id,
        token=phone_token(request),
        # Nobody's id: an anonymous request has no role in any group.
        user_id=user.pk if user.is_authenticated else _NOBODY,
        games=games,
    )


def _seats_with_access(
    play_id: UUID, token: str, user_id: int, games: Collection[str] | None
) -> QuerySet[Result]:
    seats = Result.objects.filter(play__uuid=play_id)
    if games is not None:
        seats = seats.filter(play__game__in=sorted(games))
    roles = Membership.objects.filter(group=OuterRef("play__group"), user_id=user_id)
    return (
        seats.annotate(
            viewer_phone=FilteredRelation("play__phones", condition=Q(play__phones__token=token)),
            viewer_role=Subquery(roles.values("role")[:1]),
        )
        .select_related("player", "play__group", "viewer_phone")  # type: ignore[misc]
        .order_by("position")
    )


_NOBODY = 0
_SEATS_WITH_ACCESS = PreparedQuery(
    _seats_with_access,
    play_id=Param(PlayModel._meta.get_field("uuid"), UUID(int=1)),
    token=Param(TablePhone._meta.get_field("token"), "prepared-query-sample-token"),
    user_id=Param(Membership._meta.get_field("user"), 2_025_000_005),
)


def play_of_seats(seats: list[Result]) -> PlayModel:
    """The play the seats read by ``seats_with_access`` belong to (one instance for them
    all), knowing what ``access_to`` reads: this phone's place, on its seat, and the
    user's role."""
    play = seats[0].play
    phone: TablePhone | None = seats[0].__dict__.get("viewer_phone")
    if phone is not None and phone.result_id is not None:
        phone.result = next(r for r in seats if r.pk == phone.result_id)
    play.__dict__.update(
        viewer_known=True, viewer_phone=phone, viewer_role=seats[0].__dict__.get("viewer_role")
    )
    for seat in seats:
        seat.play = play
    return play


def _access(request: HttpRequest, play: PlayModel) -> Access:
    known = play.__dict__
    user = request.user
    if "viewer_known" in known:  # found by with_access
        phone = known.get("viewer_phone")
    else:
        phones = play.phones.select_related("result__player")
        phone = phones.filter(token=phone_token(request)).first()
    account = user.pk if user.is_authenticated else None
    if phone is not None and phone.user_id not in (None, account):
        phone = None  # a place another account took on this phone: not this one's
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
        if role is None and phone is not None:
            # Removed from the group: no right in its plays, a seat's included. Asked only
            # of someone outside it who holds a place at its table (rare).
            removed = Removal.objects.filter(group_id=play.group_id, user=user).exists()
            phone = None if removed else phone
    has_key = _holds_host_key(request, play)
    return Access(play, user, phone, role, has_key, change_sent(request))


def conflict(request: HttpRequest, message: str) -> None:
    """Say that this change met another phone's: a phone's outbox, sending it late, is
    told so with ``message`` (the words the screen shows), whatever page it is on."""
    request.outbox_conflict = message  # type: ignore[attr-defined]
