"""Property tests: chips are conserved in every state, random action streams never crash the engine, and
every refused action names its reason and rule and leaves the hand exactly as it was."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_director.domain.cards import FULL_DECK, Deck
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState
from tournament_director.domain.rules.rulebook import HouseRules

STRUCTURES = list(BettingStructure)
ACTIONS = st.tuples(
    st.sampled_from(["fold", "cc", "cbr", "allin", "board", "show", "muck", "check", "call", "kill"]),
    st.integers(min_value=-5, max_value=5000),
    st.integers(min_value=0, max_value=9),
)


def _snapshot(hand: HandState) -> tuple:
    return (
        list(hand.stacks), list(hand.bets), list(hand.committed), list(hand.folded), list(hand.mucked),
        list(hand.killed),
        hand.street, hand.phase, hand.actor, hand.current_bet, len(hand.history), len(hand.board),
    )


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=3000), min_size=2, max_size=10),
    structure=st.sampled_from(STRUCTURES),
    blinds=st.tuples(st.integers(0, 60), st.integers(1, 120)),
    ante=st.integers(0, 30),
    big_blind_ante=st.booleans(),
    rulebook=st.sampled_from(["tda2024", "rrop"]),
    seed=st.integers(0, 2**32 - 1),
    actions=st.lists(ACTIONS, max_size=60),
)
def test_random_action_streams_conserve_chips_and_refusals_name_a_rule(
    stacks, structure, blinds, ante, big_blind_ante, rulebook, seed, actions
) -> None:  # type: ignore[no-untyped-def]
    import random

    antes = [0, ante] if big_blind_ante else ante
    hand = HandState(
        stacks, structure=structure, blinds=list(blinds), antes=antes,
        small_bet=blinds[1], big_bet=2 * blinds[1], rules=HouseRules.for_rulebook(rulebook),
        deck=Deck.shuffled(random.Random(seed)),
    )
    total = sum(stacks)
    hand.deal_hole_cards()
    for kind, amount, player in actions:
        before = _snapshot(hand)
        player %= hand.player_count
        try:
            if kind == "fold":
                hand.fold()
            elif kind == "cc":
                hand.check_or_call()
            elif kind == "check":
                hand.check()
            elif kind == "call":
                hand.call()
            elif kind == "cbr":
                hand.bet_or_raise_to(amount)
            elif kind == "allin":
                hand.all_in()
            elif kind == "board":
                hand.deal_board()
            elif kind == "show":
                hand.show(player)
            elif kind == "kill":
                hand.kill_hand(player)  # an absent player's hand, out of turn (TDA 30)
            else:
                hand.muck(player)
        except DomainError as refusal:
            assert refusal.message and refusal.rule, f"{kind}: refusal without reason or rule: {refusal!r}"
            assert _snapshot(hand) == before, f"{kind} was refused but changed the hand"
        assert hand.total_chips == total
        assert all(s >= 0 for s in hand.stacks)
        legal = hand.legal_actions()
        if legal.min_raise_to is not None:
            assert legal.min_raise_to <= legal.max_raise_to <= hand.stacks[legal.actor] + hand.bets[legal.actor]
    if hand.complete:
        assert sum(hand.stacks) == total
        assert all(sum(p.shares) == p.amount for p in hand.pots())


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10))
def test_hands_played_to_the_end_by_legal_choices_always_complete_with_chips_conserved(seed, players) -> None:  # type: ignore[no-untyped-def]
    import random

    rng = random.Random(seed)
    stacks = [rng.randint(1, 2000) for _ in range(players)]
    hand = HandState(stacks, blinds=[10, 20], antes=rng.choice([0, 5]), deck=Deck.shuffled(rng))
    hand.deal_hole_cards()
    for _ in range(400):
        if hand.complete:
            break
        legal = hand.legal_actions()
        if legal.actor is not None:
            roll = rng.random()
            if legal.min_raise_to is not None and roll < 0.3:
                hand.bet_or_raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
            elif legal.fold and roll > 0.85:
                hand.fold()
            else:
                hand.check_or_call()
        elif hand.phase.name == "DEALING_BOARD":
            hand.deal_board()
        else:
            assert hand.resolve_showdown()
    assert hand.complete and sum(hand.stacks) == sum(stacks)
    assert len(set(hand.board) | {c for h in hand.hole for c in h}) == len(hand.board) + 2 * players
    assert set(hand.board) <= set(FULL_DECK)
    assert copy.copy(hand.pots()) == hand.pots()
