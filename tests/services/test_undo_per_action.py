"""One undo per director's action: the commands recorded inside ``one_action`` are one undo step and one redo step,
on a file and on a server shared by several stations; a command recorded alone (every command of a log written
before actions were recorded) stays a step of its own."""

from __future__ import annotations

import sqlite3

import pytest

from ledger_aggregate import Ledger
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store


def register(runner: CommandRunner, entry_id: str):
    return runner.execute("entry.registered", {"entry_id": entry_id, "name": f"Player {entry_id}", "paid": 100})


def entries(runner: CommandRunner | Ledger) -> list[str]:
    state = runner.state if isinstance(runner, CommandRunner) else runner
    return sorted(state.data["entries"])


@pytest.fixture
def runner(store: Store) -> CommandRunner:
    return CommandRunner(store, store.create_tournament("Monday Deepstack"), Ledger, operator="Alice")


def test_the_commands_of_one_action_are_undone_and_redone_together(runner: CommandRunner, store) -> None:
    register(runner, "e1")
    with runner.one_action():
        register(runner, "e2")
        with runner.one_action():  # a command run inside another belongs to the outer action
            register(runner, "e3")
    register(runner, "e4")
    assert runner.next_undo().payload["entry_id"] == "e4"

    runner.undo()
    assert runner.next_undo().payload["entry_id"] == "e2"   # the action is named by its first command
    undone = runner.undo()
    assert undone.payload["entry_id"] == "e2" and entries(runner) == ["e1"]
    assert [(e.seq, e.undone) for e in runner.history()[:4]] == [(1, False), (2, True), (3, True), (4, True)]
    assert runner.next_redo().payload["entry_id"] == "e2"

    # reopened, the redo still takes the whole action
    reopened = CommandRunner(store, runner.tournament_id, Ledger, operator="Alice")
    reopened.redo()
    assert entries(reopened) == ["e1", "e2", "e3"]
    reopened.redo()
    assert entries(reopened) == ["e1", "e2", "e3", "e4"] == entries(reopened.rebuild())


def test_undoing_any_command_of_an_action_from_the_log_takes_the_whole_action(runner: CommandRunner) -> None:
    register(runner, "e1")
    with runner.one_action():
        register(runner, "e2")
        second = register(runner, "e3")
    register(runner, "e4")
    runner.undo(second.seq)   # the Log tab's "Undo the selected event" on the action's second command
    assert entries(runner) == ["e1", "e4"] == entries(runner.rebuild())
    runner.redo()
    assert entries(runner) == ["e1", "e2", "e3", "e4"]


def test_commands_recorded_without_an_action_are_each_a_step_as_in_older_logs(runner: CommandRunner, store,
                                                                               db_path) -> None:
    register(runner, "e1")
    with runner.one_action():
        register(runner, "e2")
        with runner.apart_from_the_action():   # e.g. the level the running clock crossed before the command
            register(runner, "e3")
        register(runner, "e4")
    with sqlite3.connect(db_path) as connection:
        marks = connection.execute("SELECT seq, action_seq FROM event ORDER BY seq").fetchall()
    assert marks == [(1, None), (2, 2), (3, None), (4, 2)]
    with sqlite3.connect(db_path) as connection:   # a log written before actions were recorded has none
        connection.execute("UPDATE event SET action_seq = NULL")
    older = CommandRunner(store, runner.tournament_id, Ledger)
    older.undo()
    assert entries(older) == ["e1", "e2", "e3"]
    older.undo()
    assert entries(older) == ["e1", "e2"]


def test_stations_on_one_server_undo_each_others_actions_whole(pg_url) -> None:
    with Store.open(pg_url) as desk_store, Store.open(pg_url) as floor_store:
        tournament = desk_store.create_tournament("Server night")
        desk = CommandRunner(desk_store, tournament, Ledger, operator="the registration desk")
        floor = CommandRunner(floor_store, tournament, Ledger, operator="the floor")
        register(desk, "e1")
        with desk.one_action():
            register(desk, "e2")
            register(desk, "e3")
        floor.catch_up()
        assert floor.next_undo().payload["entry_id"] == "e2"
        floor.undo()
        assert entries(floor) == ["e1"]
        desk.catch_up()
        assert entries(desk) == ["e1"] and desk.next_redo().payload["entry_id"] == "e2"
        desk.redo()
        floor.catch_up()
        assert entries(floor) == entries(desk) == ["e1", "e2", "e3"]


@pytest.fixture
def bubble(tmp_path):
    """Twelve players at two tables, the clock started (time moved by hand), hand-for-hand on."""
    import random

    from tests.services.test_clock_service import FakeTime
    from tournament_director.services.session import DirectorSession, NewTournamentPlan

    fake = FakeTime()
    session = DirectorSession.open(tmp_path / "bubble.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(3), monotonic=fake.monotonic, wall=fake.wall)
    session.create_from_plan(NewTournamentPlan("Bubble", "turbo", tables=2, seats_per_table=9))
    floor = session.tournament
    for i in range(12):
        session.run(floor.register, f"Player {i}")
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    session.run(floor.set_hand_for_hand, True)
    fake.advance(30)
    yield session
    session.close()


def snapshot(state) -> str:
    import json

    return json.dumps(state.to_snapshot(), sort_keys=True)


def test_a_hand_for_hand_hand_is_undone_and_redone_as_if_it_had_not_been_dealt(bubble) -> None:
    session = bubble
    before = snapshot(session.runner.state)
    session.run(session.next_hand_all_tables)
    dealt = snapshot(session.runner.state)
    assert [e.event_type for e in session.history()[-2:]] == ["hand.next", "clock.hand_for_hand_deducted"]

    session.run(session.undo)
    assert snapshot(session.runner.state) == before == snapshot(session.runner.rebuild())
    session.run(session.redo)
    assert snapshot(session.runner.state) == dealt == snapshot(session.runner.rebuild())


def test_an_action_whose_commands_kept_what_they_changed_is_undone_in_place(bubble) -> None:
    """No fold from the checkpoint: the live state stays the same object, each command put back latest first."""
    session = bubble
    state = session.runner.state
    before = snapshot(state)
    players = [e.entry_id for e in session.tournament.entries()][:2]

    def away_and_pause() -> None:   # one director's action of three commands
        for entry_id in players:
            session.tournament.set_present(entry_id, False)
        session.clock.pause()

    session.run(away_and_pause)
    session.run(session.undo)
    assert session.runner.state is state
    assert snapshot(state) == before == snapshot(session.runner.rebuild())
    assert session.redo_name().startswith(f"Redo {session.tournament.entry(players[0]).name} marked absent")

    session.run(session.redo)   # applied again in place, and undone in place again
    after = snapshot(state)
    assert session.runner.state is state and after == snapshot(session.runner.rebuild()) != before
    assert not any(session.tournament.entry(entry_id).present for entry_id in players)
    session.run(session.undo)
    assert session.runner.state is state and snapshot(state) == before
