"""Balancing, breaking and the final table: TDA 11-A, 11-C, 11-D, 10-B; seed 004 T 5, T 6; TDA RP-9."""

from __future__ import annotations

import random

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.balancing import Move, propose
from tournament_director.domain.floor.buttons import due_big_blind_order, upcoming_positions

from .floor_helpers import configured, deal, drawn, seated


def accept(t, proposal):
    t.apply("moves.accepted", {"kind": proposal.kind, "moves": [m.to_dict() for m in proposal.moves],
                               "broken_tables": list(proposal.broken_tables),
                               "buttons": [list(b) for b in proposal.buttons]})


def counts(t):
    return {n: tb.players for n, tb in t.tables.items() if not tb.broken}


def test_player_due_the_big_blind_moves_to_the_worst_position_at_the_short_table_TDA_11A():
    t = seated({1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6]}, tolerance_few_tables=1)
    deal(t, 1)
    deal(t, 2)  # table 2: D1 SB2 BB3 ; its next big blind falls on seat 4
    due = due_big_blind_order(t.tables[1])[0]
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "balance" and len(proposal.moves) == 1
    move = proposal.moves[0]
    assert move.entry_id == due and move.rule == "TDA 11-A"
    assert (move.from_table, move.to_table) == (1, 2)
    # The worst position: the open seat that reaches the big blind soonest (seat 4, right after BB 3)
    assert move.to_seat == 7  # seats 4-6 are taken; the first open seat after the big blind
    assert move.to_seat != upcoming_positions(t.tables[2]).small_blind


def test_the_moved_player_is_never_put_in_the_small_blind_seat_TDA_11A():
    t = seated({1: [1, 2, 3, 4, 5, 6, 7, 8, 9], 2: [1, 3, 4, 5, 6, 7]})
    deal(t, 2)  # table 2: D1 SB3 BB4
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[2].seats[4], "eliminated_by": [1]}]})
    # Next hand at table 2: the small blind falls on the empty seat 4 (dead small blind).
    proposal = propose(t.floor_picture(), random.Random(2))
    seats_to_2 = [m.to_seat for m in proposal.moves if m.to_table == 2]
    assert seats_to_2 and 4 not in seats_to_2


def test_tolerance_is_two_players_with_more_than_six_tables_seed_004_T6():
    layout = {n: list(range(1, 10)) for n in range(1, 8)}
    layout[7] = list(range(1, 8))  # 9 ... 9, 7: within two
    t = seated(layout)
    assert propose(t.floor_picture(), random.Random(1)).kind == "none"
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[7].seats[1], "eliminated_by": [1]}]})
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "balance" and proposal.tolerance == 2


def test_tolerance_is_one_player_with_six_tables_or_fewer_seed_004_T6():
    t = seated({1: list(range(1, 10)), 2: list(range(1, 8))})
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "balance" and proposal.tolerance == 1
    accept(t, proposal)
    assert counts(t) == {1: 8, 2: 8}


def move_in(t, entry: int, to_table: int, to_seat: int) -> None:
    """The director moves ``entry`` to ``to_table``: he counts as moved in (recently moved) for an orbit."""
    table, seat = t.entries[entry].table, t.entries[entry].seat
    t.apply("moves.accepted", {"kind": "manual", "moves": [Move(entry, table, seat, to_table, to_seat,
                                                                 "TD decision").to_dict()],
                               "broken_tables": [], "buttons": []})


def play_until_due(t, table: int, entry: int) -> None:
    """Deal hands at ``table`` until ``entry`` is the next player due the big blind."""
    for _ in range(t.tables[table].seat_count):
        if due_big_blind_order(t.tables[table])[0] == entry:
            return
        deal(t, table)
        t.apply("hand.finished", {"tables": [table]})
    raise AssertionError(f"entry {entry} never came due the big blind")


def test_the_player_due_the_big_blind_moves_even_when_he_was_moved_in_recently_TDA_11A():
    """TDA 11-A: the player due the big blind moves. Table 1 is the only long table; the player due its big blind
    arrived less than an orbit ago, and he is the one who moves, not the next one."""
    t = seated({1: list(range(1, 9)), 2: list(range(1, 7))}, tolerance_few_tables=1)
    newcomer = t.tables[2].seats[6]
    move_in(t, newcomer, 1, 9)  # 9 at table 1, 5 at table 2
    play_until_due(t, 1, newcomer)
    assert t.recently_moved(newcomer)
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "balance"
    first = proposal.moves[0]
    assert (first.entry_id, first.from_table, first.to_table, first.rule) == (newcomer, 1, 2, "TDA 11-A")


def test_between_equally_long_tables_recently_moved_decides_which_one_gives_TDA_11A():
    """Tables 1 and 2 are equally long; table 2 breaks first, so it would give first, but the player due its big
    blind was moved in recently: table 1's player due the big blind moves. Then table 2 is the only long table and
    its player due the big blind moves, recently moved or not."""
    t = seated({1: list(range(1, 9)), 2: list(range(1, 8)), 3: list(range(1, 7))}, tolerance_few_tables=1)
    newcomer = t.tables[3].seats[6]
    move_in(t, newcomer, 2, 8)  # 8, 8, 5
    play_until_due(t, 2, newcomer)
    assert t.recently_moved(newcomer) and t.break_order()[:2] == [3, 2]
    due_at_1 = due_big_blind_order(t.tables[1])[0]
    assert not t.recently_moved(due_at_1)
    proposal = propose(t.floor_picture(), random.Random(1))
    assert [(m.entry_id, m.from_table, m.to_table) for m in proposal.moves] == [(due_at_1, 1, 3), (newcomer, 2, 3)]
    accept(t, proposal)
    assert counts(t) == {1: 7, 2: 7, 3: 7}


def test_tables_three_short_of_the_fullest_are_flagged_for_halting_TDA_11D():
    t = seated({1: list(range(1, 10)), 2: list(range(1, 10)), 3: [1, 2, 3, 4, 5, 6]})
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.halt_tables == (3,)


def test_the_highest_numbered_table_breaks_first_when_the_players_fit_in_one_fewer_seed_004_T5():
    t = seated({1: list(range(1, 9)), 2: list(range(1, 9)), 3: [1, 2]})
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "break" and proposal.broken_tables == (3,)
    assert all(m.rule == "TDA 10-B" for m in proposal.moves if m.from_table == 3)
    accept(t, proposal)
    assert t.tables[3].broken and counts(t) == {1: 9, 2: 9}
    assert t.check_invariants() == []


def test_a_predetermined_break_order_is_followed_TDA_11C():
    t = seated({1: list(range(1, 9)), 2: [1, 2], 3: list(range(1, 9))}, break_order=[2, 3, 1])
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.broken_tables == (2,)


def test_broken_table_players_draw_table_then_seat_and_the_tables_end_balanced_TDA_10B():
    t = seated({1: list(range(1, 7)), 2: list(range(1, 8)), 3: list(range(1, 6)), 4: [1, 2, 3, 4]})
    seen_seats = set()
    for seed in range(20):  # the draw is random: different seeds give different seats
        proposal = propose(t.floor_picture(), random.Random(seed))
        assert proposal.kind == "break" and proposal.broken_tables == (4,)
        seen_seats.add(tuple((m.entry_id, m.to_table, m.to_seat) for m in proposal.moves))
        after = dict(counts(t))
        for m in proposal.moves:
            after[m.from_table] -= 1
            after[m.to_table] += 1
        after.pop(4)
        assert max(after.values()) - min(after.values()) <= 1
    assert len(seen_seats) > 1


def test_final_table_is_redrawn_with_a_new_button_when_the_players_fit_at_one_table_TDA_RP9():
    t = seated({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]}, final_table_next_level=True)
    proposal = propose(t.floor_picture(), random.Random(3))
    assert proposal.kind == "final_table" and proposal.broken_tables == (2,)
    assert len(proposal.moves) == 9 and proposal.start_next_level  # seed 000 E house option
    accept(t, proposal)
    assert counts(t) == {1: 9} and t.tables[1].big_blind is not None
    assert t.check_invariants() == []


def test_a_move_that_no_longer_fits_is_refused_and_nothing_moves():
    t = seated({1: list(range(1, 10)), 2: list(range(1, 8))})
    proposal = propose(t.floor_picture(), random.Random(1))
    mover = proposal.moves[0].entry_id
    t.apply("entry.busted", {"busts": [{"entry_id": mover, "eliminated_by": [1 if mover != 1 else 2]}]})
    before = t.to_snapshot()
    with pytest.raises(DomainError):
        accept(t, proposal)
    assert t.to_snapshot() == before


def test_moves_are_refused_while_the_source_table_is_in_a_hand():
    t = seated({1: list(range(1, 10)), 2: list(range(1, 8))})
    proposal = propose(t.floor_picture(), random.Random(1))
    deal(t, 1)
    with pytest.raises(DomainError, match="in a hand"):
        accept(t, proposal)


def test_moved_player_into_the_seat_between_button_and_small_blind_waits_TDA_10A():
    t = seated({1: list(range(1, 10)), 2: [1, 2, 5, 6, 7, 8, 9]})
    deal(t, 2)  # table 2: D1 SB2 BB5 ; next hand D2 SB5 BB6: seats 3, 4 between button and SB
    proposal = propose(t.floor_picture(), random.Random(1))
    move = proposal.moves[0]
    edited = proposal.with_moves([type(move)(move.entry_id, move.from_table, move.from_seat, 2, 3, move.rule)])
    accept(t, edited)
    assert move.entry_id in t.tables[2].waiting


def test_a_large_field_is_drawn_balanced():
    t = drawn(1_000, 112)
    sizes = counts(t).values()
    assert max(sizes) - min(sizes) <= 1 and sum(sizes) == 1_000
    assert t.check_invariants() == []


def test_a_table_whose_only_open_seat_is_the_small_blind_takes_its_player_after_its_next_hand_TDA_11A():
    """The small-blind seat is never the worst position (TDA 11-A), even when it is the short table's only
    open seat: the proposal says to deal that table's next hand, and then moves the player due the big
    blind into the seat, which is no longer the small blind (found by the whole-tournament simulation)."""
    t = seated({1: [1, 2, 4, 5], 2: [1, 2, 3, 4, 5]}, seats=5, button={1: 1, 2: 1}, tolerance_few_tables=1)
    t.apply("seat.locked", {"table": 1, "seat": 3, "locked": True})  # a dealer's seat
    deal(t, 1)  # table 1: D1 SB2 BB4
    t.apply("hand.finished", {"tables": [1]})
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1]}]})  # the big blind, seat 4
    assert upcoming_positions(t.tables[1]).small_blind == 4 and t.tables[1].open_seats() == [4]
    waiting = propose(t.floor_picture(), random.Random(1))
    assert waiting.moves == () and "table 1: the only open seat is the small blind" in waiting.note
    deal(t, 1)  # D2, SB4 dead, BB5
    t.apply("hand.finished", {"tables": [1]})
    proposal = propose(t.floor_picture(), random.Random(1))
    [move] = proposal.moves
    assert move.entry_id == due_big_blind_order(t.tables[2])[0]
    assert (move.to_table, move.to_seat) == (1, 4) and upcoming_positions(t.tables[1]).small_blind != 4


def test_a_player_moved_to_a_heads_up_table_is_judged_in_his_new_seat_and_never_posts_the_small_blind_TDA_11A():
    """Two players left at a three-seat table whose big blind just busted: the open seat is where the dead
    small blind falls once a third player sits down, so nobody moves there until that table deals a hand
    (found by the whole-tournament simulation, which saw the moved player post the small blind)."""
    t = configured(tolerance_few_tables=1)
    t.apply("tables.added", {"tables": [{"number": 1, "seats": 3}, {"number": 2, "seats": 5}]})
    t.apply("entries.imported", {"entries": [{"entry_id": i, "name": f"P{i}"} for i in range(1, 9)]})
    t.apply("seats.drawn", {"assignments": [[e, 1, e] for e in (1, 2, 3)] + [[e, 2, e - 3] for e in range(4, 9)],
                            "buttons": [[1, 1], [2, 1]]})
    t.apply("registration.closed", {"closed": True})
    deal(t, 1)  # table 1: D1 SB2 BB3
    t.apply("hand.finished", {"tables": [1]})
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1]}]})
    assert propose(t.floor_picture(), random.Random(2)).moves == ()
    deal(t, 1)  # heads-up hand
    t.apply("hand.finished", {"tables": [1]})
    [move] = propose(t.floor_picture(), random.Random(2)).moves
    accept(t, propose(t.floor_picture(), random.Random(2)))
    assert (move.to_table, move.to_seat) == (1, 3)
    assert upcoming_positions(t.tables[1]).small_blind != 3


def test_a_table_opened_for_a_late_registration_gets_its_button_so_the_first_player_moved_in_takes_the_big_blind_TDA_11A():
    """A new table with one late registration and no button yet: balancing brings players in, and the
    proposal places the button so the player due the big blind (moved first) posts it on the first hand
    rather than the small blind (found by the whole-tournament simulation)."""
    t = seated({1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6, 7, 8]}, seats=8, tolerance_few_tables=1,
               late_registration_until_level=3)
    t.apply("tables.added", {"tables": [{"number": 3, "seats": 8}]})
    t.apply("entry.registered", {"entry_id": 17, "name": "Late", "level": 1, "seat": [3, 1]})
    assert t.tables[3].big_blind is None
    proposal = propose(t.floor_picture(), random.Random(3))
    assert proposal.kind == "balance" and {m.to_table for m in proposal.moves} == {3}
    first = proposal.moves[0]
    assert first.entry_id == due_big_blind_order(t.tables[first.from_table])[0]
    accept(t, proposal)
    positions = upcoming_positions(t.tables[3])
    assert t.tables[3].seats[positions.big_blind] == first.entry_id
    assert all(t.tables[3].seats[positions.small_blind] != m.entry_id for m in proposal.moves)


def test_a_table_left_with_one_player_takes_a_player_even_where_every_seat_would_post_the_small_blind_TDA_11A():
    """The button's player alone at his table after the blinds busted: with a second player the next hand is heads-up
    and the newcomer posts the small blind whichever seat he takes. A table of one plays no hand, so waiting for its
    next hand (as a short table whose only open seat is the small blind does) would wait for ever: he moves in at
    once (found by the property test of random floors)."""
    t = seated({1: [1, 2, 3], 2: [1, 2, 3], 3: [1, 2, 3]}, seats=3, button={1: 3, 2: 1, 3: 1}, tolerance_few_tables=1)
    deal(t, 1)  # table 1: D3 SB1 BB2
    t.apply("hand.finished", {"tables": [1]})
    t.apply("entry.busted", {"busts": [{"entry_id": 1, "eliminated_by": [3]}, {"entry_id": 2, "eliminated_by": [3]}]})
    proposal = propose(t.floor_picture(), random.Random(1))
    assert proposal.kind == "balance" and "deal its next hand" not in proposal.note
    [move] = proposal.moves
    assert move.to_table == 1 and move.entry_id == due_big_blind_order(t.tables[move.from_table])[0]
    accept(t, proposal)
    assert sorted(tb.players for tb in t.tables.values()) == [2, 2, 3]
