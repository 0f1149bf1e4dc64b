"""Benchmark-sized power cuts (run with ``make bench``): the program's writes and syncs recorded over five sessions
of scripted tournaments, then 400 cuts rebuilt and opened (tests/e2e/power_cut.py). It prints what was tried and
fails on any cut that loses an acknowledged command, breaks the state or leaves a file the program refuses; the
suite's short run is tests/e2e/test_power_cut.py.
"""

from __future__ import annotations

import shutil
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.e2e.power_cut import check_cut, choose_cuts, record

CUTS = 400


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is missing: scripts/system-deps.sh installs it")
def test_bench_four_hundred_power_cuts(tmp_path: Path):
    started = time.perf_counter()
    recording = record(tmp_path / "recorded", sessions=5, commands=120, seed=77)
    recorded = time.perf_counter() - started
    cuts = choose_cuts(recording, CUTS, seed=5)
    failures = []
    for number, cut in enumerate(cuts):
        failure = check_cut(recording, cut, tmp_path / f"cut-{number}")
        if failure is not None:
            failures.append(failure)
        shutil.rmtree(tmp_path / f"cut-{number}")
    acknowledged = sum(len(recording.acknowledged_before(cut.at)) for cut in cuts)
    fates = Counter((cut.pending_fate, cut.shm_fate) for cut in cuts)
    print(f"\n  {len(recording.ops)} calls recorded in {recorded:.1f} s, {len(recording.checkpoint_writes())} of "
          f"them writes to the database file; {CUTS} cuts checked in {time.perf_counter() - started - recorded:.1f} s,"
          f" {acknowledged} acknowledged lines checked in all")
    for (pending, shm), count in sorted(fates.items()):
        print(f"  unsynced writes {pending:<16} -shm {shm:<8} {count:4d} cuts")
    assert failures == [], "\n".join(failures)
