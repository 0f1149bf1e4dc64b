"""The durable store: one SQLite file (or a PostgreSQL database, store/server.py) holding several tournaments' event logs and the shared player registry.

Opening a file (store/opening.py) checks it read-only first (store/inspection.py: empty, corrupt, foreign,
newer, read-only, locked files are refused untouched), holds an OS lock file so only one program instance uses
it, copies it before any migration, then migrates.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from filelock import FileLock
from sqlalchemy import Connection, Engine
from sqlalchemy import text as sql_text

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.store import backups, server
from tournament_director.store.draft import TournamentDraft
from tournament_director.store.event_log import EventLog, LogRow, insert_command
from tournament_director.store.heartbeat import Heartbeat
from tournament_director.store.leagues import LeagueBook
from tournament_director.store.models import KIND_COMMAND
from tournament_director.store.names import name_key, names_look_alike
from tournament_director.store.opening import check_database, open_database
from tournament_director.store.records import PlayerInfo, TournamentInfo
from tournament_director.store.festivals import Festivals
from tournament_director.store.station_codes import StationCodes, station_code_owner

log = logging.getLogger(__name__)



def server_backup_note(location: str) -> str:
    return (f"this event lives on the PostgreSQL server ({location}): there is no file to copy, backups are the "
            "operator's (pg_dump, see the README: Several stations on PostgreSQL)")


def utc_now_text() -> str:
    return datetime.now(UTC).isoformat()


class Store:
    """Use ``Store.open(path)`` (or a ``postgresql://`` URL); close it (or use it as a context manager) to take a
    final backup of a file.

    ``location`` says where the data lives (the file, or the server's URL with its password hidden); ``path`` is the
    file on SQLite and None on a server (``on_server``), where there is no file to copy: backups are the
    operator's (pg_dump), and ``backup_now`` says so.
    """

    def __init__(self, path: Path | None, engine: Engine, lock: FileLock | None, backup_dir: Path | None,
                 keep_backups: int, *, url: str | None = None) -> None:
        self.path = path
        self.backup_dir = backup_dir
        self.keep_backups = keep_backups
        self._engine: Engine | None = engine
        self._lock = lock
        self._url = url
        self._backup_guard = threading.Lock()

    @property
    def on_server(self) -> bool:
        return self._url is not None

    @property
    def location(self) -> str:
        return server.shown(self._url) if self._url is not None else str(self.path)

    @property
    def name(self) -> str:
        """A short name for messages: the file's name, or the server's database."""
        return self.location.rsplit("/", 1)[-1] if self._url is not None else self.path.name  # type: ignore[union-attr]

    def change_feed(self) -> Any:
        """The other stations' commands as they happen (store/change_feed.py); None on a file."""
        if self._url is None:
            return None
        from tournament_director.store.change_feed import ChangeFeed

        return ChangeFeed(self._url)

    # ----- opening and closing --------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, backup_dir: Path | None = None, keep_backups: int = 10) -> "Store":
        """Open (creating it if missing) the database at ``path``; raises DatabaseRefused, file untouched.

        Links are followed: ``store.path`` is the real file, and the lock and the default backup folder
        (``backups`` beside it) belong to it (see ``store/opening.py`` for the order of the steps).
        """
        if keep_backups < 1:
            raise ValueError(f"keep_backups must be at least 1, not {keep_backups}")
        if server.is_server_url(path):
            return cls(None, server.open_server(str(path)), None, None, keep_backups, url=str(path))
        opened = open_database(Path(path), backup_dir)
        return cls(opened.path, opened.engine, opened.lock, opened.backup_dir, keep_backups)

    @staticmethod
    def check(path: Path, *, backup_dir: Path | None = None) -> Path:
        """Decide about the file at ``path`` as ``open`` would, read-only (no lock, no new file, nothing
        written); returns the real file, or raises DatabaseRefused."""
        return check_database(Path(path), backup_dir).path

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise RuntimeError(f"the database {self.location} is closed")
        return self._engine

    @property
    def is_open(self) -> bool:
        return self._engine is not None

    def close(self) -> None:
        """Take a final backup (of a file), then release it. Closing twice is harmless."""
        if self._engine is None:
            return
        try:
            if not self.on_server:
                self.backup_now()
        finally:
            with self._backup_guard:
                self._engine.dispose()
                self._engine = None
            if self._lock is not None:
                self._lock.release()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ----- backups --------------------------------------------------------------------------------------
    def backup_now(self) -> Path:
        """A consistent copy in the backup folder (the oldest beyond ``keep_backups`` are deleted).

        Safe to call from a worker thread: it uses its own SQLite connection. On a server there is no file to copy:
        refused with a DomainError saying backups are the operator's (pg_dump).
        """
        if self.on_server:
            raise DomainError(server_backup_note(self.location))
        with self._backup_guard:
            if self._engine is None:
                raise RuntimeError(f"the database {self.location} is closed")
            assert self.path is not None and self.backup_dir is not None  # a file's, not a server's
            return backups.take_backup(self.path, self.backup_dir, self.keep_backups)

    def newest_backup(self) -> Path | None:
        if self.on_server:
            return None
        return backups.newest_backup(self.backup_dir, self.path.stem)  # type: ignore[arg-type, union-attr]

    # ----- tournaments ----------------------------------------------------------------------------------
    def create_tournament(self, name: str, operator: str = "director",
                          first_events: Sequence[LogRow] = ()) -> int:
        """A new tournament; with ``first_events`` (commands numbered 1, 2, ...) written in the same
        transaction, so the tournament appears with all of them or not at all."""
        with self.engine.begin() as connection:
            return insert_tournament(connection, name, operator, first_events)

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One BEGIN ... COMMIT for writes that must land together (an import: players, tournament, season);
        an exception inside rolls everything back."""
        with self.engine.begin() as connection:
            yield connection

    @property
    def leagues(self) -> LeagueBook:
        return LeagueBook(self.engine)

    def draft_tournament(self, name: str, operator: str = "director") -> TournamentDraft:
        """A tournament set up in memory, written by ``draft.commit()`` in one transaction (see store/draft.py)."""
        return TournamentDraft(self.create_tournament, _clean_name(name, "tournament"), operator)

    def list_tournaments(self) -> list[TournamentInfo]:
        with self.engine.connect() as connection:
            rows = connection.execute(sql_text("SELECT id, name, created_at, created_by FROM tournament "
                                              "ORDER BY id")).all()
        return [TournamentInfo(r[0], r[1], datetime.fromisoformat(r[2]), r[3] or "") for r in rows]

    def tournament_exists(self, tournament_id: int) -> bool:
        with self.engine.connect() as connection:
            found = connection.execute(sql_text("SELECT 1 FROM tournament WHERE id = :id"), {"id": tournament_id})
            return found.first() is not None

    def event_log(self, tournament_id: int) -> EventLog:
        if not self.tournament_exists(tournament_id):
            raise DomainError(f"there is no tournament number {tournament_id} in {self.name}")
        return EventLog(self.engine, tournament_id)

    def heartbeat(self, tournament_id: int) -> Heartbeat:
        """When the program was last alive with this tournament's clock running."""
        return Heartbeat(self.engine, tournament_id)

    def station_codes(self, tournament_id: int) -> StationCodes:
        """The codes of this tournament's table stations (printed on the table cards)."""
        return StationCodes(self.engine, tournament_id)

    def station_code_owner(self, code: str) -> tuple[int, int] | None:
        """(tournament, table) whose station ``code`` opens, or None."""
        return station_code_owner(self.engine, code)

    @property
    def festivals(self) -> Festivals:
        """The events of several days and the day and flight of each of their tournaments."""
        return Festivals(self.engine)

    # ----- the player registry (shared by every tournament) ---------------------------------------------
    def add_player(self, name: str, nickname: str | None = None, contact: str | None = None,
                   notes: str | None = None) -> PlayerInfo:
        clean = _clean_name(name, "player")
        nickname = _optional_text(nickname, "nickname")
        contact = _optional_text(contact, "contact")
        notes = _optional_text(notes, "notes", limits.MAX_TEXT_LENGTH)
        with self.engine.begin() as connection:
            player_id = int(connection.execute(
                sql_text("INSERT INTO player (name, name_key, nickname, contact, notes, created_at) "
                         "VALUES (:name, :key, :nickname, :contact, :notes, :at) RETURNING id"),
                {"name": clean, "key": name_key(clean), "nickname": nickname, "contact": contact, "notes": notes,
                 "at": utc_now_text()},
            ).scalar_one())
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
        words = name_key(_searchable(text)).split()
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

    def all_players(self) -> list[PlayerInfo]:
        with self.engine.connect() as connection:
            rows = connection.execute(sql_text("SELECT id, name, nickname, contact, notes FROM player ORDER BY id"))
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


def insert_tournament(connection: Connection, name: str, operator: str, first_events: Sequence[LogRow]) -> int:
    """The tournament row and its first commands (numbered 1, 2, ...) inside the caller's transaction."""
    clean = _clean_name(name, "tournament")
    tournament_id = int(connection.execute(  # RETURNING: a server's driver has no lastrowid
        sql_text("INSERT INTO tournament (name, created_at, created_by) VALUES (:name, :at, :by) RETURNING id"),
        {"name": clean, "at": utc_now_text(), "by": operator},
    ).scalar_one())
    for expected_seq, row in enumerate(first_events, start=1):
        if row.kind != KIND_COMMAND or row.seq != expected_seq:
            raise ValueError(f"the first events of a tournament are commands 1, 2, ...: not {row}")
        insert_command(connection, tournament_id, row)
    server.announce_new_tournament(connection, tournament_id)
    return tournament_id


def _clean_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise DomainError(f"a {what} needs a name")
    return limits.check_name(name, f"{what} name")


def _searchable(text: object) -> str:
    """What a search box typed, as text SQLite can take: a search is never refused, only trimmed."""
    if not isinstance(text, str):
        return ""
    text = text[: limits.MAX_NAME_LENGTH]
    return "".join(ch for ch in text if not ("\ud800" <= ch <= "\udfff" or ch == "\x00"))


def _optional_text(value: str | None, field: str, max_length: int = limits.MAX_NAME_LENGTH) -> str | None:
    if value is None:
        return None
    value = limits.check_text(value, field, max_length=max_length).strip()
    return value or None
