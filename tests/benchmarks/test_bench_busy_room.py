"""Benchmark (``make bench``; it prints figures, it never passes or fails on time): a busy room on PostgreSQL.

One station (the floor, in this process) records COMMANDS rebuys and moves on an event of ENTRIES entries, first
alone (the reference, same run), then while another station (the cashier, a process of its own) rebuys as fast as
it can. Printed for both: the floor's command time p50/p99/max; under the flood also the races it lost per command
(mean, max), how many commands took their turn to record (two races lost: the others' appends wait for it), how
many the cashier recorded meanwhile, and whether any command was refused (the goal: none).
"""

from __future__ import annotations

import random
import statistics
import time

from tests.stations.stations import open_event
from tests.stations.test_busy_room import flood
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession

ENTRIES = 1_800
TABLES = 220
COMMANDS = 300


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _commands(floor: DirectorSession, rng: random.Random) -> tuple[list[float], list[int], int]:
    times, races, refused = [], [], 0
    for turn in range(COMMANDS):
        t = floor.state.floor
        entry = t.entries[rng.randint(1, len(t.entries))]
        before = floor.races_lost
        started = time.perf_counter()
        try:
            if turn % 2:
                table = next(n for n, other in t.tables.items() if n != entry.table and other.open_seats())
                floor.run(floor.tournament.move_player, entry.id, table, t.tables[table].open_seats()[0])
            else:
                floor.run(floor.tournament.rebuy, entry.id, level=1)
        except DomainError:
            refused += 1
        times.append((time.perf_counter() - started) * 1000)
        races.append(floor.races_lost - before)
    return times, races, refused


def test_bench_a_station_commanding_alone_and_under_a_flood_from_another(pg_url, tmp_path) -> None:
    tournament = open_event(pg_url, ENTRIES, TABLES)
    floor = DirectorSession.open(pg_url, operator="the floor")
    try:
        floor.select_tournament(tournament)
        rng = random.Random(3)
        alone, _, refused_alone = _commands(floor, rng)
        with flood(pg_url, tournament, tmp_path) as cashier:
            before = len(cashier)
            started = time.perf_counter()
            busy, races, refused = _commands(floor, rng)
            elapsed = time.perf_counter() - started
            flooded = len(cashier) - before
    finally:
        floor.close()
    print(f"\nA busy room on PostgreSQL: {ENTRIES:,} entries, {COMMANDS} commands of the floor (rebuys and moves)")
    for label, times, bad in (("alone (reference)", alone, refused_alone), ("under the cashier's flood", busy,
                                                                           refused)):
        print(f"  {label:<26} p50 {statistics.median(times):6.1f} ms   p99 {percentile(times, 0.99):6.1f} ms   "
              f"max {max(times):7.1f} ms   refused {bad}")
    print(f"  {'':<26} races lost per command: mean {statistics.mean(races):.1f}, max {max(races)}; "
          f"{sum(1 for r in races if r >= DirectorSession.TURN_AFTER)} took their turn to record; the cashier "
          f"recorded {flooded} commands meanwhile ({flooded / elapsed:.0f} a second)")
