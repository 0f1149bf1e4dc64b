"""A database file that is corrupt, locked by another instance, or from a newer program is refused with a message
naming the file and the problem, offering the newest backup, and the file is left byte for byte as it was."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tournament_director.store import DatabaseRefused, Store


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_backed_up_database(db_path: Path) -> Path:
    """A real database with one backup taken; returns the backup."""
    with Store.open(db_path) as store:
        store.create_tournament("Friday")
        backup = store.backup_now()
    return backup


def test_a_file_that_is_not_a_database_is_refused_untouched(db_path: Path):
    db_path.write_bytes(b"Tournament notes, not a database\n" * 200)
    before = fingerprint(db_path)
    with pytest.raises(DatabaseRefused) as refused:
        Store.open(db_path)
    assert str(db_path) in str(refused.value) and "not a SQLite database" in str(refused.value)
    assert refused.value.reason == "corrupt" and refused.value.newest_backup is None
    assert "No backup" in str(refused.value)
    assert fingerprint(db_path) == before


def test_a_damaged_database_is_refused_and_the_newest_backup_offered(db_path: Path):
    make_backed_up_database(db_path)
    with Store.open(db_path) as store:  # the final backup of this close is the newest one
        store.create_tournament("Saturday")
    newest = sorted((db_path.parent / "backups").glob("*.sqlite"))[-1]
    data = bytearray(db_path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    for page in range(1, len(data) // page_size):  # scribble over every page but the header page
        data[page * page_size + 8: page * page_size + 200] = b"\xa5" * 192
    db_path.write_bytes(bytes(data))
    before = fingerprint(db_path)
    with pytest.raises(DatabaseRefused) as refused:
        Store.open(db_path)
    assert refused.value.reason == "corrupt"
    message = refused.value.message
    assert str(db_path) in message and ("damaged" in message or "cannot be read as a database" in message)
    assert refused.value.newest_backup == newest and str(newest) in str(refused.value)
    assert fingerprint(db_path) == before
    with Store.open(newest) as rescued:  # the offered backup really opens, with the tournaments in it
        assert [t.name for t in rescued.list_tournaments()] == ["Friday", "Saturday"]


def test_a_database_from_a_newer_program_is_refused_untouched(db_path: Path):
    backup = make_backed_up_database(db_path)
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
        connection.execute("UPDATE app_info SET value = '9.0.0' WHERE key = 'last_opened_by'")
    connection.close()
    before = fingerprint(db_path)
    with pytest.raises(DatabaseRefused) as refused:
        Store.open(db_path)
    message = str(refused.value)
    assert refused.value.reason == "newer"
    assert str(db_path) in message and "newer" in message and "0099" in message and "9.0.0" in message
    assert refused.value.newest_backup is not None and refused.value.newest_backup.parent == backup.parent
    assert fingerprint(db_path) == before


def test_a_database_of_another_program_is_refused(db_path: Path):
    with sqlite3.connect(db_path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount INTEGER)")
    connection.close()
    before = fingerprint(db_path)
    with pytest.raises(DatabaseRefused, match="not a Tournament Director database.*invoices"):
        Store.open(db_path)
    assert fingerprint(db_path) == before


def test_a_database_open_in_another_process_is_refused_untouched(db_path: Path, tmp_path: Path):
    make_backed_up_database(db_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from pathlib import Path
            from tournament_director.store import Store
            store = Store.open(Path({str(db_path)!r}))
            print("open", flush=True)
            sys.stdin.readline()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        before = fingerprint(db_path)
        with pytest.raises(DatabaseRefused) as refused:
            Store.open(db_path)
        assert refused.value.reason == "locked"
        assert str(db_path) in str(refused.value) and "already open" in str(refused.value)
        assert refused.value.newest_backup is not None
        assert fingerprint(db_path) == before
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    Store.open(db_path).close()  # once the other program has gone, the file opens again


def test_the_same_file_cannot_be_opened_twice_in_one_process(db_path: Path):
    with Store.open(db_path):
        with pytest.raises(DatabaseRefused, match="already open"):
            Store.open(db_path)


def test_a_write_lock_held_by_a_foreign_program_is_refused(db_path: Path, monkeypatch):
    Store.open(db_path).close()
    monkeypatch.setattr("tournament_director.store.engine.BUSY_TIMEOUT_MS", 100)
    with sqlite3.connect(db_path, isolation_level=None) as other:
        other.execute("BEGIN EXCLUSIVE")
        try:
            before = fingerprint(db_path)
            with pytest.raises(DatabaseRefused) as refused:
                Store.open(db_path)
            assert refused.value.reason == "locked" and "lock" in str(refused.value)
            assert fingerprint(db_path) == before
        finally:
            other.execute("ROLLBACK")
    other.close()


def test_a_folder_is_refused(tmp_path: Path):
    with pytest.raises(DatabaseRefused, match="folder"):
        Store.open(tmp_path)
