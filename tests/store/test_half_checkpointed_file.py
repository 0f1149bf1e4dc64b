"""A power cut in the middle of a checkpoint leaves the database file holding some of its log's pages while the
log (``-wal``) is still whole beside it, and the ``-shm`` may be gone. The file alone is damaged; with its log it is
whole, and SQLite's own open recovers every event. Such a folder is opened with everything in it, never refused as
corrupt, and the checks made before opening change nothing and add nothing beside it.

The folder is made from the program's own writes: a tournament recorded on a file, the file and its log copied
while the log still holds frames not yet copied back, then the lower half of the pages the log holds copied into the
file as SQLite's checkpoint copies them (the newest frame of each page, in page order), and no ``-shm``.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store
from tournament_director.store.backups import copy_database

WAL_HEADER, FRAME_HEADER = 32, 24
REGISTRATIONS = 60


def recorded_night(folder: Path) -> tuple[Path, list[tuple[int, str]]]:
    """A tournament recorded on a file; returns a copy of the file and its log taken while the program had it open
    (frames not yet checkpointed), and every (seq, event type) the program acknowledged."""
    live = folder / "live" / "night.sqlite"
    live.parent.mkdir(parents=True)
    store = Store.open(live, backup_dir=folder / "backups")
    try:
        tournament_id = store.create_tournament("Power night")
        service = TournamentService(CommandRunner(store, tournament_id), rng=random.Random(7))
        service.configure({"name": "Power night", "buy_in": 100, "starting_stack": 10_000})
        service.add_tables(4, seats=9)
        for number in range(1, REGISTRATIONS + 1):
            service.register(f"Player {number}")
        acknowledged = [(event.seq, event.event_type) for event in service.runner.history()]
        cut = folder / "after-the-cut" / "night.sqlite"
        cut.parent.mkdir()
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{live}{suffix}", f"{cut}{suffix}")
    finally:
        store.close()
    return cut, acknowledged


def checkpoint_half(database: Path) -> int:
    """Copy the newest frame of the lower half of the pages in ``database``'s log into the file, as an unfinished
    checkpoint leaves it; returns how many pages were copied."""
    log = Path(f"{database}-wal").read_bytes()
    page_size = struct.unpack(">I", log[8:12])[0]
    newest: dict[int, bytes] = {}
    for offset in range(WAL_HEADER, len(log) - FRAME_HEADER - page_size + 1, FRAME_HEADER + page_size):
        page = struct.unpack(">I", log[offset:offset + 4])[0]
        newest[page] = log[offset + FRAME_HEADER:offset + FRAME_HEADER + page_size]
    copied = sorted(newest)[:len(newest) // 2]
    with database.open("r+b") as file:
        for page in copied:
            file.seek((page - 1) * page_size)
            file.write(newest[page])
    return len(copied)


def fingerprints(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def half_checkpointed(tmp_path: Path) -> tuple[Path, list[tuple[int, str]]]:
    database, acknowledged = recorded_night(tmp_path)
    assert checkpoint_half(database) >= 2
    assert not Path(f"{database}-shm").exists()
    alone = sqlite3.connect(f"{database.as_uri()}?immutable=1", uri=True)
    try:  # the situation is the real one: the file without its log is damaged
        with pytest.raises(sqlite3.DatabaseError):
            problems = alone.execute("PRAGMA quick_check").fetchall()
            if problems != [("ok",)]:
                raise sqlite3.DatabaseError(str(problems))
    finally:
        alone.close()
    return database, acknowledged


def test_a_log_without_its_shm_over_a_half_checkpointed_file_opens_with_every_event(half_checkpointed):
    database, acknowledged = half_checkpointed
    before = fingerprints(database.parent)

    assert Store.check(database) == database  # the checks a start (and --smoke-test --database) runs first
    assert fingerprints(database.parent) == before, "checking the file changed it or added a file beside it"

    with Store.open(database, backup_dir=database.parent.parent / "backups") as store:
        runner = CommandRunner(store, store.list_tournaments()[0].id)
        assert [(event.seq, event.event_type) for event in runner.history()] == acknowledged
        assert runner.state.to_snapshot() == runner.rebuild().to_snapshot()
        assert len(runner.state.floor.entries) == REGISTRATIONS
        with store.transaction() as connection:
            assert connection.exec_driver_sql("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_a_copy_read_from_a_half_checkpointed_file_holds_every_event(half_checkpointed, tmp_path: Path):
    """The copy made before a migration and by --smoke-test --database reads the file with its log too."""
    database, acknowledged = half_checkpointed
    before = fingerprints(database.parent)

    copy = copy_database(database, tmp_path / "copy" / "night.sqlite", source_uri_read_only=True)

    assert fingerprints(database.parent) == before
    with sqlite3.connect(copy) as connection:
        assert connection.execute("SELECT seq, type FROM event ORDER BY seq").fetchall() == acknowledged
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    connection.close()


def test_the_smoke_test_passes_on_a_half_checkpointed_file_and_leaves_it_alone(half_checkpointed):
    """``--smoke-test --database FILE``, which a director runs on the file the power cut left, passes on a copy
    holding every event, and the folder keeps every byte and gains no file."""
    from tests.test_smoke import run_module

    database, _acknowledged = half_checkpointed
    before = fingerprints(database.parent)

    result = run_module("--smoke-test", "--database", str(database))

    assert result.returncode == 0, result.stdout + result.stderr
    assert f"smoke test passed on a copy of {database}" in result.stdout
    assert fingerprints(database.parent) == before


def test_a_log_that_cannot_be_copied_to_be_read_is_a_clear_refusal(half_checkpointed, tmp_path: Path, monkeypatch):
    """Where the temporary copy cannot be made (no room, no such folder), the refusal says where and what to do,
    and the file keeps every byte."""
    import tempfile

    from tournament_director.store import DatabaseRefused

    database, _acknowledged = half_checkpointed
    before = fingerprints(database.parent)
    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_text("a file where the temporary folder should be")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_folder))

    with pytest.raises(DatabaseRefused) as refused:
        Store.open(database, backup_dir=tmp_path / "backups")

    message = str(refused.value)
    assert refused.value.reason == "unreadable", message
    assert "night.sqlite-wal is to be replayed" in message and str(not_a_folder) in message
    assert "set TMPDIR to a folder with room" in message and "Traceback" not in message
    assert fingerprints(database.parent) == before
