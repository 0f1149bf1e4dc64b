"""The tournament floor: settings, entries and money, tables and seats, busts and places.

``Tournament`` is a pure aggregate folded from events (see domain/state.py). It validates each event
before changing anything and raises DomainError when the event does not fit.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain.errors import DomainError


class Tournament:
    def __init__(self) -> None:
        self.settings: dict[str, Any] = {}

    @classmethod
    def new(cls) -> "Tournament":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        raise DomainError(f"unknown floor event type: {event_type!r}")

    def to_snapshot(self) -> dict[str, Any]:
        return {"settings": dict(self.settings)}

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "Tournament":
        t = cls()
        t.settings = dict(data.get("settings", {}))
        return t

    def check_invariants(self) -> list[str]:
        return []
