"""Benchmark (run by `make bench`): start-up of the installed bundle against the same smoke test from the source
checkout, and the bundle's size. Needs `make package` first (skipped otherwise). Prints figures; never fails on time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
BUNDLE = PROJECT_ROOT / "dist" / "TournamentDirector"
PROGRAM = BUNDLE / ("TournamentDirector.exe" if sys.platform == "win32" else "TournamentDirector")
RUNS = 5


def _smoke_test_seconds(command: list[str], cwd: Path) -> list[float]:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    timings = []
    for _ in range(RUNS):
        started = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=300)
        timings.append(time.perf_counter() - started)
        assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}"
    return timings


@pytest.mark.skipif(not PROGRAM.exists(), reason="no built bundle: run `make package` first")
def test_bench_bundle_start_up_and_size(tmp_path: Path) -> None:
    # PyInstaller links some libraries into place on Linux; count each file once.
    bundle_files = [path for path in BUNDLE.rglob("*") if path.is_file() and not path.is_symlink()]
    size_mb = sum(path.stat().st_size for path in bundle_files) / 1e6

    frozen = _smoke_test_seconds([str(PROGRAM), "--smoke-test"], cwd=tmp_path)
    from_source = _smoke_test_seconds([sys.executable, "-m", "tournament_director", "--smoke-test"], cwd=PROJECT_ROOT)

    print(f"\nbundle: {size_mb:.1f} MB in {len(bundle_files)} files ({BUNDLE})")
    print(f"--smoke-test, bundle:             median {statistics.median(frozen):.2f} s  max {max(frozen):.2f} s  ({RUNS} runs)")
    print(f"--smoke-test, source (reference): median {statistics.median(from_source):.2f} s  "
          f"max {max(from_source):.2f} s  ({RUNS} runs)")
