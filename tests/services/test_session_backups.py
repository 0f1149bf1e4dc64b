"""The open session backs the database up on a worker thread, and stops doing so when it closes."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from tournament_director.services.session import DirectorSession


def test_scheduled_backup_of_the_open_session_is_a_readable_copy_taken_off_the_gui_thread(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    made: list[tuple[Path, str]] = []
    done = threading.Event()
    try:
        session.create_tournament("Tuesday Turbo")
        schedule = session.start_scheduled_backups(
            on_backup=lambda path: (made.append((path, threading.current_thread().name)), done.set()))
        assert session.start_scheduled_backups() is schedule  # one schedule per session
        schedule.run_soon()
        assert done.wait(10), "the scheduled backup never ran"
    finally:
        session.close()
    backup, thread_name = made[0]
    assert thread_name != threading.main_thread().name
    with sqlite3.connect(backup) as copy:
        assert copy.execute("select name from tournament").fetchall() == [("Tuesday Turbo",)]
