"""The schedule's events: the blind structure replaced or edited, and the level clock's transitions (schedule.py
folds them). Every clock event carries the clock as it stood at that moment (``ClockFields``: the period, the time
left, running or not, and the wall time, UTC ISO 8601), written after the event's own fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tournament_director.domain.events import Event, optional

CLOCK_FIELDS = ("period_index", "remaining_ms", "running", "wall_time")


@dataclass(frozen=True, kw_only=True)
class ScheduleEvent(Event):
    room: ClassVar[str] = "schedule"
    TRAILING: ClassVar[tuple[str, ...]] = CLOCK_FIELDS


@dataclass(frozen=True, kw_only=True)
class ClockFields(ScheduleEvent):
    """A clock transition: where the clock stands once it is applied."""

    period_index: int
    remaining_ms: int
    running: bool
    wall_time: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key in ("period_index", "remaining_ms", "running"):
            return f"a clock event must record period_index, remaining_ms and running ({key} {problem})"
        return super().field_problem(key, problem)


@dataclass(frozen=True, kw_only=True)
class ClockStarted(ClockFields):
    type_name = "clock.started"


@dataclass(frozen=True, kw_only=True)
class ClockPaused(ClockFields):
    type_name = "clock.paused"


@dataclass(frozen=True, kw_only=True)
class ClockResumed(ClockFields):
    type_name = "clock.resumed"


@dataclass(frozen=True, kw_only=True)
class ClockLevelChanged(ClockFields):
    """The time left crossed zero: the next period starts (``kind``: the machine's name for the change)."""

    type_name = "clock.level_changed"
    kind: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class ClockJumped(ClockFields):
    """Next or previous level, or a jump to any period (``from_index``: the period it left)."""

    type_name = "clock.jumped"
    from_index: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class ClockTimeAdjusted(ClockFields):
    """Time added or removed (``delta_ms``) or the time left set (``set_ms``)."""

    type_name = "clock.time_adjusted"
    delta_ms: int | None = optional()
    set_ms: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class HandForHandDeducted(ClockFields):
    """The hand-for-hand minutes of ``hands`` hands taken off the clock (TDA RP-8)."""

    type_name = "clock.hand_for_hand_deducted"
    hands: int
    deduction_ms: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class ClockRestored(ClockFields):
    """After a restart: resumed "paused", or "continued" as if it had kept running (``periods_crossed``)."""

    type_name = "clock.restored"
    choice: str
    periods_crossed: int | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "choice":
            return f"after a restart choose to resume 'paused' or 'continued' (choice {problem})"
        return super().field_problem(key, problem)


@dataclass(frozen=True, kw_only=True)
class StructureReplaced(ScheduleEvent):
    """A new blind structure (as Structure.to_dict) and its chips (ChipSet.to_dict); with the clock's fields when
    it had started (all four, or none)."""

    type_name = "structure.replaced"
    structure: dict[str, Any]
    chips: dict[str, Any] | None = optional()
    period_index: int | None = optional()
    remaining_ms: int | None = optional()
    running: bool | None = optional()
    wall_time: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "structure":
            return f"structure.replaced needs the new structure (structure {problem})"
        return super().field_problem(key, problem)


@dataclass(frozen=True, kw_only=True)
class StructureEdited(ScheduleEvent):
    """One period of the structure changed (``period`` as period_to_dict); the clock's fields as above."""

    type_name = "structure.edited"
    index: int
    period: dict[str, Any]
    period_index: int | None = optional()
    remaining_ms: int | None = optional()
    running: bool | None = optional()
    wall_time: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key in ("index", "period"):
            return f"structure.edited needs the period index and the new period ({key} {problem})"
        return super().field_problem(key, problem)


CLOCK_EVENTS: tuple[type[ClockFields], ...] = (ClockStarted, ClockPaused, ClockResumed, ClockLevelChanged,
                                                 ClockJumped, ClockTimeAdjusted, HandForHandDeducted, ClockRestored)
STRUCTURE_EVENTS: tuple[type[ScheduleEvent], ...] = (StructureReplaced, StructureEdited)
