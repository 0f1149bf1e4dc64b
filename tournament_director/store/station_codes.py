"""The table stations' codes, kept with the tournament so the cards printed for the tables stay good after the
program restarts: one row per tournament and table, replaced when the director makes a new code. Plain SQL that
SQLite and PostgreSQL both run.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine
from sqlalchemy import text as sql_text

_CODES = sql_text("SELECT table_number, code FROM station_code WHERE tournament_id = :tid")
_OWNER = sql_text("SELECT tournament_id, table_number FROM station_code WHERE code = :code")
_SAVE = sql_text(
    "INSERT INTO station_code (tournament_id, table_number, code, made_at) VALUES (:tid, :table, :code, :at) "
    "ON CONFLICT (tournament_id, table_number) DO UPDATE SET code = excluded.code, made_at = excluded.made_at"
)


class StationCodes:
    def __init__(self, engine: Engine, tournament_id: int) -> None:
        self._engine = engine
        self.tournament_id = tournament_id

    def all(self) -> dict[int, str]:
        """Table number -> its station's code."""
        with self._engine.connect() as connection:
            return {int(table): code for table, code in connection.execute(_CODES, {"tid": self.tournament_id})}

    def save(self, table: int, code: str) -> None:
        with self._engine.begin() as connection:
            connection.execute(_SAVE, {"tid": self.tournament_id, "table": table, "code": code,
                                       "at": datetime.now(UTC).isoformat()})


def station_code_owner(engine: Engine, code: str) -> tuple[int, int] | None:
    """(tournament, table) whose station ``code`` opens, or None: a table card names its own tournament."""
    with engine.connect() as connection:
        found = connection.execute(_OWNER, {"code": code}).first()
    return (int(found[0]), int(found[1])) if found is not None else None
