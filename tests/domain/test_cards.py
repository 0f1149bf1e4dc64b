"""Cards and the deck: parsing as written on hand histories, dictated and shuffled decks, burns."""

from __future__ import annotations

import random

import pytest

from tournament_director.domain.cards import FULL_DECK, UNKNOWN, Card, Deck, cards_text, parse_cards
from tournament_director.domain.errors import DomainError


def test_parse_cards_as_written_on_hand_histories() -> None:
    assert Card.parse("Ah") == Card("A", "h")
    assert Card.parse("td") == Card("T", "d") and Card.parse("10d") == Card("T", "d")
    assert Card.parse("??") is UNKNOWN and not UNKNOWN.known
    assert parse_cards("AhKd") == [Card("A", "h"), Card("K", "d")]
    assert parse_cards("????") == [UNKNOWN, UNKNOWN]
    assert cards_text(parse_cards("Ah Kd 2c")) == "AhKd2c"


@pytest.mark.parametrize("text", ["Ax", "1h", "AhK", "", "Ah?"])
def test_bad_card_text_is_refused_with_the_text_named(text: str) -> None:
    with pytest.raises(DomainError, match="card"):
        parse_cards(text)


def test_dictated_deck_deals_in_order_and_burns_are_kept() -> None:
    deck = Deck.dictated("AhKhQhJhTh9h")
    assert deck.deal() == Card("A", "h")
    assert deck.burn() == Card("K", "h") and deck.burned == [Card("K", "h")]
    assert deck.deal_many(2) == parse_cards("QhJh")
    assert deck.remaining == 2


def test_a_deck_with_a_card_twice_is_refused() -> None:
    with pytest.raises(DomainError, match="Ah") as refusal:
        Deck.dictated("AhKdAh")
    assert refusal.value.rule == "TDA 35-A"


def test_empty_deck_refuses_to_deal() -> None:
    deck = Deck.dictated("Ah")
    deck.deal()
    with pytest.raises(DomainError):
        deck.deal()


def test_shuffled_deck_is_a_full_deck_and_seeded_shuffles_repeat() -> None:
    first = Deck.shuffled(random.Random(5)).deal_many(52)
    assert sorted(first, key=str) == sorted(FULL_DECK, key=str)
    assert Deck.shuffled(random.Random(5)).deal_many(52) == first
    assert Deck.shuffled().remaining == 52  # secrets.SystemRandom by default
