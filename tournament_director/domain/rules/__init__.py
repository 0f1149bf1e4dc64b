"""The per-hand rules engine for Texas Hold'em (pure Python: no Qt, no SQL).

Players are numbered as PHH does: 0 is the first seat left of the button, the last player is the button.
``blinds`` and ``antes`` are positional; heads-up they are reversed (the button posts the small blind).
Every refused action raises ``DomainError(message, rule)``; nothing is recorded when an action is refused.

Usage::

    from tournament_director.domain.cards import Deck
    from tournament_director.domain.rules import BettingStructure, HandState, HouseRules

    hand = HandState(
        [5000, 3000, 8000],                       # stacks, from the left of the button to the button
        structure=BettingStructure.NO_LIMIT,
        blinds=[50, 100], antes=[0, 100, 0],       # small blind, big blind with a big-blind ante
        rules=HouseRules(),                        # TDA 2024; HouseRules.for_rulebook("rrop") for Robert's
        names=["Ann", "Bob", "Cid"],
        deck=Deck.shuffled(),                      # or Deck.dictated("AhKd...") for a replay
    )                                              # forced bets are posted at once
    hand.deal_hole_cards()                         # one card at a time from the left of the button
    options = hand.legal_actions()                 # LegalActions(actor=2, fold=True, check=False, call=100,
                                                   #              min_raise_to=200, max_raise_to=8000)
    hand.bet_or_raise_to(300)                      # totals for the round (TDA 43-B)
    hand.fold(); hand.check_or_call()              # also check(), call(), all_in()
    hand.kill_hand(4)                              # out of turn: an absent player's hand (TDA 30)
    hand.deal_board()                              # burn and flop; then the turn and the river
    ...
    hand.show(2); hand.muck(1)                     # at showdown; resolve_showdown() applies cards speak
    hand.pots()                                    # [Pot(amount, eligible, winners, shares), ...]
    hand.stacks, hand.complete, hand.history       # history: Step(kind, player, amount, cards, phh, street)

PHH files: ``tournament_director.domain.rules.phh`` (``loads``, ``replay``, ``dumps``) and the command line
``python -m tournament_director.rules replay|legal HAND.phh [--rulebook tda2024|rrop]``.
"""

from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, LegalActions, Phase, Step
from tournament_director.domain.rules.pots import Pot
from tournament_director.domain.rules.rulebook import HouseRules

__all__ = ["BettingStructure", "HandState", "HouseRules", "LegalActions", "Phase", "Pot", "Step"]
