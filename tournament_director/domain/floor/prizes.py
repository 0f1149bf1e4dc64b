"""The prizes: payout percentages set by hand, the payout table chosen or edited after the set-up, and a deal
dividing the prizes left among the players left.

Hand-set percentages must add up to 100 and pay no more places than there are entries; without them the payout
table in force applies (standings.py): the one chosen or edited for this tournament (payouts.table_set, which the
event carries whole, so the log alone tells the prizes), else the shipped table the settings name. Once a paid
place is decided, a deal is made or the tournament is over, the payout table no longer changes (``prizes_fixed_by``
says what fixed them). A deal covers every player left, once, and shares exactly the prizes of the places still to
be decided; it closes registration, rebuys and add-ons.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import places, prizes_by_place
from tournament_director.domain.money.payouts import HUNDRED, parse_payout_table, percentage
from tournament_director.domain.floor.events import DealMade, PayoutTableSet, PayoutsEdited


def _payouts_edited(t: FloorRecords, event: PayoutsEdited) -> None:
    raw = event.percentages
    if raw is None:
        t.payout_percentages = None
        return
    if not isinstance(raw, list) or not raw:
        raise DomainError("each paid place needs a percentage above zero")
    if len(raw) > limits.MAX_ENTRIES:
        raise DomainError(f"{len(raw):,} places paid; at most {limits.MAX_ENTRIES:,}")
    values = tuple(percentage(x, f"place {place}") for place, x in enumerate(raw, start=1))
    if sum(values, Decimal(0)) != HUNDRED:
        raise DomainError(f"payout percentages add up to {sum(values, Decimal(0))}, not 100")
    if len(values) > max(len(t.entries), 1):
        raise DomainError(f"{len(values)} places paid but only {len(t.entries)} entries")
    t.payout_percentages = values


def prizes_fixed_by(t: FloorRecords) -> str | None:
    """What fixes the prizes so the prize pool and the payouts can no longer change, or None: a deal, the end,
    or a player already finished in the money."""
    if t.deal is not None:
        return "a deal has divided the prize money"
    if t.finished:
        return "the tournament is over"
    if not t.bust_groups:
        return None
    prizes = prizes_by_place(t)
    paid = [(first, t.entries[entry_id].name) for entry_id, (first, last) in places(t).items()
            if any(prizes[first - 1:last])]
    if paid:
        place, name = max(paid)
        return f"{name} has finished {_ordinal(place)}, in the money"
    return None


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _table_set(t: FloorRecords, event: PayoutTableSet) -> None:
    fixed = prizes_fixed_by(t)
    if fixed:
        raise DomainError(f"the payout table can no longer change: {fixed}")
    raw = event.table
    if raw is not None and not isinstance(raw, dict):
        raise DomainError("payouts.table_set carries the whole payout table (its name and bands), or null")
    t.payout_table = None if raw is None else parse_payout_table(raw, "the payout table")


def _deal_made(t: FloorRecords, event: DealMade) -> None:
    if t.deal is not None:
        raise DomainError("a deal has already been made")
    if t.finished:
        raise DomainError("the tournament is over")
    shares = {t.live_entry(e).id: limits.check_amount(a, "deal amount") for e, a in event.shares}
    alive = {e.id for e in t.entries.values() if not e.busted}
    if set(shares) != alive or len(shares) != len(event.shares):
        raise DomainError("a deal covers every player left, each once")
    prizes = prizes_by_place(t)
    remaining = sum(prizes[: len(alive)])
    if sum(shares.values()) != remaining:
        raise DomainError(f"the deal shares add up to {sum(shares.values())}, the prizes left are {remaining}")
    t.deal = shares
    t.deal_method = event.method if event.method is not None else "custom"


HANDLERS = (
    (PayoutsEdited, _payouts_edited),
    (PayoutTableSet, _table_set),
    (DealMade, _deal_made),
)
