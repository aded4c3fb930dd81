"""The counts family's form: any sheet of numbers from its field specs (sheets.Field),
turned into the JSON a game reads and back (the event log's events use it too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext

from scorepad.forms import CountInput, Form, WholeNumberField

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class SpecForm(Form):
    """A form built from field specs (screens.Field), turned into the JSON a game
    reads and back."""

    def __init__(
        self,
        specs: tuple[Any, ...],
        players: list[str],
        options: dict[str, Any],
        *args: Any,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.players = players
        self.specs = [s for s in specs if s.option is None or options.get(s.option) == "true"]
        for spec in self.specs:
            for name, field in self._fields_for(spec):
                self.fields[name] = field

    def _fields_for(self, spec: Any) -> list[tuple[str, forms.Field]]:
        def count(label: StrOrPromise, minimum: int = 0) -> forms.IntegerField:
            return WholeNumberField(
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
                return [(spec.key, WholeNumberField(label=spec.label, required=False))]
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
                parts = (("tiles", gettext("coral tiles")), ("clownfish", gettext("clownfish")))
                return [
                    (
                        f"{spec.key}-{row}-{part}",
                        count(
                            gettext("Reef %(number)s: %(what)s") % {"number": row + 1, "what": what}
                        ),
                    )
                    for row in range(spec.rows)
                    for part, what in parts
                ]
        return [(spec.key, count(spec.label, spec.minimum))]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for spec in self.specs:
            if spec.kind == "values" and spec.key in data:
                try:
                    data[spec.key] = [int(v) for v in data[spec.key].replace(",", " ").split()]
                except ValueError:
                    self.add_error(spec.key, gettext("Type whole numbers separated by spaces."))
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
                        for row in range(spec.rows)
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
