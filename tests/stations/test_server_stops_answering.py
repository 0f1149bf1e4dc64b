"""A station without a console (DirectorSession alone) whose PostgreSQL server is stopped with
``pg_ctl stop -m immediate`` while two stations record, then started again: every command acknowledged before is in
the log, a command while it is down is refused with a message (never a raw OperationalError, never a traceback in
the log), and the next command after it answers again is recorded, the session having reconnected by itself.

A private server of the test's own: the session's shared server must not be stopped under other tests.
"""

from __future__ import annotations

import logging
import random
import time

import pytest

from tests.pg_server import PostgresServer, binaries
from tests.ui.tournament_setup import seated_tournament
from tournament_director.services.server_watch import ServerLost
from tournament_director.services.session import DirectorSession

pytestmark = pytest.mark.skipif(binaries() is None, reason="PostgreSQL is not installed (scripts/system-deps.sh)")


@pytest.fixture
def own_server():
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


def test_a_station_refuses_while_its_server_is_down_and_goes_on_once_it_answers(own_server, caplog) -> None:
    caplog.set_level(logging.INFO)
    url = own_server.create_database("festival")
    floor = DirectorSession.open(url, operator="the floor", rng=random.Random(1))
    desk = DirectorSession.open(url, operator="the registration desk", rng=random.Random(2))
    try:
        seated_tournament(floor, players=10, close_registration=False)
        desk.select_tournament(floor.tournament_id)
        acknowledged = []
        for number in range(1, 5):
            for station in (floor, desk):
                station.take_changes()
                station.run(station.tournament.register, f"{station.operator} player {number}")
                acknowledged.append((station.runner.last_seq, f"{station.operator} player {number}"))

        own_server.stop_now()
        for station in (floor, desk):
            with pytest.raises(ServerLost) as refused:
                station.run(station.tournament.register, "Nobody Now")
            assert "The database server stopped answering at" in str(refused.value)
            assert "nothing recorded before then was lost" in str(refused.value)
            assert station.server_down
            with pytest.raises(ServerLost, match="nothing can be recorded until it answers again"):
                station.run(station.tournament.register, "Nobody Either")

        own_server.start_again()
        time.sleep(1.1)  # a station tries the server again once a second
        floor.run(floor.tournament.register, "Back Again")
        assert not floor.server_down
        assert floor.server_watch.take_news().startswith("The database server answers again")

        reader = DirectorSession.open(url, operator="a reader")
        try:
            reader.select_tournament(floor.tournament_id)
            names = {e.seq: e.payload.get("name") for e in reader.runner.history()}
            for seq, name in acknowledged:
                assert names.get(seq) == name, (seq, name, names.get(seq))
            registered = [entry.name for entry in reader.state.floor.entries.values()]
            assert registered.count("Back Again") == 1
            assert "Nobody Now" not in registered and "Nobody Either" not in registered
        finally:
            reader.close()
    finally:
        desk.close()
        floor.close()
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR or "after a failed write" in r.getMessage()]
    assert failures == [], [f"{r.name}: {r.getMessage()}" for r in failures]


def test_a_refusal_from_the_server_itself_is_not_taken_for_a_server_that_stopped_answering(pg_url) -> None:
    """A lock that does not come in time is the server answering: the station must not turn read-only for it."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import OperationalError

    from tournament_director.store.server import connection_lost

    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as holder, engine.connect() as waiter:
            holder.execute(text("SELECT pg_advisory_lock(4242)"))
            waiter.execute(text("SET lock_timeout = 50"))
            with pytest.raises(OperationalError) as refused:
                waiter.execute(text("SELECT pg_advisory_lock(4242)"))
            assert not connection_lost(refused.value), refused.value
            holder.execute(text("SELECT pg_advisory_unlock(4242)"))
    finally:
        engine.dispose()
