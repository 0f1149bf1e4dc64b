"""The command runner: every change is one durable event; refusals write nothing; undo and redo are recorded."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC
from pathlib import Path

import pytest

from ledger_aggregate import Ledger
from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import REDO_EVENT, UNDO_EVENT, CommandRunner
from tournament_director.store import Store
from tournament_director.store.event_log import SNAPSHOTS_KEPT


def register(runner: CommandRunner, entry_id: str, paid: int = 100):
    return runner.execute("entry.registered", {"entry_id": entry_id, "name": f"Player {entry_id}", "paid": paid})


def snapshot_rows(db_path: Path, tournament_id: int) -> list[int]:
    with sqlite3.connect(db_path) as connection:
        return [r[0] for r in connection.execute(
            "SELECT seq FROM snapshot WHERE tournament_id = ? ORDER BY seq", (tournament_id,))]


@pytest.fixture
def runner(store: Store) -> CommandRunner:
    return CommandRunner(store, store.create_tournament("Monday Deepstack"), Ledger, operator="Alice")


def test_execute_records_one_event_with_time_type_payload_and_operator(runner: CommandRunner, store, db_path):
    event = register(runner, "e1")
    assert (event.seq, event.event_type, event.operator, event.undone) == (1, "entry.registered", "Alice", False)
    assert event.payload == {"entry_id": "e1", "name": "Player e1", "paid": 100}
    assert event.recorded_at.tzinfo is not None and event.recorded_at.utcoffset() == UTC.utcoffset(None)
    assert runner.state.data["entries"]["e1"]["chips"] == 10_000
    with sqlite3.connect(db_path) as connection:
        rows = connection.execute("SELECT seq, type, payload, operator, undone FROM event").fetchall()
    assert rows == [(1, "entry.registered", json.dumps(event.payload), "Alice", 0)]


def test_refused_command_writes_nothing_and_leaves_the_state_alone(runner: CommandRunner):
    register(runner, "e1")
    before = runner.state.to_snapshot()
    with pytest.raises(DomainError, match="already registered"):
        register(runner, "e1")
    with pytest.raises(DomainError, match="buy-in is 100"):
        register(runner, "e2", paid=50)
    assert runner.state.to_snapshot() == before
    assert [e.seq for e in runner.history()] == [1]
    assert register(runner, "e2").seq == 2  # the sequence has no gap where the refusals were


@pytest.mark.parametrize(("event_type", "payload", "problem"), [
    ("Entry Registered", {}, "not an event type"),
    ("log.undo", {"seq": 1}, "reserved"),
    ("entry.registered", ["e1"], "must be a mapping"),
    ("entry.registered", {"entry_id": {1, 2}}, "cannot be recorded as JSON"),
    ("entry.registered", {"paid": float("nan")}, "cannot be recorded as JSON"),
])
def test_malformed_commands_are_refused_with_the_problem_named(runner, event_type, payload, problem):
    with pytest.raises(DomainError, match=problem):
        runner.execute(event_type, payload)
    assert runner.history() == [] and runner.state.to_snapshot() == Ledger.new().to_snapshot()


def test_the_state_sees_the_payload_as_the_log_will_replay_it(runner: CommandRunner):
    register(runner, "e1")
    register(runner, "e2")
    runner.execute("seat.assigned", {"entry_id": "e1", "seat": "1:1"})
    assert runner.state.to_snapshot() == runner.rebuild().to_snapshot()


def test_undo_keeps_the_event_in_the_log_marked_undone_and_records_itself(runner: CommandRunner, store, db_path):
    register(runner, "e1")
    after_first = runner.state.to_snapshot()
    register(runner, "e2")
    undone = runner.undo()
    assert (undone.seq, undone.event_type, undone.undone) == (2, "entry.registered", True)
    assert runner.state.to_snapshot() == after_first
    history = runner.history()
    assert [(e.seq, e.event_type, e.undone) for e in history] == [
        (1, "entry.registered", False), (2, "entry.registered", True), (3, UNDO_EVENT, False)]
    assert history[2].payload == {"seq": 2, "event_type": "entry.registered"}
    assert history[2].operator == "Alice"
    reopened = CommandRunner(store, runner.tournament_id, Ledger)
    assert reopened.state.to_snapshot() == after_first and reopened.can_redo()


def test_redo_restores_the_command_and_is_recorded(runner: CommandRunner):
    register(runner, "e1")
    register(runner, "e2")
    final = runner.state.to_snapshot()
    runner.undo()
    runner.undo()
    assert runner.state.to_snapshot() == Ledger.new().to_snapshot() and not runner.can_undo()
    assert runner.redo().seq == 1
    assert runner.redo().seq == 2
    assert runner.state.to_snapshot() == final and not runner.can_redo()
    assert [e.event_type for e in runner.history()][-2:] == [REDO_EVENT, REDO_EVENT]
    assert all(not e.undone for e in runner.history())


def test_a_new_command_after_an_undo_ends_redo_even_after_reopening(runner: CommandRunner, store):
    register(runner, "e1")
    runner.undo()
    register(runner, "e2")
    assert not runner.can_redo()
    with pytest.raises(DomainError, match="nothing to redo"):
        runner.redo()
    assert not CommandRunner(store, runner.tournament_id, Ledger).can_redo()


def test_undo_of_an_earlier_command_is_refused_when_a_later_event_depends_on_it(runner: CommandRunner):
    register(runner, "e1")
    register(runner, "e2")
    runner.execute("seat.assigned", {"entry_id": "e2", "seat": "2:3"})
    before, history_before = runner.state.to_snapshot(), runner.history()
    with pytest.raises(DomainError, match=r"#2 \(entry.registered\) cannot be undone.*#3 \(seat.assigned\)"):
        runner.undo(2)
    assert runner.state.to_snapshot() == before and runner.history() == history_before


def test_undo_of_an_earlier_independent_command_leaves_the_later_ones_in_force(runner: CommandRunner):
    register(runner, "e1")
    register(runner, "e2")
    runner.execute("seat.assigned", {"entry_id": "e2", "seat": "2:3"})
    runner.undo(1)
    assert set(runner.state.data["entries"]) == {"e2"}
    assert runner.state.data["seats"] == {"2:3": "e2"}
    assert runner.state.to_snapshot() == runner.rebuild().to_snapshot()
    runner.redo()
    assert set(runner.state.data["entries"]) == {"e1", "e2"}


@pytest.mark.parametrize(("setup", "seq", "problem"), [
    (0, None, "nothing to undo"),
    (1, 7, "no event #7"),
    (1, 2, "itself an undo or redo record"),
])
def test_impossible_undos_are_refused(runner: CommandRunner, setup, seq, problem):
    for index in range(setup):
        register(runner, f"e{index}")
        runner.undo()
    with pytest.raises(DomainError, match=problem):
        runner.undo(seq)


def test_undoing_an_undone_command_again_is_refused(runner: CommandRunner):
    register(runner, "e1")
    register(runner, "e2")
    runner.undo(1)
    with pytest.raises(DomainError, match="already undone"):
        runner.undo(1)


def test_snapshots_are_taken_pruned_and_invalidated_by_undo_and_redo_at_or_before_them(store, db_path):
    tid = store.create_tournament("Snapshots")
    runner = CommandRunner(store, tid, Ledger, snapshot_every=4)
    for index in range(10):
        register(runner, f"e{index}")
    assert snapshot_rows(db_path, tid) == [4, 8]
    assert CommandRunner(store, tid, Ledger).state.to_snapshot() == runner.state.to_snapshot()
    for index in range(10, 16):
        register(runner, f"e{index}")
    assert snapshot_rows(db_path, tid) == [4, 8, 12, 16][-SNAPSHOTS_KEPT:]  # large snapshots do not pile up
    for _ in range(5):  # undoes #16 .. #12
        runner.undo()
    assert max(snapshot_rows(db_path, tid)) < 12
    assert CommandRunner(store, tid, Ledger).state.to_snapshot() == runner.state.to_snapshot()
    runner.undo(6)
    assert all(seq < 6 for seq in snapshot_rows(db_path, tid))
    reopened = CommandRunner(store, tid, Ledger)
    assert "e5" not in reopened.state.data["entries"]
    assert reopened.state.to_snapshot() == runner.state.to_snapshot() == runner.rebuild().to_snapshot()
    runner.redo()
    assert CommandRunner(store, tid, Ledger).state.to_snapshot() == runner.rebuild().to_snapshot()
    assert "e5" in runner.state.data["entries"]


def test_an_unreadable_snapshot_falls_back_to_the_log(store, db_path):
    tid = store.create_tournament("Old snapshot")
    runner = CommandRunner(store, tid, Ledger, snapshot_every=2)
    for index in range(3):
        register(runner, f"e{index}")
    assert snapshot_rows(db_path, tid) == [2]
    reopened = CommandRunner(store, tid, _NewerFormatLedger)
    assert reopened.state.to_snapshot() == runner.state.to_snapshot()


class _NewerFormatLedger(Ledger):
    """A later version of the aggregate that cannot read the snapshots an earlier version wrote."""

    @classmethod
    def from_snapshot(cls, data):
        raise KeyError("format_version")


def test_tournaments_in_one_database_keep_separate_logs(store: Store):
    monday = CommandRunner(store, store.create_tournament("Monday"), Ledger)
    tuesday = CommandRunner(store, store.create_tournament("Tuesday"), Ledger)
    register(monday, "m1")
    assert register(tuesday, "t1").seq == 1
    register(monday, "m2")
    assert set(CommandRunner(store, monday.tournament_id, Ledger).state.data["entries"]) == {"m1", "m2"}
    assert set(CommandRunner(store, tuesday.tournament_id, Ledger).state.data["entries"]) == {"t1"}
    assert [t.name for t in store.list_tournaments()] == ["Monday", "Tuesday"]


def test_a_runner_for_an_unknown_tournament_is_refused(store: Store):
    with pytest.raises(DomainError, match="no tournament number 42"):
        CommandRunner(store, 42, Ledger)


def test_the_log_survives_closing_and_reopening_the_file(db_path: Path):
    with Store.open(db_path) as first:
        runner = CommandRunner(first, first.create_tournament("Durable"), Ledger)
        register(runner, "e1")
        register(runner, "e2")
        runner.undo()
        expected = runner.state.to_snapshot()
    with Store.open(db_path) as second:
        again = CommandRunner(second, runner.tournament_id, Ledger)
        assert again.state.to_snapshot() == expected
        assert [(e.seq, e.undone) for e in again.history()] == [(1, False), (2, True), (3, False)]
        assert again.redo().seq == 2
