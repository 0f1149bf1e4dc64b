"""The situation at the table: who is dealt in, where the button and the blinds are, and the forced bets.

Seats are table seat numbers (1 to 10). The engine numbers players as PHH does (0 = first seat left of the
button, the last player is the button); ``phh_order`` and ``seat_words`` translate. A stack left unknown is
played as a very deep stack (``UNKNOWN_STACK``) and shown as unknown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure

#: The chips an unknown stack is played with: deeper than any real stack, never shown.
UNKNOWN_STACK = 1_000_000_000
#: Facts the tool fills from the hand and the table instead of asking (see ``IRREGULARITIES``).
BETTING = {
    "no_limit": BettingStructure.NO_LIMIT,
    "pot_limit": BettingStructure.POT_LIMIT,
    "half_pot_limit": BettingStructure.HALF_POT_LIMIT,
    "fixed_limit": BettingStructure.FIXED_LIMIT,
}


def chips(amount: int) -> str:
    """12400 -> "12,400"."""
    return f"{amount:,}"


@dataclass(frozen=True)
class SeatSetup:
    """One seat dealt into the hand; ``stack`` None = not known."""

    seat: int
    name: str = ""
    stack: int | None = None
    absent: bool = False

    @property
    def label(self) -> str:
        return f"Seat {self.seat}" + (f" {self.name}" if self.name else "")


@dataclass(frozen=True)
class Situation:
    """Who is dealt in, where the button and blinds are, and the forced bets.

    ``small_blind_seat`` None means no small blind is posted (a dead small blind, TDA 32).
    """

    seats: tuple[SeatSetup, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    betting: str = "no_limit"
    small_bet: int | None = None
    big_bet: int | None = None
    table: int | str | None = None  # a PHH file may name its table
    seat_count: int = 10
    level: int | None = None

    def with_stacks(self, stacks: Mapping[int, int | None]) -> Situation:
        """The same situation with typed stacks (seat -> chips, None = unknown)."""
        unknown = set(stacks) - {s.seat for s in self.seats}
        if unknown:
            raise DomainError(f"seat {min(unknown)} is not dealt in at this table")
        return replace(self, seats=tuple(replace(s, stack=stacks.get(s.seat, s.stack)) for s in self.seats))

    def with_absent(self, absent: Sequence[int]) -> Situation:
        return replace(self, seats=tuple(replace(s, absent=s.seat in set(absent)) for s in self.seats))

    def blinds_text(self) -> str:
        text = f"{chips(self.small_blind)}/{chips(self.big_blind)}"
        if self.ante:
            text += f" ante {chips(self.ante)}" + (" (big-blind ante)" if self.big_blind_ante else "")
        return text


def phh_order(situation: Situation) -> list[SeatSetup]:
    """Seats in PHH order: the first seat left of the button first, the button (or the seat before a dead
    button) last."""
    by_seat = {s.seat: s for s in situation.seats}
    count = max([situation.seat_count, situation.button, *by_seat])
    return [by_seat[(situation.button + k - 1) % count + 1] for k in range(1, count + 1)
            if (situation.button + k - 1) % count + 1 in by_seat]


def validate_situation(situation: Situation) -> None:
    seats = [s.seat for s in situation.seats]
    if not 2 <= len(seats) <= 10:
        raise DomainError(f"a hand needs 2 to 10 players, not {len(seats)}", "TDA 34")
    if len(set(seats)) != len(seats):
        raise DomainError("the same seat is listed twice")
    if any(not 1 <= s <= situation.seat_count for s in seats):
        raise DomainError(f"seats are numbered 1 to {situation.seat_count}")
    if situation.big_blind_seat not in seats:
        raise DomainError(f"the big blind's seat {situation.big_blind_seat} has nobody dealt in")
    if situation.small_blind_seat is not None and situation.small_blind_seat not in seats:
        raise DomainError(f"the small blind's seat {situation.small_blind_seat} has nobody dealt in")
    for s in situation.seats:
        if s.stack is not None and (not isinstance(s.stack, int) or s.stack <= 0):
            raise DomainError(f"seat {s.seat}: a stack is a whole number of chips above zero, or left unknown")
    if situation.big_blind <= 0 or situation.small_blind < 0 or situation.ante < 0:
        raise DomainError("the blinds must be positive and the ante zero or more")
    if situation.betting not in BETTING:
        raise DomainError(f"unknown betting structure {situation.betting!r}: {', '.join(BETTING)}")


def default_blind_seats(seats: Sequence[int], button: int, seat_count: int) -> tuple[int, int]:
    """Heads-up the button posts the small blind (TDA 34-B); otherwise the next two seats left of it."""
    ordered = sorted(seats, key=lambda s: (s - button - 1) % seat_count)
    if len(ordered) == 2:
        return ordered[-1], ordered[0]
    return ordered[0], ordered[1]


def seat_words(message: str, order: Sequence[SeatSetup]) -> str:
    """The engine's "p3" (PHH numbering) as the table's "seat 7"."""
    def seat(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return f"seat {order[number - 1].seat}" if 1 <= number <= len(order) else match.group(0)

    return re.sub(r"\bp(\d+)\b", seat, message)
