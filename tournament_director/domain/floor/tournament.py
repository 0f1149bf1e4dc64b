"""The tournament floor: settings, entries and money, tables and seats, hands, busts and places.

``Tournament`` is a pure aggregate folded from events (domain/state.py routes every event that is
not "structure.*" or "clock.*" here). It keeps the settings itself and hands every other event to the one
part that handles it: entries.py, tables.py, busts.py or prizes.py, which change the records
(records.py). Each ``apply`` validates first and raises DomainError without changing anything when the
event does not fit; it is deterministic: random draws, times and levels are decided by the command and
written into the payload.

Event types (payload fields), by part:
    tournament.configured   settings (dict, TournamentSettings.to_dict)                    (here)
  settings_changes.py
    settings.changed        changes: {setting: value}, level?, on_break?, after_level?, time_of_day?
  entries.py  (an event on a break carries on_break and after_level, the level before the break)
    registration.closed     closed (bool), time?   (one player left: the tournament finishes at ``time``)
    entry.registered        entry_id, name, player_id?, option?, level?, time_of_day?, seat: [table, seat] | null
    entries.imported        entries: [{entry_id, name, player_id?, option?}], level?, time_of_day?  (before the draw)
    entry.rebuy / entry.addon   entry_id, level?, on_break?, after_level?
    entry.presence          entry_id, present (bool)
    chips.counted           counts: [[entry_id, chips], ...], scope?: "room" | "tables", tables?: [n],
                            occasion?: "break" | "end_of_day" | "deal" | "count", time?  (a count sheet)
  tables.py
    tables.added            tables: [{number, seats, locked: [seat, ...]}]
    seat.locked             table, seat, locked (bool)
    seats.drawn             assignments: [[entry_id, table, seat], ...], buttons: [[table, seat], ...], time?
    table.button_set        table, seat          (the button of the next hand; TDA 34-A correction)
    moves.accepted          kind, moves: [Move.to_dict()], broken_tables: [n], buttons: [[table, seat]], time?,
                            period? (the clock's level or break then, as the schedule numbers its periods)
    hand.next               tables: [n], small_blind, big_blind, ante, big_blind_ante (bool)
    hand.finished           tables: [n]
    hand_for_hand.set       on (bool)   (an event that brings the tournament down to one table turns it off:
                                        hand_for_hand.py)
  busts.py
    entry.busted            busts: [{entry_id, eliminated_by: [entry_id, ...], start_chips?}],
                            level?, time?, hand_for_hand_hand?
  prizes.py
    payouts.edited          percentages: ["50", "30", "20"] | null (back to the payout table)
    payouts.table_set       table: {name, bands: [...]} (as PayoutTable.to_dict) | null (the settings' table)
    deal.made               method, shares: [[entry_id, amount], ...]
  imported.py  (a history brought over from another program, purchases as paid there)
    history.bought          kind, entry_id, chips, paid_prize, paid_house, option?, name?, player_id?, level?, time?
    history.pot_set         fixed_rake, house_contribution
    history.awarded         awards: [[entry_id, amount], ...], time?
  stations.py  (the table stations: hands done, bust proposals, moves confirmed, floor calls)
    station.hand_done, station.bust_reported, station.bust_confirmed, station.bust_refused,
    station.move_confirmed, station.floor_called, station.floor_answered   (fields in stations.py)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import (
    busts, checkpoint, entries, hand_for_hand, imported, invariants, prizes, settings_changes, snapshot, stations,
    tables,
)
from tournament_director.domain.floor.balancing import FloorPicture
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import payout_table
from tournament_director.domain.money.settings import TournamentSettings

Handler = Callable[[FloorRecords, dict[str, Any]], None]


def _configured(t: FloorRecords, p: dict[str, Any]) -> None:
    settings = TournamentSettings.from_dict(p["settings"])
    payout_table(settings.payout_table)  # a shipped table, or DomainError naming it
    t.settings = settings
    t.configured = True


def route(*parts: Iterable[tuple[str, Handler]]) -> dict[str, Handler]:
    """One handler for each event type; an event type claimed twice is a mistake in the code, refused here."""
    handlers: dict[str, Handler] = {}
    for part in parts:
        for event_type, handler in part:
            if event_type in handlers:
                raise ValueError(f"the floor event {event_type!r} is handled twice")
            handlers[event_type] = handler
    return handlers


class Tournament(FloorRecords):
    HANDLERS = route(
        (("tournament.configured", _configured),), entries.HANDLERS, tables.HANDLERS, busts.HANDLERS,
        prizes.HANDLERS, settings_changes.HANDLERS, imported.HANDLERS, stations.HANDLERS,
    )

    @classmethod
    def new(cls) -> "Tournament":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        handler = self.HANDLERS.get(event_type)
        if handler is None:
            raise DomainError(f"the tournament floor does not know the event {event_type!r}")
        if not isinstance(payload, dict):
            raise DomainError(f"{event_type}: the payload must be a mapping")
        # hand-for-hand ends with the event that brings the tournament down to one table (hand_for_hand.py)
        watch_hand_for_hand = self.hand_for_hand and event_type != "hand_for_hand.set"
        was_down_to_one_table = watch_hand_for_hand and hand_for_hand.down_to_one_table(self)
        self.changes.start()
        try:
            handler(self, payload)
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
    def from_parts(cls, core: dict[str, Any], entries: list[Any], tables: list[Any],
                   groups: dict[int, list[Any]]) -> "Tournament":
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
