"""A play: one game at one table, its seats and its log, scored, finished, voided."""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from types import ModuleType
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import F, OuterRef
from django.urls import reverse
from django.utils import timezone

from games.contract import FieldError, GameInfo, InvalidInput, PlayerScore, Sheet
from games.words import from_stored, render
from scorepad.codecs import Codec, get_codec
from scorepad.entries import PlayState
from scorepad.models.colours import seat_colours
from scorepad.models.groups import Group, Player
from scorepad.models.history import (
    HistoryPage,
    PollState,
    history_key,
    page_key,
    played_after,
    played_before,
    read_page_key,
)
from scorepad.models.seats import PlayEvent, Result, seats_at

# The seats a play needs for someone to win it: a solo play has nobody to beat.
CONTESTED = 2


def new_host_key() -> str:
    return secrets.token_urlsafe(32)


# A play's join code: Crockford's base 32 has no two symbols that look alike (no I, L, O
# or U; 0 and 1 only), and what a player might type for one is read as it (O as 0, I and
# L as 1). Six of them give 32**6, over 10**9 codes.
JOIN_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
JOIN_CODE_LENGTH = 6
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def read_join_code(typed: str) -> str | None:
    """The code a player typed, in any case, with spaces or dashes; None if it is not one."""
    code = "".join(typed.split()).replace("-", "").upper().translate(READ_AS)
    if len(code) != JOIN_CODE_LENGTH or any(c not in JOIN_CODE_ALPHABET for c in code):
        return None
    return code


class PlayQuerySet(models.QuerySet["Play"]):
    def poll_state(self, play_id: uuid.UUID) -> PollState | None:
        """The play's version and whether it is finished; None if there is no such play.
        Written out by hand: a phone polls every 2 s, and building this as an ORM query
        costs more than answering the poll may."""
        play = Play._meta
        sql = f"SELECT version, status FROM {play.db_table} WHERE uuid = %s"
        key = play.get_field("uuid").get_db_prep_value(play_id, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            return None
        version, status = row
        return PollState(version, status == Play.Status.FINISHED)

    def history_page(self, *, before: str = "", after: str = "", size: int) -> HistoryPage:
        """The ``size`` plays, newest first, older than the page key ``before``, or else
        newer than ``after``; the first page without either (or with a key that is not
        one). Two queries: the page's plays and one more (whether there are more that
        way), and whether there are any beyond the page the other way."""
        older_than, newer_than = read_page_key(before), read_page_key(after)
        if newer_than is not None and older_than is None:
            oldest = self.filter(played_after(newer_than)).order_by("played_on", "id")
            rows: list[Play] = list(oldest[: size + 1])
            plays = rows[:size][::-1]
            if plays:
                more_older = self.filter(played_before(history_key(plays[-1]))).exists()
                return HistoryPage(
                    plays,
                    page_key(plays[0]) if len(rows) > size else None,
                    page_key(plays[-1]) if more_older else None,
                )
        newest = self.order_by("-played_on", "-id")
        if older_than is not None:
            newest = newest.filter(played_before(older_than))
        rows = list[Play](newest[: size + 1])
        plays = rows[:size]
        more_newer = bool(plays) and older_than is not None
        more_newer = more_newer and self.filter(played_after(history_key(plays[0]))).exists()
        return HistoryPage(
            plays,
            page_key(plays[0]) if more_newer else None,
            page_key(plays[-1]) if len(rows) > size else None,
        )

    def finished(self) -> PlayQuerySet:
        """In the history: finished, and not taken out of it."""
        return self.filter(status=Play.Status.FINISHED)

    def voided(self) -> PlayQuerySet:
        return self.filter(status=Play.Status.VOIDED)

    def years(self) -> list[int]:
        """The years these plays were played in, the latest first."""
        return [day.year for day in self.dates("played_on", "year", order="DESC")]

    def not_voided(self) -> PlayQuerySet:
        """Finished or still being played: every play but those taken out of the history."""
        return self.exclude(status=Play.Status.VOIDED)

    def contested(self) -> PlayQuerySet:
        """The plays someone could win: two seats or more (CONTESTED)."""
        return self.alias(seats=seats_at(OuterRef("pk"))).filter(seats__gte=CONTESTED)

    def with_photo_version(self) -> PlayQuerySet:
        """Each play's ``photo_version``: its board's photo's, None without one (the
        history's thumbnails), in the same query."""
        return self.annotate(photo_version=F("photo__version"))

    def with_results(self) -> PlayQuerySet:
        """Each play's results and players in one more query; entries are left out,
        since a list never shows them and a full board can be large."""
        results = Result.objects.select_related("player").defer("entry").order_by("position")
        return self.prefetch_related(models.Prefetch("results", queryset=results))


class Play(models.Model):
    """One game at one table. Per-player entries live on its results and are saved
    one at a time, so each phone (or each player in turn) can fill in its own part."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"
        # Taken out of the history (scored twice, say): kept as a tombstone, so the same
        # file imported again does not bring it back; an owner may restore it.
        VOIDED = "voided", "Removed from the history"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=20, default="standard")
    options = models.JSONField(default=dict, blank=True)
    played_on = models.DateField(default=timezone.localdate)
    group = models.ForeignKey(Group, models.CASCADE, null=True, blank=True, related_name="plays")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    notes = models.JSONField(default=list, blank=True)  # games.words.to_stored
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # How long the game took: when it began (the moment it was started here, unless the
    # finish says how long the table played) and when it was first finished. A play
    # entered in one go, or recorded before these were kept, has no start.
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The play's id in the file it was imported from, so the same file twice adds nothing.
    imported_from = models.UUIDField(null=True, blank=True, editable=False)
    # The table: phones join with the code while joining is open and the play in progress.
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, null=True, blank=True)
    joining_open = models.BooleanField(default=True)
    hide_totals = models.BooleanField(default=False)  # until every seat is done
    seats_may_finish = models.BooleanField(default=False)  # once every seat is done
    # Goes up with every change a phone at the table should see (its polls compare it).
    version = models.PositiveIntegerField(default=0)
    # Who took it out of the history, and when (status VOIDED).
    voided = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A guest play's host key: its host link carries it, the host's session keeps it
    # (scorepad/table.py). Never the join code, nor anything a joining phone is sent.
    host_key = models.CharField(max_length=64, default=new_host_key, editable=False)

    objects = PlayQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-created"]
        indexes = [
            models.Index(fields=["group", "-played_on", "-created"]),
            # The history pages by (date, id), all games or one (scorepad/views/groups.py).
            models.Index(fields=["group", "-played_on", "-id"], name="history_keyset"),
            models.Index(fields=["group", "game", "-played_on", "-id"], name="history_game_keyset"),
        ]

    def __str__(self) -> str:
        return f"{self.info.name} on {self.played_on}"

    def get_absolute_url(self) -> str:
        return reverse("play", args=[self.uuid])

    @property
    def codec(self) -> Codec:
        """The game as the site stores it; its screens are ``scorepad.pads.get_pad``'s."""
        return get_codec(self.game)

    @property
    def module(self) -> ModuleType:
        return self.codec.game

    @property
    def info(self) -> GameInfo:
        return self.module.INFO

    @property
    def is_finished(self) -> bool:
        """Over: finished, whether in the history or taken out of it (voided)."""
        return self.status != self.Status.IN_PROGRESS

    @property
    def minutes_so_far(self) -> int | None:
        """Minutes since it began, while it is being entered; None where not known."""
        return _minutes_between(self.started_at, timezone.now())

    @property
    def duration_minutes(self) -> int | None:
        """How long the game took, to the nearest minute; None where it is not known."""
        return _minutes_between(self.started_at, self.finished_at)

    @property
    def is_contested(self) -> bool:
        """Whether someone could win it (CONTESTED): a solo play has nobody to
        beat, so its seat is no winner. Reads the results prefetched, where they are."""
        return len(self.results.all()) >= CONTESTED

    def readable_notes(self, language: str | None = None) -> list[str]:
        """The notes in ``language`` (the reader's unless given)."""
        return [
            render(note, language) if language else str(note)
            for note in map(from_stored, self.notes)
        ]

    @property
    def winner(self) -> Result | None:
        """Whom the play's card is marked for: its winner (the first in seat order of
        those sharing the win) where someone could win; nobody otherwise. Reads the
        results prefetched, where they are."""
        if not self.is_contested:
            return None
        return next((r for r in self.results.all() if r.is_winner), None)

    def ordered_results(self) -> list[Result]:
        return list(self.results.select_related("player").order_by("position"))

    def logged_events(self) -> list[PlayEvent]:
        return list(self.events.order_by("seq"))

    def state(
        self,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
    ) -> PlayState:
        """Everything entered so far; pass what the caller already loaded to save queries."""
        results = self.ordered_results() if results is None else results
        if events is None:
            # Only a live log's games read events: the others never query for them.
            events = self.logged_events() if self.codec.reads_events else []
        return PlayState(
            players=[r.name for r in results],
            options=self.options,
            mode=self.mode,
            entries={r.name: r.entry for r in results},
            events=[e.data for e in events],
        )

    def game_input(self, state: PlayState | None = None) -> dict[str, Any]:
        return self.codec.to_input(state or self.state())

    def score(self, *, partial: bool, state: PlayState | None = None) -> Sheet:
        """Score what has been entered; raises InvalidInput."""
        module = self.module
        return module.score(module.parse(self.game_input(state), partial=partial))

    def progress(
        self,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
        *,
        strict: bool = False,
    ) -> Progress:
        """The running score of what has been entered (pass what the caller already
        loaded); ``strict`` also finds what still stands between the play and its end."""
        module = self.module
        data = self.game_input(self.state(results, events))
        try:
            parsed = self._parse_partial(data)
        except InvalidInput as e:
            return Progress(None, None, [error.message for error in e.errors], [])
        unfinished: list[FieldError] = []
        if strict:
            try:
                module.parse(data, partial=False)
            except InvalidInput as e:
                unfinished = e.errors
        return Progress(module.score(parsed), parsed, [], unfinished)

    def event_points(
        self,
        data: dict[str, Any],
        replacing: PlayEvent | None = None,
        *,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
    ) -> dict[str, int]:
        """What ``data`` scores for each player, logged as a new event or in place of
        ``replacing``: the difference it makes to every total, so one rule serves
        events, end-of-game events and corrections alike. Raises InvalidInput when
        the log would not add up with it; stores nothing."""
        events = self.logged_events() if events is None else events
        stored = [e.data for e in events]
        position = list(events).index(replacing) if replacing else len(stored)
        state = self.state(results, events)
        trial = [*stored[:position], data, *stored[position + 1 :]]
        without = [*stored[:position], *stored[position + 1 :]]
        with_it = self.score(partial=True, state=state.with_events(trial))
        before = {
            p.name: p.total
            for p in self.score(partial=True, state=state.with_events(without)).players
        }
        return {p.name: p.total - before[p.name] for p in with_it.players}

    def validate(self, state: PlayState) -> None:
        """Raise InvalidInput unless the game, as it would stand, still holds together:
        a finished play as strictly as when it was finished (a correction never sends it
        back in progress), before anything is written."""
        if self.is_finished:
            self.final_sheet(state)
        else:
            self._parse_partial(self.game_input(state))

    def _parse_partial(self, data: dict[str, Any]) -> Any:
        """The game's ``parse(data, partial=True)``: a change checked (``validate``) and
        its running score shown next (``progress``) parse it once."""
        return self._last("_parsed", data, lambda: self.module.parse(data, partial=True))

    def final_sheet(self, state: PlayState) -> Sheet:
        """The whole game scored strictly: a correction checked (``validate``) and then
        stored (``finish``) is scored once."""
        return self._last("_final", asdict(state), lambda: self.codec.final_sheet(state))

    def _last[T](self, slot: str, data: Any, work: Callable[[], T]) -> T:
        """``work()``, kept on this instance under ``slot`` with the data it was done
        for, until it is asked for other data. Kept by the data's JSON text, so data
        changed since, even in place, is worked on again."""
        try:
            key = json.dumps(data, sort_keys=True)
        except (TypeError, ValueError):
            return work()
        kept = self.__dict__.get(slot)
        if kept is not None and kept[0] == key:
            return kept[1]
        done = work()
        self.__dict__[slot] = (key, done)
        return done

    @property
    def is_voided(self) -> bool:
        return self.status == self.Status.VOIDED

    def save_and_tell_table(self, **fields: Any) -> None:
        """Save ``fields`` (and when the play last changed), and tell the phones at the
        table that something changed: one UPDATE."""
        for name, value in fields.items():
            setattr(self, name, value)
        self.updated = timezone.now()
        Play.objects.filter(pk=self.pk).update(
            **fields, updated=self.updated, version=F("version") + 1
        )
        self.version += 1

    @property
    def is_joinable(self) -> bool:
        return self.joining_open and not self.is_finished


def _minutes_between(start: datetime | None, end: datetime | None) -> int | None:
    if start is None or end is None:
        return None
    return max(0, round((end - start).total_seconds() / 60))


@transaction.atomic
def start_play(
    *,
    game: str,
    names: list[str],
    options: dict[str, Any],
    group: Group | None,
    user: Any,
    mode: str = "standard",
    hide_totals: bool = False,
    colours: Sequence[str] = (),
    started_at: datetime | None = None,
) -> Play:
    """Create a play and a result row per player, in seat order, each seat in the colour
    ``colours`` chose for it or, left blank, the one ``seat_colours`` gives it; each
    player keeps their seat's colour for next time."""
    play = Play.objects.create(
        game=game,
        mode=mode,
        options=options,
        group=group,
        recorded_by=user if user.is_authenticated else None,
        hide_totals=hide_totals,
        started_at=started_at,
    )
    players = [group.player_named(name) if group else Player(name=name) for name in names]
    given = seat_colours(colours, [player.colour for player in players])
    for position, (player, colour) in enumerate(zip(players, given, strict=True)):
        if player.pk is None:
            player.colour = colour
            player.save()
        elif player.colour != colour:
            # Not Player.save(): the group's pages change once the play is finished.
            Player.objects.filter(pk=player.pk).update(colour=colour)
            player.colour = colour
        Result.objects.create(play=play, player=player, position=position, colour=colour)
    return play


@dataclass(frozen=True)
class Progress:
    """A play's running score: the sheet of what is entered (None, with the reasons
    in ``problems``, while it does not add up), the game's own reading of the entry,
    and what the game still lacks before it can finish."""

    sheet: Sheet | None
    parsed: Any
    problems: list[str]
    unfinished: list[FieldError]

    def player(self, index: int) -> PlayerScore | None:
        return self.sheet.players[index] if self.sheet else None

    def total(self, index: int) -> int | None:
        player = self.player(index)
        return player.total if player else None

    def left_to_enter(self, field: str) -> list[str]:
        """What is missing at the entry field ``field`` (a seat's board, say) or below it."""
        return [
            e.message
            for e in self.unfinished
            if e.field == field or e.field.startswith((f"{field}.", f"{field}["))
        ]
