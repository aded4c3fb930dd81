"""One player's column of the paper score pad."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, pgettext

from games.shallow_sea.data import (
    BLUE_CARDS,
    DIFFERENT_SEALIFE_VP,
    DOUBLE_ORANGE_SCENARIO,
    FISH_PER_COLOR,
    MAX_SEASHELLS,
    ORANGE_CARDS,
    ROWS,
)
from games.shallow_sea.scoring import orange_factor
from scorepad.forms import Form, count_field
from scorepad.pads.shallow_sea.entry import played_achievement


def _card_line(color: str, names: str) -> str:
    """The pad's line of an Ecosystem card: "Orange: <its name>", or "Orange" alone."""
    if color == "orange":
        if names:
            return gettext("Orange: %(cards)s") % {"cards": names}
        return pgettext("the Orange Ecosystem card's line", "Orange")
    if names:
        return gettext("Blue: %(cards)s") % {"cards": names}
    return pgettext("the Blue Ecosystem card's line", "Blue")


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
            either = pgettext("between the names of cards to choose from", " or ")
            for color, cards in (("orange", ORANGE_CARDS), ("blue", BLUE_CARDS)):
                names = either.join(cards[n].name for n in setup.get(color, []))
                self.fields[color] = count_field(_card_line(color, names), None)
            if self.orange_factor > 1:
                self.fields["orange"] = count_field(
                    gettext("%(line)s, doubled") % {"line": self.fields["orange"].label},
                    None,
                    step=self.orange_factor,
                )
                self.fields["orange"].help_text = gettext(
                    "Scenario %(number)s doubles the Orange card: write the doubled VPs, as the "
                    "pad holds them (a card worth 8 is 16)."
                ) % {"number": DOUBLE_ORANGE_SCENARIO}
        for row in ROWS:
            self.fields[f"row_{row}"] = count_field(
                gettext("Row %(row)s tiles") % {"row": row}, None
            )
        if mode != "family":
            types = len(setup.get("sealife", [])) or None
            self.fields["different_sealife"] = count_field(
                gettext("Different completed Sealife VPs"),
                types and types * DIFFERENT_SEALIFE_VP,
                step=DIFFERENT_SEALIFE_VP,
            )
            self.fields["different_sealife"].help_text = gettext(
                "The pad's line: %(each)s VPs for each type, so 4 types is %(four)s."
            ) % {"each": DIFFERENT_SEALIFE_VP, "four": 4 * DIFFERENT_SEALIFE_VP}
            self.fields["incomplete_fish"] = count_field(gettext("Incomplete Fish VPs"), None)
        self.fields["seashells"] = count_field(gettext("Seashells left"), MAX_SEASHELLS)
        if mode == "solo":
            self.fields["lionfish"] = count_field(
                gettext("Fish on the Lionfish card"), FISH_PER_COLOR[1] * 4
            )

    def row_fields(self) -> list[forms.BoundField]:
        return [self[f"row_{row}"] for row in ROWS]

    def other_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("row_")]

    def clean_orange(self) -> int | None:
        vp = self.cleaned_data.get("orange")
        if vp is not None and vp % self.orange_factor:
            raise forms.ValidationError(
                gettext(
                    "Orange, doubled by scenario %(number)s: an even number; %(vp)s cannot be "
                    "right."
                )
                % {"number": DOUBLE_ORANGE_SCENARIO, "vp": vp}
            )
        return vp

    def clean_different_sealife(self) -> int | None:
        vp = self.cleaned_data.get("different_sealife")
        if vp is not None and vp % DIFFERENT_SEALIFE_VP:
            raise forms.ValidationError(
                gettext(
                    "Different completed Sealife VPs: %(each)s for each type, so an even number; "
                    "%(vp)s cannot be right."
                )
                % {"each": DIFFERENT_SEALIFE_VP, "vp": vp}
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
