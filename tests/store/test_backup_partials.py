"""A backup killed half way leaves a ``.partial`` file: the next backup or the next opening removes it, but never
one that another process is still writing (it holds a lock on it), and never another database's."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tournament_director.store import Store
from tournament_director.store.backups import PARTIAL, backup_name, remove_abandoned_partials

PROJECT = Path(__file__).resolve().parents[2]


def stale_partial(folder: Path, stem: str) -> Path:
    """What a backup killed half way leaves: a partial file and SQLite's journal beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / (backup_name(stem, datetime(2025, 3, 1, 19, 0, tzinfo=UTC)) + PARTIAL)
    partial.write_bytes(b"SQLite format 3\x00" + b"\x00" * 400)
    partial.with_name(partial.name + "-journal").write_bytes(b"\x00" * 512)
    return partial


def test_the_next_opening_removes_partials_of_this_database_only(db_path: Path):
    Store.open(db_path).close()
    backups = db_path.parent / "backups"
    ours = stale_partial(backups, db_path.stem)
    other = stale_partial(backups, "another-club")
    building = db_path.with_name(db_path.name + PARTIAL)  # a new database whose building was interrupted
    building.write_bytes(b"")
    with Store.open(db_path):
        assert not ours.exists() and not ours.with_name(ours.name + "-journal").exists()
        assert not building.exists()
        assert other.exists(), "another database's partial backup was removed"


def test_the_next_backup_removes_a_stale_partial(store: Store):
    partial = stale_partial(store.backup_dir, store.path.stem)
    store.backup_now()
    assert not partial.exists()
    assert list(store.backup_dir.glob("*.partial*")) == []


@pytest.mark.skipif(sys.platform == "win32", reason="the POSIX lock on a partial file")
def test_a_partial_another_process_is_writing_is_left_alone(store: Store):
    store.backup_dir.mkdir(parents=True, exist_ok=True)
    target = store.backup_dir / backup_name(store.path.stem, datetime.now(UTC))
    writer = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys
            from pathlib import Path
            from tournament_director.store.backups import claimed_partial
            with claimed_partial(Path({str(target)!r})) as partial:
                partial.write_bytes(b"half a backup")
                print("writing", flush=True)
                sys.stdin.readline()
        """)], cwd=PROJECT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    partial = target.with_name(target.name + PARTIAL)
    try:
        assert writer.stdout.readline().strip() == "writing"
        store.backup_now()
        assert remove_abandoned_partials(store.backup_dir, store.path.stem) == []
        assert partial.read_bytes() == b"half a backup", "a backup being written was removed"
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)
    # the writer ended without renaming it (as if it had failed): now it is abandoned and goes
    assert remove_abandoned_partials(store.backup_dir, store.path.stem) == [partial]
    assert not partial.exists()
