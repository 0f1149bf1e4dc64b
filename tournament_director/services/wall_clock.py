"""The wall-clock jobs of the tournament in front of the director: the scheduled start and its countdown, late
registration closing at a time of day (TDA 8-A), the end of a rebuy period.

``WallClockJobs`` keeps the scheduler's jobs (services/scheduler.py, on a worker thread) in line with the
settings and the tournament, and turns each notice into what the director is told, on the GUI thread. A
bare time of day belongs to the tournament's day: a morning time after an evening start is the night after.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, time as time_of_day, timedelta
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.services.scheduler import (
    DEFAULT_MISFIRE_GRACE_SECONDS,
    LATE_REGISTRATION_CLOSES,
    REBUY_PERIOD_ENDS,
    SCHEDULED_START,
    START_COUNTDOWN,
    WallClockNotice,
    WallClockScheduler,
)

log = logging.getLogger(__name__)


class WallClockJobs:
    """The wall-clock jobs of a ``DirectorSession`` (its tournament, state and ``run``), on the time source
    ``wall_now``."""

    def __init__(self, session: Any, wall_now: Callable[[], datetime]) -> None:
        self._session = session
        self._wall_now = wall_now
        self._scheduler: WallClockScheduler | None = None
        self._plan: dict[str, datetime] = {}
        self._countdown = 60.0
        self._anchor: datetime | None = None  # the day a bare time of day belongs to
        self._start_reached = False
        self._told: set[tuple[str, datetime]] = set()  # the jobs ``due_now`` gave already

    def tournament_changed(self) -> None:
        """Another tournament is in front of the director: its own day and its own start."""
        self._anchor = None
        self._start_reached = False

    def shutdown(self) -> None:
        if self._scheduler is not None:
            self._scheduler.shutdown()
            self._scheduler = None
            self._plan = {}

    def start(self, notify: Callable[[WallClockNotice], None], *,
                         countdown_every_seconds: float = 60.0,
                         misfire_grace_seconds: int = DEFAULT_MISFIRE_GRACE_SECONDS) -> WallClockScheduler:
        """Run the selected tournament's time-of-day jobs on a worker thread.

        ``notify`` is called on that thread: it must only hand the notice over (the console emits a Qt signal),
        and the GUI thread then calls ``handle(notice)`` (the session's ``handle_wall_clock``). The jobs follow
        the settings and the tournament in front of the director; ``shutdown()`` stops them.
        """
        if self._scheduler is None:
            self._countdown = countdown_every_seconds
            self._scheduler = WallClockScheduler(notify, misfire_grace_seconds=misfire_grace_seconds,
                                                  now=self._wall_now)
            self._scheduler.start()
            self._plan = {}
        self.reschedule()
        return self._scheduler

    def plan(self) -> dict[str, datetime]:
        """The jobs the selected tournament needs now (kind -> aware UTC time); empty when none applies."""
        floor = self._session.tournament
        if floor is None or floor.finished:
            return {}
        settings = floor.settings
        plan: dict[str, datetime] = {}
        start = _moment(settings.scheduled_start, "scheduled_start")
        if start is not None and not self._session.state.schedule.started:
            plan[SCHEDULED_START] = start
        if self._anchor is None:
            self._anchor = (start or self._wall_now()).astimezone()
        if settings.late_registration_until_time and not self._session.state.floor.registration_closed:
            plan[LATE_REGISTRATION_CLOSES] = _on_the_day(settings.late_registration_until_time, self._anchor)
        # A rebuy period ending at a time of day, for settings that carry one (rebuy_until_level is a level).
        rebuy_until = getattr(settings, "rebuy_until_time", None)
        if rebuy_until:
            plan[REBUY_PERIOD_ENDS] = _on_the_day(rebuy_until, self._anchor)
        return plan

    def seconds_to_start(self) -> float | None:
        """The countdown to the scheduled start (0 once it is reached), while the clock has not started.

        None when no wall clock runs, no start is scheduled or the clock has started.
        """
        if self._scheduler is None or self._session.runner is None or self._session.state.schedule.started:
            return None
        start = self._plan.get(SCHEDULED_START)
        if start is None:
            return None
        if self._start_reached:
            return 0.0
        return max(0.0, (start - self._wall_now()).total_seconds())

    def handle(self, notice: WallClockNotice) -> str | None:
        """Act on a wall-clock notice on the GUI thread; returns what to tell the director (None: nothing).

        A notice from a plan that was replaced since (other settings, another tournament) is ignored.
        """
        if self._plan_for(notice) is None:
            return None
        when = notice.due.astimezone().strftime("%H:%M")
        late = _late_text(notice)
        if notice.kind == START_COUNTDOWN:
            return None  # the countdown is read from seconds_to_start() at every repaint
        if notice.kind == SCHEDULED_START:
            self._start_reached = True
            if self._session.state.schedule.started:
                return None
            if notice.missed:
                return f"The scheduled start at {when} was missed{late}: start the clock (F8) when ready"
            return f"It is {when}, the scheduled start: start the clock (F8)"
        if notice.kind == LATE_REGISTRATION_CLOSES:
            return self._close_late_registration(notice, when, late)
        if notice.kind == REBUY_PERIOD_ENDS:
            if notice.missed:
                return f"The rebuy period ended at {when}; the notice was missed{late}"
            return f"The rebuy period has ended ({when})"
        return None

    def _close_late_registration(self, notice: WallClockNotice, when: str, late: str) -> str | None:
        floor = self._session.tournament
        if floor is None or self._session.state.floor.registration_closed or floor.finished:
            return None  # already closed by the director: record nothing twice
        try:
            self._session.run(floor.close_registration)
        except DomainError as refusal:
            return f"Late registration should close at {when}, but closing it was refused: {refusal}"
        if notice.missed:
            return (f"Late registration closed: it was due at {when}, and the job was missed{late}; "
                    "registration is closed now")
        return f"Late registration closed at {when}"

    def due_now(self) -> list[WallClockNotice]:
        """The jobs of the plan that came due since the last call, once each: a tournament left running behind the
        one in front has no scheduler thread of its own; the console's repaint timer asks (``handle`` then acts on
        each as on a scheduler's notice)."""
        try:
            plan = self.plan()
        except DomainError as problem:
            log.warning("wall-clock jobs not checked: %s", problem)
            return []
        now = self._wall_now()
        due = [WallClockNotice(kind, when, now, missed=(now - when).total_seconds() > DEFAULT_MISFIRE_GRACE_SECONDS)
               for kind, when in sorted(plan.items(), key=lambda item: item[1])
               if when <= now and (kind, when) not in self._told]
        self._told.update((notice.kind, notice.due) for notice in due)
        self._plan = plan
        return due

    def _plan_for(self, notice: WallClockNotice) -> datetime | None:
        kind = SCHEDULED_START if notice.kind == START_COUNTDOWN else notice.kind
        due = self._plan.get(kind)
        return due if due is not None and due == notice.due else None

    def reschedule(self) -> None:
        """Bring the scheduler's jobs in line with the plan; only the kinds that changed are touched."""
        scheduler = self._scheduler
        if scheduler is None:
            return
        try:
            plan = self.plan()
        except DomainError as problem:  # e.g. an unreadable scheduled start: say so once, keep the rest going
            log.warning("wall-clock jobs not scheduled: %s", problem)
            plan = {}
        old = self._plan
        for kind in old.keys() - plan.keys():
            scheduler.cancel(kind)
        for kind, when in plan.items():
            if old.get(kind) == when:
                continue
            if kind == SCHEDULED_START:
                self._start_reached = False
                scheduler.schedule_start(when, self._countdown)
            else:
                scheduler.schedule(kind, when)
        self._plan = plan


def _moment(text: str | None, name: str) -> datetime | None:
    """An ISO 8601 date-time from the settings as an aware UTC time (no zone given: the local time)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise DomainError(f"{name} {text!r} is not a date and time (write it like 2025-03-14T20:00)") from error
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the card room's local time
    return moment.astimezone(UTC)


def _on_the_day(hh_mm: str, anchor: datetime) -> datetime:
    """``HH:MM`` local time on the tournament's day (the day of ``anchor``).

    A morning time for an evening anchor belongs to the night after it (a 20:00 start whose late registration
    ends at 01:00).
    """
    hours, minutes = (int(part) for part in hh_mm.split(":"))
    local = anchor.astimezone()
    moment = datetime.combine(local.date(), time_of_day(hours, minutes), tzinfo=local.tzinfo)
    if moment < local and hours < 12 <= local.hour:
        moment += timedelta(days=1)
    return moment.astimezone(UTC)


def _late_text(notice: WallClockNotice) -> str:
    if not notice.missed:
        return ""
    minutes = max(0, round((notice.fired_at - notice.due).total_seconds() / 60))
    return f" (found {minutes} min late: the computer was probably asleep)"
