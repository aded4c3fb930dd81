from typing import Any

from django.http import HttpRequest

from scorepad import pads


def personal_pages(request: HttpRequest) -> dict[str, Any]:
    """The games' pages of a signed-in person's own, for the "Me" menu."""
    return {"personal_pages": pads.personal_pages()}
