"""Whom a page, and a change typed offline, belong to.

A phone keeps pages and changes for a table without network (static/scorepad/sw.js and
outbox-screen.js). The phone may change hands meanwhile: logging out, logging in as someone
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

from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.crypto import salted_hmac

IDENTITY_HEADER = "Scorepad-Identity"
# A poll's 304 names nobody unless it asks with this header.
ASK_IDENTITY_HEADER = "Scorepad-Ask-Identity"
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
