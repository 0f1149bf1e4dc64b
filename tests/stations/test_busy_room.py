"""A busy room: another station (a process of its own) recording as fast as it can does not make this station's
commands refused while they still apply: each lost race is tried again on the latest log until it is recorded;
a command that no longer applies is still refused naming what happened and where, even among the flood."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.stations.station_process import state_hash
from tests.stations.stations import desk_and_floor, log_of, open_event, start_station
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession
from tournament_director.store import server


@contextmanager
def flood(url: str, tournament: int, folder: Path) -> Iterator[list[int]]:
    """The cashier rebuying as fast as it can until the block ends; yields the seqs it recorded (growing)."""
    child = start_station(url, tournament, "the cashier", 7, 0, folder, 1, "rebuys")
    acknowledged: list[int] = []
    started = threading.Event()

    def read() -> None:  # the pipe must never fill, or the flood would stop
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("ack "):
                acknowledged.append(int(line.split()[1]))
                if len(acknowledged) >= 20:
                    started.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert started.wait(120), "the flood did not start"
        yield acknowledged
    finally:
        child.kill()
        child.wait(30)
        reader.join(30)


def test_a_flood_from_another_station_does_not_refuse_commands_that_still_apply(pg_url, tmp_path) -> None:
    tournament = open_event(pg_url)
    floor = DirectorSession.open(pg_url, operator="the floor")
    rng = random.Random(11)
    mine: list[int] = []
    try:
        floor.select_tournament(tournament)
        with flood(pg_url, tournament, tmp_path) as cashier:
            for turn in range(40):
                t = floor.state.floor
                entry = rng.choice([e for e in t.entries.values() if not e.busted])
                open_seats = [(n, s) for n, table in t.tables.items() if n != entry.table and not table.broken
                              for s in table.open_seats()]
                if turn % 2 and open_seats:
                    event = floor.run(floor.tournament.move_player, entry.id, *rng.choice(open_seats))
                else:
                    event = floor.run(floor.tournament.rebuy, entry.id, level=1)
                mine.append(floor.runner.last_seq)
                assert event is not None
        log = dict(log_of(pg_url, tournament))
        assert all(log[seq] == "the floor" for seq in mine)  # every command recorded, none refused
        # the room was busy: the cashier recorded between the floor's commands, and the floor lost races to it
        assert any(log[seq] == "the cashier" for seq in range(mine[0], mine[-1])) and floor.races_lost > 0
        assert sorted(log) == list(range(1, len(log) + 1))
        floor.take_changes()
        # caught up, the floor holds exactly what the log holds (nothing folded twice, nothing missing)
        assert state_hash(floor.state) == state_hash(floor.runner.rebuild())
    finally:
        floor.close()


def test_a_bust_of_a_player_already_out_is_refused_naming_the_station_even_among_the_flood(pg_url, tmp_path) -> None:
    with desk_and_floor(pg_url) as (desk, floor, tournament):
        t = floor.state.floor
        ann = next(e for e in t.entries.values() if not e.busted)
        bob = next(e for e in t.tables[ann.table].seats.values() if e != ann.id)
        with flood(pg_url, tournament, tmp_path) as cashier:
            desk.run(desk.tournament.bust, ann.id, [bob])
            seen = len(cashier)
            while len(cashier) < seen + 10:  # the cashier's rebuys pile up after the desk's bust
                threading.Event().wait(0.01)
            with pytest.raises(DomainError) as refusal:
                floor.run(floor.tournament.bust, ann.id, [bob])
        assert (f"“{ann.name} out, eliminated by {t.entries[bob].name}” was recorded at the registration desk a "
                f"moment ago (among ") in str(refusal.value)
        assert f"so this was not recorded: entry {ann.id} ({ann.name}) is already out" in str(refusal.value)
        assert floor.state.floor.entries[ann.id].busted


def test_a_station_holding_its_turn_too_long_makes_the_others_give_up_clearly_and_record_nothing(
        pg_url, monkeypatch) -> None:
    monkeypatch.setattr(server, "TURN_WAIT_SECONDS", 0.5)  # the program waits 5 s; the test need not
    with desk_and_floor(pg_url) as (desk, floor, tournament):
        entry = next(e for e in floor.state.floor.entries.values() if not e.busted)
        last = floor.runner.last_seq
        with desk.runner.own_turn(1.0):  # as a station that stopped answering in the middle of its turn
            with pytest.raises(DomainError, match="another station has held this tournament for several seconds "
                                                  r"\(a long command, or a station that stopped answering\), so "
                                                  "this was not recorded: try it again in a moment"):
                floor.run(floor.tournament.rebuy, entry.id, level=1)
            with pytest.raises(DomainError, match="so nothing was undone"):
                floor.undo()
        assert max(seq for seq, _ in log_of(pg_url, tournament)) == last  # nothing recorded
        assert floor.state.floor.entries[entry.id].rebuys == 0
        floor.run(floor.tournament.rebuy, entry.id, level=1)  # the turn over, the same command is recorded
        assert floor.runner.last_seq == last + 1 and floor.state.floor.entries[entry.id].rebuys == 1
