"""The index of tables by player count follows the floor through busts, balancing moves, breaks, hands and a new
breaking order exactly as an index built afresh from the tables, and a proposal read through it is the proposal
read through a fresh one."""

from __future__ import annotations

import random

from tests.domain.floor.floor_helpers import deal, drawn
from tournament_director.domain.floor.balancing import propose
from tournament_director.domain.floor.table_index import TableIndex


def _fresh(t) -> TableIndex:  # type: ignore[no-untyped-def]
    return TableIndex(t.tables, t.settings.break_order)


def _same(kept: TableIndex, fresh: TableIndex) -> None:
    assert list(kept.ascending()) == list(fresh.ascending())
    assert (kept.players, kept.capacity, len(kept)) == (fresh.players, fresh.capacity, len(fresh))
    assert (kept.first_to_break(), kept.last_to_break()) == (fresh.first_to_break(), fresh.last_to_break())


def test_the_kept_index_is_the_fresh_one_after_every_event() -> None:
    rng = random.Random(4)
    t = drawn(120, 14, seed=3)
    for step in range(400):
        if t.finished or t.alive < 3:
            break
        if step == 60:
            t.apply("settings.changed", {"changes": {"break_order": [3, 7, 1]}})
        if step % 25 == 10:
            deal(t, *[n for n, table in t.tables.items() if not table.broken and table.players >= 2])
            t.apply("hand.finished", {"tables": [n for n, table in t.tables.items() if table.in_hand]})
        alive = [e for e in t.entries.values() if not e.busted]
        victim = rng.choice(alive)
        mates = [e for e in t.tables[victim.table].seats.values() if e != victim.id]
        t.apply("entry.busted", {"busts": [{"entry_id": victim.id, "eliminated_by": mates[:1]}]})
        kept = t.table_index()
        _same(kept, _fresh(t))
        picture = t.floor_picture()
        proposal = propose(picture, random.Random(step))
        picture.index = None  # the same floor read through an index built afresh
        assert propose(picture, random.Random(step)) == proposal
        if not proposal.is_empty:
            t.apply("moves.accepted", {"kind": proposal.kind, "moves": [m.to_dict() for m in proposal.moves],
                                       "broken_tables": list(proposal.broken_tables),
                                       "buttons": [list(b) for b in proposal.buttons]})
            _same(t.table_index(), _fresh(t))
    assert t.alive < 60  # the floor went through many breaks
