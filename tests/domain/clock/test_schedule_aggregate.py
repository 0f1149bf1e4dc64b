"""The Schedule aggregate folds structure and clock events; refused events change nothing."""

from __future__ import annotations

import pytest

from tournament_director.domain.clock.schedule import Schedule
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError

STRUCTURE = Structure((Level(1, 600, 25, 50), Break(300), Level(2, 600, 50, 100)))
T0 = "2024-06-01T18:00:00+00:00"


def clock(index: int, remaining_ms: int, running: bool, wall: str = T0) -> dict:
    return {"period_index": index, "remaining_ms": remaining_ms, "running": running, "wall_time": wall}


def started() -> Schedule:
    schedule = Schedule.new()
    schedule.apply("structure.replaced", {"structure": STRUCTURE.to_dict()})
    schedule.apply("clock.started", clock(0, 600_000, True))
    return schedule


def test_level_in_force_follows_level_changes_and_breaks() -> None:
    """TDA 23: the recorded level change decides the level of the next hand."""
    schedule = started()
    assert schedule.current_level() == STRUCTURE.periods[0]
    schedule.apply("clock.level_changed", clock(1, 300_000, True))
    assert schedule.on_break and schedule.current_level() is None
    schedule.apply("clock.level_changed", clock(2, 600_000, True))
    assert schedule.current_level().number == 2 and not schedule.on_break


@pytest.mark.parametrize(
    ("event_type", "payload", "message"),
    [
        ("clock.started", clock(0, 600_000, True), "already been started"),
        ("clock.resumed", clock(0, 500_000, True), "already running"),
        ("clock.level_changed", clock(2, 600_000, True), "must move to the next period (1), not to 2"),
        ("clock.jumped", clock(7, 600_000, True), "period 7 is outside the structure"),
        ("clock.time_adjusted", clock(0, -1, True), "cannot be negative"),
        ("clock.paused", {"running": False}, "must record period_index, remaining_ms and running"),
        ("clock.restored", {**clock(0, 1, False), "choice": "maybe"}, "resume 'paused' or 'continued'"),
        ("structure.replaced", {"structure": {"periods": []}}, "at least one level"),
        ("clock.wound_up", {}, "does not know the event"),
    ],
)
def test_refused_events_name_the_problem_and_change_nothing(event_type: str, payload: dict, message: str) -> None:
    schedule = started()
    before = schedule.to_snapshot()
    with pytest.raises(DomainError, match=message.replace("(", r"\(").replace(")", r"\)")):
        schedule.apply(event_type, payload)
    assert schedule.to_snapshot() == before


def test_clock_needs_a_structure_first() -> None:
    with pytest.raises(DomainError, match="load a blind structure"):
        Schedule.new().apply("clock.started", clock(0, 1, True))


def test_snapshot_round_trip_keeps_structure_and_clock() -> None:
    schedule = started()
    schedule.apply("clock.paused", clock(0, 123_456, False, "2024-06-01T18:01:00+00:00"))
    again = Schedule.from_snapshot(schedule.to_snapshot())
    assert again.to_snapshot() == schedule.to_snapshot()
    saved = again.saved_clock()
    assert (saved.period_index, saved.remaining_ms, saved.running, saved.started) == (0, 123_456, False, True)
    assert saved.wall_time.isoformat() == "2024-06-01T18:01:00+00:00"


def test_editing_a_running_structure_records_where_the_clock_stands() -> None:
    schedule = started()
    new_break = {"kind": "break", "duration_seconds": 900, "colour_up": [], "name": "Dinner"}
    with pytest.raises(DomainError, match="must record where the clock stands"):
        schedule.apply("structure.edited", {"index": 1, "period": new_break})
    schedule.apply("structure.edited", {"index": 1, "period": new_break, **clock(0, 400_000, True)})
    assert schedule.structure.periods[1] == Break(900, name="Dinner")
    assert schedule.remaining_ms == 400_000
