"""The installable app: its manifest, its service worker, the page it shows offline and
the favicon. The worker's own code is a static file; what changes with each deploy (the
hashed names of the static files it keeps, and of the outbox's store it imports) is
filled in here, so a new deploy is a new worker and the phone updates itself.

The manifest: icons 192, 512 and maskable, standalone, both colour schemes. The worker
(static/scorepad/sw.js) and the outbox (static/scorepad/outbox-screen.js) say what they keep
and send; whom pages belong to is scorepad/offline.py's.

Why a small worker of our own, not Workbox: what matters here happens in the page (which
form, which screen an answer belongs to, conflicts in the site's words, the lock between
page and worker, restoring fields). Workbox's background-sync queue replays requests from
the worker only, without the page's answers or its UI, and would need a bundler or a
vendored build. The worker is the simple part; the outbox is the product."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache, lru_cache

import brotli  # type: ignore[import-untyped]  # it ships no types
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext, pgettext
from django.views.decorators.cache import cache_control
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from scorepad.bundle import module_expression
from scorepad.install_screens import INSTALL_SCREENS, SIZE
from scorepad.storage import MinifiedStaticFilesStorage, read_static

# What every screen needs, kept by the worker from the first visit on.
SHELL = (
    "scorepad/scorepad.css",
    "scorepad/scorepad.js",
    "django_htmx/htmx-2.min.js",
)
# The worker (a classic one, which every browser runs): the outbox's store, whose exports
# are the properties of ``OutboxStore`` there, then the worker's own code. In production
# /sw.js imports both by their hashed names (collectstatic wrote the store as one classic
# script): /sw.js is then a few lines, which is what a browser fetches again to see
# whether the worker changed, and on a first load; what it imports is fetched once, as
# the worker installs. Where static files are served as written (development, the
# tests) both are written into /sw.js instead.
WORKER_STORE = "scorepad/outbox-worker.js"
STORE_MODULE = "scorepad/outbox-store.js"
WORKER_CODE = "scorepad/sw.js"
THEME = {"dark": "#0b1622", "light": "#f4f7fb"}
ACCEPTS_BROTLI = re.compile(r"\bbr\b")


@lru_cache(maxsize=16)  # a deploy's worker and manifest
def _brotli(body: bytes) -> bytes:
    return brotli.compress(body, quality=11)


def _smallest[Answer: HttpResponse](request: HttpRequest, response: Answer) -> Answer:
    """The answer in Brotli where the browser takes it (every browser a phone runs does),
    some 15% smaller than the gzip GZipMiddleware would send. Only for the worker and the
    manifest: the same bytes for everyone, no secret and nothing the request sent in them
    (no BREACH to guard against, which is why pages stay gzip with its random padding),
    so each is compressed once, at quality 11, like the static files."""
    if ACCEPTS_BROTLI.search(request.headers.get("Accept-Encoding", "")):
        response.content = _brotli(response.content)
        response["Content-Encoding"] = "br"
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("scorepad/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("scorepad/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("scorepad/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    width, height = SIZE
    screenshots = [
        {
            "src": static(f"scorepad/screens/{name}.png"),
            "sizes": f"{width}x{height}",
            "type": "image/png",
            "form_factor": "narrow",
            "label": str(label),
        }
        for name, label in INSTALL_SCREENS
    ]
    data = {
        # Who the app is, whatever start_url says later: Chrome keys an installed app by it.
        "id": "/",
        "name": pgettext("the app's name", "Scorepad"),
        "short_name": pgettext("the app's name", "Scorepad"),
        "description": gettext("Every score of a board game, worked out at the table."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME["dark"],
        "theme_color": THEME["dark"],
        "icons": icons,
        # With them, Chrome offers its rich install sheet instead of the plain prompt.
        "screenshots": screenshots,
    }
    return _smallest(request, JsonResponse(data, content_type="application/manifest+json"))


def _worker_code() -> str:
    """The outbox's store and the worker's code: imported by their hashed names where
    collectstatic wrote them, else written in."""
    if isinstance(staticfiles_storage, MinifiedStaticFilesStorage):
        return "".join(
            f"importScripts({json.dumps(static(p))});" for p in (WORKER_STORE, WORKER_CODE)
        )
    store, _ = module_expression(read_static(STORE_MODULE), STORE_MODULE)
    return f"const OutboxStore = {store};\n{read_static(WORKER_CODE)}"


@cache
def _worker(shell: tuple[str, ...], worker_code: str) -> str:
    version = hashlib.sha256(("\n".join(shell) + worker_code).encode()).hexdigest()[:12]
    head = f"const VERSION = {json.dumps(version)};\nconst SHELL = {json.dumps(list(shell))};\n"
    return head + worker_code


@require_safe
@cache_control(no_cache=True)
@csp_override(settings.CSP_WITHOUT_TRUSTED_TYPES)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, at the site's root so that it serves every page. Its policy is its
    script's answer's: without Trusted Types, as it writes no HTML and imports only the
    files its own script names (importScripts would need a policy of its own)."""
    # The offline page in each language: the worker shows the one its reader reads.
    offline_pages = (f"/offline/?language={code}" for code, _ in settings.LANGUAGES)
    shell = (*(static(path) for path in SHELL), *offline_pages)
    worker = HttpResponse(
        _worker(shell, _worker_code()), content_type="text/javascript; charset=utf-8"
    )
    return _smallest(request, worker)


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page a phone shows for a screen it never kept, in the language ``?language=``
    names (the worker keeps one of each; it is fetched without the phone's cookies)."""
    language = request.GET.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return render(request, "offline.html")
    with translation.override(language):
        response = render(request, "offline.html")
    response.headers["Content-Language"] = language
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    return redirect(static("scorepad/icon-192.png"), permanent=True)
