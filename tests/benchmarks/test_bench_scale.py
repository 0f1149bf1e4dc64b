"""Benchmark (``make bench``; it prints figures, it never passes or fails on time): the simulated event of
test_bench_floor.py at 10,000 and at 100,000 entries side by side on SQLite, and at 10,000 on PostgreSQL (the
private server of tests/pg_server.py) beside SQLite.

Each run registers the field, draws the seats, then busts a random player (eliminated by a player of the same
table) and accepts every balancing or breaking proposal, down to a winner. Printed for each: the whole run, a bust's
p50/p99/max (the bust command with its proposal; then split into its durable write, the append and the commit,
and the rest: what grows with the field would show there), the accepted proposals, and at half the field: opening the
tournament again (the newest checkpoint and the log after it) and undoing the latest bust. Then the growth ratio
between the two fields (goal: the whole run linear in the field within 20%; bust p99 under 10 ms and max under 100 ms
at 100,000; opening under 2 s). The reference is the disk itself: a bare durable SQLite insert (one row, WAL,
synchronous=FULL, a file of its own) made after every 50th bust through the same run, so it meets the same moments
of the disk as the busts do; a durable write cannot be faster than the disk's own sync, and its slowest syncs are
the ceiling under a bust's max. At half the field also a late entry (registration opened again for the field's last
player, then closed). The SQLite runs are made twice: on the machine as it is, and beside a CPU-bound process of this
benchmark's own (a busy loop in another process, as a second program on the director's laptop would be), with the
load average printed for each. The runs take several minutes.
"""

from __future__ import annotations

import gc
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store
from tournament_director.store.engine import apply_pragmas


@dataclass
class Figures:
    label: str
    entries: int
    setup_s: float
    whole_s: float
    busts: list[float]
    writes: list[float]  # the durable write inside each bust (append and commit)
    accepts: list[float]
    opening_ms: float
    undo_ms: float
    redo_ms: float
    late_ms: float  # a late entry at half the field
    disk: list[float]  # the bare durable insert made after every DISK_EVERY-th bust
    load: float = 0.0  # the machine's load average over the last minute when the run ended


DISK_EVERY = 50


class DiskProbe:
    """A bare durable insert into a file of its own, timed: what the disk's sync alone costs at that moment."""

    def __init__(self, path: Path) -> None:
        self._con = sqlite3.connect(path, isolation_level=None)
        apply_pragmas(self._con)
        self._con.execute("CREATE TABLE e (seq INTEGER PRIMARY KEY, payload TEXT)")
        self._seq = 0

    def insert_ms(self) -> float:
        self._seq += 1
        t0 = time.perf_counter()
        self._con.execute("BEGIN IMMEDIATE")
        self._con.execute("INSERT INTO e VALUES (?, ?)", (self._seq, '{"busts": [{"entry_id": 1}]}'))
        self._con.execute("COMMIT")
        return (time.perf_counter() - t0) * 1000

    def close(self) -> None:
        self._con.close()


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def simulate(store: Store, entries: int, label: str, probe: DiskProbe) -> Figures:
    rng = random.Random(2024)
    runner = CommandRunner(store, store.create_tournament(f"{entries:,} entries"))
    floor = TournamentService(runner, rng=rng)
    writing: list[float] = []
    append = runner._log.append_command

    def timed_append(*args, **kwargs):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        append(*args, **kwargs)
        writing.append((time.perf_counter() - t0) * 1000)

    runner._log.append_command = timed_append  # type: ignore[method-assign]
    started = time.perf_counter()
    floor.configure({"name": f"{entries:,} entries", "buy_in": 100, "fee": 10, "bounty_mode": "progressive",
                     "bounty": 50})
    floor.add_tables(-(-entries // 9), 9)
    floor.register_many([f"Player {i}" for i in range(1, entries)])  # the last one comes late
    floor.draw_seats()
    floor.close_registration()
    setup_s = time.perf_counter() - started
    busts: list[float] = []
    writes: list[float] = []
    accepts: list[float] = []
    disk: list[float] = []
    opening_ms = undo_ms = redo_ms = late_ms = 0.0
    measured_half = False
    t = runner.state.floor
    alive = list(t.entries)
    while not floor.finished:
        if not measured_half and len(alive) <= entries // 2:
            measured_half = True
            pause = time.perf_counter()
            gc.collect()
            t0 = time.perf_counter()
            reopened = CommandRunner(store, runner.tournament_id)
            opening_ms = (time.perf_counter() - t0) * 1000
            assert reopened.state.floor.alive == t.alive
            del reopened
            t0 = time.perf_counter()
            runner.undo()
            undo_ms = (time.perf_counter() - t0) * 1000
            t0 = time.perf_counter()
            runner.redo()
            redo_ms = (time.perf_counter() - t0) * 1000
            t = runner.state.floor  # an undo may put a new state in place
            floor.close_registration(False)
            t0 = time.perf_counter()
            alive.append(floor.register("Late Comer").entry_id)
            late_ms = (time.perf_counter() - t0) * 1000
            floor.close_registration()
            started += time.perf_counter() - pause  # the measurements are not part of the run
        victim = alive.pop(rng.randrange(len(alive)))
        mates = [e for e in t.tables[t.entries[victim].table].seats.values() if e != victim] or alive
        writing.clear()
        t0 = time.perf_counter()
        result = floor.bust(victim, [rng.choice(mates)])
        busts.append((time.perf_counter() - t0) * 1000)
        writes.append(sum(writing))
        if len(busts) % DISK_EVERY == 0:
            pause = time.perf_counter()
            disk.append(probe.insert_ms())
            started += time.perf_counter() - pause
        if not result.proposal.is_empty:
            t0 = time.perf_counter()
            floor.accept_moves(result.proposal)
            accepts.append((time.perf_counter() - t0) * 1000)
    whole_s = time.perf_counter() - started
    assert t.check_invariants() == []
    assert [r.place for r in floor.results()] == list(range(1, entries + 1))
    return Figures(label, entries, setup_s, whole_s, busts, writes, accepts, opening_ms, undo_ms, redo_ms, late_ms,
                   disk, os.getloadavg()[0])


def show(f: Figures) -> None:
    print(f"  {f.label:<34} set-up {f.setup_s:6.1f} s   whole run {f.whole_s:6.1f} s   "
          f"bust p50 {statistics.median(f.busts):5.2f} ms  p99 {percentile(f.busts, 0.99):6.2f} ms  "
          f"max {max(f.busts):7.1f} ms   accept p50 {statistics.median(f.accepts):5.2f} ms "
          f"p99 {percentile(f.accepts, 0.99):6.2f} ms ({len(f.accepts)})")
    rest = [b - w for b, w in zip(f.busts, f.writes)]
    print(f"  {'':<34} of which the durable write: p50 {statistics.median(f.writes):5.2f} ms  p99 "
          f"{percentile(f.writes, 0.99):6.2f} ms  max {max(f.writes):7.1f} ms;  the rest (domain, proposal, "
          f"checkpoint JSON): p50 {statistics.median(rest):5.2f} ms  p99 {percentile(rest, 0.99):6.2f} ms  "
          f"max {max(rest):7.1f} ms")
    print(f"  {'':<34} the disk alone, a bare durable insert after every {DISK_EVERY}th bust ({len(f.disk)}): "
          f"p50 {statistics.median(f.disk):5.2f} ms  p99 {percentile(f.disk, 0.99):6.2f} ms  max {max(f.disk):7.1f} ms")
    print(f"  {'':<34} at half the field: opening {f.opening_ms:7.1f} ms   undo {f.undo_ms:7.1f} ms   "
          f"redo {f.redo_ms:7.1f} ms   late entry {f.late_ms:6.1f} ms   (load average {f.load:.1f})")


@contextmanager
def cpu_bound_neighbour() -> Iterator[None]:
    """Another process spinning on a CPU for as long as the block runs."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(1.0)  # the load average starts to show it
        yield
    finally:
        spinner.kill()
        spinner.wait()


def sqlite_runs(tmp_path: Path, probe: DiskProbe, condition: str) -> tuple[Figures, Figures]:
    runs = []
    for entries in (10_000, 100_000):
        with Store.open(tmp_path / f"event-{entries}-{condition}.sqlite") as store:
            runs.append(simulate(store, entries, f"SQLite {entries:,} {condition}", probe))
        gc.collect()
    return runs[0], runs[1]


def show_goals(small: Figures, large: Figures) -> None:
    per_entry = (large.whole_s / large.entries) / (small.whole_s / small.entries)
    print(f"  growth 10,000 -> 100,000: whole run x{large.whole_s / small.whole_s:.1f} for x10 the field "
          f"(per entry x{per_entry:.2f}; goal within x1.20); bust p99 x"
          f"{percentile(large.busts, 0.99) / percentile(small.busts, 0.99):.2f}")
    rest = max(b - w for b, w in zip(large.busts, large.writes))
    print(f"  goals at 100,000: bust p99 {percentile(large.busts, 0.99):.2f} ms (< 10), max {max(large.busts):.1f} ms "
          f"(< 100; the disk's own slowest sync in the same run {max(large.disk):.1f} ms, a bust's work beside its "
          f"durable write at most {rest:.1f} ms), opening {large.opening_ms:.0f} ms, undo {large.undo_ms:.1f} ms, "
          f"redo {large.redo_ms:.1f} ms, late entry {large.late_ms:.1f} ms (each < 200)")


def test_bench_10000_and_100000_entries_on_sqlite_and_10000_on_postgresql(tmp_path, pg_url) -> None:
    probe = DiskProbe(tmp_path / "bare.sqlite")
    small, large = sqlite_runs(tmp_path, probe, "as it is")
    with cpu_bound_neighbour():
        loaded_small, loaded_large = sqlite_runs(tmp_path, probe, "loaded")
    with Store.open(pg_url) as store:
        server = simulate(store, 10_000, "PostgreSQL 10,000", probe)
    probe.close()
    print(f"\nThe simulated event to a winner, {small.entries:,} and {large.entries:,} entries (tables of nine)")
    for figures in (small, server, large, loaded_small, loaded_large):
        show(figures)
    print("  the machine as it is:")
    show_goals(small, large)
    print("  beside a CPU-bound process:")
    show_goals(loaded_small, loaded_large)
    print(f"  PostgreSQL / SQLite at 10,000: whole run x{server.whole_s / small.whole_s:.2f}, bust p50 "
          f"x{statistics.median(server.busts) / statistics.median(small.busts):.2f}")
