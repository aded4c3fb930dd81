"""Changes to a play: each seat's entry and the log, checked by the game before anything
is written; a change a phone sent applied once (``AppliedChange``); and, once the play is
finished, every change recorded (``Correction``)."""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import words
from games.contract import InvalidInput
from scorepad.entries import entry_part, fingerprint, with_entry_part
from scorepad.models.outcomes import finish_play
from scorepad.models.plays import Play
from scorepad.models.seats import PlayEvent, Result
from scorepad.prepared import Param, PreparedUpdate


@dataclass(frozen=True)
class Actor:
    """Who changes a play, as its correction record names them: a signed-in person, or
    a phone at the table (``seat``: the seat it holds); and the change a phone's outbox
    sends: ``change``, the id the phone gave it, so that a change sent again is applied
    once; ``digest``, what it changes (an id sent again with other changes is refused);
    ``made``, when the phone made it (ms), so that an older change from the same screen
    arriving after a newer one changes nothing."""

    name: words.Value
    user: Any = None
    seat: int | None = None
    change: str = ""
    digest: str = ""
    made: int | None = None


class ChangeRefused(PermissionDenied):
    """A phone's change id that belongs to another play or seat."""


class StaleEdit(Exception):
    """Someone else saved this part of a play after it was loaded here."""

    def __init__(self, current: Any):
        super().__init__("Changed elsewhere in the meantime.")
        self.current = current


class AppliedChange(models.Model):
    """A change a phone sent, by the id the phone gave it: applied once, to one play and
    one seat (None: the play's shared log)."""

    change = models.CharField(max_length=64, unique=True)
    # What it changed (scorepad.table.change_digest): the same id with other changes is
    # not the same change.
    digest = models.CharField(max_length=64, blank=True, default="")
    play = models.ForeignKey(Play, models.CASCADE, related_name="applied_changes")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    applied = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Change {self.change} to {self.play}"


def moved_lines(old: Result, new: Result) -> dict[str, list[Any]]:
    """Each line of a seat's score on the result page whose points moved, [before,
    after]: a round's subtotal as ``round-<n>``, a category by its key, a tie-break as
    ``tiebreak-<key>``, and the seat's place as ``rank``."""

    def rounds(result: Result) -> dict[str, Any]:
        return {str(n): v for n, v in enumerate(result.extra.get("rounds", []), 1)}

    moved: dict[str, list[Any]] = {}
    for prefix, before, after in (
        ("round-", rounds(old), rounds(new)),
        ("", old.breakdown, new.breakdown),
        ("tiebreak-", old.tiebreak, new.tiebreak),
        ("", {"rank": old.rank}, {"rank": new.rank}),
    ):
        for key in dict.fromkeys([*before, *after]):
            if before.get(key) != after.get(key):
                moved[f"{prefix}{key}"] = [before.get(key), after.get(key)]
    return moved


class Correction(models.Model):
    """A change to a finished play: who made it and when, what they changed, and for a
    seat whose score moved, each line's points before and after (``lines``: {line key:
    [before, after]}) and its total; a change to the log that moved no point is recorded
    too, with no seat."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="corrections")
    result = models.ForeignKey(
        Result, models.CASCADE, null=True, blank=True, related_name="corrections"
    )
    # What changed and who changed it, in no language yet (games.words.to_stored): each
    # reader reads them in their own.
    what = models.JSONField(default=str, blank=True)
    lines = models.JSONField(default=dict, blank=True)
    by = models.JSONField(default=str, blank=True)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    old_total = models.IntegerField(null=True, blank=True)
    new_total = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.read_by() or 'Someone'} corrected {self.result or self.play} at {self.at}"

    def read_what(self) -> str:
        return str(words.from_stored(self.what))

    def read_by(self) -> str:
        return str(words.from_stored(self.by))


def has_applied(play: Play, by: Actor | None, seat: int | None) -> bool:
    """Whether the change ``by`` carries was applied to this play already (sent
    again after its answer was lost); ChangeRefused if it was another play's or
    another seat's."""
    if by is None or not by.change:
        return False
    done = AppliedChange.objects.filter(change=by.change).first()
    if done is None:
        return False
    if done.play_id != play.pk or done.seat != seat:
        raise ChangeRefused(_("That change was made for another play or another seat."))
    if done.digest and by.digest and done.digest != by.digest:
        raise ChangeRefused(_("That change's id was already used for another change."))
    return True


def apply_once(play: Play, by: Actor | None, seat: int | None) -> bool:
    """Whether to apply the change ``by`` carries: recorded now, in the change's own
    transaction (so a change is applied once, or not at all), unless it was before."""
    if has_applied(play, by, seat):
        return False
    _mark_applied(play, by, seat)
    return True


def _mark_applied(play: Play, by: Actor | None, seat: int | None) -> None:
    if by is not None and by.change:
        AppliedChange.objects.create(change=by.change, play=play, seat=seat, digest=by.digest)


def record_change(
    play: Play, by: Actor | None, seat: Result | None = None, what: words.Value = ""
) -> None:
    """Stored results follow every change. A finished play is scored again at once
    (``validate`` refused any change after which it would not be), and every change
    to it is recorded (a ``Correction``): who, when, what (``what``), which seats'
    lines moved and how; a change that moved no point is recorded too."""
    if not play.is_finished:
        play.save_and_tell_table()
        return
    before = {r.pk: r for r in play.results.all()}
    finish_play(play)
    corrections: list[tuple[int | None, dict[str, Any], int | None, int | None]] = []
    for new in play.results.all():
        old = before[new.pk]
        lines = moved_lines(old, new)
        if lines or (seat is not None and seat.pk == new.pk):
            corrections.append((new.pk, lines, old.total, new.total))
    if not corrections:
        corrections.append((None, {}, None, None))
    user = by.user if by and by.user and by.user.is_authenticated else None
    at = timezone.now()  # one change, however many seats it moved
    play.corrections.bulk_create(
        Correction(
            play=play,
            at=at,
            result_id=pk,
            by=words.to_stored(by.name) if by else "",
            by_user=user,
            what=words.to_stored(what),
            lines=lines,
            old_total=old_total,
            new_total=new_total,
        )
        for pk, lines, old_total, new_total in corrections
    )
    play.save_and_tell_table()


# No savepoint inside a caller's transaction (save_part, change_part): an error here
# leaves by that caller, which rolls back whole.
@transaction.atomic(savepoint=False)
def save_entry(
    play: Play,
    result: Result,
    entry: dict[str, Any],
    results: list[Result],
    *,
    by: Actor | None = None,
    what: words.Value = "",
) -> None:
    """Keep one player's entry if the game still holds together with it; raises
    InvalidInput and saves nothing when it does not. ``what`` says, for the record
    of corrections, which part changed (by default: the seat's entry)."""
    if not apply_once(play, by, result.position) or entry == result.entry:
        return
    play.validate(play.state(results).with_entry(result.name, entry))
    result.entry = entry
    result.save(update_fields=["entry", "written_by", "written_made"])
    record_change(
        play, by, result, what or words.gettext_lazy("{name}'s entry").format(name=result.name)
    )


@dataclass(frozen=True)
class _PartSaved:
    """What saving one part writes on its seat: the entry, and which screen saved the
    part and when its phone made it."""

    entry: dict[str, Any]
    written_by: dict[str, str]
    written_made: dict[str, int]


def _tell_table_if_unmoved(play: Play) -> bool:
    """Move the play's version on (as ``Play.save_and_tell_table`` does) if it still
    stands at the version its seats were read at, in progress: one UPDATE that checks
    the version instead of reading the seats again. Taken first in a change's
    transaction, it holds the play's row (on SQLite, the database) until the change is
    written, the lock a locked path takes with its SELECT ... FOR UPDATE."""
    updated = timezone.now()
    unmoved = _MOVE_ON_IF_UNMOVED.run(pk=play.pk, version=play.version, updated=updated)
    if unmoved:
        play.updated, play.version = updated, play.version + 1
    return bool(unmoved)


def _save_if_unmoved(
    play: Play, result: Result, saved: _PartSaved, seats: list[Result], by: Actor | None
) -> bool:
    """A play in progress changed along the straight path: ``saved`` on ``result``,
    checked against the seats as read with the play (before any lock: the parse is
    the tap's longest step), then written in a transaction of two UPDATEs, the first
    checking that the play has not moved on since (``_tell_table_if_unmoved``): every
    change to a seat moves the version on in the same transaction, so the seats read
    are the seats saved. ``result`` is updated in place. False, with nothing written,
    where the locked path must decide: the play moved on or is finished (a correction is
    recorded), the game refused the change (against seats that may be stale: the
    locked path says why with the seats as saved), or it changes nothing."""
    if play.is_finished or saved.entry == result.entry:
        return False
    try:
        play.validate(play.state(seats).with_entry(result.name, saved.entry))
    except InvalidInput:
        return False
    with transaction.atomic():
        if not _tell_table_if_unmoved(play):
            return False
        _mark_applied(play, by, result.position)
        result.entry, result.written_by = saved.entry, saved.written_by
        result.written_made = saved.written_made
        _WRITE_PART.run(
            pk=result.pk,
            entry=saved.entry,
            written_by=saved.written_by,
            written_made=saved.written_made,
        )
    return True


# Both sent on every tap: compiled once (scorepad.prepared).
_MOVE_ON_IF_UNMOVED = PreparedUpdate(
    lambda pk, version, updated: (
        Play.objects.filter(pk=pk, version=version, status=Play.Status.IN_PROGRESS),
        {"updated": updated, "version": F("version") + 1},
    ),
    pk=Param(Play._meta.get_field("id"), 2_025_000_001),
    version=Param(Play._meta.get_field("version"), 2_025_000_002),
    updated=Param(Play._meta.get_field("updated"), datetime(1901, 1, 1, tzinfo=UTC)),
)
_WRITE_PART = PreparedUpdate(
    lambda pk, entry, written_by, written_made: (
        Result.objects.filter(pk=pk),
        {"entry": entry, "written_by": written_by, "written_made": written_made},
    ),
    pk=Param(Result._meta.get_field("id"), 2_025_000_003),
    entry=Param(Result._meta.get_field("entry"), {"sample": "entry"}),
    written_by=Param(Result._meta.get_field("written_by"), {"sample": "written by"}),
    written_made=Param(Result._meta.get_field("written_made"), {"sample": 2_025_000_004}),
)


def _part_saved(
    fresh: Result,
    path: tuple[str, ...],
    value: Any,
    base: str | None,
    editor: str,
    made: int | None,
) -> _PartSaved | None:
    """What saving the part writes on ``fresh`` (the seat as saved now); None if this
    screen's newer change to it overtook this one on the way (the newer stands). Raises
    StaleEdit if another screen saved the part since the screen showed it."""
    key = "/".join(path)
    own_newer = fresh.written_by.get(key) == editor and made is not None
    if own_newer and made < fresh.written_made.get(key, made):
        return None
    current = entry_part(fresh.entry, path)
    changed_elsewhere = base is not None and base != fingerprint(current)
    if changed_elsewhere and value != current and fresh.written_by.get(key) != editor:
        raise StaleEdit(current)
    written_made = {k: v for k, v in fresh.written_made.items() if k != key}
    if made is not None:
        written_made[key] = made
    entry = with_entry_part(fresh.entry, path, value)
    return _PartSaved(entry, {**fresh.written_by, key: editor}, written_made)


def save_part(
    play: Play,
    result: Result,
    path: tuple[str, ...],
    value: Any,
    *,
    base: str | None = None,
    editor: str = "",
    by: Actor | None = None,
    what: words.Value = "",
    seats: list[Result] | None = None,
) -> None:
    """Save one part of one player's entry (a round's reef, a final tally).

    ``base`` is the fingerprint of that part as the screen showed it, ``editor``
    names that screen. If another screen saved the part since, nothing is saved
    and StaleEdit carries what is there now: two phones never overwrite each
    other silently, while one phone's autosaves and its Save may overtake each
    other freely. ``seats``: every seat, ``result`` among them, as read with the play
    (``Play.version``): the change goes the straight path (``_save_if_unmoved``)
    unless the play moved on since.
    """
    made = by.made if by else None
    if seats is not None and not has_applied(play, by, result.position):
        try:
            saved = _part_saved(result, path, value, base, editor, made)
        except StaleEdit:
            pass  # perhaps against a stale seat: the locked path says
        else:
            if saved is not None and _save_if_unmoved(play, result, saved, seats, by):
                return
    _save_part_locked(play, result, path, value, base, editor, by, what)


@transaction.atomic
def _save_part_locked(
    play: Play,
    result: Result,
    path: tuple[str, ...],
    value: Any,
    base: str | None,
    editor: str,
    by: Actor | None,
    what: words.Value,
) -> None:
    """``save_part`` with the play's row locked and the seats read again under it."""
    list(Play.objects.select_for_update().filter(pk=play.pk).values("pk"))
    results = play.ordered_results()
    fresh = next(r for r in results if r.pk == result.pk)
    saved = (
        None
        if has_applied(play, by, result.position)
        else _part_saved(fresh, path, value, base, editor, by.made if by else None)
    )
    if saved is None:
        # Sent again, or this screen's older change overtaken by its newer one on the
        # way (the newer stands; the older counts as applied, so it is not sent again).
        apply_once(play, by, result.position)
    else:
        fresh.written_by, fresh.written_made = saved.written_by, saved.written_made
        save_entry(play, fresh, saved.entry, results, by=by, what=what)
    result.entry, result.written_by = fresh.entry, fresh.written_by


def change_part(
    play: Play,
    position: int,
    path: tuple[str, ...],
    change: Callable[[Any], Any],
    *,
    by: Actor | None = None,
    seats: list[Result] | None = None,
) -> list[Result]:
    """Change one part of one seat's entry from what is saved now (one tap on a
    board, say), or raise InvalidInput and change nothing; two phones tapping at once
    each build on the other's last tap. ``seats``: every seat as read with the play
    (``Play.version``): the change goes the straight path (``_save_if_unmoved``)
    unless the play moved on since; otherwise, or without them, the play is locked
    first and the seats read again. Returns every seat as saved (new ones: ``seats``
    stay as read)."""
    if seats is not None and not has_applied(play, by, position):
        saved = [copy(r) for r in seats]
        result = next(r for r in saved if r.position == position)
        try:
            changed = change(entry_part(result.entry, path) or {})
        except StaleEdit:
            pass  # perhaps against a stale seat: the locked path says
        else:
            entry = with_entry_part(result.entry, path, changed)
            written = _PartSaved(entry, result.written_by, result.written_made)
            if _save_if_unmoved(play, result, written, saved, by):
                return saved
    return _change_part_locked(play, position, path, change, by)


@transaction.atomic
def _change_part_locked(
    play: Play,
    position: int,
    path: tuple[str, ...],
    change: Callable[[Any], Any],
    by: Actor | None,
) -> list[Result]:
    """``change_part`` with the play's row locked and the seats read again under it."""
    list(Play.objects.select_for_update().filter(pk=play.pk).values("pk"))
    results = play.ordered_results()
    result = next(r for r in results if r.position == position)
    changed = change(entry_part(result.entry, path) or {})
    save_entry(play, result, with_entry_part(result.entry, path, changed), results, by=by)
    return results


@transaction.atomic
def add_event(
    play: Play, data: dict[str, Any], *, by: Actor | None = None, what: words.Value = ""
) -> PlayEvent | None:
    """Append to the log, stored at once (with the seat whose phone added it);
    raises InvalidInput and stores nothing when the event does not fit the game.
    None for a change that was applied before."""
    locked = Play.objects.select_for_update().get(pk=play.pk)
    if not apply_once(play, by, None):
        return None
    events = locked.logged_events()
    play.validate(play.state(events=events).with_events([*(e.data for e in events), data]))
    seq = events[-1].seq + 1 if events else 1
    event = play.events.create(seq=seq, data=data, seat=by.seat if by else None)
    record_change(play, by, what=what or words.gettext_lazy("An event added to the log"))
    return event


@transaction.atomic
def change_event(
    play: Play,
    event: PlayEvent,
    data: dict[str, Any],
    *,
    base: str | None = None,
    by: Actor | None = None,
    what: words.Value = "",
) -> None:
    """Correct an earlier event; every total after it is recomputed from the log.

    ``base`` is the fingerprint of the event as the screen showed it: raises
    StaleEdit when someone changed or removed it since.
    """
    Play.objects.select_for_update().get(pk=play.pk)
    if not apply_once(play, by, None):
        return
    events = play.logged_events()
    current = next((e for e in events if e.pk == event.pk), None)
    if current is None or (base is not None and base != fingerprint(current.data)):
        raise StaleEdit(current.data if current else None)
    trial = [data if e.pk == event.pk else e.data for e in events]
    play.validate(play.state(events=events).with_events(trial))
    event.data = data
    event.save(update_fields=["data"])
    record_change(
        play,
        by,
        what=what
        or words.gettext_lazy("Event {number} of the log changed").format(number=event.seq),
    )


@transaction.atomic
def remove_event(
    play: Play, event: PlayEvent, *, by: Actor | None = None, what: words.Value = ""
) -> None:
    """Take one event out of the log (undo is removing the last one)."""
    Play.objects.select_for_update().get(pk=play.pk)
    if not apply_once(play, by, None):
        return
    events = play.logged_events()
    play.validate(play.state(events=events).with_events([e.data for e in events if e != event]))
    event.delete()
    record_change(
        play,
        by,
        what=what
        or words.gettext_lazy("Event {number} taken out of the log").format(number=event.seq),
    )
