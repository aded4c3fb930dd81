"""What changes what the records count, done here and nowhere else: a play finished (or
finished again after a correction), voided, restored, deleted or moved into a group; two
players merged (a guest claimed by its person, say); a seat taken by its person.

Each one takes the plays it touches out of the records as they are stored
(``records.withdraw``), changes them, and counts them again (``records.count``), in one
transaction. The models themselves never reach the records (scorepad/records.py reads
them): a change that would move a record goes through one of these functions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.contract import Sheet
from scorepad import records
from scorepad.codecs import get_codec
from scorepad.models.groups import ClaimLink, Group, MergeRefused, Player, PlayerAlias
from scorepad.models.plays import Play, start_play
from scorepad.models.seats import PlayEvent, Result


@transaction.atomic
def finish_play(play: Play, started_at: datetime | None = None) -> Sheet:
    """Score the whole game strictly and store every player's result at once; the
    first time, when (and, if the table says, since when) it was played.

    The API may score part of a game (a round-by-round game after its first round,
    say); a play is only finished when the game is over.
    """
    results = play.ordered_results()
    sheet = play.final_sheet(play.state(results))
    this = Play.objects.filter(pk=play.pk)
    # A play finished again after a correction counts with its new totals only.
    records.withdraw(this)
    for result, scored in zip(results, sheet.players, strict=True):
        result.record(scored)
        result.save(update_fields=Result.SCORED)
    first_time: dict[str, Any] = {} if play.finished_at else {"finished_at": timezone.now()}
    if started_at is not None and not play.finished_at:
        first_time["started_at"] = started_at
    play.save_and_tell_table(status=Play.Status.FINISHED, notes=sheet.stored_notes(), **first_time)
    records.count(this)
    return sheet


@transaction.atomic
def delete_play(play: Play) -> None:
    """Delete the play and take it out of the records."""
    records.withdraw(Play.objects.filter(pk=play.pk))
    play.delete()


@transaction.atomic
def move_play_to_group(play: Play, group: Group, user: Any) -> None:
    """Save an unattached play into ``group``'s history, matching players by name; a
    seat a signed-in person took keeps to that person's own player. The phones at the
    table keep their seats."""
    this = Play.objects.filter(pk=play.pk)
    records.withdraw(this)  # a finished play counts for its guests until it moves
    for result in play.results.select_related("player"):
        guest = result.player
        own = group.players.filter(user=guest.user).first() if guest.user_id else None
        result.player = own or group.player_named(guest.name)
        result.save(update_fields=["player"])
        if guest.group_id is None and not guest.results.exists():
            guest.delete()
    play.save_and_tell_table(group=group, recorded_by=user)
    records.count(this)


@transaction.atomic
def void_play(play: Play, user: Any) -> None:
    """Take this finished play out of its group's history, its stats and records: it
    stays, as a tombstone, and an owner may restore it."""
    records.withdraw(Play.objects.filter(pk=play.pk))
    play.save_and_tell_table(status=Play.Status.VOIDED, voided=timezone.now(), voided_by=user)


@transaction.atomic
def restore_play(play: Play) -> None:
    """A voided play back in its group's history."""
    play.save_and_tell_table(status=Play.Status.FINISHED, voided=None, voided_by=None)
    records.count(Play.objects.filter(pk=play.pk))


@transaction.atomic
def play_from_input(
    game: str, data: dict[str, Any], *, group: Group | None, user: Any, finish: bool = False
) -> Play:
    """A play holding a whole game given as the game's JSON input (a worked example,
    say), stored as the site stores one: seats, each seat's entry and the log; then
    finished if ``finish``. The one way the demo, the benchmark and the tests build a
    play that is already entered."""
    stored = get_codec(game).from_input(data)
    play = start_play(
        game=game,
        names=stored.players,
        options=stored.options,
        mode=stored.mode,
        group=group,
        user=user,
    )
    results = play.ordered_results()
    for result in results:
        result.entry = stored.entries.get(result.name, {})
    Result.objects.bulk_update(results, ["entry"])
    PlayEvent.objects.bulk_create(
        PlayEvent(play=play, seq=seq, data=event) for seq, event in enumerate(stored.events, 1)
    )
    if finish:
        finish_play(play)
    return play


@transaction.atomic
def merge_players(player: Player, other: Player) -> None:
    """Everything ``player`` played becomes ``other``'s, then ``player`` goes.

    Refused when both sat at the same play: one person cannot hold two seats, so
    merging would count that play twice.
    """
    if other.pk == player.pk or other.group_id != player.group_id:
        raise MergeRefused(_("Players can only be merged with another player of the same group."))
    if player.user_id is not None and other.user_id is not None:
        raise MergeRefused(
            _("%(player)s and %(other)s both have an account, so they are different people.")
            % {"player": player.name, "other": other.name}
        )
    shared = Play.objects.filter(results__player=player).filter(results__player=other)
    if shared.exists():
        count = shared.count()
        raise MergeRefused(
            ngettext(
                "%(player)s and %(other)s both played in %(count)s of the same plays, so they "
                "must be different people.",
                "%(player)s and %(other)s both played in %(count)s of the same plays, so they "
                "must be different people.",
                count,
            )
            % {"player": player.name, "other": other.name, "count": count}
        )
    # The records count these plays for ``player``: taken out first, counted again for
    # ``other`` once the seats are theirs.
    plays = Play.objects.filter(pk__in=list(player.results.values_list("play_id", flat=True)))
    records.withdraw(plays)
    player.results.update(player=other)
    records.count(plays)
    if other.user_id is None and player.user_id is not None:
        other.user_id = player.user_id
        other.save(update_fields=["user"])
    player.delete()


@transaction.atomic
def claim_guest(guest: Player, user: Any, *, let_back_in: bool = False) -> Player:
    """This guest was ``user``, and the group lets them in (they are a member, or an
    owner said yes: ``let_back_in``): they become the guest, or their player in the
    group takes the guest's plays, and they join. The guest's claim links go with the
    guest."""
    assert guest.group is not None, "only a group's guests have claim links"
    own = guest.group.players.filter(user=user).exclude(pk=guest.pk).first()
    if own is None:
        _keep_the_guests_file_id(guest, user)
        guest.user = user
        guest.save(update_fields=["user"])
        guest.claim_links.all().delete()
    else:
        merge_players(guest, own)
    guest.group.join(user, let_back_in=let_back_in)
    return own or guest


def _keep_the_guests_file_id(guest: Player, user: Any) -> None:
    """A guest whose plays files named becomes an account's: if files never named that
    account's person (no plays anywhere yet), it keeps the guest's id everywhere."""
    if not guest.results.exists() or PlayerAlias.objects.filter(user=user).exists():
        return
    if Result.objects.filter(player__user=user).exists():
        return
    PlayerAlias.objects.create(user=user, uuid=guest.own_file_id)


@transaction.atomic
def use_claim_link(link: ClaimLink, user: Any) -> Player | None:
    """``user`` says this link's guest was them. A member of the guest's group becomes
    the guest (returned); anyone else waits for an owner (None). Raises
    ClaimLink.DoesNotExist if the link stopped working meanwhile."""
    links = (
        ClaimLink.objects.select_for_update(of=("self",)).active().select_related("player__group")
    )
    link = links.get(pk=link.pk)
    guest = link.player
    assert guest.group is not None, "only a group's guests have claim links"
    if guest.group.membership_of(user) is not None:
        return claim_guest(guest, user)
    link.claimed_by, link.claimed = user, timezone.now()
    link.save(update_fields=["claimed_by", "claimed"])
    return None


@transaction.atomic
def let_claimer_in(link: ClaimLink) -> Player:
    """An owner's yes to whoever waits on this link: they join and become its guest.
    Raises ClaimLink.DoesNotExist if nobody waits on it any more."""
    links = ClaimLink.objects.select_for_update(of=("self",)).waiting().select_related("player")
    link = links.get(pk=link.pk)
    return claim_guest(link.player, link.claimed_by, let_back_in=True)


@transaction.atomic
def seat_host(seat: Result, user: Any) -> None:
    """A new play's host said this seat is theirs ("This is me"), whatever name they typed
    there: a group's play seats their own player (the guest the typed name made a moment
    ago goes); a seat with no account's player becomes theirs. Nothing is finished yet:
    no record counts the play."""
    typed = seat.player
    group = seat.play.group
    own = group.players.filter(user=user).first() if group else None
    if own is None or own.pk == typed.pk:
        if typed.user_id is None:
            typed.user = user
            typed.save(update_fields=["user"])
        return
    seat.player = own
    seat.save(update_fields=["player"])
    if typed.user_id is None and not typed.results.exists():
        typed.delete()


def link_seat_to(seat: Result, user: Any) -> None:
    """A signed-in person took this seat: the play counts for them. A guest play's seat
    becomes theirs; in a group, a seat that carries the name of their own player there
    becomes that player's."""
    player = seat.player
    if player.user_id == user.pk:
        return
    group = seat.play.group
    if group is None:
        if player.user_id is None:
            player.user = user
            player.save(update_fields=["user"])
        return
    own = group.players.filter(user=user).first()
    if own is not None and own.name.casefold() == player.name.casefold():
        this = records.ids([seat.play])
        with transaction.atomic():
            records.withdraw(this)
            seat.player = own
            seat.save(update_fields=["player"])
            records.count(this)
