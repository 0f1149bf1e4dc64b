"""The prizes: payout percentages set by hand, and a deal dividing the prizes left among the players left.

Hand-set percentages must add up to 100 and pay no more places than there are entries; without them the
payout table of the settings applies (standings.py). A deal covers every player left, once, and shares
exactly the prizes of the places still to be decided; it closes registration, rebuys and add-ons.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import FloorRecords, whole_number
from tournament_director.domain.floor.standings import prizes_by_place
from tournament_director.domain.money.payouts import HUNDRED, percentage


def _payouts_edited(t: FloorRecords, p: dict[str, Any]) -> None:
    raw = p.get("percentages")
    if raw is None:
        t.payout_percentages = None
        return
    if not isinstance(raw, list) or not raw:
        raise DomainError("each paid place needs a percentage above zero")
    values = tuple(percentage(x, f"place {place}") for place, x in enumerate(raw, start=1))
    if sum(values, Decimal(0)) != HUNDRED:
        raise DomainError(f"payout percentages add up to {sum(values, Decimal(0))}, not 100")
    if len(values) > max(len(t.entries), 1):
        raise DomainError(f"{len(values)} places paid but only {len(t.entries)} entries")
    t.payout_percentages = values


def _deal_made(t: FloorRecords, p: dict[str, Any]) -> None:
    if t.deal is not None:
        raise DomainError("a deal has already been made")
    if t.finished:
        raise DomainError("the tournament is over")
    shares = {t.live_entry(e).id: whole_number(a, "deal amount") for e, a in p["shares"]}
    alive = {e.id for e in t.entries.values() if not e.busted}
    if set(shares) != alive or len(shares) != len(p["shares"]):
        raise DomainError("a deal covers every player left, each once")
    prizes = prizes_by_place(t)
    remaining = sum(prizes[: len(alive)])
    if sum(shares.values()) != remaining:
        raise DomainError(f"the deal shares add up to {sum(shares.values())}, the prizes left are {remaining}")
    t.deal = shares
    t.deal_method = str(p.get("method", "custom"))


HANDLERS = (
    ("payouts.edited", _payouts_edited),
    ("deal.made", _deal_made),
)
