"""Property: whatever the money settings, busts, ties and deals, the prizes paid add up to the prize pool
exactly, every place from 1 to the number of entries is covered once, and a tie covers as many places as
it has players (seed 004 T 11; WSOP 126b; rules-reference 2.5)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.floor.standings import places, prizes_by_place, standings
from tournament_director.domain.money.icm import chip_chop, icm_deal
from tournament_director.domain.money.payouts import prizes_from_percentages, split_evenly

from tests.domain.floor.floor_helpers import drawn

money = st.fixed_dictionaries({
    "buy_in": st.integers(1, 1_000),
    "fee": st.integers(0, 50),
    "rake_percent": st.integers(0, 30),
    "guarantee": st.sampled_from([0, 0, 777, 5_000, 123_456]),
    "payout_unit": st.sampled_from([1, 5, 25, 100]),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(money=money, players=st.integers(2, 90), seed=st.integers(0, 2**32), hand_for_hand=st.booleans(),
       deal=st.sampled_from([None, "icm", "chip_chop"]))
def test_prizes_paid_equal_the_prize_pool_and_places_cover_one_to_the_entries(money, players, seed, hand_for_hand,
                                                                             deal):
    rng = random.Random(seed)
    t = drawn(players, (players + 8) // 9, seed=seed, rebuy_limit=2, rebuy_price=money["buy_in"],
              rebuy_chips=10_000, **money)
    for entry in rng.sample(sorted(t.entries), k=min(3, players)):
        t.apply("entry.rebuy", {"entry_id": entry})
    if hand_for_hand:
        t.apply("hand_for_hand.set", {"on": True})
    hand = 0
    while not t.finished:
        alive = [e for e in t.entries.values() if not e.busted]
        if deal and t.deal is None and 2 <= len(alive) <= 4:
            prizes = prizes_by_place(t)[: len(alive)]
            prizes += [0] * (len(alive) - len(prizes))
            stacks = [max(e.chips, 1) for e in alive]
            shares = (icm_deal(stacks, prizes, money["payout_unit"]) if deal == "icm"
                      else chip_chop(stacks, prizes, money["payout_unit"]))
            t.apply("deal.made", {"method": deal, "shares": [[e.id, s] for e, s in zip(alive, shares)]})
        hand += 1
        victims = rng.sample(alive, k=min(rng.choice([1, 1, 2, 3]), len(alive) - 1))
        winner = next(e for e in alive if e not in victims)
        busts = [{"entry_id": v.id, "eliminated_by": [winner.id], "start_chips": rng.choice([500, 500, 9_000])}
                 for v in victims]
        t.apply("entry.busted", {"busts": busts, "hand_for_hand_hand": hand})
    rows = standings(t)
    assert sum(r.prize for r in rows) == t.prize_pool
    spans = {(r.place, r.place_to) for r in rows}
    covered = sorted(p for first, last in spans for p in range(first, last + 1))
    assert covered == list(range(1, len(t.entries) + 1))
    assert set(places(t)) == set(t.entries)
    assert t.check_invariants() == []


@given(pool=st.integers(0, 10**9), weights=st.lists(st.integers(1, 10_000), min_size=1, max_size=60),
       unit=st.sampled_from([1, 2, 5, 10, 25, 100, 1_000]))
def test_rounded_prizes_add_up_to_the_pool_with_the_remainder_to_first(pool, weights, unit):
    from decimal import Decimal

    total = sum(weights)
    percentages = [(Decimal(w) * 100 / Decimal(total)).quantize(Decimal("0.001")) for w in weights]
    percentages[0] += Decimal(100) - sum(percentages, Decimal(0))  # three decimals, like the payout tables
    if percentages[0] <= 0:
        return
    prizes = prizes_from_percentages(pool, percentages, unit)
    assert sum(prizes) == pool
    assert all(p % unit == 0 for p in prizes[1:])


@given(amount=st.integers(0, 10**7), parts=st.integers(1, 12), unit=st.sampled_from([1, 5, 25]))
def test_a_tie_shares_in_payout_units_and_loses_nothing(amount, parts, unit):
    shares = split_evenly(amount, parts, unit)
    assert sum(shares) == amount and len(shares) == parts
    assert all(s % unit == 0 for s in shares[1:])
    assert max(shares[1:], default=0) - min(shares[1:], default=0) <= unit
