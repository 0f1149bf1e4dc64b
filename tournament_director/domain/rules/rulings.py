"""What every ruling on a dealing irregularity shares: the ``Ruling`` value, the house options where the
rulebooks disagree (rules-reference section 3), the checks of the facts, and the misdeal with the answers once
it is too late for one (TDA 35-D, 36; RRoP *Misdeals*). The rulings themselves are in ``deal_rulings`` and
``board_rulings``; ``irregularities`` lists them for the floor tool.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.substantial_action import (
    RULEBOOK_NAMES,
    SA_RULE,
    check_rulebook,
    substantial_action,
)

MAX_SEATS = 10
MIN_PLAYERS = 2
RANKS = "23456789TJQKA"
SUITS = "cdhs"
STREETS = ("flop", "turn", "river")


@dataclass(frozen=True)
class Ruling:
    """A floor decision: what happens, what the dealer does, and which rule says so.

    ``decision`` is a short code (``misdeal``, ``replace_card``, ``deal_continues``, ``burn_extra_card``,
    ``random_burn``, ``reshuffle_redeal_board``, ``river_becomes_turn``, ``restore_burn``, ``stands``,
    ``kill_hand``, ``hand_dead``, ``void_hand``); ``procedure`` holds the dealer's steps in order;
    ``substantial_action`` tells whether the misdeal cut-off has been passed (TDA 36, or two players
    acting under Robert's Rules); ``notes`` carry house-option overrides and where a rulebook is silent.
    """

    decision: str
    summary: str
    procedure: tuple[str, ...]
    rule: str
    rulebook: str
    substantial_action: bool
    notes: tuple[str, ...] = ()

    def as_text(self) -> str:
        """The ruling as plain lines, for the floor log or a print-out."""
        lines = [f"{self.summary} ({self.rule}; {RULEBOOK_NAMES[self.rulebook]})"]
        lines.append("Substantial action: " + ("yes" if self.substantial_action else "no"))
        lines += [f"{number}. {step}" for number, step in enumerate(self.procedure, start=1)]
        lines += [f"Note: {note}" for note in self.notes]
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """The ruling as plain data (lists for tuples), for JSON in the tournament log."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            data[item.name] = list(value) if isinstance(value, tuple) else value
        return data


# --- House options (rules-reference section 3) ------------------------------------------------

HOUSE_OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "exposed_card_misdeal": ("first_two", "first_only"),  # row 1
    "extra_card": ("misdeal", "burn"),  # row 3
    "misdeal_cutoff": ("tda2024", "rrop"),  # row 4
    "absent_at_redeal": ("may_play", "killed"),  # row 5
    "four_card_flop": ("random_burn", "redeal"),  # row 6
    "burn_errors": ("tda2024", "rrop"),  # row 7
    "premature_turn": ("reshuffle", "river_becomes_turn"),  # row 8
    "short_deck": ("plays_on", "fouled"),  # TDA 35-E: only duplicate cards foul a deck, unless the house says so
}

_RULEBOOK_DEFAULTS: dict[str, dict[str, str]] = {
    "tda2024": {
        "exposed_card_misdeal": "first_two",
        "extra_card": "misdeal",
        "misdeal_cutoff": "tda2024",
        "absent_at_redeal": "may_play",
        "four_card_flop": "random_burn",
        "burn_errors": "tda2024",
        "premature_turn": "reshuffle",
        "short_deck": "plays_on",
    },
    "rrop": {
        "exposed_card_misdeal": "first_two",
        "extra_card": "burn",
        "misdeal_cutoff": "rrop",
        "absent_at_redeal": "may_play",  # Robert's Rules are silent; the TDA 35-C reading applies
        "four_card_flop": "redeal",
        "burn_errors": "rrop",
        "premature_turn": "river_becomes_turn",
        "short_deck": "plays_on",  # Robert's Rules void a hand for duplicates only; the TDA 35-E reading applies
    },
}

# What a floor tool calls each house option and its choices (rules-reference section 3).
HOUSE_OPTION_LABELS: dict[str, tuple[str, dict[str, str]]] = {
    "exposed_card_misdeal": ("Exposed card that makes a misdeal", {
        "first_two": "either of the first two cards (TDA 35-A(7))", "first_only": "the first card only (seeds)"}),
    "extra_card": ("One extra card to the first player", {
        "misdeal": "a misdeal (TDA 35-A(5))", "burn": "becomes the burn card (RRoP)"}),
    "misdeal_cutoff": ("Too late for a misdeal", {
        "tda2024": "after substantial action (TDA 36)", "rrop": "once two players have acted (RRoP)"}),
    "absent_at_redeal": ("Players away at the deal, on a re-deal", {
        "may_play": "may play it (TDA 35-C)", "killed": "have their hands killed (WSOP 88b)"}),
    "four_card_flop": ("Four cards on the flop", {
        "random_burn": "one taken at random as the burn (TDA 39-A)", "redeal": "the flop is dealt again (RRoP)"}),
    "burn_errors": ("Burn card errors", {"tda2024": "as TDA 38, 39-B", "rrop": "as Robert's Rules"}),
    "premature_turn": ("Turn dealt too early", {
        "reshuffle": "reshuffle for the turn (TDA RP-5)", "river_becomes_turn": "the river card is the turn (RRoP)"}),
    "short_deck": ("A deck found a card short", {
        "plays_on": "plays on (TDA 35-E)", "fouled": "is fouled: the hand is void (house rule)"}),
}


def rulebook_choice(rulebook: str, name: str) -> str:
    """What ``rulebook`` rules where the house option ``name`` is left to it."""
    check_rulebook(rulebook)
    if name not in HOUSE_OPTION_CHOICES:
        raise DomainError(f"there is no house option {name!r}")
    return _RULEBOOK_DEFAULTS[rulebook][name]


@dataclass(frozen=True)
class HouseOptions:
    """House choices where the rulebooks differ; ``None`` follows the selected rulebook.

    - ``exposed_card_misdeal``: ``"first_two"`` (TDA 35-A(7), RRoP) or ``"first_only"`` (seeds 000, 001).
    - ``extra_card``: one extra card to the first player is a ``"misdeal"`` (TDA 35-A(5)) or the ``"burn"`` (RRoP).
    - ``misdeal_cutoff``: ``"tda2024"`` (substantial action, TDA 36) or ``"rrop"`` (two players acted).
    - ``absent_at_redeal``: players away for the original deal ``"may_play"`` the re-deal (TDA 35-C)
      or have their hands ``"killed"`` (WSOP 88b).
    - ``four_card_flop``: ``"random_burn"`` (TDA 39-A) or ``"redeal"`` (RRoP Hold'em 3).
    - ``burn_errors``: ``"tda2024"`` (randomness, one burn per street: TDA 38, 39-B) or ``"rrop"``.
    - ``premature_turn``: ``"reshuffle"`` (TDA RP-5) or ``"river_becomes_turn"`` (RRoP Hold'em 8).
    - ``short_deck``: a deck found a card short ``"plays_on"`` (TDA 35-E: only duplicate cards foul a deck)
      or is ``"fouled"`` (a house rule: the hand is void and every bet returned).
    """

    exposed_card_misdeal: str | None = None
    extra_card: str | None = None
    misdeal_cutoff: str | None = None
    absent_at_redeal: str | None = None
    four_card_flop: str | None = None
    burn_errors: str | None = None
    premature_turn: str | None = None
    short_deck: str | None = None

    def __post_init__(self) -> None:
        for name, allowed in HOUSE_OPTION_CHOICES.items():
            value = getattr(self, name)
            if value is not None and value not in allowed:
                raise DomainError(f"house option {name}={value!r} is not one of {', '.join(allowed)}")


@dataclass(frozen=True)
class Context:
    rulebook: str
    options: HouseOptions
    sa: bool

    def choice(self, name: str) -> str:
        value = getattr(self.options, name)
        return value if value is not None else _RULEBOOK_DEFAULTS[self.rulebook][name]

    def overridden(self, name: str) -> bool:
        value = getattr(self.options, name)
        return value is not None and value != _RULEBOOK_DEFAULTS[self.rulebook][name]

    @property
    def tda(self) -> bool:
        return self.rulebook == "tda2024"

    def ruling(self, decision: str, summary: str, procedure: Sequence[str], rule: str,
               notes: Sequence[str] = (), house: Sequence[str] = ()) -> Ruling:
        house_notes = [
            f"House option {name}={getattr(self.options, name)!r} replaces the "
            f"{RULEBOOK_NAMES[self.rulebook]} rule here."
            for name in house
            if self.overridden(name)
        ]
        return Ruling(decision, summary, tuple(procedure), rule, self.rulebook, self.sa,
                      tuple(notes) + tuple(house_notes))


def make_context(actions_in_turn: Sequence[str], rulebook: str, options: HouseOptions | None) -> Context:
    check_rulebook(rulebook)
    if options is not None and not isinstance(options, HouseOptions):
        raise DomainError("house options must be a HouseOptions value")
    options = options or HouseOptions()
    cutoff = options.misdeal_cutoff or _RULEBOOK_DEFAULTS[rulebook]["misdeal_cutoff"]
    return Context(rulebook, options, substantial_action(actions_in_turn, cutoff))


# --- Validation of facts ----------------------------------------------------------------------

def check_players(players_dealt: int) -> None:
    if not isinstance(players_dealt, int) or not MIN_PLAYERS <= players_dealt <= MAX_SEATS:
        raise DomainError(f"players dealt in must be {MIN_PLAYERS} to {MAX_SEATS}, not {players_dealt!r}")


def check_seat(seat: int, table_size: int) -> None:
    if not isinstance(table_size, int) or not MIN_PLAYERS <= table_size <= MAX_SEATS:
        raise DomainError(f"a table has {MIN_PLAYERS} to {MAX_SEATS} seats, not {table_size!r}")
    if not isinstance(seat, int) or not 1 <= seat <= table_size:
        raise DomainError(f"seat {seat!r} is not at this table (seats 1 to {table_size})")


def check_card_numbers(card_numbers: Sequence[int], players_dealt: int, what: str) -> list[int]:
    check_players(players_dealt)
    numbers = list(card_numbers)
    if not numbers:
        raise DomainError(f"name at least one {what} card")
    last = 2 * players_dealt
    for number in numbers:
        if not isinstance(number, int) or not 1 <= number <= last:
            raise DomainError(
                f"{what} card {number!r} is outside the deal: with {players_dealt} players the deal "
                f"is cards 1 to {last}"
            )
    if len(set(numbers)) != len(numbers):
        raise DomainError(f"the same {what} card is named twice: {numbers}")
    return numbers


def check_card(card: str) -> str:
    if not isinstance(card, str) or len(card) != 2 or card[0].upper() not in RANKS or card[1].lower() not in SUITS:
        raise DomainError(f"{card!r} is not a card: write rank then suit, such as 'Ah' or 'Td'")
    return card[0].upper() + card[1].lower()


def check_flag(value: bool, name: str) -> None:
    if not isinstance(value, bool):
        raise DomainError(f"{name} must be true or false, not {value!r}")


def seat_for_card(card_number: int, players_dealt: int) -> str:
    position = (card_number - 1) % players_dealt + 1
    ordinal = "first" if card_number <= players_dealt else "second"
    return f"the {ordinal} card of the player {_ordinal(position)} from the button's left"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# --- Misdeal and the answers once substantial action has happened ------------------------------

def misdeal(ctx: Context, cause: str, cause_rule: str, *, button_corrected: bool = False,
             notes: Sequence[str] = (), house: Sequence[str] = ()) -> Ruling:
    """A misdeal: the hand is re-dealt as an exact replay (TDA 35-C)."""
    if button_corrected:
        replay = ("Move the button to the seat where it should have been, then re-deal with the same players, "
                  "blinds, antes and limits.")
    else:
        replay = ("Re-deal the same hand as an exact replay: the button does not move, the same players are dealt "
                  "in, the blinds, antes and limits stay the same, and no new player joins.")
    if ctx.choice("absent_at_redeal") == "may_play":
        absent = ("Deal in the players who were away from their seats for the original deal: each plays the "
                  "re-deal if back within reach of his seat when its last card lands (TDA 35-C, 30).")
    else:
        absent = ("Deal cards to the players who were away from their seats for the original deal, then kill "
                  "those hands (WSOP 88b).")
    procedure = (
        "Stop dealing and announce a misdeal.",
        "Collect every card dealt, exposed ones included, face down.",
        "Return any chips bet after the blinds to the players who bet them; blinds and antes stay as posted.",
        "Shuffle the whole deck face down and have it cut.",
        replay,
        absent,
        "Deal cards to players serving a penalty and kill those hands; the original deal and the re-deal "
        "count as one hand of the penalty (TDA 35-C).",
    )
    rule = _with_replay_rule(cause_rule, ctx)
    return ctx.ruling("misdeal", f"Misdeal: {cause}; the hand is re-dealt.", procedure, rule,
                      notes=tuple(notes) + ("A misdeal is possible only before substantial action "
                                            f"({SA_RULE[ctx.choice('misdeal_cutoff')]}).",),
                      house=("absent_at_redeal", "misdeal_cutoff", *house))


def _with_replay_rule(cause_rule: str, ctx: Context) -> str:
    """Add the re-deal rule to the cause: "TDA 35-A(7)" becomes "TDA 35-A(7), 35-C"."""
    if ctx.tda:
        return f"{cause_rule}, 35-C" if cause_rule.startswith("TDA ") else f"{cause_rule}; TDA 35-C"
    return cause_rule if "RRoP Misdeals" in cause_rule else f"{cause_rule}; RRoP Misdeals"


def too_late_for_misdeal(ctx: Context) -> str:
    if ctx.choice("misdeal_cutoff") == "rrop":
        return "two players have acted after the blinds, so no misdeal can be declared (RRoP Misdeals)"
    return "substantial action has happened, so no misdeal can be declared (TDA 35-D, 36)"


def sa_rule(ctx: Context) -> str:
    return "RRoP Misdeals" if ctx.choice("misdeal_cutoff") == "rrop" else "TDA 35-D, 36"


def after_cutoff(ctx: Context, rule: str) -> str:
    """The rule of a ruling made because it is too late for a misdeal: the cut-off rule (TDA 35-D, 36, or
    RRoP Misdeals) first, then the rule that says what happens instead (``"TDA 37"`` becomes
    ``"TDA 35-D, 36, 37"``)."""
    cutoff = sa_rule(ctx)
    if cutoff in rule:
        return rule
    if cutoff.startswith("TDA ") and rule.startswith("TDA "):
        return f"{cutoff}, {rule[4:]}"
    return f"{cutoff}; {rule}"
