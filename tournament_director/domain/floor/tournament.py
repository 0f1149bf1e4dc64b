"""The tournament floor: settings, entries and money, tables and seats, hands, busts and places.

``Tournament`` is a pure aggregate folded from events (domain/state.py routes here every event whose class is
the floor's). It keeps the settings itself, reads each payload into its class (events.py: a bad shape is refused
naming the field) and hands every other event to the one part that handles it: entries.py, tables.py, busts.py or
prizes.py, ..., which change the records (records.py). Each ``apply`` validates first and raises DomainError without changing anything when the
event does not fit; it is deterministic: random draws, times and levels are decided by the command and
written into the payload.

The events and their fields are declared once, as classes, in events.py (TournamentConfigured, SettingsChanged,
EntryRegistered, ..., StationFloorAnswered); each part routes its classes to its handlers (``HANDLERS``):
  here                tournament.configured
  settings_changes.py settings.changed
  entries.py          registration.closed, entry.registered, entries.imported, entry.rebuy, entry.addon,
                      entry.presence, chips.counted   (an event on a break carries on_break and after_level)
  tables.py           tables.added, seat.locked, seats.drawn, table.button_set, moves.accepted, hand.next,
                      hand.finished, hand_for_hand.set   (an event that brings the tournament down to one table
                      turns hand-for-hand off: hand_for_hand.py)
  busts.py            entry.busted
  prizes.py           payouts.edited, payouts.table_set, deal.made
  satellites.py       satellite.seats_awarded   (a satellite's seats; a seat's entry in the target is entries.py's)
  imported.py         history.bought, history.pot_set, history.awarded   (a history brought over from another
                      program, purchases as paid there)
  days.py             day.planned, day.bagged, day.ended, day.started, day.carried_in   (the end of a day, and
                      the days of a multi-day event)
  stations.py         station.hand_done, station.bust_reported, station.bust_confirmed, station.bust_refused,
                      station.move_confirmed, station.floor_called, station.floor_answered
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.floor import (
    busts, checkpoint, days, entries, hand_for_hand, imported, invariants, prizes, satellites, settings_changes,
    snapshot, stations, tables,
)
from tournament_director.domain.floor.balancing import FloorPicture
from tournament_director.domain.floor.events import TournamentConfigured
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import payout_table
from tournament_director.domain.money.settings import TournamentSettings

Handler = Callable[[FloorRecords, Any], None]  # (the floor, the event read into its class)


def _configured(t: FloorRecords, event: TournamentConfigured) -> None:
    settings = TournamentSettings.from_dict(event.settings)
    payout_table(settings.payout_table)  # a shipped table, or DomainError naming it
    t.settings = settings
    t.configured = True


def route(*parts: Iterable[tuple[type[Event], Handler]]) -> dict[str, tuple[type[Event], Handler]]:
    """One handler for each event class (domain/floor/events.py), by type name; an event claimed twice is a mistake
    in the code, refused here."""
    handlers: dict[str, tuple[type[Event], Handler]] = {}
    for part in parts:
        for event_class, handler in part:
            if event_class.type_name in handlers:
                raise ValueError(f"the floor event {event_class.type_name!r} is handled twice")
            handlers[event_class.type_name] = (event_class, handler)
    return handlers


class Tournament(FloorRecords):
    HANDLERS = route(
        ((TournamentConfigured, _configured),), entries.HANDLERS, tables.HANDLERS, busts.HANDLERS,
        prizes.HANDLERS, settings_changes.HANDLERS, imported.HANDLERS, stations.HANDLERS, satellites.HANDLERS,
        days.HANDLERS,
    )

    @classmethod
    def new(cls) -> "Tournament":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        routed = self.HANDLERS.get(event_type)
        if routed is None:
            raise DomainError(f"the tournament floor does not know the event {event_type!r}")
        if not isinstance(payload, dict):
            raise DomainError(f"{event_type}: the payload must be a mapping")
        event_class, handler = routed
        event = event_class.from_payload(payload)  # its fields' shapes, checked (DomainError naming the field)
        if self.day is not None and event_type in days.PLAY_EVENTS:
            days.refuse_while_day_over(self, "playing on")  # play stopped with the chips bagged
        # hand-for-hand ends with the event that brings the tournament down to one table (hand_for_hand.py)
        watch_hand_for_hand = self.hand_for_hand and event_type != "hand_for_hand.set"
        was_down_to_one_table = watch_hand_for_hand and hand_for_hand.down_to_one_table(self)
        self.changes.start()
        try:
            handler(self, event)
        except (KeyError, TypeError, ValueError, IndexError, ArithmeticError) as exc:
            if isinstance(exc, DomainError):
                raise
            raise DomainError(f"{event_type}: malformed payload ({type(exc).__name__}: {str(exc)[:200]})") from exc
        finally:
            self.changes.stop()
        if watch_hand_for_hand:
            hand_for_hand.end_at_one_table(self, was_down_to_one_table)
        if self.changes.index_tables.everything or len(self.changes.index_tables.keys) > 1000:
            self.table_index()  # the index is rebuilt with a command that moved the whole room (the draw)

    def to_snapshot(self) -> dict[str, Any]:
        return snapshot.to_snapshot(self)

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "Tournament":
        t = cls()
        snapshot.restore(t, data)
        t.changes.everything_changed()  # nothing of it is in a checkpoint of parts yet
        return t

    def changed_parts(self, region: tuple[int, int] | None = None) -> checkpoint.Parts:
        """The parts of the checkpoint changed since the last one, and a region's parts besides (checkpoint.py)."""
        return checkpoint.changed_parts(self, region)

    def checkpoint_taken(self) -> None:
        checkpoint.checkpoint_taken(self)

    @classmethod
    def from_parts(cls, core: dict[str, Any], entries: dict[int, Any], tables: list[Any],
                   groups: dict[int, Any]) -> "Tournament":
        t = cls()
        checkpoint.from_parts(t, core, entries, tables, groups)
        return t

    # --- the parts' questions, asked of the tournament -------------------------------------------
    def registration_open(self, level: int | None, time_of_day: str | None) -> bool:
        return entries.registration_open(self, level, time_of_day)

    def break_order(self) -> list[int]:
        return tables.break_order(self)

    def recently_moved(self, entry_id: int) -> bool:
        return tables.recently_moved(self, entry_id)

    def floor_picture(self) -> FloorPicture:
        return tables.floor_picture(self)

    def fixed_settings(self) -> dict[str, str]:
        return settings_changes.fixed_settings(self)

    def check_invariants(self) -> list[str]:
        return invariants.check_invariants(self)
