"""A session, kept in the database with the account signed in on it."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession, BaseSessionManager
from django.db import models


class SessionManager(BaseSessionManager):
    def get_queryset(self) -> models.QuerySet[Any]:
        return super().get_queryset().select_related("account")


class Session(AbstractBaseSession):
    """Django's database session, plus the account its data says is signed in (None:
    nobody), so that the session and its account are read in one query
    (``scorepad.sessions``). Deleting an account ends its sessions."""

    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, null=True, blank=True, related_name="+"
    )

    objects: ClassVar[SessionManager] = SessionManager()

    @classmethod
    def get_session_store_class(cls) -> Any:
        from scorepad.sessions import SessionStore

        return SessionStore
