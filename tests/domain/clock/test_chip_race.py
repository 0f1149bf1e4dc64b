"""The chip race at a colour-up (TDA 24; RRoP Tournaments; rules-reference 2.6)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_director.domain.clock.chip_set import ChipDenomination, ChipSet
from tournament_director.domain.clock.chips import RaceSeat, chip_race, chip_race_procedure, deal_race_cards
from tournament_director.domain.clock.structure import Break, Level, Structure, colour_up_schedule
from tournament_director.domain.errors import DomainError


def table() -> list[RaceSeat]:
    return [
        RaceSeat(1, {25: 3}, kept_value=5_000),
        RaceSeat(2, {25: 2}, kept_value=3_000),
        RaceSeat(3, {25: 1}, kept_value=0),  # everything he has is one odd chip
        RaceSeat(4, {25: 5}, kept_value=2_000),  # 125: one 100 by exchange, one odd chip
    ]


def test_chipless_player_is_served_first_and_best_card_wins_the_rest() -> None:
    """TDA 24: a player cannot be raced out; highest card wins, suits break equal ranks."""
    cards = {1: ("2c", "9d", "Kd"), 2: ("As", "3h"), 3: ("4c",), 4: ("Ks",)}
    result = chip_race(table(), 100, cards)
    assert result.odd_chips == {1: 3, 2: 2, 3: 1, 4: 1}
    assert result.exchanged[4] == 1
    assert result.chips_raced == 2  # 175 in odd chips: one 100 and a leftover of 75, at least half (RRoP)
    assert result.served_first == (3,)
    assert result.winners == (2,)
    assert result.awards == {2: 1, 3: 1, 4: 1}


def test_suit_breaks_equal_ranks_spades_over_hearts() -> None:
    seats = [RaceSeat(1, {25: 2}, 1_000), RaceSeat(2, {25: 2}, 1_000)]
    result = chip_race(seats, 100, {1: ("Kh", "2c"), 2: ("Ks", "3c")})
    assert result.winners == (2,)


def test_a_leftover_below_half_a_chip_makes_nothing() -> None:
    seats = [RaceSeat(1, {25: 1}, 1_000)]
    result = chip_race(seats, 100, {1: ("Ah",)})
    assert result.chips_raced == 0 and result.winners == () and result.awards == {}


def test_no_player_gets_more_than_one_chip_from_the_race() -> None:
    """TDA 24: one chip at most per player, however many odd chips he pushes in."""
    seats = [RaceSeat(1, {5: 19}, 1_000), RaceSeat(2, {5: 19}, 1_000)]  # 190 in odd 5s against a 100 chip
    result = chip_race(seats, 100, deal_race_cards(seats, 100, random.Random(3)))
    assert result.exchanged == {1: 0, 2: 0}
    assert result.odd_chips == {1: 19, 2: 19}
    assert result.chips_raced == 2  # one 100 and a leftover of 90
    assert sorted(result.winners) == [1, 2] and result.awards == {1: 1, 2: 1}


def test_wrong_number_of_cards_or_a_card_dealt_twice_is_refused() -> None:
    with pytest.raises(DomainError, match="seat 2 has 2 odd chips and must be dealt 2 cards, not 1"):
        chip_race(table(), 100, {1: ("2c", "9d", "Kd"), 2: ("As",), 3: ("4c",), 4: ("Ks",)})
    with pytest.raises(DomainError, match="the card Kd was dealt twice"):
        chip_race(table(), 100, {1: ("2c", "9d", "Kd"), 2: ("As", "3h"), 3: ("4c",), 4: ("Kd",)})
    with pytest.raises(DomainError, match="'Zz' is not a card"):
        chip_race(table(), 100, {1: ("2c", "9d", "Zz"), 2: ("As", "3h"), 3: ("4c",), 4: ("Ks",)})


def test_dealing_gives_one_card_per_odd_chip_from_a_seeded_deck() -> None:
    dealt = deal_race_cards(table(), 100, random.Random(7))
    assert {seat: len(cards) for seat, cards in dealt.items()} == {1: 3, 2: 2, 3: 1, 4: 1}
    assert dealt == deal_race_cards(table(), 100, random.Random(7))
    chip_race(table(), 100, dealt)  # a real deal is always a valid race


@settings(max_examples=60, deadline=None)
@given(
    odd=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 3_000)), min_size=2, max_size=10),
    seed=st.integers(0, 2**32),
)
def test_race_rules_hold_for_any_table(odd: list[tuple[int, int]], seed: int) -> None:
    """TDA 24: at most one chip per player from the race, and nobody with chips leaves with none."""
    seats = [RaceSeat(i + 1, {25: n}, kept * 100 if n else max(1, kept) * 100) for i, (n, kept) in enumerate(odd)]
    seats = [RaceSeat(s.seat, s.removed_chips, 0 if s.seat % 3 == 0 else s.kept_value) for s in seats]
    result = chip_race(seats, 100, deal_race_cards(seats, 100, random.Random(seed)))
    for seat in seats:
        extra = result.awards.get(seat.seat, 0) - result.exchanged[seat.seat]
        assert extra in (0, 1)
        had_chips = seat.kept_value + sum(d * n for d, n in seat.removed_chips.items()) > 0
        if had_chips:
            assert result.stack_after(seat) > 0
    contenders = len(result.odd_chips) - len(result.served_first)
    assert len(result.winners) == min(contenders, max(0, result.chips_raced - len(result.served_first)))


def test_dealer_procedure_names_the_chips_and_the_rule() -> None:
    chips = ChipSet((ChipDenomination(25, "green", 400), ChipDenomination(100, "black", 400)))
    structure = Structure((Level(1, 600, 25, 50), Break(600, (25,)), Level(2, 600, 100, 200)))
    (colour_up,) = colour_up_schedule(structure, chips)
    text = chip_race_procedure(colour_up, chips)
    assert "remove the 25 (green) chips" in text
    assert "100 (black)" in text
    assert "TDA 24" in text and "seat 1" in text
