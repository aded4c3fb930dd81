from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from scorepad import offline, pads


def personal_pages(request: HttpRequest) -> dict[str, Any]:
    """The games' pages of a signed-in person's own, for the "Me" menu."""
    return {"personal_pages": pads.personal_pages()}


def offline_identity(request: HttpRequest) -> dict[str, Any]:
    """Whom the page is for (base.html's meta, read by the outbox), worked out only
    for a whole page."""
    return {"offline_identity": SimpleLazyObject(lambda: offline.identity_of(request))}


def site_languages(request: HttpRequest) -> dict[str, Any]:
    """The menu's languages, each in its own name (Django's would name them in the
    reader's language: "Englisch")."""
    return {"site_languages": settings.LANGUAGES}
