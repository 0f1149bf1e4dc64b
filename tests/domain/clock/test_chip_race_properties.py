"""Chip race (TDA 24; RRoP Tournaments) over random tables: one chip per player at most on the cards, nobody is
raced out, and the chips made are the value raced rounded by the half-chip rule."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tournament_director.domain.clock.chips import RaceSeat, chip_race, deal_race_cards

seats_strategy = st.lists(
    st.tuples(st.integers(0, 7), st.integers(0, 3), st.sampled_from([0, 0, 500, 1_000, 12_500])),
    min_size=2, max_size=10,
)


@settings(max_examples=200, deadline=None)
@given(seats_strategy, st.integers(0, 2**32))
def test_race_gives_one_chip_at_most_and_never_races_a_player_out(table: list, seed: int) -> None:
    seats = [RaceSeat(number, {25: twenty_fives, 100: hundreds}, kept)
             for number, (twenty_fives, hundreds, kept) in enumerate(table, start=1)]
    assume(sum(t + h for t, h, _ in table) <= 52)  # one card per odd chip: more than a deck is refused (tested apart)
    cards = deal_race_cards(seats, 500, random.Random(seed))
    result = chip_race(seats, 500, cards)
    odd_value = sum((25 * s.removed_chips[25] + 100 * s.removed_chips[100]) % 500 for s in seats)
    expected = odd_value // 500 + (1 if 2 * (odd_value % 500) >= 500 else 0)
    assert result.chips_raced == expected
    assert len(set(result.winners)) == len(result.winners)
    assert not set(result.winners) & set(result.served_first)
    assert len(result.winners) <= max(0, expected - len(result.served_first))
    for seat in seats:
        has_chips = any(seat.removed_chips.values()) or seat.kept_value
        if has_chips:
            assert result.stack_after(seat) > 0, f"seat {seat.seat} was raced out"
        raced_extra = result.awards.get(seat.seat, 0) - result.exchanged[seat.seat]
        assert raced_extra in (0, 1)


def test_more_odd_chips_than_a_deck_of_cards_is_refused_with_the_remedy() -> None:
    """RRoP Tournaments: one card per odd chip; past 52 the floor must exchange more chips before racing."""
    import pytest

    from tournament_director.domain.errors import DomainError

    seats = [RaceSeat(number, {25: 7, 100: 3}, 0) for number in range(1, 10)]  # 90 odd chips
    with pytest.raises(DomainError, match="exchange more chips"):
        deal_race_cards(seats, 500, random.Random(1))
