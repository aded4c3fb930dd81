"""The requests views see, typed: what django-htmx adds, and who ``login_required``
let in; where a request came from; a redirect with work to do once it is sent.
Importable before Django is ready (settings load the pads' packages)."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.conf import settings
from django.http import HttpRequest, HttpResponseRedirect
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    user: User


class RedirectThen(HttpResponseRedirect):
    """A redirect that does ``then`` once it is sent: the WSGI server closes a response
    after its last byte (the test client, once the view has answered), so whoever waits
    for the answer neither waits for ``then`` nor can time it."""

    def __init__(self, to: str, then: Callable[[], object]):
        super().__init__(to)
        self.then = then

    def close(self) -> None:
        # Before Django's close, which ends the request: ``then`` may use the database.
        try:
            self.then()
        finally:
            super().close()


# An IPv6 address counts as its /64: the block one household or phone is given, any
# address of which its holder may use.
IPV6_PREFIX = 64


def client_address(request: HttpRequest) -> str:
    """The address a request is counted by, for the rate limits, the login lockout and the
    join-code guesses alike: the one place that decides. An IPv6 address counts as its /64,
    an IPv4 address written as IPv6 (``::ffff:192.0.2.1``) as itself."""
    sender = _sender(request)
    try:
        address = ipaddress.ip_address(sender)
    except ValueError:
        return sender
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_PREFIX}", strict=False).network_address)
    return str(address)


def _sender(request: HttpRequest) -> str:
    """Behind ``settings.SCOREPAD_PROXY_COUNT`` proxies of our own, each appending the
    address it saw to X-Forwarded-For, the one the outermost appended: anything before it
    a client can write itself. Directly, the connection's."""
    remote = request.META.get("REMOTE_ADDR", "")
    hops = settings.SCOREPAD_PROXY_COUNT
    if not hops:
        return remote
    forwarded = [hop.strip() for hop in request.headers.get("X-Forwarded-For", "").split(",")]
    if len(forwarded) < hops:
        return remote
    try:
        return str(ipaddress.ip_address(forwarded[-hops]))
    except ValueError:
        return remote
