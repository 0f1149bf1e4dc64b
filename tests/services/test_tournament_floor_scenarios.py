"""Floor scenarios walked through TournamentService over a real SQLite file, every figure worked out by
hand from the rule texts (rules-reference 1.1, 1.2, 1.11, 2; seeds 000 and 004): the button, new and moved
players, balancing and breaking. Busts and places, money and absent players are in
test_tournament_busts_money_scenarios.py.

Seats are placed with the recorded "seats.drawn" event (the draw itself is random) so that each
scenario starts from a known table; everything after that goes through the service's commands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.services.floor_scenario_setup import BLINDS, open_service, seat_players  # noqa: F401 (a fixture)
from tournament_director.services.tournament import ForcedBets, TournamentService


def play(svc: TournamentService, table: int = 1, bets: ForcedBets = BLINDS) -> tuple[int | None, ...]:
    """Deal one hand at ``table`` and finish it; returns (button, small blind, big blind) seats."""
    svc.next_hand(table, bets)
    view = svc.table(table)
    svc.finish_hand(table)
    return view.button, view.small_blind, view.big_blind


def at(svc: TournamentService, table: int, seat: int) -> int:
    entry = svc.table(table).seats[seat - 1].entry_id
    assert entry is not None, f"nobody at table {table} seat {seat}"
    return entry


# --- the button: TDA 32, TDA 34-B ----------------------------------------------------------------
def test_dead_button_over_several_hands_with_busts_at_the_blinds_and_the_button_TDA_32(open_service):
    """rules-reference 1.1 [impl]: BB to the next seated player after last hand's BB; SB on last hand's
    BB seat (dead if empty); button on last hand's SB seat, even an empty one."""
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6]})
    assert play(svc) == (1, 2, 3)
    assert play(svc) == (2, 3, 4)
    svc.bust(at(svc, 1, 4), [1])  # the big blind busts
    svc.next_hand(1, BLINDS)
    view = svc.table(1)
    assert (view.button, view.small_blind, view.big_blind) == (3, 4, 5)
    assert view.small_blind_dead  # nobody posts the small blind on the empty seat 4
    svc.finish_hand(1)
    svc.bust(at(svc, 1, 3), [1])  # the button busts
    assert play(svc) == (4, 5, 6)  # the button on the empty seat 4: seat 3 is gone, seat 2 acts last
    assert play(svc) == (5, 6, 1)
    assert play(svc) == (6, 1, 2)
    assert play(svc) == (1, 2, 5)  # seats 3 and 4 are empty: the BB goes on to seat 5


def test_each_player_posts_the_big_blind_once_per_orbit_through_busts_TDA_32(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6, 7]})  # entry n in seat n
    big_blinds = []
    for hand in range(1, 15):
        svc.next_hand(1, BLINDS)
        view = svc.table(1)
        big_blinds.append(at(svc, 1, view.big_blind))
        svc.finish_hand(1)
        if hand == 3:
            svc.bust(at(svc, 1, view.big_blind), [1])  # entry 5 busts right after posting the BB
        if hand == 6:
            svc.bust(at(svc, 1, view.small_blind), [1])  # entry 7 busts right after posting the SB
    # By hand: 3, 4, 5 (busts), 6 (SB dead on seat 5), 7, 1 (entry 7 busts), 2, 3, 4, 6, 1, 2, 3, 4.
    assert big_blinds == [3, 4, 5, 6, 7, 1, 2, 3, 4, 6, 1, 2, 3, 4]


def test_moving_button_always_reaches_a_player_while_the_dead_button_stays_behind_seed_004_blinds_1(open_service):
    dead, moving = open_service(), open_service(button_mode="moving")
    for svc in (dead, moving):
        seat_players(svc, {1: [1, 2, 3, 4, 5, 6]})
        assert play(svc) == (1, 2, 3)
        svc.bust(at(svc, 1, 3), [1])  # the big blind busts
    assert play(dead) == (2, 3, 4)  # dead SB on the empty seat 3, BB to seat 4 (TDA 32)
    assert play(moving) == (2, 4, 5)  # seed 004 Blinds 1a: the button moves on, the blinds follow


def test_heads_up_first_hand_puts_the_drawn_button_on_the_small_blind_TDA_34B_seed_004_T9(open_service):
    """Fixed: the drawn button of a two-player table used to become the big blind of the first hand."""
    svc = open_service()
    seat_players(svc, {1: [2, 5]}, button={1: 5})
    assert svc.table(1).button == 5 and svc.table(1).small_blind == 5 and svc.table(1).big_blind == 2
    assert play(svc) == (5, 5, 2)
    assert play(svc) == (2, 2, 5)


@pytest.mark.parametrize("busted_seat, expected", [
    (2, (8, 8, 5)),  # the button busts: last BB (seat 8) takes the button and SB, seat 5 the BB
    (5, (8, 8, 2)),  # the small blind busts: seat 2 (last button) takes the BB
    (8, (5, 5, 2)),  # the big blind busts: the BB goes on to seat 2, seat 5 has the button
])
def test_start_of_heads_up_nobody_takes_the_big_blind_twice_running_TDA_34B(open_service, busted_seat, expected):
    svc = open_service()
    seat_players(svc, {1: [2, 5, 8]})
    assert play(svc) == (2, 5, 8)
    last_bb = at(svc, 1, 8)
    svc.bust(at(svc, 1, busted_seat), [at(svc, 1, 2 if busted_seat != 2 else 5)])
    button, sb, bb = play(svc)
    assert (button, sb, bb) == expected
    assert button == sb  # heads-up: the small blind is the button
    assert at(svc, 1, bb) != last_bb
    assert play(svc) == (bb, bb, button)  # then the blinds alternate


# --- new and moved players: TDA 8-A, 10-A; seed 004 T 8 ------------------------------------------------
@pytest.mark.parametrize("rule, busted_seat, new_seat, waits", [
    ("tda", None, 3, True),    # between the button (2) and the SB (4)
    ("tda", None, 6, False),   # after the BB
    ("tda", None, 9, False),   # late position
    ("tda", 4, 4, False),      # on the small-blind seat (dead SB seat): dealt in and posts the SB
    ("tda", 2, 2, False),      # on the (empty) button seat: dealt in with the button
    ("seed", None, 3, True),
    ("seed", 4, 4, True),      # seed 004 T 8: waits in the small-blind seat
    ("seed", 2, 2, True),      # ... and in the button seat
    ("seed", None, 6, False),
])
def test_a_late_player_is_dealt_in_unless_between_the_small_blind_and_the_button_TDA_8A_10A(
        open_service, rule, busted_seat, new_seat, waits):
    svc = open_service(late_registration_until_level=5, new_player_rule=rule)
    seat_players(svc, {1: [1, 2, 4, 5, 7, 8]}, close=False)
    assert play(svc) == (1, 2, 4)  # next hand: button 2, SB 4, BB 5
    if busted_seat is not None:
        svc.bust(at(svc, 1, busted_seat), [1])
    for seat in svc.table(1).seats:  # leave only the seat under test open for the seat pool
        if seat.entry_id is None and seat.seat != new_seat:
            svc.lock_seat(1, seat.seat)
    late = svc.register("Late", level=2)
    assert (late.table, late.seat) == (1, new_seat)
    assert late.waiting_for_button is waits
    assert svc.table(1).seats[new_seat - 1].waiting is waits
    svc.next_hand(1, BLINDS)
    view = svc.table(1)
    assert (view.button, view.small_blind, view.big_blind) == (2, 4, 5)
    assert view.small_blind_dead is (busted_seat == 4 and waits)  # nobody posts for a newcomer sitting out
    svc.finish_hand(1)
    assert svc.entry(late.entry_id).waiting_for_button is waits  # sat out the hand just dealt
    assert play(svc) == (4, 5, 6 if new_seat == 6 else 7)  # a newcomer in seat 6 is the next BB
    # The button has passed seats 2 and 3; seat 4 holds the button now, so under seed 004 T 8 its
    # newcomer (who sat down in the small blind) still waits for the button to pass him.
    assert svc.entry(late.entry_id).waiting_for_button is (rule == "seed" and new_seat == 4)
    play(svc)
    assert not svc.entry(late.entry_id).waiting_for_button


def test_a_moved_player_between_the_small_blind_and_the_button_waits_and_the_service_says_so_TDA_10A(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6, 7, 8, 9], 2: [1, 2, 4, 5, 7, 8]})
    assert play(svc, 2) == (1, 2, 4)  # table 2 next: button 2, SB 4, BB 5
    svc.move_player(1, 2, 3)
    assert svc.entry(1).waiting_for_button and svc.table(2).waiting == (1,)
    svc.move_player(2, 2, 6)
    assert not svc.entry(2).waiting_for_button


# --- balancing and breaking: TDA 11-A, 11-C, 11-D, 10-B; seed 004 T 5, T 6 --------------------------------
def three_full_tables(svc: TournamentService, **layout_seats: Any) -> None:
    seat_players(svc, {n: list(range(1, 10)) for n in (1, 2, 3)})
    for table in (1, 2, 3):
        play(svc, table)
        play(svc, table)  # every table: last hand button 2, SB 3, BB 4; next BB seat 5


def test_two_short_table_gets_the_player_due_the_big_blind_from_the_long_table_in_the_worst_seat_TDA_11A(open_service):
    svc = open_service()
    three_full_tables(svc)
    first = svc.bust(at(svc, 2, 6), [at(svc, 2, 1)])
    assert first.proposal.kind == "none"  # 9, 8, 9: within one (seed 004 T 6, six tables or fewer)
    second = svc.bust(at(svc, 2, 8), [at(svc, 2, 1)])  # 9, 7, 9
    proposal = second.proposal
    assert proposal.kind == "balance" and proposal.tolerance == 1 and len(proposal.moves) == 1
    [move] = proposal.moves
    # Tables 1 and 3 are both long; the predetermined procedure (TDA 11-C) takes the first to break: 3.
    assert (move.from_table, move.from_seat) == (3, 5)  # seat 5 is due the BB next at table 3
    assert move.entry_id == svc.table(3).next_big_blind == 23
    # Table 2's last BB was seat 4; its open seats are 6 and 8. Seat 6 reaches the BB soonest
    # (the hand after next); the SB seat (4) is never chosen.
    assert (move.to_table, move.to_seat) == (2, 6) and move.rule == "TDA 11-A"
    svc.accept_moves(proposal)
    assert [t.players for t in svc.tables()] == [9, 8, 8]
    assert not svc.entry(23).waiting_for_button
    assert play(svc, 2) == (3, 4, 5)
    assert play(svc, 2) == (4, 5, 6)  # the moved player posts the BB on his second hand there
    assert svc.propose_moves().kind == "none"


def test_worst_position_can_be_the_big_blind_at_once_and_is_never_the_small_blind_seat_TDA_11A(open_service):
    svc = open_service()
    seat_players(svc, {1: list(range(1, 10)), 2: [1, 2, 3, 5, 6, 7, 8]})
    assert play(svc, 2) == (1, 2, 3)  # table 2 next: SB 3, BB 5; open seats 4 and 9
    svc.bust(at(svc, 2, 3), [at(svc, 2, 1)])  # the coming small blind busts: seat 3 is open and the SB seat
    proposal = svc.propose_moves()  # 9 against 6: one move makes 8 and 7
    seats = [m.to_seat for m in proposal.moves if m.to_table == 2]
    assert seats == [4]  # seat 4 posts the BB in the very next hand; seat 3 (dead SB) is never used
    assert proposal.halt_tables == (2,)  # three short of the fullest (TDA 11-D)


def test_tolerance_by_number_of_tables_seed_004_T6(open_service):
    svc = open_service()
    seat_players(svc, {n: list(range(1, 10)) for n in range(1, 8)})
    svc.bust(at(svc, 7, 1), [at(svc, 7, 2)])
    assert svc.bust(at(svc, 7, 2), [at(svc, 7, 3)]).proposal.kind == "none"  # 7 tables: within two
    proposal = svc.bust(at(svc, 7, 3), [at(svc, 7, 4)]).proposal  # 9 ... 9, 6
    assert proposal.kind == "balance" and proposal.tolerance == 2 and len(proposal.moves) == 1
    assert proposal.halt_tables == (7,)  # TDA 11-D: three short
    assert svc.table(7).halt and not svc.table(1).halt


def test_halting_flag_at_three_short_of_the_fullest_TDA_11D(open_service):
    svc = open_service()
    three_full_tables(svc)
    for seat in (6, 7):
        svc.bust(at(svc, 2, seat), [at(svc, 2, 1)])
    assert not svc.table(2).halt  # two short
    result = svc.bust(at(svc, 2, 8), [at(svc, 2, 1)])
    assert svc.table(2).halt and "TDA 11-D" in svc.table(2).note
    assert result.proposal.halt_tables == (2,)


def test_the_player_due_the_big_blind_moves_even_when_he_was_moved_in_recently_TDA_11A(open_service):
    """TDA 11-A: the player due the big blind moves; having been moved in less than an orbit ago only decides
    between equally long tables."""
    svc = open_service()
    three_full_tables(svc)
    for seat in (6, 8):
        result = svc.bust(at(svc, 2, seat), [at(svc, 2, 1)])
    svc.accept_moves(result.proposal)  # entry 23 moves from table 3 to table 2 seat 6
    assert svc.entry(23).table == 2
    play(svc, 2)  # table 2: button 3, SB 4, BB 5; entry 23 (seat 6) is due the BB next
    assert svc.table(2).next_big_blind == 23
    for seat in (1, 2):
        svc.bust(at(svc, 3, seat), [at(svc, 3, 3)])  # 9, 8, 6: table 2 is now among the long ones
    for seat in (1, 2):
        result = svc.bust(at(svc, 1, seat), [at(svc, 1, 3)])  # 7, 8, 6: table 2 is the only long table
    movers = [m for m in result.proposal.moves if m.from_table == 2]
    assert movers and movers[0].entry_id == 23 and movers[0].rule == "TDA 11-A"


def bust_someone(svc: TournamentService, table: int) -> Any:
    """Bust the player in the lowest occupied seat of ``table``, eliminated by the next one."""
    occupied = [s.entry_id for s in svc.table(table).seats if s.entry_id is not None]
    return svc.bust(occupied[0], [occupied[1]])


def test_table_breaks_when_the_players_fit_in_one_fewer_highest_number_first_seed_004_T5(open_service):
    svc = open_service()
    three_full_tables(svc)
    kinds = []
    for table in (3, 3, 1, 1, 2, 2, 3, 1):  # 27 -> 19 players
        result = bust_someone(svc, table)
        kinds.append(result.proposal.kind)
        if result.proposal.kind == "balance":
            svc.accept_moves(result.proposal)
    assert "break" not in kinds  # 19 players do not fit at two tables of nine
    proposal = bust_someone(svc, 2).proposal  # 18 left fit at two tables of nine
    assert proposal.kind == "break" and proposal.broken_tables == (3,)
    leaving = {s.entry_id for s in svc.table(3).seats if s.entry_id}
    assert {m.entry_id for m in proposal.moves if m.rule == "TDA 10-B"} == leaving
    svc.accept_moves(proposal)
    assert [t.number for t in svc.tables()] == [1, 2] and [t.players for t in svc.tables()] == [9, 9]
    assert svc.check_invariants() == []


def test_configured_break_order_is_followed_TDA_11C(open_service):
    svc = open_service(break_order=[1, 3, 2])
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6], 2: list(range(1, 9)), 3: [1, 2, 3, 4]})
    assert svc.propose_moves().broken_tables == (1,)


def test_broken_table_draw_is_random_table_then_seat_into_the_seats_left_TDA_10B():
    """Two-step draw: different seeds give different seats, always open ones, always balanced."""
    from tournament_director.domain.floor.balancing import propose
    from tests.domain.floor.floor_helpers import seated

    t = seated({1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6, 7], 3: [2, 4, 6, 8]})
    open_seats = {(n, s) for n in (1, 2) for s in t.tables[n].open_seats()}
    outcomes = set()
    for seed in range(12):
        proposal = propose(t.floor_picture(), random.Random(seed))
        targets = [(m.to_table, m.to_seat) for m in proposal.moves]
        assert set(targets) <= open_seats and len(set(targets)) == 4
        assert sorted(n for n, _ in targets) == [1, 1, 1, 2]  # 6 + 3 and 7 + 1: 9 and 8, within one
        outcomes.add(tuple(targets))
    assert len(outcomes) > 3


def test_final_table_is_redrawn_with_a_drawn_button_and_can_start_the_next_level_seed_000_E(open_service):
    svc = open_service(final_table_next_level=True)
    seat_players(svc, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]})
    result = svc.bust(at(svc, 2, 1), [at(svc, 2, 2)])
    proposal = result.proposal
    assert proposal.kind == "final_table" and proposal.broken_tables == (2,) and proposal.start_next_level
    assert len(proposal.moves) == 9  # everybody draws again, the players at table 1 too
    svc.accept_moves(proposal)
    final = svc.table(1)
    assert final.players == 9 and final.button == proposal.buttons[0][1]
    assert final.waiting == () and svc.check_invariants() == []


def test_final_table_forms_at_its_configured_size_not_when_two_tables_first_fit_in_one_TDA_RP9(open_service):
    """Fixed: with an eight-handed final table on tables of nine, nine players used to be merged onto one
    table without the final-table redraw."""
    svc = open_service(final_table_size=8)
    seat_players(svc, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]})
    proposal = svc.bust(at(svc, 2, 1), [at(svc, 2, 2)]).proposal  # nine left on 5 + 4
    assert proposal.kind == "none"
    proposal = svc.bust(at(svc, 2, 2), [at(svc, 2, 3)]).proposal  # eight left on 5 + 3
    assert proposal.kind == "final_table" and len(proposal.moves) == 8


def test_a_late_registration_sits_at_the_shortest_table_that_breaks_last_TDA_8A_seed_004_T5(open_service):
    """Fixed: the seat pool always preferred the lowest table number, even when a configured break order
    makes that table the next to break."""
    svc = open_service(late_registration_until_level=5, break_order=[1, 2, 3])
    seat_players(svc, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]}, close=False)
    assert svc.register("Late 1", level=1).table == 3
    assert svc.register("Late 2", level=1).table == 2  # table 3 is no longer among the shortest
    default = open_service(late_registration_until_level=5)
    seat_players(default, {1: [1, 2, 3, 4], 2: [1, 2, 3, 4], 3: [1, 2, 3, 4]}, close=False)
    assert default.register("Late", level=1).table == 1  # highest number breaks first: table 1 breaks last
