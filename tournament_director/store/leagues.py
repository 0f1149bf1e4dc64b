"""Leagues, seasons, points adjustments, players' ids in other programs and imported tournaments' records.

Every function takes an open SQLAlchemy connection, so a caller can write a whole import (players, the
tournament, its events, its season) in one transaction (``Store.transaction``); ``LeagueBook`` reads and writes
through the store's engine for the screens.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import Connection, Engine, text

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.store.names import name_key
from tournament_director.store.records import PlayerInfo


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class LeagueInfo:
    id: int
    name: str
    formula: str | None


@dataclass(frozen=True)
class SeasonInfo:
    id: int
    league_id: int
    league: str
    name: str
    own_formula: str | None  # None: the league's formula applies
    league_formula: str | None

    @property
    def formula(self) -> str | None:
        return self.own_formula if self.own_formula is not None else self.league_formula


@dataclass(frozen=True)
class SeasonTournament:
    tournament_id: int
    name: str
    played_on: str | None


@dataclass(frozen=True)
class Adjustment:
    id: int
    season_id: int
    player_id: int
    points: Decimal
    reason: str


def insert_player(c: Connection, name: str, nickname: str | None, contact: str | None,
                  notes: str | None = None) -> PlayerInfo:
    clean = limits.check_name(name, "player name")
    result = c.execute(
        text("INSERT INTO player (name, name_key, nickname, contact, notes, created_at) "
             "VALUES (:name, :key, :nickname, :contact, :notes, :at) RETURNING id"),
        {"name": clean, "key": name_key(clean), "nickname": nickname or None, "contact": contact or None,
         "notes": notes or None, "at": _now()})
    return PlayerInfo(int(result.scalar_one()), clean, nickname or None, contact or None, notes or None)


def fill_player_details(c: Connection, player_id: int, nickname: str | None, contact: str | None) -> None:
    """A nickname and a contact where the player has none (what he has stays)."""
    c.execute(text("UPDATE player SET nickname = COALESCE(nickname, :n), contact = COALESCE(contact, :c) "
                   "WHERE id = :i"), {"n": nickname, "c": contact, "i": player_id})


def player_by_external_id(c: Connection, source: str, external_id: str) -> int | None:
    row = c.execute(text("SELECT player_id FROM player_external_id WHERE source = :s AND external_id = :e"),
                    {"s": source, "e": external_id}).first()
    return int(row[0]) if row else None


def link_external_id(c: Connection, source: str, external_id: str, player_id: int) -> None:
    c.execute(text("INSERT INTO player_external_id (source, external_id, player_id) VALUES (:s, :e, :p) "
                   "ON CONFLICT DO NOTHING"),
              {"s": source, "e": external_id, "p": player_id})


def players_by_key(c: Connection) -> dict[str, list[int]]:
    """Registry players by folded name (and folded nickname), the oldest first."""
    found: dict[str, list[int]] = {}
    for pid, key, nickname in c.execute(text("SELECT id, name_key, nickname FROM player ORDER BY id")):
        found.setdefault(key, []).append(int(pid))
        if nickname and name_key(nickname) != key:
            found.setdefault(name_key(nickname), []).append(int(pid))
    return found


def league_for(c: Connection, name: str, external_id: str | None = None, formula: str | None = None) -> int:
    """The league of that name (made when missing, with ``formula``)."""
    clean = limits.check_name(name, "league name")
    row = c.execute(text("SELECT id FROM league WHERE name = :n"), {"n": clean}).first()
    if row:
        return int(row[0])
    result = c.execute(text("INSERT INTO league (name, formula, external_id, created_at) VALUES (:n, :f, :e, :at) "
                            "RETURNING id"),
                       {"n": clean, "f": formula, "e": external_id, "at": _now()})
    return int(result.scalar_one())


def season_for(c: Connection, league_id: int, name: str, external_id: str | None = None,
               formula: str | None = None) -> int:
    clean = limits.check_name(name, "season name")
    row = c.execute(text("SELECT id FROM season WHERE league_id = :l AND name = :n"),
                    {"l": league_id, "n": clean}).first()
    if row:
        return int(row[0])
    result = c.execute(text("INSERT INTO season (league_id, name, formula, external_id) VALUES (:l, :n, :f, :e) "
                            "RETURNING id"),
                       {"l": league_id, "n": clean, "f": formula, "e": external_id})
    return int(result.scalar_one())


def put_in_season(c: Connection, tournament_id: int, season_id: int) -> None:
    c.execute(text("INSERT INTO tournament_season (tournament_id, season_id) VALUES (:t, :s) "
                   "ON CONFLICT (tournament_id) DO UPDATE SET season_id = excluded.season_id"),
              {"t": tournament_id, "s": season_id})


def insert_adjustment(c: Connection, season_id: int, player_id: int, points: Decimal, reason: str) -> None:
    c.execute(text("INSERT INTO points_adjustment (season_id, player_id, points, reason, created_at) "
                   "VALUES (:s, :p, :v, :r, :at)"),
              {"s": season_id, "p": player_id, "v": str(points), "r": reason[:200], "at": _now()})


def record_import(c: Connection, tournament_id: int, source: str, program: str, external_id: str | None,
                  played_on: str | None, variables: dict[str, Any], last_moment: str | None = None) -> None:
    c.execute(text("INSERT INTO tournament_import (tournament_id, source, program, external_id, played_on, "
                   "last_moment, variables, imported_at) VALUES (:t, :s, :p, :e, :d, :m, :v, :at)"),
              {"t": tournament_id, "s": source, "p": program, "e": external_id, "d": played_on, "m": last_moment,
               "v": json.dumps(variables), "at": _now()})


def earlier_imports_in_seasons(c: Connection, program: str, external_id: str) -> list[tuple[int, str, str | None]]:
    """(tournament id, name, last moment) of the imports of the same game that count in a season."""
    rows = c.execute(text(
        "SELECT i.tournament_id, t.name, i.last_moment FROM tournament_import i JOIN tournament t ON "
        "t.id = i.tournament_id JOIN tournament_season s ON s.tournament_id = i.tournament_id "
        "WHERE i.program = :p AND i.external_id = :e ORDER BY i.tournament_id"), {"p": program, "e": external_id})
    return [(int(r[0]), r[1], r[2]) for r in rows]


def take_out_of_season(c: Connection, tournament_id: int) -> None:
    c.execute(text("DELETE FROM tournament_season WHERE tournament_id = :t"), {"t": tournament_id})


class LeagueBook:
    """Leagues and seasons of one database, for the console and the command line."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def leagues(self) -> list[LeagueInfo]:
        with self._engine.connect() as c:
            return [LeagueInfo(r[0], r[1], r[2]) for r in c.execute(text("SELECT id, name, formula FROM league "
                                                                          "ORDER BY name"))]

    def league(self, league_id: int) -> LeagueInfo:
        with self._engine.connect() as c:
            row = c.execute(text("SELECT id, name, formula FROM league WHERE id = :i"), {"i": league_id}).first()
        if row is None:
            raise DomainError(f"there is no league number {league_id}")
        return LeagueInfo(row[0], row[1], row[2])

    def add_league(self, name: str, formula: str | None = None) -> int:
        with self._engine.begin() as c:
            if c.execute(text("SELECT 1 FROM league WHERE name = :n"), {"n": name.strip()}).first():
                raise DomainError(f"there is already a league called {name.strip()!r}")
            return league_for(c, name, formula=formula)

    def add_season(self, league_id: int, name: str) -> int:
        self.league(league_id)
        with self._engine.begin() as c:
            return season_for(c, league_id, name)

    def set_formula(self, league_id: int, formula: str | None) -> None:
        self.league(league_id)
        with self._engine.begin() as c:
            c.execute(text("UPDATE league SET formula = :f WHERE id = :i"), {"f": formula, "i": league_id})

    def set_season_formula(self, season_id: int, formula: str | None) -> None:
        self.season(season_id)
        with self._engine.begin() as c:
            c.execute(text("UPDATE season SET formula = :f WHERE id = :i"), {"f": formula, "i": season_id})

    def seasons(self, league_id: int | None = None) -> list[SeasonInfo]:
        sql = ("SELECT s.id, s.league_id, l.name, s.name, s.formula, l.formula FROM season s JOIN league l ON l.id = s.league_id"
               + (" WHERE s.league_id = :l" if league_id is not None else "") + " ORDER BY l.name, s.name")
        with self._engine.connect() as c:
            return [SeasonInfo(*r) for r in c.execute(text(sql), {"l": league_id})]

    def season(self, season_id: int) -> SeasonInfo:
        found = [s for s in self.seasons() if s.id == season_id]
        if not found:
            raise DomainError(f"there is no season number {season_id}")
        return found[0]

    def season_of(self, tournament_id: int) -> SeasonInfo | None:
        with self._engine.connect() as c:
            row = c.execute(text("SELECT season_id FROM tournament_season WHERE tournament_id = :t"),
                            {"t": tournament_id}).first()
        return self.season(int(row[0])) if row else None

    def put_in_season(self, tournament_id: int, season_id: int) -> None:
        self.season(season_id)
        with self._engine.begin() as c:
            put_in_season(c, tournament_id, season_id)

    def tournaments(self, season_id: int) -> list[SeasonTournament]:
        with self._engine.connect() as c:
            rows = c.execute(text(
                "SELECT t.id, t.name, i.played_on FROM tournament_season ts "
                "JOIN tournament t ON t.id = ts.tournament_id LEFT JOIN tournament_import i "
                "ON i.tournament_id = t.id WHERE ts.season_id = :s ORDER BY i.played_on, t.id"), {"s": season_id})
            return [SeasonTournament(r[0], r[1], r[2]) for r in rows]

    def imported_from(self, tournament_id: int) -> tuple[str, str | None] | None:
        """(file name, played-on date) of an imported tournament, else None."""
        with self._engine.connect() as c:
            row = c.execute(text("SELECT source, played_on FROM tournament_import WHERE tournament_id = :t"),
                            {"t": tournament_id}).first()
        return (row[0], row[1]) if row else None

    def import_record(self, tournament_id: int) -> dict[str, Any] | None:
        """What an imported save keeps for the points formula: players (by registry id), profiles, rake."""
        with self._engine.connect() as c:
            row = c.execute(text("SELECT variables FROM tournament_import WHERE tournament_id = :t"),
                            {"t": tournament_id}).first()
        return json.loads(row[0]) if row else None

    def add_adjustment(self, season_id: int, player_id: int, points: Decimal | int | str, reason: str = "") -> int:
        self.season(season_id)
        try:
            value = Decimal(str(points))
        except InvalidOperation:
            raise DomainError(f"a points adjustment is a number, not {limits.shown(points)}") from None
        if not value.is_finite() or abs(value) > 10**9:
            raise DomainError(f"a points adjustment is a number up to a billion, not {limits.shown(points)}")
        reason = limits.check_text(reason, "reason", max_length=limits.MAX_NAME_LENGTH).strip()
        with self._engine.begin() as c:
            if not c.execute(text("SELECT 1 FROM player WHERE id = :p"), {"p": player_id}).first():
                raise DomainError(f"there is no player number {player_id} in the registry")
            result = c.execute(text("INSERT INTO points_adjustment (season_id, player_id, points, reason, created_at)"
                                    " VALUES (:s, :p, :v, :r, :at) RETURNING id"),
                               {"s": season_id, "p": player_id, "v": str(value), "r": reason, "at": _now()})
            return int(result.scalar_one())

    def adjustments(self, season_id: int) -> list[Adjustment]:
        with self._engine.connect() as c:
            rows = c.execute(text("SELECT id, season_id, player_id, points, reason FROM points_adjustment "
                                  "WHERE season_id = :s ORDER BY id"), {"s": season_id})
            return [Adjustment(r[0], r[1], r[2], Decimal(r[3]), r[4]) for r in rows]

    def remove_adjustment(self, adjustment_id: int) -> None:
        with self._engine.begin() as c:
            c.execute(text("DELETE FROM points_adjustment WHERE id = :i"), {"i": adjustment_id})
