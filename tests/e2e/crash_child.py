"""The crash test's child: plays a scripted tournament on a database until it is killed.

Run as ``python crash_child.py DATABASE SEED``. After every command that returned it prints one line, flushed:
``cmd <seq> <event type>``, ``undo <target seq> <record seq>`` or ``redo <target seq> <record seq>``. The
parent kills it with SIGKILL at a random moment and checks that every printed line is in the log.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, for the ledger aggregate

from ledger_aggregate import Ledger  # noqa: E402

from tournament_director.domain.errors import DomainError  # noqa: E402
from tournament_director.services.commands import CommandRunner  # noqa: E402
from tournament_director.store import Store  # noqa: E402

SNAPSHOT_EVERY = 7  # small, so kills also land while snapshots are written and invalidated
MAX_ENTRIES = 12


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def open_runner(store: Store) -> CommandRunner:
    tournaments = store.list_tournaments()
    if tournaments:
        runner = CommandRunner(store, tournaments[-1].id, Ledger, snapshot_every=SNAPSHOT_EVERY)
        if len(runner.state.active_ids()) > 1 or len(runner.state.data["entries"]) < MAX_ENTRIES:
            return runner
    tournament_id = store.create_tournament(f"Crash night {len(tournaments) + 1}")
    return CommandRunner(store, tournament_id, Ledger, snapshot_every=SNAPSHOT_EVERY)


def next_command(ledger: Ledger, rng: random.Random) -> tuple[str, dict]:
    entries = ledger.data["entries"]
    active = ledger.active_ids()
    unseated = ledger.unseated_ids()
    busts_started = len(active) < len(entries)
    if len(entries) < MAX_ENTRIES and not busts_started and rng.random() < 0.6:
        entry_id = f"e{len(entries) + 1}"
        return "entry.registered", {"entry_id": entry_id, "name": f"Player {entry_id}", "paid": 100}
    if unseated and ledger.free_seats():
        return "seat.assigned", {"entry_id": rng.choice(unseated), "seat": rng.choice(ledger.free_seats())}
    if len(active) >= 2:
        loser, winner = rng.sample(sorted(active), 2)
        return "entry.busted", {"entry_id": loser, "eliminator": winner, "place": len(active)}
    return "entry.registered", {"entry_id": "late", "name": "Too late", "paid": 100}  # refused: closed


def main() -> None:
    database, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    store = Store.open(database, backup_dir=database.parent / "backups", keep_backups=2)
    runner = open_runner(store)
    say(f"ready {runner.tournament_id} {runner.last_seq}")
    while True:
        roll = rng.random()
        try:
            if roll < 0.12 and runner.can_undo():
                target = runner.undo()
                say(f"undo {target.seq} {runner.last_seq}")
            elif roll < 0.18 and runner.can_redo():
                target = runner.redo()
                say(f"redo {target.seq} {runner.last_seq}")
            else:
                event = runner.execute(*next_command(runner.state, rng))
                say(f"cmd {event.seq} {event.event_type}")
        except DomainError:
            pass
        if len(runner.state.active_ids()) == 1 and len(runner.state.data["entries"]) == MAX_ENTRIES:
            runner = open_runner(store)
            say(f"ready {runner.tournament_id} {runner.last_seq}")


if __name__ == "__main__":
    main()
