"""The floor's invariants, checked by the tests after every event and by the service on request.

Each active entry sits in exactly one seat and no seat holds two entries; the chips in play and unassigned
are the chips issued; the running counts of re-entries, rebuys and add-ons, the bounties on heads and the
biggest heads are a recount's; the payments add up to the prize pool, the house's share and the bounties;
finishing places are distinct and a tie covers as many places as it has players; once over, the places run from 1
to the number of entries and the prizes paid are the prize pool (prizes awarded in another program and brought over
stand as they were awarded, and its places are its own: imported.py).
"""

from __future__ import annotations

import heapq

from tournament_director.domain.floor.bounty_heads import HEADS_KEPT
from tournament_director.domain.floor.records import DEAL_AWARDED, FloorRecords
from tournament_director.domain.floor.standings import standings


def check_invariants(t: FloorRecords) -> list[str]:
    """Problems in the state, empty when all is well (each active entry in exactly one seat, no seat
    with two entries, places distinct, chips and money accounted for)."""
    problems: list[str] = []
    seat_owner: dict[tuple[int, int], int] = {}
    for table in t.tables.values():
        for seat, entry_id in table.seats.items():
            entry = t.entries.get(entry_id)
            if entry is None:
                problems.append(f"table {table.number} seat {seat} holds unknown entry {entry_id}")
                continue
            if entry.busted:
                problems.append(f"busted entry {entry_id} still sits at table {table.number} seat {seat}")
            if (entry.table, entry.seat) != (table.number, seat):
                problems.append(f"entry {entry_id} sits at {table.number}/{seat} but records {entry.table}/{entry.seat}")
            if entry_id in seat_owner.values():
                problems.append(f"entry {entry_id} sits in two seats")
            seat_owner[(table.number, seat)] = entry_id
            if seat in table.locked:
                problems.append(f"table {table.number} seat {seat} is locked but taken")
        if table.broken and table.seats:
            problems.append(f"broken table {table.number} still has players")
    alive = [e for e in t.entries.values() if not e.busted]
    if len(alive) != t.alive:
        problems.append(f"{len(alive)} live entries but the count says {t.alive}")
    if t.seated_drawn:
        for entry in alive:
            if entry.table is None or seat_owner.get((entry.table, entry.seat)) != entry.id:  # type: ignore[arg-type]
                problems.append(f"live entry {entry.id} ({entry.name}) has no seat")
    chips = sum(e.chips for e in alive) + t.chips_unassigned
    if chips != t.chips_issued:
        problems.append(f"chips: {chips} in play and unassigned, {t.chips_issued} issued")
    if any(e.chips < 0 for e in t.entries.values()):
        problems.append("an entry has fewer than zero chips")
    if any(e.busted and e.chips for e in t.entries.values()):
        problems.append("a busted entry still holds chips")
    if sum(e.paid_prize for e in t.entries.values()) != t.prize_contributions:
        problems.append("prize-pool contributions do not match the entries' payments")
    bounties = sum(e.bounty + e.bounty_won for e in t.entries.values()) + t.bounty_unclaimed
    if bounties != t.bounty_pool:
        problems.append(f"bounties: {bounties} on heads, won or unclaimed, {t.bounty_pool} paid in")
    on_heads = sum(e.bounty for e in t.entries.values())
    if on_heads != t.bounties_on_heads:
        problems.append(f"bounties on heads: {on_heads} counted, the running figure says {t.bounties_on_heads}")
    if any(e.busted and e.bounty for e in t.entries.values()):
        problems.append("a busted entry still carries a bounty")
    heads = heapq.nlargest(HEADS_KEPT, (e for e in t.entries.values() if not e.busted and e.bounty > 0),
                           key=lambda e: (e.bounty, -e.id))
    if [e.id for e in heads] != [e.id for e in t.biggest_heads()]:
        problems.append(f"biggest heads: {[e.id for e in heads]} counted, the watch says "
                        f"{[e.id for e in t.biggest_heads()]}")
    counted = (sum(e.number > 1 for e in t.entries.values()), sum(e.rebuys for e in t.entries.values()),
               sum(e.addons for e in t.entries.values()))
    by_option: dict[str, int] = {}
    for e in t.entries.values():
        by_option[e.buy_in_option] = by_option.get(e.buy_in_option, 0) + 1
    if by_option != {option: n for option, n in t.options_bought.items() if n}:
        problems.append(f"entries by buy-in option: {by_option} counted, the running counts say {t.options_bought}")
    if counted != (t.reentries, t.rebuys, t.addons):
        problems.append(f"re-entries, rebuys, add-ons: {counted} counted, the running counts say "
                        f"{(t.reentries, t.rebuys, t.addons)}")
    rows = standings(t)
    spans: dict[tuple[int, int], int] = {}
    for r in rows:
        if r.place is not None and r.place_to is not None:
            spans[(r.place, r.place_to)] = spans.get((r.place, r.place_to), 0) + 1
    if any(members != last - first + 1 for (first, last), members in spans.items()):
        problems.append("a tie does not cover as many places as it has players")
    covered = sorted(p for first, last in spans for p in range(first, last + 1))
    if len(set(covered)) != len(covered):
        problems.append("two finishing places overlap")
    if t.finished:
        if covered != list(range(1, len(t.entries) + 1)) and t.deal_method != DEAL_AWARDED:
            problems.append("the finishing places are not 1..entries")
        if sum(r.prize for r in rows) != t.prize_pool and t.deal_method != DEAL_AWARDED:
            problems.append(f"prizes paid {sum(r.prize for r in rows)} differ from the prize pool {t.prize_pool}")
    return problems
