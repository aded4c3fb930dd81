"""The words the site's scripts show (the outbox's bar and notes), in the reader's
language: locale/<language>/LC_MESSAGES/djangojs.po, compiled by ``make translations``.
Every page carries them as JSON in a meta tag (``base.html``, ``scorepad-words``; read by
static/scorepad/words.js; no inline script), so a page the service worker keeps offline
keeps its words."""

from __future__ import annotations

import gettext
import json
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language

# Intl.PluralRules' categories in the order of each language's plural forms (msgstr[n]).
PLURAL_FORMS = {"en": ["one", "other"], "de": ["one", "other"], "fr": ["one", "many", "other"]}


@cache
def catalogue(language: str) -> dict[str, Any]:
    """``{"language", "plural", "words": {msgid: text or [forms]}}``; English has no words:
    the scripts' own are English."""
    found = gettext.translation(
        "djangojs", settings.BASE_DIR / "locale", languages=[language], fallback=True
    )
    words: dict[str, Any] = {}
    for key, text in getattr(found, "_catalog", {}).items():
        if isinstance(key, tuple):  # (msgid, form) of a plural
            words.setdefault(key[0], []).append(text)
        elif key:  # "" is the catalogue's header
            words[key] = text
    return {
        "language": language,
        "plural": PLURAL_FORMS.get(language, ["one", "other"]),
        "words": words,
    }


@cache
def as_json(language: str) -> str:
    return json.dumps(catalogue(language), ensure_ascii=False, separators=(",", ":"))


def script_words(request: HttpRequest) -> dict[str, Any]:
    return {"script_words": as_json(get_language() or settings.LANGUAGE_CODE)}
