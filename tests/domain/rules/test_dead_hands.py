"""TDA 30: a player not at his seat when the last card of the deal lands has his hand killed. His blinds and
antes stay in the pot, he is never asked to act and can win nothing (``HandState.kill_hand``)."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.phh import dumps, loads, replay


def four_handed(**kwargs) -> HandState:  # type: ignore[no-untyped-def]
    """p1 small blind 50, p2 big blind 100, p3, p4 the button; antes 10."""
    hand = HandState([1000, 1000, 1000, 1000], blinds=[50, 100], antes=10, **kwargs)
    hand.deal_unknown_hole_cards()
    return hand


def test_killed_big_blind_is_never_asked_to_act_and_everyone_folding_gives_the_small_blind_the_pot() -> None:
    hand = four_handed()
    hand.kill_hand(1)
    assert hand.actor == 2
    hand.fold()  # p3
    hand.fold()  # p4
    assert hand.complete, "the small blind holds the last live hand"
    (pot,) = hand.pots()
    assert pot.amount == 40 + 50 + 100 and pot.eligible == (0,) and pot.winners == (0,)
    assert hand.stacks == [1000 - 60 + 190, 1000 - 110, 990, 990], "the dead big blind's 100 is not handed back"
    assert [s.kind for s in hand.history].count("kill") == 1


def test_a_dead_blind_must_still_be_called_and_the_dead_hand_is_in_no_pot() -> None:
    hand = four_handed()
    hand.kill_hand(1)
    assert hand.legal_actions().call == 100, "the dead big blind is a live bet to call"
    hand.check_or_call()  # p3 calls 100
    hand.fold()  # p4
    hand.check_or_call()  # p1 completes
    assert hand.phase is Phase.DEALING_BOARD, "the dead big blind gets no option"
    (pot,) = hand.pots()
    assert pot.amount == 340 and pot.eligible == (0, 2)
    assert sum(hand.stacks) + pot.amount == 4000


def test_killing_the_player_to_act_passes_the_action_on() -> None:
    hand = four_handed()
    assert hand.actor == 2
    hand.kill_hand(2)
    assert hand.actor == 3 and hand.folded[2]


def test_killing_down_to_one_live_hand_awards_the_pot_at_once() -> None:
    hand = four_handed()
    hand.fold()  # p3
    hand.fold()  # p4
    assert hand.actor == 0
    hand.kill_hand(1)
    assert hand.complete and hand.pots()[0].winners == (0,)


def test_what_cannot_be_killed_is_refused_with_tda_30() -> None:
    undealt = HandState([1000, 1000, 1000], blinds=[50, 100])
    with pytest.raises(DomainError) as refused:
        undealt.kill_hand(1)
    assert refused.value.rule == "TDA 30" and "no cards" in refused.value.message
    hand = four_handed()
    hand.fold()
    with pytest.raises(DomainError, match="no live hand"):
        hand.kill_hand(2)
    hand.fold()
    hand.kill_hand(1)
    with pytest.raises(DomainError, match="hand is over"):
        hand.kill_hand(0)
    with pytest.raises(DomainError, match="no player p9"):
        four_handed().kill_hand(8)


def test_killing_one_of_two_live_hands_gives_the_other_the_pot() -> None:
    hand = HandState([1000, 1000], blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    hand.kill_hand(0)
    assert hand.complete
    heads_up = HandState([1000, 1000, 1000], blinds=[50, 100])
    heads_up.deal_unknown_hole_cards()
    heads_up.fold()
    heads_up.kill_hand(0)
    assert heads_up.complete and heads_up.pots()[0].winners == (1,)


def test_dead_hands_travel_in_phh_and_replay_the_same() -> None:
    hand = four_handed()
    hand.kill_hand(1)
    hand.fold()
    hand.fold()
    text = dumps(hand)
    assert "_dead_hands = ['p2']" in text and "p2 f" not in text
    again, error = replay(loads(text))
    assert error is None and again.stacks == hand.stacks and again.killed == [False, True, False, False]


def test_dead_small_blind_seat_left_alone_against_a_killed_big_blind_wins_without_putting_a_chip_in() -> None:
    """TDA 30 with a dead small blind (RRoP Button/Blind): the button folds to the dead small blind seat, which
    posted nothing; it holds the last live hand and wins the dead big blind."""
    hand = HandState([1000, 1000, 1000], blinds=[0, 100])
    hand.deal_unknown_hole_cards()
    hand.kill_hand(1)
    hand.fold()  # the button
    assert hand.complete
    (pot,) = hand.pots()
    assert (pot.amount, pot.eligible, pot.winners, pot.shares) == (100, (0,), (0,), (100,))
    assert hand.stacks == [1100, 900, 1000]
