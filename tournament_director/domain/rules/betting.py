"""Betting structures and the size limits of a bet or raise.

Amounts are totals for the round ("raise to", TDA 43-B). The minimum raise is the largest full bet or
raise of the round (TDA 43-A); short all-ins never lower it (TDA 47-A). Pot limit counts every chip in the
middle and on the table plus the call (RRoP *Pot-limit*; TDA 54); half-pot limit half of that (seed 002);
fixed limit raises by exactly one small bet (pre-flop, flop) or big bet (turn, river).
"""

from __future__ import annotations

from enum import Enum


class BettingStructure(Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    HALF_POT_LIMIT = "half-pot-limit"
    FIXED_LIMIT = "fixed-limit"

    @property
    def is_pot_based(self) -> bool:
        return self in (BettingStructure.POT_LIMIT, BettingStructure.HALF_POT_LIMIT)


def pot_limit_raise_to(current_bet: int, pot_with_bets: int, to_call: int, half: bool = False) -> int:
    """Largest raise-to in pot limit: current bet + (everything in the middle and on the table + the call).

    RRoP check: pot 100, a bet of 50 -> 50 + (150 + 50) = 250. Half-pot limit adds half of it (seed 002).
    """
    room = pot_with_bets + to_call
    return current_bet + (room // 2 if half else room)


def is_full_no_limit_raise(raise_to: int, current_bet: int, min_increment: int) -> bool:
    """A bet or raise is full when it adds at least the largest full bet or raise of the round (TDA 43-A)."""
    return raise_to - current_bet >= min_increment


def counts_as_full_limit_wager(raise_to: int, full_level: int, bet_size: int) -> bool:
    """Fixed limit: an all-in of at least half a bet counts as a full bet or raise (TDA 47-B; RRoP 6)."""
    return 2 * (raise_to - full_level) >= bet_size
