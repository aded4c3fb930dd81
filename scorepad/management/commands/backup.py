import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from scorepad import backups


class Command(BaseCommand):
    help = (
        "Back up the database in DATABASE_URL: SQLite with an online backup (safe while the "
        "site runs), PostgreSQL with pg_dump --format=custom. Prints the path written."
    )
    # Backing up must work even when some other part of the site does not pass its checks.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "path",
            nargs="?",
            help="file to write (default: backups/scorepad-<engine>-<UTC timestamp>"
            ".<sqlite3|dump>); an existing file is replaced once the backup is complete",
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")

    def handle(self, *args: Any, path: str | None, database: str, **options: Any) -> None:
        try:
            written = backups.backup(connections[database], Path(path) if path else None)
        except (backups.BackupError, DatabaseError) as e:
            raise CommandError(str(e)) from e
        self.stdout.write(backups.shown(written))
        size = os.path.getsize(written)
        self.stderr.write(f"Backed up {size:,} bytes.", style_func=self.style.SUCCESS)
