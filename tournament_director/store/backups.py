"""Copies of a database file made with SQLite's online backup API, named by time, rotated.

A backup is written to a temporary name, checked, then renamed, so a file that looks like a backup is always
complete. Names: ``<stem>-<UTC time>.sqlite`` for regular backups (rotated: the newest N are kept) and
``<stem>-<UTC time>-before-migration-to-<revision>.sqlite`` for the copy made before a schema migration
(never rotated away).
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tournament_director.store.engine import BUSY_TIMEOUT_MS

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


def copy_database(source: Path, target: Path, *, source_uri_read_only: bool = False) -> Path:
    """Copy ``source`` to ``target`` with the online backup API (consistent even while others write)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    if source_uri_read_only:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    else:
        src = sqlite3.connect(source, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            problems = [row[0] for row in dst.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError(f"the backup {partial} failed its check: {'; '.join(problems)}")
        finally:
            dst.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    partial.replace(target)
    return target


def take_backup(source: Path, backup_dir: Path, keep: int, *, when: datetime | None = None) -> Path:
    """A new rotating backup of ``source``; the oldest regular backups beyond ``keep`` are deleted."""
    when = when or datetime.now(UTC)
    target = backup_dir / backup_name(source.stem, when)
    while target.exists():  # two backups in the same microsecond: move on by one
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
