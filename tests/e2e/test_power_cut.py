"""Power cuts: the program's writes and syncs are recorded while scripted tournaments run (three sessions, each
closed as the program closes it, so checkpoints run), and the database folder is rebuilt as cuts at many moments
could have left it (tests/e2e/power_cut.py says how and why). Each folder opens with the program's own code: never
refused, every command acknowledged before the cut in the log, the state equal to a rebuild from the log.

This is the short run of the suite; ``make bench`` runs tests/benchmarks/test_bench_power_cut.py, hundreds of cuts.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.e2e.power_cut import check_cut, choose_cuts, record

CUTS = 60

pytestmark = [
    pytest.mark.skipif(sys.platform != "linux", reason="records the program's system calls with strace (Linux)"),
    pytest.mark.skipif(shutil.which("strace") is None, reason="strace is missing: scripts/system-deps.sh installs it"),
]


@pytest.mark.slow
def test_a_power_cut_at_any_moment_loses_nothing_acknowledged_and_never_leaves_a_refused_file(tmp_path: Path):
    recording = record(tmp_path / "recorded", sessions=3, commands=30, seed=2024)
    assert recording.checkpoint_writes(), "no checkpoint was recorded: the cuts would not catch one half done"
    cuts = choose_cuts(recording, CUTS, seed=11)

    failures = [failure for number, cut in enumerate(cuts)
                if (failure := check_cut(recording, cut, tmp_path / f"cut-{number}")) is not None]

    assert failures == [], "\n".join(failures)
    assert {cut.shm_fate for cut in cuts} == {"lost", "zeroed", "garbage"}
