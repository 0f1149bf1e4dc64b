"""One station as a process of its own, for the tests of several stations on one PostgreSQL event.

``python -m tests.stations.station_process URL TOURNAMENT STATION SEED COMMANDS READY_DIR``: opens the event as
STATION, waits until every station is ready (a file each in READY_DIR), then runs COMMANDS random commands (busts,
moves, rebuys) through DirectorSession.run as fast as it can, printing ``ack SEQ`` once each is recorded and
``refused`` for each refusal; then waits until every station is done, catches up and prints ``state HASH``.
With COMMANDS 0 it runs until killed. With a last argument ``rebuys`` it only rebuys (a flood of commands that
never take a player out).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from pathlib import Path

from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession


def state_hash(state) -> str:  # type: ignore[no-untyped-def]
    return hashlib.sha256(json.dumps(state.to_snapshot(), sort_keys=True).encode()).hexdigest()


def _wait_for(folder: Path, suffix: str, count: int) -> None:
    deadline = time.monotonic() + 60
    while len(list(folder.glob(f"*.{suffix}"))) < count and time.monotonic() < deadline:
        time.sleep(0.01)


def one_command(session: DirectorSession, rng: random.Random, rebuys_only: bool = False) -> None:
    """Run one random command (a bust may be followed by its balancing moves), printing each one recorded."""
    result = _rebuy(session, rng) if rebuys_only else _command(session, rng)
    print("ack", session.runner.last_seq, flush=True)
    proposal = getattr(result, "proposal", None)
    if proposal is not None and not proposal.is_empty:
        session.run(session.tournament.accept_moves, proposal)
        print("ack", session.runner.last_seq, flush=True)


def _rebuy(session: DirectorSession, rng: random.Random) -> object:
    alive = [e for e in session.state.floor.entries.values() if not e.busted]
    return session.run(session.tournament.rebuy, rng.choice(alive).id, level=1)


def _command(session: DirectorSession, rng: random.Random) -> object:
    floor = session.tournament
    t = session.state.floor
    alive = [e for e in t.entries.values() if not e.busted]
    entry = rng.choice(alive)
    roll = rng.random()
    if roll < 0.25:
        return session.run(floor.rebuy, entry.id, level=1)
    if roll < 0.45:
        table = t.tables[entry.table]
        targets = [(n, s) for n, other in t.tables.items() if not other.broken and n != table.number
                   for s in other.open_seats()]
        if targets:
            to_table, to_seat = rng.choice(targets)
            return session.run(floor.move_player, entry.id, to_table, to_seat)
    mates = [e for e in t.tables[entry.table].seats.values() if e != entry.id]
    if not mates or len(alive) < 10:
        return session.run(floor.rebuy, entry.id, level=1)
    return session.run(floor.bust, entry.id, [rng.choice(mates)])


def main(url: str, tournament: int, station: str, seed: int, commands: int, ready: Path, stations: int,
         rebuys_only: bool = False) -> None:
    session = DirectorSession.open(url, operator=station)
    session.select_tournament(tournament)
    rng = random.Random(seed)
    (ready / f"{station}.ready").touch()
    _wait_for(ready, "ready", stations)
    done = 0
    while commands == 0 or done < commands:
        try:
            one_command(session, rng, rebuys_only)
        except DomainError as refusal:
            print("refused", refusal, flush=True)
        done += 1
    (ready / f"{station}.done").touch()
    _wait_for(ready, "done", stations)
    session.take_changes()  # no feed watched here: catch up with the log
    session.runner.catch_up()
    print("state", state_hash(session.state), flush=True)
    session.close()


if __name__ == "__main__":
    url, tournament, station, seed, commands, ready, stations = sys.argv[1:8]
    main(url, int(tournament), station, int(seed), int(commands), Path(ready), int(stations),
         sys.argv[8:9] == ["rebuys"])
