"""The store on a real PostgreSQL server (tests/pg_server.py): migrations on an empty database, two stations
opening a fresh database at once migrate it once, commands and undo as on SQLite, backups left to the operator."""

from __future__ import annotations

import random
import threading

import psycopg
import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import DatabaseRefused, Store
from tournament_director.store.schema import SCHEMA_HEAD


def test_migrations_build_the_schema_on_an_empty_postgresql_database(pg_url) -> None:
    with Store.open(pg_url) as store:
        assert store.on_server and store.path is None and "td@127.0.0.1" in store.location
        with psycopg.connect(pg_url) as connection:
            assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(SCHEMA_HEAD,)]
            tables = {r[0] for r in connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert {"tournament", "player", "event", "snapshot", "snapshot_part", "heartbeat", "station_code", "app_info"} <= tables
        ann = store.add_player("Ann Lee")
        assert store.get_player(ann.id).name == "Ann Lee" and store.find_players("ann")[0].id == ann.id
        with pytest.raises(DomainError, match="backups are the operator's \\(pg_dump"):
            store.backup_now()
        assert store.newest_backup() is None
    with Store.open(pg_url) as again:  # up to date: opened as it is
        assert again.list_tournaments() == []


def test_two_stations_opening_a_fresh_database_at_once_migrate_it_once(pg_url) -> None:
    opened: list[Store] = []
    failures: list[BaseException] = []
    start = threading.Barrier(2)

    def station() -> None:
        try:
            start.wait()
            opened.append(Store.open(pg_url))
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    threads = [threading.Thread(target=station) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == [] and len(opened) == 2
    with psycopg.connect(pg_url) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [(SCHEMA_HEAD,)]
    for store in opened:
        store.close()


def test_a_tournament_played_on_the_server_reopens_as_it_was(pg_url) -> None:
    with Store.open(pg_url) as store:
        runner = CommandRunner(store, store.create_tournament("Server night"), snapshot_every=7)
        floor = TournamentService(runner, rng=random.Random(3))
        floor.configure({"name": "Server night", "buy_in": 50})
        floor.add_tables(3, 9)
        floor.register_many([f"Player {i}" for i in range(1, 25)])
        floor.draw_seats()
        floor.close_registration()
        t = runner.state.floor
        for _ in range(12):
            victim = next(e for e in t.entries.values() if not e.busted)
            killer = next(e for e in t.tables[victim.table].seats.values() if e != victim.id)
            result = floor.bust(victim.id, [killer])
            if not result.proposal.is_empty:
                floor.accept_moves(result.proposal)
        runner.undo()
        runner.redo()
        runner.undo()
        reopened = CommandRunner(store, runner.tournament_id)
        assert reopened.state.to_snapshot() == runner.state.to_snapshot() == runner.rebuild().to_snapshot()


def test_a_database_of_another_program_is_refused_untouched(pg_url) -> None:
    with psycopg.connect(pg_url, autocommit=True) as connection:
        connection.execute("CREATE TABLE invoices (id integer)")
    with pytest.raises(DatabaseRefused, match="tables of another program"):
        Store.open(pg_url)
    with psycopg.connect(pg_url) as connection:
        tables = {r[0] for r in connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert tables == {"invoices"}


def test_an_unreachable_server_is_refused_with_the_address() -> None:
    with pytest.raises(DatabaseRefused, match="127.0.0.1:1/nowhere was refused: the server did not let"):
        Store.open("postgresql://td@127.0.0.1:1/nowhere")


def test_the_table_stations_codes_are_kept_on_the_server_and_a_new_code_replaces_the_old(pg_url) -> None:
    with Store.open(pg_url) as store:
        tournament = store.create_tournament("Main Event")
        codes = store.station_codes(tournament)
        codes.save(1, "first-code")
        codes.save(2, "second-code")
        codes.save(1, "renewed-code")
    with Store.open(pg_url) as store:   # another station, or the program started again
        assert store.station_codes(tournament).all() == {1: "renewed-code", 2: "second-code"}
        assert store.station_codes(store.create_tournament("Side Event")).all() == {}
