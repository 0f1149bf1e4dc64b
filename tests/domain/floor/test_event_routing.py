"""Every floor event is handled in exactly one place: the settings by ``Tournament`` itself, every other event by
one part (entries, tables, busts, prizes, settings_changes, imported, stations, satellites, days); none of them reaches the schedule,
the rulings or the calls for a count."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import (
    busts, days, entries, events, imported, prizes, satellites, settings_changes, stations, tables,
)
from tournament_director.domain.floor.tournament import Tournament, route
from tournament_director.domain.state import room_of

FLOOR_EVENTS = {
    "tournament.configured", "registration.closed", "entry.registered", "entries.imported", "entry.rebuy",
    "entry.addon", "entry.presence", "chips.counted", "tables.added", "seat.locked", "seats.drawn",
    "table.button_set", "moves.accepted", "hand.next", "hand.finished", "hand_for_hand.set", "entry.busted",
    "payouts.edited", "payouts.table_set", "deal.made", "settings.changed",
    "history.bought", "history.pot_set", "history.awarded",
    "station.hand_done", "station.bust_reported", "station.bust_confirmed", "station.bust_refused",
    "station.move_confirmed", "station.floor_called", "station.floor_answered", "satellite.seats_awarded",
    "day.planned", "day.bagged", "day.ended", "day.started", "day.carried_in",
}


def test_each_floor_event_is_claimed_by_exactly_one_part() -> None:
    claimed = ["tournament.configured"] + [
        event_class.type_name
        for part in (entries, tables, busts, prizes, settings_changes, imported, stations, satellites, days)
        for event_class, _handler in part.HANDLERS
    ]
    assert len(claimed) == len(set(claimed)), "an event type is claimed twice"
    assert set(claimed) == FLOOR_EVENTS == set(Tournament.HANDLERS) == {e.type_name for e in events.FLOOR_EVENTS}
    assert {room_of(e) for e in FLOOR_EVENTS} == {"floor"}


def test_an_event_claimed_twice_is_refused_when_the_routes_are_built() -> None:
    with pytest.raises(ValueError, match="entry.busted"):
        route(busts.HANDLERS, ((events.EntryBusted, lambda t, p: None),))


def test_an_unknown_event_is_refused_and_changes_nothing() -> None:
    t = Tournament.new()
    before = t.to_snapshot()
    with pytest.raises(DomainError, match="does not know the event 'entry.teleported'"):
        t.apply("entry.teleported", {})
    assert t.to_snapshot() == before
