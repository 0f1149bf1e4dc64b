"""Wall-clock jobs (APScheduler) hand their notices to a thread-safe callback; a missed job is reported."""

from __future__ import annotations

import queue
import threading
from datetime import UTC, datetime, timedelta

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.scheduler import (
    LATE_REGISTRATION_CLOSES,
    REBUY_PERIOD_ENDS,
    SCHEDULED_START,
    START_COUNTDOWN,
    WallClockNotice,
    WallClockScheduler,
)


@pytest.fixture
def notices():
    received: queue.Queue[tuple[WallClockNotice, str]] = queue.Queue()
    scheduler = WallClockScheduler(lambda n: received.put((n, threading.current_thread().name)),
                                   misfire_grace_seconds=1)
    scheduler.start()
    yield scheduler, received
    scheduler.shutdown()


def test_late_registration_closes_at_its_time_of_day_off_the_gui_thread(notices) -> None:
    scheduler, received = notices
    due = datetime.now(UTC) + timedelta(seconds=0.3)
    scheduler.close_late_registration_at(due)
    notice, thread = received.get(timeout=3)
    assert notice.kind == LATE_REGISTRATION_CLOSES and not notice.missed
    assert notice.due == due and notice.fired_at >= due
    assert thread != threading.main_thread().name  # the UI must hop to its own thread through a signal
    assert LATE_REGISTRATION_CLOSES not in scheduler.pending()


def test_countdown_then_the_scheduled_start(notices) -> None:
    scheduler, received = notices
    start = datetime.now(UTC) + timedelta(seconds=0.9)
    scheduler.schedule_start(start, countdown_every_seconds=0.25)
    kinds = []
    while SCHEDULED_START not in kinds:
        notice, _ = received.get(timeout=3)
        kinds.append(notice.kind)
        if notice.kind == START_COUNTDOWN:
            assert 0 < notice.seconds_to_start < 0.9
    assert kinds.count(START_COUNTDOWN) >= 2 and kinds[-1] == SCHEDULED_START


def test_a_job_missed_beyond_the_grace_is_reported_not_dropped(notices) -> None:
    """E.g. the laptop slept through the end of the rebuy period: the director is told."""
    scheduler, received = notices
    due = datetime.now(UTC) - timedelta(seconds=5)  # 5 s late with a 1 s grace
    scheduler.end_rebuy_period_at(due)
    notice, _ = received.get(timeout=3)
    assert notice.kind == REBUY_PERIOD_ENDS and notice.missed and notice.due == due


def test_a_rescheduled_job_runs_once_at_the_new_time(notices) -> None:
    scheduler, received = notices
    scheduler.end_rebuy_period_at(datetime.now(UTC) + timedelta(hours=1))
    new_time = datetime.now(UTC) + timedelta(seconds=0.2)
    scheduler.end_rebuy_period_at(new_time)
    notice, _ = received.get(timeout=3)
    assert notice.due == new_time
    with pytest.raises(queue.Empty):
        received.get(timeout=0.3)


def test_naive_times_and_unknown_jobs_are_refused(notices) -> None:
    scheduler, _ = notices
    with pytest.raises(DomainError, match="no time zone"):
        scheduler.close_late_registration_at(datetime(2030, 1, 1, 20, 0))
    with pytest.raises(DomainError, match="unknown wall-clock job"):
        scheduler.schedule("coffee", datetime.now(UTC))
    assert scheduler.pending() == {}
