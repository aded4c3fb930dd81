from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from scorepad import backups, records


class Command(BaseCommand):
    help = (
        "Replace the database in DATABASE_URL with a backup made by `manage.py backup`. "
        "The current database is backed up first (backups/...-before-restore.*). SQLite: "
        "refused while anything has the database open, so stop the site first. PostgreSQL: "
        "pg_restore --clean --if-exists --no-owner in a single transaction."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="a backup file: .sqlite3 (SQLite) or .dump (PostgreSQL)")
        parser.add_argument(
            "--no-safety-backup",
            action="store_false",
            dest="safety_backup",
            help="do not back up the current database first",
        )
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS, help="database alias")

    def handle(
        self, *args: Any, path: str, safety_backup: bool, database: str, **options: Any
    ) -> None:
        connection = connections[database]
        try:
            if backups.engine_of(connection) == "postgresql":
                others = backups.pg_other_sessions(connection)
                if others:
                    self.stderr.write(
                        f"Warning: {others} other session(s) are connected to the database. "
                        "The restore is one transaction, but stop the site first: it waits for "
                        "any transaction using the tables, and the site sees the data change.",
                        style_func=self.style.WARNING,
                    )
            saved = backups.restore(connection, Path(path), safety_backup=safety_backup)
        except (backups.BackupError, DatabaseError) as e:
            raise CommandError(str(e)) from e
        if saved is not None:
            self.stdout.write(f"Saved the database as it was to {backups.shown(saved)}")
        self.stdout.write(
            self.style.SUCCESS(f"Restored {connection.settings_dict['NAME']} from {path}")
        )
        # The records came in the backup with the plays; worked out again all the same, so
        # that whatever the backup's records were, the site's agree with its plays.
        try:
            records.rebuild()
        except DatabaseError:
            self.stdout.write(
                "The backup is older than the records: `manage.py migrate` fills them in."
            )
        else:
            self.stdout.write("Rebuilt the records from the restored plays.")
