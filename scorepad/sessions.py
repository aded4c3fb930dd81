"""The session engine (``SESSION_ENGINE``): Django's database sessions, each row naming
the account signed in on it, read with that account in one query; and the backend that
hands ``django.contrib.auth.get_user`` that account instead of reading it again.

A session is still read from the database on every request, by every app server: a
logout (the row deleted), a password changed (the hash the session keeps no longer the
account's) or an account deleted (its rows with it) ends it everywhere at once. Django's
``get_user`` does every check itself; only where the account comes from is ours."""

from __future__ import annotations

from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, cast

from django.contrib import auth
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db
from django.http import HttpRequest
from django.utils import timezone

from scorepad.models.sessions import Session
from scorepad.prepared import Param, PreparedQuery

# The backend every account signs in with (settings.AUTHENTICATION_BACKENDS).
BACKEND = "scorepad.sessions.SessionAccountBackend"


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


# The session of the request whose account is being found: a backend's ``get_user`` is
# given only an id, and this is how it sees the row that id was read from. Set for the
# one call only, so that no other request (the next on this thread) finds it.
session_being_read: ContextVar[Any] = ContextVar("session_being_read", default=None)


class SessionAccountBackend(ModelBackend):
    """Django's ``ModelBackend``, except that the account a session's row brought along
    is the one returned for that session's id, without a query of its own."""

    def get_user(self, user_id: Any) -> Any:
        account = getattr(session_being_read.get(), "account", None)
        if account is None or account.pk != user_id:
            return super().get_user(user_id)
        return account if self.user_can_authenticate(account) else None


def signed_in(request: HttpRequest) -> Any:
    """The account this request is made by: ``django.contrib.auth.get_user``, all its
    checks its own, with the account the session's row brought along."""
    reading = session_being_read.set(request.session)
    try:
        return auth.get_user(request)
    finally:
        session_being_read.reset(reading)
