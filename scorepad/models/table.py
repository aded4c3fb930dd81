"""The table: the phones that joined a play with its code, each on a seat or watching."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models, transaction

from scorepad.models.outcomes import link_seat_to
from scorepad.models.plays import Play, new_join_code
from scorepad.models.seats import Result


class SeatTaken(Exception):
    """Another phone holds that seat."""


class TablePhone(models.Model):
    """A phone at a play's table: it joined with the play's code, on a seat (it enters
    that seat alone) or just watching. Known by the token in its cookie, not a login."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="phones")
    token = models.CharField(max_length=64)
    result = models.OneToOneField(
        Result, models.SET_NULL, null=True, blank=True, related_name="phone"
    )
    # A seat another phone holds, that this one asked the host for.
    wants = models.ForeignKey(Result, models.SET_NULL, null=True, blank=True, related_name="+")
    # Who was signed in when the phone joined: the seat is held for that account alone.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["play", "token"], name="one_phone_entry_per_play")
        ]

    def __str__(self) -> str:
        return f"Phone at {self.play} ({self.result or 'watching'})"


def ensure_join_code(play: Play) -> str | None:
    """The play's join code while phones may join, made the first time it is asked for."""
    if not play.is_joinable:
        return None
    while play.join_code is None:
        code = new_join_code()
        if not Play.objects.filter(join_code=code).exists():
            Play.objects.filter(pk=play.pk, join_code__isnull=True).update(join_code=code)
            play.refresh_from_db(fields=["join_code"])
    return play.join_code


def set_joining(play: Play, *, is_open: bool) -> None:
    play.save_and_tell_table(joining_open=is_open)


def phone_for(play: Play, token: str, user: Any) -> TablePhone:
    """The phone ``token``'s place at the table, for whoever uses it now: a place
    another account joined with is handed over empty (that account's seat is not the
    next person's on the phone)."""
    person = user if user.is_authenticated else None
    phone, created = play.phones.get_or_create(token=token, defaults={"user": person})
    if not created and phone.user_id is not None and phone.user != person:
        phone.result, phone.wants, phone.user = None, None, person
        phone.save(update_fields=["result", "wants", "user"])
        play.save_and_tell_table()
    return phone


@transaction.atomic
def seat_phone(play: Play, token: str, result: Result | None, user: Any) -> TablePhone:
    """Put the phone ``token`` on ``result``'s seat (None: just watching). Raises
    SeatTaken when another phone holds it; a signed-in person's seat becomes their
    own player's (their ladder and record sheet count the play)."""
    Play.objects.select_for_update().get(pk=play.pk)
    phone = phone_for(play, token, user)
    if result is not None:
        holder = play.phones.filter(result=result).exclude(pk=phone.pk).first()
        if holder is not None:
            raise SeatTaken(holder)
    phone.result, phone.wants = result, None
    phone.user = user if user.is_authenticated else None
    phone.save(update_fields=["result", "wants", "user"])
    if result is not None and phone.user is not None:
        link_seat_to(result, phone.user)
    play.save_and_tell_table()
    return phone


def ask_for_seat(play: Play, token: str, result: Result, user: Any) -> None:
    """A phone asks the host to hand it a seat another phone holds."""
    phone = phone_for(play, token, user)
    phone.wants = result
    phone.save(update_fields=["wants"])
    play.save_and_tell_table()


@transaction.atomic
def hand_over(play: Play, phone: TablePhone) -> None:
    """The host gives the seat a phone asked for to that phone."""
    Play.objects.select_for_update().get(pk=play.pk)
    wanted = phone.wants
    if wanted is None:
        return
    play.phones.filter(result=wanted).update(result=None)
    phone.result, phone.wants = wanted, None
    phone.save(update_fields=["result", "wants"])
    if phone.user is not None:
        link_seat_to(wanted, phone.user)
    play.save_and_tell_table()


def release(play: Play, result: Result) -> None:
    """The seat is free again: its phone (if any) only watches."""
    play.phones.filter(result=result).update(result=None)
    play.phones.filter(wants=result).update(wants=None)
    play.save_and_tell_table()
