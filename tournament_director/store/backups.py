"""Copies of a database file made with SQLite's online backup API, named by time, rotated.

A backup is written to a temporary name (``<name>.partial``), checked, then renamed, so a file that looks like a
backup is always complete. While it is written, the writing process holds an OS lock on the partial file (and on
Windows keeps it open, which forbids deleting it); a partial file nobody holds was left by a process that died,
and is removed at the next backup or the next opening of the database (``remove_abandoned_partials``). Names: ``<stem>-<UTC time>.sqlite`` for regular backups (rotated: the newest N are kept) and
``<stem>-<UTC time>-before-migration-to-<revision>.sqlite`` for the copy made before a schema migration
(never rotated away).
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tournament_director.store.engine import BUSY_TIMEOUT_MS

try:  # POSIX: flock, which SQLite's own fcntl locks on the same file do not meet
    import fcntl
except ImportError:  # pragma: no cover - Windows: an open file cannot be deleted, which protects it instead
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".sqlite"
_TIME_FORMAT = "%Y%m%dT%H%M%S%fZ"


def _pattern(stem: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(stem)}-(\d{{8}}T\d{{12}}Z)(-before-migration-to-[\w.]+)?{re.escape(SUFFIX)}$")


def backup_name(stem: str, when: datetime, before_migration_to: str | None = None) -> str:
    label = f"-before-migration-to-{before_migration_to}" if before_migration_to else ""
    return f"{stem}-{when.astimezone(UTC).strftime(_TIME_FORMAT)}{label}{SUFFIX}"


def list_backups(backup_dir: Path, stem: str, *, include_migration_copies: bool = True) -> list[Path]:
    """Backups of the database named ``stem`` in ``backup_dir``, oldest first."""
    if not backup_dir.is_dir():
        return []
    pattern = _pattern(stem)
    found: list[tuple[str, Path]] = []
    for entry in backup_dir.iterdir():
        match = pattern.match(entry.name)
        if match and entry.is_file() and (include_migration_copies or not match.group(2)):
            found.append((match.group(1), entry))
    return [path for _, path in sorted(found)]


def newest_backup(backup_dir: Path, stem: str) -> Path | None:
    backups = list_backups(backup_dir, stem)
    return backups[-1] if backups else None


PARTIAL = ".partial"
# What SQLite may leave beside a partial file it was writing.
_PARTIAL_COMPANIONS = ("-journal", "-wal", "-shm")


def copy_database(source: Path, target: Path, *, source_uri_read_only: bool = False) -> Path:
    """Copy ``source`` to ``target`` with the online backup API (consistent even while others write).

    With ``source_uri_read_only`` the source is read without writing anything, not even beside it.
    """
    from tournament_director.store.inspection import reading

    target.parent.mkdir(parents=True, exist_ok=True)
    with claimed_partial(target) as partial, contextlib.ExitStack() as opened:
        if source_uri_read_only:
            src = opened.enter_context(reading(source.resolve(), timeout=BUSY_TIMEOUT_MS / 1000))
        else:
            src = sqlite3.connect(source, timeout=BUSY_TIMEOUT_MS / 1000)
            opened.callback(src.close)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            problems = [row[0] for row in dst.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError(f"the backup {partial} failed its check: {'; '.join(problems)}")
        finally:
            dst.close()
        opened.close()
        partial.replace(target)
    return target


@contextlib.contextmanager
def claimed_partial(target: Path) -> Iterator[Path]:
    """A new, empty ``<target>.partial`` held by this process until the block ends; removed if the block fails.

    POSIX: an flock on it tells other processes it is being written. Windows: SQLite's open file cannot be
    deleted, and a handle of our own would forbid the final rename, so none is held.
    """
    partial = target.with_name(target.name + PARTIAL)
    handle: int | None = None
    if fcntl is not None:
        for _ in range(5):
            remove_if_abandoned(partial)
            handle = os.open(partial, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            if _try_lock(handle) and _same_file(handle, partial):
                break
            os.close(handle)  # another process removed it between our creating and locking it: start again
            handle = None
        else:  # pragma: no cover - five races in a row
            raise OSError(f"could not claim {partial}")
    try:
        yield partial
    except BaseException:
        _remove_with_companions(partial)
        raise
    finally:
        if handle is not None:
            os.close(handle)


def remove_if_abandoned(partial: Path) -> bool:
    """Delete ``partial`` (and SQLite's journal beside it) unless a live process is still writing it."""
    if fcntl is None:  # pragma: no cover - Windows: a file SQLite has open cannot be deleted
        try:
            _remove_with_companions(partial)
        except PermissionError:
            return False
        return True
    try:
        handle = os.open(partial, os.O_RDWR)
    except FileNotFoundError:
        for suffix in _PARTIAL_COMPANIONS:  # a journal whose partial file is gone
            partial.with_name(partial.name + suffix).unlink(missing_ok=True)
        return False
    except OSError:
        return False
    try:
        if not _try_lock(handle):
            return False  # being written right now
        _remove_with_companions(partial)
        return True
    finally:
        os.close(handle)


def remove_abandoned_partials(folder: Path, stem: str | None = None) -> list[Path]:
    """Remove the partial files in ``folder`` (of backups of ``stem`` only, when given) that nobody writes."""
    if not folder.is_dir():
        return []
    prefix = f"{stem}-" if stem is not None else ""
    removed = []
    for entry in folder.iterdir():
        name = entry.name
        for suffix in _PARTIAL_COMPANIONS:
            if name.endswith(PARTIAL + suffix):
                name = name[: -len(suffix)]
        if name.startswith(prefix) and name.endswith(PARTIAL):
            candidate = entry.with_name(name)
            if candidate not in removed and remove_if_abandoned(candidate):
                removed.append(candidate)
    return removed


def _try_lock(handle: int) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _same_file(handle: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(handle), os.stat(path))
    except FileNotFoundError:
        return False


def _remove_with_companions(partial: Path) -> None:
    partial.unlink(missing_ok=True)
    for suffix in _PARTIAL_COMPANIONS:
        partial.with_name(partial.name + suffix).unlink(missing_ok=True)


def take_backup(source: Path, backup_dir: Path, keep: int, *, when: datetime | None = None) -> Path:
    """A new rotating backup of ``source``; the oldest regular backups beyond ``keep`` are deleted."""
    when = when or datetime.now(UTC)
    remove_abandoned_partials(backup_dir, source.stem)
    target = backup_dir / backup_name(source.stem, when)
    while target.exists() or target.with_name(target.name + PARTIAL).exists():  # the same microsecond: move on
        when += timedelta(microseconds=1)
        target = backup_dir / backup_name(source.stem, when)
    copy_database(source, target)
    rotate(backup_dir, source.stem, keep)
    return target


def rotate(backup_dir: Path, stem: str, keep: int) -> list[Path]:
    """Delete the oldest regular backups so that ``keep`` remain; returns what was deleted."""
    regular = list_backups(backup_dir, stem, include_migration_copies=False)
    doomed = regular[: max(0, len(regular) - max(1, keep))]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed
