"""Shallow Sea's forms: the setup of a new play, one space or one bubble of an ocean,
the Seashells and Lionfish, the paper-pad column and the Sealife catalogue.

Each form turns into the JSON the game reads; the game's own checks decide what is
valid, and their messages come back to the field they name.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from games.contract import FieldError, InvalidInput
from games.shallow_sea import parse
from games.shallow_sea.data import (
    BLUE_CARDS,
    COLORS,
    CORAL_VPS,
    DIFFERENT_SEALIFE_VP,
    DOUBLE_ORANGE_SCENARIO,
    FIRST_FAMILY_GAME_SEALIFE,
    FIRST_GAME_BLUE,
    FIRST_GAME_ORANGE,
    FIRST_GAME_SEALIFE,
    FISH_PER_COLOR,
    LEFT_OUT_COLOR_SCENARIO,
    MAX_SEASHELLS,
    MODIFIED_RULES,
    ORANGE_CARDS,
    ROWS,
    SCENARIOS,
    SEALIFE,
    SEALIFE_VPS,
    STANDARD_ACHIEVEMENTS,
)
from games.shallow_sea.info import INFO, MODES
from games.shallow_sea.ocean import Achievement
from games.shallow_sea.scoring import orange_factor
from scorepad.forms import (
    CountInput,
    Form,
    HintedRadioSelect,
    NewPlayForm,
    WholeNumberField,
    count_field,
)
from scorepad.pads.shallow_sea.board import (
    ENTRY_HINTS,
    ENTRY_NAMES,
    MODE_HINTS,
    MODE_NAMES,
    PrintedVP,
    sealife_name,
)
from scorepad.pads.shallow_sea.models import Lesson

COLOR_CHOICES = [(color, color.title()) for color in COLORS]
# The rulebook's three Achievement modes, by its own names, or none.
ACHIEVEMENT_CHOICES = [
    ("none", "None"),
    ("scenario", "Scenario"),
    ("standard", "Standard rules"),
    ("modified", "Modified rules"),
]
ACHIEVEMENT_HINTS = {
    "none": "No achievements this game",
    "scenario": "The scenario's cards, Sealife types and objective",
    "standard": f"Any of the {len(STANDARD_ACHIEVEMENTS)} standard-rules achievements",
    "modified": "The standard rules with one modified rule",
}
PRESETS = {
    "first": ((FIRST_GAME_ORANGE,), (FIRST_GAME_BLUE,), FIRST_GAME_SEALIFE),
    "family": ((), (), FIRST_FAMILY_GAME_SEALIFE),
}


def played_achievement(achievement: dict[str, Any] | None) -> Achievement | None:
    """A play's achievement option (checked when it started) as the game reads it."""
    return Achievement(achievement["kind"], achievement.get("number")) if achievement else None


def _card_choices(cards: dict[int, Any]) -> list[tuple[int, str]]:
    return [(n, f"{n} · {card.name}") for n, card in cards.items()]


class SetupForm(NewPlayForm):
    """Who plays, the mode, the Ecosystem cards and Sealife types, achievement mode and
    how each ocean is entered. The game itself checks the players against the mode."""

    def __init__(self, group: Any, *args: Any, **kwargs: Any):
        super().__init__(INFO, group, *args, **kwargs)
        # Django keeps fields in the order they were added: the seats come first.
        self.fields["mode"].label = "Mode"
        mode = self.fields["mode"]
        assert isinstance(mode, forms.ChoiceField)
        mode.widget = HintedRadioSelect(MODE_HINTS)
        mode.choices = [(name, MODE_NAMES[name]) for name in MODES]  # the widget's too
        self.fields["mode"].initial = "standard"
        # A fresh setup is the rulebook's first game: it starts with only the names typed.
        first = dict(zip(("orange", "blue", "sealife"), PRESETS["first"], strict=True))
        for color, cards in (("orange", ORANGE_CARDS), ("blue", BLUE_CARDS)):
            self.fields[color] = forms.TypedMultipleChoiceField(
                label=f"{color.title()} Ecosystem card",
                choices=_card_choices(cards),
                coerce=int,
                required=False,
                initial=list(first[color]),
                widget=forms.CheckboxSelectMultiple,
            )
        self.fields["sealife"] = forms.MultipleChoiceField(
            label="The 10 Sealife types",
            choices=[(code, f"{code} {kind.name}") for code, kind in SEALIFE.items()],
            required=False,
            initial=list(first["sealife"]),
            widget=forms.CheckboxSelectMultiple,
        )
        self.fields["achievement"] = forms.ChoiceField(
            label="Achievement mode",
            choices=ACHIEVEMENT_CHOICES,
            initial="none",
            widget=HintedRadioSelect(ACHIEVEMENT_HINTS),
        )
        self.fields["scenario"] = forms.TypedChoiceField(
            label="Which scenario",
            choices=[
                (n, f"{n} · {s.difficulty} · {s.minimum_score}+ VPs · {s.objective}")
                for n, s in SCENARIOS.items()
            ],
            coerce=int,
            empty_value=None,
            required=False,
        )
        self.fields["rule"] = forms.TypedChoiceField(
            label="Which modified rule",
            choices=[
                ("", "Choose a rule"),
                *((n, f"{n} · {t}") for n, t in MODIFIED_RULES.items()),
            ],
            coerce=int,
            empty_value=None,
            required=False,
        )
        self.fields["entry"] = forms.ChoiceField(
            label="How do you want to enter each ocean?",
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
                self.add_error("scenario", "Choose the scenario.")
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
                self.add_error("rule", "Choose the modified rule.")
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


# --- One space of an ocean ----------------------------------------------------------------
def printed_field(label: str) -> forms.IntegerField:
    """A number printed on a Sealife tile, in a box that takes only what a tile prints
    (SEALIFE_VPS); a value past it typed anyway is refused by the game, whose message
    names the tile."""
    return WholeNumberField(
        label=label,
        required=False,
        widget=CountInput(SEALIFE_VPS[-1], label, minimum=SEALIFE_VPS[0]),
    )


EMPTY_PIECE = "empty"
CORAL_PIECES = {f"{color}-{vp}": (color, vp) for color in COLORS for vp in CORAL_VPS}
COMPLETED_CHOICES = [("yes", "Completed"), ("no", "Not yet")]
# Where the game's messages about one tile land on this form.
TILE_FIELDS = {
    "kind": "piece",
    "color": "piece",
    "code": "piece",
    "completed": "completed",
    "fish": "fish",
    "partial": "partial",
    "partial_vp": "partial_vp",
}


class TileForm(Form):
    """What lies on one space: nothing, a coral or a Sealife tile of this game.

    One tap names the tile (a coral is its color and printed VPs together, a Sealife
    tile its type), so a completed coral is the tile and its fish, a completed Sealife
    tile the tile alone; ``base`` is the tile as the form showed it, to notice another
    phone saving the same space meanwhile."""

    def __init__(
        self, sealife: list[str], printed: dict[str, PrintedVP], *args: Any, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.printed = printed
        self.fields["completed"] = forms.ChoiceField(
            label="Completed?", choices=COMPLETED_CHOICES, widget=forms.RadioSelect
        )
        self.fields["piece"] = forms.ChoiceField(
            label="On this space",
            choices=[
                *((piece, f"{color.title()} {vp}") for piece, (color, vp) in CORAL_PIECES.items()),
                *((code, f"{code} {SEALIFE[code].name}") for code in sealife),
                (EMPTY_PIECE, "Nothing: an empty space"),
            ],
            widget=forms.RadioSelect,
            error_messages={"required": "Tap the tile that lies on this space."},
        )
        self.fields["fish"] = forms.ChoiceField(
            label="Completed Fish on it",
            choices=COLOR_CHOICES,
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["vp"] = printed_field("VPs printed on it")
        self.fields["partial"] = count_field("How much of its condition is met", None)
        self.fields["partial_vp"] = printed_field("VPs printed per count met")
        self.fields["base"] = forms.CharField(required=False, widget=forms.HiddenInput)
        # The answer to "also remember it for the group?" (the question's two buttons),
        # and which typed values it answers (Lesson.asked).
        self.fields["teach"] = forms.ChoiceField(
            choices=[("play", "This play only"), ("group", "Also the group")], required=False
        )
        self.fields["asked"] = forms.CharField(required=False)

    def _radios(self) -> dict[str, Any]:
        return {radio.data["value"]: radio for radio in self["piece"]}

    def coral_rows(self) -> list[dict[str, Any]]:
        """The coral radios by color, one row of printed VPs each."""
        radios = self._radios()
        return [
            {"color": color, "radios": [radios[f"{color}-{vp}"] for vp in CORAL_VPS]}
            for color in COLORS
        ]

    def code_choices(self) -> list[dict[str, Any]]:
        """Each Sealife radio with what it prints, so a script can pre-fill the VPs."""
        rows = []
        for value, radio in self._radios().items():
            if value not in SEALIFE:
                continue
            known = self.printed[value]
            rows.append(
                {
                    "radio": radio,
                    "code": value,
                    "name": SEALIFE[value].name,
                    "vp": known.vp,
                    "partial_vp": known.partial_vp,
                    "source": known.source_label,
                    "anywhere": SEALIFE[value].where == "anywhere",
                }
            )
        return rows

    def empty_radio(self) -> Any:
        return self._radios()[EMPTY_PIECE]

    @classmethod
    def initial_from(cls, tile: dict[str, Any] | None) -> dict[str, Any]:
        initial: dict[str, Any] = {"base": json.dumps(tile)}
        if not tile:
            return initial | {"completed": "yes"}
        initial["completed"] = "yes" if tile.get("completed") else "no"
        if tile.get("kind") == "coral":
            piece = f"{tile.get('color')}-{tile.get('vp')}"
            if piece in CORAL_PIECES:
                initial["piece"] = piece
            return initial | {"fish": tile.get("fish")}
        initial["piece"] = tile.get("code")
        return initial | {k: tile.get(k) for k in ("vp", "partial", "partial_vp")}

    def base_tile(self) -> tuple[bool, Any]:
        """(True, the tile as the form showed it), or (False, None) when the form came
        without one (a script, an old page): then nothing is compared."""
        try:
            return True, json.loads(self.cleaned_data.get("base") or "")
        except ValueError:
            return False, None

    def tile(self) -> dict[str, Any] | None:
        """The tile as the game reads it (None for an empty space); the values a Sealife
        tile leaves blank come from this play or the catalogue. Adds form errors for
        what only the player can say."""
        data = self.cleaned_data
        piece = data["piece"]
        if piece == EMPTY_PIECE:
            return None
        completed = data["completed"] == "yes"
        if piece in CORAL_PIECES:
            color, coral_vp = CORAL_PIECES[piece]
            tile: dict[str, Any] = {"kind": "coral", "completed": completed}
            tile |= {"color": color, "vp": coral_vp}
            if completed and data.get("fish"):
                tile["fish"] = data["fish"]
            return tile
        code = piece
        kind_of = SEALIFE[code]
        known = self.printed[code]
        vp = data.get("vp") if data.get("vp") is not None else known.vp
        partial_vp = (
            data.get("partial_vp") if data.get("partial_vp") is not None else known.partial_vp
        )
        tile = {"kind": "sealife", "code": code, "completed": completed}
        if completed:
            if vp is None:
                self.add_error(
                    "vp",
                    f"The catalogue does not know the {sealife_name(code)}'s VPs yet: "
                    "type the number printed on the tile.",
                )
            tile["vp"] = vp
        elif kind_of.where != "anywhere":
            # The Nautilus and the Giant Clam count the ocean's corals themselves.
            partial = data.get("partial")
            if partial is None:
                self.add_error("partial", "Say how much of its condition is met (0 if none).")
                return None
            tile["partial"] = partial
            if partial and partial_vp is None:
                self.add_error(
                    "partial_vp",
                    f"The catalogue does not know the {sealife_name(code)}'s VPs per count "
                    "yet: type the number printed on the tile.",
                )
        if vp is not None:
            tile["vp"] = vp
        if partial_vp is not None:
            tile["partial_vp"] = partial_vp
        return tile

    def answer(self, lesson: Lesson) -> str:
        """The player's answer to the question about these typed values, "play" or
        "group"; "" when it was not asked yet (or asked about other values)."""
        data = self.cleaned_data
        return (data.get("teach") or "") if data.get("asked") == lesson.asked else ""

    def field_for(self, rest: str) -> str | None:
        """The field a game error about this tile (``…tiles.R1C2.<rest>``) points at."""
        if rest == "vp":
            return "piece" if self.cleaned_data.get("piece") in CORAL_PIECES else "vp"
        return TILE_FIELDS.get(rest)


class FishForm(Form):
    """The Incomplete Fish on one bubble, if any."""

    color = forms.ChoiceField(
        label="Fish on this bubble",
        choices=[*COLOR_CHOICES, ("none", "No fish")],
        widget=forms.RadioSelect,
    )


class OceanExtrasForm(Form):
    """What lies beside the ocean: Seashells, the Lionfish card, scenario 15's color."""

    def __init__(self, mode: str, achievement: dict[str, Any] | None, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["seashells"] = count_field("Seashells left", MAX_SEASHELLS)
        if mode == "solo":
            self.fields["lionfish"] = count_field(
                "Fish on the Lionfish card", FISH_PER_COLOR[1] * 4
            )
        if played_achievement(achievement) == Achievement("scenario", LEFT_OUT_COLOR_SCENARIO):
            self.fields["left_out_color"] = forms.ChoiceField(
                label="Color left out (scenario 15)",
                choices=[("", "The one that costs least"), *COLOR_CHOICES],
                required=False,
                widget=forms.RadioSelect,
            )

    def apply(self, board: dict[str, Any]) -> dict[str, Any]:
        """The board with these values; a blank count is left out (not yet entered)."""
        board = dict(board)
        for key in self.fields:
            value = self.cleaned_data.get(key)
            if value is None or value == "":
                board.pop(key, None)
            else:
                board[key] = value
        return board


# --- The paper pad's column -------------------------------------------------------------------
class SheetForm(Form):
    """One player's column of the paper score pad, each line the VPs the pad holds; a
    blank line is not entered yet."""

    def __init__(
        self,
        mode: str,
        setup: dict[str, Any],
        achievement: dict[str, Any] | None,
        *args: Any,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.orange_factor = orange_factor(played_achievement(achievement))
        if mode != "family":
            for color, cards in (("orange", ORANGE_CARDS), ("blue", BLUE_CARDS)):
                names = " or ".join(cards[n].name for n in setup.get(color, []))
                self.fields[color] = count_field(f"{color.title()}: {names}".rstrip(": "), None)
            if self.orange_factor > 1:
                self.fields["orange"] = count_field(
                    f"{self.fields['orange'].label}, doubled", None, step=self.orange_factor
                )
                self.fields["orange"].help_text = (
                    f"Scenario {DOUBLE_ORANGE_SCENARIO} doubles the Orange card: write the "
                    "doubled VPs, as the pad holds them (a card worth 8 is 16)."
                )
        for row in ROWS:
            self.fields[f"row_{row}"] = count_field(f"Row {row} tiles", None)
        if mode != "family":
            types = len(setup.get("sealife", [])) or None
            self.fields["different_sealife"] = count_field(
                "Different completed Sealife VPs",
                types and types * DIFFERENT_SEALIFE_VP,
                step=DIFFERENT_SEALIFE_VP,
            )
            self.fields["different_sealife"].help_text = (
                f"The pad's line: {DIFFERENT_SEALIFE_VP} VPs for each type, so 4 types is "
                f"{4 * DIFFERENT_SEALIFE_VP}."
            )
            self.fields["incomplete_fish"] = count_field("Incomplete Fish VPs", None)
        self.fields["seashells"] = count_field("Seashells left", MAX_SEASHELLS)
        if mode == "solo":
            self.fields["lionfish"] = count_field(
                "Fish on the Lionfish card", FISH_PER_COLOR[1] * 4
            )

    def row_fields(self) -> list[forms.BoundField]:
        return [self[f"row_{row}"] for row in ROWS]

    def other_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("row_")]

    def clean_orange(self) -> int | None:
        vp = self.cleaned_data.get("orange")
        if vp is not None and vp % self.orange_factor:
            raise forms.ValidationError(
                f"Orange, doubled by scenario {DOUBLE_ORANGE_SCENARIO}: an even number; "
                f"{vp} cannot be right."
            )
        return vp

    def clean_different_sealife(self) -> int | None:
        vp = self.cleaned_data.get("different_sealife")
        if vp is not None and vp % DIFFERENT_SEALIFE_VP:
            raise forms.ValidationError(
                f"Different completed Sealife VPs: {DIFFERENT_SEALIFE_VP} for each type, so an "
                f"even number; {vp} cannot be right."
            )
        return vp

    def sheet(self) -> dict[str, Any]:
        """The column as the game reads it: the pad's VPs, except the different Sealife
        line, which the game takes as the number of types."""
        data = self.cleaned_data
        sheet = {k: v for k, v in data.items() if not k.startswith("row_") and v is not None}
        if "different_sealife" in sheet:
            sheet["different_sealife"] //= DIFFERENT_SEALIFE_VP
        if "orange" in sheet:
            sheet["orange"] //= self.orange_factor
        rows = [data.get(f"row_{row}") for row in ROWS]
        if any(vp is not None for vp in rows):
            sheet["rows"] = [vp or 0 for vp in rows]
        return sheet

    @classmethod
    def initial_from(
        cls, sheet: dict[str, Any], achievement: dict[str, Any] | None
    ) -> dict[str, Any]:
        initial = {k: v for k, v in sheet.items() if k != "rows"}
        if "different_sealife" in initial:
            initial["different_sealife"] *= DIFFERENT_SEALIFE_VP
        if "orange" in initial:
            initial["orange"] *= orange_factor(played_achievement(achievement))
        for row, vp in zip(ROWS, sheet.get("rows", []), strict=False):
            initial[f"row_{row}"] = vp
        return initial

    def field_for(self, rest: str) -> str | None:
        """``rows[2]`` -> ``row_3``; ``orange`` -> ``orange``."""
        if rest.startswith("rows["):
            return f"row_{int(rest[5:].split(']')[0]) + 1}"
        if rest == "rows":
            return "row_1"
        return rest if rest in self.fields else None


# --- The Sealife catalogue ---------------------------------------------------------------------
class CatalogueForm(Form):
    """Every Sealife type's printed VPs; a blank value is unknown."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        low, high = SEALIFE_VPS[0], SEALIFE_VPS[-1]
        for code, kind in SEALIFE.items():
            for key, what, unit in (
                ("vp", "VPs when completed", "VPs"),
                ("partial_vp", "VPs per count met", "VPs per count met"),
            ):
                # The game's own words for a value no tile prints.
                refused = (
                    f"The {sealife_name(code)}: no Sealife tile prints %(value)s {unit}; "
                    f"they print {low} to {high}."
                )
                self.fields[f"{key}_{code}"] = WholeNumberField(
                    label=f"{kind.name}: {what}",
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
