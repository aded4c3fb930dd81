"""The records kept as plays change (scorepad/records.py) always equal a rebuild from the
plays: random sequences of everything that changes a finished play, solo plays among
them, checked after each step; solo plays are no wins; and the command that rebuilds
them."""

from __future__ import annotations

import io
import uuid
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, note
from hypothesis import strategies as st

from games.contract import InvalidInput
from scorepad import records
from scorepad.exports.document import FORMAT, VERSION, history_document
from scorepad.exports.importing import import_history
from scorepad.models import (
    GameTally,
    Group,
    MergeRefused,
    Play,
    Player,
    Standing,
    delete_play,
    finish_play,
    merge_players,
    move_play_to_group,
    play_from_input,
    restore_play,
    void_play,
)
from scorepad.models.changes import save_entry
from tests.test_properties import examples

pytestmark = pytest.mark.django_db

GAME = "tide-pool"  # tests/fake_game: a count or two per seat, scored at once
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
START = date(2026, 1, 1)


def counts(shells: int, pearls: int) -> dict[str, Any]:
    return {"counts": {"shells": shells, "pearls": pearls}}


def tide_pool(seats: list[tuple[str, int, int]]) -> dict[str, Any]:
    return {
        "players": [name for name, _, _ in seats],
        "entry": "counts",
        "counts": {name: {"shells": s, "pearls": p} for name, s, p in seats},
    }


def assert_kept_equals_rebuild() -> None:
    kept = records.snapshot()
    records.rebuild()
    assert kept == records.snapshot()


# --- The operations --------------------------------------------------------------------

# One seat is a solo play: no win for anyone, though its score counts.
seats = st.lists(
    st.tuples(st.sampled_from(NAMES), st.integers(0, 6), st.integers(0, 3)),
    min_size=1,
    max_size=4,
    unique_by=lambda seat: seat[0],
)
pick = st.integers(0, 10**6)
operations = st.one_of(
    st.tuples(st.just("play"), seats, st.integers(0, 5)),
    st.tuples(st.just("guest play"), seats, st.booleans()),
    st.tuples(st.just("correct"), pick, pick, st.integers(0, 9), st.integers(0, 3)),
    st.tuples(st.just("refused correction"), pick, pick),
    st.tuples(st.just("void"), pick),
    st.tuples(st.just("restore"), pick),
    st.tuples(st.just("delete"), pick),
    st.tuples(st.just("merge"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
    st.tuples(st.just("import"), st.lists(seats, min_size=1, max_size=4), st.integers(0, 5)),
    st.tuples(st.just("import again"), pick),
)


class History:
    """One group, changed the ways the site changes plays."""

    def __init__(self, user: Any) -> None:
        self.group = Group.objects.create(name="Rock pools")
        self.user = user

    def plays(self, **filters: Any) -> list[Play]:
        return list(Play.objects.filter(**filters).order_by("pk"))

    def chosen(self, n: int, **filters: Any) -> Play | None:
        plays = self.plays(**filters)
        return plays[n % len(plays)] if plays else None

    def apply(self, op: tuple[Any, ...]) -> None:
        kind, *args = op
        getattr(self, {"import": "import_"}.get(kind, kind).replace(" ", "_"))(*args)

    def play(self, seats: list[tuple[str, int, int]], day: int) -> None:
        play = play_from_input(GAME, tide_pool(seats), group=self.group, user=self.user)
        Play.objects.filter(pk=play.pk).update(played_on=START + timedelta(days=day))
        play.refresh_from_db()
        finish_play(play)

    def guest_play(self, seats: list[tuple[str, int, int]], move: bool) -> None:
        play = play_from_input(GAME, tide_pool(seats), group=None, user=self.user, finish=True)
        if move:
            move_play_to_group(play, self.group, self.user)

    def correct(self, n: int, seat: int, shells: int, pearls: int) -> None:
        play = self.chosen(n, status=Play.Status.FINISHED)
        if play is not None:
            results = play.ordered_results()
            save_entry(play, results[seat % len(results)], counts(shells, pearls), results)

    def refused_correction(self, n: int, seat: int) -> None:
        """A correction that leaves a seat without its counts: refused, the play stays
        finished and counted as it was."""
        play = self.chosen(n, status=Play.Status.FINISHED)
        if play is not None:
            results = play.ordered_results()
            with pytest.raises(InvalidInput), transaction.atomic():
                save_entry(play, results[seat % len(results)], {}, results)
            play.refresh_from_db()
            assert play.status == Play.Status.FINISHED

    def void(self, n: int) -> None:
        play = self.chosen(n, status=Play.Status.FINISHED)
        if play is not None:
            void_play(play, self.user)

    def restore(self, n: int) -> None:
        play = self.chosen(n, status=Play.Status.VOIDED)
        if play is not None:
            restore_play(play)

    def delete(self, n: int) -> None:
        play = self.chosen(n)
        if play is not None:
            delete_play(play)

    def merge(self, name: str, into: str) -> None:
        players = {p.name: p for p in self.group.players.all()}
        if name in players and into in players:
            try:
                merge_players(players[name], players[into])
            except MergeRefused:
                pass

    def import_(self, plays: list[list[tuple[str, int, int]]], day: int) -> None:
        document = {
            "format": FORMAT,
            "version": VERSION,
            "plays": [
                {
                    "id": str(uuid.uuid4()),
                    "game": GAME,
                    "date": (START + timedelta(days=day)).isoformat(),
                    "mode": "counts",
                    "options": {},
                    "players": [name for name, _, _ in seats],
                    "entries": {name: counts(s, p) for name, s, p in seats},
                    "events": [],
                }
                for seats in plays
            ],
        }
        import_history(document, self.group, self.user)

    def import_again(self, n: int) -> None:
        """The file a play came in by, imported again: nothing comes back, a play taken out
        of the history included (it stays as a tombstone)."""
        play = self.chosen(n, group=self.group)
        if play is not None:
            document = history_document(self.group, [play], timezone.now())
            before = Play.objects.count()
            import_history(document, self.group, self.user)
            assert Play.objects.count() == before


@examples(60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(operations, min_size=1, max_size=10))
def test_kept_records_always_equal_a_rebuild(alice: Any, steps: list[tuple[Any, ...]]) -> None:
    with transaction.atomic():
        history = History(alice)
        for step in steps:
            note(repr(step))
            history.apply(step)
            assert_kept_equals_rebuild()
        transaction.set_rollback(True)


def test_the_operations_really_change_the_records(alice: Any) -> None:
    """The property above is not met by records that stay empty: each step changes them."""
    history = History(alice)
    history.play([("Ana", 3, 1), ("Ben", 2, 0)], day=1)
    ana = Standing.objects.get(player__name="Ana")
    assert (ana.plays, ana.wins, ana.best) == (1, 1, ana.points)
    history.import_([[("Ana", 0, 0), ("Cleo", 5, 0)]], day=2)
    assert Standing.objects.get(player__name="Ana").plays == 2
    history.correct(0, 0, 9, 0)  # Ana's first play: 9 shells
    assert Standing.objects.get(player__name="Ana").best == 9
    history.merge("Cleo", "Ben")
    assert Standing.objects.get(player__name="Ben").plays == 2
    assert not Player.objects.filter(name="Cleo").exists()
    history.void(0)  # the first play, Ana's 9 and Ben's
    assert (
        Standing.objects.get(player__name="Ana").plays,
        Standing.objects.get(player__name="Ben").plays,
    ) == (1, 1)
    history.import_again(0)  # its tombstone keeps it out
    history.restore(0)
    assert Standing.objects.get(player__name="Ana").plays == 2
    history.refused_correction(0, 0)
    assert Standing.objects.get(player__name="Ana").best == 9
    history.delete(0)
    assert Standing.objects.get(player__name="Ana").plays == 1
    assert_kept_equals_rebuild()


def test_rebuild_command_restores_records_gone_wrong(alice: Any) -> None:
    history = History(alice)
    history.play([("Ana", 3, 1), ("Ben", 2, 0)], day=1)
    right = records.snapshot()
    Standing.objects.update(plays=99)
    assert records.snapshot() != right
    out = io.StringIO()
    call_command("rebuild_records", stdout=out)
    assert records.snapshot() == right
    assert "Rebuilt 2 standings" in out.getvalue()


def test_a_play_outside_any_group_counts_for_its_guests(db: Any) -> None:
    play = play_from_input(
        GAME,
        tide_pool([("Ana", 1, 0), ("Ben", 0, 0)]),
        group=None,
        user=AnonymousUser(),
        finish=True,
    )
    standing = Standing.objects.get(player__results__play=play, player__name="Ana")
    assert (standing.plays, standing.recent[0][2]) == (1, play.pk)


def test_solo_plays_are_no_wins_and_no_plays_that_could_be_won(alice: Any) -> None:
    history = History(alice)
    history.play([("Ana", 3, 1)], day=1)
    history.play([("Ana", 3, 1), ("Ben", 2, 0)], day=2)
    history.play([("Ana", 9, 0)], day=3)
    ana = Standing.objects.get(player__name="Ana")
    # Three plays (their points and best too), one of them against someone: won.
    assert (ana.plays, ana.contested, ana.wins, ana.points, ana.best) == (3, 1, 1, 21, 9)
    played = history.plays()
    tally = GameTally.objects.select_related("best").get()
    assert (tally.plays, tally.best_id, tally.latest_contested) == (
        3,
        played[2].results.get().pk,  # the solo play's 9 is the best score
        played[1],
    )
    assert_kept_equals_rebuild()
    history.delete(1)  # the only play against someone
    ana = Standing.objects.get(player__name="Ana")
    assert (ana.plays, ana.contested, ana.wins) == (2, 0, 0)
    assert GameTally.objects.get().latest_contested is None
    assert_kept_equals_rebuild()
