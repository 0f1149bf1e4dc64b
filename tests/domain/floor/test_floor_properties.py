"""Property tests over random sequences of registrations, busts, rebuys, hands, absences, accepted
proposals and breaks: every live entry sits in exactly one seat, accepted proposals leave the tables
within tolerance (seed 004 T 6) and move the player due the big blind (TDA 11-A), places form a
permutation (ties covering their places), the prizes paid equal the prize pool, and the state
survives a snapshot round trip (what undo and reopening rely on)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.balancing import propose
from tournament_director.domain.floor.buttons import due_big_blind_order
from tournament_director.domain.floor.seating import draw_start_seats
from tournament_director.domain.floor.standings import standings
from tournament_director.domain.floor.tournament import Tournament

OPS = ("register", "bust", "bust", "bust", "rebuy", "hand", "absent", "propose", "propose", "busts_same_hand")


def start(rng: random.Random, players: int, tables: int) -> Tournament:
    t = Tournament.new()
    t.apply("tournament.configured", {"settings": {
        "name": "Prop", "buy_in": 100, "fee": 5, "rake_percent": 3, "rebuy_limit": 2, "rebuy_price": 100,
        "rebuy_chips": 10_000, "rebuy_max_chips": 1_000_000, "late_registration_until_level": 99,
        "bounty_mode": "progressive", "bounty": 20, "reentry_limit": 1, "guarantee": 3_000,
    }})
    seats = rng.choice([6, 9, 10])  # one size per room, as the tolerance rule assumes
    t.apply("tables.added", {"tables": [{"number": n, "seats": seats} for n in range(1, tables + 1)]})
    t.apply("entries.imported", {"entries": [{"entry_id": i, "name": f"P{i}"} for i in range(1, players + 1)]})
    draw = draw_start_seats(list(t.entries), list(t.tables.values()), rng)
    tables_used = {n for _, n, _ in draw}
    t.apply("seats.drawn", {"assignments": [list(a) for a in draw], "buttons": [
        [n, min(s for _, m, s in draw if m == n)] for n in tables_used if sum(1 for _, m, _ in draw if m == n) >= 2]})
    return t


def alive(t: Tournament) -> list[int]:
    return [e.id for e in t.entries.values() if not e.busted]


def accept(t: Tournament, rng: random.Random) -> None:
    proposal = propose(t.floor_picture(), rng)
    if proposal.is_empty:
        return
    due_before = {n: due_big_blind_order(tb, t.settings.button_mode) for n, tb in t.tables.items() if not tb.broken}
    in_hand = [tb.number for tb in t.open_tables() if tb.in_hand]
    if in_hand:
        t.apply("hand.finished", {"tables": in_hand})  # moves are made between hands
    t.apply("moves.accepted", {"kind": proposal.kind, "moves": [m.to_dict() for m in proposal.moves],
                               "broken_tables": list(proposal.broken_tables),
                               "buttons": [list(b) for b in proposal.buttons]})
    if proposal.kind == "balance":
        movers_from: dict[int, list[int]] = {}
        for m in proposal.moves:
            movers_from.setdefault(m.from_table, []).append(m.entry_id)
        for table, movers in movers_from.items():  # recently moved or not (that only decides between tables)
            assert movers[0] == due_before[table][0], "TDA 11-A: the player due the big blind moves"
    if proposal.kind in ("balance", "break"):
        sizes = [tb.players for tb in t.tables.values() if not tb.broken and tb.players]
        assert max(sizes) - min(sizes) <= proposal.tolerance


def step(t: Tournament, op: str, rng: random.Random) -> None:
    live = alive(t)
    if op == "register":
        t.apply("entry.registered", {"entry_id": t.next_entry_id, "name": f"N{t.next_entry_id}", "level": 1,
                                     "seat": list(draw_start_seats([t.next_entry_id], t.open_tables(), rng)[0][1:])})
    elif op == "bust" and len(live) > 1:
        victim = rng.choice(live)
        killers = rng.sample([e for e in live if e != victim], k=min(len(live) - 1, rng.choice([0, 1, 1, 2])))
        t.apply("entry.busted", {"busts": [{"entry_id": victim, "eliminated_by": killers}]})
    elif op == "busts_same_hand" and len(live) > 3:
        victims = rng.sample(live, 2)
        killer = rng.choice([e for e in live if e not in victims])
        t.apply("entry.busted", {"busts": [
            {"entry_id": v, "eliminated_by": [killer], "start_chips": rng.choice([1_000, 2_000])} for v in victims]})
    elif op == "rebuy" and live:
        t.apply("entry.rebuy", {"entry_id": rng.choice(live), "level": 1})
    elif op == "hand":
        playable = [tb.number for tb in t.open_tables() if tb.players >= 2]
        if playable:
            t.apply("hand.next", {"tables": rng.sample(playable, k=rng.randint(1, len(playable))),
                                  "small_blind": 500, "big_blind": 1_000, "ante": rng.choice([0, 1_000]),
                                  "big_blind_ante": True})
            t.apply("hand.finished", {"tables": playable})
    elif op == "absent" and live:
        entry = rng.choice(live)
        t.apply("chips.counted", {"counts": [[entry, rng.choice([300, 1_500, t.entries[entry].chips])]]})
        t.apply("entry.presence", {"entry_id": entry, "present": rng.random() < 0.3})
    elif op == "propose":
        accept(t, rng)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 60), tables=st.integers(1, 8),
       ops=st.lists(st.sampled_from(OPS), max_size=40))
@example(seed=504, players=21, tables=8,  # a table broken into tables of one, each player alone on the button
         ops=["propose", "hand", "register", "bust", "absent", "hand", "hand", "busts_same_hand", "bust", "hand",
              "bust", "hand", "rebuy", "bust", "busts_same_hand"])
def test_random_floor_sequences_keep_every_invariant(seed, players, tables, ops):
    rng = random.Random(seed)
    tables = min(tables, max(1, players // 2))
    if players > tables * 6:
        tables = -(-players // 6)
    t = start(rng, players, tables)
    for op in ops:
        before = t.to_snapshot()
        try:
            step(t, op, rng)
        except DomainError:
            assert t.to_snapshot() == before, f"a refused {op} changed the state"
        assert t.check_invariants() == [], op
        assert Tournament.from_snapshot(t.to_snapshot()).to_snapshot() == t.to_snapshot()
    # Play it out: close registration, bust down to one, accept every proposal.
    t.apply("registration.closed", {"closed": True})
    while not t.finished:
        step(t, "bust", rng)
        accept(t, rng)
        assert t.check_invariants() == []
    rows = standings(t)
    spans = {(r.place, r.place_to) for r in rows}
    covered = sorted(p for first, last in spans for p in range(first, last + 1))
    assert covered == list(range(1, len(t.entries) + 1))
    assert sum(r.prize for r in rows) == t.prize_pool
    assert sum(r.bounty_won for r in rows) + t.bounty_unclaimed == t.bounty_pool
