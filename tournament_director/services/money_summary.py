"""The night's money in one summary for the results exports: what the players paid in, the house's fees and rake,
the prize pool with what the guarantee added to it (the overlay), the bounties paid in and paid out, the prizes
paid so far, and the entries a satellite's seat paid for (counted in the pool, never in the cash taken in).

Read from the floor's entries and running totals (domain/floor/records.py): every buy-in, re-entry, rebuy and
add-on an entry paid is split there into the prize pool, the house and the bounty.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import standings
from tournament_director.domain.state import TournamentState
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store


@dataclass(frozen=True)
class MoneySummary:
    taken_in: int            # everything the players paid: buy-ins, re-entries, rebuys, add-ons, fees, bounties
    rake: int                # fees and rake, the house's
    prize_pool: int          # the buy-ins less rake, topped up to the guarantee
    guarantee_added: int     # what the house adds to reach the guarantee (the overlay)
    bounties_paid_in: int
    bounties_paid_out: int   # paid to the players who knocked others out (and the winner's own bounty)
    bounties_unclaimed: int  # on the heads of players out with nobody named as their eliminator
    prizes_paid: int         # the prizes of the places decided so far (or of the deal)
    satellite_seats: int = 0        # entries paid by a seat won in a satellite (no cash at the desk)
    satellite_seat_value: int = 0   # what those seats paid, in the prize pool, the fees and the bounties as any entry

    def lines(self) -> list[tuple[str, int]]:
        """The summary as the exports list it, one figure a line."""
        return [("Taken in", self.taken_in), ("Rake (fees)", self.rake), ("Prize pool", self.prize_pool),
                ("Guarantee added (overlay)", self.guarantee_added), ("Bounties paid in", self.bounties_paid_in),
                ("Bounties paid out", self.bounties_paid_out), ("Bounties unclaimed", self.bounties_unclaimed),
                ("Paid in prizes", self.prizes_paid)] + ([
                (f"Paid by satellite seats ({self.satellite_seats})", self.satellite_seat_value)]
                if self.satellite_seats else [])

    def as_json(self) -> dict[str, int]:
        """The keys ``export-summary`` adds to its object."""
        return {"taken_in": self.taken_in, "rake": self.rake, "guarantee_added": self.guarantee_added,
                "bounties_paid_in": self.bounties_paid_in, "bounties_paid_out": self.bounties_paid_out,
                "bounties_unclaimed": self.bounties_unclaimed,
                "prizes_paid": self.prizes_paid,
                **({"satellite_seats": self.satellite_seats, "satellite_seat_value": self.satellite_seat_value}
                   if self.satellite_seats else {})}


def money_summary(floor: FloorRecords) -> MoneySummary:
    entries = floor.entries.values()
    if floor.deal is not None:
        prizes = sum(floor.deal.values())
    else:
        prizes = sum(row.prize for row in standings(floor) if row.place is not None)
    seats = sum(value for _satellite, value in floor.seat_entries.values())
    return MoneySummary(
        taken_in=sum(e.paid_total for e in entries) - seats, rake=floor.house_total, prize_pool=floor.prize_pool,
        guarantee_added=floor.guarantee_top_up, bounties_paid_in=floor.bounty_pool,
        bounties_paid_out=sum(e.bounty_won for e in entries), bounties_unclaimed=floor.bounty_unclaimed,
        prizes_paid=prizes, satellite_seats=len(floor.seat_entries), satellite_seat_value=seats)


def tournament_money(store: Store, tournament_id: int) -> MoneySummary:
    """The summary of a tournament of the database (``export-summary``)."""
    if not isinstance(tournament_id, int) or isinstance(tournament_id, bool) or tournament_id < 1:
        raise DomainError(f"a tournament is given by its number, not {limits.shown(tournament_id)}")
    return money_summary(CommandRunner(store, tournament_id, TournamentState).state.floor)


__all__ = ["MoneySummary", "money_summary", "tournament_money"]
