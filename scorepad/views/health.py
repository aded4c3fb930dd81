"""``GET /healthz`` for load balancers and deployment checks: is the database there?"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the default database answers ``SELECT 1``; 503 when it does not.

    No session, login or template is touched, so this is also the benchmarks' floor: the
    cost of one request through the middleware and one database round trip.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("Health check: the database did not answer")
        return HttpResponse(
            "database unavailable", status=503, content_type="text/plain; charset=utf-8"
        )
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")
