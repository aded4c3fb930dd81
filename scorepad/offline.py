"""Whom a page, and a change typed offline, belong to.

A phone keeps pages and changes for a table without network (static/scorepad/sw.js and
scorepad.js). The phone may change hands meanwhile: logging out, logging in as someone
else, a session ended on the server or by a password changed elsewhere. So every page
names the identity it was made for, in the ``Scorepad-Identity`` header and in base.html's
``<meta name="scorepad-identity">``: ``<account>.<session>``, two opaque digests.

- ``account`` is whose the page is: the signed-in account (its id), or, without one,
  the phone (its ``scorepad_phone`` token). A change typed offline records it, and goes
  only under the same account: ``X-Outbox-Account``, checked by ``OutboxMiddleware``.
- ``session`` changes, within one account, with what keeps its sessions valid (the
  password's session hash): the worker keeps pages per whole identity and forgets the
  other identities' as soon as a response names a new one.

A password changed on the phone gives a new identity but the same account, so the
changes waiting under it still go; changed elsewhere, the phone's session ends and its
next page is anonymous.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

IDENTITY_HEADER = "Scorepad-Identity"
# The account a change waiting in a phone's outbox was made under.
ACCOUNT_HEADER = "X-Outbox-Account"


@dataclass(frozen=True)
class Identity:
    account: str
    session: str
    name: str  # the account's username, for "2 changes wait for Ana"; "" without one

    def __str__(self) -> str:
        return f"{self.account}.{self.session}"


def _digest(purpose: str, value: str) -> str:
    return salted_hmac(f"scorepad.offline.{purpose}", value, algorithm="sha256").hexdigest()[:24]


def account_of(request: HttpRequest) -> str:
    """Whose this request is: the signed-in account, else the phone."""
    user = request.user
    if user.is_authenticated:
        return _digest("account", f"user:{user.pk}")
    phone = request.phone  # type: ignore[attr-defined]
    # A phone that has not needed its token yet (no cookie) has nothing of its own to show.
    return _digest("account", f"phone:{'' if phone.is_new and not phone.used else phone.token}")


def identity_of(request: HttpRequest) -> Identity:
    """This request's identity, worked out once: the page and its header name the same."""
    if "offline_identity" not in request.__dict__:
        user = request.user
        account = account_of(request)
        valid = user.get_session_auth_hash() if user.is_authenticated else ""
        name = user.get_username() if user.is_authenticated else ""
        request.offline_identity = Identity(  # type: ignore[attr-defined]
            account, _digest("session", f"{account}:{valid}"), name
        )
    return request.offline_identity  # type: ignore[attr-defined]


class IdentityMiddleware:
    """Every page names whom it was made for (the service worker reads it from any page
    it fetches, the outbox from any answer to a change)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Not a poll's 304: it says only that nothing changed (one query, no rights), and
        # naming whom it is for would cost the session and the user, twice its work.
        page = response.status_code != 304
        if page and response.get("Content-Type", "").startswith("text/html"):
            response[IDENTITY_HEADER] = str(identity_of(request))
        return response


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's, except that an answer deletes the session cookie only for a session it
    ended itself (logging out, a password changed elsewhere found out). A request sent
    with the cookie of a session that ended meanwhile, such as a page the service worker
    keeps in the background while its phone logs in as someone else, finds its session
    gone: Django would answer by deleting the cookie, which by then names the new
    session, and the phone would be logged out just after logging in."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        session = getattr(request, "session", None)
        gone_before = session is not None and not session.modified and session.is_empty()
        response = super().process_response(request, response)
        if gone_before:
            response.cookies.pop(settings.SESSION_COOKIE_NAME, None)
        return response
