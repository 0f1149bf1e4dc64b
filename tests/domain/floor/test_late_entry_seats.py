"""A late registration or a re-entry draws from the new-player seat pool (TDA 8-A), never at the table that the
breaking order says breaks next (seed 004 T 5; TDA 11-C) while another table has an open seat."""

from __future__ import annotations

import random

from tournament_director.domain.floor.balancing import propose
from tournament_director.domain.floor.seating import draw_late_seat

from tests.domain.floor.floor_helpers import seated

# Four nine-seat tables; table 4 (the highest number) breaks first and is the shortest.
LAYOUT = {1: list(range(1, 9)), 2: list(range(1, 9)), 3: list(range(1, 8)), 4: [1, 2, 3, 5, 6]}


def _late_seat(t, seed: int) -> tuple[int, int, int]:
    """The seat a late entry gets, as the floor service draws it: the tables from the last to break, and the table
    that breaks next as the index of the floor reads it."""
    tables = [t.tables[n] for n in reversed(t.break_order())]
    return draw_late_seat(99, tables, t.table_index().first_to_break(), random.Random(seed))


def test_a_late_entry_is_not_seated_at_the_table_that_breaks_next_though_it_is_the_shortest():
    t = seated(LAYOUT, late_registration_until_level=6, reentry_limit=2)
    assert t.table_index().first_to_break() == 4
    seats = {_late_seat(t, seed) for seed in range(40)}
    assert {table for _, table, _ in seats} == {3}, "the shortest of the tables that stay"
    assert {seat for _, _, seat in seats} <= {8, 9}, "an open seat of table 3"


def test_the_predetermined_breaking_order_names_the_table_kept_free():
    t = seated({1: [1, 2, 3, 4], 2: [1, 2, 3], 3: list(range(1, 7))}, late_registration_until_level=6,
               break_order=[2, 1, 3])
    assert t.table_index().first_to_break() == 2
    assert {_late_seat(t, seed)[1] for seed in range(40)} == {1}


def test_when_every_other_table_is_full_the_table_that_breaks_next_takes_him():
    t = seated({1: list(range(1, 10)), 2: list(range(1, 10)), 3: [1, 2, 3, 4]}, late_registration_until_level=6)
    entry, table, seat = _late_seat(t, 7)
    assert (entry, table) == (99, 3) and seat in t.tables[3].open_seats()


def test_the_break_proposed_before_a_late_entry_still_takes_every_player_of_the_breaking_table():
    """The re-entry sits at a table that stays, so the table that breaks breaks with the players it had."""
    t = seated({1: list(range(1, 9)), 2: list(range(1, 8)), 3: list(range(1, 8)), 4: [1, 3, 5, 7]},
               late_registration_until_level=6, reentry_limit=2)
    before = propose(t.floor_picture(), random.Random(1))
    assert before.kind == "break" and before.broken_tables == (4,)
    _, table, seat = _late_seat(t, 3)
    t.apply("entry.registered", {"entry_id": len(t.entries) + 1, "name": "Late", "seat": [table, seat]})
    after = propose(t.floor_picture(), random.Random(1))
    leaving = {m.entry_id for m in after.moves if m.from_table == 4}
    assert after.kind == "break" and after.broken_tables == (4,)
    assert leaving == set(t.tables[4].seats.values()) == {m.entry_id for m in before.moves if m.from_table == 4}
