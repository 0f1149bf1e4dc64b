"""Plain immutable values the store hands out (never live ORM rows, which detach from their session)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class TournamentInfo:
    id: int
    name: str
    created_at: datetime
    created_by: str = ""  # the operator (the station) that created or imported it


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    nickname: str | None = None
    contact: str | None = None
    notes: str | None = None


@dataclass(frozen=True)
class EventInfo:
    """One row of a tournament's log: a command, or the record of an undo ("log.undo") or redo ("log.redo")."""

    seq: int
    event_type: str
    payload: dict[str, Any] = field(compare=True)
    operator: str
    recorded_at: datetime
    undone: bool
