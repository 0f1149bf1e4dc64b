"""Calls for a chip count: the director asks the tables to count their stacks (at a break, before the final
table, at the end of a day), from the console or from the director's phone through the room display.

A call is one event, ``chip_count.called`` (time, note), kept by the tournament state beside the floor
(domain/state.py) and shown in the console's log and on the room display's pages. The counts themselves are
recorded afterwards with ``TournamentService.record_chips``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.events import ChipCountCalled

NOTE_LIMIT = 120


@dataclass(frozen=True)
class ChipCountCall:
    time: datetime  # aware, UTC
    note: str


def call_chip_count(runner: Any, note: str = "", *, now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> Any:
    """Record a call for a chip count (one event, undoable); ``note`` says why ("before the final table")."""
    if runner is None:
        raise DomainError("no tournament is open")
    if not isinstance(note, str):
        raise DomainError("the note of a chip count call is text")
    note = " ".join(note.split())
    if len(note) > NOTE_LIMIT:
        raise DomainError(f"keep the note of a chip count call under {NOTE_LIMIT} characters")
    if runner.state.floor.finished:
        raise DomainError("the tournament is over: there are no stacks left to count")
    return runner.record(ChipCountCalled(time=now().astimezone(UTC).isoformat(timespec="seconds"), note=note))


def latest_call(runner: Any) -> ChipCountCall | None:
    """The most recent call for a chip count in the tournament (None when there was none)."""
    calls = getattr(getattr(runner, "state", None), "chip_count_calls", None)
    if not calls:
        return None
    last = calls[-1]
    return ChipCountCall(datetime.fromisoformat(last["time"]), str(last.get("note", "")))
