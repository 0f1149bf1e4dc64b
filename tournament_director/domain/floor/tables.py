"""Tables, seats and buttons: adding tables and locking seats, the start draw, the button, accepted moves,
hands dealt and hand-for-hand.

The button and blinds move hand by hand as buttons.py says (TDA 32, 34-B); nobody is moved away from a table
in a hand, and its button is set between hands (TDA 34-A). Hand-for-hand every table plays the same hand
(TDA RP-8). An absent player is dealt in and posts his blinds and antes, and is
out when they leave him all in (TDA 30, 71-C; RP-11; seed 004 T 7). Balancing proposals read
``floor_picture``, which tells who was moved in less than an orbit ago (it decides only between equally long
tables: TDA 11-A).
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import buttons, busts, seats
from tournament_director.domain.floor.balancing import FloorPicture, Move, default_break_order
from tournament_director.domain.floor.records import Entry, FloorRecords, whole_number
from tournament_director.domain.floor.seating import Table, validate_table_spec
from tournament_director.domain.floor.events import (
    HandFinished, HandForHandSet, HandNext, MovesAccepted, SeatLocked, SeatsDrawn, TableButtonSet, TablesAdded,
)


def break_order(t: FloorRecords) -> list[int]:
    return default_break_order((n for n, table in t.tables.items() if not table.broken), t.settings.break_order)


def recently_moved(t: FloorRecords, entry_id: int) -> bool:
    """Moved in less than one orbit ago: his table is passed over as the source of a balancing move while an
    equally long table is not in that case (TDA 11-A)."""
    entry = t.entries[entry_id]
    if entry.arrived_hand is None or entry.table is None:
        return False
    table = t.tables[entry.table]
    return table.hand_number - entry.arrived_hand < max(table.players, 1)


def floor_picture(t: FloorRecords) -> FloorPicture:
    s = t.settings
    return FloorPicture(
        tables=t.tables,
        break_order=s.break_order,
        tolerance_many=s.tolerance_many_tables,
        tolerance_few=s.tolerance_few_tables,
        few_tables=s.few_tables,
        halt_short_by=s.halt_short_by,
        final_table_size=s.final_table_size,
        redraw_final_table=s.redraw_final_table,
        final_table_next_level=s.final_table_next_level,
        button_mode=s.button_mode,
        recently_moved=lambda entry_id: recently_moved(t, entry_id),
        index=t.table_index(),
    )


def _tables_added(t: FloorRecords, event: TablesAdded) -> None:
    specs = event.tables
    if not isinstance(specs, list) or not specs:
        raise DomainError("no tables to add")
    if len(t.tables) + len(specs) > limits.MAX_TABLES:
        raise DomainError(f"a tournament has at most {limits.MAX_TABLES:,} tables; it has {len(t.tables):,}, so "
                          f"{len(specs):,} more cannot be added")
    new: list[Table] = []
    numbers: set[int] = set()
    for spec in specs:
        number, seat_count, locked = spec["number"], spec["seats"], spec.get("locked", [])
        validate_table_spec(number, seat_count, locked)
        if number in t.tables or number in numbers:
            raise DomainError(f"table {number} already exists")
        numbers.add(number)
        new.append(Table(number=number, seat_count=seat_count, locked=set(locked)))
    for table in new:
        t.tables[table.number] = table


def _seat_locked(t: FloorRecords, event: SeatLocked) -> None:
    table = t.table(event.table)
    seat = whole_number(event.seat, "seat", 1)
    if seat > table.seat_count:
        raise DomainError(f"table {table.number} has no seat {seat}")
    locked = limits.check_flag(event.locked, "seat locked")
    if locked and seat in table.seats:
        raise DomainError(f"seat {seat} at table {table.number} is taken; move the player first")
    if locked:
        table.locked.add(seat)
    else:
        table.locked.discard(seat)


def _seats_drawn(t: FloorRecords, event: SeatsDrawn) -> None:
    assignments = event.assignments
    taken: set[tuple[int, int]] = set()
    seen: set[int] = set()
    for entry_id, table_number, seat in assignments:
        entry = t.live_entry(entry_id)
        if entry.table is not None:
            raise DomainError(f"entry {entry_id} ({entry.name}) already has a seat")
        if entry_id in seen:
            raise DomainError(f"entry {entry_id} drawn twice")
        seen.add(entry_id)
        table = t.table(table_number)
        seats.check_open_seat(table, seat)
        if (table_number, seat) in taken:
            raise DomainError(f"seat {seat} at table {table_number} drawn twice")
        taken.add((table_number, seat))
    button_of = {}
    for table_number, seat in event.buttons or []:
        table = t.table(table_number)
        if seat not in table.seats and (table_number, seat) not in taken:
            raise DomainError(f"the button at table {table_number} must be on a player (seat {seat} is empty)")
        button_of[table_number] = seat
    for entry_id, table_number, seat in assignments:
        table = t.tables[table_number]
        table.seats[seat] = entry_id
        entry = t.entries[entry_id]
        entry.table, entry.seat = table_number, seat
    for table_number, seat in button_of.items():
        table = t.tables[table_number]
        if table.players >= 2:
            buttons.initial_markers(table, seat)
    t.seated_drawn = True
    t.last_seating = {"kind": "draw", "moves": [], "broken": [], "time": _time(event), "hands": []}


def _button_set(t: FloorRecords, event: TableButtonSet) -> None:
    table = t.table(event.table)
    seat = event.seat
    if seat not in table.seats:
        raise DomainError(f"the button must be on a player: seat {limits.shown(seat)} at table {table.number} is "
                          "empty")
    if table.players < 2:
        raise DomainError(f"table {table.number} has fewer than two players")
    if table.in_hand:
        raise DomainError(f"table {table.number} is in a hand; set the button between hands", rule="TDA 34-A")
    buttons.initial_markers(table, seat)


def _moves_accepted(t: FloorRecords, event: MovesAccepted) -> None:
    moves = [Move.from_dict(m) for m in event.moves]
    broken = [t.table(n) for n in event.broken_tables or []]
    movers = {m.entry_id for m in moves}
    if len(movers) != len(moves):
        raise DomainError("a player appears twice in the moves")
    vacated: set[tuple[int, int]] = set()
    for m in moves:
        entry = t.live_entry(m.entry_id)
        if (entry.table, entry.seat) != (m.from_table, m.from_seat):
            raise DomainError(
                f"{entry.name} is not at table {m.from_table} seat {m.from_seat} any more: propose again"
            )
        if t.tables[m.from_table].in_hand:
            raise DomainError(f"table {m.from_table} is in a hand; move {entry.name} when it is over")
        vacated.add((m.from_table, m.from_seat))
    targets: set[tuple[int, int]] = set()
    broken_numbers = {table.number for table in broken}
    for m in moves:
        table = t.table(m.to_table)
        if table.broken or m.to_table in broken_numbers:
            raise DomainError(f"table {m.to_table} is broken: nobody can move there")
        if (m.to_table, m.to_seat) in targets:
            raise DomainError(f"two players moved to seat {m.to_seat} at table {m.to_table}")
        targets.add((m.to_table, m.to_seat))
        if (m.to_table, m.to_seat) not in vacated:
            seats.check_open_seat(table, m.to_seat)
        elif m.to_seat in table.locked:
            raise DomainError(f"seat {m.to_seat} at table {m.to_table} is locked")
    for table in broken:
        staying = [e for s, e in table.seats.items() if e not in movers]
        if staying:
            raise DomainError(f"table {table.number} cannot break: {len(staying)} player(s) not moved")
    button_of = {}
    for number, seat in event.buttons or []:
        if (number, seat) not in targets and seat not in t.table(number).seats:
            raise DomainError(f"the button at table {number} must be on a player")
        button_of[number] = seat
    for m in moves:
        seats.unsit(t, t.entries[m.entry_id])
    redrawn = set(button_of)
    for m in moves:
        entry, table = t.entries[m.entry_id], t.tables[m.to_table]
        if m.to_table in redrawn:
            table.seats[m.to_seat] = entry.id
            entry.table, entry.seat, entry.arrived_hand = table.number, m.to_seat, None
        else:
            seats.sit(t, entry, table, m.to_seat, arrived=True)
    for table in broken:
        table.broken = True
        table.in_hand = False
    for number, seat in button_of.items():
        table = t.tables[number]
        table.waiting.clear()
        if table.players >= 2:
            buttons.initial_markers(table, seat)
    kind = event.kind
    destinations = sorted({m.to_table for m in moves})
    t.last_seating = {
        "kind": kind if kind in ("balance", "break", "final_table") else "manual",
        "moves": [[m.entry_id, m.from_table, m.from_seat, m.to_table, m.to_seat] for m in moves],
        "broken": [table.number for table in broken], "time": _time(event),
        "hands": [[n, t.tables[n].hand_number] for n in destinations],
        "period": event.period if isinstance(event.period, int) else None,   # the level or break then
    }


def _time(event: Any) -> str | None:
    return event.time if isinstance(event.time, str) else None

# --- hands -----------------------------------------------------------------------------
def _hand_next(t: FloorRecords, event: HandNext) -> None:
    numbers = event.tables
    sb = limits.check_amount(event.small_blind or 0, "small blind")
    bb = limits.check_amount(event.big_blind or 0, "big blind")
    ante = limits.check_amount(event.ante or 0, "ante")
    bba = limits.check_flag(event.big_blind_ante or False, "big-blind ante")
    tables = [t.table(n) for n in numbers]
    if len({table.number for table in tables}) != len(tables) or not tables:
        raise DomainError("name each table once")
    for table in tables:
        if table.broken:
            raise DomainError(f"table {table.number} is broken")
        if table.players < 2:
            raise DomainError(f"table {table.number} has fewer than two players: no hand to deal")
    if t.hand_for_hand:
        playing = {table.number for table in t.open_tables() if table.players >= 2}
        if playing - set(numbers):
            raise DomainError(
                "hand-for-hand: every table plays the same hand; deal all tables together", rule="TDA RP-8"
            )
    rule = t.settings.new_player_rule
    plans = []
    for table in tables:
        pos = buttons.upcoming_positions(table, t.settings.button_mode)
        waiting = {e for e in table.waiting if buttons.must_wait_for_button(table, t.entries[e].seat, pos, rule)}  # type: ignore[arg-type]
        plans.append((table, pos, waiting))
    posts: list[tuple[Entry, int]] = []
    for table, pos, waiting in plans:
        for seat, entry_id in table.seats.items():
            entry = t.entries[entry_id]
            if entry.present or entry_id in waiting:
                continue
            posted = min(entry.chips, _absent_posts(seat, pos, sb, bb, ante, bba))  # short: all in (seed 004 T 7)
            if posted:
                posts.append((entry, posted))
    for table, pos, waiting in plans:
        table.hand_number += 1
        table.in_hand = True
        table.button, table.small_blind, table.big_blind = pos.button, pos.small_blind, pos.big_blind
        table.heads_up_bb_entry = table.seats[pos.big_blind]
        table.waiting = waiting
    if t.hand_for_hand:
        t.hand_for_hand_hand += 1
    start = {entry.id: entry.chips for entry, _ in posts}
    for entry, posted in posts:
        entry.chips -= posted
        t.chips_unassigned += posted
    # Absent players all in with their hands killed are out on this hand (TDA 30, 71-C).
    out = [entry for entry, _ in posts if entry.chips == 0]
    if out and len(out) >= t.alive:
        survivor = max(out, key=lambda e: (start[e.id], -e.id))  # every hand dead: the biggest keeps the pot
        pot = sum(posted for _, posted in posts)
        survivor.chips += pot
        t.chips_unassigned -= pot
        out.remove(survivor)
    if out:
        h4h = t.hand_for_hand_hand if t.hand_for_hand else None
        busts.eliminate(t, [(e, [], start[e.id]) for e in out], h4h, event.level, event.time)


def _hand_finished(t: FloorRecords, event: HandFinished) -> None:
    tables = [t.table(n) for n in event.tables]
    for table in tables:
        table.in_hand = False


def _hand_for_hand(t: FloorRecords, event: HandForHandSet) -> None:
    t.hand_for_hand = limits.check_flag(event.on, "hand-for-hand")


def _absent_posts(seat: int, pos: buttons.Positions, sb: int, bb: int, ante: int, bba: bool) -> int:
    """What an absent player in ``seat`` owes this hand: his blind, then a classic ante, or with a
    big-blind ante the big blind pays the blind first and then the ante (TDA RP-11)."""
    owed = 0
    if seat == pos.big_blind:
        owed += bb + (ante if bba else 0)
    elif seat == pos.small_blind and not pos.small_blind_dead:
        owed += sb
    if ante and not bba:
        owed += ante
    return owed


HANDLERS = (
    (TablesAdded, _tables_added),
    (SeatLocked, _seat_locked),
    (SeatsDrawn, _seats_drawn),
    (TableButtonSet, _button_set),
    (MovesAccepted, _moves_accepted),
    (HandNext, _hand_next),
    (HandFinished, _hand_finished),
    (HandForHandSet, _hand_for_hand),
)
