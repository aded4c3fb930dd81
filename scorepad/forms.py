from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy

from games.contract import GameInfo
from scorepad import throttle
from scorepad.models import Group
from scorepad.models.colours import SeatColour

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class Form(forms.Form):
    """The site's forms: a label reads as a sentence, with no colon after it, and a
    field left blank says which one and what it needs (not Django's "This field is
    required.")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{"label_suffix": "", **kwargs})

    def full_clean(self) -> None:
        # Here, not in __init__: forms add their fields after this class's __init__.
        stock = forms.Field.default_error_messages["required"]
        for field in self.fields.values():
            if field.error_messages.get("required") == stock:
                what = str(field.label or gettext("This")).rstrip(":")
                needs = (
                    gettext("%(field)s: choose one.")
                    if isinstance(field, forms.ChoiceField)
                    else gettext("%(field)s: choose a file.")
                    if isinstance(field, forms.FileField)
                    else gettext("%(field)s: fill it in.")
                )
                field.error_messages["required"] = needs % {"field": what}
        super().full_clean()

    def forget_blanks(self) -> None:
        """Drop the errors of fields still blank: while a form is being filled in (its
        live preview), a field the player has not reached yet is not a mistake."""
        for name, errors in list(self.errors.as_data().items()):
            kept = [e for e in errors if e.code != "required"]
            if kept:
                self.errors[name] = self.error_class(kept)
            else:
                del self.errors[name]


# Django lists each password validator's rule in a paragraph of its own above the box;
# one line says the same and leaves the box in sight on a phone.
PASSWORD_HELP = gettext_lazy(
    "At least 12 characters; not a common password, not only digits, and not like your "
    "username or email."
)


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        labels = {"email": gettext_lazy("Email (optional)")}
        help_texts = {
            "username": gettext_lazy("Letters, digits and @ . + - _ only."),
            "email": gettext_lazy("Only to send you a link if you forget your password."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password1"].help_text = PASSWORD_HELP
        self.fields["password2"].help_text = gettext("The same again.")


class LoginForm(AuthenticationForm):
    """Django's login form, with wrong passwords counted for the address whatever the
    usernames: django-axes locks out one username at one address, so one password tried
    on many usernames would go on without end."""

    def clean(self) -> dict[str, Any]:
        assert self.request is not None, "LoginView hands the form its request"
        wrong_passwords = throttle.Failures(self.request, {"failed_logins": None})
        wrong_passwords.refuse_if_spent()
        try:
            return super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                wrong_passwords.failed()
            raise


class NewPasswordForm(SetPasswordForm):
    """A new password after a reset link, with the one-line rules."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].help_text = PASSWORD_HELP


class ChangePasswordForm(PasswordChangeForm, NewPasswordForm):
    """The old password, then a new one, with the one-line rules."""


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ("name",)
        labels = {"name": gettext_lazy("Name")}


class HintedRadioSelect(forms.RadioSelect):
    """Radio buttons with short names, each with a line that says what it means.

    A screen of tiles (templates/choice_tiles.html) shows only the checked button's line,
    so the names fit one row; each button is described by its own line for a screen reader
    whichever shows."""

    def __init__(self, hints: Mapping[str, StrOrPromise], attrs: dict[str, Any] | None = None):
        super().__init__(attrs)
        self.hints = dict(hints)

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        option["hint"] = self.hints.get(str(option["value"]), "")
        if option["hint"] and "id" in option["attrs"]:
            option["attrs"]["aria-describedby"] = f"{option['attrs']['id']}-hint"
        return option


class FinishForm(Form):
    """Finishing a play: how long the table played, for the play's length. Shown as the
    minutes since it was started here, which is too short when the scores were entered
    after the game: a number of minutes, not a clock time, so no phone's time zone can
    put it out."""

    minutes = forms.IntegerField(min_value=0, max_value=24 * 60, required=False)
    shown = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def started_at(self, now: datetime) -> datetime | None:
        """When the table began, if the player changed what was shown."""
        if not self.is_valid():
            return None
        minutes, shown = self.cleaned_data["minutes"], self.cleaned_data["shown"]
        return None if minutes is None or minutes == shown else now - timedelta(minutes=minutes)


class NewPlayForm(Form):
    """Who sits where, and the game's options. Seats are typed names; a group's
    players are offered as suggestions, and a name matches them whatever its capitals."""

    def __init__(
        self,
        info: GameInfo,
        group: Group | None,
        *args: Any,
        first_seat: str = "",
        signed_in: bool = False,
        mode_labels: Mapping[str, StrOrPromise] | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.info = info
        self.group = group
        self.first_seat = first_seat
        for number in range(1, info.max_players + 1):
            self.fields[f"seat_{number}"] = forms.CharField(
                label=gettext("Player %(number)s") % {"number": number},
                max_length=60,
                required=False,
                initial=first_seat if number == 1 else "",
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "list": "group-players"} if group else {}
                ),
            )
            # A select, not JavaScript: a seat left on automatic gets one at the start.
            self.fields[f"colour_{number}"] = forms.ChoiceField(
                label=gettext("Seat %(number)s's colour") % {"number": number},
                choices=[("", gettext("Auto")), *SeatColour.choices],
                required=False,
            )
        if len(info.modes) > 1:
            self.fields["mode"] = forms.ChoiceField(
                label=gettext("How do you want to score?"),
                choices=[(mode, (mode_labels or {}).get(mode, mode)) for mode in info.modes],
                initial=info.modes[-1],
                widget=forms.RadioSelect,
            )
        for option in info.options:
            self.fields[f"option_{option.key}"] = forms.ChoiceField(
                label=str(option.shown_label),
                choices=[(c.value, c.shown_label) for c in option.choices],
                initial=option.default,
                widget=forms.RadioSelect,
            )
        if signed_in:
            # Whatever name the host types there, the first seat is theirs: the play
            # counts on their own record (a guest play's too).
            self.fields["me"] = forms.BooleanField(
                label=gettext("This is me"), required=False, initial=bool(first_seat)
            )
        self.fields["hide_totals"] = forms.BooleanField(
            label=gettext("Hide the totals until everyone is done, then show them together"),
            required=False,
        )

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    @property
    def seat_rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField | None]]:
        """Each seat's name box, colour choice and, for the first seat of a signed-in
        host, whether it is theirs."""
        me = self["me"] if "me" in self.fields else None
        return [
            (self[f"seat_{n}"], self[f"colour_{n}"], me if n == 1 else None)
            for n in self.seat_numbers
        ]

    @property
    def seat_numbers(self) -> range:
        return range(1, self.info.max_players + 1)

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_") or name == "mode"]

    @property
    def table_fields(self) -> list[forms.BoundField]:
        return [self["hide_totals"]]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        seats = {f: data.get(f, "").strip() for f in self.fields if f.startswith("seat_")}
        names: list[str] = []
        colours: list[str] = []
        for field, name in seats.items():
            if not name:
                continue
            if name.casefold() in (n.casefold() for n in names):
                self.add_error(
                    field,
                    gettext("%(name)s already has a seat; names must differ.") % {"name": name},
                )
            colour = data.get(field.replace("seat_", "colour_"), "")
            if colour and colour in colours:
                self.add_error(
                    field.replace("seat_", "colour_"),
                    gettext(
                        "%(colour)s is another seat's already: choose another, or leave it "
                        "automatic."
                    )
                    % {"colour": SeatColour(colour).label},
                )
            names.append(name)
            colours.append(colour)
        if data.get("me"):
            self._check_the_hosts_seat(seats["seat_1"])
        if not self.info.min_players <= len(names) <= self.info.max_players:
            raise forms.ValidationError(
                gettext("%(game)s is for %(least)s to %(most)s players; you named %(named)s.")
                % {
                    "game": self.info.name,
                    "least": self.info.min_players,
                    "most": self.info.max_players,
                    "named": len(names),
                }
            )
        data["names"] = names
        data["colours"] = colours
        data["options"] = {o.key: data.get(f"option_{o.key}", o.default) for o in self.info.options}
        data["mode"] = data.get("mode") or self.info.modes[0]
        return data

    def _check_the_hosts_seat(self, name: str) -> None:
        """The host's seat ("This is me") holds a name, and not another player's of the
        group: that seat would be theirs and no longer that player's."""
        if not name:
            self.add_error("seat_1", gettext("Type your name as Player 1, or untick This is me."))
        elif (
            self.group is not None
            and name.casefold() != self.first_seat.casefold()
            and self.group.players.filter(name__iexact=name).exists()
        ):
            self.add_error(
                "seat_1",
                gettext(
                    "%(name)s is another of %(group)s's players: untick This is me, or type "
                    "your own name as Player 1."
                )
                % {"name": name, "group": self.group.name},
            )


class CountInput(forms.NumberInput):
    """A number box between − and + buttons; the buttons also work without JavaScript."""

    template_name = "widgets/count.html"

    def __init__(
        self, maximum: int | None, label: StrOrPromise, step: int = 1, *, minimum: int = 0
    ):
        attrs: dict[str, Any] = {"min": minimum, "inputmode": "numeric"}
        if maximum is not None:
            attrs["max"] = maximum
        if step != 1:
            attrs["step"] = step
        super().__init__(attrs=attrs)
        self.label = label
        self.step = step

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["label"] = self.label
        context["widget"]["step"] = self.step
        widget_attrs = context["widget"]["attrs"]
        if "id" in widget_attrs:
            # The row's error line (templates/count_row.html) is read out with the input.
            widget_attrs["aria-describedby"] = f"{widget_attrs['id']}-error"
        return context


class WholeNumberField(forms.IntegerField):
    """A number a player counts or reads off a card: its messages name it and say what
    it takes, in the players' words (not Django's "Ensure this value is …"); a decimal
    or 1e3 is not a count."""

    def __init__(self, *, label: StrOrPromise, **kwargs: Any) -> None:
        # Django fills in the limit when it says the message.
        what = {"field": label.rstrip(":"), "limit_value": "%(limit_value)s"}
        messages = {
            "invalid": gettext("%(field)s: a whole number, like 3 (not 2.5, not 1e3).") % what,
            "min_value": gettext("%(field)s: at least %(limit_value)s.") % what,
            "max_value": gettext("%(field)s: at most %(limit_value)s.") % what,
            **kwargs.pop("error_messages", {}),
        }
        super().__init__(label=label, error_messages=messages, **kwargs)


def count_field(label: StrOrPromise, maximum: int | None, step: int = 1) -> forms.IntegerField:
    return WholeNumberField(
        label=label,
        min_value=0,
        max_value=maximum,
        required=False,
        widget=CountInput(maximum, label, step),
    )
