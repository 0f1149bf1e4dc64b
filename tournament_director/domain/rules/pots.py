"""Main and side pots, and splitting a pot between tied winners.

Pots are built from each player's live chips (antes are dead money in the main pot): one pot per all-in
level, the main pot first, each with the players still in the hand who reached its level (WSOP gloss.
*All-in*; TDA 21). Consecutive pots with the same eligible players are one pot. Splits are made in units
of the smallest chip in play; leftover units go to the winners clockwise from the button, at most one each
by default (TDA 20, RRoP *Ties*) or all to the first winner as a house option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """A pot: its chips, who may win it, and once awarded its winners (ascending) with aligned shares."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": list(self.shares),
        }


def build_pots(
    live_chips: Sequence[int],
    dead_chips: int,
    in_hand: Sequence[bool],
    all_in: Sequence[bool],
    put_in: Sequence[bool],
) -> list[Pot]:
    """Pots from each player's live chips for the hand (uncalled chips already removed).

    ``in_hand``: not folded. ``all_in``: no chips behind, so capped at what he put in. ``put_in``: put any
    chips (live or ante) into the middle. A player still able to bet is eligible for every pot.
    """
    top = max(live_chips, default=0)
    levels = sorted({c for c, live, shove in zip(live_chips, in_hand, all_in) if live and shove and c < top} | {top})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in live_chips)
        if not pots:
            amount += dead_chips
        eligible = tuple(
            i for i, chips in enumerate(live_chips)
            if in_hand[i] and put_in[i] and (not all_in[i] or chips >= level)
        )
        previous = level
        if amount == 0:
            continue
        if pots and (pots[-1].eligible == eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
    return pots


def split_pot(amount: int, winners: Sequence[int], smallest_chip: int = 1, one_each: bool = True) -> list[int]:
    """Shares for ``winners`` (given clockwise from the button, i.e. ascending PHH seats).

    Broken down to the smallest chip; with ``one_each`` the leftover chips go one per winner clockwise
    from the button (RRoP *Ties*, satisfies TDA 20), otherwise all to the first winner left of the button.
    Any amount below the smallest chip also goes to the first winner.
    """
    units, loose = divmod(amount, smallest_chip)
    base, leftover = divmod(units, len(winners))
    shares = [base * smallest_chip for _ in winners]
    if one_each:
        for k in range(leftover):
            shares[k] += smallest_chip
    else:
        shares[0] += leftover * smallest_chip
    shares[0] += loose
    return shares
