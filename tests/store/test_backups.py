"""Backups with SQLite's online backup API: consistent copies, rotated to the newest N, one on every close."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ledger_aggregate import Ledger
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store
from tournament_director.store.backups import backup_name, list_backups, newest_backup, take_backup


def event_count(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        count = connection.execute("SELECT COUNT(*) FROM event").fetchone()[0]
    connection.close()
    return count


def test_a_backup_holds_every_committed_event_even_while_the_database_is_open(store: Store):
    runner = CommandRunner(store, store.create_tournament("Backed up"), Ledger)
    for index in range(5):
        runner.execute("entry.registered", {"entry_id": f"e{index}", "name": "P", "paid": 100})
    backup = store.backup_now()
    assert backup.parent == store.backup_dir and backup.name.startswith(store.path.stem + "-")
    assert event_count(backup) == 5
    with Store.open(backup, backup_dir=store.backup_dir / "of-backup") as copy:
        assert CommandRunner(copy, runner.tournament_id, Ledger).state.to_snapshot() == runner.state.to_snapshot()


def test_backups_rotate_keeping_the_newest(db_path: Path):
    with Store.open(db_path, keep_backups=3) as store:
        made = [store.backup_now() for _ in range(5)]
        assert list_backups(store.backup_dir, store.path.stem) == made[-3:]
        assert store.newest_backup() == made[-1]


def test_closing_takes_a_backup(db_path: Path):
    store = Store.open(db_path)
    store.create_tournament("Closing time")
    store.close()
    newest = newest_backup(db_path.parent / "backups", db_path.stem)
    assert newest is not None
    with sqlite3.connect(newest) as connection:
        assert connection.execute("SELECT name FROM tournament").fetchall() == [("Closing time",)]
    connection.close()
    store.close()  # closing twice is harmless


def test_rotation_spares_migration_copies_and_other_databases(tmp_path: Path):
    source = tmp_path / "club.sqlite"
    Store.open(source, backup_dir=tmp_path / "on-close").close()
    backup_dir = tmp_path / "b"
    backup_dir.mkdir()
    start = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
    migration_copy = backup_dir / backup_name("club", start - timedelta(days=30), before_migration_to="0002")
    migration_copy.write_bytes(source.read_bytes())
    other = backup_dir / backup_name("club-old", start)
    other.write_bytes(source.read_bytes())
    for minutes in range(4):
        take_backup(source, backup_dir, keep=2, when=start + timedelta(minutes=minutes))
    regular = list_backups(backup_dir, "club", include_migration_copies=False)
    assert [p.name for p in regular] == [backup_name("club", start + timedelta(minutes=m)) for m in (2, 3)]
    assert migration_copy.exists() and other.exists()


def test_a_backup_is_never_left_half_written(tmp_path: Path):
    source = tmp_path / "club.sqlite"
    Store.open(source, backup_dir=tmp_path / "b").close()
    assert not list((tmp_path / "b").glob("*.partial"))
