"""What an account chose for itself, kept across its phones: the site's language."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AccountLanguage(models.Model):
    """The language an account chose in the menu. A phone remembers its own choice in
    a cookie; signing in sets that cookie to the account's choice."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="+"
    )
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return self.language

    @classmethod
    def remember(cls, user: models.Model, language: str) -> None:
        cls.objects.update_or_create(user=user, defaults={"language": language})

    @classmethod
    def of(cls, user: models.Model) -> str | None:
        return cls.objects.filter(user=user).values_list("language", flat=True).first()
