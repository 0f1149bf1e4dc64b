"""Schema migrations run at start-up on a fresh file and on a copy from an older version; the file is copied
before any migration; the SQLite connection is set up for durability."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from tournament_director.store import Store
from tournament_director.store import models  # noqa: F401
from tournament_director.store.engine import make_engine
from tournament_director.store.schema import SCHEMA_HEAD, alembic_head, known_revisions, migrate_to_head


def revision_of(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    connection.close()
    return revision


def test_the_program_knows_the_newest_shipped_migration():
    assert SCHEMA_HEAD == alembic_head() and SCHEMA_HEAD in known_revisions()


def test_a_fresh_file_is_migrated_to_a_schema_that_matches_the_table_models(db_path: Path):
    Store.open(db_path).close()
    assert revision_of(db_path) == SCHEMA_HEAD
    engine = make_engine(db_path)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    engine.dispose()
    assert differences == []
    assert not (db_path.parent / "backups").exists() or not list((db_path.parent / "backups").glob("*migration*"))


def test_an_old_file_is_copied_then_migrated_keeping_its_tournaments_players_and_events(db_path: Path):
    engine = make_engine(db_path)
    migrate_to_head(engine, "0001")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO tournament (name, created_at, created_by) "
                                "VALUES ('Old Monday', '2024-05-06T18:00:00+00:00', 'director')"))
        connection.execute(text("INSERT INTO player (name, created_at) VALUES "
                                "('Zoë Ångström', '2024-05-06T18:00:00+00:00'), "
                                "('Seán O''Neill', '2024-05-06T18:00:00+00:00')"))
        connection.execute(text(
            "INSERT INTO event (tournament_id, seq, recorded_at, kind, type, payload, operator, undone) VALUES "
            "(1, 1, '2024-05-06T18:01:00+00:00', 'command', 'entry.registered', '{\"entry_id\": \"e1\"}', 'Bob', 0)"))
    engine.dispose()
    assert revision_of(db_path) == "0001"

    with Store.open(db_path) as store:
        assert revision_of(db_path) == SCHEMA_HEAD
        assert [t.name for t in store.list_tournaments()] == ["Old Monday"]
        assert [p.name for p in store.find_players("zoe angstrom")] == ["Zoë Ångström"]
        assert [p.name for p in store.find_players("oneill")] == ["Seán O'Neill"]
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT type, operator FROM event")).all() == [("entry.registered", "Bob")]

    copies = list((db_path.parent / "backups").glob(f"*before-migration-to-{SCHEMA_HEAD}.sqlite"))
    assert len(copies) == 1
    assert revision_of(copies[0]) == "0001"  # the copy is the file as it was before the migration
    with sqlite3.connect(copies[0]) as connection:
        assert connection.execute("SELECT name FROM tournament").fetchall() == [("Old Monday",)]
    connection.close()


def test_an_up_to_date_file_is_not_copied_again(db_path: Path):
    Store.open(db_path).close()
    Store.open(db_path).close()
    assert list((db_path.parent / "backups").glob("*migration*")) == []


def test_connections_use_wal_full_sync_foreign_keys_and_a_busy_timeout(store: Store):
    with store.engine.connect() as connection:
        def pragma(name: str):
            return connection.exec_driver_sql(f"PRAGMA {name}").scalar()

        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 2  # FULL
        assert pragma("foreign_keys") == 1
        assert pragma("busy_timeout") >= 1000


def test_write_transactions_take_the_write_lock_at_begin(store: Store, db_path: Path):
    """BEGIN IMMEDIATE: a transaction that has not written yet already keeps other writers out."""
    with store.engine.begin() as connection:
        connection.execute(text("SELECT COUNT(*) FROM tournament"))
        other = sqlite3.connect(db_path, timeout=0.05, isolation_level=None)
        try:
            try:
                other.execute("BEGIN IMMEDIATE")
                took_lock = True
                other.execute("ROLLBACK")
            except sqlite3.OperationalError as error:
                took_lock = False
                assert "locked" in str(error)
        finally:
            other.close()
    assert not took_lock


def test_events_refer_to_an_existing_tournament(store: Store):
    import pytest
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError):
        with store.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO event (tournament_id, seq, recorded_at, kind, type, payload, operator, undone) "
                "VALUES (99, 1, '2025-01-01T00:00:00+00:00', 'command', 'entry.registered', '{}', 'x', 0)"))
