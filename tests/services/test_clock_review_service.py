"""The clock service in the states a director meets: before the start, after the end, after an undo, while the
structure is edited, and after a restart that continues across several levels and a break (real SQLite file)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tournament_director.domain.clock.machine import (
    BREAK_ENDED,
    BREAK_STARTED,
    LAST_LEVEL_BEFORE_BREAK,
    LEVEL_CHANGED,
    ONE_MINUTE_WARNING,
)
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError
from tournament_director.domain.state import TournamentState
from tournament_director.services.clock import ClockService
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store

from test_clock_service import WALL_ORIGIN, FakeTime, open_service


def ten_minute_structure() -> Structure:
    return Structure((
        Level(1, 600, 50, 100),
        Level(2, 600, 100, 200),
        Break(300),
        Level(3, 600, 150, 300, ante=300, big_blind_ante=True),
        Level(4, 600, 200, 400, ante=400, big_blind_ante=True),
    ))


def service_for(store: Store, name: str, fake: FakeTime) -> tuple[CommandRunner, ClockService]:
    runner = CommandRunner(store, store.create_tournament(name), TournamentState)
    service = ClockService(runner, monotonic=fake.monotonic, wall=fake.wall)
    service.load_structure(ten_minute_structure())
    return runner, service


def clock_shown(service: ClockService) -> tuple:
    view = service.view()
    return view.period_index, view.remaining_ms, view.running


def test_pause_and_hand_for_hand_before_the_start_are_refused_and_write_nothing(store: Store) -> None:
    """TDA RP-8: no hand has been played before the clock starts, so there is nothing to deduct."""
    fake = FakeTime()
    runner, service = service_for(store, "Not yet", fake)
    count = len(runner.history())
    with pytest.raises(DomainError, match="not been started"):
        service.pause()
    with pytest.raises(DomainError, match="not been started"):
        service.hand_for_hand()
    assert len(runner.history()) == count
    assert clock_shown(service) == (0, 600_000, False)


def test_undo_and_redo_of_added_time_match_a_clock_that_never_had_it(store: Store) -> None:
    """The one-minute warning already heard is not announced again after the undo."""
    fake = FakeTime()
    runner, service = service_for(store, "Undo", fake)
    _, twin = service_for(store, "Twin", fake)
    service.start()
    twin.start()
    fake.advance(550)
    assert [e.kind for e in service.tick()] == [ONE_MINUTE_WARNING]
    twin.tick()
    service.add_time(120)
    fake.advance(10)
    runner.undo()
    assert clock_shown(service) == clock_shown(twin) == (0, 40_000, True)
    assert service.tick() == [] and twin.tick() == []
    runner.redo()
    assert clock_shown(service) == (0, 160_000, True)
    fake.advance(160)
    assert [e.kind for e in service.tick()] == [ONE_MINUTE_WARNING, LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    runner.undo()  # the level change just recorded: time cannot be taken back, the level changes again
    assert [e.kind for e in service.tick()] == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    assert runner.state.schedule.current_level().number == 2


def test_undo_of_a_pause_after_a_level_went_by_records_that_level_change(store: Store) -> None:
    fake = FakeTime()
    runner, service = service_for(store, "Undo pause", fake)
    _, twin = service_for(store, "Twin pause", fake)
    service.start()
    twin.start()
    fake.advance(500)
    service.pause()
    fake.advance(400)  # level 1 would have ended 300 seconds ago
    runner.undo()
    assert clock_shown(service) == clock_shown(twin) == (1, 300_000, True)
    assert [e.kind for e in service.tick()] == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    assert runner.state.schedule.current_level().number == 2
    assert runner.rebuild().to_snapshot() == runner.state.to_snapshot()


def test_hand_for_hand_after_the_end_of_the_structure_is_refused(store: Store) -> None:
    fake = FakeTime()
    runner, service = service_for(store, "The end", fake)
    service.start()
    fake.advance(4000)
    service.tick()
    count = len(runner.history())
    with pytest.raises(DomainError, match="no time left"):
        service.hand_for_hand()
    with pytest.raises(DomainError, match="last period"):
        service.next_level()
    assert len(runner.history()) == count and service.tick() == []
    assert clock_shown(service) == (4, 0, True)


def test_level_shortened_below_the_time_played_changes_the_blinds_now(store: Store) -> None:
    """TDA 23: the new level is recorded at once and applies to the next hand."""
    fake = FakeTime()
    runner, service = service_for(store, "Shorten", fake)
    service.start()
    fake.advance(420)
    service.edit_period(0, Level(1, 300, 50, 100))
    types = [e.event_type for e in runner.history()[-2:]]
    assert types == ["structure.edited", "clock.level_changed"]
    assert runner.state.schedule.current_level().number == 2
    assert clock_shown(service) == (1, 600_000, True)
    assert [e.kind for e in service.tick()] == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    assert runner.rebuild().to_snapshot() == runner.state.to_snapshot()


def test_level_inserted_before_the_current_one_keeps_the_clock_on_the_level_in_play(tmp_path: Path) -> None:
    fake = FakeTime()
    store, runner, service, tid = open_service(tmp_path / "insert.sqlite", None, fake)
    service.load_structure(ten_minute_structure())
    service.start()
    fake.advance(1800)  # 300 seconds into level 3
    service.tick()
    assert service.view().level.big_blind == 300
    service.insert_period(1, Level(99, 600, 75, 150))
    view = service.view()
    assert (view.level.number, view.level.big_blind, view.remaining_ms) == (4, 300, 300_000)
    assert [p.number for p in runner.state.schedule.structure.levels] == [1, 2, 3, 4, 5]
    assert runner.rebuild().to_snapshot() == runner.state.to_snapshot()
    with pytest.raises(DomainError, match="being played"):
        service.remove_period(view.period_index)
    service.remove_period(1)
    assert service.view().level.big_blind == 300 and service.view().remaining_ms == 300_000
    store.close()
    store, runner, service, _ = open_service(tmp_path / "insert.sqlite", tid, fake)
    service.resume_paused_after_restart()
    assert service.view().level.number == 3 and service.view().remaining_ms == 300_000
    store.close()


def test_a_whole_structure_reloaded_with_a_level_added_follows_the_level_in_play(store: Store) -> None:
    fake = FakeTime()
    runner, service = service_for(store, "Reload", fake)
    service.start()
    fake.advance(1250)  # 50 seconds into the break
    service.tick()
    longer = ten_minute_structure().with_inserted(0, Level(1, 600, 25, 50))
    service.load_structure(longer)
    view = service.view()
    assert view.on_break and view.period_index == 3 and view.remaining_ms == 250_000


def test_restart_continued_across_two_levels_and_a_break_logs_each_at_its_moment(tmp_path: Path) -> None:
    fake = FakeTime()
    store, runner, service, tid = open_service(tmp_path / "crash.sqlite", None, fake)
    service.load_structure(ten_minute_structure())
    service.start()
    fake.advance(300)
    service.pause()
    fake.advance(60)
    service.resume()  # recorded: level 1, 300 s left, at wall 360
    fake.advance(100)
    store.close()  # crash at wall 460 ...
    down = FakeTime(origin=5.0)
    down.wall_seconds = 460 + 1500  # ... back 25 minutes later
    store, runner, service, _ = open_service(tmp_path / "crash.sqlite", tid, down)
    crossed = service.continue_after_restart()
    assert [e.kind for e in crossed if e.kind != ONE_MINUTE_WARNING] == [
        LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK, BREAK_STARTED, BREAK_ENDED]
    walls = [(e.payload["period_index"], (datetime.fromisoformat(e.payload["wall_time"]) - WALL_ORIGIN).seconds)
             for e in runner.history() if e.event_type == "clock.level_changed"]
    assert walls == [(1, 660), (2, 1260), (3, 1560)]
    assert clock_shown(service) == (3, 600_000 - (1960 - 1560) * 1000, True)
    assert service.tick() == []
    assert runner.rebuild().to_snapshot() == runner.state.to_snapshot()
    store.close()


def test_break_can_be_jumped_to_and_hand_for_hand_is_refused_there(store: Store) -> None:
    fake = FakeTime()
    runner, service = service_for(store, "Break", fake)
    service.start()
    service.jump_to_period(2)
    assert service.view().on_break and service.view().remaining_ms == 300_000
    with pytest.raises(DomainError, match="during a break"):
        service.hand_for_hand()
    fake.advance(300)
    assert [e.kind for e in service.tick()] == [ONE_MINUTE_WARNING, BREAK_ENDED]
    assert runner.state.schedule.current_level().number == 3
