"""Events declared as classes (domain/events.py): one class per type name, a payload read back field by field (a bad
shape refused naming the field), written in the order and with the fields the program always wrote."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tournament_director.domain.clock.events import (
    ClockPaused, ClockTimeAdjusted, HandForHandDeducted, StructureEdited, StructureReplaced,
)
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event, declared_events, event_class
from tournament_director.domain.floor.events import ChipCountCalled
from tournament_director.domain.rules.events import RulingRecorded
from tournament_director.domain.state import TournamentState, room_of

CLOCK = {"period_index": 2, "remaining_ms": 754_000, "running": True, "wall_time": "2026-12-04T21:10:00+00:00"}


def test_a_type_name_claimed_by_a_second_class_is_refused_naming_both() -> None:
    with pytest.raises(ValueError, match=r"'clock.paused' is claimed twice: by .*ClockPaused and by .*Pause"):
        @dataclass(frozen=True, kw_only=True)
        class Pause(Event):
            type_name = "clock.paused"
    assert event_class("clock.paused") is ClockPaused


def test_a_type_name_must_be_a_dotted_lower_case_name() -> None:
    with pytest.raises(ValueError, match="not an event type"):
        @dataclass(frozen=True, kw_only=True)
        class Shout(Event):
            type_name = "Clock Paused"
    assert "Clock Paused" not in declared_events()


@pytest.mark.parametrize(("event", "payload", "field"), [
    (ClockPaused, {**CLOCK, "period_index": "2"}, "period_index"),
    (ClockPaused, {**CLOCK, "running": 1}, "running"),
    (ClockPaused, {"period_index": 2, "running": False}, "remaining_ms"),
    (ClockTimeAdjusted, {**CLOCK, "delta_ms": 1.5}, "delta_ms"),
    (HandForHandDeducted, CLOCK, "hands"),
    (StructureEdited, {"index": True, "period": {}}, "index"),
    (StructureReplaced, {"structure": ["not", "a", "mapping"]}, "structure"),
    (ChipCountCalled, {"note": "before the break"}, "time"),
    (RulingRecorded, {"ruling": {}, "table": "two"}, "table"),
])
def test_a_payload_of_the_wrong_shape_is_refused_naming_the_field(event, payload, field) -> None:
    with pytest.raises(DomainError, match=field):
        event.from_payload(payload)


def test_a_payload_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(DomainError, match="clock.paused: the payload must be a mapping"):
        ClockPaused.from_payload([1, 2])


def test_the_payload_is_written_in_the_order_the_program_wrote_it_optional_fields_left_out() -> None:
    adjusted = ClockTimeAdjusted(delta_ms=60_000, **CLOCK)
    assert list(adjusted.to_payload()) == ["delta_ms", "period_index", "remaining_ms", "running", "wall_time"]
    assert "set_ms" not in adjusted.to_payload()
    assert list(StructureReplaced(structure={"periods": []}).to_payload()) == ["structure"]
    assert RulingRecorded(ruling={}).to_payload() == {"ruling": {}, "table": None}   # no table: written as null
    assert ChipCountCalled(time="21:00", note="").to_payload() == {"time": "21:00", "note": ""}


def test_a_field_the_class_does_not_know_is_ignored_so_an_older_log_still_folds() -> None:
    assert ClockPaused.from_payload({**CLOCK, "running": False, "reason": "dinner"}) == ClockPaused(
        **{**CLOCK, "running": False})


def test_each_event_goes_to_the_room_its_class_names() -> None:
    assert {room_of(name) for name in ("clock.paused", "structure.edited")} == {"schedule"}
    assert (room_of("ruling.recorded"), room_of("chip_count.called")) == ("rulings", "chip_count_calls")
    assert room_of("entry.busted") == "floor"
    state = TournamentState.new()
    with pytest.raises(DomainError, match="a call for a chip count needs the time it was made"):
        state.apply("chip_count.called", {"time": 2100})
    assert state.chip_count_calls == []
