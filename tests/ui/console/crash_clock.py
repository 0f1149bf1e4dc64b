"""A console session killed with SIGKILL while its clock ran (tests/ui/console/crash_clock_child.py), and the
same database opened again on time sources the test moves: the program was down ``down_seconds``."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tournament_director.services.session import DirectorSession

CHILD = Path(__file__).with_name("crash_clock_child.py")
PROJECT = Path(__file__).resolve().parents[3]


def kill_with_the_clock_running(folder: Path) -> None:
    """Start the child, wait until its clock runs, SIGKILL it."""
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    errors = folder / "child-stderr.txt"
    with errors.open("w") as stderr:
        child = subprocess.Popen([sys.executable, str(CHILD), str(folder)], cwd=PROJECT, env=env,
                                 stdout=subprocess.PIPE, stderr=stderr, text=True)
    ready, _, _ = select.select([child.stdout], [], [], 120)
    line = child.stdout.readline() if ready else ""
    assert line.strip() == "running", f"the child did not start its clock: {line!r} {errors.read_text()[-2000:]}"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL


class MovedTime:
    """The reopened program's clocks: the wall clock ``down_seconds`` ahead of the real one (the time the program
    was down), and a monotonic clock that moves only when the test says."""

    def __init__(self, down_seconds: float) -> None:
        self.shift = timedelta(seconds=down_seconds)
        self.seconds = 1000.0

    def monotonic(self) -> float:
        return self.seconds

    def wall(self) -> datetime:
        return datetime.now(UTC) + self.shift

    def advance(self, seconds: float) -> None:
        self.seconds += seconds
        self.shift += timedelta(seconds=seconds)


def reopen(folder: Path, time_sources: MovedTime) -> DirectorSession:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups",
                                   monotonic=time_sources.monotonic, wall=time_sources.wall)
    session.select_tournament(session.list_tournaments()[-1].id)
    return session
