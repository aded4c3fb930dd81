"""The site's own middleware: the headers only a document needs kept for documents, a
phone's token, whom a page was made for, what a phone's outbox needs of an answer, and a
session cookie kept for the session that replaced it."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth.middleware import (
    AuthenticationMiddleware as DjangoAuthenticationMiddleware,
)
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject

from scorepad.models import AppliedChange
from scorepad.offline import (
    ACCOUNT_HEADER,
    ASK_IDENTITY_HEADER,
    IDENTITY_HEADER,
    account_of,
    identity_of,
)
from scorepad.sessions import signed_in
from scorepad.table import CHANGE_HEADER, CHANGE_ID, PHONE_COOKIE, PHONE_COOKIE_AGE, Phone

# Headers a browser reads on a document only: a frame's (X-Frame-Options) or a window's
# (Cross-Origin-Opener-Policy). A script, a stylesheet, an image or the web manifest does
# not need them on every load.
DOCUMENT_ONLY = ("X-Frame-Options", "Cross-Origin-Opener-Policy")
# The Permissions-Policy governs a document and its frames: on a script (the worker's
# too), a stylesheet or the manifest a browser ignores it, and at some 560 bytes it was
# the largest header of each static file on a first load.
PERMISSIONS_POLICY = "Permissions-Policy"
# A static file named by its hash never changes: WhiteNoise serves it "immutable", kept for
# ten years, so no browser asks whether it changed and its validators are bytes for nothing.
VALIDATORS = ("Last-Modified", "ETag")


class DocumentHeadersMiddleware:
    """The security headers each answer needs, and no more bytes: an answer that is not
    HTML goes without the document-only headers, and JSON (the manifest, the API) without
    a Content-Security-Policy too (no browser runs one as a page). A script keeps its
    policy: the service worker's is its own script's. The Permissions-Policy goes on
    documents only (no browser reads it for a worker: workers' own is still a proposal),
    and an immutable file goes without Last-Modified and ETag. Every answer keeps X-Content-Type-Options (nosniff) and
    Referrer-Policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if kind == "text/html":
            return response
        del response[PERMISSIONS_POLICY]
        if "immutable" in response.get("Cache-Control", ""):
            for name in VALIDATORS:
                del response[name]
        for name in DOCUMENT_ONLY:
            del response[name]
        if kind == "application/json" or kind.endswith("+json"):
            del response["Content-Security-Policy"]
        return response


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


class IdentityMiddleware:
    """Every page names whom it was made for (the service worker reads it from any page
    it fetches, the outbox from any answer to a change)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Not a poll's 304 unless it asks: it says only that nothing changed (one query, no
        # rights), and naming whom it is for costs the session and the user, twice its
        # work. A page left polling asks now and then (outbox-screen.js), so a session
        # ended elsewhere is heard there too.
        if response.status_code == 304:
            named = ASK_IDENTITY_HEADER in request.headers
        else:
            named = response.get("Content-Type", "").startswith("text/html")
        if named:
            response[IDENTITY_HEADER] = str(identity_of(request))
        return response


class OutboxMiddleware:
    """What a phone's outbox (static/scorepad/outbox-screen.js) needs of an answer: a change it
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
        elif message is None and response.status_code < 400 and not change_applied(request):
            response["Outbox-Refused"] = "1"
        if message is not None:
            response["Outbox-Conflict"] = quote(message)
        return response


def change_applied(request: HttpRequest) -> bool:
    change = request.headers.get(CHANGE_HEADER, "")
    return (
        bool(CHANGE_ID.fullmatch(change)) and AppliedChange.objects.filter(change=change).exists()
    )


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


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    """Django's, except that the account a request is made by comes with its session's
    row (``scorepad.sessions``): one query for both, checked by Django's ``get_user``."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: signed_in(request))  # type: ignore[assignment]
