"""The Sealife catalogue: what each type's tiles print."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.shallow_sea.data import SEALIFE, SEALIFE_VPS
from scorepad.forms import Form, WholeNumberField
from scorepad.pads.shallow_sea.text import sealife_name


class CatalogueForm(Form):
    """Every Sealife type's printed VPs; a blank value is unknown."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        low, high = SEALIFE_VPS[0], SEALIFE_VPS[-1]
        for code, kind in SEALIFE.items():
            for key, what, refusal in (
                (
                    "vp",
                    _("%(sealife)s: VPs when completed"),
                    _(
                        "The %(sealife)s: no Sealife tile prints %(value)s VPs; they print %(low)s to %(high)s."
                    ),
                ),
                (
                    "partial_vp",
                    _("%(sealife)s: VPs per count met"),
                    _(
                        "The %(sealife)s: no Sealife tile prints %(value)s VPs per count met; they "
                        "print %(low)s to %(high)s."
                    ),
                ),
            ):
                # The game's own words for a value no tile prints (Django fills in the value).
                refused = refusal % {
                    "sealife": sealife_name(code),
                    "value": "%(value)s",
                    "low": low,
                    "high": high,
                }
                self.fields[f"{key}_{code}"] = WholeNumberField(
                    label=what % {"sealife": kind.name},
                    min_value=low,
                    max_value=high,
                    required=False,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    error_messages={"min_value": refused, "max_value": refused},
                )

    def values(self) -> dict[str, tuple[int | None, int | None]]:
        """Each type's (VPs when completed, VPs per count met), None where blank."""
        data = self.cleaned_data
        return {code: (data[f"vp_{code}"], data[f"partial_vp_{code}"]) for code in SEALIFE}

    def rows(self, entries: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "code": code,
                "kind": kind,
                "entry": entries.get(code),
                "vp": self[f"vp_{code}"],
                "partial_vp": self[f"partial_vp_{code}"],
            }
            for code, kind in SEALIFE.items()
        ]
