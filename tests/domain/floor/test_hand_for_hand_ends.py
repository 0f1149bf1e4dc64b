"""Hand-for-hand ends with the event that brings the tournament down to one table (TDA RP-8): the bust after which
the players left fit at the final table, or the moves that leave one table."""

from __future__ import annotations

import random

from tournament_director.domain.floor.balancing import propose

from tests.domain.floor.floor_helpers import seated


def _bubble():
    """Two nine-seat tables, 5 + 5 players, hand-for-hand on: one bust from the final table of nine."""
    t = seated({1: [1, 2, 3, 4, 5], 2: [1, 3, 5, 7, 9]})
    t.apply("hand_for_hand.set", {"on": True})
    return t


def _bust(t, entry_id: int, by: int) -> None:
    t.apply("entry.busted", {"busts": [{"entry_id": entry_id, "eliminated_by": [by]}],
                             "hand_for_hand_hand": t.hand_for_hand_hand})


def test_the_bust_that_leaves_a_final_table_of_players_ends_hand_for_hand():
    t = _bubble()
    _bust(t, 10, 9)
    assert t.hand_for_hand is False
    assert t.bust_groups[-1].hand_for_hand_hand is not None, "the bust itself was on a hand-for-hand hand"
    assert propose(t.floor_picture(), random.Random(1)).kind == "final_table"


def test_a_bust_that_leaves_two_tables_keeps_hand_for_hand():
    t = seated({1: [1, 2, 3, 4, 5, 6], 2: [1, 3, 5, 7, 9]})
    t.apply("hand_for_hand.set", {"on": True})
    _bust(t, 11, 10)
    assert t.hand_for_hand is True


def test_the_moves_that_leave_one_table_end_hand_for_hand():
    """A final table of eight at nine-seat tables: nine players left still play hand-for-hand at two tables until
    the director seats them all at one."""
    t = seated({1: [1, 2, 3, 4, 5], 2: [1, 3, 5, 7]}, final_table_size=8)
    t.apply("hand_for_hand.set", {"on": True})
    moves = [{"entry_id": entry, "from": [2, seat], "to": [1, to_seat], "rule": "TD decision"}
             for (seat, entry), to_seat in zip(sorted(t.tables[2].seats.items()), (6, 7, 8, 9))]
    t.apply("moves.accepted", {"kind": "manual", "moves": moves, "broken_tables": [2], "buttons": []})
    assert t.hand_for_hand is False


def test_the_director_may_turn_it_on_at_one_table_and_it_stays():
    t = seated({1: [1, 2, 3, 4, 5, 6]})
    t.apply("hand_for_hand.set", {"on": True})
    _bust(t, 6, 5)
    assert t.hand_for_hand is True
