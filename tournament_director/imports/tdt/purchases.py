"""A player's TD3 purchases grouped into entries (see ``model``: how TD3 records buy-ins, rebuys and busts)."""

from __future__ import annotations

from dataclasses import replace

from tournament_director.imports.tdt.model import Bust, Entry, Purchase, PurchaseKind


def build_entries(buy_ins: list[tuple[Purchase, Bust | None]],
                  add_ons: list[tuple[Purchase, Bust | None]]) -> tuple[Entry, ...]:
    """Entries from the ``Buyins`` list (in TD3's order) and the ``AddOns`` list.

    TD3 facts relied on (every sample save shows them): the first ``GameBuyin`` is the buy-in and each later one
    a rebuy; a ``BustOut`` sits on the purchase that was latest when the player busted. So a purchase after one
    that carries a bust opens a new entry (a re-entry), and a purchase after one without a bust adds chips to the
    live entry (a rebuy). An add-on belongs to the last entry opened at or before its time.
    """
    opened: list[tuple[Purchase, list[Purchase], Bust | None]] = []
    live = False
    for index, (purchase, bust) in enumerate(buy_ins):
        if not live:
            kind = PurchaseKind.BUY_IN if index == 0 else PurchaseKind.RE_ENTRY
            opened.append((replace(purchase, kind=kind), [], None))
        else:
            opened[-1][1].append(replace(purchase, kind=PurchaseKind.REBUY))
        live = bust is None
        if bust is not None:
            opening, rebuys, _ = opened[-1]
            opened[-1] = (opening, rebuys, bust)
    add_ons_by_entry: list[list[Purchase]] = [[] for _ in opened]
    for add_on, _ in add_ons:
        index = 0
        for i, (opening, _, _) in enumerate(opened):
            if opening.time <= add_on.time:
                index = i
        add_ons_by_entry[index].append(replace(add_on, kind=PurchaseKind.ADD_ON))
    return tuple(
        Entry(number, opening, tuple(rebuys), tuple(add_ons_by_entry[number - 1]), bust)
        for number, (opening, rebuys, bust) in enumerate(opened, start=1)
    )
