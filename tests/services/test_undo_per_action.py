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
