"""Floor scenarios walked through TournamentService over a real SQLite file, every figure worked out by
hand from the rule texts (rules-reference 2; seed 004; WSOP 126b; TDA RP-8, RP-11, 30, 71-C): busts and
places, bounties, money and deals, absent players, and bad input refused. The button, new players and
balancing are in test_tournament_floor_scenarios.py.
"""

from __future__ import annotations

import pytest

from tests.services.floor_scenario_setup import BLINDS, open_service, seat_players  # noqa: F401 (a fixture)
from tournament_director.domain.errors import DomainError
from tournament_director.services.tournament import ForcedBets


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
    chop = svc.propose_deal("chip_chop")   # each is sure of 200 (third place); the other 400 by chips: 200 / 120 / 80
    assert dict(chop.shares) == {1: 400, 2: 320, 3: 280}
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
