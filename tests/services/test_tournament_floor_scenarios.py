"""Floor scenarios walked through TournamentService over a real SQLite file, every figure worked out by
hand from the rule texts (rules-reference 1.1, 1.2, 1.11, 2; seeds 000 and 004).

Seats are placed with the recorded "seats.drawn" event (the draw itself is random) so that each
scenario starts from a known table; everything after that goes through the service's commands.
"""

from __future__ import annotations

import random
from datetime import datetime, timezone
from typing import Any

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import ForcedBets, TournamentService
from tournament_director.store import Store

BLINDS = ForcedBets(50, 100)


@pytest.fixture
def open_service(tmp_path):
    stores: list[Store] = []

    def make(**settings: Any) -> TournamentService:
        store = Store.open(tmp_path / f"t{len(stores)}.sqlite", backup_dir=tmp_path / "backups")
        stores.append(store)
        runner = CommandRunner(store, store.create_tournament("Scenario"))
        svc = TournamentService(runner, rng=random.Random(11),
                                now=lambda: datetime(2025, 3, 7, 19, 30, tzinfo=timezone.utc))
        svc.configure({"name": "Scenario", **settings})
        return svc

    yield make
    for store in stores:
        store.close()


def seat_players(svc: TournamentService, layout: dict[int, list[int]], button: dict[int, int] | None = None,
                 seats: int = 9, close: bool = True) -> None:
    """Tables ``{number: [occupied seats]}``; entries 1, 2, ... in table and seat order; the first
    button on the lowest occupied seat unless ``button`` says otherwise."""
    svc.add_tables(len(layout), seats)
    count = sum(len(s) for s in layout.values())
    svc.register_many([f"P{i}" for i in range(1, count + 1)])
    assignments, entry = [], 1
    for number in sorted(layout):
        for seat in layout[number]:
            assignments.append([entry, number, seat])
            entry += 1
    buttons = [[n, (button or {}).get(n, min(s))] for n, s in layout.items() if len(s) >= 2]
    svc.runner.execute("seats.drawn", {"assignments": assignments, "buttons": buttons})
    if close:
        svc.close_registration()


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


def test_a_recently_moved_player_is_not_chosen_again_while_another_choice_exists_TDA_11A(open_service):
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
        result = svc.bust(at(svc, 1, seat), [at(svc, 1, 3)])  # 7, 8, 6
    movers = [m for m in result.proposal.moves if m.from_table == 2]
    assert movers and 23 not in [m.entry_id for m in movers]
    assert movers[0].entry_id == at(svc, 2, 7)  # the next one due the BB after him


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


# --- busts and places: seed 004 T 11; WSOP 126b; TDA RP-8 ---------------------------------------------------
def test_places_are_players_left_plus_one_and_same_hand_busts_go_by_starting_stack_seed_004_T11(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6, 7, 8]})
    assert svc.bust(8, [1]).busted[0].place == 8
    result = svc.bust_many([(5, [1], 4_000), (6, [1], 9_000), (7, [1], 2_500)])
    assert [(b.entry_id, b.place) for b in result.busted] == [(5, 6), (6, 5), (7, 7)]
    assert svc.players_left == 4


@pytest.mark.parametrize("stacks, expected", [
    # Six left, five paid (40/25/15/12/8 % of 2,000): three bust on the bubble hand.
    ({4: 8_000, 5: 5_000, 6: 5_000}, {4: ((4, 4), 240), 5: ((5, 6), 80), 6: ((5, 6), 80)}),
    # Equal stacks tie for places 4-6 and share 240 + 160 + 0 = 400 in units of 5: 135, 135, 130.
    ({4: 5_000, 5: 5_000, 6: 5_000}, {4: ((4, 6), 135), 5: ((4, 6), 135), 6: ((4, 6), 130)}),
])
def test_three_busted_on_the_money_bubble_tie_on_equal_stacks_and_share_the_places_they_cover_seed_004_T11(
        open_service, stacks, expected):
    svc = open_service(buy_in=200, payout_unit=5)
    seat_players(svc, {1: list(range(1, 11))}, seats=10)
    svc.edit_payouts(["40", "25", "15", "12", "8"])
    for entry in (10, 9, 8, 7):
        svc.bust(entry, [1])
    result = svc.bust_many([(e, [1], chips) for e, chips in stacks.items()])
    assert {b.entry_id: (b.place, b.place_to) for b in result.busted} == {e: p for e, (p, _) in expected.items()}
    prizes = {r.entry_id: r.prize for r in svc.standings()}
    assert {e: prizes[e] for e in expected} == {e: prize for e, (_, prize) in expected.items()}
    svc.bust_many([(2, [1]), (3, [1], 1)])
    assert svc.finished
    assert sum(r.prize for r in svc.results()) == svc.prize_pool().prize_pool == 2_000


def test_hand_for_hand_busts_at_different_tables_tie_WSOP_126b(open_service):
    svc = open_service(buy_in=100)
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6]})
    svc.set_hand_for_hand(True)
    svc.next_hand(None, BLINDS)
    svc.bust(2, [1], start_chips=12_000)  # table 1
    svc.bust(8, [7], start_chips=3_000)   # table 2, the same hand-for-hand hand
    assert svc.entry(2).place == 11 and svc.entry(2).place_to == 12
    assert svc.entry(8).place == 11 and svc.entry(8).place_to == 12
    svc.next_hand(None, BLINDS)
    assert svc.bust(3, [1]).busted[0].place == 10  # the next hand is a new group


def test_undo_of_a_bust_in_the_middle_restores_seat_chips_prize_pool_and_every_later_place(open_service):
    svc = open_service(buy_in=100, rebuy_limit=1, rebuy_price=100, rebuy_chips=10_000)
    seat_players(svc, {1: list(range(1, 10))})
    svc.rebuy(4)
    pool = svc.prize_pool()
    svc.bust(9, [1])
    svc.bust(4, [2])  # 20,000 chips (with his rebuy) to entry 2
    middle = svc.runner.last_seq
    svc.bust(7, [1])
    svc.bust(6, [3])
    assert [svc.entry(e).place for e in (9, 4, 7, 6)] == [9, 8, 7, 6]
    svc.runner.undo(middle)
    back = svc.entry(4)
    assert (back.table, back.seat, back.chips, back.busted, back.place) == (1, 4, 20_000, False, None)
    assert svc.entry(2).chips == 10_000
    assert [svc.entry(e).place for e in (9, 7, 6)] == [9, 8, 7]
    after = svc.prize_pool()
    assert (after.prize_pool, after.prizes, after.rebuys) == (pool.prize_pool, pool.prizes, 1)
    assert pool.prizes == (500, 300, 200)  # 9 entries and a rebuy: 50 / 30 / 20 % of 1,000
    assert svc.players_left == 6
    assert svc.check_invariants() == []


def test_bust_with_two_eliminators_splits_chips_and_progressive_bounty_both_ways(open_service):
    """Progressive knockout: half of the bounty in cash, half onto the eliminator's own bounty, each half
    shared between the two eliminators."""
    svc = open_service(buy_in=100, bounty_mode="progressive", bounty=100, pko_cash_percent=50)
    seat_players(svc, {1: [1, 2, 3, 4]})
    svc.bust(3, [1, 2])
    for winner in (1, 2):
        view = svc.entry(winner)
        assert (view.chips, view.bounty_won, view.bounty) == (15_000, 25, 125)
    svc.bust(1, [2])  # entry 2 collects half of entry 1's 125 (62) and puts 63 on his own head
    assert (svc.entry(2).bounty_won, svc.entry(2).bounty) == (25 + 62, 125 + 63)


def test_fixed_bounty_split_between_two_eliminators(open_service):
    svc = open_service(bounty_mode="fixed", bounty=25)
    seat_players(svc, {1: [1, 2, 3, 4]})
    svc.bust(3, [1, 2])
    assert (svc.entry(1).bounty_won, svc.entry(2).bounty_won) == (13, 12)
    assert svc.entry(1).bounty == 25  # a fixed bounty does not grow


# --- money --------------------------------------------------------------------------------------------------
def test_prize_pool_with_percentage_rake_fixed_fee_rebuys_add_ons_and_guarantee(open_service):
    svc = open_service(buy_in=100, fee=10, rake_percent=5, rebuy_limit=2, rebuy_price=100, rebuy_chips=10_000,
                       addon_enabled=True, addon_price=50, addon_chips=15_000, guarantee=2_000, payout_unit=5)
    seat_players(svc, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]})
    svc.rebuy(1)
    svc.rebuy(2)
    for entry in (1, 2, 3):
        svc.add_on(entry)
    pool = svc.prize_pool()
    # 10 x (100 - 5 rake) + 2 x (100 - 5) + 3 x (50 - 2) = 950 + 190 + 144
    assert pool.contributions == 1_284
    assert pool.house == 10 * (10 + 5) + 2 * 5 + 3 * 2 == 166
    assert (pool.guarantee, pool.top_up, pool.prize_pool) == (2_000, 716, 2_000)
    # 8-10 entries: 50 / 30 / 20 % of 2,000 = 1,000 / 600 / 400, already whole units of 5.
    assert pool.prizes == (1_000, 600, 400)
    assert svc.chips_in_play == 10 * 10_000 + 2 * 10_000 + 3 * 15_000


def test_icm_deal_for_three_matches_a_hand_computed_malmuth_harville_result(open_service):
    """Stacks 5,000 / 3,000 / 2,000 for prizes 500 / 300 / 200.
    P(A 2nd) = .3 x 5/7 + .2 x 5/8 = .33929, P(A 3rd) = .16071: A = 250 + 101.79 + 32.14 = 383.93.
    P(B 2nd) = .5 x 3/5 + .2 x 3/8 = .375, P(B 3rd) = .325: B = 150 + 112.50 + 65.00 = 327.50.
    C = 1,000 - 383.93 - 327.50 = 288.57. Whole units: 383 / 327 / 288, the 2 left over to the leader."""
    svc = open_service(buy_in=100)
    seat_players(svc, {1: list(range(1, 11))}, seats=10)
    svc.edit_payouts(["50", "30", "20"])
    for entry in range(4, 11):
        svc.bust(entry, [1])
    svc.record_chips({1: 5_000, 2: 3_000, 3: 2_000})
    deal = svc.propose_deal("icm")
    assert dict(deal.shares) == {1: 385, 2: 327, 3: 288} and deal.total == 1_000
    chop = svc.propose_deal("chip_chop")
    assert dict(chop.shares) == {1: 500, 2: 300, 3: 200}
    svc.make_deal(deal)
    assert {r.entry_id: r.prize for r in svc.standings()}[1] == 385
    assert sum(r.prize for r in svc.standings()) == svc.prize_pool().prize_pool


# --- absent players: TDA 30, 71-C; seed 004 T 2, 4, 7 ------------------------------------------------------
def test_absent_players_post_blinds_and_antes_each_hand_and_short_blinds_are_all_in_seed_004_T7(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5, 6]})
    svc.record_chips({2: 10_000, 3: 700, 5: 10_000})
    for entry in (2, 3, 5):
        svc.set_present(entry, False)
    svc.next_hand(1, ForcedBets(200, 400, 50))  # button 1, SB 2, BB 3
    assert svc.entry(2).chips == 10_000 - 200 - 50
    assert svc.entry(3).chips == 700 - 400 - 50
    assert svc.entry(5).chips == 10_000 - 50
    svc.finish_hand(1)
    svc.next_hand(1, ForcedBets(200, 400, 50))  # button 2, SB 3 (250 left: all in, never makes up), BB 4
    assert svc.entry(3).busted and svc.entry(3).place == 6
    assert svc.entry(2).chips == 9_750 - 50
    svc.finish_hand(1)
    svc.set_present(2, True)
    svc.next_hand(1, ForcedBets(200, 400, 50))
    assert svc.entry(2).chips == 9_700  # present again: the floor no longer posts for him
    assert svc.check_invariants() == []


def test_absent_big_blind_with_a_big_blind_ante_posts_the_blind_first_TDA_RP11(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4]})
    svc.record_chips({3: 1_500, 4: 1_800})
    svc.set_present(3, False)
    svc.set_present(4, False)
    svc.next_hand(1, ForcedBets(500, 1_000, 1_000, big_blind_ante=True))  # BB seat 3: 1,000 + 500 of the ante
    assert svc.entry(3).busted and svc.entry(4).chips == 1_800  # no ante from the others with a BBA
    svc.finish_hand(1)
    svc.next_hand(1, ForcedBets(500, 1_000, 1_000, big_blind_ante=True))  # BB seat 4: 1,800 all in
    assert svc.entry(4).busted
    assert (svc.entry(4).place, svc.entry(3).place) == (3, 4)


def test_two_absent_players_blinded_out_on_one_hand_finish_by_their_starting_chips(open_service):
    svc = open_service()
    seat_players(svc, {1: [1, 2, 3, 4, 5]})
    svc.record_chips({2: 30, 3: 90})
    svc.set_present(2, False)
    svc.set_present(3, False)
    svc.next_hand(1, ForcedBets(50, 100))  # SB 2 posts 30, BB 3 posts 90: both all in, hands killed
    assert (svc.entry(3).place, svc.entry(2).place) == (4, 5)


# --- bad input ---------------------------------------------------------------------------------------------
def test_bad_input_is_refused_naming_the_problem_and_records_nothing(open_service):
    svc = open_service(rebuy_limit=1, rebuy_price=100, rebuy_chips=10_000)
    seat_players(svc, {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]})
    svc.bust(2, [1])
    svc.rebuy(3)
    svc.next_hand(1, BLINDS)
    refusals = [
        (lambda: svc.bust(99), "no entry 99"),
        (lambda: svc.bust(2, [1]), "already out"),
        (lambda: svc.bust(4, [4]), "cannot eliminate himself"),
        (lambda: svc.move_player(7, 2, 12), "has no seat 12"),
        (lambda: svc.move_player(7, 5, 1), "no table 5"),
        (lambda: svc.move_player(7, 2, 1), "seat 1 at table 2 is taken"),
        (lambda: svc.rebuy(3), "used all 1 rebuys"),
        (lambda: svc.rebuy(4), "table 1 is in a hand"),
        (lambda: svc.record_chips({4: -500}), "at least 0"),
        (lambda: svc.bust(4, [1], start_chips=-1), "at least 0"),
        (lambda: svc.next_hand(2, ForcedBets(-50, 100)), "small blind must be at least 0"),
        (lambda: svc.edit_payouts(["fifty", "50"]), "'fifty' is not a percentage"),
        (lambda: svc.edit_payouts(["60", "50"]), "add up to 110"),
    ]
    for command, message in refusals:
        before_log, before_state = svc.runner.last_seq, svc.runner.state.floor.to_snapshot()
        with pytest.raises(DomainError, match=message):
            command()
        assert svc.runner.last_seq == before_log and svc.runner.state.floor.to_snapshot() == before_state
    svc.finish_hand(1)
    assert svc.rebuy(4).rebuys == 1  # recorded between hands


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
