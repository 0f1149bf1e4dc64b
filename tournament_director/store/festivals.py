"""The events of several days: a festival event's row and, for each of its tournaments, its day and flight. Plain
SQL that SQLite and PostgreSQL both run; what each day did stays in its tournament's log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine
from sqlalchemy import text as sql_text


@dataclass(frozen=True)
class FestivalInfo:
    id: int
    name: str
    policy: str  # "first" or "best" stack forward


@dataclass(frozen=True)
class FestivalDay:
    """One tournament of a festival event."""

    tournament_id: int
    festival: FestivalInfo
    day: int
    flight: str  # "1A", "1B", "2"


_DAYS = ("SELECT d.tournament_id, f.id, f.name, f.policy, d.day, d.flight FROM festival_day d "
         "JOIN festival f ON f.id = d.festival_id ")


def _day(row: tuple[Any, ...]) -> FestivalDay:
    tournament_id, festival_id, name, policy, day, flight = row
    festival = FestivalInfo(int(festival_id), str(name), str(policy))
    return FestivalDay(int(tournament_id), festival, int(day), str(flight))


class Festivals:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def create(self, name: str, policy: str) -> FestivalInfo:
        with self._engine.begin() as connection:
            festival_id = connection.execute(
                sql_text("INSERT INTO festival (name, policy, created_at) VALUES (:name, :policy, :at) RETURNING id"),
                {"name": name, "policy": policy, "at": datetime.now(UTC).isoformat()}).scalar_one()
        return FestivalInfo(int(festival_id), name, policy)

    def add_day(self, festival_id: int, tournament_id: int, day: int, flight: str) -> None:
        with self._engine.begin() as connection:
            connection.execute(sql_text("INSERT INTO festival_day (tournament_id, festival_id, day, flight) "
                                        "VALUES (:tid, :fid, :day, :flight)"),
                               {"tid": tournament_id, "fid": festival_id, "day": day, "flight": flight})

    def all(self) -> list[FestivalInfo]:
        """The festival events with at least one tournament."""
        with self._engine.connect() as connection:
            rows = connection.execute(sql_text(  # an event whose first flight could not be made has no day
                "SELECT id, name, policy FROM festival f WHERE EXISTS (SELECT 1 FROM festival_day d "
                "WHERE d.festival_id = f.id) ORDER BY id")).all()
        return [FestivalInfo(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    def days(self, festival_id: int) -> list[FestivalDay]:
        """The festival's tournaments by day and flight."""
        with self._engine.connect() as connection:
            rows = connection.execute(sql_text(_DAYS + "WHERE d.festival_id = :fid ORDER BY d.day, d.flight, "
                                               "d.tournament_id"), {"fid": festival_id}).all()
        return [_day(tuple(r)) for r in rows]

    def day_of(self, tournament_id: int) -> FestivalDay | None:
        with self._engine.connect() as connection:
            row = connection.execute(sql_text(_DAYS + "WHERE d.tournament_id = :tid"), {"tid": tournament_id}).first()
        return None if row is None else _day(tuple(row))
