"""Benchmarks of the store (run with ``make bench``; they print figures, they never pass or fail on time).

A 10,000-entry tournament (the real TournamentState) takes bust commands through the command runner; each figure
is printed beside a reference measured in the same run on the same machine: the bare fold of the event (no
store) and one bare sqlite3 INSERT + COMMIT with the same pragmas (the floor any durable write pays).
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from pathlib import Path

from tournament_director.domain.state import TournamentState
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store
from tournament_director.store.engine import apply_pragmas

ENTRIES = 10_000
BUSTS = 1_000


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(label: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(f"  {label:<44} p50 {statistics.median(ms):7.3f} ms   p99 {percentile(ms, 0.99):7.3f} ms"
          f"   max {max(ms):7.3f} ms   (n={len(ms)})")


def bust(entry_id: int) -> dict:
    return {"busts": [{"entry_id": entry_id, "eliminated_by": [ENTRIES]}]}


def big_tournament(runner_or_state) -> None:
    apply = getattr(runner_or_state, "execute", None) or runner_or_state.apply
    apply("tournament.configured", {"settings": {"name": "Big Sunday"}})
    apply("entries.imported", {"entries": [{"entry_id": i, "name": f"Player {i}"} for i in range(1, ENTRIES + 1)]})


def test_bench_bust_command_in_a_10000_entry_tournament(tmp_path: Path) -> None:
    print(f"\nBust commands in a {ENTRIES}-entry tournament ({BUSTS} busts)")
    # reference 1: the fold alone
    state = TournamentState.new()
    big_tournament(state)
    fold = []
    for entry_id in range(1, BUSTS + 1):
        started = time.perf_counter()
        state.apply("entry.busted", bust(entry_id))
        fold.append(time.perf_counter() - started)
    # reference 2: one bare durable insert per command
    bare = sqlite3.connect(tmp_path / "bare.sqlite", isolation_level=None)
    apply_pragmas(bare)
    bare.execute("CREATE TABLE event (seq INTEGER PRIMARY KEY, payload TEXT)")
    inserts = []
    for seq in range(1, BUSTS + 1):
        started = time.perf_counter()
        bare.execute("BEGIN IMMEDIATE")
        bare.execute("INSERT INTO event VALUES (?, ?)", (seq, '{"busts": [{"entry_id": 1}]}'))
        bare.execute("COMMIT")
        inserts.append(time.perf_counter() - started)
    bare.close()
    # the real thing
    with Store.open(tmp_path / "big.sqlite") as store:
        runner = CommandRunner(store, store.create_tournament("Big Sunday"))
        big_tournament(runner)
        commands = []
        for entry_id in range(1, BUSTS + 1):
            started = time.perf_counter()
            runner.execute("entry.busted", bust(entry_id))
            commands.append(time.perf_counter() - started)
        started = time.perf_counter()
        reopened = CommandRunner(store, runner.tournament_id)
        opening = time.perf_counter() - started
        started = time.perf_counter()
        runner.undo()
        undo = time.perf_counter() - started
        started = time.perf_counter()
        runner.rebuild()
        rebuild = time.perf_counter() - started
        assert reopened.state.to_snapshot() is not None
    report("runner.execute (apply + durable append)", commands)
    report("reference: fold only", fold)
    report("reference: bare sqlite3 INSERT + COMMIT", inserts)
    print(f"  opening the tournament (snapshot + tail)      {opening * 1000:7.1f} ms")
    print(f"  undo of the latest bust (snapshot + refold)   {undo * 1000:7.1f} ms")
    print(f"  rebuild from the whole log                    {rebuild * 1000:7.1f} ms")
