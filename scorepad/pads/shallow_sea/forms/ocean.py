"""One player's ocean: what lies on one space, the fish on one bubble, and what lies
beside the ocean (Seashells, the Lionfish card, scenario 15's color)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from games.shallow_sea.data import (
    COLORS,
    CORAL_VPS,
    FISH_PER_COLOR,
    LEFT_OUT_COLOR_SCENARIO,
    MAX_SEASHELLS,
    SEALIFE,
    SEALIFE_VPS,
)
from games.shallow_sea.ocean import Achievement
from scorepad.forms import Form, WholeNumberField, count_field
from scorepad.pads.shallow_sea.entry import played_achievement
from scorepad.pads.shallow_sea.models import Lesson
from scorepad.pads.shallow_sea.sealife_values import PrintedVP
from scorepad.pads.shallow_sea.text import color_name, sealife_name

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

COLOR_CHOICES = [(color, color_name(color)) for color in COLORS]


def printed_field(label: StrOrPromise) -> forms.IntegerField:
    """A number printed on a Sealife tile: one tap on what a tile can print (SEALIFE_VPS),
    not a box to type in and a button to save. A number past them sent anyway (a script)
    is refused by the game, whose message names the tile."""
    return WholeNumberField(
        label=label,
        required=False,
        widget=forms.RadioSelect(choices=[(vp, str(vp)) for vp in SEALIFE_VPS]),
    )


EMPTY_PIECE = "empty"
CORAL_PIECES = {f"{color}-{vp}": (color, vp) for color in COLORS for vp in CORAL_VPS}
# A coral not yet completed shows its front, which has no color: one tap says so, and
# its color and VPs (which never score) are not asked.
INCOMPLETE_CORAL = "coral"
COMPLETED_CHOICES = [("yes", gettext_lazy("Completed")), ("no", gettext_lazy("Not yet"))]
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
            label=gettext("Completed?"), choices=COMPLETED_CHOICES, widget=forms.RadioSelect
        )
        self.fields["piece"] = forms.ChoiceField(
            label=gettext("On this space"),
            choices=[
                *(
                    (piece, f"{color_name(color)} {vp}")
                    for piece, (color, vp) in CORAL_PIECES.items()
                ),
                *((code, f"{code} {SEALIFE[code].name}") for code in sealife),
                (EMPTY_PIECE, gettext("Nothing: an empty space")),
                (INCOMPLETE_CORAL, gettext("A coral not yet completed")),
            ],
            widget=forms.RadioSelect,
            error_messages={"required": gettext("Tap the tile that lies on this space.")},
        )
        self.fields["fish"] = forms.ChoiceField(
            label=gettext("Completed Fish on it"),
            choices=COLOR_CHOICES,
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["vp"] = printed_field(gettext("VPs printed on it"))
        self.fields["partial"] = count_field(gettext("How much of its condition is met"), None)
        self.fields["partial_vp"] = printed_field(gettext("VPs printed per count met"))
        self.fields["base"] = forms.CharField(required=False, widget=forms.HiddenInput)
        # The answer to "also remember it for the group?" (the question's two buttons),
        # and which typed values it answers (Lesson.asked).
        self.fields["teach"] = forms.ChoiceField(
            choices=[("play", gettext("This play only")), ("group", gettext("Also the group"))],
            required=False,
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

    def incomplete_coral_radio(self) -> Any:
        return self._radios()[INCOMPLETE_CORAL]

    @classmethod
    def initial_from(cls, tile: dict[str, Any] | None) -> dict[str, Any]:
        initial: dict[str, Any] = {"base": json.dumps(tile)}
        if not tile:
            return initial | {"completed": "yes"}
        initial["completed"] = "yes" if tile.get("completed") else "no"
        if tile.get("kind") == "coral":
            piece = f"{tile.get('color')}-{tile.get('vp')}"
            if not tile.get("completed"):
                initial["piece"] = INCOMPLETE_CORAL
            elif piece in CORAL_PIECES:
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
        if piece == INCOMPLETE_CORAL:
            return {"kind": "coral", "completed": False}
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
                    gettext(
                        "The catalogue does not know the %(sealife)s's VPs yet: tap the number "
                        "printed on the tile."
                    )
                    % {"sealife": sealife_name(code)},
                )
            tile["vp"] = vp
        elif kind_of.where != "anywhere":
            # The Nautilus and the Giant Clam count the ocean's corals themselves.
            partial = data.get("partial")
            if partial is None:
                self.add_error(
                    "partial", gettext("Say how much of its condition is met (0 if none).")
                )
                return None
            tile["partial"] = partial
            if partial and partial_vp is None:
                self.add_error(
                    "partial_vp",
                    gettext(
                        "The catalogue does not know the %(sealife)s's VPs per count yet: tap the "
                        "number printed on the tile."
                    )
                    % {"sealife": sealife_name(code)},
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
        label=gettext_lazy("Fish on this bubble"),
        choices=[*COLOR_CHOICES, ("none", gettext_lazy("No fish"))],
        widget=forms.RadioSelect,
    )


class OceanExtrasForm(Form):
    """What lies beside the ocean: Seashells, the Lionfish card, scenario 15's color."""

    def __init__(self, mode: str, achievement: dict[str, Any] | None, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["seashells"] = count_field(gettext("Seashells left"), MAX_SEASHELLS)
        if mode == "solo":
            self.fields["lionfish"] = count_field(
                gettext("Fish on the Lionfish card"), FISH_PER_COLOR[1] * 4
            )
        if played_achievement(achievement) == Achievement("scenario", LEFT_OUT_COLOR_SCENARIO):
            self.fields["left_out_color"] = forms.ChoiceField(
                label=gettext("Color left out (scenario 15)"),
                choices=[("", gettext("The one that costs least")), *COLOR_CHOICES],
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
