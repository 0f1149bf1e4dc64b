"""The ``Schedule`` aggregate: the blind structure and the saved state of the level clock.

It folds the "structure.*" and "clock.*" events of a tournament. Every clock event carries the clock
as it stood at that moment: ``period_index``, ``remaining_ms``, ``running`` and ``wall_time`` (UTC,
ISO 8601). The live countdown between events is the job of ``domain.clock.machine.Clock`` (driven by the
clock service); the aggregate only needs the saved state, so it never reads a clock and the level in
force for the next hand (TDA 23) is always known from the log alone.

The events and their fields are declared in events.py (StructureReplaced, StructureEdited, ClockStarted, ...);
``apply`` reads each payload into its class and folds it:
    structure.replaced / structure.edited   a new structure, or one period changed
    clock.started / clock.paused / clock.resumed
    clock.level_changed  period_index must be the next period (the remaining time crossed zero)
    clock.jumped         next / previous level or a jump to any period
    clock.time_adjusted  time added or removed, or a new remaining time
    clock.hand_for_hand_deducted  the hands played (TDA RP-8)
    clock.restored       "paused" | "continued" after a restart
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.events import (
    CLOCK_EVENTS, STRUCTURE_EVENTS, ClockFields, ClockLevelChanged, ClockPaused, ClockRestored, ClockResumed,
    ClockStarted, ClockTimeAdjusted, HandForHandDeducted, ScheduleEvent, StructureEdited, StructureReplaced,
)
from tournament_director.domain.clock.structure import Break, Level, Period, Structure, period_from_dict
from tournament_director.domain.errors import DomainError

CLOCK_EVENT_TYPES = tuple(event.type_name for event in CLOCK_EVENTS)
STRUCTURE_EVENT_TYPES = tuple(event.type_name for event in STRUCTURE_EVENTS)
_EVENTS: dict[str, type[ScheduleEvent]] = {event.type_name: event for event in (*STRUCTURE_EVENTS, *CLOCK_EVENTS)}
RESTORE_CHOICES = ("paused", "continued")


@dataclass(frozen=True)
class SavedClock:
    """The clock as the last recorded transition left it."""

    period_index: int
    remaining_ms: int
    running: bool
    started: bool
    wall_time: datetime | None


class Schedule:
    def __init__(self) -> None:
        self.structure: Structure | None = None
        self.chip_set: ChipSet | None = None
        self.current_period_index: int = 0
        self.remaining_ms: int = 0
        self.running: bool = False
        self.started: bool = False
        self.wall_time: str | None = None

    # --- aggregate protocol ----------------------------------------------------------------------
    @classmethod
    def new(cls) -> "Schedule":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        event_class = _EVENTS.get(event_type)
        if event_class is None:
            raise DomainError(f"the schedule does not know the event {event_type!r}")
        self.apply_event(event_class.from_payload(payload))

    def apply_event(self, event: ScheduleEvent) -> None:
        try:
            if isinstance(event, ClockFields):
                self._apply_clock(event)
            else:
                assert isinstance(event, (StructureReplaced, StructureEdited))  # the schedule's events are no other
                self._apply_structure(event)
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError) as exc:
            if isinstance(exc, DomainError):
                raise
            raise DomainError(f"{event.type_name}: malformed payload ({type(exc).__name__}: "
                              f"{str(exc)[:200]})") from exc

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "structure": self.structure.to_dict() if self.structure is not None else None,
            "chips": self.chip_set.to_dict() if self.chip_set is not None else None,
            "period_index": self.current_period_index,
            "remaining_ms": self.remaining_ms,
            "running": self.running,
            "started": self.started,
            "wall_time": self.wall_time,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "Schedule":
        schedule = cls()
        raw = data.get("structure")
        schedule.structure = Structure.from_dict(raw) if raw is not None else None
        chips = data.get("chips")
        schedule.chip_set = ChipSet.from_dict(chips) if chips is not None else None
        schedule.current_period_index = int(data.get("period_index", 0))
        schedule.remaining_ms = int(data.get("remaining_ms", 0))
        schedule.running = bool(data.get("running", False))
        schedule.started = bool(data.get("started", False))
        schedule.wall_time = data.get("wall_time")
        return schedule

    # --- queries ---------------------------------------------------------------------------------
    def current_period(self) -> Period | None:
        if self.structure is None:
            return None
        return self.structure.periods[self.current_period_index]

    def current_level(self) -> Level | None:
        """The level in force for the next hand (TDA 23); None during a break or with no structure."""
        period = self.current_period()
        return period if isinstance(period, Level) else None

    @property
    def on_break(self) -> bool:
        return isinstance(self.current_period(), Break)

    def saved_clock(self) -> SavedClock:
        wall = datetime.fromisoformat(self.wall_time) if self.wall_time else None
        return SavedClock(self.current_period_index, self.remaining_ms, self.running, self.started, wall)

    # --- folding ---------------------------------------------------------------------------------
    def _apply_structure(self, event: StructureReplaced | StructureEdited) -> None:
        if isinstance(event, StructureReplaced):
            structure = Structure.from_dict(event.structure)
            chip_set = ChipSet.from_dict(event.chips) if event.chips is not None else None
        else:
            if self.structure is None:
                raise DomainError("there is no structure to edit yet")
            structure = self.structure.with_period(event.index, period_from_dict(event.period, event.index + 1))
            chip_set = self.chip_set
        structure.validate(chip_set)
        if event.period_index is not None:
            period_index, remaining_ms, running, wall_time = self._clock_fields(event, structure)
        elif self.started:
            raise DomainError("editing the structure of a running clock must record where the clock stands")
        else:
            period_index = min(self.current_period_index, len(structure.periods) - 1)
            remaining_ms = structure.periods[period_index].duration_seconds * 1000
            running, wall_time = False, self.wall_time
        if running and not self.started:
            raise DomainError("the clock has not been started yet")
        self.structure = structure
        self.chip_set = chip_set
        self._set_clock(period_index, remaining_ms, running, wall_time)

    def _apply_clock(self, event: ClockFields) -> None:
        if self.structure is None:
            raise DomainError("load a blind structure before using the clock")
        event_type = event.type_name
        period_index, remaining_ms, running, wall_time = self._clock_fields(event, self.structure)
        if isinstance(event, ClockStarted):
            if self.started:
                raise DomainError("the clock has already been started")
            if not running:
                raise DomainError("clock.started must leave the clock running")
        elif isinstance(event, (ClockPaused, ClockResumed)):
            if not self.started:
                raise DomainError("the clock has not been started yet")
            if isinstance(event, ClockPaused) and not self.running:
                raise DomainError("the clock is already paused")
            if isinstance(event, ClockResumed) and self.running:
                raise DomainError("the clock is already running")
            if running != isinstance(event, ClockResumed):
                raise DomainError(f"{event_type} records the wrong running state")
            if period_index != self.current_period_index:
                raise DomainError(f"{event_type} cannot change the level")
        elif isinstance(event, ClockLevelChanged):
            if not self.started:
                raise DomainError("the clock has not been started yet")
            if period_index != self.current_period_index + 1:
                raise DomainError(
                    f"a level change must move to the next period ({self.current_period_index + 1}),"
                    f" not to {period_index}"
                )
        elif isinstance(event, (ClockTimeAdjusted, HandForHandDeducted)):
            if period_index != self.current_period_index:
                raise DomainError(f"{event_type} cannot change the level; jump to a level instead")
            if isinstance(event, HandForHandDeducted):
                if event.hands < 1:
                    raise DomainError("a hand-for-hand deduction needs the number of hands played (1 or more)")
                limits.check_count(event.hands, "number of hands", 1, limits.MAX_HANDS)
        elif isinstance(event, ClockRestored):
            if not self.started:
                raise DomainError("there is no started clock to restore")
            if event.choice not in RESTORE_CHOICES:
                raise DomainError("after a restart choose to resume 'paused' or 'continued'")
        if running and not self.started and not isinstance(event, ClockStarted):
            raise DomainError("the clock has not been started yet")
        if isinstance(event, ClockStarted):
            self.started = True
        self._set_clock(period_index, remaining_ms, running, wall_time)

    def _set_clock(self, period_index: int, remaining_ms: int, running: bool, wall_time: str | None) -> None:
        self.current_period_index = period_index
        self.remaining_ms = remaining_ms
        self.running = running
        self.wall_time = wall_time

    @staticmethod
    def _clock_fields(event: Any, structure: Structure) -> tuple[int, int, bool, str | None]:
        """The clock's fields of a clock event (or of a structure event that records them), checked."""
        period_index, remaining_ms, running = event.period_index, event.remaining_ms, event.running
        if period_index is None or remaining_ms is None or running is None:
            raise DomainError("a clock event must record period_index, remaining_ms and running")
        if not 0 <= period_index < len(structure.periods):
            raise DomainError(f"period {limits.shown(period_index)} is outside the structure (periods 0 to "
                              f"{len(structure.periods) - 1})")
        if remaining_ms < 0:
            raise DomainError(f"the remaining time cannot be negative (got {limits.shown(remaining_ms)} ms)")
        if remaining_ms > limits.MAX_DURATION_SECONDS * 1000:
            raise DomainError(f"the remaining time is at most 24 hours, not {limits.shown(remaining_ms // 1000)} s")
        wall_time = event.wall_time
        if wall_time is not None:
            try:
                datetime.fromisoformat(wall_time)
            except (TypeError, ValueError):
                raise DomainError(f"wall_time {limits.shown(wall_time)} is not an ISO 8601 time") from None
        return period_index, remaining_ms, running, wall_time


__all__ = ["Schedule", "SavedClock", "CLOCK_EVENT_TYPES", "STRUCTURE_EVENT_TYPES", "RESTORE_CHOICES"]
