"""Scheduled backups of the open database with APScheduler's BackgroundScheduler.

The job runs on a worker thread and touches only the store (whose ``backup_now`` uses its own SQLite connection),
never a widget. ``on_backup`` and ``on_failure`` are called on that worker thread too: a UI hands them over to the
GUI thread with a queued Qt signal. A missed run (laptop asleep) is run once when possible, not many times over.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from apscheduler.schedulers.background import BackgroundScheduler  # type: ignore[import-untyped]  # APScheduler 3 ships no types
from apscheduler.schedulers.base import BaseScheduler  # type: ignore[import-untyped]  # APScheduler 3 ships no types
from apscheduler.triggers.interval import IntervalTrigger  # type: ignore[import-untyped]  # APScheduler 3 ships no types

from tournament_director.store import Store

log = logging.getLogger(__name__)

DEFAULT_INTERVAL = timedelta(minutes=10)
JOB_ID = "database-backup"


class BackupSchedule:
    def __init__(self, store: Store, *, interval: timedelta = DEFAULT_INTERVAL,
                 on_backup: Callable[[Path], None] | None = None,
                 on_failure: Callable[[BaseException], None] | None = None,
                 scheduler: BaseScheduler | None = None) -> None:
        """``scheduler``: a shared scheduler to add the job to (left running on shutdown); by default an own
        BackgroundScheduler is made, started by ``start`` and stopped by ``shutdown``."""
        if interval <= timedelta(0):
            raise ValueError(f"the backup interval must be positive, not {interval}")
        self._store = store
        self.interval = interval
        self._on_backup = on_backup
        self._on_failure = on_failure
        self._own_scheduler = scheduler is None
        self._scheduler = scheduler if scheduler is not None else BackgroundScheduler(daemon=True)
        self._guard = threading.Lock()
        self.last_backup: Path | None = None
        self.last_failure: BaseException | None = None
        self._started = False

    def start(self) -> None:
        if self._started:
            return
        self._scheduler.add_job(
            self._run, IntervalTrigger(seconds=self.interval.total_seconds()), id=JOB_ID, replace_existing=True,
            coalesce=True, max_instances=1, misfire_grace_time=max(60, int(self.interval.total_seconds())))
        if self._own_scheduler and not self._scheduler.running:
            self._scheduler.start()
        self._started = True

    def run_soon(self) -> None:
        """Ask for a backup on the worker thread now (for a "Back up now" that must not block the window)."""
        if self._started:
            self._scheduler.modify_job(JOB_ID, next_run_time=datetime.now(self._scheduler.timezone))

    def shutdown(self, wait: bool = True) -> None:
        """Stop scheduling; with ``wait`` a backup that is running is finished first."""
        if not self._started:
            return
        self._started = False
        if self._own_scheduler:
            self._scheduler.shutdown(wait=wait)
        else:
            try:
                self._scheduler.remove_job(JOB_ID)
            except Exception:  # already gone with its scheduler
                pass
            if wait:
                with self._guard:
                    pass

    close = shutdown

    def _run(self) -> None:
        with self._guard:
            if not self._started or not self._store.is_open:
                return
            try:
                path = self._store.backup_now()
            except BaseException as error:  # keep the schedule alive; report the failure
                log.exception("scheduled backup of %s failed", self._store.path)
                self.last_failure = error
                if self._on_failure is not None:
                    self._on_failure(error)
                return
            self.last_backup = path
        if self._on_backup is not None:
            self._on_backup(path)
