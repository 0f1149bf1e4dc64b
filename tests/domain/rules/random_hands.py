"""Random legal hold'em hands played through this engine and, in lockstep, through pokerkit 0.7.7.

Used by the differential tests and the benchmark. A hand is a setup (stacks, forced bets, a shuffled deck)
plus a stream of choices; the engine's legal actions decide what is chosen, pokerkit is asked the same
questions at every step. Setups avoid the cases where TDA 2024 and pokerkit knowingly differ (short forced
bets, big-blind antes with a short stack, limit half-bet reopening); those are asserted in golden tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem

from tournament_director.domain.cards import FULL_DECK, Card, cards_text
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.rulebook import HouseRules

POKERKIT_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass
class Setup:
    limit: bool
    stacks: list[int]
    blinds: list[int]
    antes: list[int]
    min_bet: int
    small_bet: int
    big_bet: int
    deck: list[Card]
    choices: list[float] = field(default_factory=list)

    def engine(self, rules: HouseRules | None = None) -> HandState:
        return HandState(
            self.stacks,
            structure=BettingStructure.FIXED_LIMIT if self.limit else BettingStructure.NO_LIMIT,
            blinds=self.blinds, antes=self.antes, min_bet=None if self.limit else self.min_bet,
            small_bet=self.small_bet if self.limit else None, big_bet=self.big_bet if self.limit else None,
            rules=rules,
        )

    def pokerkit(self):  # type: ignore[no-untyped-def]
        if self.limit:
            return FixedLimitTexasHoldem.create_state(
                POKERKIT_AUTOMATIONS, False, self.antes, self.blinds, self.small_bet, self.big_bet,
                self.stacks, len(self.stacks), mode=Mode.TOURNAMENT,
            )
        return NoLimitTexasHoldem.create_state(
            POKERKIT_AUTOMATIONS, False, self.antes, self.blinds, self.min_bet,
            self.stacks, len(self.stacks), mode=Mode.TOURNAMENT,
        )


def random_setup(rng: random.Random, limit: bool | None = None) -> Setup:
    """2-10 players, stacks from a few big blinds to deep (so side pots are common), full forced bets."""
    players = rng.randint(2, 10)
    big = rng.choice([2, 10, 100, 200])
    small = big // 2
    ante = rng.choice([0, 0, big // 10, big // 4])
    antes = [ante] * players if ante else [0] * players
    stacks = [rng.randint(3 * big + ante, rng.choice([8, 30, 150]) * big + ante + 1) for _ in range(players)]
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return Setup(
        limit=rng.random() < 0.5 if limit is None else limit,
        stacks=stacks, blinds=[small, big] + [0] * (players - 2), antes=antes,
        min_bet=big, small_bet=big, big_bet=2 * big, deck=deck,
    )


def choose(legal, rng: random.Random):  # type: ignore[no-untyped-def]
    """A plausible random action: ("fold",), ("cc",) or ("cbr", total)."""
    roll = rng.random()
    if legal.min_raise_to is not None and roll < 0.3:
        low, high = legal.min_raise_to, legal.max_raise_to
        pick = rng.random()
        if pick < 0.4 or low == high:
            return ("cbr", low)
        if pick < 0.6:
            return ("cbr", high)
        return ("cbr", rng.randint(low, high))
    if legal.fold and roll > 0.8:
        return ("fold",)
    return ("cc",)


def deal_hole_cards(engine: HandState, setup: Setup) -> None:
    n = len(setup.stacks)
    for i in range(n):
        engine.deal_hole(i, [setup.deck[i], setup.deck[i + n]])


def board_for(street: int, setup: Setup) -> list[Card]:
    """Board cards after the hole cards (burns are taken by the deck in the live API, not here)."""
    start = 2 * len(setup.stacks) + (0, 3, 4)[street]
    return setup.deck[start:start + (3, 1, 1)[street]]


def apply_action(hand: HandState, action: tuple) -> None:
    """One scripted action ("fold",), ("cc",) or ("cbr", total) on this engine's hand."""
    if action[0] == "fold":
        hand.fold()
    elif action[0] == "cc":
        hand.check_or_call()
    else:
        hand.bet_or_raise_to(action[1])


def play_engine_only(setup: Setup, rng: random.Random, rules: HouseRules | None = None) -> HandState:
    """Play a random hand through this engine alone (benchmark and property tests)."""
    engine = setup.engine(rules)
    deal_hole_cards(engine, setup)
    while not engine.complete:
        if engine.phase is Phase.BETTING:
            apply_action(engine, choose(engine.legal_actions(), rng))
        elif engine.phase is Phase.DEALING_BOARD:
            engine.deal_board(board_for(engine.street, setup))
        else:
            engine.resolve_showdown()
    return engine


def play_pokerkit_script(setup: Setup, script: list[tuple]) -> object:
    """Replay a recorded action script through pokerkit alone (benchmark)."""
    state = setup.pokerkit()
    n = len(setup.stacks)
    for i in range(n):
        state.deal_hole(cards_text([setup.deck[i], setup.deck[i + n]]), i)
    street = 0
    for action in script:
        while state.can_deal_board():
            street += 1
            state.deal_board(cards_text(board_for(street - 1, setup)))
        if action[0] == "fold":
            state.fold()
        elif action[0] == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(action[1])
    while state.can_deal_board():
        street += 1
        state.deal_board(cards_text(board_for(street - 1, setup)))
    return state


def engine_script(engine: HandState) -> list[tuple]:
    script: list[tuple] = []
    for step in engine.history:
        if step.kind == "fold":
            script.append(("fold",))
        elif step.kind in ("check", "call"):
            script.append(("cc",))
        elif step.kind in ("bet", "raise"):
            script.append(("cbr", step.amount))
    return script
