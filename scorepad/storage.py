"""Static files as the site serves them in production: hashed names (so a phone keeps
each for good, and the service worker's version follows them), our own scripts and
styles minified (scripts by terser, from the development tools: `make node`), a script that imports modules written as one file with them
(scorepad/bundle.py: no import names a hashed file), and every text file compressed
(whitenoise)."""

from __future__ import annotations

import hashlib
import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import rcssmin
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

from scorepad.bundle import bundle, bundle_css, is_entry

TERSER = Path(settings.BASE_DIR) / "node_modules" / ".bin" / "terser"
HASH = re.compile(r"\.[0-9a-f]{12}(?=\.[a-z]+$)")


@cache
def is_ours(name: str) -> bool:
    """Whether a static file comes from this repository (a library's files are shipped
    as their authors built them: a minifier may not know all of their syntax)."""
    source = finders.find(HASH.sub("", name))
    if not isinstance(source, str) or "site-packages" in source:
        return False
    return Path(source).resolve().is_relative_to(Path(settings.BASE_DIR).resolve())


def minify_js(code: str) -> str:
    """A script with its local names shortened and its dead code dropped, not only its
    spaces (the board screen's script: 8.7 KB in Brotli stripped of spaces, 7.3 KB by
    terser). No --module: the worker's store is a classic script whose top-level names
    the worker reads, so top-level names stay as written in every script."""
    if not TERSER.exists():
        raise ImproperlyConfigured(
            f"{TERSER} is missing: collectstatic minifies the scripts with terser "
            "(`make node` installs it)"
        )
    done = subprocess.run(
        [TERSER, "--compress", "--mangle"], input=code, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise ValueError(f"terser refused a script: {done.stderr.strip()}")
    return done.stdout


MINIFIERS = {".js": minify_js, ".css": rcssmin.cssmin}


def read_static(path: str) -> str:
    """A static file's source, by its path under static/."""
    source = finders.find(path)
    if not isinstance(source, str):
        raise FileNotFoundError(f"static file {path} not found")
    return Path(source).read_text(encoding="utf-8")


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Comments say why for whoever reads the source; a phone on a slow network need
    not download them."""

    def _bundled(self, name: str, content: Any) -> str | None:
        """A page's entry module, or a screen's stylesheet that imports others, written as
        one file with its imports (scorepad/bundle.py); None for any other file."""
        if not name.endswith((".js", ".css")) or not is_ours(name):
            return None
        content.seek(0)
        text = content.read()
        content.seek(0)
        text = text.decode("utf-8") if isinstance(text, bytes) else text
        if name.endswith(".css"):
            return bundle_css(HASH.sub("", name), text, read_static)
        return bundle(HASH.sub("", name), text, read_static) if is_entry(text) else None

    def file_hash(self, name: str | None, content: Any = None) -> str | None:
        # An entry's hashed name follows what it is shipped as, its imports included: a
        # change to an imported module is a new name (and a new service worker).
        bundled = None if content is None or name is None else self._bundled(name, content)
        if bundled is not None:
            return hashlib.md5(bundled.encode("utf-8"), usedforsecurity=False).hexdigest()[:12]
        return super().file_hash(name, content)

    def _save(self, name: str, content: Any) -> str:
        minify = next((m for ext, m in MINIFIERS.items() if name.endswith(ext)), None)
        if minify is not None and is_ours(name):
            bundled = self._bundled(name, content)
            if bundled is None:
                content.seek(0)
                text = content.read()
                bundled = text.decode("utf-8") if isinstance(text, bytes) else text
            content = ContentFile(minify(bundled).encode("utf-8"))
        return super()._save(name, content)
