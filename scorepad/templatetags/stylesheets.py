"""A screen's one stylesheet: ``{% stylesheet "<game>/<screen>.css" %}``.

In production collectstatic has written the sheets such an entry imports into it
(scorepad/bundle.py: bundle_css), and the screen links that one file. Where static files
are served as written (development, the tests) the screen links each imported sheet in
turn instead, the same rules in the same order: no ``@import`` is left for the browser to
follow one round trip after another, nor for the browser tests' accessibility checker,
which reads an imported sheet by writing it into an inline ``<style>`` that the site's
Content Security Policy refuses (a console error on every screen it checks)."""

from __future__ import annotations

import posixpath
import re

from django import template
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from scorepad.bundle import CSS_IMPORT, BundleError
from scorepad.storage import MinifiedStaticFilesStorage, read_static

register = template.Library()

COMMENT = re.compile(r"/\*.*?\*/", re.S)


def sheets_of(entry: str) -> list[str]:
    """The static paths a screen links for ``entry``: itself where collectstatic bundled
    it, else the sheets it imports (itself, for a sheet that imports none)."""
    if isinstance(staticfiles_storage, MinifiedStaticFilesStorage):
        return [entry]
    code = read_static(entry)
    imported = [
        posixpath.normpath(posixpath.join(posixpath.dirname(entry), m["path"]))
        for m in CSS_IMPORT.finditer(code)
    ]
    if imported and COMMENT.sub("", CSS_IMPORT.sub("", code)).strip():
        # Linked in its place, its own rules would import the others a second time.
        raise BundleError(f"{entry}: a stylesheet that imports others holds nothing else")
    return imported or [entry]


@register.simple_tag
def stylesheet(entry: str) -> SafeString:
    return format_html_join(
        "\n  ", '<link rel="stylesheet" href="{}">', ((static(path),) for path in sheets_of(entry))
    )
