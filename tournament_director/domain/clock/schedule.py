"""The ``Schedule`` aggregate: the blind structure and the saved state of the level clock.

It folds the "structure.*" and "clock.*" events of a tournament. Every clock event carries the clock
as it stood at that moment: ``period_index``, ``remaining_ms``, ``running`` and ``wall_time`` (UTC,
ISO 8601). The live countdown between events is the job of ``domain.clock.machine.Clock`` (driven by the
clock service); the aggregate only needs the saved state, so it never reads a clock and the level in
force for the next hand (TDA 23) is always known from the log alone.

Event types and their extra payload fields:
    structure.replaced   structure (dict, as Structure.to_dict); optional chips (dict, as ChipSet.to_dict)
    structure.edited     index, period (dict, as period_to_dict)
    clock.started / clock.paused / clock.resumed
    clock.level_changed  period_index must be the next period (the remaining time crossed zero)
    clock.jumped         next / previous level or a jump to any period (from_index)
    clock.time_adjusted  delta_ms (add or remove time) or a new remaining time
    clock.hand_for_hand_deducted  hands, deduction_ms (TDA RP-8)
    clock.restored       choice: "paused" | "continued" after a restart
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.structure import Break, Level, Period, Structure, period_from_dict
from tournament_director.domain.errors import DomainError

CLOCK_EVENT_TYPES = (
    "clock.started",
    "clock.paused",
    "clock.resumed",
    "clock.level_changed",
    "clock.jumped",
    "clock.time_adjusted",
    "clock.hand_for_hand_deducted",
    "clock.restored",
)
STRUCTURE_EVENT_TYPES = ("structure.replaced", "structure.edited")
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
        if event_type not in STRUCTURE_EVENT_TYPES and event_type not in CLOCK_EVENT_TYPES:
            raise DomainError(f"the schedule does not know the event {event_type!r}")
        if not isinstance(payload, dict):
            raise DomainError(f"{event_type}: the payload must be a mapping")
        try:
            if event_type in STRUCTURE_EVENT_TYPES:
                self._apply_structure(event_type, payload)
            else:
                self._apply_clock(event_type, payload)
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError) as exc:
            if isinstance(exc, DomainError):
                raise
            raise DomainError(f"{event_type}: malformed payload ({type(exc).__name__}: {str(exc)[:200]})") from exc

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
    def _apply_structure(self, event_type: str, payload: dict[str, Any]) -> None:
        if event_type == "structure.replaced":
            if "structure" not in payload:
                raise DomainError("structure.replaced needs the new structure")
            structure = Structure.from_dict(payload["structure"])
            chip_set = ChipSet.from_dict(payload["chips"]) if payload.get("chips") is not None else None
        else:
            if self.structure is None:
                raise DomainError("there is no structure to edit yet")
            index, raw_period = payload.get("index"), payload.get("period")
            if isinstance(index, bool) or not isinstance(index, int) or raw_period is None:
                raise DomainError("structure.edited needs the period index and the new period")
            structure = self.structure.with_period(index, period_from_dict(raw_period, index + 1))
            chip_set = self.chip_set
        structure.validate(chip_set)
        if "period_index" in payload:
            period_index, remaining_ms, running, wall_time = self._clock_fields(payload, structure)
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

    def _apply_clock(self, event_type: str, payload: dict[str, Any]) -> None:
        if self.structure is None:
            raise DomainError("load a blind structure before using the clock")
        period_index, remaining_ms, running, wall_time = self._clock_fields(payload, self.structure)
        if event_type == "clock.started":
            if self.started:
                raise DomainError("the clock has already been started")
            if not running:
                raise DomainError("clock.started must leave the clock running")
        elif event_type in ("clock.paused", "clock.resumed"):
            if not self.started:
                raise DomainError("the clock has not been started yet")
            if event_type == "clock.paused" and not self.running:
                raise DomainError("the clock is already paused")
            if event_type == "clock.resumed" and self.running:
                raise DomainError("the clock is already running")
            if running != (event_type == "clock.resumed"):
                raise DomainError(f"{event_type} records the wrong running state")
            if period_index != self.current_period_index:
                raise DomainError(f"{event_type} cannot change the level")
        elif event_type == "clock.level_changed":
            if not self.started:
                raise DomainError("the clock has not been started yet")
            if period_index != self.current_period_index + 1:
                raise DomainError(
                    f"a level change must move to the next period ({self.current_period_index + 1}),"
                    f" not to {period_index}"
                )
        elif event_type in ("clock.time_adjusted", "clock.hand_for_hand_deducted"):
            if period_index != self.current_period_index:
                raise DomainError(f"{event_type} cannot change the level; jump to a level instead")
            if event_type == "clock.hand_for_hand_deducted":
                hands = payload.get("hands")
                if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
                    raise DomainError("a hand-for-hand deduction needs the number of hands played (1 or more)")
                limits.check_count(hands, "number of hands", 1, limits.MAX_HANDS)
        elif event_type == "clock.restored":
            if not self.started:
                raise DomainError("there is no started clock to restore")
            if payload.get("choice") not in RESTORE_CHOICES:
                raise DomainError("after a restart choose to resume 'paused' or 'continued'")
        if running and not self.started and event_type != "clock.started":
            raise DomainError("the clock has not been started yet")
        if event_type == "clock.started":
            self.started = True
        self._set_clock(period_index, remaining_ms, running, wall_time)

    def _set_clock(self, period_index: int, remaining_ms: int, running: bool, wall_time: str | None) -> None:
        self.current_period_index = period_index
        self.remaining_ms = remaining_ms
        self.running = running
        self.wall_time = wall_time

    @staticmethod
    def _clock_fields(payload: dict[str, Any], structure: Structure) -> tuple[int, int, bool, str | None]:
        try:
            period_index = int(payload["period_index"])
            remaining_ms = int(payload["remaining_ms"])
            running = bool(payload["running"])
        except (KeyError, TypeError, ValueError, OverflowError):
            raise DomainError("a clock event must record period_index, remaining_ms and running") from None
        if not 0 <= period_index < len(structure.periods):
            raise DomainError(f"period {limits.shown(period_index)} is outside the structure (periods 0 to "
                              f"{len(structure.periods) - 1})")
        if remaining_ms < 0:
            raise DomainError(f"the remaining time cannot be negative (got {limits.shown(remaining_ms)} ms)")
        if remaining_ms > limits.MAX_DURATION_SECONDS * 1000:
            raise DomainError(f"the remaining time is at most 24 hours, not {limits.shown(remaining_ms // 1000)} s")
        wall_time = payload.get("wall_time")
        if wall_time is not None:
            try:
                datetime.fromisoformat(wall_time)
            except (TypeError, ValueError):
                raise DomainError(f"wall_time {limits.shown(wall_time)} is not an ISO 8601 time") from None
        return period_index, remaining_ms, running, wall_time


__all__ = ["Schedule", "SavedClock", "CLOCK_EVENT_TYPES", "STRUCTURE_EVENT_TYPES", "RESTORE_CHOICES"]
