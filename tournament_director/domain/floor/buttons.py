"""The button and the blinds at one table, hand by hand.

Dead button (TDA 32; WSOP 85; rules-reference 1.1 [impl]):
  1. the big blind goes to the next seated player after last hand's big blind;
  2. the small blind goes on last hand's big-blind seat (dead, nothing posted, if that seat is empty);
  3. the button goes on last hand's small-blind seat, even if that seat is empty.
Moving button (seed 004 Blinds 1a, an option): the button always moves to the next player, the
blinds follow. Heads-up (TDA 34-B; seed 004 T 9): the small blind is on the button, and the big blind
goes to the player who did not post it last hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tournament_director.domain.floor.seating import Table


@dataclass(frozen=True)
class Positions:
    button: int
    small_blind: int | None  # None: no small blind seat (cannot happen with two or more players)
    big_blind: int
    small_blind_dead: bool  # the small-blind seat is empty: nothing posted (TDA 32)


def next_occupied(table: Table, after: int, seats: dict[int, int] | None = None) -> int:
    """The first occupied seat clockwise after ``after`` (``after`` itself counts last)."""
    seats = table.seats if seats is None else seats
    for step in range(1, table.seat_count + 1):
        seat = (after - 1 + step) % table.seat_count + 1
        if seat in seats:
            return seat
    raise ValueError(f"table {table.number} has nobody seated")


def previous_occupied(table: Table, before: int) -> int:
    for step in range(1, table.seat_count + 1):
        seat = (before - 1 - step) % table.seat_count + 1
        if seat in table.seats:
            return seat
    raise ValueError(f"table {table.number} has nobody seated")


def initial_markers(table: Table, button: int) -> None:
    """Set the markers so that the next hand (hand 1) has its button on ``button``."""
    sb_seat = next_occupied(table, button)
    table.button = None
    table.small_blind = button
    table.big_blind = sb_seat


def upcoming_positions(table: Table, button_mode: str = "dead") -> Positions:
    """Where the button and blinds fall for the next hand, from the last hand's positions."""
    if table.players < 2:
        raise ValueError(f"table {table.number} needs two players to deal")
    last_bb = table.big_blind if table.big_blind is not None else next_occupied(table, 0)
    if table.players == 2:
        occupied = sorted(table.seats)
        if table.button is None and table.small_blind in table.seats:
            # First hand after a draw or a correction (initial_markers): the drawn button is the small
            # blind, the other player the big blind (TDA 34-B; seed 004 T 9).
            button = table.small_blind
            bb = next(s for s in occupied if s != button)
            return Positions(button=button, small_blind=button, big_blind=bb, small_blind_dead=False)
        # Heads-up: the big blind goes to the player who did not post it last hand (TDA 34-B).
        last_bb_entry = table.seats.get(last_bb, table.heads_up_bb_entry)
        others = [s for s in occupied if table.seats[s] != last_bb_entry]
        bb = others[0] if len(others) == 1 else next_occupied(table, last_bb)
        button = next(s for s in occupied if s != bb)
        return Positions(button=button, small_blind=button, big_blind=bb, small_blind_dead=False)
    if button_mode == "moving":
        last_button = table.button if table.button is not None else (table.small_blind or last_bb)
        button = next_occupied(table, last_button) if table.button is not None else last_button
        if button not in table.seats:
            button = next_occupied(table, button)
        sb = next_occupied(table, button)
        bb = next_occupied(table, sb)
        return Positions(button=button, small_blind=sb, big_blind=bb, small_blind_dead=False)
    bb = next_occupied(table, last_bb)
    sb = last_bb
    button = table.small_blind if table.small_blind is not None else previous_occupied(table, sb)
    if button == sb or button == bb:
        button = previous_occupied(table, sb)
    return Positions(button=button, small_blind=sb, big_blind=bb, small_blind_dead=sb not in table.seats)


def between_button_and_small_blind(table: Table, seat: int, positions: Positions) -> bool:
    """True when ``seat`` lies clockwise strictly after the button and before the small blind."""
    sb = positions.small_blind if positions.small_blind is not None else positions.big_blind
    distance_seat = (seat - positions.button) % table.seat_count
    distance_sb = (sb - positions.button) % table.seat_count
    return 0 < distance_seat < distance_sb


def must_wait_for_button(table: Table, seat: int, positions: Positions, rule: str = "tda") -> bool:
    """TDA 8-A/10-A: a new or moved player is dealt in unless his seat is between the small blind and
    the button. Seed 004 T 8 (rule "seed"): he also waits in the small-blind or button seat."""
    if table.players <= 2:
        return False
    if between_button_and_small_blind(table, seat, positions):
        return True
    return rule == "seed" and seat in (positions.button, positions.small_blind)


def due_big_blind_order(table: Table, button_mode: str = "dead") -> list[int]:
    """The seated entries in the order they are due the big blind, the next one first."""
    if table.players == 0:
        return []
    if table.players == 1:
        return list(table.seats.values())
    first = upcoming_positions(table, button_mode).big_blind
    order = [first]
    seat = first
    for _ in range(table.players - 1):
        seat = next_occupied(table, seat)
        order.append(seat)
    return [table.seats[s] for s in order]


def worst_position_seats(table: Table, button_mode: str = "dead") -> list[int]:
    """Open seats from the worst position to the best for a player moved in to balance (TDA 11-A): the
    seat that reaches the big blind soonest first, never a seat that would post the small blind next hand.

    Each seat is judged with the player in it, since his arrival can change the next hand's positions
    (a heads-up table becomes three-handed, the dead small blind falls on his seat). A table of one player plays
    no hand until he comes, so there the small blind's seat comes last instead of never: a table that waited for
    its next hand would wait for ever."""
    open_seats = table.open_seats()
    if table.players < 1:
        return open_seats
    ranked: list[tuple[bool, int, int]] = []
    for seat in open_seats:
        probe = replace(table, seats={**table.seats, seat: _NEWCOMER}, waiting=set(table.waiting))
        positions = upcoming_positions(probe, button_mode)
        small_blind = seat == positions.small_blind
        if small_blind and table.players >= 2:
            continue
        ranked.append((small_blind, (seat - positions.big_blind) % table.seat_count, seat))
    return [seat for *_, seat in sorted(ranked)]


_NEWCOMER = -1  # a stand-in entry id for the player being placed
