"""Tables and seats, and the random seat draws.

A ``Table`` is the floor's record of one physical table: its seats (2 to 10), locked seats (a
dealer's seat, an accessible place kept free), who sits where, the button and blinds of the last hand
dealt (or, before the first hand, the positions that make the first hand come out right) and the
hand number. Draws take an injected ``random.Random`` (``secrets.SystemRandom()`` by default).
"""

from __future__ import annotations

import heapq
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError

MIN_SEATS, MAX_SEATS = limits.MIN_SEATS, limits.MAX_SEATS


@dataclass
class Table:
    number: int
    seat_count: int
    locked: set[int] = field(default_factory=set)
    seats: dict[int, int] = field(default_factory=dict)  # seat number -> entry id
    # Positions of the last hand dealt. Before the first hand: big_blind holds the seat that posts the
    # small blind in hand 1 and small_blind the seat that takes the button, so the dead-button step
    # gives hand 1 exactly (TDA 32; rules-reference 1.1 [impl]).
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    hand_number: int = 0
    in_hand: bool = False
    broken: bool = False
    waiting: set[int] = field(default_factory=set)  # entries waiting for the button (TDA 10-A)
    heads_up_bb_entry: int | None = None  # who posted the big blind last hand (TDA 34-B)

    def open_seats(self) -> list[int]:
        return [s for s in range(1, self.seat_count + 1) if s not in self.seats and s not in self.locked]

    @property
    def capacity(self) -> int:
        return self.seat_count - len(self.locked)

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat_count": self.seat_count,
            "locked": sorted(self.locked),
            "seats": [[s, e] for s, e in sorted(self.seats.items())],
            "button": self.button,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "hand_number": self.hand_number,
            "in_hand": self.in_hand,
            "broken": self.broken,
            "waiting": sorted(self.waiting),
            "heads_up_bb_entry": self.heads_up_bb_entry,
        }

    def to_row(self) -> list[Any]:
        """The table as one compact row for a snapshot (``from_row`` reads it back)."""
        return [
            self.number, self.seat_count, sorted(self.locked), sorted(self.seats.items()), self.button,
            self.small_blind, self.big_blind, self.hand_number, self.in_hand, self.broken, sorted(self.waiting),
            self.heads_up_bb_entry,
        ]

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> "Table":
        (number, seat_count, locked, seats, button, small_blind, big_blind, hand_number, in_hand, broken,
         waiting, heads_up_bb_entry) = row
        return cls(number, seat_count, set(locked), {s: e for s, e in seats}, button, small_blind, big_blind,
                   hand_number, in_hand, broken, set(waiting), heads_up_bb_entry)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Table":
        return cls(
            number=data["number"],
            seat_count=data["seat_count"],
            locked=set(data["locked"]),
            seats={s: e for s, e in data["seats"]},
            button=data["button"],
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            hand_number=data["hand_number"],
            in_hand=data["in_hand"],
            broken=data["broken"],
            waiting=set(data["waiting"]),
            heads_up_bb_entry=data.get("heads_up_bb_entry"),
        )


def validate_table_spec(number: Any, seat_count: Any, locked: Iterable[Any]) -> None:
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise DomainError(f"table number must be a whole number from 1, not {limits.shown(number)}")
    limits.check_count(number, "table number", 1, limits.MAX_TABLE_NUMBER)
    limits.check_seat_count(seat_count, f"table {number}: ")
    if not isinstance(locked, (list, tuple, set)):
        raise DomainError(f"table {number}: the locked seats are a list of seats, not {limits.shown(locked)}")
    for seat in locked:
        if not isinstance(seat, int) or not 1 <= seat <= seat_count:
            raise DomainError(f"table {number}: locked seat {limits.shown(seat)} is not a seat of the table")


def default_rng() -> random.Random:
    return secrets.SystemRandom()


def draw_start_seats(
    entry_ids: Sequence[int], tables: Sequence[Table], rng: random.Random | None = None
) -> list[tuple[int, int, int]]:
    """Random seats for the start (TDA 7; seed 004 T 1), balanced across tables: the players are
    spread so table sizes differ by at most one, then each table's seats are drawn at random. Among
    equally full tables the one listed first in ``tables`` fills first (late registrations: the table
    that breaks last). Returns (entry id, table number, seat)."""
    rng = rng or default_rng()
    open_tables = [t for t in tables if not t.broken]
    room = sum(t.capacity - t.players for t in open_tables)
    if len(entry_ids) > room:
        raise DomainError(f"{len(entry_ids)} players to seat but only {room} open seats: add tables")
    # Which table each seat card belongs to: always the emptiest table (the first listed among equals), so the
    # field is balanced; a heap of (players, place in the list) finds it without looking at every table.
    by_number = {t.number: t for t in open_tables}
    emptiest = [(t.players, place, t.number) for place, t in enumerate(open_tables) if t.capacity > t.players]
    heapq.heapify(emptiest)
    free: dict[int, list[int]] = {}
    cards: list[tuple[int, int]] = []
    for _ in entry_ids:
        players, place, number = heapq.heappop(emptiest)
        seats = free.get(number)
        if seats is None:
            seats = free[number] = by_number[number].open_seats()
        cards.append((number, seats.pop(rng.randrange(len(seats)))))
        if seats:
            heapq.heappush(emptiest, (players + 1, place, number))
    rng.shuffle(cards)
    return [(entry, table, seat) for entry, (table, seat) in zip(entry_ids, cards)]


def draw_late_seat(entry_id: int, tables: Sequence[Table], breaks_next: int | None,
                   rng: random.Random | None = None) -> tuple[int, int, int]:
    """The seat of a late registration or a re-entry (TDA 8-A: from the new-player seat pool): the table with the
    fewest players, the one that breaks last among equals (``tables`` listed from the last to break), never the
    table ``breaks_next`` (the first in the breaking order, seed 004 T 5; TDA 11-C) while another table has an open
    seat: a player seated there would only be moved again when it breaks. Returns (entry id, table number, seat)."""
    staying = [t for t in tables if t.number != breaks_next]
    if any(t.capacity > t.players for t in staying if not t.broken):
        tables = staying
    [seat] = draw_start_seats([entry_id], tables, rng)
    return seat


def draw_first_button(table: Table, rng: random.Random | None = None) -> int | None:
    """The first button at a table: a random occupied seat (rules-reference §3 row 24: a draw)."""
    occupied = sorted(table.seats)
    if not occupied:
        return None
    return occupied[(rng or default_rng()).randrange(len(occupied))]
