"""Builders for floor tests: a tournament folded from real events, seats placed by hand or drawn."""

from __future__ import annotations

import random
from typing import Any

from tournament_director.domain.floor.seating import draw_start_seats
from tournament_director.domain.floor.tournament import Tournament


def configured(**settings: Any) -> Tournament:
    t = Tournament.new()
    t.apply("tournament.configured", {"settings": {"name": "Test", **settings}})
    return t


def seated(layout: dict[int, list[int]], seats: int = 9, button: dict[int, int] | None = None, **settings: Any) -> Tournament:
    """Tables ``{number: [occupied seats]}``; entries numbered in order; button at the first seat unless given."""
    t = configured(**settings)
    t.apply("tables.added", {"tables": [{"number": n, "seats": seats} for n in sorted(layout)]})
    count = sum(len(s) for s in layout.values())
    t.apply("entries.imported", {"entries": [{"entry_id": i, "name": f"P{i}"} for i in range(1, count + 1)]})
    t.apply("seats.drawn", seats_drawn_payload(layout, button))
    _close_unless_late(t, settings)
    return t


def seats_drawn_payload(layout: dict[int, list[int]], button: dict[int, int] | None = None) -> dict[str, Any]:
    """The "seats.drawn" payload that puts entries 1, 2, ... on the seats of ``layout`` in table and seat order,
    each table's button on its lowest occupied seat unless ``button`` says otherwise."""
    assignments, entry = [], 1
    for number in sorted(layout):
        for seat in layout[number]:
            assignments.append([entry, number, seat])
            entry += 1
    buttons = [[n, (button or {}).get(n, min(s))] for n, s in layout.items() if len(s) >= 2]
    return {"assignments": assignments, "buttons": buttons}


def _close_unless_late(t: Tournament, settings: dict[str, Any]) -> None:
    """A fixed field: registration closes after the draw, unless the test is about late entries."""
    if not {"late_registration_until_level", "late_registration_until_time", "reentry_limit"} & set(settings):
        t.apply("registration.closed", {"closed": True})


def drawn(players: int, tables: int, seats: int = 9, seed: int = 1, **settings: Any) -> Tournament:
    t = configured(**settings)
    t.apply("tables.added", {"tables": [{"number": n, "seats": seats} for n in range(1, tables + 1)]})
    t.apply("entries.imported", {"entries": [{"entry_id": i, "name": f"P{i}"} for i in range(1, players + 1)]})
    rng = random.Random(seed)
    assignments = draw_start_seats(list(t.entries), list(t.tables.values()), rng)
    by_table: dict[int, list[int]] = {}
    for _, n, s in assignments:
        by_table.setdefault(n, []).append(s)
    t.apply("seats.drawn", {"assignments": [list(a) for a in assignments],
                            "buttons": [[n, min(s)] for n, s in by_table.items() if len(s) >= 2]})
    _close_unless_late(t, settings)
    return t


def deal(t: Tournament, *tables: int, sb: int = 50, bb: int = 100, ante: int = 0, bba: bool = False) -> None:
    t.apply("hand.next", {"tables": list(tables), "small_blind": sb, "big_blind": bb, "ante": ante,
                          "big_blind_ante": bba})


def who(t: Tournament, table: int, seat: int | None) -> int | None:
    return None if seat is None else t.tables[table].seats.get(seat)
