"""Scorepad settings, read from the environment.

Development: DEBUG=1. Production: DEBUG unset or 0, with SECRET_KEY and ALLOWED_HOSTS
set; that configuration passes ``manage.py check --deploy --fail-level WARNING``.
"""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for local development).")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")

# The games the site offers: one web package per game, or per family of games entered
# alike (scorepad.pads explains what each holds). The one place a game is registered.
SCOREPAD_PADS = [
    "scorepad.pads.rounds",
    "scorepad.pads.shallow_sea",
    "scorepad.pads.counts",
    "scorepad.pads.event_log",
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "axes",
    "django_ratelimit",
    "scorepad",
    *SCOREPAD_PADS,
]

MIDDLEWARE = [
    # First, so that it sees every header the others add (static files' too).
    "scorepad.middleware.DocumentHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx fragments go out gzipped (WhiteNoise serves static files precompressed
    # before this runs). Django adds random bytes to each gzip header against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "scorepad.middleware.SessionMiddleware",
    # The language: the phone's choice (a cookie), else its browser's (Accept-Language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "scorepad.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Each phone's token, for its place at a play's table (scorepad/table.py), whom each
    # page is for (scorepad/offline.py), and what the phone's outbox needs of an answer.
    "scorepad.middleware.PhoneMiddleware",
    "scorepad.middleware.IdentityMiddleware",
    "scorepad.middleware.OutboxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

# Every script and style comes from our own static files: no inline code at all.
SECURE_CSP: dict[str, list[str]] = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
}
# Trusted Types, enforced: HTML reaches a page only as htmx parses a same-origin answer
# (static/scorepad/trusted-types.js, the "default" policy), never through a string sink;
# a script URL only as the service worker's registration. The policy is the pages' own:
# the worker's script and Django's admin (jQuery writes innerHTML) go without it
# (CSP_WITHOUT_TRUSTED_TYPES).
TRUSTED_TYPES: dict[str, list[str]] = {
    "require-trusted-types-for": ["'script'"],
    "trusted-types": ["default"],
}
CSP_WITHOUT_TRUSTED_TYPES: dict[str, list[str]] = dict(SECURE_CSP)
SECURE_CSP |= TRUSTED_TYPES

# The browser features a page may use: the host's Share button (the Web Share API), on
# our own pages only. Every other one that reaches the phone itself (its camera, place,
# payments, devices) is denied, so nothing on a page could ask for it: the QR code is
# drawn here, never scanned. Listed: those Chromium knows (an unknown name is a warning
# in the console; it knows web-share only where it has a share sheet).
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "web-share": ["self"],
    **{
        feature: []
        for feature in (
            "accelerometer",
            "autoplay",
            "browsing-topics",
            "camera",
            "clipboard-read",
            "clipboard-write",
            "display-capture",
            "encrypted-media",
            "fullscreen",
            "gamepad",
            "geolocation",
            "gyroscope",
            "hid",
            "idle-detection",
            "local-fonts",
            "magnetometer",
            "microphone",
            "midi",
            "otp-credentials",
            "payment",
            "picture-in-picture",
            "publickey-credentials-create",
            "publickey-credentials-get",
            "screen-wake-lock",
            "serial",
            "usb",
            "window-management",
            "xr-spatial-tracking",
        )
    },
}

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend, handed the account its session's row brought along
    # (scorepad/sessions.py): a signed-in request reads both in one query.
    "scorepad.sessions.SessionAccountBackend",
]
# Five wrong passwords for one username from one address lock that pair out for a while.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "scorepad.http.client_address"

# Behind proxies of our own (a load balancer, say), how many: each appends the address it
# saw to X-Forwarded-For, and the client's is the one the outermost appended.
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
SCOREPAD_PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "1" if BEHIND_PROXY else "0"))

# What one client address (or phone, account, email) may do in a while (django-ratelimit's
# "count/period"): above it the site answers 429 with Retry-After until the window ends.
# docs/security.md.
SCOREPAD_RATE_LIMITS = {
    "signups": os.environ.get("RATE_LIMIT_SIGNUPS", "10/h"),
    "password_resets": os.environ.get("RATE_LIMIT_PASSWORD_RESETS", "5/h"),
    "password_resets_per_email": os.environ.get("RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL", "3/h"),
    "guest_plays": os.environ.get("RATE_LIMIT_GUEST_PLAYS", "30/h"),
    "api_scores": os.environ.get("RATE_LIMIT_API_SCORES", "60/m"),
    # Tries counted only when they fail (throttle.Failures).
    "join_guesses_per_phone": os.environ.get("RATE_LIMIT_JOIN_GUESSES_PER_PHONE", "20/10m"),
    "join_guesses": os.environ.get("RATE_LIMIT_JOIN_GUESSES", "100/10m"),
    "failed_logins": os.environ.get("RATE_LIMIT_FAILED_LOGINS", "50/h"),
    "wrong_old_passwords_per_account": os.environ.get(
        "RATE_LIMIT_WRONG_OLD_PASSWORDS_PER_ACCOUNT", "10/h"
    ),
    "wrong_old_passwords": os.environ.get("RATE_LIMIT_WRONG_OLD_PASSWORDS", "30/h"),
}

# One cache that every app server shares, in the database (a guess at a join code or a
# signup counts against its address whichever server answers), with an increment that
# counts right (scorepad/cache.py). Its table comes with a migration. It holds only
# counters, with room for a great many addresses before any are culled.
CACHES = {
    "default": {
        "BACKEND": "scorepad.cache.CountingDatabaseCache",
        "LOCATION": "scorepad_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
    # Each process's rendered history, records and player pages, keyed by the group's
    # pages_key ({% cache %}): a view reads the key with the group it loads anyway, so a
    # page unchanged since it was last drawn costs no query of the records at all.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "scorepad-fragments",
        "OPTIONS": {"MAX_ENTRIES": 1_000},
    },
}

ROOT_URLCONF = "scorepad.urls"
# Widgets render from templates/ too (the − / + count stepper).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
WSGI_APPLICATION = "scorepad.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorepad.context_processors.personal_pages",
                "scorepad.context_processors.offline_identity",
                "scorepad.context_processors.site_languages",
                "scorepad.script_words.script_words",
            ],
        },
    },
]

# Each worker keeps its connection (checked before a request reuses it): opening one
# costs more than most requests' own work, PostgreSQL's login (docs/performance.md) as
# much as SQLite's WAL files and pragmas.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work during a write; IMMEDIATE takes the write lock at BEGIN,
    # so two phones saving at once wait for each other instead of failing.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# A password reset link works for an hour, and once: setting the password spends it.
PASSWORD_RESET_TIMEOUT = 60 * 60


def default_mailer() -> dict[str, Any]:
    """Where password reset links go: the console in development, SMTP (or the
    EMAIL_BACKEND named) in production. A mail server that does not answer keeps a
    request waiting ten seconds at most."""
    smtp = "django.core.mail.backends.smtp.EmailBackend"
    console = "django.core.mail.backends.console.EmailBackend"
    backend = os.environ.get("EMAIL_BACKEND") or (console if DEBUG else smtp)
    if backend != smtp:
        return {"BACKEND": backend}
    port = os.environ.get("EMAIL_PORT")
    options = {
        "host": os.environ.get("EMAIL_HOST", "localhost"),
        "port": int(port) if port else None,  # by the TLS settings: 25, 465 or 587
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": env_bool("EMAIL_USE_TLS", False),
        "use_ssl": env_bool("EMAIL_USE_SSL", False),
        "timeout": 10,
    }
    return {"BACKEND": smtp, "OPTIONS": options}


MAILERS = {"default": default_mailer()}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# English is the source; German and French are translated from it (docs/languages.md).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]
# The site's own words, then each game's (its package's locale folder).
LOCALE_PATHS = [BASE_DIR / "locale", *sorted((BASE_DIR / "games").glob("*/locale"))]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes (a deployment may keep it apart from the code).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
# The fonts the shareable cards are drawn in (scorepad/cards.py): Debian's
# fonts-dejavu-core, which `make` installs.
CARD_FONT_DIR = Path(os.environ.get("CARD_FONT_DIR") or "/usr/share/fonts/truetype/dejavu")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Our static files are only ever fetched by our own pages and worker: no CORS header.
WHITENOISE_ALLOW_ALL_ORIGINS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "scorepad.storage.MinifiedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Behind TLS in production; every flag below follows DEBUG unless set explicitly.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Load balancers probe the health check over plain HTTP, from inside the deployment.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Database sessions that bring their account along: one query for both on every request
# (scorepad/sessions.py).
SESSION_ENGINE = "scorepad.sessions"
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# django-ratelimit vouches only for memcached and Redis; our database cache counts
# atomically too (scorepad/cache.py, tests/test_throttle.py).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
if not SECURE_HSTS_PRELOAD:
    # Preloading is a deliberate opt-in to the browsers' lists, not a default.
    SILENCED_SYSTEM_CHECKS.append("security.W021")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
