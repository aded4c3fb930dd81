"""The family's one form: a seat's counts at the end of one round, from its game's
``RoundScreens``."""

from __future__ import annotations

from typing import Any

from django import forms

from scorepad.forms import Form, count_field
from scorepad.pads.rounds.screens import RoundScreens, Section, nest, read


class RoundForm(Form):
    """One seat's round: a stepper for each count the game declares."""

    def __init__(self, screens: RoundScreens, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.screens = screens
        for count in screens.counts:
            self.fields[count.name] = field = count_field(count.label, count.maximum)
            field.help_text = count.help

    @staticmethod
    def initial_from(screens: RoundScreens, saved: dict[str, Any]) -> dict[str, int]:
        return {count.name: read(saved, count.key) for count in screens.counts}

    def entry(self) -> dict[str, Any]:
        """The round as the game reads it."""
        data = self.cleaned_data
        return nest({count.key: data.get(count.name) or 0 for count in self.screens.counts})

    def typed_size(self) -> int:
        """The sized counts as shown on screen, typos and all (unreadable counts as 0)."""
        total = 0
        for count in self.screens.sized():
            try:
                total += max(0, int(self[count.name].value() or 0))
            except (TypeError, ValueError):
                continue
        return total

    def sections(self) -> list[dict[str, Any]]:
        """Each section with its bound fields, for the template."""
        return [{"section": s, "fields": self.fields_of(s)} for s in self.screens.sections]

    def fields_of(self, section: Section) -> list[forms.BoundField]:
        return [self[count.name] for count in section.counts]

    def field_for(self, path: str) -> str | None:
        """The form field a game error path below the round (``on_shark.clownfish``,
        or ``Ana.on_shark.clownfish``) points at."""
        parts = path.split(".")
        for start in range(len(parts)):
            name = "_".join(parts[start:])
            if name in self.fields:
                return name
        return None
