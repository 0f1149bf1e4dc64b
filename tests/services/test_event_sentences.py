"""Every event type the program records reads as a sentence in the Log tab, never as its raw fields: the types are
collected from the program's own routing (the floor's handlers, the schedule's event types, the rulings, the calls
for a count and the undo records), so a new event type without a sentence fails here."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tournament_director.domain.clock.schedule import CLOCK_EVENT_TYPES, STRUCTURE_EVENT_TYPES
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.state import CHIP_COUNT_CALLED, RULING_RECORDED
from tournament_director.services.commands import REDO_EVENT, UNDO_EVENT
from tournament_director.services.event_text import describe_event

NAMES = {1: "Ann Lee", 2: "Bob Ray", 3: "Cy Young", 35: "Ann Lee", 36: "Dee Fox"}
NUMBERS = {1: 1, 2: 1, 3: 1, 35: 2, 36: 1}   # entry 35 is Ann Lee's second entry: her re-entry
CLOCK = {"period_index": 2, "remaining_ms": 754_000, "running": True, "wall_time": "2026-12-04T21:10:00+00:00"}
LEVEL_2 = {"level": 2, "time": "2026-12-04T20:41:07+00:00", "time_of_day": "20:41"}
MOVE = {"entry_id": 2, "from": [3, 4], "to": [1, 7], "rule": "TDA 11-A", "reason": "balance"}

# One payload of each type, in the shape (and the order of fields) the services write it (services/tournament.py, clock.py, payouts.py,
# stations.py, tdt_import/events.py, floor_tool/service.py).
PAYLOADS: dict[str, dict[str, Any]] = {
    "tournament.configured": {"settings": {"name": "Friday PKO", "buy_in": 50, "bounty": 50, "fee": 10}},
    "settings.changed": {"changes": {"reentry_until_level": 6}, **LEVEL_2},
    "registration.closed": {"closed": True, "time": LEVEL_2["time"]},
    "entry.registered": {"entry_id": 36, "name": "Dee Fox", "player_id": 40, **LEVEL_2, "seat": [2, 4]},
    "satellite.seats_awarded": {"seats": [1, 2], "kept": [2], "target": 3, "target_name": "Main Event",
                                "seat_value": 550, "target_action": 12},
    "entries.imported": {"entries": [{"entry_id": 1, "name": "Ann Lee", "player_id": 32},
                                     {"entry_id": 2, "name": "Bob Ray", "player_id": None}],
                         "level": 1, **{k: v for k, v in LEVEL_2.items() if k != "level"}},
    "entry.rebuy": {"entry_id": 2, **LEVEL_2},
    "entry.addon": {"entry_id": 2, "level": None, "on_break": True, "after_level": 4},
    "entry.presence": {"entry_id": 3, "present": False},
    "chips.counted": {"counts": [[1, 12_000], [2, 30_500]], "scope": "tables", "tables": [2], "occasion": "break"},
    "day.planned": {"festival": "Main Event", "day": 1, "flight": "1A", "set_point_kind": "level",
                    "set_point_value": 8, "policy": "best", "carries_pool": True},
    "day.bagged": {"table": 2, "bags": [[1, 52_000], [2, 18_500]], "time": LEVEL_2["time"]},
    "day.ended": {"day": 1, "period": 8, "remaining_ms": 0, "bagged": 70_500, "chips_in_play": 70_500,
                  "difference_confirmed": False, "time": LEVEL_2["time"]},
    "day.started": {"day": 2, "time": LEVEL_2["time"]},
    "day.carried_in": {"day": 2, "entries": [[1, "Ann Lee", 32, 52_000, "1A"]], "pool": 36_000, "flight_entries": 120,
                       "flights": ["1A", "1B", "1C"], "forfeited": [["Ann Lee", "1C", 9_000]], "time": LEVEL_2["time"]},
    "tables.added": {"tables": [{"number": 1, "seats": 9, "locked": []}, {"number": 2, "seats": 9, "locked": [5]}]},
    "seat.locked": {"table": 2, "seat": 5, "locked": True},
    "seats.drawn": {"assignments": [[1, 1, 3], [2, 3, 4]], "buttons": [[1, 3]], "time": LEVEL_2["time"]},
    "table.button_set": {"table": 1, "seat": 3},
    "moves.accepted": {"kind": "balance", "moves": [MOVE], "broken_tables": [], "buttons": [], "time": LEVEL_2["time"]},
    "hand.next": {"tables": [1, 2], "small_blind": 100, "big_blind": 200, "ante": 200, "big_blind_ante": True,
                  "level": 2, "time": LEVEL_2["time"]},
    "hand.finished": {"tables": [2]},
    "hand_for_hand.set": {"on": True},
    "entry.busted": {"busts": [{"entry_id": 3, "eliminated_by": [2], "start_chips": 4_000}], "level": 2,
                     "time": LEVEL_2["time"]},
    "payouts.edited": {"percentages": ["50", "30", "20"]},
    "payouts.table_set": {"table": {"name": "Flat", "bands": [{"min_entries": 2, "max_entries": 10,
                                                               "percentages": [100]}]}},
    "deal.made": {"method": "chip_chop", "shares": [[1, 600], [2, 400]]},
    "history.bought": {"chips": 20_000, "paid_prize": 100, "paid_house": 10, "paid_bounty": 0, "option": "",
                       "level": 1, "time": LEVEL_2["time"], "kind": "entry", "entry_id": 1, "name": "Ann Lee",
                       "player_id": 32},
    "history.pot_set": {"fixed_rake": 50, "house_contribution": 200},
    "history.awarded": {"awards": [[1, 700], [2, 300]], "time": LEVEL_2["time"]},
    "station.hand_done": {"table": 2, "hand": 14},
    "station.bust_reported": {"table": 2, "hand": 14,
                              "busts": [{"entry_id": 3, "eliminated_by": [2], "start_chips": 4_000}],
                              "recorded": False, "time": LEVEL_2["time"], "level": 2},
    "station.bust_confirmed": {"proposal": 1, "time": LEVEL_2["time"], "level": 2},
    "station.bust_refused": {"proposal": 1, "reason": "wrong seat"},
    "station.move_confirmed": {"table": 1, "entry_id": 2},
    "station.floor_called": {"table": 2, "seat": 4, "note": "clock on seat 6", "time": LEVEL_2["time"], "level": 2},
    "station.floor_answered": {"call": 1},
    "structure.replaced": {"structure": {"name": "Regular", "periods": []}},
    "structure.edited": {"index": 3, "period": {"kind": "break", "duration_seconds": 900}},
    "clock.started": CLOCK,
    "clock.paused": {**CLOCK, "running": False},
    "clock.resumed": CLOCK,
    "clock.level_changed": {"kind": "level_start", **CLOCK, "remaining_ms": 1_200_000},
    "clock.jumped": {"from_index": 1, **CLOCK},
    "clock.time_adjusted": {"delta_ms": 60_000, **CLOCK},
    "clock.hand_for_hand_deducted": {"hands": 1, "deduction_ms": 120_000, **CLOCK},
    "clock.restored": {"choice": "continued", "periods_crossed": 1, **CLOCK},
    RULING_RECORDED: {"ruling": {"summary": "The bet stands (TDA 45)"}, "irregularity": "string_bet", "table": 2},
    CHIP_COUNT_CALLED: {"time": LEVEL_2["time"], "note": "before the final table"},
    UNDO_EVENT: {"seq": 12},
    REDO_EVENT: {"seq": 12},
}

RAW_FIELD = re.compile(r"\b\w+=")


def known_event_types() -> set[str]:
    """Every event type the program routes: the floor's handlers, the schedule's types, the rulings and calls for a
    count kept beside them (domain/state.py), and the log's own undo and redo records."""
    return (set(Tournament.HANDLERS) | set(CLOCK_EVENT_TYPES) | set(STRUCTURE_EVENT_TYPES)
            | {RULING_RECORDED, CHIP_COUNT_CALLED, UNDO_EVENT, REDO_EVENT})


def test_every_event_type_the_program_routes_has_a_payload_here() -> None:
    missing = known_event_types() - set(PAYLOADS)
    assert not missing, f"event types without a sample payload (and maybe without a sentence): {sorted(missing)}"


@pytest.mark.parametrize("event_type", sorted(known_event_types()))
def test_each_event_type_reads_as_a_sentence(event_type: str) -> None:
    text = describe_event(event_type, PAYLOADS.get(event_type, {}), NAMES, lambda i: f"level {i + 1}", NUMBERS)
    assert event_type in PAYLOADS, f"no sample payload for {event_type}"
    assert text and (text[0].isupper() or text[0].isdigit()), f"{event_type}: {text!r} does not start a sentence"
    assert not RAW_FIELD.search(text), f"{event_type}: {text!r} is the raw payload, not a sentence"


def test_a_late_registration_and_a_re_entry_name_the_player_the_level_and_the_seat() -> None:
    def line(**payload: Any) -> str:
        return describe_event("entry.registered", payload, NAMES, numbers=NUMBERS)

    assert line(entry_id=36, name="Dee Fox", player_id=40, level=3, seat=[2, 4]) == \
        "Dee Fox registered late at level 3, seated at table 2 seat 4"
    assert line(entry_id=35, name="Ann Lee", player_id=32, level=2, seat=[1, 7]) == \
        "Ann Lee re-entered (entry 2) at level 2, seated at table 1 seat 7"
    assert line(entry_id=35, name="Ann Lee", player_id=32, level=None, on_break=True, after_level=4, seat=None,
                option="Deep stack") == "Ann Lee re-entered (Deep stack) (entry 2) on the break after level 4"
    assert line(entry_id=1, name="Ann Lee", player_id=32, level=1, seat=None) == "Ann Lee bought in (entry 1)"
    # the registration was undone and its number given to another player: no re-entry is claimed for him
    assert line(entry_id=35, name="Eve Moss", level=2, seat=[1, 7]) == \
        "Eve Moss registered late at level 2, seated at table 1 seat 7"


def test_every_event_declared_as_a_class_has_a_sentence_and_its_sample_reads_back_byte_for_byte() -> None:
    import json

    from tournament_director.domain.events import declared_events
    from tournament_director.services.event_text import SENTENCES

    declared = declared_events()
    assert set(CLOCK_EVENT_TYPES) | set(STRUCTURE_EVENT_TYPES) | {RULING_RECORDED, CHIP_COUNT_CALLED} <= set(declared)
    without = sorted(name for name, event in declared.items() if event not in SENTENCES)
    assert not without, f"event classes without a sentence in services/event_text.py: {without}"
    for name, event in declared.items():
        sample = PAYLOADS[name]
        assert json.dumps(event.from_payload(sample).to_payload()) == json.dumps(sample), name
