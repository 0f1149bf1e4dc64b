"""Opening a database file, in an order that never changes a file it then refuses.

1. ``inspection.inspect_database`` decides what the file is, read-only (links followed to the real file).
2. The real file's lock (``<name>.lock`` beside it) is taken: one program instance per file, whatever name or
   link it was opened by. A lock file this opening created is removed again if the file is then refused.
3. Partial files left by a process that died (a new database being built, a backup) are removed.
4. A missing file is built under ``<name>.partial`` (schema and facts in place) and renamed into place, so a
   database file is never seen half made: an empty or table-less file is never one of ours.
5. An older file of ours is copied to the backup folder, then migrated (one transaction), once.
6. The program version is recorded in ``app_info``. Any failure on the way is a ``DatabaseRefused``.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Callable

from filelock import FileLock, Timeout
from sqlalchemy import Engine
from sqlalchemy import text as sql_text
from sqlalchemy.exc import DBAPIError

from tournament_director import __version__
from tournament_director.store import backups
from tournament_director.store.engine import make_engine
from tournament_director.store.errors import DatabaseRefused
from tournament_director.store.inspection import Inspection, inspect_database
from tournament_director.store.schema import SCHEMA_HEAD, FileProblem, migrate_to_head

log = logging.getLogger(__name__)

Refuse = Callable[[str, str], DatabaseRefused]


@dataclass
class OpenedFile:
    path: Path  # the real file
    engine: Engine
    lock: FileLock
    backup_dir: Path


def lock_path(real: Path) -> Path:
    return real.with_name(real.name + ".lock")


def check_database(path: Path, backup_dir: Path | None = None) -> Inspection:
    """What ``open_database`` would decide about ``path``, without locking, creating or changing anything."""
    given = Path(path).expanduser().absolute()
    try:
        return inspect_database(given)
    except FileProblem as problem:
        raise _refusal(given, backup_dir, given, problem.reason, problem.problem) from None


def open_database(path: Path, backup_dir: Path | None = None) -> OpenedFile:
    """Open (creating it if missing) the database at ``path``; raises DatabaseRefused, the file untouched."""
    given = Path(path).expanduser().absolute()
    found = check_database(given, backup_dir)
    real = found.path
    folder = Path(backup_dir) if backup_dir is not None else real.parent / "backups"

    def refuse(reason: str, problem: str) -> DatabaseRefused:
        return _refusal(given, folder, real, reason, problem)

    if not found.exists:
        try:
            real.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise refuse("cannot-create", f"its folder cannot be created ({_reason(error)})") from None
    lock = _take_lock(given, real, refuse)
    created_lock_file = lock.created
    try:
        engine = _prepare(found, folder, refuse)
    except BaseException:
        if created_lock_file:  # removed while still held, so nobody can be waiting on this very file
            lock_path(real).unlink(missing_ok=True)
        lock.file_lock.release()
        raise
    return OpenedFile(real, engine, lock.file_lock, folder)


@dataclass
class _Lock:
    file_lock: FileLock
    created: bool


def _take_lock(given: Path, real: Path, refuse: Refuse) -> _Lock:
    path = lock_path(real)
    existed = path.exists()
    file_lock = FileLock(str(path))
    try:
        file_lock.acquire(timeout=0)
    except Timeout:
        link = f"; {given.name} is a link to {real}" if given != real else ""
        raise refuse("locked", "it is already open in another Tournament Director window or program "
                               f"(the lock {path.name} is held{link})") from None
    except OSError as error:
        if not existed:
            path.unlink(missing_ok=True)
        raise refuse("read-only", f"its lock file {path} cannot be created ({_reason(error)})") from None
    return _Lock(file_lock, created=not existed)


def _prepare(found: Inspection, backup_dir: Path, refuse: Refuse) -> Engine:
    real = found.path
    backups.remove_if_abandoned(real.with_name(real.name + backups.PARTIAL))
    backups.remove_abandoned_partials(backup_dir, real.stem)
    if not found.exists:
        _create(real, refuse)
    migrating = found.exists and found.revision != SCHEMA_HEAD
    if migrating:
        copy = backup_dir / backups.backup_name(real.stem, datetime.now(UTC), before_migration_to=SCHEMA_HEAD)
        try:
            backups.copy_database(real, copy, source_uri_read_only=True)
        except Exception as error:
            raise refuse("backup-failed", f"it needs bringing up to date, and the copy made first could not be "
                                          f"written to {backup_dir} ({error}); it was not migrated") from None
        log.info("copied %s to %s before migrating it", real, copy)
    engine = make_engine(real)
    try:
        if migrating:
            migrate_to_head(engine)
        _record_version(engine)
    except Exception as error:
        engine.dispose()
        refusal = _database_error(error, refuse) if isinstance(error, DBAPIError) else None
        if refusal is not None and refusal.reason != "unreadable":
            raise refusal from None
        if migrating:
            raise refuse("migration-failed", f"bringing it up from schema revision {found.revision} to "
                                             f"{SCHEMA_HEAD} failed ({error}); the migration was undone") from None
        if refusal is not None:
            raise refusal from None
        raise
    except BaseException:
        engine.dispose()
        raise
    return engine


def _create(real: Path, refuse: Refuse) -> None:
    """Build a new database under ``<name>.partial`` and rename it into place once whole."""
    try:
        with backups.claimed_partial(real) as partial:
            engine = make_engine(partial, journal_mode="DELETE")
            try:
                migrate_to_head(engine)
                _record_version(engine)
            finally:
                engine.dispose()
            if real.exists():
                raise refuse("cannot-create", "another program created a file by that name while this one was "
                                              "making the database; nothing was overwritten")
            partial.replace(real)
        _sync_folder(real.parent)
    except DatabaseRefused:
        raise
    except DBAPIError as error:
        raise _database_error(error, refuse) from None
    except OSError as error:
        raise refuse("cannot-create", f"it cannot be created ({_reason(error)})") from None


def _record_version(engine: Engine) -> None:
    with engine.begin() as connection:
        for key in ("created_by", "last_opened_by"):
            then = "NOTHING" if key == "created_by" else "UPDATE SET value = excluded.value"
            connection.execute(sql_text(f"INSERT INTO app_info (key, value) VALUES (:key, :value) "
                                        f"ON CONFLICT (key) DO {then}"), {"key": key, "value": __version__})


def _database_error(error: DBAPIError, refuse: Refuse) -> DatabaseRefused:
    text = str(error.orig) if error.orig is not None else str(error)
    if "locked" in text or "busy" in text:
        return refuse("locked", "another program holds a lock on it")
    if "readonly" in text or "read-only" in text:
        return refuse("read-only", "it cannot be written to (the file, its folder or the disk is read-only)")
    return refuse("unreadable", f"it cannot be opened ({text})")


def _refusal(given: Path, backup_dir: Path | None, real: Path, reason: str, problem: str) -> DatabaseRefused:
    folder = Path(backup_dir) if backup_dir is not None else real.parent / "backups"
    try:
        newest = backups.newest_backup(folder, real.stem)
    except OSError:
        newest = None
    return DatabaseRefused(given, reason, problem, newest)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX); nothing to do where folders cannot be opened."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)
