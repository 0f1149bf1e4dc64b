"""The level clock as a pure state machine on a monotonic time source.

Time is always a parameter (``now``, in seconds from any monotonic origin). The remaining time is
computed from a baseline, ``remaining = baseline - (now - anchor)``, never by counting ticks, so a
late or missing repaint cannot make the clock gain or lose time. When a period runs out, the next one
starts at the exact deadline (not at the moment somebody noticed), so lateness never accumulates.

``advance(now)`` returns, in order, the events crossed since the last call: period changes (level
changed, break started, break ended), the one-minute warning and the last-level-before-break warning.
A pause moves every future deadline, because the deadlines are derived from the running baseline.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_director.domain.clock.structure import Break, Level, Period, Structure
from tournament_director.domain.errors import DomainError

LEVEL_CHANGED = "level_changed"
BREAK_STARTED = "break_started"
BREAK_ENDED = "break_ended"
ONE_MINUTE_WARNING = "one_minute_warning"
LAST_LEVEL_BEFORE_BREAK = "last_level_before_break"
STRUCTURE_ENDED = "structure_ended"
PERIOD_CHANGES = (LEVEL_CHANGED, BREAK_STARTED, BREAK_ENDED)

WARNING_MS = 60_000
HAND_FOR_HAND_DEFAULT_MS = 120_000  # TDA RP-8: two minutes off the clock for each hand
HAND_FOR_HAND_CAP_MS = 180_000  # TDA RP-8B: at most three minutes per hand


@dataclass(frozen=True)
class ClockEvent:
    kind: str  # one of the constants above
    period_index: int  # the period in force once the event has happened
    due_at: float  # the monotonic time at which it was due (compare with the real time to measure lateness)


class Clock:
    def __init__(
        self,
        structure: Structure,
        *,
        period_index: int = 0,
        remaining_ms: int | None = None,
        running: bool = False,
        now: float = 0.0,
    ) -> None:
        structure.period(period_index)
        self._structure = structure
        self._period_index = period_index
        self._baseline_ms = self._full_ms(period_index) if remaining_ms is None else int(remaining_ms)
        if self._baseline_ms < 0:
            raise DomainError(f"the remaining time cannot be negative (got {self._baseline_ms} ms)")
        self._anchor = float(now)
        self._running = running
        self._warned = self._baseline_ms <= WARNING_MS
        self._ended = False
        self._pending: list[ClockEvent] = []

    # --- queries ---------------------------------------------------------------------------------
    @property
    def structure(self) -> Structure:
        return self._structure

    @property
    def running(self) -> bool:
        return self._running

    def period_index(self, now: float) -> int:
        self._catch_up(now)
        return self._period_index

    def period(self, now: float) -> Period:
        return self._structure.periods[self.period_index(now)]

    def remaining_ms(self, now: float) -> int:
        """Milliseconds left in the current period (never below zero)."""
        self._catch_up(now)
        return max(0, self._baseline_ms - self._elapsed_ms(now))

    def deadline(self, now: float) -> float | None:
        """The monotonic time the current period ends, while running."""
        self._catch_up(now)
        if not self._running or self._ended:
            return None
        return self._anchor + self._baseline_ms / 1000

    def next_event_at(self, now: float) -> float | None:
        """The monotonic time of the next thing the clock will fire (a warning or the end of the period).

        None while paused or after the structure has ended. The console wakes exactly then, so a level
        change is announced on time rather than at the next repaint.
        """
        end_at = self.deadline(now)
        if end_at is None:
            return None
        if not self._warned:
            return min(end_at, self._anchor + (self._baseline_ms - WARNING_MS) / 1000)
        return end_at

    def ms_to_next_break(self, now: float) -> int | None:
        """Time until the next break starts (0 during a break); None when no break is left."""
        index = self.period_index(now)
        if isinstance(self._structure.periods[index], Break):
            return 0
        next_break = self._structure.next_break_index(index)
        if next_break is None:
            return None
        between = sum(self._full_ms(i) for i in range(index + 1, next_break))
        return self.remaining_ms(now) + between

    def ms_to_end_of_structure(self, now: float) -> int:
        index = self.period_index(now)
        later = sum(self._full_ms(i) for i in range(index + 1, len(self._structure.periods)))
        return self.remaining_ms(now) + later

    def due_events(self, now: float) -> list[ClockEvent]:
        """The events crossed by ``now`` and not yet taken by ``advance`` (nothing is consumed)."""
        self._catch_up(now)
        return list(self._pending)

    def advance(self, now: float) -> list[ClockEvent]:
        """Take the events crossed since the last call, oldest first."""
        self._catch_up(now)
        taken, self._pending = self._pending, []
        return taken

    def forget_passed_notices(self, now: float) -> None:
        """Drop the warnings (and the end of the structure) already due by ``now``; keep the period changes.

        Used when a saved clock is rebuilt after an undo or redo, so nothing is announced twice.
        """
        self._catch_up(now)
        kept = (*PERIOD_CHANGES, LAST_LEVEL_BEFORE_BREAK)  # announced with the level change itself
        self._pending = [event for event in self._pending if event.kind in kept]

    # --- commands --------------------------------------------------------------------------------
    def start(self, now: float) -> None:
        self.resume(now)

    def pause(self, now: float) -> None:
        self._catch_up(now)
        if not self._running:
            raise DomainError("the clock is already paused")
        self._rebase(now)
        self._running = False

    def resume(self, now: float) -> None:
        self._catch_up(now)
        if self._running:
            raise DomainError("the clock is already running")
        self._anchor = float(now)
        self._running = True

    def next_level(self, now: float) -> None:
        index = self.period_index(now)
        if index + 1 >= len(self._structure.periods):
            raise DomainError("the clock is already in the last period of the structure")
        self.jump_to(index + 1, now)

    def previous_level(self, now: float) -> None:
        index = self.period_index(now)
        if index == 0:
            raise DomainError("the clock is already in the first period of the structure")
        self.jump_to(index - 1, now)

    def jump_to(self, period_index: int, now: float, remaining_ms: int | None = None) -> None:
        """Go to any period, with its full time unless ``remaining_ms`` says otherwise."""
        self._catch_up(now)
        self._structure.period(period_index)
        self._period_index = period_index
        self._set_baseline(self._full_ms(period_index) if remaining_ms is None else remaining_ms, now)
        self._catch_up(now)

    def add_time(self, delta_ms: int, now: float) -> None:
        """Add (positive) or remove (negative) time; removing more than is left ends the period now."""
        remaining = self.remaining_ms(now)
        self._set_baseline(max(0, remaining + int(delta_ms)), now)
        self._catch_up(now)

    def set_remaining(self, remaining_ms: int, now: float) -> None:
        if remaining_ms < 0:
            raise DomainError(f"the remaining time cannot be negative (got {remaining_ms} ms)")
        self._catch_up(now)
        self._set_baseline(int(remaining_ms), now)
        self._catch_up(now)

    def deduct_hands(self, hands: int, now: float, per_hand_ms: int = HAND_FOR_HAND_DEFAULT_MS) -> int:
        """Hand-for-hand: take time off for each hand played (TDA RP-8, at most 3 minutes a hand).

        Returns the milliseconds actually taken off (never more than is left in the level).
        """
        if hands < 1:
            raise DomainError("a hand-for-hand deduction needs at least one hand")
        if not 0 < per_hand_ms <= HAND_FOR_HAND_CAP_MS:
            raise DomainError(
                f"hand-for-hand takes between 0 and 3 minutes off per hand (got {per_hand_ms / 60000:g} min)",
                rule="TDA RP-8B",
            )
        if isinstance(self.period(now), Break):
            raise DomainError("there is no hand-for-hand deduction during a break")
        remaining = self.remaining_ms(now)
        if remaining == 0:
            raise DomainError(
                f"{self.period(now).label} has no time left to take off: the structure has ended", rule="TDA RP-8"
            )
        taken = min(remaining, hands * per_hand_ms)
        self.add_time(-taken, now)
        return taken

    def replace_structure(
        self, structure: Structure, now: float, period_index: int | None = None, *, keep_time: bool = True
    ) -> None:
        """Use an edited structure, at ``period_index`` (default: the same index as now).

        With ``keep_time`` the time already played in the period counts: a period lengthened or shortened by
        N minutes gains or loses N minutes, and one shortened below the time already played ends at once.
        Without it (or when the clock lands on a different kind of period) the period starts with its full time.
        """
        structure.validate()
        self._catch_up(now)
        old_period = self._structure.periods[self._period_index]
        index = self._period_index if period_index is None else period_index
        structure.period(index)
        remaining = self.remaining_ms(now)
        self._rebase(now)
        self._structure = structure
        self._period_index = index
        new_period = structure.periods[index]
        if keep_time and type(new_period) is type(old_period):
            length_change_ms = (new_period.duration_seconds - old_period.duration_seconds) * 1000
            self._set_baseline(max(0, remaining + length_change_ms), now)
        else:
            self._set_baseline(self._full_ms(index), now)
        self._catch_up(now)

    # --- internals -------------------------------------------------------------------------------
    def _full_ms(self, index: int) -> int:
        return self._structure.periods[index].duration_seconds * 1000

    def _elapsed_ms(self, now: float) -> int:
        return round((now - self._anchor) * 1000) if self._running else 0

    def _rebase(self, now: float) -> None:
        """Fold the time run so far into the baseline."""
        self._baseline_ms = max(0, self._baseline_ms - self._elapsed_ms(now))
        self._anchor = float(now)

    def _set_baseline(self, remaining_ms: int, now: float) -> None:
        self._baseline_ms = int(remaining_ms)
        self._anchor = float(now)
        self._warned = self._baseline_ms <= WARNING_MS
        # A command that leaves an ended structure at zero (time removed, a hand-for-hand) must not end it twice.
        last = self._period_index == len(self._structure.periods) - 1
        if not (self._ended and last and self._baseline_ms == 0):
            self._ended = False

    def _catch_up(self, now: float) -> None:
        """Move through every deadline up to ``now``, queueing the events in order."""
        while not self._ended:
            if self._running:
                end_at = self._anchor + self._baseline_ms / 1000
            elif self._baseline_ms == 0:
                end_at = float(now)  # time removed while paused: the period ends at once
            else:
                return
            if not self._warned:
                warn_at = self._anchor + (self._baseline_ms - WARNING_MS) / 1000
                if warn_at <= now:
                    self._warned = True
                    self._pending.append(ClockEvent(ONE_MINUTE_WARNING, self._period_index, warn_at))
                    continue
            if end_at > now:
                return
            self._enter_next_period(end_at)

    def _enter_next_period(self, at: float) -> None:
        periods = self._structure.periods
        finished = periods[self._period_index]
        if self._period_index + 1 >= len(periods):
            self._baseline_ms, self._anchor, self._ended = 0, at, True
            self._pending.append(ClockEvent(STRUCTURE_ENDED, self._period_index, at))
            return
        self._period_index += 1
        self._baseline_ms = self._full_ms(self._period_index)
        self._anchor = at
        self._warned = self._baseline_ms <= WARNING_MS
        entered = periods[self._period_index]
        if isinstance(entered, Break):
            kind = BREAK_STARTED
        elif isinstance(finished, Break):
            kind = BREAK_ENDED
        else:
            kind = LEVEL_CHANGED
        self._pending.append(ClockEvent(kind, self._period_index, at))
        following = self._structure.next_break_index(self._period_index)
        if isinstance(entered, Level) and following == self._period_index + 1:
            self._pending.append(ClockEvent(LAST_LEVEL_BEFORE_BREAK, self._period_index, at))


__all__ = [
    "Clock",
    "ClockEvent",
    "LEVEL_CHANGED",
    "BREAK_STARTED",
    "BREAK_ENDED",
    "ONE_MINUTE_WARNING",
    "LAST_LEVEL_BEFORE_BREAK",
    "STRUCTURE_ENDED",
    "PERIOD_CHANGES",
    "HAND_FOR_HAND_DEFAULT_MS",
    "HAND_FOR_HAND_CAP_MS",
]
