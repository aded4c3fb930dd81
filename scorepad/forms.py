from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm

from games.contract import GameInfo
from games.reef_draft.data import CARD_LABELS, DECK, FISH_POINTS
from scorepad.models import Group
from scorepad.scored_during_play import REEF_ROWS


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ("name",)


MODE_LABELS = {
    "log": "Live log: score each event as it happens",
    "counts": "Final counts: type each player's numbers at the end",
}


class NewPlayForm(forms.Form):
    """Who sits where, and the game's options. Seats are typed names; a group's
    players are offered as suggestions, and a name matches them whatever its capitals."""

    def __init__(
        self,
        info: GameInfo,
        group: Group | None,
        *args: Any,
        first_seat: str = "",
        **kwargs: Any,
    ):
        super().__init__(*args, label_suffix="", **kwargs)
        self.info = info
        self.group = group
        for number in range(1, info.max_players + 1):
            self.fields[f"seat_{number}"] = forms.CharField(
                label=f"Player {number}",
                max_length=60,
                required=False,
                initial=first_seat if number == 1 else "",
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "list": "group-players"} if group else {}
                ),
            )
        if len(info.modes) > 1:
            self.fields["mode"] = forms.ChoiceField(
                label="How do you want to score?",
                choices=[(mode, MODE_LABELS.get(mode, mode)) for mode in info.modes],
                initial=info.modes[-1],
                widget=forms.RadioSelect,
            )
        for option in info.options:
            self.fields[f"option_{option.key}"] = forms.ChoiceField(
                label=option.label,
                choices=[(c.value, c.label) for c in option.choices],
                initial=option.default,
                widget=forms.RadioSelect,
            )

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_") or name == "mode"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = {f: data.get(f, "").strip() for f in self.fields if f.startswith("seat_")}
        names: list[str] = []
        for field, name in seats.items():
            if not name:
                continue
            if name.casefold() in (n.casefold() for n in names):
                self.add_error(field, f"{name} already has a seat; names must differ.")
            names.append(name)
        if not self.info.min_players <= len(names) <= self.info.max_players:
            raise forms.ValidationError(
                f"{self.info.name} is for {self.info.min_players} to {self.info.max_players} "
                f"players; you named {len(names)}."
            )
        data["names"] = names
        data["options"] = {o.key: data.get(f"option_{o.key}", o.default) for o in self.info.options}
        data["mode"] = data.get("mode") or self.info.modes[0]
        return data


class CountInput(forms.NumberInput):
    """A number box between − and + buttons; the buttons also work without JavaScript."""

    template_name = "widgets/count.html"

    def __init__(self, maximum: int | None, label: str):
        attrs: dict[str, Any] = {"min": 0, "inputmode": "numeric"}
        if maximum is not None:
            attrs["max"] = maximum
        super().__init__(attrs=attrs)
        self.label = label

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["label"] = self.label
        widget_attrs = context["widget"]["attrs"]
        if "id" in widget_attrs:
            # The row's error line (templates/count_row.html) is read out with the input.
            widget_attrs["aria-describedby"] = f"{widget_attrs['id']}-error"
        return context


def count_field(label: str, maximum: int | None) -> forms.IntegerField:
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


class SpecForm(forms.Form):
    """A form built from field specs (scorepad.scored_during_play.Field), turned into
    the JSON a game reads and back."""

    def __init__(
        self,
        specs: tuple[Any, ...],
        players: list[str],
        options: dict[str, Any],
        *args: Any,
        **kwargs: Any,
    ):
        super().__init__(*args, label_suffix="", **kwargs)
        self.players = players
        self.specs = [s for s in specs if s.option is None or options.get(s.option) == "true"]
        for spec in self.specs:
            for name, field in self._fields_for(spec):
                self.fields[name] = field

    def _fields_for(self, spec: Any) -> list[tuple[str, forms.Field]]:
        def count(label: str, minimum: int = 0) -> forms.IntegerField:
            return forms.IntegerField(
                label=label,
                min_value=minimum,
                max_value=spec.maximum,
                required=False,
                widget=CountInput(spec.maximum, label),
            )

        match spec.kind:
            case "player":
                choices = [(name, name) for name in self.players]
                return [
                    (
                        spec.key,
                        forms.ChoiceField(
                            label=spec.label, choices=choices, widget=forms.RadioSelect
                        ),
                    )
                ]
            case "number":
                return [(spec.key, forms.IntegerField(label=spec.label, required=False))]
            case "values":
                return [
                    (
                        spec.key,
                        forms.CharField(label=spec.label, required=False, help_text=spec.help),
                    )
                ]
            case "per_player":
                return [(f"{spec.key}-{i}", count(name)) for i, name in enumerate(self.players)]
            case "reefs":
                return [
                    (f"{spec.key}-{row}-{part}", count(f"Reef {row + 1}: {label}"))
                    for row in range(REEF_ROWS)
                    for part, label in (("tiles", "coral tiles"), ("clownfish", "clownfish"))
                ]
        return [(spec.key, count(spec.label, spec.minimum))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for spec in self.specs:
            if spec.kind == "values" and spec.key in data:
                try:
                    data[spec.key] = [int(v) for v in data[spec.key].replace(",", " ").split()]
                except ValueError:
                    self.add_error(spec.key, "Type whole numbers separated by spaces.")
        return data

    def groups(self) -> list[dict[str, Any]]:
        """The bound fields of each spec, for the template."""
        return [
            {
                "spec": spec,
                "fields": [self[name] for name, _ in self._fields_for(spec)],
            }
            for spec in self.specs
        ]

    def to_json(self) -> dict[str, Any]:
        data = self.cleaned_data
        result: dict[str, Any] = {}
        for spec in self.specs:
            match spec.kind:
                case "per_player":
                    result[spec.key] = {
                        name: data.get(f"{spec.key}-{i}") or 0
                        for i, name in enumerate(self.players)
                    }
                case "reefs":
                    rows = [
                        {
                            "tiles": data.get(f"{spec.key}-{row}-tiles") or 0,
                            "clownfish": data.get(f"{spec.key}-{row}-clownfish") or 0,
                        }
                        for row in range(len(self._fields_for(spec)) // 2)
                    ]
                    result[spec.key] = [r for r in rows if r["tiles"] or r["clownfish"]]
                case "values":
                    result[spec.key] = data.get(spec.key) or []
                case "player":
                    result[spec.key] = data[spec.key]
                case _:
                    result[spec.key] = data.get(spec.key) or 0
        return result

    @classmethod
    def initial_from(
        cls, specs: tuple[Any, ...], players: list[str], saved: dict[str, Any]
    ) -> dict[str, Any]:
        initial: dict[str, Any] = {}
        for spec in specs:
            value = saved.get(spec.key)
            match spec.kind:
                case "per_player":
                    for i, name in enumerate(players):
                        initial[f"{spec.key}-{i}"] = (value or {}).get(name, 0)
                case "reefs":
                    for row, reef in enumerate(value or []):
                        initial[f"{spec.key}-{row}-tiles"] = reef.get("tiles", 0)
                        initial[f"{spec.key}-{row}-clownfish"] = reef.get("clownfish", 0)
                case "values":
                    initial[spec.key] = " ".join(str(v) for v in value or [])
                case "player" | "number":
                    if value is not None:
                        initial[spec.key] = value
                case _:
                    initial[spec.key] = value or 0
        return initial

    def field_for(self, path: str) -> str | None:
        """The form field a game error path below this form's own points at:
        ``adjacent.Ana`` -> ``adjacent-0``, ``reefs[1].tiles`` -> ``reefs-1-tiles``."""
        head, _, rest = path.partition(".")
        key, _, index = head.partition("[")
        spec = next((s for s in self.specs if s.key == key), None)
        if spec is None:
            return None
        if spec.kind == "per_player" and rest in self.players:
            return f"{key}-{self.players.index(rest)}"
        if spec.kind == "reefs" and index and rest in ("tiles", "clownfish"):
            name = f"{key}-{index.rstrip(']')}-{rest}"
            return name if name in self.fields else None
        return key if key in self.fields else None


class ReefAwardForm(forms.Form):
    """Seagrass's reef-award calculator: the reef and each seat's creatures next to it."""

    seats = 4

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, label_suffix="", **kwargs)
        self.fields["players"] = forms.TypedChoiceField(
            label="Players in the game",
            choices=[(n, str(n)) for n in range(2, self.seats + 1)],
            coerce=int,
            initial=2,
            widget=forms.RadioSelect,
        )
        self.fields["size"] = count_field("Reef size in tiles", None)
        for seat in range(1, self.seats + 1):
            self.fields[f"seat_{seat}"] = count_field(f"Player {seat}'s creatures next to it", None)

    def creature_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(1, self.seats + 1)]

    def to_json(self) -> dict[str, Any]:
        names = [f"Player {seat}" for seat in range(1, self.cleaned_data["players"] + 1)]
        return {
            "players": names,
            "size": self.cleaned_data["size"] or 0,
            "adjacent": {
                name: self.cleaned_data[f"seat_{seat}"] or 0 for seat, name in enumerate(names, 1)
            },
        }
