"""Wall-clock jobs: the countdown to the scheduled start, late registration closing at a time of day,
the end of the rebuy period.

These belong to the time of day, not to the level clock (which runs on a monotonic source and pauses).
APScheduler 3.11's BackgroundScheduler runs them on its own thread; a job never touches Qt or the
command runner: it hands a ``WallClockNotice`` to the thread-safe ``notify`` callback (the UI connects
it to a Qt signal, so the work happens on the GUI thread). A generous misfire grace lets a job still run
after the machine slept briefly; a job missed beyond it is reported through the same callback with
``missed=True``, never dropped silently.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from apscheduler.events import EVENT_JOB_ERROR, EVENT_JOB_MISSED, JobExecutionEvent  # type: ignore[import-untyped]  # APScheduler 3 ships no types
from apscheduler.schedulers.background import BackgroundScheduler  # type: ignore[import-untyped]  # APScheduler 3 ships no types

from tournament_director.domain.errors import DomainError

log = logging.getLogger(__name__)

SCHEDULED_START = "scheduled_start"
LATE_REGISTRATION_CLOSES = "late_registration_closes"
REBUY_PERIOD_ENDS = "rebuy_period_ends"
START_COUNTDOWN = "start_countdown"
JOB_KINDS = (SCHEDULED_START, LATE_REGISTRATION_CLOSES, REBUY_PERIOD_ENDS, START_COUNTDOWN)
DEFAULT_MISFIRE_GRACE_SECONDS = 15 * 60


@dataclass(frozen=True)
class WallClockNotice:
    kind: str  # one of JOB_KINDS
    due: datetime  # the time of day it was scheduled for (UTC)
    fired_at: datetime  # when it ran or was found missed (UTC)
    missed: bool = False  # True: it could not run within the misfire grace
    seconds_to_start: float | None = None  # for the countdown


class WallClockScheduler:
    def __init__(
        self,
        notify: Callable[[WallClockNotice], None],
        *,
        misfire_grace_seconds: int = DEFAULT_MISFIRE_GRACE_SECONDS,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self._notify = notify
        self._now = now
        self._grace = misfire_grace_seconds
        self._scheduler = BackgroundScheduler(timezone=UTC, job_defaults={
            "misfire_grace_time": misfire_grace_seconds,
            "coalesce": True,
            "max_instances": 1,
        })
        self._scheduler.add_listener(self._on_missed_or_failed, EVENT_JOB_MISSED | EVENT_JOB_ERROR)
        self._due: dict[str, datetime] = {}

    # --- life cycle ---------------------------------------------------------------------------------
    def start(self) -> None:
        if not self._scheduler.running:
            self._scheduler.start()

    def shutdown(self) -> None:
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)

    # --- jobs ---------------------------------------------------------------------------------------
    def schedule(self, kind: str, when: datetime) -> None:
        """Run ``kind`` once at ``when`` (an aware time of day); replaces an earlier time for that kind."""
        if kind not in JOB_KINDS or kind == START_COUNTDOWN:
            raise DomainError(f"unknown wall-clock job {kind!r}")
        when = self._aware(when)
        self._due[kind] = when
        self._scheduler.add_job(self._fire, "date", run_date=when, id=kind, args=(kind, when),
                                replace_existing=True)

    def schedule_start(self, when: datetime, countdown_every_seconds: float = 60.0) -> None:
        """The scheduled start, with a countdown notice every ``countdown_every_seconds`` until then."""
        when = self._aware(when)
        self.schedule(SCHEDULED_START, when)
        if countdown_every_seconds > 0 and when > self._now():
            self._scheduler.add_job(self._countdown, "interval", seconds=countdown_every_seconds,
                                    end_date=when, id=START_COUNTDOWN, args=(when,), replace_existing=True)

    def close_late_registration_at(self, when: datetime) -> None:
        self.schedule(LATE_REGISTRATION_CLOSES, when)

    def end_rebuy_period_at(self, when: datetime) -> None:
        self.schedule(REBUY_PERIOD_ENDS, when)

    def cancel(self, kind: str) -> None:
        self._due.pop(kind, None)
        if self._scheduler.get_job(kind) is not None:
            self._scheduler.remove_job(kind)
        if kind == SCHEDULED_START and self._scheduler.get_job(START_COUNTDOWN) is not None:
            self._scheduler.remove_job(START_COUNTDOWN)

    def pending(self) -> dict[str, datetime]:
        """The jobs still to run and their next run time."""
        return {job.id: job.next_run_time for job in self._scheduler.get_jobs() if job.next_run_time}

    # --- run on the scheduler's thread: only hand over -------------------------------------------------
    def _fire(self, kind: str, due: datetime) -> None:
        self._due.pop(kind, None)
        self._notify(WallClockNotice(kind, due, self._now()))

    def _countdown(self, start_at: datetime) -> None:
        left = (start_at - self._now()).total_seconds()
        if left > 0:
            self._notify(WallClockNotice(START_COUNTDOWN, start_at, self._now(), seconds_to_start=left))

    def _on_missed_or_failed(self, event: JobExecutionEvent) -> None:
        if event.job_id == START_COUNTDOWN and event.code == EVENT_JOB_MISSED:
            return  # a skipped countdown notice is harmless: the next one or the start itself follows
        due = event.scheduled_run_time or self._now()
        if event.code == EVENT_JOB_ERROR:
            log.error("wall-clock job %s failed", event.job_id, exc_info=event.exception)
        else:
            log.warning("wall-clock job %s due at %s was missed (grace %s s)", event.job_id, due, self._grace)
        self._notify(WallClockNotice(event.job_id, due, self._now(), missed=True))

    @staticmethod
    def _aware(when: datetime) -> datetime:
        if when.tzinfo is None:
            raise DomainError(f"{when} has no time zone: give the time of day with its zone")
        return when.astimezone(UTC)


__all__ = [
    "WallClockScheduler",
    "WallClockNotice",
    "SCHEDULED_START",
    "LATE_REGISTRATION_CLOSES",
    "REBUY_PERIOD_ENDS",
    "START_COUNTDOWN",
    "JOB_KINDS",
]
