"""Property: any sequence of commands, undone all, gives the starting state; redone all, the final state again;
and at every step the state rebuilt from the log alone (and reopened from snapshots) equals the live state."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger_aggregate import Ledger
from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store

EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

index = st.integers(min_value=0, max_value=15)
command_step = st.one_of(
    st.tuples(st.just("register"), index, index),
    st.tuples(st.just("seat"), index, index),
    st.tuples(st.just("bust"), index, index),
    st.tuples(st.just("bad"), index, index),
)
mixed_step = st.one_of(command_step, st.tuples(st.just("undo"), index, index),
                       st.tuples(st.just("undo_at"), index, index), st.tuples(st.just("redo"), index, index))


@pytest.fixture(scope="module")
def shared_store(tmp_path_factory) -> Store:
    store = Store.open(tmp_path_factory.mktemp("property") / "property.sqlite")
    yield store
    store.close()


def command_for(ledger: Ledger, kind: str, i: int, j: int) -> tuple[str, dict]:
    entries = sorted(ledger.data["entries"])
    active = sorted(ledger.active_ids())
    if kind == "register":
        return "entry.registered", {"entry_id": f"e{i}", "name": f"Player {i}", "paid": 100}
    if kind == "seat":
        unseated, free = sorted(ledger.unseated_ids()), ledger.free_seats()
        entry = unseated[i % len(unseated)] if unseated else f"e{i}"
        return "seat.assigned", {"entry_id": entry, "seat": free[j % len(free)] if free else "1:1"}
    if kind == "bust" and len(active) >= 2:
        loser = active[i % len(active)]
        winner = [e for e in active if e != loser][j % (len(active) - 1)]
        return "entry.busted", {"entry_id": loser, "eliminator": winner, "place": len(active)}
    # a command the rules refuse (wrong buy-in, or a bust with nobody left to bust)
    return "entry.registered", {"entry_id": entries[i % len(entries)] if entries else "x", "name": "Twice", "paid": 7}


def step(runner: CommandRunner, kind: str, i: int, j: int) -> None:
    before, log_before = runner.state.to_snapshot(), runner.last_seq
    try:
        if kind == "undo":
            runner.undo()
        elif kind == "undo_at":
            runner.undo(1 + i % max(1, runner.last_seq))
        elif kind == "redo":
            runner.redo()
        else:
            runner.execute(*command_for(runner.state, kind, i, j))
    except DomainError:
        assert runner.state.to_snapshot() == before, "a refusal changed the state"
        assert runner.last_seq == log_before, "a refusal wrote to the log"


def assert_consistent(store: Store, runner: CommandRunner) -> None:
    live = runner.state.to_snapshot()
    assert runner.rebuild().to_snapshot() == live
    assert CommandRunner(store, runner.tournament_id, Ledger).state.to_snapshot() == live
    runner.state.check_invariants()


def undo_all(runner: CommandRunner) -> int:
    undone = 0
    while runner.can_undo():
        runner.undo()
        undone += 1
    return undone


@EXAMPLES
@given(steps=st.lists(command_step, max_size=25))
def test_undo_all_returns_to_the_start_and_redo_all_to_the_end(shared_store: Store, steps):
    runner = CommandRunner(shared_store, shared_store.create_tournament("Property"), Ledger, snapshot_every=3)
    start = runner.state.to_snapshot()
    for kind, i, j in steps:
        step(runner, kind, i, j)
    final = runner.state.to_snapshot()
    assert_consistent(shared_store, runner)
    undo_all(runner)
    assert runner.state.to_snapshot() == start
    assert_consistent(shared_store, runner)
    while runner.can_redo():
        runner.redo()
    assert runner.state.to_snapshot() == final
    assert_consistent(shared_store, runner)


@EXAMPLES
@given(steps=st.lists(mixed_step, max_size=25))
def test_interleaved_undo_and_redo_keep_live_rebuilt_and_reopened_states_equal(shared_store: Store, steps):
    runner = CommandRunner(shared_store, shared_store.create_tournament("Mixed"), Ledger, snapshot_every=3)
    for kind, i, j in steps:
        step(runner, kind, i, j)
        runner.state.check_invariants()
    assert_consistent(shared_store, runner)
    before_undo_all = runner.state.to_snapshot()
    undone = undo_all(runner)
    assert runner.state.to_snapshot() == Ledger.new().to_snapshot()
    for _ in range(undone):
        runner.redo()
    assert runner.state.to_snapshot() == before_undo_all
    assert_consistent(shared_store, runner)
