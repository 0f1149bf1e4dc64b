"""The Robert's Rules profile (``--rulebook rrop``) changes only what Robert's Rules decide differently:
fixed-limit raising is unlimited heads-up (RRoP *Betting & Raising* 3-4) and refusals cite Robert's Rules.
Everything else (whose turn it is, call amounts, raise sizes, pots and finishing stacks) is the same as
under TDA 2024, checked over random hands of every betting structure played in lockstep."""

from __future__ import annotations

import random

import pytest

from random_hands import apply_action, board_for, choose, deal_hole_cards, random_setup
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, LegalActions, Phase
from tournament_director.domain.rules.rulebook import HouseRules


def _engines(rng: random.Random, structure: BettingStructure) -> tuple[HandState, HandState, object]:
    setup = random_setup(rng, limit=structure is BettingStructure.FIXED_LIMIT)
    limit = structure is BettingStructure.FIXED_LIMIT

    def build(rulebook: str) -> HandState:
        return HandState(
            setup.stacks, structure=structure, blinds=setup.blinds, antes=setup.antes,
            min_bet=None if limit else setup.min_bet, small_bet=setup.small_bet if limit else None,
            big_bet=setup.big_bet if limit else None, rules=HouseRules.for_rulebook(rulebook),
        )

    return build("tda2024"), build("rrop"), setup


def _uncapped_heads_up(hand: HandState) -> bool:
    """Only RRoP's heads-up limit rule may offer a raise that TDA's cap refuses."""
    cap = hand.rules.limit_raise_cap
    return (hand.structure is BettingStructure.FIXED_LIMIT and cap is not None and hand.full_bets >= cap + 1
            and not hand.capped_multiway)


@pytest.mark.parametrize("structure", list(BettingStructure))
def test_robert_rules_profile_differs_only_in_the_heads_up_limit_cap(structure: BettingStructure) -> None:
    rng = random.Random(2024 + len(structure.value))
    lifted = 0
    for _ in range(150):
        tda, rrop, setup = _engines(rng, structure)
        deal_hole_cards(tda, setup)
        deal_hole_cards(rrop, setup)
        while not tda.complete:
            if tda.phase is Phase.BETTING:
                mine, theirs = tda.legal_actions(), rrop.legal_actions()
                if mine != theirs:
                    assert mine.min_raise_to is None and _uncapped_heads_up(rrop), (mine, theirs)
                    assert (mine.actor, mine.fold, mine.check, mine.call) == (
                        theirs.actor, theirs.fold, theirs.check, theirs.call)
                    lifted += 1
                action = choose(mine, rng)
                for hand in (tda, rrop):
                    apply_action(hand, action)
            elif tda.phase is Phase.DEALING_BOARD:
                cards = board_for(tda.street, setup)
                tda.deal_board(cards)
                rrop.deal_board(cards)
            else:
                tda.resolve_showdown()
                rrop.resolve_showdown()
        assert rrop.complete
        assert rrop.stacks == tda.stacks
        assert rrop.pots() == tda.pots()
    if structure is BettingStructure.FIXED_LIMIT:
        assert lifted > 0, "the random hands never reached a heads-up cap: the test lost its point"
    else:
        assert lifted == 0


def test_unknown_rulebook_is_refused() -> None:
    with pytest.raises(DomainError, match="unknown rulebook"):
        HouseRules.for_rulebook("wsop")
