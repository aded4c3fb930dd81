"""Backup and restore (`manage.py backup` / `restore`, `make backup` / `make restore`).

The round trip runs on the engine the suite runs on, chosen when the tests are collected:
``test_round_trip_restores_every_play[sqlite]`` in the SQLite run and ``[postgresql]`` in
the PostgreSQL run (scripts/with-postgres), so each run tests its own engine and nothing is
skipped.

- PostgreSQL: the real test database, with committed data (``transaction=True``) so that
  pg_dump and pg_restore, separate sessions, see it.
- SQLite: the suite's test database is in memory, and an in-memory database has no file to
  back up. So for the length of the test Django's default connection is pointed at a new
  database file (migrated by ``migrate``, the site's WAL settings included), and everything,
  from building the plays to the commands, goes through that connection as it would on a
  running site.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.management import CommandError, call_command
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.utils import load_backend

from scorepad import backups, records
from scorepad.models import (
    Group,
    Play,
    Player,
    PlayEvent,
    Result,
    create_group,
    delete_play,
    finish_play,
    start_play,
)
from scorepad.models.changes import add_event, remove_event, save_entry
from tests.reef_draft_games import ROUNDS
from tests.reef_draft_games import TOTALS as REEF_TOTALS

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
# The engine of the database this run of the suite uses; every engine's round trip exists,
# but a run collects only its own.
ENGINE = connection.vendor
assert ENGINE in backups.SUFFIXES, f"no backup round trip for {ENGINE}"


def example(game: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"{game}.json").read_text())


def example_totals(game: str) -> dict[str, int]:
    sheet = json.loads((EXAMPLES / f"{game}.sheet.json").read_text())
    return {p["name"]: p["total"] for p in sheet["players"]}


# --- finished plays, built the way the site builds them ----------------------------------


def started(group: Group, user: Any, game: str, names: list[str], day: date, **kw: Any) -> Play:
    play = start_play(game=game, names=names, group=group, user=user, **kw)
    play.played_on = day
    play.save(update_fields=["played_on"])
    return play


def enter(play: Play, entries: dict[str, dict[str, Any]]) -> None:
    for result in play.ordered_results():
        result.entry = entries[result.name]
        result.save(update_fields=["entry"])


def totals(play: Play) -> dict[str, int | None]:
    return {r.name: r.total for r in play.ordered_results()}


def reef_draft(group: Group, user: Any, day: date) -> Play:
    """tests/reef_draft_games.py, round by round: Ana 64, Ben 66."""
    play = started(group, user, "reef-draft", ["Ana", "Ben"], day, options={})
    rounds = {n: {str(i): r[n] for i, r in enumerate(ROUNDS, 1)} for n in ("Ana", "Ben")}
    enter(play, {name: {"rounds": rounds[name]} for name in rounds})
    finish_play(play)
    assert totals(play) == REEF_TOTALS
    return play


def seagrass(group: Group, user: Any, day: date) -> Play:
    """docs/examples/seagrass.json, logged event by event, then each player's tally."""
    data = example("seagrass")
    play = started(
        group, user, "seagrass", data["players"], day, mode="log", options=data["options"]
    )
    for event in data["events"]:
        add_event(play, event)
    enter(play, {name: {"final": final} for name, final in data["final"].items()})
    finish_play(play)
    assert totals(play) == example_totals("seagrass")
    return play


def coral_stations(group: Group, user: Any, day: date) -> Play:
    """docs/examples/coral-stations.json: the log, the tallies, the stations still open."""
    data = example("coral-stations")
    play = started(group, user, "coral-stations", data["players"], day, mode="log", options={})
    for event in data["events"]:
        add_event(play, event)
    enter(play, {name: {"final": final} for name, final in data["final"].items()})
    for station in data["open_stations"]:  # scored at the end, with the final tally
        add_event(play, {"type": "open_station", **station})
    finish_play(play)
    assert totals(play) == example_totals("coral-stations")
    return play


def shallow_sea(group: Group, user: Any, day: date) -> Play:
    """docs/examples/shallow-sea.json: two full boards."""
    data = example("shallow-sea")
    options = {"setup": data["setup"], "achievement": data["achievement"], "entry": "board"}
    play = started(
        group, user, "shallow-sea", data["players"], day, mode=data["mode"], options=options
    )
    enter(play, {name: {"board": board} for name, board in data["boards"].items()})
    finish_play(play)
    assert totals(play) == example_totals("shallow-sea")
    return play


def build_history() -> Group:
    owner = get_user_model().objects.create_user("alice", password="pw-for-tests-123")
    group = create_group("Thursday table", owner)
    reef_draft(group, owner, date(2025, 3, 14))
    seagrass(group, owner, date(2025, 3, 15))
    coral_stations(group, owner, date(2025, 3, 16))
    shallow_sea(group, owner, date(2025, 3, 17))
    # One still in progress, half entered.
    unfinished = started(
        group, owner, "seagrass", ["Ana", "Ben"], date(2025, 3, 18), mode="log", options={}
    )
    add_event(unfinished, {"type": "colony", "player": "Ana", "creatures": 3})
    return group


# --- what is compared ----------------------------------------------------------------------


def row(obj: Any) -> dict[str, Any]:
    """Every stored column of a model instance, whatever fields the model has today."""
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def snapshot() -> dict[str, Any]:
    """Every play, as stored: the play's own columns (game, date, mode, options, status,
    notes, ...), each result with its player's name (entry, breakdown, total, rank, ...)
    and each event of its log; plus the groups and players around them."""
    plays = {}
    for play in Play.objects.select_related("group").order_by("uuid"):
        plays[str(play.uuid)] = {
            "play": row(play),
            "group": play.group.name if play.group else None,
            "results": [
                {**row(r), "player": r.player.name}
                for r in Result.objects.filter(play=play).select_related("player")
            ],
            "events": [row(e) for e in PlayEvent.objects.filter(play=play).order_by("seq")],
        }
    return {
        "plays": plays,
        "groups": sorted((g.pk, g.name) for g in Group.objects.all()),
        "players": sorted((p.pk, p.group_id, p.name) for p in Player.objects.all()),
        "records": records.snapshot(),
    }


def change_everything(group: Group) -> None:
    """What happens after a backup: a play deleted, one corrected, one added, a rename."""
    plays = {p.game: p for p in Play.objects.finished()}
    delete_play(plays["seagrass"])
    reef = plays["reef-draft"]
    results = reef.ordered_results()
    entry = results[0].entry
    first = entry["rounds"]["1"]  # one card of the first round's reef a jelly instead
    swapped = next(k for k, n in first.items() if k != "jellies" and isinstance(n, int) and n)
    jellies = first.get("jellies", 0) + 1
    rounds = {**entry["rounds"], "1": {**first, swapped: first[swapped] - 1, "jellies": jellies}}
    save_entry(reef, results[0], {**entry, "rounds": rounds}, results)
    coral = plays["coral-stations"]
    remove_event(coral, coral.logged_events()[-1])
    shallow = plays["shallow-sea"]
    Play.objects.filter(pk=shallow.pk).update(played_on=date(2024, 1, 1), options={})
    Result.objects.filter(play=shallow).update(rank=None, total=0, breakdown={})
    started(group, AnonymousUser(), "reef-draft", ["Ana", "Cleo"], date(2025, 4, 1), options={})
    group.players.filter(name="Ben").update(name="Benjamin")


# --- the round trip -------------------------------------------------------------------------


@contextmanager
def live_database(engine: str, tmp_path: Path) -> Iterator[None]:
    """The database the round trip works on: the test database itself on PostgreSQL; on
    SQLite, a new migrated database file in place of the in-memory one."""
    if engine != "sqlite":
        yield
        return
    original = connections[DEFAULT_DB_ALIAS]
    settings_dict = {**original.settings_dict, "NAME": str(tmp_path / "site.sqlite3")}
    live = load_backend(settings_dict["ENGINE"]).DatabaseWrapper(settings_dict, DEFAULT_DB_ALIAS)
    connections[DEFAULT_DB_ALIAS] = live
    try:
        call_command("migrate", verbosity=0)
        with live.cursor() as cursor:  # the site's settings put the file in WAL mode
            assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        yield
    finally:
        live.close()
        connections[DEFAULT_DB_ALIAS] = original


def run(command: str, *args: str) -> str:
    out = io.StringIO()
    call_command(command, *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("engine", [ENGINE])
def test_round_trip_restores_every_play(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backups, "BACKUP_DIR", tmp_path / "backups")
    with live_database(engine, tmp_path):
        group = build_history()
        before = snapshot()
        assert len(before["plays"]) == 5
        assert sum(len(p["events"]) for p in before["plays"].values()) > 30

        # The default path: backups/scorepad-<engine>-<UTC timestamp>.<sqlite3|dump>,
        # taken with the site's connection open (online).
        written = Path(run("backup").strip())
        suffix = backups.SUFFIXES[engine]
        assert written.parent == tmp_path / "backups"
        assert re.fullmatch(rf"scorepad-{engine}-\d{{8}}T\d{{6}}Z\{suffix}", written.name)

        change_everything(group)
        changed = snapshot()
        assert changed != before
        assert set(changed["plays"]) != set(before["plays"])

        if engine == "sqlite":
            # The site still has the database open: the restore refuses, changing nothing.
            with pytest.raises(CommandError, match="in use"):
                run("restore", str(written))
            assert snapshot() == changed
        connection.close()  # the site stops

        out = run("restore", str(written))
        saved = next((tmp_path / "backups").glob(f"*-before-restore{suffix}"))
        assert f"Saved the database as it was to {backups.shown(saved)}" in out

        after = snapshot()
        assert after == before
        for uuid, play in before["plays"].items():  # spelled out, for a readable failure
            assert after["plays"][uuid] == play
        assert Play.objects.get(game="shallow-sea").played_on == date(2025, 3, 17)
        # The records came back with the plays, and the restore worked them out again.
        assert "Rebuilt the records" in out
        assert after["records"]["tallies"]
        records.rebuild()
        assert records.snapshot() == after["records"]
        # The site carries on writing to the restored database.
        started(group, AnonymousUser(), "reef-draft", ["Ana", "Ben"], date(2025, 5, 1), options={})
        assert Play.objects.count() == 6


@pytest.mark.django_db
def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path: Path) -> None:
    bogus = tmp_path / f"notes{backups.SUFFIXES[ENGINE]}"
    bogus.write_text("not a backup\n")
    with pytest.raises(CommandError, match="not a"):
        run("restore", str(bogus))
    with pytest.raises(CommandError, match="No backup file"):
        run("restore", str(tmp_path / "missing.dump"))


# --- SQLite's online backup and safe restore, on plain files (any run) -------------------


def wal_database(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO django_migrations (name) VALUES ('0001_initial')")
    return conn


def names(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT name FROM django_migrations ORDER BY id")]
    finally:
        conn.close()


def test_sqlite_backup_is_online_and_holds_what_was_committed(tmp_path: Path) -> None:
    db, copy = tmp_path / "site.sqlite3", tmp_path / "copy.sqlite3"
    site = wal_database(db)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # a write in progress, holding the write lock
    writer.execute("INSERT INTO django_migrations (name) VALUES ('uncommitted')")
    backups.sqlite_backup(db, copy)  # does not wait for the writer
    writer.execute("COMMIT")
    assert names(copy) == ["0001_initial"]
    assert names(db) == ["0001_initial", "uncommitted"]
    # A single self-contained file: rollback journal, no -wal beside it.
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert not Path(f"{copy}-wal").exists()
    site.close()
    writer.close()


def test_sqlite_restore_swaps_the_file_and_drops_the_old_wal(tmp_path: Path) -> None:
    db, copy = tmp_path / "site.sqlite3", tmp_path / "copy.sqlite3"
    site = wal_database(db)
    backups.sqlite_backup(db, copy)
    site.execute("INSERT INTO django_migrations (name) VALUES ('later')")

    with pytest.raises(backups.BackupError, match="in use"):
        backups.sqlite_restore(copy, db)
    assert names(db) == ["0001_initial", "later"]
    assert not list(tmp_path.glob(".*partial"))

    # A site that stopped uncleanly: committed pages still in the -wal beside the file.
    site.execute("PRAGMA wal_autocheckpoint=0")
    site.execute("INSERT INTO django_migrations (name) VALUES ('in the wal')")
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{db}{suffix}", crashed / f"site.sqlite3{suffix}")
    site.close()
    assert names(db) == ["0001_initial", "later", "in the wal"]
    db = crashed / "site.sqlite3"

    saved = tmp_path / "saved.sqlite3"
    backups.sqlite_restore(copy, db, save_current_to=saved)
    assert names(db) == ["0001_initial"]  # the old WAL was not replayed into it
    assert names(saved) == ["0001_initial", "later", "in the wal"]
    assert sorted(p.name for p in crashed.iterdir()) == ["site.sqlite3"]
    assert not list(tmp_path.glob(".*partial"))


def test_sqlite_restore_of_a_bad_file_leaves_the_database_alone(tmp_path: Path) -> None:
    db, other = tmp_path / "site.sqlite3", tmp_path / "other.sqlite3"
    wal_database(db).close()
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(backups.BackupError, match="not a backup of this site"):
        backups.sqlite_restore(other, db)
    assert names(db) == ["0001_initial"]


def test_missing_pg_tools_are_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PG_BIN", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(backups.BackupError) as error:
        backups.find_pg_tool("pg_dump", 99)
    message = str(error.value)
    assert "pg_dump for PostgreSQL 99 or newer not found" in message
    assert "apt-get install postgresql-client-99" in message
    assert "PG_BIN" in message
