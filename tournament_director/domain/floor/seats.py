"""Sitting a player down and getting him up: the seat changes every part of the floor shares.

A player seated at a table that has dealt hands waits for the button when he sits between the small
blind and the button (TDA 8-A, 10-A); the first two players at a new table get its markers.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import buttons
from tournament_director.domain.floor.records import Entry, FloorRecords, whole_number
from tournament_director.domain.floor.seating import Table


def check_open_seat(table: Table, seat: Any) -> None:
    whole_number(seat, "seat", 1)
    if table.broken:
        raise DomainError(f"table {table.number} is broken")
    if seat > table.seat_count:
        raise DomainError(f"table {table.number} has no seat {seat}")
    if seat in table.locked:
        raise DomainError(f"seat {seat} at table {table.number} is locked")
    if seat in table.seats:
        raise DomainError(f"seat {seat} at table {table.number} is taken")


def sit(t: FloorRecords, entry: Entry, table: Table, seat: int, arrived: bool) -> None:
    """Seat a new or moved player; he waits for the button between the SB and the button (TDA 8-A, 10-A)."""
    table.seats[seat] = entry.id
    entry.table, entry.seat = table.number, seat
    entry.arrived_hand = table.hand_number if arrived else None
    table.waiting.discard(entry.id)
    if table.big_blind is None:
        if table.players >= 2:
            buttons.initial_markers(table, min(table.seats))
    elif table.players > 2:
        positions = buttons.upcoming_positions(table, t.settings.button_mode)
        if buttons.must_wait_for_button(table, seat, positions, t.settings.new_player_rule):
            table.waiting.add(entry.id)


def unsit(t: FloorRecords, entry: Entry) -> None:
    if entry.table is not None:
        table = t.tables[entry.table]
        table.seats.pop(entry.seat, None)  # type: ignore[arg-type]
        table.waiting.discard(entry.id)
    entry.table = entry.seat = None
