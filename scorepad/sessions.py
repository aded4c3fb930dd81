"""The session engine (``SESSION_ENGINE``): Django's database sessions, each row naming
the account signed in on it, read with that account in one query; and the account a
request is made by, found from that row as ``django.contrib.auth.get_user`` finds it.

A session is still read from the database on every request, by every app server: a
logout (the row deleted), a password changed (the hash the session keeps no longer the
account's) or an account deleted (its rows with it) ends it everywhere at once."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends import db
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from scorepad.models.sessions import Session
from scorepad.prepared import Param, PreparedQuery


class SessionStore(db.SessionStore):
    # The account the session's row named when it was read (None: nobody, or not read).
    account: Any = None

    @classmethod
    def get_model_class(cls) -> type[Session]:
        return Session

    def _get_session_from_db(self) -> Session | None:
        """Django's (missing from its stubs), in one query that brings the account along,
        compiled once: it is asked on every signed-in request."""
        found = _LIVE_SESSION.run(session_key=self.session_key, now=timezone.now())
        session = found[0] if found else None
        self.account = session.account if session is not None else None
        if session is None:
            self._session_key = None
        return session

    def create_model_instance(self, data: dict[str, Any]) -> Session:
        session = cast(Session, super().create_model_instance(data))
        session.account_id = data.get(SESSION_KEY)
        return session


_LIVE_SESSION = PreparedQuery(
    lambda session_key, now: Session.objects.filter(session_key=session_key, expire_date__gt=now),
    session_key=Param(Session._meta.get_field("session_key"), "prepared-query-sample-key"),
    now=Param(Session._meta.get_field("expire_date"), datetime(1901, 1, 1, tzinfo=UTC)),
)


def signed_in(request: HttpRequest) -> Any:
    """The account this request is made by: ``django.contrib.auth.get_user``, checked
    the same way (its backend still listed and letting it in, the session's password
    hash still the account's, else the session ends), with the account the session's
    row brought along instead of a query of its own. Anything else (a backend that
    reads accounts otherwise, a session kept elsewhere) is Django's own."""
    session = request.session
    try:
        user_id = session[SESSION_KEY]
        backend_path = session[BACKEND_SESSION_KEY]
    except KeyError:
        return AnonymousUser()
    account = getattr(session, "account", None)
    listed = backend_path in settings.AUTHENTICATION_BACKENDS
    backend = load_backend(backend_path) if listed else None
    if account is None or str(account.pk) != str(user_id) or not isinstance(backend, ModelBackend):
        return auth.get_user(request)
    if not backend.user_can_authenticate(account):
        return AnonymousUser()
    session_hash = session.get(HASH_SESSION_KEY)
    account_hash = account.get_session_auth_hash()
    if session_hash and constant_time_compare(session_hash, account_hash):
        return account
    # Signed in under a secret key since retired (SECRET_KEY_FALLBACKS): kept, rehashed.
    if session_hash and any(
        constant_time_compare(session_hash, fallback)
        for fallback in account.get_session_auth_fallback_hash()
    ):
        session.cycle_key()
        session[HASH_SESSION_KEY] = account_hash
        return account
    session.flush()
    return AnonymousUser()
