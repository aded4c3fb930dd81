"""`make bench`'s import rows: a Scorepad file of 10,000 plays brought into a group.

In this process, against a throwaway SQLite database with the production settings
(WAL, the write lock taken at BEGIN): a group's history of varied plays across the
four games (``seed_bench``'s builder), exported, repeated with fresh ids up to the
wanted size, then imported into a new group, as the import screen does it
(``exports.importing.import_history`` on the file's JSON). Measured: the whole import (wall
clock and this process's CPU time), and how long it held the write lock (from its
``BEGIN IMMEDIATE`` to the end of its commit), which is how long another phone's save
would have waited.

    .venv/bin/python scripts/bench_import.py [--plays 10000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The history exported: ten plays of each game, each with its own numbers and seats.
HISTORY = 40


def setup(tmp: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="scorepad.settings",
        DEBUG="0",
        SECRET_KEY="bench-only-" + os.urandom(24).hex(),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=f"sqlite:///{tmp / 'import.sqlite3'}",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def document(plays: int) -> tuple[bytes, Any, Any]:
    """The file (as the export writes it), the user importing it and the group it goes to."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scorepad.codecs import all_codecs
    from scorepad.exports.document import history_document, with_entries
    from scorepad.exports.plays import finished_plays
    from scorepad.management.commands.seed_bench import Builder
    from scorepad.models import create_group

    user = get_user_model().objects.create_user("bench")
    home = create_group("Where the plays were", user)
    builder = Builder(home, user, home.players.get(user=user).name, random.Random(13))
    codecs = all_codecs()
    for i in range(HISTORY):
        builder.play(codecs[i % len(codecs)])
    history = history_document(home, with_entries(finished_plays(home)), timezone.localtime())
    originals = history["plays"]
    history["plays"] = [
        {**originals[i % len(originals)], "id": str(uuid.uuid4())} for i in range(plays)
    ]
    text = json.dumps(history, indent=2, ensure_ascii=False).encode()
    return text, user, create_group("Where the plays go", user)


def measure(text: bytes, user: Any, group: Any) -> dict[str, float]:
    from django.db import connection

    from scorepad.exports.importing import import_history
    from scorepad.exports.reading import read_json

    marks: dict[str, float] = {}

    def note_begin(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if sql.startswith("BEGIN"):
            marks["begin"] = time.perf_counter()
        return execute(sql, params, many, context)

    commit = connection.commit

    def timed_commit() -> None:
        commit()
        marks["commit"] = time.perf_counter()

    connection.commit = timed_commit  # type: ignore[method-assign]
    wall, cpu = time.perf_counter(), time.process_time()
    with connection.execute_wrapper(note_begin):
        # As the import screen reads the upload: the bytes decoded, the JSON read.
        report = import_history(read_json(text), group, user)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if report.imported != group.plays.count():
        raise RuntimeError(f"{report.message()} but the group holds {group.plays.count()}")
    return {
        "plays": report.imported,
        "megabytes": len(text) / 1e6,
        "seconds": wall,
        "cpu_seconds": cpu,
        "lock_seconds": marks["commit"] - marks["begin"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=10_000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="scorepad-bench-import-"))
    try:
        setup(tmp)
        figures = measure(*document(args.plays))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['plays']:,} plays ({figures['megabytes']:.1f} MB): "
            f"{figures['seconds']:.2f} s ({figures['cpu_seconds']:.2f} s CPU), "
            f"write lock held {figures['lock_seconds']:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
