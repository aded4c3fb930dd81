"""The screens Chrome's install sheet shows (the web app manifest's ``screenshots``):
each a phone screen of ``make screenshots``, light, kept in static/scorepad/screens/."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SIZE = (390, 844)  # the phone the screenshots are taken on, as the manifest states it
INSTALL_SCREENS = (
    ("ocean", _("Tap your ocean in, tile by tile")),
    ("table", _("Each player enters on their own phone")),
    ("result", _("Every point worked out and explained")),
)
