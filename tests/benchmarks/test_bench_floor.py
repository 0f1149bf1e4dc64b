"""Benchmark (run on demand with `make bench`): a whole simulated 10,000-entry tournament on 1,112
tables of nine through TournamentService and the real SQLite store: registrations, seat draw, every
bust with its balancing proposal accepted, table breaks, down to a winner.

Prints the total time, the p50 and p99 of a bust command (with its proposal) and, measured in the same
run, a bare durable SQLite insert (WAL, synchronous=FULL, one transaction per row) with the ratio.
Targets: bust p99 under 10 ms, the whole run under 60 s. It measures; it does not pass or fail on time.
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import time

from tournament_director.domain.state import TournamentState
from tournament_director.services.commands import SNAPSHOT_EVERY, CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

ENTRIES = 10_000
TABLES = 1_112


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _bare_insert_ms(path, rows: int = 500) -> list[float]:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE e (seq INTEGER PRIMARY KEY, type TEXT, payload TEXT, at TEXT)")
    times = []
    for i in range(rows):
        t0 = time.perf_counter()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO e VALUES (?, ?, ?, ?)", (i, "entry.busted", '{"busts": [{"entry_id": 1}]}', "now"))
        con.execute("COMMIT")
        times.append((time.perf_counter() - t0) * 1000)
    con.close()
    return times


def _best_ms(action, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        action()
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


def _snapshot_ms(state: TournamentState) -> tuple[float, float, int]:
    """A whole snapshot (what a checkpoint was before checkpoints in parts, still read from older files): state
    to JSON text, and JSON text back to a state. The runner's own checkpoints write only the changed parts
    (tests/benchmarks/test_bench_scale.py measures them within the commands)."""
    text = json.dumps(state.to_snapshot(), ensure_ascii=False, allow_nan=False)
    write = _best_ms(lambda: json.dumps(state.to_snapshot(), ensure_ascii=False, allow_nan=False))
    read = _best_ms(lambda: TournamentState.from_snapshot(json.loads(text)))
    return write, read, len(text)


def test_bench_whole_10000_entry_tournament(tmp_path):
    rng = random.Random(2024)
    store = Store.open(tmp_path / "bench.sqlite", backup_dir=tmp_path / "backups")
    runner = CommandRunner(store, store.create_tournament("Bench"))
    svc = TournamentService(runner, rng=rng)
    floor = runner.state.floor

    started = time.perf_counter()
    svc.configure({"name": "Bench", "buy_in": 100, "fee": 10, "bounty_mode": "progressive", "bounty": 50})
    svc.add_tables(TABLES, 9)
    svc.register_many([f"Player {i}" for i in range(1, ENTRIES + 1)])
    svc.draw_seats()
    svc.close_registration()
    setup_s = time.perf_counter() - started
    measuring = time.perf_counter()
    snap_write_ms, snap_read_ms, snap_chars = _snapshot_ms(runner.state)
    started += time.perf_counter() - measuring  # the snapshot measurement is not part of the run

    bust_ms: list[float] = []
    accept_ms: list[float] = []
    breaks = balances = 0
    alive = list(floor.entries)
    while not svc.finished:
        victim = alive.pop(rng.randrange(len(alive)))
        table = floor.tables[floor.entries[victim].table]
        mates = [e for e in table.seats.values() if e != victim] or alive
        killer = rng.choice(mates)
        t0 = time.perf_counter()
        result = svc.bust(victim, [killer])
        bust_ms.append((time.perf_counter() - t0) * 1000)
        if not result.proposal.is_empty:
            breaks += result.proposal.kind == "break"
            balances += result.proposal.kind == "balance"
            t0 = time.perf_counter()
            svc.accept_moves(result.proposal)
            accept_ms.append((time.perf_counter() - t0) * 1000)
    total_s = time.perf_counter() - started
    end_write_ms, end_read_ms, end_chars = _snapshot_ms(runner.state)

    problems = floor.check_invariants()
    results = svc.results()
    reference = _bare_insert_ms(tmp_path / "bare.sqlite")
    store.close()

    p50, p99 = statistics.median(bust_ms), _percentile(bust_ms, 0.99)
    ref50, ref99 = statistics.median(reference), _percentile(reference, 0.99)
    print()
    print(f"floor benchmark: {ENTRIES} entries on {TABLES} tables, {len(bust_ms)} busts, "
          f"{breaks} breaks, {balances} balancing moves, {len(accept_ms)} accepted proposals")
    print(f"  set-up (configure, tables, registrations, draw): {setup_s:.2f} s")
    print(f"  whole run: {total_s:.1f} s (target < 60 s)")
    print(f"  bust + proposal: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(bust_ms):.1f} ms (target p99 < 10 ms)")
    print(f"  a whole snapshot at {ENTRIES} entries (checkpoints now write the parts changed in the last "
          f"{SNAPSHOT_EVERY} events): to JSON {snap_write_ms:.1f} ms, "
          f"from JSON {snap_read_ms:.1f} ms, {snap_chars / 1e6:.2f} MB; at the end (every bust recorded): "
          f"{end_write_ms:.1f} ms, {end_read_ms:.1f} ms, {end_chars / 1e6:.2f} MB")
    print(f"  accept proposal: p50 {statistics.median(accept_ms):.2f} ms, p99 {_percentile(accept_ms, 0.99):.2f} ms")
    print(f"  bare durable SQLite insert (same run): p50 {ref50:.2f} ms, p99 {ref99:.2f} ms")
    print(f"  ratio bust/bare insert: p50 {p50 / ref50:.1f}x, p99 {p99 / ref99:.1f}x")
    assert problems == []
    assert [r.place for r in results] == list(range(1, ENTRIES + 1))
    assert sum(r.prize for r in results) == svc.prize_pool().prize_pool
