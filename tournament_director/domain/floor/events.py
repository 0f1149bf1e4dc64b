"""The floor's events declared as classes (domain/events.py). The floor's own events are still read as mappings by
the parts that apply them (tournament.py lists their fields); declared here so far: the director's call for a chip
count, kept in order by domain/state.py beside the floor for the console and the room display."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tournament_director.domain.events import Event, optional


@dataclass(frozen=True, kw_only=True)
class ChipCountCalled(Event):
    """A call for a chip count: when (UTC, ISO 8601) and why ("before the final table")."""

    type_name = "chip_count.called"
    room: ClassVar[str] = "chip_count_calls"
    time: str
    note: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "time":
            return f"a call for a chip count needs the time it was made ({key} {problem})"
        return super().field_problem(key, problem)
