"""Hold'em hand strength, the best five cards and the names a floor person reads out.

Names carry every card that can decide a tie (kickers, every card of a flush or a high-card hand), so two
hands of the same category read differently whenever one beats the other.

Strength comes from phevaluator (``evaluate_cards``): a smaller rank is a stronger hand, equal ranks are
equal hands (suits never break a tie, seed 002, RRoP *Ties*). A hand is the best five of the hole and
board cards (seeds 000-004; WSOP IX 1); 5-4-3-2-A is the lowest straight.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from phevaluator import evaluate_cards  # type: ignore[import-untyped]  # phevaluator ships no types

from tournament_director.domain.cards import _EVALUATOR_IDS, RANK_NAMES, RANK_PLURALS, RANKS, Card
from tournament_director.domain.errors import DomainError


class Category(IntEnum):
    """Hand categories, strongest last so that comparisons read naturally."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


# phevaluator's rank bands (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit).
_BANDS: tuple[tuple[int, Category], ...] = (
    (10, Category.STRAIGHT_FLUSH),
    (166, Category.FOUR_OF_A_KIND),
    (322, Category.FULL_HOUSE),
    (1599, Category.FLUSH),
    (1609, Category.STRAIGHT),
    (2467, Category.THREE_OF_A_KIND),
    (3325, Category.TWO_PAIR),
    (6185, Category.PAIR),
    (7462, Category.HIGH_CARD),
)


def strength(cards: Sequence[Card]) -> int:
    """phevaluator rank of the best five of 5-7 known cards: lower is stronger."""
    if not 5 <= len(cards) <= 7:
        raise DomainError(f"a hand is judged on 5 to 7 cards, not {len(cards)}", "WSOP IX 1")
    try:
        rank: int = evaluate_cards(*[_EVALUATOR_IDS[card.rank + card.suit] for card in cards])
        return rank
    except KeyError:
        raise DomainError("a hand with unknown cards cannot be judged; table both cards", "TDA 13-A") from None


def category_of(rank: int) -> Category:
    for upper, category in _BANDS:
        if rank <= upper:
            return category
    raise ValueError(f"{rank} is outside phevaluator's ranks")


@dataclass(frozen=True)
class HandValue:
    """A judged hand: its strength (lower is better), category, best five cards and name."""

    rank: int
    category: Category
    best_five: tuple[Card, ...]
    name: str

    def beats(self, other: HandValue) -> bool:
        return self.rank < other.rank

    def ties(self, other: HandValue) -> bool:
        return self.rank == other.rank


def evaluate(hole: Sequence[Card], board: Sequence[Card] = ()) -> HandValue:
    """Judge a player's hand: the best five of hole + board cards, with its name."""
    cards = list(hole) + list(board)
    rank = strength(cards)
    best = next(
        five for five in combinations(cards, 5) if evaluate_cards(*(c.evaluator_id for c in five)) == rank
    )
    ordered = _order_for_reading(best, category_of(rank))
    return HandValue(rank, category_of(rank), ordered, _name(ordered, category_of(rank)))


def compare(first: HandValue, second: HandValue) -> int:
    """-1 when ``first`` wins, 1 when ``second`` wins, 0 for a tie (suits never break ties)."""
    return (first.rank > second.rank) - (first.rank < second.rank)


def _is_wheel(values: list[int]) -> bool:
    return sorted(values) == [2, 3, 4, 5, 14]


def _order_for_reading(five: Sequence[Card], category: Category) -> tuple[Card, ...]:
    """Order cards as they are read: groups by size then rank; a wheel reads 5-4-3-2-A."""
    counts = Counter(card.rank_value for card in five)
    ordered = sorted(five, key=lambda c: (counts[c.rank_value], c.rank_value), reverse=True)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and _is_wheel([c.rank_value for c in five]):
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


def _rank_of(value: int) -> str:
    return RANKS[value - 2]


def _name(ordered: tuple[Card, ...], category: Category) -> str:
    values = [card.rank_value for card in ordered]

    def single(value: int) -> str:
        return RANK_NAMES[_rank_of(value)]

    def plural(value: int) -> str:
        return RANK_PLURALS[_rank_of(value)]

    if category is Category.STRAIGHT_FLUSH:
        if values[0] == 14:
            return "Royal flush"
        return f"Straight flush, {single(values[0])} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {plural(values[0])}, {single(values[4])} kicker"
    if category is Category.FULL_HOUSE:
        return f"Full house, {plural(values[0])} full of {plural(values[3])}"
    if category is Category.FLUSH:
        return f"Flush, {'-'.join(single(v) for v in values)}"
    if category is Category.STRAIGHT:
        return f"Straight, {single(values[0])} high"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {plural(values[0])}, {single(values[3])}-{single(values[4])} kickers"
    if category is Category.TWO_PAIR:
        return f"Two pair, {plural(values[0])} and {plural(values[2])}, {single(values[4])} kicker"
    if category is Category.PAIR:
        kickers = "-".join(single(v) for v in values[2:])
        return f"Pair of {plural(values[0])}, {kickers} kickers"
    return f"High card, {'-'.join(single(v) for v in values)}"
