"""Proposals to balance tables, break a table and form the final table. Planners propose; nothing
moves until the director accepts the proposal (one "moves.accepted" event).

- Balancing (TDA 11-A; WSOP 67a): the player due the big blind next at the long table moves to the
  worst position at the short table (an open seat that reaches the big blind soonest, never the small
  blind), even when he was moved in recently. Only between equally long tables does that count: a table
  whose player due the big blind was moved in less than an orbit ago gives way to another as the source.
- Tolerance (seed 004 T 6): within two players with more than six tables, within one with six or fewer.
- Halting (TDA 11-D): tables three or more players short of the fullest are flagged.
- Breaking (seed 004 T 5; TDA 11-C): in a predetermined order, by default the highest number first,
  as soon as the players left fit in one table fewer. Its players get a two-step random draw (TDA 10-B):
  seat cards are chosen where they keep the tables balanced, scrambled, and dealt one to each player.
- Final table (TDA RP-9; seed 000 E): when the players left fit at one table, it is redrawn.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from tournament_director.domain.floor.buttons import due_big_blind_order, worst_position_seats
from tournament_director.domain.floor.seating import Table, default_rng
from tournament_director.domain.floor.table_index import TableIndex

RULE_BALANCE = "TDA 11-A"
RULE_BREAK = "TDA 10-B"
RULE_BREAK_ORDER = "seed 004 T 5; TDA 11-C"
RULE_TOLERANCE = "seed 004 T 6"
RULE_HALT = "TDA 11-D"
RULE_FINAL = "TDA RP-9; seed 000 E"


@dataclass(frozen=True)
class Move:
    entry_id: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    rule: str
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "entry_id": self.entry_id,
            "from": [self.from_table, self.from_seat],
            "to": [self.to_table, self.to_seat],
            "rule": self.rule,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Move":
        return cls(
            int(data["entry_id"]), int(data["from"][0]), int(data["from"][1]), int(data["to"][0]),
            int(data["to"][1]), str(data.get("rule", "")), str(data.get("reason", "")),
        )


@dataclass(frozen=True)
class MoveProposal:
    kind: str  # "none" | "balance" | "break" | "final_table"
    moves: tuple[Move, ...] = ()
    broken_tables: tuple[int, ...] = ()  # tables that close when the moves are made
    halt_tables: tuple[int, ...] = ()  # TDA 11-D
    buttons: tuple[tuple[int, int], ...] = ()  # (table, seat): a redrawn button (final table)
    start_next_level: bool = False  # seed 000 E house option
    tolerance: int = 1
    rules: tuple[str, ...] = ()
    note: str = ""

    @property
    def is_empty(self) -> bool:
        return not self.moves and not self.broken_tables

    def with_moves(self, moves: Iterable[Move]) -> "MoveProposal":
        """The proposal as edited by the director."""
        return replace(self, moves=tuple(moves))


@dataclass
class FloorPicture:
    """What the planner needs to know of the floor, without the aggregate itself."""

    tables: Mapping[int, Table]  # every table (broken ones are passed over)
    break_order: Sequence[int]  # the predetermined breaking order (the others break from the highest number down)
    tolerance_many: int = 2
    tolerance_few: int = 1
    few_tables: int = 6
    halt_short_by: int = 3
    final_table_size: int | None = None
    redraw_final_table: bool = True
    final_table_next_level: bool = False
    button_mode: str = "dead"
    recently_moved: Callable[[int], bool] = field(default=lambda entry_id: False)
    index: TableIndex | None = None  # the floor's own index when it keeps one; else built from ``tables``

    def table_index(self) -> TableIndex:
        if self.index is None:
            self.index = TableIndex(self.tables, self.break_order)
        return self.index

    def tolerance(self, live_tables: int) -> int:
        return self.tolerance_many if live_tables > self.few_tables else self.tolerance_few


def default_break_order(table_numbers: Iterable[int], predetermined: Sequence[int] = ()) -> list[int]:
    """Seed 004 T 5: the predetermined order first, then the others from the highest number down."""
    numbers = set(table_numbers)
    listed = [n for n in predetermined if n in numbers]
    rest = sorted(numbers - set(listed), reverse=True)
    return listed + rest


def _copy(table: Table) -> Table:
    return replace(table, locked=set(table.locked), seats=dict(table.seats), waiting=set(table.waiting))


def halting_flags(tables: Iterable[Table], short_by: int) -> tuple[int, ...]:
    """TDA 11-D: the tables three (``short_by``) or more players short of the fullest table."""
    live = [t for t in tables if t.players > 0]
    if len(live) < 2:
        return ()
    fullest = max(t.players for t in live)
    return tuple(sorted(t.number for t in live if fullest - t.players >= short_by))


def propose(picture: FloorPicture, rng: random.Random | None = None) -> MoveProposal:
    """The proposal for the floor as it is. It reads the tables through the index of tables by player count, so
    its cost follows the tables it moves players between, not the number of tables."""
    rng = rng or default_rng()
    index = picture.table_index()
    tolerance = picture.tolerance(len(index))
    if len(index) < 2:
        return MoveProposal("none", tolerance=tolerance)
    fullest, emptiest = index.fullest(), index.emptiest()
    halts = (
        tuple(sorted(index.at_most(fullest - picture.halt_short_by)))
        if fullest - emptiest >= picture.halt_short_by else ()
    )
    players = index.players
    final_number = index.last_to_break()
    final_capacity = index.capacity_of(final_number)
    final_size = min(picture.final_table_size or final_capacity, final_capacity)
    if players <= final_size:
        live = {n: picture.tables[n] for n in index.numbers()}
        return _final_table(picture, live, final_number, rng, halts, tolerance)
    breaking = index.first_to_break()
    others_capacity = index.capacity - index.capacity_of(breaking)
    # With two tables left the only merge is the final table, formed at its own size (TDA RP-9).
    if players <= others_capacity and len(index) > 2:
        return _break_table(picture, index, breaking, rng, halts)
    if fullest - emptiest <= tolerance:
        return MoveProposal("none", halt_tables=halts, tolerance=tolerance)
    waiting: list[int] = []
    moves = _balance_moves(_Scratch(picture.tables, index), picture, tolerance, waiting)
    wait_note = _wait_note(waiting)
    if not moves:
        return MoveProposal("none", halt_tables=halts, tolerance=tolerance,
                            rules=(RULE_BALANCE,) if wait_note else (), note=wait_note)
    note = f"tables within {tolerance} (seed 004 T 6)" + (f"; {wait_note}" if wait_note else "")
    return MoveProposal(
        "balance", tuple(moves), halt_tables=halts, tolerance=tolerance, rules=(RULE_BALANCE, RULE_TOLERANCE),
        note=note, buttons=_first_buttons(picture.tables, moves, rng),
    )


def _first_buttons(tables: Mapping[int, Table], moves: Sequence[Move], rng: random.Random
                   ) -> tuple[tuple[int, int], ...]:
    """The button of a table that has no button yet (opened for late registrations) and starts with moved
    players: placed so the first player moved in to balance takes the big blind of its first hand, the
    position he was due (TDA 11-A), or drawn at random when players from a broken table open it."""
    result = []
    for number in sorted({m.to_table for m in moves}):
        table = tables[number]
        if table.big_blind is not None:
            continue
        arrivals = [m for m in moves if m.to_table == number]
        seats = sorted(set(table.seats) - {m.from_seat for m in moves if m.from_table == number}
                       | {m.to_seat for m in arrivals})
        if len(seats) < 2:
            continue
        first = arrivals[0]
        if first.rule == RULE_BALANCE:
            # hand 1 puts the small blind after the button and the big blind after that; heads-up the
            # button is the small blind and the other player the big blind (TDA 34-B)
            steps_back = 1 if len(seats) == 2 else 2
            button = seats[(seats.index(first.to_seat) - steps_back) % len(seats)]
        else:
            button = seats[rng.randrange(len(seats))]
        result.append((number, button))
    return tuple(result)


def _wait_note(tables: Sequence[int]) -> str:
    if not tables:
        return ""
    names = ", ".join(str(n) for n in sorted(set(tables)))
    return (f"table {names}: the only open seat is the small blind; deal its next hand, then balance "
            f"({RULE_BALANCE})")


class _Scratch:
    """The open tables for planning: a table is copied only when a planned move changes it, and the player
    counts are the index's with the planned changes."""

    def __init__(self, tables: Mapping[int, Table], index: TableIndex, excluded: Iterable[int] = ()) -> None:
        self.originals = tables
        self.index = index
        self.copies: dict[int, Table] = {}
        self.planned: dict[int, int] = {}  # table -> players once the planned moves are made
        self.excluded = set(excluded)

    def __getitem__(self, number: int) -> Table:
        return self.copies.get(number) or self.originals[number]

    def count(self, number: int) -> int:
        return self.planned.get(number, self.index.count(number))

    def mutable(self, number: int) -> Table:
        if number not in self.copies:
            self.copies[number] = _copy(self.originals[number])
        return self.copies[number]

    def seat(self, entry: int, table: int, seat: int) -> None:
        self.mutable(table).seats[seat] = entry
        self.planned[table] = self.count(table) + 1

    def move(self, entry: int, from_table: int, from_seat: int, to_table: int, to_seat: int) -> None:
        del self.mutable(from_table).seats[from_seat]
        self.planned[from_table] = self.count(from_table) - 1
        self.seat(entry, to_table, to_seat)

    def keys(self, reverse: bool = False) -> Iterator[tuple[int, ...]]:
        """The live tables' keys with the planned counts: fewest players first, among equals the last to
        break first (or all of it reversed)."""
        skip = self.excluded | set(self.planned)
        planned = sorted(((c, *self.index.tie(n), n) for n, c in self.planned.items()
                          if c > 0 and n not in self.excluded), reverse=reverse)
        kept = (key for key in self.index.ascending(reverse) if key[-1] not in skip)
        return heapq.merge(kept, planned, reverse=reverse)


def _balance_moves(scratch: _Scratch, picture: FloorPicture, tolerance: int,
                   wait_for_hand: list[int] | None = None) -> list[Move]:
    """Moves until the tables are within ``tolerance``. Short tables whose only open seat is the small
    blind are added to ``wait_for_hand``."""
    moves: list[Move] = []
    moved: set[int] = set()
    for _ in range(scratch.index.players):
        longest = next(scratch.keys(reverse=True))[0]
        if longest - next(scratch.keys())[0] <= tolerance:
            break
        # TDA 11-C: a predetermined procedure picks the table; ours: the first in breaking order, passing over a
        # table whose player due the big blind was moved in recently while another equally long table has none.
        longest_tables = (key[-1] for key in itertools.takewhile(lambda k: k[0] == longest,
                                                                   scratch.keys(reverse=True)))
        long_number, entry = _source(scratch, longest_tables, picture, moved)
        # The shortest table with an open seat (with tables of different sizes a full table can be short),
        # the last to break first among equals; never into its small-blind seat (TDA 11-A): a table whose
        # only open seat is the small blind takes its player after its next hand.
        with_room = (key[-1] for key in itertools.takewhile(lambda k: k[0] < longest - 1, scratch.keys())
                     if scratch[key[-1]].open_seats())
        looked_at: list[int] = []
        target = None
        for number in with_room:
            looked_at.append(number)
            seats = worst_position_seats(scratch[number], picture.button_mode)
            if seats:
                target = (number, seats)
                break
        if target is None:
            if wait_for_hand is not None:
                wait_for_hand.extend(looked_at)
            break
        short_number, worst = target
        long_table = scratch[long_number]
        from_seat = next(s for s, e in long_table.seats.items() if e == entry)
        to_seat = worst[0]
        scratch.move(entry, long_number, from_seat, short_number, to_seat)
        moved.add(entry)
        moves.append(
            Move(entry, long_number, from_seat, short_number, to_seat, RULE_BALANCE,
                 "due the big blind; to the worst position at the short table")
        )
    return moves


def _due_big_blind(table: Table, picture: FloorPicture, moved: set[int]) -> int:
    """The player due the big blind next at ``table`` (TDA 11-A), passing over one already moved in this plan."""
    due = due_big_blind_order(table, picture.button_mode)
    return next((e for e in due if e not in moved), due[0])


def _source(scratch: _Scratch, longest: Iterable[int], picture: FloorPicture, moved: set[int]) -> tuple[int, int]:
    """The long table a player leaves and that player, the one due the big blind there (TDA 11-A): the first of
    the equally long tables ``longest`` (in breaking order) whose player due the big blind was not moved in
    recently, or the first of them when every one was."""
    first: tuple[int, int] | None = None
    for number in longest:
        entry = _due_big_blind(scratch[number], picture, moved)
        if not picture.recently_moved(entry):
            return number, entry
        first = first or (number, entry)
    assert first is not None
    return first


def _break_table(picture: FloorPicture, index: TableIndex, breaking: int, rng: random.Random,
                 halts: tuple[int, ...]) -> MoveProposal:
    tables = picture.tables
    broken = tables[breaking]
    scratch = _Scratch(tables, index, excluded=(breaking,))
    leaving = [entry for _, entry in sorted(broken.seats.items())]
    # Step 1: the seat cards, taken where they keep the tables balanced (the table with the fewest players, the
    # last to break among equals, each card counted at once), then scrambled.
    untouched = (key for key in index.ascending() if key[-1] != breaking)
    waiting_key = next(untouched, None)
    counted: list[tuple[int, ...]] = []  # tables that took a card, with their new count
    free: dict[int, list[int]] = {}
    cards: list[tuple[int, int]] = []
    for _ in leaving:
        while True:
            if counted and (waiting_key is None or counted[0] < waiting_key):
                key = heapq.heappop(counted)
            elif waiting_key is not None:
                key, waiting_key = waiting_key, next(untouched, None)
            else:
                raise ValueError("no open seat for a player of the broken table")
            number = key[-1]
            seats = free.get(number)
            if seats is None:
                seats = free[number] = tables[number].open_seats()
            if seats:
                break
        cards.append((number, seats.pop(rng.randrange(len(seats)))))
        heapq.heappush(counted, (key[0] + 1, *key[1:]))
    rng.shuffle(cards)
    # Step 2: each player draws a card.
    seat_of = {entry: seat for seat, entry in broken.seats.items()}
    moves = [
        Move(entry, breaking, seat_of[entry], table, seat, RULE_BREAK, f"table {breaking} breaks ({RULE_BREAK_ORDER})")
        for entry, (table, seat) in zip(leaving, cards)
    ]
    for move in moves:
        scratch.seat(move.entry_id, move.to_table, move.to_seat)
    tolerance = picture.tolerance(len(index) - 1)
    moves += _balance_moves(scratch, picture, tolerance)
    return MoveProposal(
        "break", tuple(moves), broken_tables=(breaking,), halt_tables=halts, tolerance=tolerance,
        buttons=_first_buttons(tables, moves, rng),
        rules=(RULE_BREAK_ORDER, RULE_BREAK, RULE_BALANCE),
        note=f"table {breaking} breaks: its players draw for seats, table then seat",
    )


def _final_table(
    picture: FloorPicture, live: dict[int, Table], final_number: int, rng: random.Random,
    halts: tuple[int, ...], tolerance: int,
) -> MoveProposal:
    final = live[final_number]
    everyone = [(n, s, e) for n, t in sorted(live.items()) for s, e in sorted(t.seats.items())]
    if picture.redraw_final_table:
        seats = [s for s in range(1, final.seat_count + 1) if s not in final.locked]
        rng.shuffle(seats)
        movers = everyone
    else:
        seats = final.open_seats()
        rng.shuffle(seats)
        movers = [(n, s, e) for n, s, e in everyone if n != final_number]
    moves = [
        Move(e, n, s, final_number, seat, RULE_FINAL, "final table draw")
        for (n, s, e), seat in zip(movers, seats)
    ]
    final_seats = {m.to_seat for m in moves} | (set() if picture.redraw_final_table else set(final.seats))
    button = sorted(final_seats)[rng.randrange(len(final_seats))]
    return MoveProposal(
        "final_table", tuple(moves), broken_tables=tuple(n for n in sorted(live) if n != final_number),
        halt_tables=halts, buttons=((final_number, button),),
        start_next_level=picture.final_table_next_level, tolerance=tolerance, rules=(RULE_FINAL,),
        note=f"the final table at table {final_number}, redrawn with a new button",
    )
