"""Seagrass's reef award calculator (the family's events and tallies use the counts
family's SpecForm)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scorepad.forms import Form, count_field


class ReefAwardForm(Form):
    """Seagrass's reef-award calculator: the reef and each seat's creatures next to it."""

    seats = 4

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Players in the game"),
            choices=[(n, str(n)) for n in range(2, self.seats + 1)],
            coerce=int,
            initial=2,
            widget=forms.RadioSelect,
        )
        self.fields["size"] = count_field(_("Reef size in tiles"), None)
        for seat in range(1, self.seats + 1):
            self.fields[f"seat_{seat}"] = count_field(
                _("Player %(number)s's creatures next to it") % {"number": seat}, None
            )

    def creature_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(1, self.seats + 1)]

    def to_json(self) -> dict[str, Any]:
        names = [
            _("Player %(number)s") % {"number": seat}
            for seat in range(1, self.cleaned_data["players"] + 1)
        ]
        return {
            "players": names,
            "size": self.cleaned_data["size"] or 0,
            "adjacent": {
                name: self.cleaned_data[f"seat_{seat}"] or 0 for seat, name in enumerate(names, 1)
            },
        }
