"""Settings for the test suite: production settings, minus what needs TLS or a build step."""

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from scorepad.settings import *  # noqa: E402,F403

# The test client and the live server speak plain HTTP.
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False

# No collectstatic before a test run.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Serve static files straight from the finders; nothing is collected for tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Games only the tests know (tests/fake_game, tests/fake_rounds_game): they prove the
# seam between the shared site and a game's own package, and a family's declaration.
SCOREPAD_PADS = [*SCOREPAD_PADS, "tests.fake_game", "tests.fake_rounds_game"]  # noqa: F405
INSTALLED_APPS = [*INSTALLED_APPS, "tests.fake_game", "tests.fake_rounds_game"]  # noqa: F405

# A file rather than shared memory: the live server answers a page and its service
# worker's prefetches at once, and SQLite's WAL lets them read while one writes (an
# in-memory database locks whole tables instead).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"scorepad-tests-{os.getpid()}.sqlite3")
    }

# Password reset emails stay in django.core.mail.outbox.
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
