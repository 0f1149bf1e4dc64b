"""Paying a share of the field, splitting the buy-in with the bounty, and the price of an entry with its parts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.money.payouts import (
    PLACES_PAID_MOST, parse_payout_table, places_paid, places_paid_table, prizes_from_percentages,
)
from tournament_director.domain.money.settings import bounty_share, price_split


@pytest.mark.parametrize("percent", [1, 10, 15, 20, 33, 50, 100])
def test_a_share_of_the_field_pays_that_many_places_falling_with_the_place(percent: int) -> None:
    table = places_paid_table(percent)
    assert parse_payout_table(table.to_dict()) == table                 # the event carries it as plain data
    for entries in range(2, 700):
        percentages = table.percentages_for(entries)
        assert len(percentages) == min(places_paid(entries, percent), PLACES_PAID_MOST)
        assert sum(percentages) == 100 and all(p > 0 for p in percentages)
        assert list(percentages) == sorted(percentages, reverse=True)
    prizes = prizes_from_percentages(3_000, table.percentages_for(30))
    assert sum(prizes) == 3_000 and prizes == sorted(prizes, reverse=True)


def test_fifteen_per_cent_of_thirty_pays_five_rounded_up() -> None:
    assert [places_paid(n, 15) for n in (2, 6, 7, 30, 100, 101)] == [1, 1, 2, 5, 15, 16]
    assert places_paid_table(15).percentages_for(30)[0] > Decimal(40)


@pytest.mark.parametrize("percent", [0, 101, -5, True, "15"])
def test_a_share_outside_one_to_a_hundred_is_refused_by_name(percent: object) -> None:
    with pytest.raises(DomainError, match="places paid must be 1 to 100 % of the field"):
        places_paid_table(percent)  # type: ignore[arg-type]


def test_the_bounty_as_a_share_of_the_buy_in_and_the_price_of_an_entry() -> None:
    assert bounty_share(100, 50) == (50, 50)
    assert bounty_share(105, 50) == (53, 52)                              # the odd unit stays in the prize pool
    assert bounty_share(100, 0) == (100, 0) and bounty_share(100, 100) == (0, 100)
    with pytest.raises(DomainError, match="bounty's share of the buy-in must be 0 to 100 %"):
        bounty_share(100, 120)
    split = price_split(50, 10, 50, 0)
    assert (split.price, split.prize_pool, split.bounty, split.fee, split.rake) == (110, 50, 50, 10, 0)
    split = price_split(100, 10, 0, 5)
    assert (split.price, split.prize_pool, split.rake) == (110, 95, 5)
