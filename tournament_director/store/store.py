"""The durable store: one SQLite file holding several tournaments' event logs and the shared player registry.

Opening a file checks it read-only first (corrupt, locked, foreign or newer files are refused untouched),
holds an OS lock file so only one program instance uses it, copies it before any migration, then migrates.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from filelock import FileLock, Timeout
from sqlalchemy import Engine
from sqlalchemy import text as sql_text
from sqlalchemy.exc import OperationalError

from tournament_director import __version__
from tournament_director.domain.errors import DomainError
from tournament_director.store import backups
from tournament_director.store.errors import DatabaseRefused
from tournament_director.store.event_log import EventLog
from tournament_director.store.heartbeat import Heartbeat
from tournament_director.store.names import name_key, names_look_alike
from tournament_director.store.records import PlayerInfo, TournamentInfo
from tournament_director.store.schema import (
    SCHEMA_HEAD,
    FileProblem,
    known_revisions,
    migrate_to_head,
    read_schema,
)

log = logging.getLogger(__name__)

MAX_NAME_LENGTH = 200


def utc_now_text() -> str:
    return datetime.now(UTC).isoformat()


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _is_locked_error(error: BaseException) -> bool:
    return "locked" in str(error) or "busy" in str(error)


class Store:
    """Use ``Store.open(path)``; close it (or use it as a context manager) to take a final backup."""

    def __init__(self, path: Path, engine: Engine, lock: FileLock, backup_dir: Path, keep_backups: int) -> None:
        self.path = path
        self.backup_dir = backup_dir
        self.keep_backups = keep_backups
        self._engine: Engine | None = engine
        self._lock = lock
        self._backup_guard = threading.Lock()

    # ----- opening and closing --------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, backup_dir: Path | None = None, keep_backups: int = 10) -> "Store":
        """Open (creating it if missing) the database at ``path``; raises DatabaseRefused, file untouched."""
        path = Path(path).expanduser().absolute()
        backup_dir = Path(backup_dir) if backup_dir is not None else path.parent / "backups"
        if keep_backups < 1:
            raise ValueError(f"keep_backups must be at least 1, not {keep_backups}")

        def refuse(reason: str, problem: str) -> DatabaseRefused:
            return DatabaseRefused(path, reason, problem, backups.newest_backup(backup_dir, path.stem))

        if path.is_dir():
            raise refuse("unreadable", "it is a folder, not a database file")
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(_lock_path(path)))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            raise refuse("locked", "it is already open in another Tournament Director window or program "
                                   f"(the lock {_lock_path(path).name} is held)") from None
        try:
            engine = cls._prepare(path, backup_dir, refuse)
        except BaseException:
            lock.release()
            raise
        return cls(path, engine, lock, backup_dir, keep_backups)

    @staticmethod
    def _prepare(path: Path, backup_dir: Path, refuse) -> Engine:  # type: ignore[no-untyped-def]
        from tournament_director.store.engine import make_engine

        revision: str | None = None
        if path.exists() and path.stat().st_size > 0:
            try:
                schema = read_schema(path)
            except FileProblem as problem:
                raise refuse(problem.reason, problem.problem) from None
            revision = schema.revision
            if revision is not None and revision != SCHEMA_HEAD and revision not in known_revisions():
                by = f" by Tournament Director {schema.written_by}" if schema.written_by else ""
                raise refuse("newer", f"it was written{by} with a newer schema (revision {revision}); "
                                      f"this program ({__version__}) knows schema revisions up to {SCHEMA_HEAD}")
            if revision is not None and revision != SCHEMA_HEAD:
                copy = backup_dir / backups.backup_name(path.stem, datetime.now(UTC), before_migration_to=SCHEMA_HEAD)
                backups.copy_database(path, copy, source_uri_read_only=True)
                log.info("copied %s to %s before migrating it", path, copy)
        engine = make_engine(path)
        try:
            if revision != SCHEMA_HEAD:
                migrate_to_head(engine)
            with engine.begin() as connection:
                for key in ("created_by", "last_opened_by"):
                    verb = "INSERT OR IGNORE" if key == "created_by" else "INSERT OR REPLACE"
                    connection.execute(sql_text(f"{verb} INTO app_info (key, value) VALUES (:key, :value)"),
                                       {"key": key, "value": __version__})
        except OperationalError as error:
            engine.dispose()
            if _is_locked_error(error):
                raise refuse("locked", "another program holds a lock on it") from None
            raise
        except BaseException:
            engine.dispose()
            raise
        return engine

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise RuntimeError(f"the database {self.path} is closed")
        return self._engine

    @property
    def is_open(self) -> bool:
        return self._engine is not None

    def close(self) -> None:
        """Take a final backup, then release the file. Closing twice is harmless."""
        if self._engine is None:
            return
        try:
            self.backup_now()
        finally:
            with self._backup_guard:
                self._engine.dispose()
                self._engine = None
            self._lock.release()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ----- backups --------------------------------------------------------------------------------------
    def backup_now(self) -> Path:
        """A consistent copy in the backup folder (the oldest beyond ``keep_backups`` are deleted).

        Safe to call from a worker thread: it uses its own SQLite connection.
        """
        with self._backup_guard:
            if self._engine is None:
                raise RuntimeError(f"the database {self.path} is closed")
            return backups.take_backup(self.path, self.backup_dir, self.keep_backups)

    def newest_backup(self) -> Path | None:
        return backups.newest_backup(self.backup_dir, self.path.stem)

    # ----- tournaments ----------------------------------------------------------------------------------
    def create_tournament(self, name: str, operator: str = "director") -> int:
        clean = _clean_name(name, "tournament")
        with self.engine.begin() as connection:
            result = connection.execute(
                sql_text("INSERT INTO tournament (name, created_at, created_by) VALUES (:name, :at, :by)"),
                {"name": clean, "at": utc_now_text(), "by": operator},
            )
            return int(result.lastrowid)

    def list_tournaments(self) -> list[TournamentInfo]:
        with self.engine.connect() as connection:
            rows = connection.execute(sql_text("SELECT id, name, created_at FROM tournament ORDER BY id")).all()
        return [TournamentInfo(r[0], r[1], datetime.fromisoformat(r[2])) for r in rows]

    def tournament_exists(self, tournament_id: int) -> bool:
        with self.engine.connect() as connection:
            found = connection.execute(sql_text("SELECT 1 FROM tournament WHERE id = :id"), {"id": tournament_id})
            return found.first() is not None

    def event_log(self, tournament_id: int) -> EventLog:
        if not self.tournament_exists(tournament_id):
            raise DomainError(f"there is no tournament number {tournament_id} in {self.path.name}")
        return EventLog(self.engine, tournament_id)

    def heartbeat(self, tournament_id: int) -> Heartbeat:
        """When the program was last alive with this tournament's clock running."""
        return Heartbeat(self.engine, tournament_id)

    # ----- the player registry (shared by every tournament) ---------------------------------------------
    def add_player(self, name: str, nickname: str | None = None, contact: str | None = None,
                   notes: str | None = None) -> PlayerInfo:
        clean = _clean_name(name, "player")
        nickname, contact, notes = (_optional_text(v) for v in (nickname, contact, notes))
        with self.engine.begin() as connection:
            result = connection.execute(
                sql_text("INSERT INTO player (name, name_key, nickname, contact, notes, created_at) "
                     "VALUES (:name, :key, :nickname, :contact, :notes, :at)"),
                {"name": clean, "key": name_key(clean), "nickname": nickname, "contact": contact, "notes": notes,
                 "at": utc_now_text()},
            )
            player_id = int(result.lastrowid)
        return PlayerInfo(player_id, clean, nickname, contact, notes)

    def get_player(self, player_id: int) -> PlayerInfo:
        with self.engine.connect() as connection:
            row = connection.execute(
                sql_text("SELECT id, name, nickname, contact, notes FROM player WHERE id = :id"), {"id": player_id}
            ).first()
        if row is None:
            raise DomainError(f"there is no player number {player_id} in the registry")
        return PlayerInfo(*row)

    def find_players(self, text: str, limit: int = 50) -> list[PlayerInfo]:
        """Players whose name, nickname or contact contains every word typed (case and accents ignored)."""
        words = name_key(text).split()
        sql = "SELECT id, name, nickname, contact, notes FROM player"
        params: dict[str, object] = {"limit": max(0, int(limit))}
        conditions = []
        for index, word in enumerate(words):
            params[f"w{index}"] = f"%{word}%"
            conditions.append(
                f"(name_key LIKE :w{index} OR lower(coalesce(nickname, '')) LIKE :w{index} "
                f"OR lower(coalesce(contact, '')) LIKE :w{index})"
            )
        if conditions:
            sql += " WHERE " + " AND ".join(conditions)
        sql += " ORDER BY name_key, id LIMIT :limit"
        with self.engine.connect() as connection:
            rows = connection.execute(sql_text(sql), params).all()
        return [PlayerInfo(*row) for row in rows]

    def possible_duplicates(self, name: str) -> list[PlayerInfo]:
        """Registered players who may be the person called ``name``: same name folded, words swapped, a typo."""
        key = name_key(name)
        if not key:
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(sql_text("SELECT id, name, nickname, contact, notes, name_key FROM player")).all()
        nickname_matches = {r[0] for r in rows if r[2] and name_key(r[2]) == key}
        return [PlayerInfo(*r[:5]) for r in rows if r[0] in nickname_matches or names_look_alike(key, r[5])]


def _clean_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise DomainError(f"a {what} needs a name")
    clean = " ".join(name.split())
    if len(clean) > MAX_NAME_LENGTH:
        raise DomainError(f"the {what} name is {len(clean)} characters long; at most {MAX_NAME_LENGTH} are allowed")
    return clean


def _optional_text(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    return value or None
