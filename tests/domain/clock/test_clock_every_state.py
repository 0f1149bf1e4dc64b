"""Every clock command in every state: before the start, running, paused, on a break, at the last level, after
the end. Nothing crashes, the remaining time is never negative, and each event fires once, in order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_director.domain.clock.machine import (
    BREAK_ENDED,
    BREAK_STARTED,
    HAND_FOR_HAND_CAP_MS,
    LAST_LEVEL_BEFORE_BREAK,
    LEVEL_CHANGED,
    ONE_MINUTE_WARNING,
    STRUCTURE_ENDED,
    Clock,
)
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError


def short_structure() -> Structure:
    return Structure((
        Level(1, 600, 50, 100),
        Level(2, 600, 100, 200),
        Break(300),
        Level(3, 600, 150, 300, ante=300, big_blind_ante=True),
    ))


def kinds(events: list) -> list[str]:
    return [event.kind for event in events]


def test_the_end_of_the_structure_fires_once_even_when_time_is_removed_afterwards() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    assert kinds(clock.advance(3000))[-1] == STRUCTURE_ENDED
    clock.add_time(-30_000, 3001)
    clock.set_remaining(0, 3002)
    clock.pause(3003)
    clock.resume(3004)
    assert clock.advance(4000) == []
    assert clock.remaining_ms(4000) == 0 and clock.period_index(4000) == 3


def test_time_added_after_the_end_runs_and_ends_the_last_level_again() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.advance(3000)
    clock.add_time(60_000, 3000)
    assert clock.remaining_ms(3030) == 30_000
    events = clock.advance(3060)
    assert kinds(events) == [ONE_MINUTE_WARNING, STRUCTURE_ENDED] or kinds(events) == [STRUCTURE_ENDED]
    assert [e.due_at for e in events][-1] == 3060


def test_hand_for_hand_after_the_end_is_refused_and_records_nothing() -> None:
    """TDA RP-8: there is no level time left to take off."""
    clock = Clock(short_structure())
    clock.start(0)
    clock.advance(3000)
    with pytest.raises(DomainError, match="no time left"):
        clock.deduct_hands(1, 3001)
    assert clock.advance(3002) == []


def test_hand_for_hand_is_capped_at_three_minutes_a_hand() -> None:
    """TDA RP-8B: up to 3 minutes per hand, never more; several hands at once take each hand's share."""
    clock = Clock(short_structure())
    clock.start(0)
    assert clock.deduct_hands(2, 10, per_hand_ms=HAND_FOR_HAND_CAP_MS) == 360_000
    assert clock.remaining_ms(10) == 600_000 - 10_000 - 360_000
    with pytest.raises(DomainError) as refused:
        clock.deduct_hands(1, 11, per_hand_ms=HAND_FOR_HAND_CAP_MS + 1)
    assert refused.value.rule == "TDA RP-8B"
    # more than the level has left: the level ends now and the next one starts with its full time
    assert clock.deduct_hands(5, 12) == 600_000 - 12_000 - 360_000
    assert clock.period_index(12) == 1 and clock.remaining_ms(12) == 600_000


def test_previous_level_from_the_first_and_next_from_the_last_are_refused_without_change() -> None:
    clock = Clock(short_structure())
    with pytest.raises(DomainError, match="first period"):
        clock.previous_level(0)
    clock.jump_to(3, 0)
    clock.start(0)
    clock.advance(100)
    with pytest.raises(DomainError, match="last period"):
        clock.next_level(100)
    assert clock.period_index(100) == 3 and clock.remaining_ms(100) == 500_000


def test_jump_to_a_break_starts_it_with_its_full_time_and_ends_it_on_schedule() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.jump_to(2, 50)
    assert clock.remaining_ms(50) == 300_000
    assert kinds(clock.advance(350)) == [ONE_MINUTE_WARNING, BREAK_ENDED]
    assert clock.period_index(350) == 3


def test_time_removed_past_zero_while_paused_ends_the_period_at_once_and_stays_paused() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.pause(100)
    clock.add_time(-10 * 60_000, 200)
    assert kinds(clock.advance(200)) == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]
    assert not clock.running and clock.period_index(900) == 1 and clock.remaining_ms(900) == 600_000


def test_time_added_past_the_length_of_the_level_is_kept() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.add_time(15 * 60_000, 0)
    assert clock.remaining_ms(0) == 25 * 60_000
    assert kinds(clock.advance(25 * 60 - 1)) == [ONE_MINUTE_WARNING]
    assert kinds(clock.advance(25 * 60)) == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK]


def test_level_shortened_below_the_time_played_ends_at_once() -> None:
    """The director makes a running 10-minute level 5 minutes long after 6 minutes: the blinds go up now."""
    clock = Clock(short_structure())
    clock.start(0)
    shorter = clock.structure.with_period(0, Level(1, 300, 50, 100))
    clock.replace_structure(shorter, 360)
    events = clock.advance(360)
    assert kinds(events) == [LEVEL_CHANGED, LAST_LEVEL_BEFORE_BREAK] and events[0].due_at == 360
    assert clock.period_index(360) == 1 and clock.remaining_ms(360) == 600_000


def test_level_lengthened_keeps_the_time_already_played() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.replace_structure(clock.structure.with_period(0, Level(1, 900, 50, 100)), 360)
    assert clock.remaining_ms(360) == 900_000 - 360_000


def test_level_inserted_before_the_current_one_leaves_the_clock_on_the_period_in_play() -> None:
    clock = Clock(short_structure())
    clock.start(0)
    clock.advance(1300)  # 100 seconds into the break
    edited = clock.structure.with_inserted(1, Level(0, 600, 75, 150))
    assert [p.number for p in edited.levels] == [1, 2, 3, 4]
    clock.replace_structure(edited, 1300, period_index=3)
    assert isinstance(clock.period(1300), Break) and clock.remaining_ms(1300) == 200_000
    assert kinds(clock.advance(1500)) == [ONE_MINUTE_WARNING, BREAK_ENDED]
    assert clock.period(1500).number == 4


COMMANDS = ("start", "pause", "resume", "next", "previous", "jump", "add", "set", "hand", "edit", "wait")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(COMMANDS), st.integers(-1_000, 1_000), st.floats(0, 900)),
                max_size=40))
def test_any_command_sequence_never_crashes_or_goes_negative_and_events_come_in_order(steps) -> None:
    structure = short_structure()
    clock = Clock(structure)
    now = 0.0
    fired: list = []
    for command, amount, wait in steps:
        try:
            if command in ("start", "resume"):
                clock.resume(now)
            elif command == "pause":
                clock.pause(now)
            elif command == "next":
                clock.next_level(now)
            elif command == "previous":
                clock.previous_level(now)
            elif command == "jump":
                clock.jump_to(abs(amount) % len(structure.periods), now)
            elif command == "add":
                clock.add_time(amount * 1000, now)
            elif command == "set":
                clock.set_remaining(amount * 1000, now)
            elif command == "hand":
                clock.deduct_hands(1 + abs(amount) % 3, now)
            elif command == "edit":
                level = Level(1, 60 + abs(amount), 50, 100)
                clock.replace_structure(structure.with_period(0, level), now)
                structure = clock.structure
            if command not in ("start", "resume", "pause", "wait"):
                fired.append("time changed")  # a warning may rightly fire again after time is added
        except DomainError:
            pass
        now += wait
        assert clock.remaining_ms(now) >= 0
        fired += clock.advance(now)
        assert 0 <= clock.period_index(now) < len(structure.periods)
    due = [event.due_at for event in fired if event != "time changed"]
    assert due == sorted(due)
    # pausing and resuming never make a warning or the end fire twice in the same period
    seen: set[tuple[str, int]] = set()
    for event in fired:
        if event == "time changed" or event.kind in (LEVEL_CHANGED, BREAK_STARTED, BREAK_ENDED):
            seen.clear()
            continue
        key = (event.kind, event.period_index)
        if event.kind in (ONE_MINUTE_WARNING, STRUCTURE_ENDED):
            assert key not in seen, f"{event.kind} fired twice in period {event.period_index}"
            seen.add(key)
