"""ClockService over a real SQLite file: every transition is an event, restarts resume either way, no drift."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tournament_director.domain.clock.machine import BREAK_STARTED, LEVEL_CHANGED, ONE_MINUTE_WARNING
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError
from tournament_director.domain.state import TournamentState
from tournament_director.services.clock import ClockService, load_template
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store

WALL_ORIGIN = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)


class FakeTime:
    """A monotonic source and a wall clock that move together; a restart gets a new monotonic origin."""

    def __init__(self, origin: float = 1000.0) -> None:
        self.mono = origin
        self.wall_seconds = 0.0

    def advance(self, seconds: float) -> None:
        self.mono += seconds
        self.wall_seconds += seconds

    def monotonic(self) -> float:
        return self.mono

    def wall(self) -> datetime:
        return WALL_ORIGIN + timedelta(seconds=self.wall_seconds)


def twelve_hour_structure() -> Structure:
    periods: list = []
    for number in range(1, 31):
        periods.append(Level(number, 20 * 60, 50 * number, 100 * number))
        if number % 4 == 0 and number < 30:
            periods.append(Break(15 * 60))
    return Structure(tuple(periods), name="twelve hours")


def open_service(db_path: Path, tid: int | None, fake: FakeTime) -> tuple[Store, CommandRunner, ClockService, int]:
    store = Store.open(db_path)
    if tid is None:
        tid = store.create_tournament("Saturday Main")
    runner = CommandRunner(store, tid, TournamentState)
    return store, runner, ClockService(runner, monotonic=fake.monotonic, wall=fake.wall), tid


def level_change_walls(runner: CommandRunner) -> list[tuple[int, float]]:
    return [
        (e.payload["period_index"], (datetime.fromisoformat(e.payload["wall_time"]) - WALL_ORIGIN).total_seconds())
        for e in runner.history()
        if e.event_type == "clock.level_changed" and not e.undone
    ]


def wall_at_running_time(running_s: float, pauses: list[tuple[float, float]]) -> float:
    wall = running_s
    for pause_start, pause_end in sorted(pauses):
        if pause_start < wall:
            wall += pause_end - pause_start
    return wall


def run_until(service: ClockService, fake: FakeTime, until: float, rng: random.Random, fired: list) -> None:
    while fake.wall_seconds < until:
        fake.advance(min(until - fake.wall_seconds, rng.uniform(0.2, 9.0)))
        fired += service.tick()


def test_twelve_hour_event_with_pauses_adjustments_and_a_restart_that_continues(db_path: Path) -> None:
    """Every level change is recorded at its exact moment, across a crash and 10 minutes down (continued)."""
    rng = random.Random(12)
    fake = FakeTime()
    structure = twelve_hour_structure()
    store, runner, service, tid = open_service(db_path, None, fake)
    service.load_structure(structure)
    service.start()
    fired: list = []
    pauses = [(3000.0, 3420.0), (30000.0, 31800.0)]
    adjust = [(9000.0, 120.0), (36000.0, -45.0)]

    run_until(service, fake, 3000.0, rng, fired)
    service.pause()
    run_until(service, fake, 3420.0, rng, fired)
    service.resume()
    run_until(service, fake, 9000.0, rng, fired)
    service.add_time(120)
    run_until(service, fake, 20000.0, rng, fired)
    store.close()  # the machine dies here ...
    down = FakeTime(origin=3.0)  # ... and after a reboot the monotonic clock starts again from near zero
    down.wall_seconds = fake.wall_seconds + 600.0
    fake = down
    store, runner, service, _ = open_service(db_path, tid, fake)
    assert service.restart_pending is not None
    assert service.restart_pending.wall_elapsed_seconds >= 600.0
    assert service.tick() == []  # nothing runs until the director chooses
    service.continue_after_restart()
    run_until(service, fake, 30000.0, rng, fired)
    service.pause()
    run_until(service, fake, 31800.0, rng, fired)
    service.resume()
    run_until(service, fake, 36000.0, rng, fired)
    service.add_time(-45)
    run_until(service, fake, 13 * 3600.0, rng, fired)

    changes = level_change_walls(runner)
    crossed_while_down = {index for index, _ in changes}
    assert sorted(crossed_while_down) == list(range(1, len(structure.periods)))
    running_total = 0.0
    for index, wall in sorted(changes):
        running_total += structure.periods[index - 1].duration_seconds
        expected = wall_at_running_time(running_total + sum(d for t, d in adjust if t < wall), pauses)
        assert wall == pytest.approx(expected, abs=0.001), f"period {index}"
    view = service.view()
    assert view.period_index == len(structure.periods) - 1 and view.remaining_ms == 0
    assert runner.rebuild().to_snapshot() == runner.state.to_snapshot()
    store.close()


def test_restart_resumed_paused_keeps_the_saved_time(db_path: Path) -> None:
    fake = FakeTime()
    store, runner, service, tid = open_service(db_path, None, fake)
    service.load_structure(twelve_hour_structure())
    service.start()
    fake.advance(300)
    service.add_time(-60)  # recorded: 14 minutes left at wall 300
    fake.advance(200)
    store.close()
    fake.advance(900)  # down for 15 minutes
    store, runner, service, _ = open_service(db_path, tid, fake)
    # While the director chooses, the clock is shown as if it had kept running the 1,100 s since its last event
    # (into level 2), counting on, and not running.
    waiting = service.view()
    assert (waiting.period_index, waiting.remaining_ms, waiting.running) == (1, 940_000, False)
    fake.advance(20)
    assert service.view().remaining_ms == 920_000 and service.view().restart_pending
    with pytest.raises(DomainError, match="first choose"):
        service.pause()
    service.resume_paused_after_restart()
    assert runner.history()[-1].payload["choice"] == "paused"
    fake.advance(30)
    assert service.view().remaining_ms == 14 * 60_000
    service.resume()
    fake.advance(14 * 60)
    assert [e.kind for e in service.tick()] == [ONE_MINUTE_WARNING, LEVEL_CHANGED]
    assert runner.state.schedule.current_level().number == 2
    store.close()


def test_level_change_is_recorded_and_applies_to_the_next_hand(store: Store) -> None:
    """TDA 23: once the time crosses zero, the state's level for the next hand is the new one."""
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Tuesday"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_template("turbo")
    service.start()
    fake.advance(599.9)
    assert [e.kind for e in service.tick()] == [ONE_MINUTE_WARNING]
    assert runner.state.schedule.current_level().number == 1
    fake.advance(0.2)
    events = service.tick()
    assert [e.kind for e in events] == [LEVEL_CHANGED]
    assert runner.state.schedule.current_level().number == 2
    last = runner.history()[-1]
    assert last.event_type == "clock.level_changed"
    assert datetime.fromisoformat(last.payload["wall_time"]) == WALL_ORIGIN + timedelta(seconds=600)


def test_refused_commands_write_nothing(store: Store) -> None:
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Wednesday"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    with pytest.raises(DomainError, match="load a blind structure"):
        service.start()
    service.load_template("regular")
    service.start()
    service.pause()
    count = len(runner.history())
    with pytest.raises(DomainError, match="already paused"):
        service.pause()
    with pytest.raises(DomainError, match="no level 99"):
        service.jump_to_level(99)
    with pytest.raises(DomainError, match="TDA RP-8B"):
        ClockService(runner, fake.monotonic, fake.wall, hand_for_hand_ms=240_000).hand_for_hand(1)
    assert len(runner.history()) == count
    assert service.view().remaining_ms == 20 * 60_000


def test_hand_for_hand_that_runs_the_level_out_records_the_level_change(store: Store) -> None:
    """TDA RP-8: 2 minutes per hand; blinds go up when a level is reached."""
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Thursday"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_template("turbo")
    service.start()
    fake.advance(7 * 60)  # 3 minutes left
    assert service.hand_for_hand() == 120_000
    assert service.view().remaining_ms == 60_000
    assert service.hand_for_hand() == 60_000
    types = [e.event_type for e in runner.history()[-3:]]
    assert types == ["clock.hand_for_hand_deducted", "clock.hand_for_hand_deducted", "clock.level_changed"]
    assert runner.state.schedule.current_level().number == 2
    assert service.view().remaining_ms == 10 * 60_000


def test_undo_of_a_pause_lets_the_clock_run_on(store: Store) -> None:
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Friday"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_template("regular")
    service.start()
    fake.advance(60)
    service.pause()
    fake.advance(120)
    runner.undo()  # made from the Log tab
    view = service.view()
    assert view.running and view.remaining_ms == 20 * 60_000 - 180_000


def test_structure_edit_while_running_keeps_the_clock_in_place(store: Store) -> None:
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Edit"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    structure, chips = load_template("regular")
    service.load_structure(structure, chips)
    service.start()
    fake.advance(100)
    level_one = structure.levels[0]
    service.edit_period(0, Level(1, 30 * 60, level_one.small_blind, level_one.big_blind))
    assert runner.history()[-1].event_type == "structure.edited"
    # the 100 seconds already played still count: the level is now 30 minutes long, not restarted
    assert service.view().remaining_ms == 30 * 60_000 - 100_000
    assert runner.state.schedule.structure.periods[0].duration_seconds == 30 * 60


def test_figures_estimate_the_end_from_the_elimination_rate(store: Store) -> None:
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("Figures"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_structure(Structure((Level(1, 3600, 50, 100), Break(900), Level(2, 36000, 100, 200))))
    service.start()
    fake.advance(1800)  # half an hour of play, 10 of 41 entries gone: 20 per hour
    figures = service.figures(players_left=31, entries=41, chips_in_play=41 * 10_000)
    assert figures.average_stack == 41 * 10_000 // 31
    # 30 more eliminations at 20 an hour: 1.5 h of play plus the 15-minute break on the way.
    assert figures.seconds_to_end == pytest.approx(1.5 * 3600 + 900)
    assert figures.estimated_end == fake.wall() + timedelta(seconds=1.5 * 3600 + 900)
    with pytest.raises(DomainError, match="does not add up"):
        service.figures(players_left=50, entries=41, chips_in_play=0)


def test_view_tells_time_to_break_next_level_and_colour_up(store: Store) -> None:
    fake = FakeTime()
    runner = CommandRunner(store, store.create_tournament("View"), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_structure(*load_template("turbo"))
    service.start()
    fake.advance(30)
    view = service.view()
    assert view.level.number == 1 and view.next_level.number == 2
    assert view.seconds_to_break == 6 * 600 - 30
    fake.advance(6 * 600)
    fired = service.tick()
    assert BREAK_STARTED in [e.kind for e in fired]
    assert service.view().on_break and service.view().level is None


def test_time_to_the_next_clock_event_lets_the_console_wake_on_the_deadline(tmp_path: Path) -> None:
    """The console arms a precise timer from this figure, so a level change fires on time (TDA 23)."""
    fake = FakeTime()
    store, runner, clock, _ = open_service(tmp_path / "t.sqlite", None, fake)
    try:
        clock.load_structure(twelve_hour_structure())
        assert clock.ms_to_next_event() is None  # not started
        clock.start()
        assert clock.ms_to_next_event() == 19 * 60 * 1000  # the one-minute warning comes first
        fake.advance(19 * 60 + 30)
        assert [e.kind for e in clock.tick()] == [ONE_MINUTE_WARNING]
        assert clock.ms_to_next_event() == 30_000
        clock.pause()
        assert clock.ms_to_next_event() is None
    finally:
        store.close()
