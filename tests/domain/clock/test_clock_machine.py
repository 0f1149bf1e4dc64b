"""The level clock as a pure state machine: time is a parameter, so every moment is exact."""

from __future__ import annotations

import random

import pytest

from tournament_director.domain.clock.machine import (
    BREAK_ENDED,
    BREAK_STARTED,
    LAST_LEVEL_BEFORE_BREAK,
    LEVEL_CHANGED,
    ONE_MINUTE_WARNING,
    PERIOD_CHANGES,
    STRUCTURE_ENDED,
    Clock,
)
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError


def twelve_hour_structure() -> Structure:
    """30 levels of 20 minutes with a 15-minute break every 4 levels: 10 h + 7 breaks = 11 h 45."""
    periods: list = []
    for number in range(1, 31):
        big = 100 * number
        periods.append(Level(number, 20 * 60, big // 2, big))
        if number % 4 == 0 and number < 30:
            periods.append(Break(15 * 60))
    return Structure(tuple(periods), name="twelve hours")


def small_structure() -> Structure:
    return Structure(
        (
            Level(1, 600, 25, 50),
            Level(2, 600, 50, 100),
            Break(300, name="Dinner"),
            Level(3, 600, 100, 200, ante=200, big_blind_ante=True),
        )
    )


def wall_at_running_time(running_s: float, start: float, pauses: list[tuple[float, float]]) -> float:
    """Reference model: the moment the clock has run ``running_s`` seconds, given the pauses."""
    wall = start + running_s
    for pause_start, pause_end in sorted(pauses):
        if pause_start < wall:
            wall += pause_end - pause_start
    return wall


def test_twelve_hour_event_with_pauses_and_adjustments_has_zero_drift() -> None:
    """Level changes land at their exact moments over 12 h despite irregular ticks, pauses, added and removed time."""
    structure = twelve_hour_structure()
    start = 1000.0
    pauses = [(3000.0, 3420.0), (15000.5, 15300.25), (30000.0, 31800.0)]  # wall times (monotonic seconds)
    # time adjustments (wall time, running-seconds delta): +2 min, -45 s, -2 min hand-for-hand (TDA RP-8)
    adjustments = [(9000.0, 120.0), (20000.0, -45.0), (36000.0, -120.0)]

    clock = Clock(structure)
    clock.start(start)
    rng = random.Random(5)
    actions = sorted([(p, "pause") for p, _ in pauses] + [(r, "resume") for _, r in pauses]
                     + [(t, "adjust", d) for t, d in adjustments])
    events = []
    now = start
    end = start + 13 * 3600
    while now < end:
        now = min(end, now + rng.uniform(0.05, 7.0))  # a repaint timer that is late, early, irregular
        while actions and actions[0][0] <= now:
            action = actions.pop(0)
            events += clock.advance(action[0])
            if action[1] == "pause":
                clock.pause(action[0])
            elif action[1] == "resume":
                clock.resume(action[0])
            else:
                clock.add_time(int(action[2] * 1000), action[0])
        events += clock.advance(now)

    changes = [e for e in events if e.kind in PERIOD_CHANGES]
    assert len(changes) == len(structure.periods) - 1
    running_total = 0.0
    for event in changes:
        running_total += structure.periods[event.period_index - 1].duration_seconds
        expected = wall_at_running_time(
            running_total + sum(d for t, d in adjustments if t < event.due_at), start, pauses
        )
        assert event.due_at == pytest.approx(expected, abs=1e-6), f"period {event.period_index}"
    assert [e.period_index for e in changes] == list(range(1, len(structure.periods)))
    assert events[-1].kind == STRUCTURE_ENDED
    assert clock.remaining_ms(end) == 0


def test_remaining_time_comes_from_the_baseline_not_from_ticks() -> None:
    clock = Clock(small_structure())
    clock.start(100.0)
    assert clock.remaining_ms(100.0) == 600_000
    assert clock.remaining_ms(100.0 + 123.456) == 600_000 - 123_456
    # Nobody looked for 16 minutes: the clock still knows it is in level 2 with 4 minutes left.
    assert clock.period_index(100.0 + 960) == 1
    assert clock.remaining_ms(100.0 + 960) == 240_000


def test_pause_shifts_every_later_deadline() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    clock.pause(100.0)
    assert clock.remaining_ms(5000.0) == 500_000
    clock.resume(5000.0)
    events = clock.advance(5000.0 + 500 + 600 + 300)
    period_events = [(e.kind, e.due_at) for e in events if e.kind in PERIOD_CHANGES]
    assert period_events == [(LEVEL_CHANGED, 5500.0), (BREAK_STARTED, 6100.0), (BREAK_ENDED, 6400.0)]


def test_events_come_in_order_with_warnings() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    events = clock.advance(1500.0)
    assert [(e.kind, e.period_index, e.due_at) for e in events] == [
        (ONE_MINUTE_WARNING, 0, 540.0),
        (LEVEL_CHANGED, 1, 600.0),
        (LAST_LEVEL_BEFORE_BREAK, 1, 600.0),
        (ONE_MINUTE_WARNING, 1, 1140.0),
        (BREAK_STARTED, 2, 1200.0),
        (ONE_MINUTE_WARNING, 2, 1440.0),
        (BREAK_ENDED, 3, 1500.0),
    ]
    assert clock.advance(1500.0) == []  # each event is handed out once


def test_due_events_peeks_without_consuming() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    assert [e.kind for e in clock.due_events(600.0)] == [ONE_MINUTE_WARNING, LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    assert len(clock.advance(600.0)) == 3


def test_added_time_rearms_the_one_minute_warning() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    assert [e.kind for e in clock.advance(550.0)] == [ONE_MINUTE_WARNING]
    clock.add_time(120_000, 550.0)  # 50 s left + 2 min
    assert clock.remaining_ms(550.0) == 170_000
    events = clock.advance(550.0 + 110)
    assert [(e.kind, e.due_at) for e in events] == [(ONE_MINUTE_WARNING, 660.0)]


def test_removing_more_time_than_is_left_ends_the_level_at_once_even_paused() -> None:
    """TDA 23: the new level is in force for the next hand from that moment."""
    clock = Clock(small_structure())
    clock.start(0.0)
    clock.pause(500.0)
    clock.add_time(-200_000, 500.0)
    events = clock.advance(500.0)
    assert [(e.kind, e.period_index, e.due_at) for e in events][:1] == [(LEVEL_CHANGED, 1, 500.0)]
    assert clock.remaining_ms(900.0) == 600_000  # still paused, the new level waits with full time


def test_hand_for_hand_takes_two_minutes_off_per_hand() -> None:
    """TDA RP-8: each hand-for-hand hand takes 2 minutes off the clock, hand by hand."""
    structure = Structure((Level(1, 20 * 60, 100, 200), Level(2, 20 * 60, 200, 400)))
    clock = Clock(structure, remaining_ms=(17 * 60 + 30) * 1000)
    taken = clock.deduct_hands(1, 0.0)
    assert taken == 120_000
    assert clock.remaining_ms(0.0) == (15 * 60 + 30) * 1000
    assert clock.deduct_hands(3, 0.0) == 6 * 60_000
    assert clock.remaining_ms(0.0) == (9 * 60 + 30) * 1000
    # Blinds keep going up as levels are reached: more hands than time left end the level.
    assert clock.deduct_hands(5, 0.0) == (9 * 60 + 30) * 1000
    assert clock.period_index(0.0) == 1


def test_hand_for_hand_deduction_is_capped_at_three_minutes_a_hand() -> None:
    clock = Clock(small_structure())
    with pytest.raises(DomainError) as refused:
        clock.deduct_hands(1, 0.0, per_hand_ms=240_000)
    assert refused.value.rule == "TDA RP-8B"
    assert clock.remaining_ms(0.0) == 600_000


def test_next_previous_and_jump() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    clock.next_level(100.0)
    assert clock.period_index(100.0) == 1 and clock.remaining_ms(100.0) == 600_000
    clock.previous_level(200.0)
    assert clock.period_index(200.0) == 0 and clock.remaining_ms(200.0) == 600_000
    clock.jump_to(3, 300.0)
    assert clock.period_index(300.0) == 3
    with pytest.raises(DomainError, match="last period"):
        clock.next_level(300.0)
    with pytest.raises(DomainError, match="no period 9"):
        clock.jump_to(9, 300.0)
    assert clock.period_index(300.0) == 3 and clock.running


def test_pausing_twice_is_refused_and_changes_nothing() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    clock.pause(10.0)
    with pytest.raises(DomainError, match="already paused"):
        clock.pause(20.0)
    assert clock.remaining_ms(30.0) == 590_000


def test_time_to_next_break_counts_the_levels_before_it() -> None:
    clock = Clock(small_structure())
    clock.start(0.0)
    assert clock.ms_to_next_break(100.0) == 500_000 + 600_000
    clock.jump_to(2, 100.0)
    assert clock.ms_to_next_break(100.0) == 0
    clock.jump_to(3, 100.0)
    assert clock.ms_to_next_break(100.0) is None


def test_next_event_is_the_one_minute_warning_then_the_end_of_the_level_and_none_while_paused() -> None:
    """The console wakes exactly at the next thing the clock fires, so a level change is never late."""
    clock = Clock(small_structure())
    assert clock.next_event_at(0.0) is None  # not started
    clock.start(100.0)
    assert clock.next_event_at(100.0) == pytest.approx(100.0 + 540)  # one minute left of 10
    clock.advance(641.0)  # the warning has fired
    assert clock.next_event_at(641.0) == pytest.approx(700.0)
    clock.pause(650.0)
    assert clock.next_event_at(650.0) is None
    clock.resume(700.0)  # 50 s left; the warning is behind us
    assert clock.next_event_at(700.0) == pytest.approx(750.0)
