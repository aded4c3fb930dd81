"""Backups of the site's database, for ``manage.py backup`` / ``restore`` (``make backup``).

SQLite: an online backup through SQLite's backup API (``sqlite3.Connection.backup``): one
consistent snapshot of the last committed state, taken while the site keeps running (in WAL
mode readers never block writers). The backup is a single self-contained database file.
Restoring validates the file, copies it next to the database, then swaps it in with one
atomic rename; it refuses while any other connection has the database open.

PostgreSQL: ``pg_dump --format=custom`` and ``pg_restore --clean --if-exists --no-owner
--single-transaction`` (all or nothing), with the connection settings Django uses.

Both write to a temporary file first and rename it into place, so a backup file is never
half written. Restore saves the current database first (unless told not to).
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import stat
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.request import pathname2url

from django.conf import settings

BACKUP_DIR = Path(settings.BASE_DIR) / "backups"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".dump"}
# Where Debian keeps each PostgreSQL version's binaries (pg_dump, pg_restore, ...).
PG_LIB = Path("/usr/lib/postgresql")


class BackupError(Exception):
    """A backup or restore that could not be done; the message says why and what to do."""


def engine_of(connection: Any) -> str:
    """``"sqlite"`` or ``"postgresql"`` for a Django connection; BackupError otherwise."""
    if connection.vendor in SUFFIXES:
        return connection.vendor
    raise BackupError(f"Backups support SQLite and PostgreSQL, not {connection.vendor}.")


def default_path(engine: str, label: str = "") -> Path:
    """``backups/scorepad-<engine>-<UTC timestamp><label>.<sqlite3|dump>``; never a file
    that exists already (two backups in the same second get ``-2``, ``-3``, ...)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    stem = f"scorepad-{engine}-{stamp}{label}"
    path = BACKUP_DIR / f"{stem}{SUFFIXES[engine]}"
    n = 1
    while path.exists():
        n += 1
        path = BACKUP_DIR / f"{stem}-{n}{SUFFIXES[engine]}"
    return path


def backup(connection: Any, dest: Path | None = None) -> Path:
    """Back up the database of a Django connection to ``dest`` (or the default path)."""
    engine = engine_of(connection)
    dest = Path(dest) if dest is not None else default_path(engine)
    if dest.is_dir():
        raise BackupError(f"{dest} is a directory; give a file name.")
    if engine == "sqlite":
        sqlite_backup(sqlite_path(connection), dest)
    else:
        pg_backup(connection, dest)
    return dest


def restore(connection: Any, source: Path, *, safety_backup: bool = True) -> Path | None:
    """Replace the database of a Django connection with the backup ``source``.

    The backup is checked first; a file that is not one changes nothing. With
    ``safety_backup`` the current database is backed up first (default path, labelled
    ``-before-restore``); that path is returned."""
    engine = engine_of(connection)
    source = Path(source)
    if not source.is_file():
        raise BackupError(f"No backup file at {source}.")
    saved = default_path(engine, "-before-restore") if safety_backup else None
    if engine == "sqlite":
        check_sqlite_backup(source)
        db = sqlite_path(connection)
        sqlite_restore(source, db, checked=True, save_current_to=saved)
        if saved is not None and not saved.exists():
            saved = None  # there was no database yet
    else:
        pg_check_dump(connection, source)
        if saved is not None:
            pg_backup(connection, saved)
        pg_restore(connection, source)
    return saved


def shown(path: Path) -> str:
    """``path`` relative to the current directory when it is below it (as it would be typed
    back to ``make restore FILE=...``), else absolute."""
    absolute = Path(path).resolve()
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


# --- files -------------------------------------------------------------------------------


@contextmanager
def _temp_beside(path: Path) -> Iterator[Path]:
    """A temporary file name in ``path``'s directory (so a rename is atomic); removed
    unless the caller renamed it away."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
    finally:
        tmp.unlink(missing_ok=True)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _replace(tmp: Path, dest: Path) -> None:
    """Rename ``tmp`` over ``dest`` durably: the file's data, then the directory entry."""
    _fsync(tmp)
    os.replace(tmp, dest)
    _fsync(dest.parent)


# --- SQLite ------------------------------------------------------------------------------


def sqlite_path(connection: Any) -> Path:
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        raise BackupError("This SQLite database lives in memory; there is no file to back up.")
    return Path(name)


def _sqlite_connect(path: Path, mode: str, timeout: float = 20.0) -> sqlite3.Connection:
    """Open an existing database file (``mode`` ``ro`` or ``rw``), never creating one."""
    uri = f"file:{pathname2url(str(path.resolve()))}?mode={mode}"
    return sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)


def _copy_sqlite(src: sqlite3.Connection, dest: Path) -> None:
    """Copy an open database into a new file with the backup API, in one step: the copy is
    one consistent snapshot, and a WAL-mode source keeps serving readers and writers. The
    copy is switched to a rollback journal so it is one self-contained file, then checked."""
    dst = sqlite3.connect(dest, isolation_level=None)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")
        problem = dst.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        dst.close()
    if problem != "ok":
        raise BackupError(f"The copy failed SQLite's check: {problem}")


def sqlite_backup(db: Path, dest: Path) -> None:
    """Online backup of the SQLite database file ``db`` to ``dest``."""
    if not db.is_file():
        raise BackupError(f"No SQLite database at {db} (run `manage.py migrate` first?).")
    try:
        src = _sqlite_connect(db, "rw")
        try:
            with _temp_beside(dest) as tmp:
                _copy_sqlite(src, tmp)
                _replace(tmp, dest)
        finally:
            src.close()
    except sqlite3.Error as e:
        raise BackupError(f"Could not back up {db}: {e}") from e


def check_sqlite_backup(path: Path) -> None:
    """BackupError unless ``path`` is a sound SQLite database holding a Django schema."""
    try:
        conn = _sqlite_connect(path, "ro")
        try:
            problem = conn.execute("PRAGMA quick_check").fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise BackupError(f"{path} is not a SQLite backup: {e}") from e
    if problem != "ok":
        raise BackupError(f"{path} is damaged (SQLite's check says: {problem}).")
    if "django_migrations" not in tables:
        raise BackupError(f"{path} is a SQLite database, but not a backup of this site.")


def processes_using(path: Path) -> list[int]:
    """Other processes with ``path`` open, as far as /proc shows (Linux; other users'
    processes stay hidden unless run as root). Empty where there is no /proc."""
    try:
        target = path.stat()
    except OSError:
        return []
    pids = []
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        pid = int(fd_dir.parent.name)
        if pid == os.getpid():
            continue
        try:
            fds = list(fd_dir.iterdir())
        except OSError:
            continue
        for fd in fds:
            with suppress(OSError):
                st = fd.stat()
                if (st.st_dev, st.st_ino) == (target.st_dev, target.st_ino):
                    pids.append(pid)
                    break
    return sorted(pids)


def sqlite_restore(
    source: Path, db: Path, *, checked: bool = False, save_current_to: Path | None = None
) -> None:
    """Replace the SQLite database file ``db`` with the backup ``source``.

    The backup is copied (and checked) beside ``db`` first, so a failure leaves ``db`` as it
    was. Then, with no other connection open, it is renamed over ``db`` in one step and the
    old database's ``-wal``/``-shm`` files go, so they cannot be replayed into the new one.
    Refused while any other connection has the database open: stop the site first.
    With ``save_current_to``, the database being replaced is backed up there first, under
    the same lock."""
    if not checked:
        check_sqlite_backup(source)
    try:
        with _temp_beside(db) as tmp:
            src = _sqlite_connect(source, "ro")
            try:
                _copy_sqlite(src, tmp)
            finally:
                src.close()
            if not db.exists():
                _replace(tmp, db)
                return
            os.chmod(tmp, stat.S_IMODE(db.stat().st_mode))
            pids = processes_using(db)
            if pids:
                raise BackupError(
                    f"{db} is open in other processes ({', '.join(map(str, pids))}). Stop the "
                    "site (and any shell or command using the database), then restore again."
                )
            # Leaving WAL mode needs the only connection to the database: while anyone else
            # has it open (a running site, a shell, this process's own Django connection),
            # this fails and nothing is touched.
            # It also folds the WAL into the old file and removes it.
            lock = _sqlite_connect(db, "rw", timeout=2.0)
            try:
                try:
                    mode = lock.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
                except sqlite3.OperationalError:
                    mode = None
                if mode != "delete":
                    raise BackupError(
                        f"{db} is in use (another connection has it open). Stop the site "
                        "(and any shell or command using the database), then restore again."
                    )
                # Hold the old file's write lock until the new one is in place.
                lock.execute("BEGIN EXCLUSIVE")
                if save_current_to is not None:
                    # Under the exclusive lock, in rollback mode, the file is the database.
                    with _temp_beside(save_current_to) as saved:
                        shutil.copyfile(db, saved)
                        check_sqlite_backup(saved)
                        _replace(saved, save_current_to)
                _replace(tmp, db)
                for leftover in ("-wal", "-shm", "-journal"):
                    Path(f"{db}{leftover}").unlink(missing_ok=True)
            finally:
                lock.close()
    except sqlite3.Error as e:
        raise BackupError(f"Could not restore {db} from {source}: {e}") from e


# --- PostgreSQL --------------------------------------------------------------------------


def _tool_major(path: Path) -> int | None:
    """The major version ``pg_dump --version`` (or pg_restore) reports; None if it fails."""
    try:
        out = subprocess.run(
            [str(path), "--version"], capture_output=True, text=True, timeout=30, check=True
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r"\(PostgreSQL\)\s+(\d+)", out)
    return int(match.group(1)) if match else None


def _lib_major(path: Path) -> int:
    return int(path.name) if path.name.isdigit() else -1


def find_pg_tool(name: str, server_major: int) -> Path:
    """``pg_dump`` or ``pg_restore`` that can work with a server of ``server_major``.

    In order: ``$PG_BIN``; Debian's ``/usr/lib/postgresql/<server major>/bin``; the PATH;
    newer versions under ``/usr/lib/postgresql``. A tool must be the server's major version
    or newer (pg_dump refuses newer servers)."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]) / name)
    candidates.append(PG_LIB / str(server_major) / "bin" / name)
    on_path = shutil.which(name)
    if on_path:
        candidates.append(Path(on_path))
    if PG_LIB.is_dir():
        newer = [d for d in PG_LIB.iterdir() if _lib_major(d) > server_major]
        candidates += [d / "bin" / name for d in sorted(newer, key=_lib_major, reverse=True)]
    found = []
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            major = _tool_major(path)
            if major is not None and major >= server_major:
                return path
            found.append(f"{path} (PostgreSQL {major or '?'})")
    seen = "; found only " + ", ".join(found) if found else ""
    raise BackupError(
        f"{name} for PostgreSQL {server_major} or newer not found (looked in $PG_BIN, "
        f"{PG_LIB / str(server_major) / 'bin'}, the PATH and {PG_LIB}/*/bin{seen}). "
        f"Install it (apt-get install postgresql-client-{server_major}) or set PG_BIN "
        "to the directory that holds it."
    )


# libpq settings Django passes through OPTIONS, as the environment variables the tools read.
PG_OPTION_ENV = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
    "connect_timeout": "PGCONNECT_TIMEOUT",
    "target_session_attrs": "PGTARGETSESSIONATTRS",
}


def pg_command(tool: Path, settings_dict: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
    """The tool with Django's connection settings: host, port, user and database as
    arguments, the password as PGPASSWORD (never on the command line)."""
    args = [str(tool), "--no-password"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings_dict.get(key):
            args.append(f"{flag}={settings_dict[key]}")
    args.append(f"--dbname={settings_dict['NAME']}")
    env = dict(os.environ)
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    for option, variable in PG_OPTION_ENV.items():
        value = (settings_dict.get("OPTIONS") or {}).get(option)
        if value is not None:
            env[variable] = str(value)
    return args, env


def _server_major(connection: Any) -> int:
    return connection.pg_version // 10000


def _run(args: list[str], env: Mapping[str, str], what: str) -> str:
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    except OSError as e:
        raise BackupError(f"Could not run {args[0]}: {e}") from e
    if done.returncode != 0:
        name = Path(args[0]).name
        raise BackupError(f"{what} failed ({name} exit {done.returncode}):\n{done.stderr.strip()}")
    return done.stdout


def pg_backup(connection: Any, dest: Path) -> None:
    """``pg_dump --format=custom`` of the connection's database to ``dest``."""
    tool = find_pg_tool("pg_dump", _server_major(connection))
    args, env = pg_command(tool, connection.settings_dict)
    with _temp_beside(dest) as tmp:
        _run([*args, "--format=custom", f"--file={tmp}"], env, "pg_dump")
        _replace(tmp, dest)


def pg_check_dump(connection: Any, source: Path) -> None:
    """BackupError unless ``source`` is a pg_dump archive this pg_restore can read."""
    tool = find_pg_tool("pg_restore", _server_major(connection))
    try:
        _run([str(tool), "--list", str(source)], os.environ, "Reading the dump")
    except BackupError as e:
        raise BackupError(f"{source} is not a PostgreSQL backup (custom format): {e}") from e


def pg_other_sessions(connection: Any) -> int:
    """How many other sessions are connected to the connection's database."""
    with connection.temporary_connection() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def pg_restore(connection: Any, source: Path) -> None:
    """``pg_restore --clean --if-exists --no-owner --single-transaction`` into the
    connection's database: every object in the dump is dropped and recreated, all at once
    or not at all. It waits for sessions holding locks on those tables (the dump's own
    script turns lock_timeout off)."""
    tool = find_pg_tool("pg_restore", _server_major(connection))
    # Django's own session must not hold a lock on a table the restore drops.
    connection.close()
    args, env = pg_command(tool, connection.settings_dict)
    _run(
        [*args, "--clean", "--if-exists", "--no-owner", "--single-transaction", str(source)],
        env,
        "pg_restore",
    )
