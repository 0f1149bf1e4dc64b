"""What the room's screens read after every change without a look at every entry equals what a look at every entry
says: the latest knockouts and the places of a hand's busts (read from the latest bust groups back) with their
prizes, as the full standings give them, for busts on one hand with equal stacks, hand-for-hand busts at several
tables and a deal; the chip leader followed through the entries each event changed; and the floor's running counts
of re-entries, rebuys, add-ons and entries by buy-in option, after random play and a snapshot round trip."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.seating import draw_start_seats
from tournament_director.domain.floor.standings import prizes_by_place
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.money.payouts import split_evenly
from tournament_director.services.results import Knockout, Results

OPS = ("bust", "bust", "same_hand", "same_hand_equal", "hand_for_hand", "rebuy", "addon", "reenter", "count",
       "count_leader_down", "hand", "look")


def start(rng: random.Random, players: int) -> Tournament:
    t = Tournament.new()
    t.apply("tournament.configured", {"settings": {
        "name": "News", "buy_in": 100, "fee": 5, "rake_percent": 3, "rebuy_limit": 2, "rebuy_price": 100,
        "rebuy_chips": 10_000, "rebuy_max_chips": 1_000_000, "late_registration_until_level": 99,
        "addon_enabled": True, "addon_price": 50, "addon_chips": 5_000, "addon_only_on_break": False,
        "reentry_limit": 2, "payout_unit": rng.choice([1, 5, 25]),
        "buy_in_options": [{"name": "Deep", "buy_in": 150, "fee": 10, "chips": 30_000}],
    }})
    tables = -(-players // 6)
    t.apply("tables.added", {"tables": [{"number": n, "seats": 6} for n in range(1, tables + 1)]})
    t.apply("entries.imported", {"entries": [
        {"entry_id": i, "name": f"P{i}", **({"option": "Deep"} if rng.random() < 0.3 else {})}
        for i in range(1, players + 1)]})
    draw = draw_start_seats(list(t.entries), list(t.tables.values()), rng)
    t.apply("seats.drawn", {"assignments": [list(a) for a in draw], "buttons": []})
    return t


def alive(t: Tournament) -> list[int]:
    return [e.id for e in t.entries.values() if not e.busted]


def step(t: Tournament, op: str, rng: random.Random) -> None:
    live = alive(t)
    if op == "bust" and len(live) > 2:
        victim = rng.choice(live)
        t.apply("entry.busted", {"busts": [{"entry_id": victim, "eliminated_by": rng.sample(
            [e for e in live if e != victim], k=rng.choice([0, 1, 1, 2]))}]})
    elif op in ("same_hand", "same_hand_equal") and len(live) > 4:
        victims = rng.sample(live, rng.choice([2, 3]))
        killer = rng.choice([e for e in live if e not in victims])
        chips = [2_000] * len(victims) if op == "same_hand_equal" else [rng.choice([1_000, 2_000, 3_000])
                                                                          for _ in victims]
        t.apply("entry.busted", {"busts": [{"entry_id": v, "eliminated_by": [killer], "start_chips": c}
                                           for v, c in zip(victims, chips)]})
    elif op == "hand_for_hand" and len(live) > 4:
        t.apply("hand_for_hand.set", {"on": True})
        hand = t.hand_for_hand_hand + 1
        for victim in rng.sample(live, 2):  # two busts of one hand, reported table by table
            killer = next(e for e in alive(t) if e != victim)
            t.apply("entry.busted", {"busts": [{"entry_id": victim, "eliminated_by": [killer]}],
                                     "hand_for_hand_hand": hand})
        t.apply("hand_for_hand.set", {"on": False})
    elif op in ("rebuy", "addon") and live:
        t.apply(f"entry.{op}", {"entry_id": rng.choice(live), "level": 1})
    elif op == "reenter":
        out = [e for e in t.entries.values() if e.busted]
        if out:
            entry = rng.choice(out)
            seat = draw_start_seats([t.next_entry_id], t.open_tables(), rng)[0][1:]
            t.apply("entry.registered", {"entry_id": t.next_entry_id, "name": entry.name, "level": 1,
                                         "seat": list(seat), "option": rng.choice([None, "Deep"])})
    elif op == "count" and live:
        counted = rng.sample(live, k=min(len(live), 3))
        t.apply("chips.counted", {"counts": [[e, rng.choice([500, 20_000, 90_000])] for e in counted]})
    elif op == "count_leader_down" and live:
        leader = t.chip_leader()
        assert leader is not None
        t.apply("chips.counted", {"counts": [[leader.id, 100]]})  # the leader was short: someone else leads
    elif op == "hand":
        playable = [tb.number for tb in t.open_tables() if tb.players >= 2]
        if playable:
            t.apply("hand.next", {"tables": playable, "small_blind": 500, "big_blind": 1_000, "ante": 0,
                                  "big_blind_ante": False})
            t.apply("hand.finished", {"tables": playable})


def knockouts_from_every_entry(t: Tournament, count: int) -> list[Knockout]:
    """The latest knockouts as the full standings give them: every decided place, the best first, the winner aside."""
    out = []
    for line in Results(t).lines():
        entry = t.entries[line.entry_id]
        if entry.busted:
            table = t.bust_groups[entry.bust_group].tables.get(entry.id)
            out.append(Knockout(line.name, line.place, line.place_to, line.prize, line.eliminated_by, table))
    return out[:count]


def leader_from_every_entry(t: Tournament) -> int | None:
    live = [e for e in t.entries.values() if not e.busted]
    return max(live, key=lambda e: (e.chips, -e.id)).id if live else None


def assert_news_as_every_entry_says(t: Tournament, rng: random.Random) -> None:
    results = Results(t)
    count = rng.choice([1, 3, 5, 12])
    assert results.recent_knockouts(count) == knockouts_from_every_entry(t, count)
    lines = {line.entry_id: line for line in results.lines()}
    asked = rng.sample(list(t.entries), k=min(len(t.entries), 4))
    assert results.of(asked) == [lines[e] for e in asked if e in lines]
    assert results.winner() == next((line for line in lines.values() if line.place == 1), None)


def assert_counts_as_every_entry_says(t: Tournament) -> None:
    entries = list(t.entries.values())
    assert (t.reentries, t.rebuys, t.addons) == (sum(e.number > 1 for e in entries), sum(e.rebuys for e in entries),
                                                 sum(e.addons for e in entries))
    assert sum(t.options_bought.values()) == len(entries)
    assert t.options_bought.get("Deep", 0) == sum(e.buy_in_option == "Deep" for e in entries)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(8, 40), ops=st.lists(st.sampled_from(OPS), max_size=30),
       deal_at=st.sampled_from([None, 2, 3, 4]))
def test_the_news_read_from_the_latest_busts_and_changes_equals_a_look_at_every_entry(seed, players, ops, deal_at):
    rng = random.Random(seed)
    t = start(rng, players)
    for op in ops:
        if op == "look":  # the screens look now and then, not after every event
            assert t.chip_leader().id == leader_from_every_entry(t)
            continue
        try:
            step(t, op, rng)
        except DomainError:
            pass
        if rng.random() < 0.5:
            assert t.chip_leader().id == leader_from_every_entry(t)
        assert_news_as_every_entry_says(t, rng)
        assert_counts_as_every_entry_says(t)
    reopened = Tournament.from_snapshot(t.to_snapshot())
    assert_counts_as_every_entry_says(reopened)
    assert reopened.chip_leader().id == t.chip_leader().id == leader_from_every_entry(t)
    # Played out: a deal among the last few (when asked), then busts down to the winner.
    t.apply("registration.closed", {"closed": True})
    while not t.finished:
        live = alive(t)
        if deal_at is not None and len(live) == deal_at and t.deal is None:
            left = sum(prizes_by_place(t)[: len(live)])
            shares = [left // len(live)] * len(live)
            shares[0] += left - sum(shares)
            t.apply("deal.made", {"method": "chop", "shares": [[e, s] for e, s in zip(live, shares)]})
        step(t, rng.choice(["bust", "same_hand_equal"]) if len(live) > 4 else "bust", rng)
        if len(alive(t)) == 2 and not t.finished:
            a, b = alive(t)
            t.apply("entry.busted", {"busts": [{"entry_id": a, "eliminated_by": [b]}]})
        assert t.chip_leader().id == leader_from_every_entry(t)
        assert_news_as_every_entry_says(t, rng)
    assert t.check_invariants() == []
    assert Results(t).winner() is not None and Results(t).winner().place == 1


def test_a_tie_across_tables_hand_for_hand_shares_its_places_and_prizes_in_the_knockouts() -> None:
    rng = random.Random(7)
    t = start(rng, 24)
    t.apply("payouts.edited", {"percentages": ["40", "25", "15", "10", "10"]})
    t.apply("hand_for_hand.set", {"on": True})
    by_table: dict[int, int] = {}
    for e in t.entries.values():
        by_table.setdefault(e.table, e.id)
    first, second = list(by_table.values())[:2]
    for victim in (first, second):  # the same hand at two tables: they tie (WSOP 126b)
        killer = next(e for e in alive(t) if t.entries[e].table == t.entries[victim].table and e != victim)
        t.apply("entry.busted", {"busts": [{"entry_id": victim, "eliminated_by": [killer]}], "hand_for_hand_hand": 1})
    knockouts = Results(t).recent_knockouts(5)
    assert [(k.place, k.place_to) for k in knockouts] == [(23, 24), (23, 24)]
    assert knockouts == knockouts_from_every_entry(t, 5)
    while len(alive(t)) > 6:
        step(t, "bust", rng)
    victims = rng.sample(alive(t), 2)  # 5th-6th shared: half of the 5th place's prize each
    killer = next(e for e in alive(t) if e not in victims)
    t.apply("entry.busted", {"busts": [{"entry_id": v, "eliminated_by": [killer], "start_chips": 1_000}
                                       for v in victims]})
    knockouts = Results(t).recent_knockouts(2)
    fifth = prizes_by_place(t)[4]  # the 6th place pays nothing: the two share the 5th's prize
    assert [(k.place, k.place_to) for k in knockouts] == [(5, 6), (5, 6)]
    shares = split_evenly(fifth, 2, t.settings.payout_unit)  # the larger share to the lower entry id
    by_entry = {t.entries[v].name: share for v, share in zip(sorted(victims), shares)}
    assert {k.name: k.prize for k in knockouts} == by_entry and sum(by_entry.values()) == fifth
    assert knockouts == knockouts_from_every_entry(t, 2)


def test_the_leader_who_busts_or_loses_chips_in_a_count_hands_the_lead_on() -> None:
    t = start(random.Random(3), 12)
    leader = t.chip_leader()
    assert leader is not None and leader.id == leader_from_every_entry(t)
    t.apply("chips.counted", {"counts": [[leader.id, 10]]})
    assert t.chip_leader().id == leader_from_every_entry(t) != leader.id
    second = t.chip_leader()
    killer = next(e for e in alive(t) if e != second.id)
    t.apply("entry.busted", {"busts": [{"entry_id": second.id, "eliminated_by": [killer]}]})
    assert t.chip_leader().id == leader_from_every_entry(t) == killer  # the eliminator took his chips
