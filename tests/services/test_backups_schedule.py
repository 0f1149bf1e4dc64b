"""Scheduled backups: APScheduler runs them on a worker thread, never the caller's (GUI) thread, rotating the
backup folder to the newest N; stopping the schedule lets the store close cleanly."""

from __future__ import annotations

import sqlite3
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from apscheduler.schedulers.background import BackgroundScheduler

from tournament_director.services.backups import BackupSchedule
from tournament_director.store import Store
from tournament_director.store.backups import list_backups


def tournaments_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        names = [row[0] for row in connection.execute("SELECT name FROM tournament ORDER BY id")]
    connection.close()
    return names


def test_scheduled_backups_run_on_a_worker_thread_and_rotate(db_path: Path):
    store = Store.open(db_path, keep_backups=3)
    store.create_tournament("Sunday Main")
    done = threading.Event()
    made: list[tuple[Path, threading.Thread]] = []

    def on_backup(path: Path) -> None:
        made.append((path, threading.current_thread()))
        if len(made) >= 5:
            done.set()

    schedule = BackupSchedule(store, interval=timedelta(seconds=0.1), on_backup=on_backup)
    schedule.start()
    try:
        assert done.wait(timeout=20), f"only {len(made)} scheduled backups in 20 s"
    finally:
        schedule.shutdown()
    assert all(thread is not threading.main_thread() for _, thread in made)
    kept = list_backups(store.backup_dir, store.path.stem)
    assert len(kept) == 3 and kept[-1] == schedule.last_backup
    assert all(tournaments_in(path) == ["Sunday Main"] for path in kept)
    count_after_shutdown = len(made)
    store.close()
    assert len(made) == count_after_shutdown and not store.is_open


def test_run_soon_backs_up_at_once_on_a_shared_scheduler_left_running(db_path: Path):
    scheduler = BackgroundScheduler(daemon=True)
    scheduler.start()
    got = threading.Event()
    try:
        with Store.open(db_path) as store:
            schedule = BackupSchedule(store, interval=timedelta(hours=1), scheduler=scheduler,
                                      on_backup=lambda _path: got.set())
            schedule.start()
            schedule.run_soon()
            assert got.wait(timeout=20)
            schedule.shutdown()
            assert scheduler.running and scheduler.get_jobs() == []
    finally:
        scheduler.shutdown()


def test_a_failed_backup_is_reported_and_the_schedule_goes_on(db_path: Path, tmp_path: Path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the backup folder should be")
    failures: list[BaseException] = []
    failed_twice = threading.Event()

    def on_failure(error: BaseException) -> None:
        failures.append(error)
        if len(failures) >= 2:
            failed_twice.set()

    with Store.open(db_path, backup_dir=blocker / "backups") as store:
        schedule = BackupSchedule(store, interval=timedelta(seconds=0.1), on_failure=on_failure)
        schedule.start()
        assert failed_twice.wait(timeout=20)
        schedule.shutdown()
        store.backup_dir = tmp_path / "backups"  # so the closing backup can be written
    assert isinstance(failures[0], OSError)


def test_a_non_positive_interval_is_refused(store: Store):
    with pytest.raises(ValueError, match="must be positive"):
        BackupSchedule(store, interval=timedelta(0))
