"""Reef Draft's one form: a player's reef at the end of a round."""

from __future__ import annotations

from typing import Any

from django import forms

from games.reef_draft.data import CARD_LABELS, DECK, FISH_POINTS
from scorepad.forms import Form, count_field


class ReefForm(Form):
    """One player's reef at the end of one round."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for kind, in_deck in DECK.items():
            self.fields[kind] = count_field(CARD_LABELS[kind], in_deck)
        self.fields["coral"].label = "Coral played this round"
        self.fields[
            "coral"
        ].help_text = "Not the coral kept from earlier rounds: it is counted already."
        for kind in FISH_POINTS:
            self.fields[f"on_shark_{kind}"] = count_field(
                f"{CARD_LABELS[kind]} on a shark", DECK[kind]
            )

    @classmethod
    def initial_from(cls, reef: dict[str, Any]) -> dict[str, int]:
        on_shark = reef.get("on_shark", {})
        return {kind: reef.get(kind, 0) for kind in DECK} | {
            f"on_shark_{kind}": on_shark.get(kind, 0) for kind in FISH_POINTS
        }

    def reef(self) -> dict[str, Any]:
        counts = {k: v or 0 for k, v in self.cleaned_data.items()}
        return {
            **{kind: counts[kind] for kind in DECK},
            "on_shark": {kind: counts[f"on_shark_{kind}"] for kind in FISH_POINTS},
        }

    def typed_card_count(self) -> int:
        """Cards in the reef as shown on screen, typos and all (unreadable counts as 0)."""
        total = 0
        for field in self.card_fields():
            try:
                total += max(0, int(field.value() or 0))
            except (TypeError, ValueError):
                continue
        return total

    def card_fields(self) -> list[forms.BoundField]:
        return [self[kind] for kind in DECK]

    def shark_fields(self) -> list[forms.BoundField]:
        return [self[f"on_shark_{kind}"] for kind in FISH_POINTS]

    def field_for(self, path: str) -> str | None:
        """The form field a game error path (…Ana.on_shark.clownfish) points at."""
        parts = path.split(".")
        if len(parts) >= 2 and parts[-2] == "on_shark" and f"on_shark_{parts[-1]}" in self.fields:
            return f"on_shark_{parts[-1]}"
        return parts[-1] if parts[-1] in self.fields else None
