"""Playing cards and the deck.

A card is written as rank then suit, as on a hand history: ``"Ah"``, ``"Td"``, ``"2c"``. ``"??"`` is a
card that was dealt but is not known (a face-down card in a replay). A deck is either dictated (the
exact order of a replayed hand) or shuffled with ``secrets.SystemRandom``; tests may pass a seeded
``random.Random``.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournament_director.domain.errors import DomainError

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs, diamonds, hearts, spades (phevaluator's suit order)
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
RANK_PLURALS = {rank: (name + "es" if name == "six" else name + "s") for rank, name in RANK_NAMES.items()}
_EVALUATOR_IDS = {rank + suit: r * 4 + k for r, rank in enumerate(RANKS) for k, suit in enumerate(SUITS)}
_CARD_TEXT = re.compile(r"([2-9TJQKA][cdhs]|\?\?)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Card:
    """One card; ``rank`` and ``suit`` are ``"?"`` for a card that is not known."""

    rank: str
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """``"Ah"`` -> ace of hearts, ``"??"`` -> unknown card. Ranks may be lower case, ``10`` means ``T``."""
        card = _CARDS_BY_TEXT.get(text)
        if card is not None:
            return card
        cleaned = text.strip().replace("10", "T")
        if cleaned == "??":
            return UNKNOWN
        if len(cleaned) != 2 or cleaned[0].upper() not in RANKS or cleaned[1].lower() not in SUITS:
            raise DomainError(f"{text!r} is not a card: write rank then suit, e.g. 'Ah', 'Td', or '??' for unknown")
        return cls(cleaned[0].upper(), cleaned[1].lower())

    @property
    def known(self) -> bool:
        return self.rank != "?"

    @property
    def rank_value(self) -> int:
        """2 for a deuce up to 14 for an ace."""
        return RANKS.index(self.rank) + 2

    @property
    def evaluator_id(self) -> int:
        """The integer phevaluator uses: rank * 4 + suit."""
        return _EVALUATOR_IDS[self.rank + self.suit]

    def __str__(self) -> str:
        return self.rank + self.suit


UNKNOWN = Card("?", "?")
FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
# Every two-letter way of writing a card, in any case, to its card: reading a card is one look-up.
_CARDS_BY_TEXT: dict[str, Card] = {"??": UNKNOWN} | {
    rank + suit: card
    for card in FULL_DECK
    for rank in {card.rank, card.rank.lower()}
    for suit in {card.suit, card.suit.upper()}
}
_MAX_CACHED_CARD_TEXTS = 50_000
_cards_by_list_text: dict[str, tuple[Card, ...]] = {}


def parse_cards(text: str) -> list[Card]:
    """Parse concatenated cards such as ``"AhKd"``, ``"Ah Kd"`` or ``"????"``; refuses anything else."""
    known = _cards_by_list_text.get(text)
    if known is not None:
        return list(known)
    if len(text) % 2 == 0 and text:
        by_text = _CARDS_BY_TEXT
        cards = [by_text.get(text[k:k + 2]) for k in range(0, len(text), 2)]
        if None not in cards:
            if len(_cards_by_list_text) >= _MAX_CACHED_CARD_TEXTS:
                _cards_by_list_text.clear()
            _cards_by_list_text[text] = tuple(cards)  # type: ignore[arg-type]
            return cards  # type: ignore[return-value]
    compact = "".join(text.split())
    tokens = _CARD_TEXT.findall(compact)
    if "".join(tokens).lower() != compact.lower() or not tokens:
        raise DomainError(f"{text!r} is not a list of cards: write them as 'AhKd', '????' for unknown cards")
    return [Card.parse(token) for token in tokens]


def cards_text(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards)


class Deck:
    """Cards in the order they will come off the top.

    ``Deck.shuffled()`` uses ``secrets.SystemRandom`` unless a ``random.Random`` is injected (tests).
    ``Deck.dictated(cards)`` deals exactly the given cards in order, for replays and worked examples.
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        known = [card for card in cards if card.known]
        if len(set(known)) != len(known):
            duplicates = sorted({str(card) for card in known if known.count(card) > 1})
            raise DomainError(f"the deck holds the same card twice: {', '.join(duplicates)}", "TDA 35-A")
        self._cards = list(cards)
        self._next = 0
        self.burned: list[Card] = []

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        cards = list(FULL_DECK)
        (rng or secrets.SystemRandom()).shuffle(cards)
        return cls(cards)

    @classmethod
    def dictated(cls, cards: Sequence[Card] | str) -> Deck:
        return cls(parse_cards(cards) if isinstance(cards, str) else list(cards))

    @property
    def remaining(self) -> int:
        return len(self._cards) - self._next

    def deal(self) -> Card:
        """Take the top card."""
        if self._next >= len(self._cards):
            raise DomainError("the deck has no cards left to deal", "TDA 35-A")
        card = self._cards[self._next]
        self._next += 1
        return card

    def deal_many(self, count: int) -> list[Card]:
        return [self.deal() for _ in range(count)]

    def burn(self) -> Card:
        """Burn the top card (one before the flop, the turn and the river, TDA 38)."""
        card = self.deal()
        self.burned.append(card)
        return card
