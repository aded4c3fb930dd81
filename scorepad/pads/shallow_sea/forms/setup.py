"""The setup of a new Shallow Sea play."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games.contract import FieldError, InvalidInput
from games.shallow_sea import parse
from games.shallow_sea.data import (
    BLUE_CARDS,
    FIRST_FAMILY_GAME_SEALIFE,
    FIRST_GAME_BLUE,
    FIRST_GAME_ORANGE,
    FIRST_GAME_SEALIFE,
    MODIFIED_RULES,
    ORANGE_CARDS,
    SCENARIOS,
    SEALIFE,
    STANDARD_ACHIEVEMENTS,
    TWO_CARDS_EACH_RULE,
)
from games.shallow_sea.info import INFO, MODES
from scorepad.forms import HintedRadioSelect, NewPlayForm
from scorepad.lazy_text import filled_lazy
from scorepad.pads.shallow_sea.text import ENTRY_HINTS, ENTRY_NAMES, MODE_HINTS, MODE_NAMES

# The rulebook's three Achievement modes, by its own names, or none.
ACHIEVEMENT_CHOICES = [
    ("none", pgettext_lazy("no Achievement mode", "None")),
    ("scenario", gettext_lazy("Scenario")),
    ("standard", gettext_lazy("Standard rules")),
    ("modified", gettext_lazy("Modified rules")),
]
ACHIEVEMENT_HINTS = {
    "none": gettext_lazy("No achievements this game"),
    "scenario": gettext_lazy("The scenario's cards, Sealife types and objective"),
    "standard": filled_lazy(
        gettext_lazy("Any of the %(count)s standard-rules achievements"),
        {"count": len(STANDARD_ACHIEVEMENTS)},
    ),
    "modified": gettext_lazy("The standard rules with one modified rule"),
}
PRESETS = {
    "first": ((FIRST_GAME_ORANGE,), (FIRST_GAME_BLUE,), FIRST_GAME_SEALIFE),
    "family": ((), (), FIRST_FAMILY_GAME_SEALIFE),
}


def _card_choices(cards: dict[int, Any]) -> list[tuple[int, str]]:
    return [(n, f"{n} · {card.name}") for n, card in cards.items()]


class SetupForm(NewPlayForm):
    """Who plays, the mode, the Ecosystem cards and Sealife types, achievement mode and
    how each ocean is entered. The game itself checks the players against the mode."""

    # One Ecosystem card of each color, two under this modified rule: a tap on a card
    # changes the one chosen unless the rule is chosen (setup.html's data-one-box).
    two_cards_each_rule = TWO_CARDS_EACH_RULE

    def __init__(self, group: Any, *args: Any, **kwargs: Any):
        super().__init__(INFO, group, *args, **kwargs)
        # Django keeps fields in the order they were added: the seats come first.
        self.fields["mode"].label = gettext("Mode")
        mode = self.fields["mode"]
        assert isinstance(mode, forms.ChoiceField)
        mode.widget = HintedRadioSelect(MODE_HINTS)
        mode.choices = [(name, MODE_NAMES[name]) for name in MODES]  # the widget's too
        self.fields["mode"].initial = "standard"
        # A fresh setup is the rulebook's first game: it starts with only the names typed.
        first = dict(zip(("orange", "blue", "sealife"), PRESETS["first"], strict=True))
        for color, cards, label in (
            ("orange", ORANGE_CARDS, gettext("Orange Ecosystem card")),
            ("blue", BLUE_CARDS, gettext("Blue Ecosystem card")),
        ):
            self.fields[color] = forms.TypedMultipleChoiceField(
                label=label,
                choices=_card_choices(cards),
                coerce=int,
                required=False,
                initial=list(first[color]),
                widget=forms.CheckboxSelectMultiple,
            )
        self.fields["sealife"] = forms.MultipleChoiceField(
            label=gettext("The 10 Sealife types"),
            choices=[(code, f"{code} {kind.name}") for code, kind in SEALIFE.items()],
            required=False,
            initial=list(first["sealife"]),
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["achievement"] = forms.ChoiceField(
            label=gettext("Achievement mode"),
            choices=ACHIEVEMENT_CHOICES,
            initial="none",
            widget=HintedRadioSelect(ACHIEVEMENT_HINTS),
        )
        self.fields["scenario"] = forms.TypedChoiceField(
            label=gettext("Which scenario"),
            choices=[
                (
                    n,
                    gettext("%(number)s · %(difficulty)s · %(score)s+ VPs · %(objective)s")
                    % {
                        "number": n,
                        "difficulty": gettext(s.difficulty),
                        "score": s.minimum_score,
                        "objective": gettext(s.objective),
                    },
                )
                for n, s in SCENARIOS.items()
            ],
            coerce=int,
            empty_value=None,
            required=False,
        )
        self.fields["rule"] = forms.TypedChoiceField(
            label=gettext("Which modified rule"),
            choices=[
                ("", gettext("Choose a rule")),
                *((n, f"{n} · {gettext(t)}") for n, t in MODIFIED_RULES.items()),
            ],
            coerce=int,
            empty_value=None,
            required=False,
        )
        self.fields["entry"] = forms.ChoiceField(
            label=gettext("How do you want to enter each ocean?"),
            choices=list(ENTRY_NAMES.items()),
            initial="board",
            widget=HintedRadioSelect(ENTRY_HINTS),
        )

    def _card_tiles(self, color: str) -> list[dict[str, Any]]:
        """Each card's checkbox with its number, name and what it scores."""
        cards = ORANGE_CARDS if color == "orange" else BLUE_CARDS
        tiles = []
        for box in self[color]:
            card = cards[int(box.data["value"])]
            tiles.append(
                {"box": box, "code": box.data["value"], "name": card.name, "text": card.text}
            )
        return tiles

    @property
    def orange_tiles(self) -> list[dict[str, Any]]:
        return self._card_tiles("orange")

    @property
    def blue_tiles(self) -> list[dict[str, Any]]:
        return self._card_tiles("blue")

    @property
    def sealife_tiles(self) -> list[dict[str, Any]]:
        """Each Sealife type's checkbox with its code and name, A1 to F2."""
        return [
            {"box": box, "code": box.data["value"], "name": SEALIFE[box.data["value"]].name}
            for box in self["sealife"]
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        mode = data.get("mode") or "standard"
        kind = data.get("achievement") or "none"
        achievement: dict[str, Any] | None = None
        setup = {
            "orange": data.get("orange", []),
            "blue": data.get("blue", []),
            "sealife": data.get("sealife", []),
        }
        if kind == "scenario":
            number = data.get("scenario")
            if number is None:
                self.add_error("scenario", gettext("Choose the scenario."))
                return data
            achievement = {"kind": "scenario", "number": number}
            scenario = SCENARIOS[number]
            setup = {
                "orange": [scenario.orange],
                "blue": [scenario.blue],
                "sealife": list(scenario.sealife),
            }
        elif kind == "modified":
            if data.get("rule") is None:
                self.add_error("rule", gettext("Choose the modified rule."))
                return data
            achievement = {"kind": "modified", "number": data["rule"]}
        elif kind == "standard":
            achievement = {"kind": "standard"}
        if mode == "family":
            setup = {**setup, "orange": [], "blue": []}
        options = {"setup": setup, "achievement": achievement, "entry": data.get("entry")}
        if "names" in data:
            self._check_with_the_game(data["names"], mode, options)
        data["options"] = options
        return data

    def _check_with_the_game(self, names: list[str], mode: str, options: dict[str, Any]) -> None:
        entry = options["entry"]
        game = {"players": names, "mode": mode, **options, f"{entry}s": {}}
        try:
            parse(game, partial=True)
        except InvalidInput as e:
            for error in e.errors:
                self.add_error(self._field_for(error), error.message)

    def _field_for(self, error: FieldError) -> str | None:
        head = error.field.split(".")[0].split("[")[0]
        if head == "setup":
            part = error.field.split(".")[1].split("[")[0]
            return part if part in self.fields else None
        if head == "achievement":
            chosen = str(self.cleaned_data.get("achievement"))
            return {"scenario": "scenario", "modified": "rule"}.get(chosen, "achievement")
        return "mode" if head == "mode" else None

    @classmethod
    def preset(cls, data: Any, name: str) -> dict[str, Any]:
        """The form's values with a ready-made setup filled in (first game, first family
        game or the chosen scenario's), to show before starting."""
        initial = {key: data.getlist(key) for key in ("orange", "blue", "sealife")}
        initial |= {key: value for key, value in data.items() if key not in initial}
        if name == "scenario" and str(initial.get("scenario", "")).isdigit():
            number = int(initial["scenario"])
            if number in SCENARIOS:
                s = SCENARIOS[number]
                initial |= {"orange": [s.orange], "blue": [s.blue], "sealife": list(s.sealife)}
                initial["achievement"] = "scenario"
                initial.setdefault("mode", "standard")
                if initial["mode"] == "family":
                    initial["mode"] = "standard"
        elif name in PRESETS:
            orange, blue, sealife = PRESETS[name]
            initial |= {"orange": list(orange), "blue": list(blue), "sealife": list(sealife)}
            if name == "family":
                initial["mode"] = "family"
                initial["achievement"] = "none"
        initial.pop("preset", None)
        initial.pop("csrfmiddlewaretoken", None)
        return initial
