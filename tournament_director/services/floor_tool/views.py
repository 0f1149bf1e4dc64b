"""What the floor tool shows: plain frozen values for the UI (the seats, the options of the player to act, the
pots, the hands shown, the irregularity forms, the rulings and the recorded rulings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tournament_director.domain.rules.irregularities import Ruling
from tournament_director.services.floor_tool.situation import Situation, chips


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    position: str  # "D", "SB", "BB", "D SB"
    stack: int | None  # behind, None = unknown
    bet: int  # live chips in front of him this round
    status: str  # "", "folded", "all-in", "killed (absent, TDA 30)", "mucked", "shown"
    cards: str  # "AhKd", "????" or ""
    to_act: bool
    absent: bool


@dataclass(frozen=True)
class OptionsView:
    """The legal options of the player to act, with the refusal of a raise and its rule."""

    fold: bool
    check: bool
    call: int | None
    raise_word: str  # "bet" or "raise"
    min_raise_to: int | None
    max_raise_to: int | None
    max_is_all_in: bool
    stack_unknown: bool
    raise_refusal: str | None
    raise_refusal_rule: str | None

    @property
    def text(self) -> str:
        """ "call 350; raise to at least 900, at most 12,400" as a floor person says it."""
        parts = []
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {chips(self.call)}")
        if self.min_raise_to is not None:
            if self.min_raise_to == self.max_raise_to and self.max_is_all_in:
                parts.append(f"all-in {self.raise_word} to {chips(self.min_raise_to)}")
            elif self.max_raise_to is None:
                parts.append(f"{self.raise_word} to at least {chips(self.min_raise_to)}, at most all-in")
            elif self.min_raise_to == self.max_raise_to:
                parts.append(f"{self.raise_word} to exactly {chips(self.min_raise_to)}")
            else:
                parts.append(f"{self.raise_word} to at least {chips(self.min_raise_to)}, "
                             f"at most {chips(self.max_raise_to)}")
        if self.fold:
            parts.append("fold")
        return "; ".join(parts)


@dataclass(frozen=True)
class PotView:
    name: str  # "Main pot", "Side pot 1"
    amount: int
    eligible: tuple[int, ...]  # seats
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    odd_chips: str = ""  # who gets the odd chip and why


@dataclass(frozen=True)
class ShownHand:
    seat: int
    name: str
    cards: str
    hand_name: str
    place: int  # 1 = best; equal hands share a place


@dataclass(frozen=True)
class HandView:
    situation: Situation
    seats: tuple[SeatLine, ...]
    street: str  # "pre-flop", "flop", ...
    phase: str
    board: str
    actor: int | None  # seat
    actor_name: str
    options: OptionsView | None
    pots: tuple[PotView, ...]
    next_step: str
    showdown: tuple[ShownHand, ...]
    showdown_order: tuple[int, ...]  # seats, who shows first (TDA 17)
    substantial_action: bool
    actions_in_turn: tuple[str, ...]
    log: tuple[str, ...]
    complete: bool
    can_undo: bool
    rulebook: str
    rulebook_name: str
    started: bool


@dataclass(frozen=True)
class FactField:
    name: str
    prompt: str
    kind: str  # "int", "seat", "card_numbers", "card", "bool", "choice"
    default: Any
    choices: tuple[str, ...]
    required: bool
    hint: str = ""


@dataclass(frozen=True)
class IrregularityForm:
    key: str
    label: str
    facts: tuple[FactField, ...]


@dataclass(frozen=True)
class HouseOptionForm:
    """One house option where the rulebooks differ: its label, its choices (value, label), what the chosen rulebook
    rules, and the house's own choice (None: as the rulebook)."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    rulebook_choice: str
    chosen: str | None


@dataclass(frozen=True)
class RulingView:
    key: str
    label: str
    facts: Mapping[str, Any]
    decision: str
    summary: str
    procedure: tuple[str, ...]
    rule: str
    rulebook: str
    rulebook_name: str
    substantial_action: bool
    notes: tuple[str, ...]
    ruling: Ruling = field(repr=False, compare=False)


@dataclass(frozen=True)
class RecordedRuling:
    index: int
    table: int | None
    recorded_at: str
    label: str
    summary: str
    rule: str
    phh: str


def situation_record(view: HandView, rulebook: str) -> dict[str, Any]:
    """What the tournament's log keeps of the hand with a recorded ruling: the seats, the button and blinds,
    the street, the board, who is to act, the actions in turn and the pots."""
    s = view.situation
    return {
        "seats": [{"seat": x.seat, "name": x.name, "stack": x.stack, "absent": x.absent} for x in s.seats],
        "button": s.button, "small_blind_seat": s.small_blind_seat, "big_blind_seat": s.big_blind_seat,
        "blinds": [s.small_blind, s.big_blind], "ante": s.ante, "big_blind_ante": s.big_blind_ante,
        "betting": s.betting, "level": s.level, "street": view.street, "board": view.board,
        "to_act": view.actor, "actions_in_turn": list(view.actions_in_turn),
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in view.pots],
        "rulebook": rulebook,
    }
