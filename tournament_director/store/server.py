"""The store on a PostgreSQL server, for several stations on one event (registration desk, floor, clock, cashier).

What differs from the embedded SQLite file: the URL (``postgresql://user@host/dbname``) names a database on a
server, reached with psycopg 3; there is no file to lock, copy or back up (backups are the operator's, with
pg_dump); migrations run under a PostgreSQL advisory lock, so two stations opening a fresh database at once
migrate it once; every appended event, and every tournament created, is announced with NOTIFY
(store/change_feed.py listens); a station losing race after race to the others takes its turn to record.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, inspect, make_url
from sqlalchemy import text as sql_text
from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, OperationalError

from tournament_director.store.errors import ServerRefused
from tournament_director.store.schema import SCHEMA_HEAD, known_revisions, migrate_to_head

log = logging.getLogger(__name__)

SERVER_SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
CHANNEL = "tournament_director"  # the NOTIFY channel: payload "tournament_id:seq", or "tournament_id:new"
NEW_TOURNAMENT = "new"  # the payload's second part when a tournament was created (or imported)
MIGRATION_LOCK = 0x7464_0001  # the advisory lock key held while a station checks and migrates the schema
# With a tournament's id, the advisory lock of a station's turn to record in it: every append waits (shared) while
# a station that keeps losing races to a flood holds its turn (exclusive), so that station's next try is recorded.
TURN_LOCK = 0x7464_0002
# How long an append waits for another station's turn before giving up (a station that stopped answering while
# holding it must not freeze the others): its connection's end releases the turn anyway.
TURN_WAIT_SECONDS = 5.0
# How long a connection to the server may take before it is given up: a server whose network is gone must not hold
# the console for the operating system's minutes-long wait.
CONNECT_TIMEOUT_SECONDS = 3


def is_server_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(SERVER_SCHEMES)


def shown(url: str) -> str:
    """The URL as the director may read it: the password hidden."""
    try:
        return make_url(_driver_url(url)).set(drivername="postgresql").render_as_string(hide_password=True)
    except ArgumentError:
        return url.split("@")[-1]


def connection_lost(error: BaseException) -> bool:
    """``error`` says the server stopped answering (it closed the connection, or refuses new ones): what was in
    flight may or may not have been recorded, and nothing can be until it answers again."""
    import psycopg

    if isinstance(error, DBAPIError):
        if error.connection_invalidated:
            return True
        if not isinstance(error, (OperationalError, InterfaceError)):
            return False
        error = error.orig if error.orig is not None else error
    if not isinstance(error, (psycopg.OperationalError, psycopg.InterfaceError)):
        return False
    # the server's own refusals (a lock timeout, a deadlock) carry their SQLSTATE; a lost connection has none, or
    # says the connection failed (class 08) or the server is shutting down or starting (57P01 to 57P03)
    state = getattr(error, "sqlstate", None)
    return state is None or state.startswith("08") or state in ("57P01", "57P02", "57P03")


def libpq_url(url: str) -> str:
    """The URL for psycopg itself (the change feed's own connection)."""
    return make_url(_driver_url(url)).set(drivername="postgresql").render_as_string(hide_password=False)


def _driver_url(url: str) -> str:
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


def open_server(url: str) -> Engine:
    """An engine on the server's database, its schema brought up to date; raises ServerRefused."""
    where = shown(url)
    try:
        engine = create_engine(_driver_url(url), pool_pre_ping=True,
                               connect_args={"connect_timeout": CONNECT_TIMEOUT_SECONDS})
    except (ArgumentError, ImportError) as error:
        raise ServerRefused(where, "bad-url", f"it is not a PostgreSQL address ({error})") from None
    try:
        _migrate_once(engine, where)
        _record_version(engine)
    except ServerRefused:
        engine.dispose()
        raise
    except DBAPIError as error:
        engine.dispose()
        reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error)
        raise ServerRefused(where, "unreachable", f"the server did not let this program in ({reason})") from None
    return engine


def _migrate_once(engine: Engine, where: str) -> None:
    """Check the schema, and migrate it, while holding the migration lock: the stations take turns."""
    with engine.connect() as connection:
        connection.execute(sql_text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        try:
            connection.commit()
            tables = set(inspect(connection).get_table_names())
            revision = None
            if "alembic_version" in tables:
                revision = connection.execute(sql_text("SELECT version_num FROM alembic_version")).scalar()
            if revision is None and tables - {"alembic_version"}:
                raise ServerRefused(where, "foreign", "it holds tables of another program (no schema revision of "
                                                      "Tournament Director); use an empty database")
            if revision is not None and revision not in known_revisions():
                raise ServerRefused(where, "newer", f"its schema revision {revision} is newer than this program's "
                                                    f"({SCHEMA_HEAD}): update the program on this station")
            if revision != SCHEMA_HEAD:
                log.info("migrating %s from %s to %s", where, revision, SCHEMA_HEAD)
                migrate_to_head(engine)
        finally:
            connection.rollback()
            connection.execute(sql_text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
            connection.commit()


def _record_version(engine: Engine) -> None:
    from tournament_director import __version__

    with engine.begin() as connection:
        connection.execute(sql_text("INSERT INTO app_info (key, value) VALUES ('created_by', :v) "
                                    "ON CONFLICT (key) DO NOTHING"), {"v": __version__})
        connection.execute(sql_text("INSERT INTO app_info (key, value) VALUES ('last_opened_by', :v) "
                                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value"), {"v": __version__})


def announce(connection: object, tournament_id: int, seq: int) -> None:
    """Tell the other stations (on commit) that the tournament's log reached ``seq``; nothing on SQLite."""
    if connection.dialect.name == "postgresql":  # type: ignore[attr-defined]
        connection.execute(sql_text("SELECT pg_notify(:channel, :payload)"),  # type: ignore[attr-defined]
                           {"channel": CHANNEL, "payload": f"{tournament_id}:{seq}"})


def announce_new_tournament(connection: object, tournament_id: int) -> None:
    """Tell the other stations (on commit) that a tournament was created, so their lists show it; nothing on
    SQLite."""
    if connection.dialect.name == "postgresql":  # type: ignore[attr-defined]
        connection.execute(sql_text("SELECT pg_notify(:channel, :payload)"),  # type: ignore[attr-defined]
                           {"channel": CHANNEL, "payload": f"{tournament_id}:{NEW_TOURNAMENT}"})


def wait_for_turn(connection: Any, tournament_id: int) -> None:
    """Inside an append's transaction: wait while another station holds its turn in the tournament; raises
    TimeoutError after TURN_WAIT_SECONDS (the transaction is then to be rolled back)."""
    if connection.dialect.name != "postgresql":
        return
    try:
        connection.execute(sql_text(f"SET LOCAL lock_timeout = {max(1, round(TURN_WAIT_SECONDS * 1000))}"))
        connection.execute(sql_text("SELECT pg_advisory_xact_lock_shared(:key, :tid)"),
                           {"key": TURN_LOCK, "tid": tournament_id})
        connection.execute(sql_text("SET LOCAL lock_timeout TO DEFAULT"))
    except OperationalError:
        raise TimeoutError(f"another station has held its turn to record in tournament {tournament_id} for "
                           f"{TURN_WAIT_SECONDS:g} s") from None


@contextmanager
def turn(engine: Engine, tournament_id: int, timeout_seconds: float) -> Iterator[None]:
    """This station's turn to record in the tournament: no other station appends until the block ends (appends
    already under way finish first). Raises TimeoutError when the turn is not had within ``timeout_seconds``."""
    if engine.dialect.name != "postgresql":  # one station on a file: always its turn
        yield
        return
    key = {"key": TURN_LOCK, "tid": tournament_id}
    with engine.connect() as connection:
        try:
            connection.execute(sql_text(f"SET LOCAL lock_timeout = {max(1, round(timeout_seconds * 1000))}"))
            connection.execute(sql_text("SELECT pg_advisory_lock(:key, :tid)"), key)
            connection.commit()  # the lock is the connection's: it outlives the transaction, lock_timeout does not
        except OperationalError:
            connection.rollback()
            raise TimeoutError(f"no turn to record in tournament {tournament_id} within {timeout_seconds:g} s") \
                from None
        try:
            yield
        finally:
            connection.execute(sql_text("SELECT pg_advisory_unlock(:key, :tid)"), key)
            connection.commit()
