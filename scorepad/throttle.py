"""How often one client address may do what costs the site something: create an
account, ask for a password reset email (and how often one email gets one), start a play
without an account, score a game through the API; and how often tries that may be
guesses may fail (:class:`Failures`): join codes, passwords. The limits are
``settings.SCOREPAD_RATE_LIMITS`` (docs/security.md); django-ratelimit counts in the
shared cache, so every app server sees one count.

Over the limit, :class:`Throttled` is raised: the 403 handler answers it 429 with
``Retry-After`` and a page saying when to try again; the API answers it in JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps
from math import ceil
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, ngettext
from django_ratelimit.core import get_usage

from scorepad.http import client_address

# What the wait page says was done too often, in the players' words.
DONE_TOO_OFTEN = {
    "signups": gettext_lazy("Too many accounts were created from here."),
    "password_resets": gettext_lazy("Too many password reset emails were asked for from here."),
    "password_resets_per_email": gettext_lazy(
        "Too many password reset emails were asked for that email."
    ),
    "guest_plays": gettext_lazy("Too many games were started from here without an account."),
    "api_scores": gettext_lazy("Too many scores were asked for from this address."),
    "join_guesses_per_phone": gettext_lazy("This phone tried too many codes that fit no game."),
    "join_guesses": gettext_lazy("Too many codes that fit no game were tried from here."),
    "failed_logins": gettext_lazy("Too many wrong passwords were tried from here."),
    "wrong_old_passwords_per_account": gettext_lazy(
        "The old password was typed wrong too many times."
    ),
    "wrong_old_passwords": gettext_lazy("Too many wrong old passwords were typed from here."),
}


class Throttled(PermissionDenied):
    def __init__(self, action: str, retry_after: int):
        super().__init__(
            gettext("%(reason)s Try again in %(wait)s.")
            % {"reason": DONE_TOO_OFTEN[action], "wait": in_words(retry_after)}
        )
        self.action = action
        self.retry_after = retry_after


def count(request: HttpRequest, action: str, by: str | None = None) -> None:
    """Count one more ``action`` by ``by`` (a phone, an account, an email), or by the
    request's address; Throttled once that has done it more often than its limit allows
    in the current window."""
    usage = _usage(request, action, by, increment=True)
    if usage is not None and usage["should_limit"]:
        # The count starts again when the window ends.
        raise Throttled(action, max(usage["time_left"], 1))


@dataclass(frozen=True)
class Failures:
    """Tries counted only when they fail (a join code that fits no game, a wrong
    password), by each of ``counts``: an action, and what it counts by (None: the
    request's address). Once one count has reached its limit, every try waits until that
    window ends, a right one too: else the wait would tell a guesser which one was right."""

    request: HttpRequest
    counts: Mapping[str, str | None]

    def refuse_if_spent(self) -> None:
        """Throttled if a count has reached its limit; counts nothing."""
        for action, by in self.counts.items():
            usage = _usage(self.request, action, by, increment=False)
            if usage is not None and usage["count"] >= usage["limit"]:
                raise Throttled(action, max(usage["time_left"], 1))

    def failed(self) -> None:
        for action, by in self.counts.items():
            count(self.request, action, by)


def _usage(
    request: HttpRequest, action: str, by: str | None, increment: bool
) -> dict[str, Any] | None:
    # Our address, not django-ratelimit's "ip" key: its own IPv6 mask would be a second
    # place deciding what one client is. django-ratelimit keeps only a hash of the key.
    key = client_address(request) if by is None else by
    return get_usage(
        request,
        group=action,
        key=lambda _group, _request: key,
        rate=settings.SCOREPAD_RATE_LIMITS[action],
        increment=increment,
    )


def throttled[V: Callable[..., HttpResponseBase]](action: str) -> Callable[[V], V]:
    """A view whose every POST counts as one ``action``."""

    def decorator(view: V) -> V:
        @wraps(view)
        def counted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST":
                count(request, action)
            return view(request, *args, **kwargs)

        return counted  # type: ignore[return-value]

    return decorator


def wait_page(request: HttpRequest, throttled: Throttled) -> HttpResponse:
    ctx = {"reason": DONE_TOO_OFTEN[throttled.action], "wait": in_words(throttled.retry_after)}
    return with_retry_after(render(request, "wait.html", ctx, status=429), throttled)


def with_retry_after[R: HttpResponse](response: R, throttled: Throttled) -> R:
    response["Retry-After"] = str(throttled.retry_after)
    return response


def in_words(seconds: int) -> str:
    """A wait, rounded up to what a person reads: "40 seconds", "12 minutes", "2 hours"."""
    if seconds <= 60:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    if seconds <= 90 * 60:
        minutes = ceil(seconds / 60)
        return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}
    hours = ceil(seconds / 3600)
    return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
