"""What the tests of several stations on one PostgreSQL event share: the event set up at the floor, a station
started as a process of its own (tests/stations/station_process.py), the log as the server holds it, and two
stations in this process (the registration desk and the floor) on a small event."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from tournament_director.services.session import DirectorSession

ROOT = Path(__file__).resolve().parents[2]


def open_event(url: str, players: int = 90, tables: int = 12) -> int:
    """A tournament with ``players`` seated at ``tables``, registration closed, set up by the floor."""
    session = DirectorSession.open(url, operator="the floor", rng=random.Random(5))
    try:
        tournament = session.create_tournament("Festival main event")
        session.select_tournament(tournament)
        floor = session.tournament
        floor.configure({"name": "Festival main event", "buy_in": 100, "rebuy_limit": 10_000, "rebuy_chips": 10_000,
                         "rebuy_max_chips": 10**12, "rebuy_price": 100, "rebuy_until_level": 5})
        floor.add_tables(tables, 9)
        floor.register_many([f"Player {i}" for i in range(1, players + 1)])
        floor.draw_seats()
        floor.close_registration()
        return tournament
    finally:
        session.close()


def start_station(url: str, tournament: int, name: str, seed: int, commands: int, ready: Path, stations: int,
                  *how: str) -> subprocess.Popen:
    """A station in a process of its own; ``how``: "rebuys" for one that only rebuys."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.stations.station_process", url, str(tournament), name, str(seed),
         str(commands), str(ready), str(stations), *how],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


def log_of(url: str, tournament: int) -> list[tuple[int, str]]:
    """(seq, operator) of every row of the tournament's log, as the server holds it."""
    with psycopg.connect(url) as connection:
        return connection.execute("SELECT seq, operator FROM event WHERE tournament_id = %s ORDER BY seq",
                                  (tournament,)).fetchall()


@contextmanager
def desk_and_floor(url: str, players: int = 18, tables: int = 2) -> Iterator[tuple[DirectorSession, DirectorSession,
                                                                                 int]]:
    """The registration desk and the floor, each with its own store, both on the same new event."""
    tournament = open_event(url, players, tables)
    desk = DirectorSession.open(url, operator="the registration desk")
    floor = DirectorSession.open(url, operator="the floor")
    try:
        for station in (desk, floor):
            station.select_tournament(tournament)
        yield desk, floor, tournament
    finally:
        desk.close()
        floor.close()
