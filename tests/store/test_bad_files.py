"""Every kind of file a director could point the program at that is not a usable database is refused, before
anything is written: the message names the file and the problem, the file's bytes are unchanged, and nothing
appears beside it (no lock file, no -wal or -shm, no backup folder, no copy made "before migration").

Read-only files and folders are tried in a child process that has given up the superuser's right to write
anywhere (the suite may run as root)."""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_director.store import DatabaseRefused, Store
from tournament_director.store.schema import SCHEMA_HEAD

PROJECT = Path(__file__).resolve().parents[2]


def fingerprint(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() and not path.is_symlink() else None


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def refused(path: Path, reason: str, *phrases: str, folder: Path | None = None) -> DatabaseRefused:
    """Open ``path``; it must be refused for ``reason`` with ``phrases`` in the message, and change nothing."""
    folder = folder or path.parent
    before_files, before_bytes = listing(folder), fingerprint(path)
    with pytest.raises(DatabaseRefused) as caught:
        Store.open(path)
    refusal = caught.value
    message = str(refusal)
    assert refusal.reason == reason, message
    assert str(path) in message, message
    for phrase in phrases:
        assert phrase in message, message
    assert "Traceback" not in message
    assert fingerprint(path) == before_bytes, "the refused file was changed"
    assert listing(folder) == before_files, f"files appeared beside the refused file: {listing(folder)}"
    return refusal


def our_database(path: Path) -> Path:
    """A real database with a tournament, closed, with its lock file and backups taken away."""
    with Store.open(path, backup_dir=path.parent / "elsewhere") as store:
        store.create_tournament("Friday")
    shutil.rmtree(path.parent / "elsewhere")
    path.with_name(path.name + ".lock").unlink()
    return path


def change(path: Path, *statements: str) -> None:
    with sqlite3.connect(path) as connection:
        for statement in statements:
            connection.execute(statement)
    connection.close()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    place = tmp_path / "club"
    place.mkdir()
    return place


def test_a_zero_byte_file_is_refused_as_a_copy_that_did_not_finish(folder: Path):
    path = folder / "club.sqlite"
    path.write_bytes(b"")
    refused(path, "empty", "empty (0 bytes)", "delete this empty file or give a file name that does not exist")


def test_random_bytes_are_refused(folder: Path):
    path = folder / "club.sqlite"
    path.write_bytes(bytes(range(256)) * 40)
    refused(path, "corrupt", "not a SQLite database")


def test_an_empty_sqlite_database_is_not_taken_for_ours(folder: Path):
    path = folder / "club.sqlite"
    change(path, "PRAGMA user_version = 7")
    refused(path, "empty", "empty SQLite database")


def test_another_applications_alembic_file_with_revision_0001_is_foreign_and_not_migrated(folder: Path):
    path = folder / "club.sqlite"
    change(path, "CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)",
           "INSERT INTO alembic_version VALUES ('0001')", "CREATE TABLE invoices (id INTEGER, amount INTEGER)")
    refusal = refused(path, "foreign", "not a Tournament Director database", "invoices", "'0001'")
    assert "newer" not in str(refusal)


@pytest.mark.parametrize("revision", ["9999", "3f2a9c1b7d"])
def test_a_foreign_alembic_revision_is_not_called_a_newer_schema(folder: Path, revision: str):
    path = folder / "club.sqlite"
    change(path, "CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)",
           f"INSERT INTO alembic_version VALUES ('{revision}')", "CREATE TABLE orders (id INTEGER)")
    assert "newer" not in str(refused(path, "foreign", "orders"))


@pytest.mark.parametrize("damage", ["DELETE FROM alembic_version", "DROP TABLE alembic_version"])
def test_ours_without_its_revision_record_is_refused_untouched(folder: Path, damage: str):
    path = our_database(folder / "club.sqlite")
    change(path, damage)
    refused(path, "no-revision", "Tournament Director database", "alembic_version")


def test_ours_with_a_revision_no_release_had_is_refused(folder: Path):
    path = our_database(folder / "club.sqlite")
    change(path, "UPDATE alembic_version SET version_num = 'abc123'")
    refused(path, "unknown-revision", "'abc123'")


def test_ours_from_a_newer_program_is_refused_and_nothing_is_copied(folder: Path):
    path = our_database(folder / "club.sqlite")
    change(path, "UPDATE alembic_version SET version_num = '0099'")
    refused(path, "newer", "newer schema (revision 0099)")


def test_a_damaged_database_is_refused_without_a_journal_appearing(folder: Path):
    path = our_database(folder / "club.sqlite")
    data = bytearray(path.read_bytes())
    data[4096 + 8: 4096 + 4000] = b"\x5a" * 3992
    path.write_bytes(bytes(data))
    refused(path, "corrupt")


def test_a_pipe_a_folder_and_a_file_under_a_file_are_refused(folder: Path):
    pipe = folder / "club.sqlite"
    if hasattr(os, "mkfifo"):
        os.mkfifo(pipe)
        refused(pipe, "not-a-file", "not a regular file")
        pipe.unlink()
    (folder / "db.sqlite").mkdir()
    refused(folder / "db.sqlite", "not-a-file", "is a folder")
    (folder / "notes.txt").write_text("not a folder")
    refused(folder / "notes.txt" / "club.sqlite", "cannot-create", "notes.txt is a file, not a folder")


def test_a_hard_link_to_a_database_is_refused(folder: Path):
    path = our_database(folder / "club.sqlite")
    other = folder / "same-file.sqlite"
    os.link(path, other)
    refused(other, "linked", "2 names on disk")
    refused(path, "linked")


def test_a_symbolic_link_to_an_open_database_is_refused_as_already_open(folder: Path):
    path = our_database(folder / "club.sqlite")
    link = folder / "link.sqlite"
    link.symlink_to(path)
    with Store.open(path, backup_dir=folder / "backups") as store:
        store.create_tournament("Saturday")
        refusal = refused(link, "locked", "already open", "link.sqlite is a link to")
        assert refusal.path == link
    with Store.open(link, backup_dir=folder / "backups") as through_link:  # once closed, the link opens the file
        assert through_link.path == path
        assert [t.name for t in through_link.list_tournaments()] == ["Friday", "Saturday"]
    assert not (folder / "link.sqlite.lock").exists()


def test_a_dangling_link_is_refused(folder: Path):
    link = folder / "club.sqlite"
    link.symlink_to(folder / "gone" / "club.sqlite")
    refused(link, "cannot-create", "which does not exist")


def test_a_database_open_in_another_program_gets_no_lock_file_beside_it_when_refused(folder: Path, monkeypatch):
    """Another program's write lock (not ours): refused once the first write waits; nothing added."""
    path = our_database(folder / "club.sqlite")
    monkeypatch.setattr("tournament_director.store.engine.BUSY_TIMEOUT_MS", 100)
    with sqlite3.connect(path, isolation_level=None) as other:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO player (name, name_key, created_at) VALUES ('x', 'x', 'now')")
        try:
            before = listing(folder)
            with pytest.raises(DatabaseRefused) as caught:
                Store.open(path)
            assert caught.value.reason == "locked" and "another program" in str(caught.value)
            assert listing(folder) == before
        finally:
            other.execute("ROLLBACK")
    other.close()


def test_an_older_database_of_ours_is_copied_and_migrated_once(folder: Path):
    from tournament_director.store.engine import make_engine
    from tournament_director.store.schema import migrate_to_head

    path = folder / "club.sqlite"
    engine = make_engine(path)
    migrate_to_head(engine, "0001")
    engine.dispose()
    for _ in range(3):
        Store.open(path).close()
    copies = list((folder / "backups").glob(f"*before-migration-to-{SCHEMA_HEAD}.sqlite"))
    assert len(copies) == 1, copies


# ----- read-only files and folders, as a user who is not allowed to write ---------------------------------------

CHILD = """
import sys
from tournament_director.store import DatabaseRefused, Store
try:
    Store.open(sys.argv[1]).close()
    print("opened")
except DatabaseRefused as refusal:
    print(refusal.reason)
    print(refusal)
"""


def without_override_of_file_modes() -> None:
    """In the child before it runs: drop the superuser's power to write what file modes forbid
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER), so root meets read-only files as anyone does."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def open_as_a_user(path: Path) -> tuple[str, str]:
    """(reason or "opened", message) of Store.open(path) in a child that cannot write what is read-only."""
    if os.name != "posix":
        pytest.skip("file modes are POSIX")
    as_root = os.geteuid() == 0
    try:
        result = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=PROJECT, capture_output=True,
                                text=True, timeout=60, preexec_fn=without_override_of_file_modes if as_root else None)
    except subprocess.SubprocessError as error:  # a sandbox that forbids dropping capabilities
        pytest.skip(f"cannot run a child without the superuser's file access here: {error}")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    reason, _, message = result.stdout.partition("\n")
    return reason, message.strip()


def test_a_read_only_file_is_refused_with_a_clear_message(folder: Path):
    path = our_database(folder / "club.sqlite")
    path.chmod(0o444)
    before_files, before_bytes = listing(folder), fingerprint(path)
    reason, message = open_as_a_user(path)
    assert reason == "read-only", message
    assert str(path) in message and "it is read-only" in message and "copy it to a folder" in message
    assert "attempt to write" not in message
    assert fingerprint(path) == before_bytes and listing(folder) == before_files


def test_a_database_in_a_read_only_folder_is_refused_without_a_lock_file(folder: Path):
    inner = folder / "usb"
    inner.mkdir()
    path = our_database(inner / "club.sqlite")
    path.chmod(0o666)
    inner.chmod(0o555)
    before_files, before_bytes = listing(folder), fingerprint(path)
    reason, message = open_as_a_user(path)
    assert reason == "read-only", message
    assert f"its folder {inner} is read-only" in message and "PermissionError" not in message
    assert fingerprint(path) == before_bytes and listing(folder) == before_files
    reason, message = open_as_a_user(inner / "new.sqlite")
    assert reason == "cannot-create" and "read-only" in message, message
    assert listing(folder) == before_files
    inner.chmod(0o755)
