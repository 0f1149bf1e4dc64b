"""Golden tests: the worked examples of the TDA 2024 Illustration Addendum, WSOP and the seeds
(rules-reference sections 1.2-1.9), each played through the engine and checked against the ruling."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.pots import split_pot
from tournament_director.domain.rules.rulebook import HouseRules

DEEP = 100_000


def on_the_flop(behind: list[int], small: int, big: int, **kwargs) -> HandState:  # type: ignore[no-untyped-def]
    """Everyone limps and the big blind checks; ``behind`` are the stacks left for the flop (A = p1 ...)."""
    hand = HandState([b + big for b in behind], blinds=[small, big], **kwargs)
    hand.deal_unknown_hole_cards()
    while hand.phase is Phase.BETTING:
        hand.check_or_call()
    hand.deal_board("2c7d9h")
    return hand


# ---------------------------------------------------------------- TDA 43: minimum raise


def test_tda_43_example_1_minimum_raise_is_the_largest_raise_of_the_round() -> None:
    hand = on_the_flop([DEEP] * 4, 100, 200)
    hand.bet_or_raise_to(600)
    hand.bet_or_raise_to(1600)
    hand.bet_or_raise_to(3600)
    assert hand.legal_actions().min_raise_to == 5600


def test_tda_43_example_2_short_all_in_does_not_lower_the_minimum_raise() -> None:
    hand = HandState([DEEP, DEEP, 150, DEEP], blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    hand.all_in()  # UTG all-in 150
    assert hand.legal_actions().min_raise_to == 250


def test_tda_43_example_3_bet_300_raised_to_1000_next_minimum_1700() -> None:
    hand = on_the_flop([DEEP] * 3, 100, 200)
    hand.bet_or_raise_to(300)
    hand.bet_or_raise_to(1000)
    assert hand.legal_actions().min_raise_to == 1700


def test_tda_43_example_4a_and_4b_preflop_raises() -> None:
    hand = HandState([DEEP] * 6, blinds=[25, 50])
    hand.deal_unknown_hole_cards()
    for total in (125, 200, 500):
        hand.bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to == 800  # 4-A
    other = HandState([DEEP] * 6, blinds=[25, 50])
    other.deal_unknown_hole_cards()
    other.bet_or_raise_to(500)
    other.check_or_call()
    other.check_or_call()
    assert other.legal_actions().min_raise_to == 950  # 4-B


def test_tda_43_raise_below_the_minimum_is_refused_naming_the_rule() -> None:
    hand = on_the_flop([DEEP] * 3, 100, 200)
    hand.bet_or_raise_to(300)
    with pytest.raises(DomainError) as refusal:
        hand.bet_or_raise_to(500)
    assert refusal.value.rule == "TDA 43-A" and "600" in refusal.value.message
    assert hand.bets == [300, 0, 0]  # nothing recorded


# ---------------------------------------------------------------- TDA 47: short all-ins and reopening


def _tda_47_example_1() -> HandState:
    """50-100; A bets 100, B all-in 125, C calls, D all-in 200, E calls."""
    hand = on_the_flop([DEEP, 125, DEEP, 200, DEEP], 50, 100)
    hand.bet_or_raise_to(100)
    hand.all_in()
    hand.check_or_call()
    hand.all_in()
    hand.check_or_call()
    return hand


def test_tda_47_example_1_short_all_ins_adding_up_to_a_full_raise_reopen_for_a() -> None:
    legal = _tda_47_example_1().legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (0, 100, 300)


def test_tda_47_example_1a_when_a_just_calls_c_may_only_call_or_fold() -> None:
    hand = _tda_47_example_1()
    hand.check_or_call()
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to, legal.max_raise_to) == (2, 75, None, None)
    with pytest.raises(DomainError) as refusal:
        hand.bet_or_raise_to(400)
    assert refusal.value.rule == "TDA 47-A"


def test_tda_47_example_1b_when_a_raises_to_300_c_is_reopened() -> None:
    hand = _tda_47_example_1()
    hand.bet_or_raise_to(300)
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (2, 175, 400)


def test_tda_47_example_2_three_short_all_ins_then_f_may_raise_to_1100() -> None:
    hand = on_the_flop([DEEP, 500, 650, 800, DEEP, DEEP], 50, 100)
    hand.bet_or_raise_to(300)
    hand.all_in()
    hand.all_in()
    hand.all_in()
    hand.check_or_call()
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (5, 800, 1100)


def _tda_47_example_3() -> HandState:
    """2k-4k; A calls 4,000, C all-in 7,500, the small blind folds."""
    hand = HandState([DEEP, DEEP, DEEP, 7500], blinds=[2000, 4000])
    hand.deal_unknown_hole_cards()
    hand.check_or_call()  # A (p3)
    hand.all_in()  # C (p4, the button)
    hand.fold()  # small blind
    return hand


def test_tda_47_example_3a_big_blind_has_not_acted_and_may_raise_but_then_a_may_not() -> None:
    hand = _tda_47_example_3()
    assert (hand.legal_actions().actor, hand.legal_actions().min_raise_to) == (1, 11500)
    hand.check_or_call()
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (2, 3500, None)


def test_tda_47_example_3b_big_blind_raises_to_11500_and_a_is_reopened() -> None:
    hand = _tda_47_example_3()
    hand.bet_or_raise_to(11500)
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (2, 7500, 15500)


def test_wsop_96a_two_short_all_ins_reopen_for_b_and_c_minimum_2200() -> None:
    hand = on_the_flop([DEEP, DEEP, DEEP, 1300, 1700], 50, 100)
    hand.bet_or_raise_to(500)
    hand.bet_or_raise_to(1000)
    hand.check_or_call()
    hand.all_in()
    hand.all_in()
    hand.check_or_call()  # A calls 1,700
    legal = hand.legal_actions()
    assert (legal.actor, legal.min_raise_to) == (1, 2200)


def test_seed_004_no_limit_3_b_may_not_reraise_after_a_short_all_in() -> None:
    hand = on_the_flop([DEEP, DEEP, 250], 50, 100)
    hand.bet_or_raise_to(100)
    hand.bet_or_raise_to(200)
    hand.all_in()  # C all-in for 250, less than a full raise
    hand.check_or_call()  # A calls
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (1, 50, None)


def test_tda_47_a_check_then_short_all_in_bet_does_not_reopen() -> None:
    """A checks, B bets all-in 60 (less than the 100 minimum bet): A may call or fold, not raise."""
    hand = on_the_flop([DEEP, 60, DEEP], 50, 100)
    hand.check_or_call()
    hand.all_in()
    hand.check_or_call()
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (0, 60, None)


# ---------------------------------------------------------------- fixed limit


def limit_hand(stacks: list[int], **rules) -> HandState:  # type: ignore[no-untyped-def]
    hand = HandState(stacks, structure=BettingStructure.FIXED_LIMIT, blinds=[10, 20], small_bet=20, big_bet=40,
                     rules=HouseRules(**rules))
    hand.deal_unknown_hole_cards()
    return hand


def test_tda_48_limit_cap_of_a_bet_and_three_raises_and_wsop_four() -> None:
    hand = limit_hand([DEEP] * 6)
    for total in (40, 60, 80):
        hand.bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to is None
    with pytest.raises(DomainError) as refusal:
        hand.bet_or_raise_to(100)
    assert refusal.value.rule == "TDA 48"
    wsop = limit_hand([DEEP] * 6, limit_raise_cap=4)
    for total in (40, 60, 80):
        wsop.bet_or_raise_to(total)
    assert wsop.legal_actions().min_raise_to == 100


def test_rrop_limit_cap_lifts_heads_up() -> None:
    hand = limit_hand([DEEP] * 2, cap_lifts_heads_up=True, rulebook="rrop")
    for total in (40, 60, 80, 100, 120):
        hand.bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to == 140


def test_tda_47_b_limit_all_in_of_half_a_bet_reopens_and_counts_as_full_rrop_15_raised_to_35() -> None:
    """On a 20 round: A bets 20, B all-in for 35 (15 more: at least half a bet) -> A may raise to 55."""
    hand = limit_hand([DEEP, DEEP, 55, DEEP])
    # pre-flop: the small blind (p1) completes, everyone calls
    hand.check_or_call()
    hand.check_or_call()
    hand.check_or_call()
    hand.check_or_call()
    hand.deal_board("2c7d9h")
    hand.bet_or_raise_to(20)  # p1
    hand.check_or_call()  # p2
    hand.all_in()  # p3 all-in for 35
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.min_raise_to) == (3, 35, 55)
    hand.check_or_call()
    assert hand.legal_actions().min_raise_to == 55  # A already acted: reopened (TDA 47-B)


def test_limit_all_in_under_half_a_bet_does_not_reopen_and_next_raise_completes() -> None:
    hand = limit_hand([DEEP, DEEP, 45, DEEP])
    for _ in range(4):
        hand.check_or_call()
    hand.deal_board("2c7d9h")
    hand.bet_or_raise_to(20)
    hand.check_or_call()
    hand.all_in()  # 25: five more, less than half a bet
    assert hand.legal_actions().min_raise_to == 40  # p4, yet to act: raise completes 20 + 20
    hand.check_or_call()
    assert hand.legal_actions().min_raise_to is None  # p1 already acted: not reopened


# ---------------------------------------------------------------- pot limit


def test_tda_54_b_example_1_dead_small_blind_counts_as_full_pot_is_700() -> None:
    hand = HandState([DEEP] * 5, structure=BettingStructure.POT_LIMIT, blinds=[0, 200],
                     counted_blinds=[100, 200], min_bet=200)
    hand.deal_unknown_hole_cards()
    assert hand.legal_actions().max_raise_to == 700


def test_tda_54_b_example_2_short_all_in_big_blind_counts_as_full_pot_is_700() -> None:
    """pokerkit gives 400 here; TDA 54-B counts the short big blind as a full 200."""
    hand = HandState([DEEP, 100, DEEP, DEEP], structure=BettingStructure.POT_LIMIT, blinds=[100, 200], min_bet=200)
    hand.deal_unknown_hole_cards()
    legal = hand.legal_actions()
    assert (legal.actor, legal.call, legal.max_raise_to) == (2, 200, 700)


def test_pot_limit_rrop_example_pot_100_bet_50_raise_to_250() -> None:
    hand = HandState([DEEP] * 2, structure=BettingStructure.POT_LIMIT, blinds=[25, 50], min_bet=50)
    hand.deal_unknown_hole_cards()
    hand.check_or_call()
    hand.check_or_call()
    hand.deal_board("2c7d9h")
    hand.bet_or_raise_to(50)
    assert hand.legal_actions().max_raise_to == 250
    with pytest.raises(DomainError) as refusal:
        hand.bet_or_raise_to(260)
    assert refusal.value.rule == "TDA 54"


def test_seed_002_half_pot_limit_maximum() -> None:
    hand = HandState([DEEP] * 2, structure=BettingStructure.HALF_POT_LIMIT, blinds=[25, 50], min_bet=50)
    hand.deal_unknown_hole_cards()
    hand.check_or_call()
    hand.check_or_call()
    hand.deal_board("2c7d9h")
    hand.bet_or_raise_to(50)
    assert hand.legal_actions().max_raise_to == 150  # 50 + (150 + 50) / 2


# ---------------------------------------------------------------- forced bets


def test_tda_rp_11_big_blind_ante_big_blind_first_table() -> None:
    """BB 1,000 with a 1,000 big-blind ante: 1,500 -> 1,000 blind + 500 ante; 800 -> 800 blind, no ante."""
    for stack, blind, ante in ((1500, 1000, 500), (800, 800, 0)):
        hand = HandState([DEEP, stack, DEEP], blinds=[500, 1000], antes=[0, 1000, 0])
        assert (hand.bets[1], hand.antes_paid[1]) == (blind, ante)
    for stack, blind, ante in ((1500, 500, 1000), (800, 0, 800)):
        hand = HandState([DEEP, stack, DEEP], blinds=[500, 1000], antes=[0, 1000, 0],
                         rules=HouseRules(big_blind_ante_order="ante_first"))
        assert (hand.bets[1], hand.antes_paid[1]) == (blind, ante)


def test_seed_004_t7_short_big_blind_is_all_in_and_others_call_the_full_blind() -> None:
    hand = HandState([DEEP, 60, DEEP], blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    assert hand.stacks[1] == 0 and hand.bets[1] == 60
    assert hand.legal_actions().call == 100  # full big blind to enter (rules-reference section 3, row 14)


def test_tda_34_b_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = HandState([1000, 1000], blinds=[5, 10])
    assert hand.bets == [10, 5]  # p2 is the button and small blind
    hand.deal_unknown_hole_cards()
    assert hand.legal_actions().actor == 1
    hand.check_or_call()
    hand.check_or_call()
    hand.deal_board("2c7d9h")
    assert hand.legal_actions().actor == 0


# ---------------------------------------------------------------- pots, showdown, odd chips


def test_side_pot_example_main_900_side_400() -> None:
    """50/100: BTN opens 250, SB all-in 300, BB and BTN call; flop BB bets 200, BTN calls."""
    hand = HandState([300, DEEP, DEEP], blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    hand.bet_or_raise_to(250)
    hand.all_in()
    hand.check_or_call()
    hand.check_or_call()
    hand.deal_board("2c7d9h")
    hand.bet_or_raise_to(200)
    hand.check_or_call()
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(900, (0, 1, 2)), (400, (1, 2))]


def test_tda_15_b_uncalled_part_of_an_all_in_goes_back() -> None:
    """A all-in for 5,000, B calls all-in for 3,000: 2,000 goes back to A."""
    hand = HandState([3000, 5000], blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    hand.all_in()  # p2, the button
    hand.all_in()  # p1 calls all-in for 3,000
    assert hand.stacks == [0, 2000]
    assert [(p.amount, p.eligible) for p in hand.pots()] == [(6000, (0, 1))]


def test_tda_16_hands_face_up_once_betting_is_over_with_an_all_in_then_award_by_cards() -> None:
    hand = HandState([500, 2000, 2000], blinds=[50, 100])
    hand.deal_hole(0, "AhAd")
    hand.deal_hole(1, "KhKd")
    hand.deal_hole(2, "7c2d")
    hand.fold()
    hand.all_in()
    hand.check_or_call()
    assert hand.face_up and hand.shown[0] and hand.shown[1]
    hand.deal_board("2c3c4d")
    hand.deal_board("9s")
    hand.deal_board("Js")
    assert hand.complete and hand.stacks == [1000, 1500, 2000]
    assert hand.hand_value(0).name == "Pair of aces, jack-nine-four kickers"


def test_tda_17_showdown_order_last_aggressor_first_else_left_of_button() -> None:
    hand = on_the_flop([DEEP] * 4, 50, 100)
    for board in ("Ts", "Js"):
        while hand.phase is Phase.BETTING:
            hand.check_or_call()
        hand.deal_board(board)
    hand.check_or_call()
    hand.bet_or_raise_to(300)  # p2 bets on the river
    for _ in range(3):
        hand.check_or_call()
    assert hand.showdown_order() == [1, 2, 3, 0]
    checked = on_the_flop([DEEP] * 3, 50, 100)
    for board in ("Ts", "Js"):
        while checked.phase is Phase.BETTING:
            checked.check_or_call()
        checked.deal_board(board)
    while checked.phase is Phase.BETTING:
        checked.check_or_call()
    assert checked.showdown_order() == [0, 1, 2]


@pytest.mark.parametrize("odd_chips, shares", [("one_each_clockwise", [11, 11, 10]), ("all_to_first", [12, 10, 10])])
def test_tda_20_rrop_ties_32_chip_pot_split_three_ways(odd_chips: str, shares: list[int]) -> None:
    """BB, UTG and BTN split 32 chips: RRoP one odd chip each clockwise 11/11/10; all to first 12/10/10."""
    hand = HandState([100] * 4, blinds=[2, 10], rules=HouseRules(odd_chips=odd_chips))  # type: ignore[arg-type]
    for i, cards in enumerate(("2c3d", "4c5d", "6c7d", "8c2d")):
        hand.deal_hole(i, cards)
    hand.check_or_call()  # UTG
    hand.check_or_call()  # BTN
    hand.fold()  # SB: 2 dead
    hand.check_or_call()  # BB
    hand.deal_board("AhKhQh")
    while hand.phase is not Phase.COMPLETE:
        if hand.phase is Phase.BETTING:
            hand.check_or_call()
        elif hand.phase is Phase.DEALING_BOARD:
            hand.deal_board("Jh" if hand.street == 1 else "Th")
        else:
            assert hand.resolve_showdown()  # cards speak: all three play the royal flush
    (pot,) = hand.pots()
    assert (pot.amount, pot.winners, list(pot.shares)) == (32, (1, 2, 3), shares)
    assert split_pot(1075, [0, 1], smallest_chip=25) == [550, 525]


def test_tda_21_each_pot_split_on_its_own() -> None:
    """Main pot tied between p1 and p2 (1,500 each), the side pot won by p2 alone."""
    hand = HandState([1000, 3000, 3000], blinds=[50, 100])
    hand.deal_hole(0, "AsKd")
    hand.deal_hole(1, "AcKc")
    hand.deal_hole(2, "2c7h")
    hand.check_or_call()  # p3 calls 100
    hand.all_in()  # p1 all-in 1,000
    hand.all_in()  # p2 all-in 3,000
    hand.check_or_call()  # p3 calls all-in
    hand.deal_board("AhKhQd")
    hand.deal_board("3c")
    hand.deal_board("9c")
    assert [(p.amount, p.winners, p.shares) for p in hand.pots()] == [
        (3000, (0, 1), (1500, 1500)), (4000, (1,), (4000,))
    ]
    assert hand.stacks == [1500, 5500, 0]


def test_tda_17_b_last_hand_unmucked_wins_without_showing() -> None:
    hand = on_the_flop([DEEP] * 2, 50, 100)
    for board in ("Ts", "Js"):
        while hand.phase is Phase.BETTING:
            hand.check_or_call()
        hand.deal_board(board)
    while hand.phase is Phase.BETTING:
        hand.check_or_call()
    hand.muck(0)
    assert hand.complete and hand.pots()[0].winners == (1,)
