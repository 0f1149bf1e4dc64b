"""The crash test's child: runs scripted tournaments (registrations, the seat draw, busts with the balancing moves
they call for, undos and redos) through TournamentService on a database until it is killed.

Run as ``python crash_child.py DATABASE SEED``. After every command that returned it prints one line, flushed:
``cmd <seq> <event type>``, ``undo <target seq> <record seq>`` or ``redo <target seq> <record seq>``, and
``ready <tournament id> <last seq>`` whenever it (re)opens a tournament. The parent kills it with SIGKILL at a
random moment and checks that every printed line is in the log.

``python crash_child.py DATABASE SEED COMMANDS`` stops by itself after that many commands, closing the database as
the program does when it quits (the power-cut test records such runs).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

SNAPSHOT_EVERY = 7  # small, so kills also land while snapshots are written and invalidated
ENTRIES = 14
TABLES, SEATS = 3, 6
BUY_IN, STACK = 100, 10_000


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def open_service(store: Store, rng: random.Random) -> TournamentService:
    tournaments = store.list_tournaments()
    if tournaments:
        runner = CommandRunner(store, tournaments[-1].id, snapshot_every=SNAPSHOT_EVERY)
        if not runner.state.floor.finished:
            say(f"ready {runner.tournament_id} {runner.last_seq}")
            return TournamentService(runner, rng=rng)
    tournament_id = store.create_tournament(f"Crash night {len(tournaments) + 1}")
    runner = CommandRunner(store, tournament_id, snapshot_every=SNAPSHOT_EVERY)
    say(f"ready {runner.tournament_id} {runner.last_seq}")
    return TournamentService(runner, rng=rng)


def next_command(service: TournamentService, rng: random.Random) -> str:
    """Take the tournament one step further; returns the event type that step records."""
    floor = service.runner.state.floor
    if not floor.configured:
        service.configure({"name": "Crash night", "buy_in": BUY_IN, "starting_stack": STACK})
        return "tournament.configured"
    if not floor.tables:
        service.add_tables(TABLES, seats=SEATS)
        return "tables.added"
    if not floor.seated_drawn and len(floor.entries) < ENTRIES:
        service.register(f"Player {len(floor.entries) + 1}")
        return "entry.registered"
    if not floor.seated_drawn:
        service.draw_seats()
        return "seats.drawn"
    if not floor.registration_closed:  # the tournament can only finish once nobody else can enter
        service.close_registration()
        return "registration.closed"
    proposal = service.propose_moves()
    if proposal.moves or proposal.broken_tables:
        service.accept_moves(proposal)
        return "moves.accepted"
    live = sorted(e.entry_id for e in service.entries() if not e.busted)
    loser, winner = rng.sample(live, 2)
    service.bust(loser, [winner])
    return "entry.busted"


def main() -> None:
    database, seed = Path(sys.argv[1]), int(sys.argv[2])
    commands = int(sys.argv[3]) if len(sys.argv) > 3 else None
    rng = random.Random(seed)
    store = Store.open(database, backup_dir=database.parent / "backups", keep_backups=2)
    service = open_service(store, rng)
    while commands is None or commands > 0:
        commands = None if commands is None else commands - 1
        runner = service.runner
        roll = rng.random()
        try:
            if roll < 0.10 and runner.can_undo():
                target = runner.undo()
                say(f"undo {target.seq} {runner.last_seq}")
            elif roll < 0.15 and runner.can_redo():
                target = runner.redo()
                say(f"redo {target.seq} {runner.last_seq}")
            else:
                event_type = next_command(service, rng)
                say(f"cmd {runner.last_seq} {event_type}")
        except DomainError:
            pass
        if runner.state.floor.finished:
            service = open_service(store, rng)
    store.close()


if __name__ == "__main__":
    main()
