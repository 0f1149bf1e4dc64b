"""The SQLAlchemy engine over one SQLite file, with the pragmas that make every commit durable.

WAL with synchronous=FULL keeps each committed command through a crash or a power cut; writes start with
BEGIN IMMEDIATE so a transaction never has to upgrade a read lock into a write lock half way through
(SQLAlchemy's pysqlite "begin" event recipe: the driver's own transaction handling is switched off and
SQLAlchemy emits the BEGIN).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

BUSY_TIMEOUT_MS = 5000


def apply_pragmas(connection: sqlite3.Connection, journal_mode: str = "WAL") -> None:
    cursor = connection.cursor()
    try:
        cursor.execute(f"PRAGMA journal_mode={journal_mode}")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def make_engine(path: Path, *, journal_mode: str = "WAL") -> Engine:
    """The engine over ``path``; ``journal_mode="DELETE"`` only while a new file is built under a temporary name
    (no ``-wal`` file to carry along when it is renamed into place)."""
    engine = create_engine(f"sqlite:///{Path(path)}")

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        # hand transaction control to SQLAlchemy so the "begin" hook below decides how a transaction starts
        dbapi_connection.isolation_level = None
        apply_pragmas(dbapi_connection, journal_mode)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
