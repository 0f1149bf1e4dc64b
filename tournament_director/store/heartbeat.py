"""The heartbeat of one tournament: the last moment the program was alive with its clock running.

One row per tournament, overwritten every few seconds in its own short transaction. Plain SQL that any
SQLAlchemy database runs (an UPDATE, and an INSERT the first time), so it works beyond SQLite as well.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine
from sqlalchemy import text as sql_text


class Heartbeat:
    def __init__(self, engine: Engine, tournament_id: int) -> None:
        self._engine = engine
        self.tournament_id = tournament_id

    def beat(self, at: datetime) -> None:
        """Record that the program is alive at ``at`` (an aware time; stored as UTC ISO 8601 text)."""
        moment = at.astimezone(UTC).isoformat()
        params = {"id": self.tournament_id, "at": moment}
        with self._engine.begin() as connection:
            updated = connection.execute(
                sql_text("UPDATE heartbeat SET beat_at = :at WHERE tournament_id = :id"), params)
            if updated.rowcount == 0:
                connection.execute(sql_text("INSERT INTO heartbeat (tournament_id, beat_at) VALUES (:id, :at)"),
                                   params)

    def last(self) -> datetime | None:
        """The last recorded sign of life, None when there is none."""
        with self._engine.connect() as connection:
            row = connection.execute(sql_text("SELECT beat_at FROM heartbeat WHERE tournament_id = :id"),
                                     {"id": self.tournament_id}).first()
        return datetime.fromisoformat(row[0]) if row else None
