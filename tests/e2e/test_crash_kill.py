"""Crash safety: a child process running scripted tournaments through TournamentService (registrations, the seat
draw, busts and balancing moves, undos and redos) is killed with SIGKILL at random moments.

After every kill the database reopens, every command that had returned before the kill is in the log (the child
prints each returned seq, flushed), and the state rebuilt from the log keeps the floor's invariants: each active
entry in exactly one seat, no seat with two entries, finishing places distinct, chips and money accounted for.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tournament_director.services.commands import REDO_EVENT, UNDO_EVENT, CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

CHILD = Path(__file__).resolve().parent / "crash_child.py"
BUY_IN, STACK = 100, 10_000  # as the child configures its tournaments
PROJECT = Path(__file__).resolve().parents[2]
KILLS = 50

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")


def run_and_kill(database: Path, seed: int, delay: float, *, after_ready: bool) -> list[str]:
    """Start a child, SIGKILL it ``delay`` seconds after its start (or after it said "ready"), return its lines."""
    errors = database.with_name("child-stderr.txt")
    with errors.open("w") as stderr:
        child = subprocess.Popen([sys.executable, str(CHILD), str(database), str(seed)], cwd=PROJECT,
                                 stdout=subprocess.PIPE, stderr=stderr, text=True)
    first = ""
    if after_ready:
        ready, _, _ = select.select([child.stdout], [], [], 60)
        first = child.stdout.readline() if ready else ""
        assert first.startswith("ready"), f"the child did not start: {first!r} {errors.read_text()[-3000:]}"
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    rest = child.stdout.read()
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL, f"the child ended by itself: {errors.read_text()[-3000:]}"
    return (first + rest).splitlines()


def check_promises(store: Store, lines: list[str]) -> int:
    """Every line the child printed is in the log; returns how many commands that was."""
    tournament_id = None
    rows: dict[int, object] = {}
    confirmed = 0
    for line in lines:
        word, first, second = (line.split(" ", 2) + ["", ""])[:3]
        if word == "ready":
            tournament_id = int(first)
            rows = {e.seq: e for e in CommandRunner(store, tournament_id).history()}
            assert len(rows) >= int(second), "events recorded before this start are missing"
            continue
        assert tournament_id is not None, lines
        seq = int(first)
        if word == "cmd":
            assert rows[seq].event_type == second, (line, rows.get(seq))
        else:
            record = rows[int(second)]
            assert record.event_type == (UNDO_EVENT if word == "undo" else REDO_EVENT), line
            assert record.payload["seq"] == seq, line
        confirmed += 1
    return confirmed


def check_reopened_state(store: Store) -> None:
    for tournament in store.list_tournaments():
        runner = CommandRunner(store, tournament.id)
        assert runner.state.to_snapshot() == runner.rebuild().to_snapshot(), tournament
        service = TournamentService(runner)
        assert service.check_invariants() == [], tournament
        entries = service.entries()
        live = [e for e in entries if not e.busted]
        if runner.state.floor.seated_drawn:
            seats = [(e.table, e.seat) for e in live]
            assert None not in {t for t, _ in seats} and len(set(seats)) == len(seats), seats
        places = [e.place for e in entries if e.busted]
        assert None not in places and len(set(places)) == len(places), places
        assert sum(e.chips for e in entries) == STACK * len(entries)
        assert service.prize_pool().contributions == BUY_IN * len(entries)


@pytest.mark.slow
def test_commands_that_returned_survive_sigkill_and_the_state_keeps_its_invariants(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    rng = random.Random(4711)
    confirmed = 0
    for kill in range(KILLS):
        # most kills land while commands run; every fifth at any moment from the start (opening, migrating)
        at_any_moment = kill % 5 == 0
        delay = rng.uniform(0.0, 1.0) if at_any_moment else rng.uniform(0.0, 0.3)
        lines = run_and_kill(database, seed=rng.randrange(2**31), delay=delay, after_ready=not at_any_moment)
        with Store.open(database, backup_dir=tmp_path / "backups", keep_backups=2) as store:
            confirmed += check_promises(store, lines)
            check_reopened_state(store)
    print(f"{KILLS} kills, {confirmed} confirmed commands checked")
    assert confirmed >= KILLS, f"only {confirmed} commands ran between the kills: the kills came too early"
