"""A satellite's prizes: seats (tickets) to a target event, as many as the prize pool buys, the rest in cash.

A seat is worth the target's whole price of the standard entry: its buy-in, its entry fee and its bounty. A
player who wins a seat hands nothing over at the target's desk, so the ticket must pay everything the desk would
take from him: the buy-in for the target's prize pool, the fee for its house (the fee is part of what a player
pays to sit down, and a casino's satellite ticket covers it) and the bounty on his head in a bounty event.

The pool buys ``pool // seat value`` seats; what is left (less than one seat) is paid in cash to the next place,
the first place without a seat, as card rooms commonly pay it, or, when the director chooses, shared in cash by
the seat winners. Seats go to the top finishers: a tie or a deal among the seat winners shares no seat and changes
nobody's seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.money.payouts import split_evenly

# Where the cash left over goes: to the next place (the first without a seat), or shared by the seat winners
REMAINDER_RULES = ("next_place", "seat_winners")


def seat_price(buy_in: int, fee: int, bounty: int = 0) -> int:
    """What one seat to the target is worth: its standard buy-in, its entry fee and its bounty (the whole price a
    player pays at the target's desk, none of which a seat winner pays again)."""
    for amount, what in ((buy_in, "target's buy-in"), (fee, "target's entry fee"),
                         (bounty, "target's bounty")):
        limits.check_amount(amount, what)
    return buy_in + fee + bounty


@dataclass(frozen=True)
class SatellitePrizes:
    """The seats a prize pool buys and the cash left over."""

    pool: int
    seat_value: int
    seats: int
    remainder: int  # in cash to place seats + 1, or shared by the seat winners
    remainder_to: str = "next_place"

    def prizes(self) -> list[int]:
        """Place 1, 2, ...: a seat's worth for each seat place (with its share of the remainder when the seat
        winners share it), then the remainder to the next place; they add up to the pool."""
        if self.remainder_to == "seat_winners" and self.seats:
            return [self.seat_value + share for share in split_evenly(self.remainder, self.seats)]
        return [self.seat_value] * self.seats + ([self.remainder] if self.remainder else [])

    def cash_share(self, place: int) -> int:
        """The cash beside the seat of a seat place when the seat winners share the remainder (else 0)."""
        if self.remainder_to != "seat_winners" or not self.is_seat(place):
            return 0
        return self.prizes()[place - 1] - self.seat_value

    def is_seat(self, place: int) -> bool:
        return 1 <= place <= self.seats

    @property
    def cash_place(self) -> int | None:
        """The place the remainder is paid to (None when the pool buys seats only or the seat winners share it)."""
        if self.remainder_to == "seat_winners" and self.seats:
            return None
        return self.seats + 1 if self.remainder else None


def satellite_prizes(pool: int, seat_value: int, remainder_to: str = "next_place") -> SatellitePrizes:
    """The seats ``pool`` buys at ``seat_value`` each, the remainder in cash to the next place (or shared by the
    seat winners)."""
    limits.check_amount(pool, "prize pool")
    limits.check_amount(seat_value, "seat value", minimum=1)
    if remainder_to not in REMAINDER_RULES:
        raise DomainError(f"the cash left over in a satellite goes to the next place or to the seat winners, not "
                          f"{limits.shown(remainder_to)}")
    seats, remainder = divmod(pool, seat_value)
    return SatellitePrizes(pool, seat_value, seats, remainder, remainder_to)


def check_pool_buys_a_seat(prizes: SatellitePrizes, target_name: str) -> None:
    """Refuse seats worth more than the whole prize pool: not even one seat can be awarded."""
    if prizes.seats == 0:
        raise DomainError(f"a seat to {target_name} is worth {prizes.seat_value:,}, more than the whole prize pool "
                          f"of {prizes.pool:,}: the satellite has no seat to award")
