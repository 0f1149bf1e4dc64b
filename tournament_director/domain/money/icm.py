"""Deals for the players left: chip chop and ICM (Malmuth-Harville).

Both return whole amounts that add up exactly to the prize money being dealt: each share is
rounded down to the unit and the remainder goes to the chip leader.

The chip chop is the card rooms' one: every player first gets the prize of the lowest place still to be
decided (what he is sure of), and only the rest is shared in proportion to the chips, so no player is dealt
less than the next place out would pay him.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from tournament_director.domain.errors import DomainError

MAX_ICM_PLAYERS = 14  # the exact computation visits every subset of players


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Expected prize of each stack under Malmuth-Harville: P(i finishes first) = stack_i / total, and
    the rest finish in the same way among the remaining stacks."""
    n = len(stacks)
    if n == 0:
        return []
    if n > MAX_ICM_PLAYERS:
        raise DomainError(f"an ICM deal is computed for at most {MAX_ICM_PLAYERS} players, not {n}")
    if any(s <= 0 for s in stacks):
        raise DomainError("every player in a deal needs chips")
    paid = list(prizes[:n]) + [0] * max(0, n - len(prizes))
    stacks_t = tuple(stacks)

    @lru_cache(maxsize=None)
    def equity(remaining: int) -> tuple[float, ...]:
        # remaining: bit mask of players not yet placed; the next place to award is n - popcount + 1
        members = [i for i in range(n) if remaining >> i & 1]
        place = n - len(members)
        result = [0.0] * n
        if not members:
            return tuple(result)
        total = sum(stacks_t[i] for i in members)
        for i in members:
            p = stacks_t[i] / total
            result[i] += p * paid[place]
            rest = equity(remaining & ~(1 << i))
            for j in members:
                if j != i:
                    result[j] += p * rest[j]
        return tuple(result)

    return list(equity((1 << n) - 1))


def _round_to_total(values: Sequence[float], total: int, unit: int, leader: int) -> list[int]:
    amounts = [int(v) // unit * unit for v in values]
    amounts[leader] += total - sum(amounts)
    return amounts


def icm_deal(stacks: Sequence[int], prizes: Sequence[int], unit: int = 1) -> list[int]:
    """ICM shares of ``sum(prizes[:len(stacks)])``, whole units, remainder to the chip leader."""
    total = sum(prizes[: len(stacks)])
    equities = icm_equities(stacks, prizes)
    return _round_to_total(equities, total, unit, max(range(len(stacks)), key=lambda i: stacks[i]))


def chip_chop(stacks: Sequence[int], prizes: Sequence[int], unit: int = 1) -> list[int]:
    """The card rooms' chip chop of ``sum(prizes[:len(stacks)])``: each player first gets the prize of the lowest
    place left (``prizes[len(stacks) - 1]``, nothing when fewer places are paid than players are left), and the
    rest is shared in proportion to the chips; whole units, the remainder to the chip leader."""
    if not stacks:
        return []
    chips = sum(stacks)
    if chips <= 0 or any(s < 0 for s in stacks):
        raise DomainError("a chip chop needs chip counts above zero")
    n = len(stacks)
    paid = list(prizes[:n]) + [0] * max(0, n - len(prizes))
    total = sum(paid)
    floor = min(paid[-1], total // n)
    rest = total - floor * n
    amounts = [floor + rest * s // chips // unit * unit for s in stacks]
    leader = max(range(n), key=lambda i: stacks[i])
    amounts[leader] += total - sum(amounts)
    return amounts
