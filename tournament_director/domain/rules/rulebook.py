"""Rulebook profile and house options for one hand.

TDA 2024 is the default; Robert's Rules of Poker (``"rrop"``) is a selectable profile. House options that
the rulebooks leave open are explicit settings (rules-reference section 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tournament_director.domain.errors import DomainError

Rulebook = Literal["tda2024", "rrop"]
ButtonRule = Literal["dead", "moving"]
OddChipRule = Literal["one_each_clockwise", "all_to_first"]
BigBlindAnteOrder = Literal["big_blind_first", "ante_first"]


@dataclass(frozen=True)
class HouseRules:
    """How this card room plays a hand.

    - ``rulebook``: ``"tda2024"`` (default) or ``"rrop"``; decides which rule a ruling cites.
    - ``button``: ``"dead"`` (TDA 32, tournament default) or ``"moving"`` (a cash option).
    - ``odd_chips``: ``"one_each_clockwise"`` (at most one odd chip per winner, clockwise from the button:
      satisfies TDA 20 and RRoP *Ties*) or ``"all_to_first"`` (every leftover to the first winner left of
      the button).
    - ``limit_raise_cap``: raises allowed after the bet in fixed limit (3 by default, WSOP 100b uses 4,
      ``None`` = no cap). ``cap_lifts_heads_up``: no cap once at most two players not all-in are left in the
      pot, if that happened before the cap was reached; a fold after the cap never lifts it (RRoP *Betting &
      Raising* 3-4).
    - ``big_blind_ante_order``: a short big blind pays the live blind first (TDA RP-11) or the ante first.
    - ``smallest_chip``: pots are split in units of the smallest chip in play (TDA 20).
    """

    rulebook: Rulebook = "tda2024"
    button: ButtonRule = "dead"
    odd_chips: OddChipRule = "one_each_clockwise"
    limit_raise_cap: int | None = 3
    cap_lifts_heads_up: bool = False
    big_blind_ante_order: BigBlindAnteOrder = "big_blind_first"
    smallest_chip: int = 1

    def __post_init__(self) -> None:
        if self.rulebook not in ("tda2024", "rrop"):
            raise DomainError(f"unknown rulebook {self.rulebook!r}: choose 'tda2024' or 'rrop'")
        if self.button not in ("dead", "moving"):
            raise DomainError(f"unknown button rule {self.button!r}: choose 'dead' or 'moving'", "TDA 32")
        if self.odd_chips not in ("one_each_clockwise", "all_to_first"):
            raise DomainError(f"unknown odd-chip rule {self.odd_chips!r}", "TDA 20")
        if self.limit_raise_cap is not None and self.limit_raise_cap < 0:
            raise DomainError("the limit raise cap cannot be negative", "TDA 48")
        if self.big_blind_ante_order not in ("big_blind_first", "ante_first"):
            raise DomainError(f"unknown big-blind-ante order {self.big_blind_ante_order!r}", "TDA RP-11")
        if self.smallest_chip < 1:
            raise DomainError("the smallest chip in play must be at least 1", "TDA 20")

    @classmethod
    def for_rulebook(cls, rulebook: str) -> HouseRules:
        """The defaults of a rulebook: RRoP has no limit cap heads-up (RRoP *Betting & Raising* 3-4)."""
        if rulebook == "rrop":
            return cls(rulebook="rrop", cap_lifts_heads_up=True)
        return cls(rulebook="tda2024") if rulebook == "tda2024" else cls(rulebook=rulebook)  # type: ignore[arg-type]

    def cite(self, tda: str, rrop: str | None = None) -> str:
        """The rule to name in a ruling under the selected rulebook."""
        return rrop if (self.rulebook == "rrop" and rrop) else tda
