from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm

from games.contract import GameInfo
from games.reef_draft.data import CARD_LABELS, DECK, FISH_POINTS
from scorepad.models import Group


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ("name",)


class NewPlayForm(forms.Form):
    """Who plays and with which options: players picked from the group, plus guests."""

    def __init__(self, info: GameInfo, group: Group | None, *args: Any, **kwargs: Any):
        super().__init__(*args, label_suffix="", **kwargs)
        self.info = info
        self.group = group
        if group is not None:
            self.fields["members"] = forms.MultipleChoiceField(
                label="Players from the group",
                choices=[(p.name, p.name) for p in group.players.all()],
                widget=forms.CheckboxSelectMultiple,
                required=False,
            )
        for number in range(1, info.max_players + 1):
            self.fields[f"guest_{number}"] = forms.CharField(
                label=f"Player {number}" if group is None else f"Guest {number}",
                max_length=60,
                required=False,
            )
        for option in info.options:
            self.fields[f"option_{option.key}"] = forms.ChoiceField(
                label=option.label,
                choices=[(c.value, c.label) for c in option.choices],
                initial=option.default,
                widget=forms.RadioSelect,
            )

    @property
    def guest_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("guest_")]

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = list(data.get("members", []))
        names += [
            data[f] for f in self.fields if f.startswith("guest_") and data.get(f, "").strip()
        ]
        names = [n.strip() for n in names]
        folded = [n.casefold() for n in names]
        if len(set(folded)) != len(folded):
            raise forms.ValidationError("Two players have the same name; names must differ.")
        if not self.info.min_players <= len(names) <= self.info.max_players:
            raise forms.ValidationError(
                f"{self.info.name} is for {self.info.min_players} to {self.info.max_players} "
                f"players; you chose {len(names)}."
            )
        data["names"] = names
        data["options"] = {o.key: data[f"option_{o.key}"] for o in self.info.options}
        return data


class CountInput(forms.NumberInput):
    """A number box between − and + buttons; the buttons also work without JavaScript."""

    template_name = "widgets/count.html"

    def __init__(self, maximum: int, label: str):
        super().__init__(attrs={"min": 0, "max": maximum, "inputmode": "numeric"})
        self.label = label

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["label"] = self.label
        return context


def count_field(label: str, maximum: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=maximum,
        required=False,
        widget=CountInput(maximum, label),
    )


class ReefForm(forms.Form):
    """One player's reef at the end of one round."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, label_suffix="", **kwargs)
        for kind, in_deck in DECK.items():
            self.fields[kind] = count_field(CARD_LABELS[kind], in_deck)
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
