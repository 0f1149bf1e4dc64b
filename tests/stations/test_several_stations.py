"""Several stations on one PostgreSQL event, as separate processes on a real server: no event lost or recorded
twice, the same state everywhere; a race on the same player refused on one side naming what happened and where;
a station killed in the middle of its commands loses nothing it acknowledged."""

from __future__ import annotations

import signal

from tests.stations.station_process import state_hash
from tests.stations.stations import desk_and_floor, log_of, open_event, start_station
from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.session import DirectorSession


def test_two_stations_commanding_at_once_lose_nothing_and_agree(pg_url, tmp_path) -> None:
    tournament = open_event(pg_url)
    setup = len(log_of(pg_url, tournament))
    names = ["the registration desk", "the floor"]
    children = [start_station(pg_url, tournament, name, seed, 60, tmp_path, 2) for seed, name in enumerate(names)]
    outputs = [child.communicate(timeout=240) for child in children]
    for child, (out, err) in zip(children, outputs):
        assert child.returncode == 0, err
    log = log_of(pg_url, tournament)
    assert [seq for seq, _ in log] == list(range(1, len(log) + 1))  # no gap, no seq twice
    acknowledged = {name: [int(line.split()[1]) for line in out.splitlines() if line.startswith("ack ")]
                    for name, (out, _) in zip(names, outputs)}
    for name in names:
        assert acknowledged[name], f"{name} recorded nothing"
        assert all(dict(log)[seq] == name for seq in acknowledged[name])  # each acknowledged event is there, its own
    assert len(log) == setup + sum(len(seqs) for seqs in acknowledged.values())  # and nothing else was written
    hashes = {line.split()[1] for out, _ in outputs for line in out.splitlines() if line.startswith("state ")}
    session = DirectorSession.open(pg_url)
    try:
        rebuilt = CommandRunner(session._store, tournament).rebuild()
    finally:
        session.close()
    assert hashes == {state_hash(rebuilt)}


def test_a_race_on_the_same_player_is_refused_on_one_side_naming_what_happened_and_where(pg_url) -> None:
    with desk_and_floor(pg_url) as (desk, floor, tournament):
        t = desk.state.floor
        ann = next(e for e in t.entries.values() if not e.busted)
        bob = next(e for e in t.tables[ann.table].seats.values() if e != ann.id)
        desk.run(desk.tournament.bust, ann.id, [bob])
        # the floor has not seen it yet: its own bust of the same player loses the race and is refused
        assert not floor.state.floor.entries[ann.id].busted
        try:
            floor.run(floor.tournament.bust, ann.id, [bob])
        except DomainError as refusal:
            message = str(refusal)
        else:
            raise AssertionError("the second bust of the same player was recorded")
        assert (f"“{ann.name} out, eliminated by {t.entries[bob].name}” was recorded at the registration desk a "
                f"moment ago, so this was not recorded: entry {ann.id} ({ann.name}) is already out") in message
        assert floor.state.floor.entries[ann.id].busted  # the floor now holds the desk's bust
        # a command that still applies after another station's is retried and recorded
        desk_rebuy = next(e for e in t.entries.values() if not e.busted and e.id != bob)
        desk.run(desk.tournament.rebuy, desk_rebuy.id, level=1)
        other = next(e for e in floor.state.floor.entries.values() if not e.busted and e.id not in (bob, desk_rebuy.id))
        event = floor.run(floor.tournament.rebuy, other.id, level=1)
        assert event is not None and floor.runner.last_seq == desk.runner.last_seq + 1
        desk.take_changes()
        assert state_hash(desk.state) == state_hash(floor.state)


def test_a_station_killed_in_the_middle_of_its_commands_loses_nothing_it_acknowledged(pg_url, tmp_path) -> None:
    tournament = open_event(pg_url)
    child = start_station(pg_url, tournament, "the cashier", 9, 0, tmp_path, 1)
    acknowledged: list[int] = []
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("ack "):
            acknowledged.append(int(line.split()[1]))
        if len(acknowledged) >= 25:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(30)
    log = dict(log_of(pg_url, tournament))
    assert all(log.get(seq) == "the cashier" for seq in acknowledged)
    assert sorted(log) == list(range(1, len(log) + 1))
    session = DirectorSession.open(pg_url)
    try:
        session.select_tournament(tournament)  # the log folds: every recorded event applies
        assert state_hash(session.state) == state_hash(session.runner.rebuild())
        assert session.runner.last_seq >= max(acknowledged)
    finally:
        session.close()


def test_an_undo_after_another_stations_command_is_refused_not_done_on_what_was_not_seen(pg_url) -> None:
    with desk_and_floor(pg_url) as (desk, floor, tournament):
        t = desk.state.floor
        ann = next(e for e in t.entries.values() if not e.busted)
        bob = next(e for e in t.tables[ann.table].seats.values() if e != ann.id)
        desk.run(desk.tournament.bust, ann.id, [bob])
        seq = desk.runner.last_seq
        try:
            floor.undo()
        except DomainError as refusal:
            assert f"“{ann.name} out, eliminated by {t.entries[bob].name}” was recorded at the registration desk" \
                   in str(refusal) and "so nothing was undone" in str(refusal)
        else:
            raise AssertionError("the undo was done on a log the floor had not seen")
        log = dict(log_of(pg_url, tournament))
        assert max(log) == seq  # nothing recorded by the refused undo
        assert floor.state.floor.entries[ann.id].busted  # the floor now shows the desk's bust

