"""The floor tool's event: a ruling recorded in the tournament's log with its table, its time and the situation it
was given for (kept whole, in order, by domain/state.py, so a later dispute can be reopened)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tournament_director.domain.events import Event, optional


@dataclass(frozen=True, kw_only=True)
class RulingRecorded(Event):
    type_name = "ruling.recorded"
    room: ClassVar[str] = "rulings"
    ruling: dict[str, Any]
    irregularity: str | None = optional()
    label: str | None = optional()
    facts: dict[str, Any] | None = optional()
    table: int | None = None  # written as null when the ruling was given for no table
    situation: dict[str, Any] | None = optional()
    phh: str | None = optional()
    house_options: dict[str, Any] | None = optional()
    recorded_at: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "ruling":
            return f"a recorded ruling needs the ruling itself ({key} {problem})"
        return super().field_problem(key, problem)
