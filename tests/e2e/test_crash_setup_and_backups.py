"""Crash safety of two writes that span more than one row or file: a new tournament from the wizard (the
tournament with its settings, tables and structure) and a backup (a partial file renamed once complete).

A child creating tournaments, or taking backups, is killed with SIGKILL at random moments. After each kill the
database opens again; every tournament is whole (its three set-up events) or absent, every tournament the child
reported is there; no partial backup is left once the database has been opened again, and every backup on disk
is a complete database.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store

CHILD = Path(__file__).resolve().parent / "crash_child_setup.py"
PROJECT = Path(__file__).resolve().parents[2]
KILLS = 8
SETUP_EVENTS = ["tournament.configured", "tables.added", "structure.replaced"]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")


def run_and_kill(mode: str, database: Path, delay: float, after: Callable[[], bool] = lambda: True) -> list[str]:
    """Start the child, SIGKILL it ``delay`` seconds after it said "ready" and ``after()`` came true (checked every
    millisecond for up to 30 s); returns the lines it printed."""
    errors = database.with_name("child-stderr.txt")
    with errors.open("w") as stderr:
        child = subprocess.Popen([sys.executable, str(CHILD), mode, str(database)], cwd=PROJECT,
                                 stdout=subprocess.PIPE, stderr=stderr, text=True)
    ready, _, _ = select.select([child.stdout], [], [], 60)
    first = child.stdout.readline() if ready else ""
    if first.strip() != "ready":
        child.kill()
        child.wait(timeout=30)
        pytest.fail(f"the child did not start: {first!r} {errors.read_text()[-3000:]}")
    time.sleep(delay)
    deadline = time.monotonic() + 30
    while not after() and time.monotonic() < deadline:
        time.sleep(0.001)
    os.kill(child.pid, signal.SIGKILL)
    rest = child.stdout.read()
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, f"the child ended by itself: {errors.read_text()[-3000:]}"
    return rest.splitlines()


@pytest.mark.slow
def test_a_new_tournament_survives_sigkill_whole_or_not_at_all(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    rng = random.Random(1414)
    reported: set[int] = set()
    for _ in range(KILLS):
        lines = run_and_kill("tournaments", database, rng.uniform(0.0, 0.25))
        reported |= {int(line.split()[1]) for line in lines if line.startswith("created ")}
        with Store.open(database, backup_dir=tmp_path / "backups") as store:
            found = {t.id: t for t in store.list_tournaments()}
            assert reported <= set(found), f"reported tournaments are missing: {sorted(reported - set(found))}"
            for tournament_id in found:
                runner = CommandRunner(store, tournament_id)
                assert [e.event_type for e in runner.history()] == SETUP_EVENTS, found[tournament_id]
                floor = runner.state.floor
                assert floor.configured and len(floor.tables) == 4
                assert runner.state.schedule.structure is not None
    assert len(reported) >= KILLS, f"only {len(reported)} tournaments were created between the kills"


def partials(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.partial*")) if folder.is_dir() else []


def check_complete(backup: Path) -> None:
    with sqlite3.connect(f"{backup.as_uri()}?mode=ro", uri=True) as connection:
        assert connection.execute("PRAGMA quick_check").fetchone() == ("ok",), backup
        assert connection.execute("SELECT COUNT(*) FROM player").fetchone()[0] >= 1, backup
    connection.close()


@pytest.mark.slow
def test_backups_killed_midway_leave_no_partial_after_the_next_start_and_none_corrupt(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    backups = tmp_path / "backups"
    with Store.open(database, backup_dir=backups) as store:  # a few megabytes, so a backup takes a while
        store.add_player("First player")
        with store.engine.begin() as connection:
            connection.exec_driver_sql(
                "WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 8000) "
                "INSERT INTO player (name, name_key, notes, created_at) "
                "SELECT 'Filler ' || value, 'filler ' || value, printf('%.500c', 'x'), '2025-01-01T00:00:00+00:00' "
                "FROM n")
    rng = random.Random(2718)
    left_partial = 0
    for kill in range(KILLS):
        # every other kill waits for a backup under way, so some kills surely land in one whatever the machine's speed
        run_and_kill("backups", database, rng.uniform(0.0, 0.4),
                     after=(lambda: bool(partials(backups))) if kill % 2 else (lambda: True))
        left_partial += bool(partials(backups))
        Store.open(database, backup_dir=backups).close()  # the next start (and its closing backup)
        assert partials(backups) == [], "a partial backup was left after the next start"
        for backup in backups.glob("*.sqlite"):
            check_complete(backup)
    print(f"{KILLS} kills, {left_partial} of them during a backup")
    assert left_partial >= 1, "no kill landed during a backup: the test proved nothing"
