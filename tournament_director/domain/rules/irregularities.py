# Kept whole (about 800 lines): every ruling here is built the same way, from one ruling context (rulebook and
# house options), one set of fact checks and one misdeal answer before and after substantial action (TDA 35, 36),
# and the catalogue at the end names each function with the facts it asks for. Split up, each part would reach
# into the others' private helpers, and a rule and its button would no longer sit side by side.
"""Rulings for dealing irregularities and misdeals in Texas Hold'em, with the rule behind each.

Each function takes the facts of one situation (which card, which seat, what action has happened),
the rulebook (``"tda2024"``, the default, or ``"rrop"`` for Robert's Rules of Poker) and optional
``HouseOptions`` where the sources disagree (rules-reference section 3), and returns a ``Ruling``:
the decision, one sentence for the players, the dealer's procedure step by step, the rule, and
whether substantial action (TDA 36) has happened. Impossible facts raise ``DomainError``.

Cards are counted in the order they leave the deck during the initial deal: card 1 goes to the first
seat left of the button, card ``players_dealt + 1`` is that seat's second card. Seats are table seat
numbers from 1.

Example: the dealer exposes the second card off the deck, then the fifth card at a six-handed table.

>>> ruling = exposed_hole_card([2], players_dealt=6)
>>> ruling.decision, ruling.rule
('misdeal', 'TDA 35-A(7), 35-C')
>>> exposed_hole_card([5], players_dealt=6).decision
'replace_card'
>>> premature_board_card("turn", rulebook="rrop").decision
'river_becomes_turn'

``IRREGULARITIES`` lists every irregularity with a button label, the facts it asks for and the
function to call, so a floor tool can offer them as buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.substantial_action import (
    RULEBOOK_NAMES,
    SA_RULE,
    check_rulebook,
    substantial_action,
    voluntary_actions,
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
    },
    "rrop": {
        "exposed_card_misdeal": "first_two",
        "extra_card": "burn",
        "misdeal_cutoff": "rrop",
        "absent_at_redeal": "may_play",  # Robert's Rules are silent; the TDA 35-C reading applies
        "four_card_flop": "redeal",
        "burn_errors": "rrop",
        "premature_turn": "river_becomes_turn",
    },
}


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
    """

    exposed_card_misdeal: str | None = None
    extra_card: str | None = None
    misdeal_cutoff: str | None = None
    absent_at_redeal: str | None = None
    four_card_flop: str | None = None
    burn_errors: str | None = None
    premature_turn: str | None = None

    def __post_init__(self) -> None:
        for name, allowed in HOUSE_OPTION_CHOICES.items():
            value = getattr(self, name)
            if value is not None and value not in allowed:
                raise DomainError(f"house option {name}={value!r} is not one of {', '.join(allowed)}")


@dataclass(frozen=True)
class _Context:
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


def _context(actions_in_turn: Sequence[str], rulebook: str, options: HouseOptions | None) -> _Context:
    check_rulebook(rulebook)
    if options is not None and not isinstance(options, HouseOptions):
        raise DomainError("house options must be a HouseOptions value")
    options = options or HouseOptions()
    cutoff = options.misdeal_cutoff or _RULEBOOK_DEFAULTS[rulebook]["misdeal_cutoff"]
    return _Context(rulebook, options, substantial_action(actions_in_turn, cutoff))


# --- Validation of facts ----------------------------------------------------------------------

def _check_players(players_dealt: int) -> None:
    if not isinstance(players_dealt, int) or not MIN_PLAYERS <= players_dealt <= MAX_SEATS:
        raise DomainError(f"players dealt in must be {MIN_PLAYERS} to {MAX_SEATS}, not {players_dealt!r}")


def _check_seat(seat: int, table_size: int) -> None:
    if not isinstance(table_size, int) or not MIN_PLAYERS <= table_size <= MAX_SEATS:
        raise DomainError(f"a table has {MIN_PLAYERS} to {MAX_SEATS} seats, not {table_size!r}")
    if not isinstance(seat, int) or not 1 <= seat <= table_size:
        raise DomainError(f"seat {seat!r} is not at this table (seats 1 to {table_size})")


def _check_card_numbers(card_numbers: Sequence[int], players_dealt: int, what: str) -> list[int]:
    _check_players(players_dealt)
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


def _check_card(card: str) -> str:
    if not isinstance(card, str) or len(card) != 2 or card[0].upper() not in RANKS or card[1].lower() not in SUITS:
        raise DomainError(f"{card!r} is not a card: write rank then suit, such as 'Ah' or 'Td'")
    return card[0].upper() + card[1].lower()


def _check_flag(value: bool, name: str) -> None:
    if not isinstance(value, bool):
        raise DomainError(f"{name} must be true or false, not {value!r}")


def _seat_for_card(card_number: int, players_dealt: int) -> str:
    position = (card_number - 1) % players_dealt + 1
    ordinal = "first" if card_number <= players_dealt else "second"
    return f"the {ordinal} card of the player {_ordinal(position)} from the button's left"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# --- Misdeal and the answers once substantial action has happened ------------------------------

def _misdeal(ctx: _Context, cause: str, cause_rule: str, *, button_corrected: bool = False,
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


def _with_replay_rule(cause_rule: str, ctx: _Context) -> str:
    """Add the re-deal rule to the cause: "TDA 35-A(7)" becomes "TDA 35-A(7), 35-C"."""
    if ctx.tda:
        return f"{cause_rule}, 35-C" if cause_rule.startswith("TDA ") else f"{cause_rule}; TDA 35-C"
    return cause_rule if "RRoP Misdeals" in cause_rule else f"{cause_rule}; RRoP Misdeals"


def _too_late_for_misdeal(ctx: _Context) -> str:
    if ctx.choice("misdeal_cutoff") == "rrop":
        return "two players have acted after the blinds, so no misdeal can be declared (RRoP Misdeals)"
    return "substantial action has happened, so no misdeal can be declared (TDA 35-D, 36)"


def _sa_rule(ctx: _Context) -> str:
    return "RRoP Misdeals" if ctx.choice("misdeal_cutoff") == "rrop" else "TDA 35-D, 36"


# --- The irregularities -----------------------------------------------------------------------

def exposed_hole_card(exposed_card_numbers: Sequence[int], players_dealt: int, *, exposed_by: str = "dealer",
                      actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                      options: HouseOptions | None = None) -> Ruling:
    """Hole cards exposed during the initial deal.

    ``exposed_card_numbers`` are positions off the deck (1 = first card dealt). ``exposed_by`` is
    ``"dealer"`` (dealer error) or ``"player"`` (the player exposed his own card).
    """
    numbers = _check_card_numbers(exposed_card_numbers, players_dealt, "exposed")
    if exposed_by not in ("dealer", "player"):
        raise DomainError(f"exposed_by must be 'dealer' or 'player', not {exposed_by!r}")
    ctx = _context(actions_in_turn, rulebook, options)
    if exposed_by == "player":
        return ctx.ruling(
            "stands", "A card the player exposed himself stays in his hand, which is live; he may be penalised.",
            ("Leave the card with the player: his hand stays live.",
             "Call the floor to decide on a penalty for exposing a card."),
            "TDA 68" if ctx.tda else "RRoP Irregularities (a card flashed by a player plays)",
        )
    if ctx.sa:
        return ctx.ruling(
            "stands", f"The exposed card stays with its player and the hand plays on: {_too_late_for_misdeal(ctx)}.",
            ("Leave the exposed card with the player it was dealt to.", "Continue the hand."),
            _sa_rule(ctx), house=("misdeal_cutoff",),
        )
    misdeal_cards = (1, 2) if ctx.choice("exposed_card_misdeal") == "first_two" else (1,)
    if len(numbers) >= 2:
        rule = "TDA 35-A(7)" if ctx.tda else "RRoP Hold'em 1; RRoP Misdeals 1(b)"
        return _misdeal(ctx, "two or more hole cards were exposed by the dealer", rule)
    number = numbers[0]
    if number in misdeal_cards:
        which = "the first card" if number == 1 else "the second card"
        if ctx.overridden("exposed_card_misdeal"):
            rule = "seed 001 r1 (house rule)"
        else:
            rule = "TDA 35-A(7)" if ctx.tda else "RRoP Hold'em 1"
        return _misdeal(ctx, f"{which} off the deck was exposed", rule, house=("exposed_card_misdeal",))
    notes = [f"The exposed card was {_seat_for_card(number, players_dealt)}."]
    if ctx.tda:
        notes.append("TDA 2024 has no rule for one later exposed card; Robert's Rules fill the gap "
                     "(rules-reference section 3, row 2).")
    return ctx.ruling(
        "replace_card",
        "The deal goes on; the player gets a new card after the deal and the exposed card becomes the burn.",
        ("Leave the exposed card face up where everyone can see it and announce it.",
         "Finish the deal as normal, the player with the exposed card included.",
         "Take the exposed card back and give that player the top card of the deck in its place, face down.",
         "Place the exposed card as the burn before the flop; do not burn another card for the flop."),
        "RRoP Hold'em 1", notes=notes, house=("exposed_card_misdeal",),
    )


def boxed_cards(boxed_count: int, players_dealt: int, *, actions_in_turn: Sequence[str] = (),
                rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """Cards found face up in the deck (boxed) during the initial deal."""
    _check_players(players_dealt)
    if not isinstance(boxed_count, int) or not 1 <= boxed_count <= 2 * players_dealt:
        raise DomainError(f"boxed cards must number 1 to {2 * players_dealt} in a {players_dealt}-player "
                          f"deal, not {boxed_count!r}")
    ctx = _context(actions_in_turn, rulebook, options)
    if boxed_count >= 2 and not ctx.sa:
        return _misdeal(ctx, "two or more boxed cards were found in the deal",
                        "TDA 35-A(1)" if ctx.tda else "RRoP Misdeals 1(c)")
    summary = "A boxed card is treated as a blank: it is set aside and the deal goes on."
    if boxed_count >= 2:
        summary = (f"Each boxed card is treated as a blank and the deal goes on: {_too_late_for_misdeal(ctx)}.")
    return ctx.ruling(
        "deal_continues", summary,
        ("Set the boxed card aside with the discards, as if it were a blank.",
         "Deal the next card in its place, to the seat that was due the boxed card.",
         "If the next card has already been dealt to another seat, finish the round of the deal and then give "
         "the short seat the next card."),
        "WSOP gloss. (boxed card); TDA 35-A(1)" if ctx.tda else "RRoP Irregularities (boxed card)",
        house=("misdeal_cutoff",),
    )


def extra_card_dealt(extra_cards: int, players_dealt: int, *, to_first_player: bool = True,
                     actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                     options: HouseOptions | None = None) -> Ruling:
    """Extra cards dealt after every player already has two (usually a third card to the first player)."""
    _check_players(players_dealt)
    _check_flag(to_first_player, "to_first_player")
    if not isinstance(extra_cards, int) or not 1 <= extra_cards <= players_dealt:
        raise DomainError(f"extra cards must number 1 to {players_dealt}, not {extra_cards!r}")
    ctx = _context(actions_in_turn, rulebook, options)
    if ctx.sa:
        return ctx.ruling(
            "hand_dead",
            f"A player holding three cards has a dead hand: {_too_late_for_misdeal(ctx)}.",
            ("Kill the hand of each player holding three cards and muck all of its cards; chips it put in stay "
             "in the pot.",
             "Burn exactly one card before the next street: the third card is not the burn."),
            "TDA 37, 38 (Add. 38 Ex.1-B)" if ctx.tda else "RRoP Dead Hands; RRoP Misdeals 2",
        )
    if extra_cards >= 2:
        rule = "TDA 35-A(5)" if ctx.tda else "RRoP Hold'em 2; RRoP Misdeals 1(d)"
        return _misdeal(ctx, "more than one extra card was dealt", rule)
    if not to_first_player:
        rule = "TDA 35-A(5)" if ctx.tda else "RRoP Misdeals 1(e)"
        return _misdeal(ctx, "a player other than the first was dealt a wrong number of cards", rule)
    if ctx.choice("extra_card") == "misdeal":
        return _misdeal(ctx, "a player was dealt the wrong number of cards", "TDA 35-A(5)",
                        house=("extra_card",),
                        notes=("Robert's Rules would instead use the extra card as the burn "
                               "(house option extra_card='burn').",))
    return ctx.ruling(
        "burn_extra_card", "The extra card goes back on the deck and becomes the burn card for the flop.",
        ("Take the extra card back from the first player without exposing it.",
         "Place it face down on top of the deck.",
         "After the first betting round, burn that card as the burn before the flop."),
        "RRoP Hold'em 2" if not ctx.overridden("extra_card") else "RRoP Hold'em 2 (house rule)",
        notes=("Seeds 000 G.6 and 001 r5 rule the same.",), house=("extra_card",),
    )


def too_many_flop_cards(flop_cards: int = 4, *, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                        options: HouseOptions | None = None) -> Ruling:
    """The flop came down with more than three cards."""
    if not isinstance(flop_cards, int) or not 4 <= flop_cards <= 6:
        raise DomainError(f"too many cards on the flop means 4 to 6 cards, not {flop_cards!r}")
    ctx = _context(actions_in_turn, rulebook, options)
    if ctx.choice("four_card_flop") == "random_burn" and flop_cards == 4:
        return ctx.ruling(
            "random_burn", "The four flop cards are scrambled, one is picked at random as the next burn, "
                           "and the other three are the flop.",
            ("Leave the burn card where it is.",
             "Turn the four flop cards face down and scramble them.",
             "Have the floor pick one of the four at random and set it aside face down: it is the burn for the "
             "turn.",
             "Turn the other three face up: they are the flop.",
             "At the turn, do not burn from the deck again: the card the floor picked was the burn; deal the turn."),
            "TDA 39-A", notes=("WSOP 89 rules the same.",), house=("four_card_flop",),
        )
    notes = []
    if ctx.choice("four_card_flop") == "random_burn":
        notes.append("TDA 39-A covers a four-card flop only; with more cards the flop is re-dealt.")
    return ctx.ruling(
        "reshuffle_redeal_board", "The flop is re-dealt: the cards go back into the deck, which is shuffled, "
                                  "and a new flop is dealt without a burn.",
        ("Leave the burn card on the table.",
         "Gather all the flop cards and put them face down into the stub.",
         "Shuffle the stub face down and have it cut.",
         "Deal a new flop of three cards without burning a card."),
        "RRoP Hold'em 3, 7" if not ctx.overridden("four_card_flop") else "RRoP Hold'em 3, 7 (house rule)",
        notes=tuple(notes) + ("Seeds 000 G.4 and 001 r2 rule the same, even when the extra card is known.",),
        house=("four_card_flop",),
    )


def premature_board_card(street: str, *, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                         options: HouseOptions | None = None) -> Ruling:
    """The flop, turn or river was dealt before the betting round was complete."""
    if street not in STREETS:
        raise DomainError(f"street must be one of {', '.join(STREETS)}, not {street!r}")
    ctx = _context(actions_in_turn, rulebook, options)
    if street == "turn" and ctx.choice("premature_turn") == "river_becomes_turn":
        return ctx.ruling(
            "river_becomes_turn",
            "The premature turn card is out of play for now; the card that would have been the river is dealt "
            "as the turn, and the river comes from a reshuffle.",
            ("Take the premature card off the board and set it aside; the burn stays where it is.",
             "Complete the flop betting round; the set-aside card does not play even if players fold.",
             "Burn one card and deal the next card as the turn (it would have been the river).",
             "Complete the turn betting round.",
             "Shuffle the stub together with the set-aside card, face down, without the burns or the discards, "
             "and have it cut.",
             "Deal the river without burning a card."),
            "RRoP Hold'em 6, 8" if not ctx.overridden("premature_turn") else "RRoP Hold'em 6, 8 (house rule)",
            notes=("Seeds 000 G.5 and 001 r4 rule the same.",), house=("premature_turn",),
        )
    count = "cards" if street == "flop" else "card"
    new_board = "a new flop of three cards" if street == "flop" else f"a new {street} card"
    procedure = (
        f"Stop; the premature {street} {count} will not play, even if players still to act fold.",
        "Leave the burn card where it is.",
        f"Put the premature {street} {count} face down back into the stub.",
        f"Complete the {_previous_round(street)} betting round.",
        "Shuffle the stub face down, without the burns or the discards, and have it cut.",
        f"Deal {new_board} without burning a card.",
    )
    if street == "turn":
        procedure += ("Deal the river as normal: burn one card, then turn the river.",)
    if ctx.tda:
        rule, notes = "TDA RP-5, 39-D", ("WSOP 90f rules the same.",)
    else:
        rule, notes = ("RRoP Hold'em 6, 7" if street == "flop" else "RRoP Hold'em 6, 8"), ()
        if street == "turn":
            rule = "TDA RP-5, 39-D (house rule)"
    return ctx.ruling("reshuffle_redeal_board", f"The premature {street} is shuffled back into the deck and "
                      f"{new_board} is dealt without a burn once the betting is complete.",
                      procedure, rule, notes=notes, house=("premature_turn",) if street == "turn" else ())


def _previous_round(street: str) -> str:
    return {"flop": "pre-flop", "turn": "flop", "river": "turn"}[street]


def flop_without_burn(actions_on_flop: Sequence[str] = (), *, flop_turned_face_up: bool = True,
                      rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """The flop was dealt without a burn card. ``actions_on_flop`` are the actions taken since the flop."""
    _check_flag(flop_turned_face_up, "flop_turned_face_up")
    ctx = _context(actions_on_flop, rulebook, options)
    rrop = ctx.choice("burn_errors") == "rrop"
    house_rule = " (house rule)" if ctx.overridden("burn_errors") else ""
    if voluntary_actions(actions_on_flop):
        later_burns = (("Before the turn burn two cards, so that the turn and the river are the cards that would "
                        "have come without the error.") if rrop else
                       "Burn exactly one card before the turn and one before the river, as normal.")
        return ctx.ruling(
            "stands", "The flop stands: a player has already acted on it.",
            ("Leave the flop as it is and continue the betting round.", later_burns),
            ("RRoP Hold'em 5" + house_rule) if rrop else "TDA 39-B, 38", house=("burn_errors",),
        )
    if rrop and flop_turned_face_up:
        return ctx.ruling(
            "reshuffle_redeal_board", "The flop cards were exposed without a burn: they are shuffled back and a "
                                      "new flop is dealt after a burn.",
            ("Gather the three flop cards and put them face down into the stub.",
             "Shuffle the stub face down and have it cut.",
             "Burn one card and deal a new flop."),
            "RRoP Hold'em 4" + house_rule, house=("burn_errors",),
        )
    if rrop:
        return ctx.ruling(
            "restore_burn", "The cards are put back in their proper order: the first flop card becomes the burn.",
            ("Move the first card dealt to the flop, still face down, to the burn pile.",
             "Keep the other two as the first two flop cards.",
             "Deal the top card of the stub as the third flop card and turn the flop."),
            "RRoP Hold'em 4" + house_rule, house=("burn_errors",),
        )
    return ctx.ruling(
        "random_burn", "No one has acted on the flop: one of its cards is picked at random as the burn and the "
                       "flop is completed from the deck.",
        ("Turn the three flop cards face down and scramble them.",
         "Have the floor pick one of the three at random and place it face down as the burn.",
         "Turn the other two face up as flop cards.",
         "Deal the top card of the stub as the third flop card."),
        "TDA 39-B", notes=("The burn protects the stub; it does not preserve card order (TDA 38).",),
        house=("burn_errors",),
    )


def first_card_wrong_seat(*, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                          options: HouseOptions | None = None) -> Ruling:
    """The first card of the deal went to a seat other than the first seat left of the button."""
    ctx = _context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return _misdeal(ctx, "the first card was dealt to the wrong seat",
                        "TDA 35-A(2)" if ctx.tda else "RRoP Misdeals 1(h)",
                        notes=("The button receiving two consecutive cards is not a misdeal (TDA 35-B).",))
    return ctx.ruling("stands", f"The deal stands and the hand plays on: {_too_late_for_misdeal(ctx)}.",
                      ("Continue the hand with the cards as dealt.",), _sa_rule(ctx), house=("misdeal_cutoff",))


def seat_dealt_not_entitled(seat: int, *, table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (),
                            rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """Cards were dealt to a seat not entitled to a hand (an empty seat, or a player who must wait)."""
    _check_seat(seat, table_size)
    ctx = _context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return _misdeal(ctx, f"seat {seat} was dealt in but is not entitled to a hand",
                        "TDA 35-A(3)" if ctx.tda else "RRoP Misdeals 1(i)")
    return ctx.ruling(
        "kill_hand", f"Seat {seat}'s hand is killed and the hand plays on: {_too_late_for_misdeal(ctx)}.",
        (f"Kill the hand dealt to seat {seat} and muck its cards face down.",
         "Continue the hand with the other players."),
        _sa_rule(ctx),
        notes=("The rulebooks do not say what happens to chips a player not entitled to the hand has already put "
               "in; the floor decides in the best interest of the game (TDA 1).",),
        house=("misdeal_cutoff",),
    )


def entitled_seat_dealt_out(seat: int, *, table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (),
                            rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """A seat entitled to a hand received no cards."""
    _check_seat(seat, table_size)
    ctx = _context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        notes = ()
        if not ctx.tda:
            notes = ("Under Robert's Rules the player must be at the table or have posted a blind or ante to be "
                     "entitled to a hand.",)
        return _misdeal(ctx, f"seat {seat} was entitled to a hand and was dealt out",
                        "TDA 35-A(4)" if ctx.tda else "RRoP Misdeals 1(j)", notes=notes)
    return ctx.ruling(
        "stands", f"The hand plays on without seat {seat}: {_too_late_for_misdeal(ctx)}.",
        (f"Continue the hand; seat {seat} holds no cards and cannot win this pot.",),
        _sa_rule(ctx),
        notes=(f"Whether blinds or antes seat {seat} posted are returned is for the floor to decide; the rulebooks "
               "do not say.",),
        house=("misdeal_cutoff",),
    )


def wrong_card_count(seat: int, cards_held: int, *, is_button: bool = False, button_has_acted: bool = False,
                     table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                     options: HouseOptions | None = None) -> Ruling:
    """A player is found holding other than two cards."""
    _check_seat(seat, table_size)
    _check_flag(is_button, "is_button")
    _check_flag(button_has_acted, "button_has_acted")
    if cards_held == 0:
        raise DomainError(f"seat {seat} holds no cards: that is an entitled seat dealt out (entitled_seat_dealt_out)")
    if not isinstance(cards_held, int) or not 1 <= cards_held <= 4:
        raise DomainError(f"a player cannot hold {cards_held!r} cards here: give 1 to 4")
    if cards_held == 2:
        raise DomainError(f"seat {seat} holds two cards: that is the right number, nothing to rule")
    if button_has_acted and not is_button:
        raise DomainError("button_has_acted applies only to the button's seat")
    ctx = _context(actions_in_turn, rulebook, options)
    if is_button and cards_held == 1 and not button_has_acted and (ctx.tda or not ctx.sa):
        return ctx.ruling(
            "replace_card", "The button is short one card and has not acted: he gets the top card of the deck.",
            ("Deal the button the top card of the deck, face down.", "Continue the hand."),
            "TDA 35-B, 37" if ctx.tda else "RRoP Misdeals 1(e)",
            notes=("The button may receive two consecutive cards.",),
        )
    if is_button and cards_held < 2 and button_has_acted:
        return ctx.ruling(
            "hand_dead", "The button acted with too few cards: his hand is dead.",
            ("Kill the button's hand and muck it; chips he put in stay in the pot.",
             "Burn exactly one card before the next street."),
            "TDA 37" if ctx.tda else "RRoP Dead Hands",
        )
    if not ctx.sa:
        return _misdeal(ctx, f"seat {seat} was dealt {cards_held} card{'s' if cards_held != 1 else ''}",
                        "TDA 35-A(5)" if ctx.tda else "RRoP Misdeals 1(e)",
                        notes=("A single extra card to the first player has its own ruling: see 'Extra card dealt'.",))
    burn = "Burn exactly one card before the next street"
    if cards_held > 2:
        burn += ": the extra card is not the burn (Add. 38 Ex.1-B)."
        example = "Add. 38 Ex.1-B"
    else:
        burn += ", not two (Add. 38 Ex.1-A)."
        example = "Add. 38 Ex.1-A"
    return ctx.ruling(
        "hand_dead", f"Seat {seat} holds the wrong number of cards after {_cutoff_words(ctx)}: the hand is dead.",
        (f"Kill seat {seat}'s hand and muck all of its cards; chips it put in stay in the pot.", burn),
        f"TDA 37, 38 ({example})" if ctx.tda else "RRoP Dead Hands; RRoP Misdeals 2",
        house=("misdeal_cutoff",),
    )


def _cutoff_words(ctx: _Context) -> str:
    return "two players acted" if ctx.choice("misdeal_cutoff") == "rrop" else "substantial action"


def button_out_of_position(*, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                           options: HouseOptions | None = None) -> Ruling:
    """The button was found on the wrong seat for this hand."""
    ctx = _context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return _misdeal(ctx, "the button is out of position", "TDA 34-A" if ctx.tda else "RRoP Misdeals 1(g)",
                        button_corrected=True)
    return ctx.ruling(
        "stands", f"The hand stands with the button where it is: {_too_late_for_misdeal(ctx)}.",
        ("Play the hand to the end with the button where it is.",
         "After the hand, move the button on as normal from where it is; never move it back to make up for the "
         "error."),
        "TDA 34-A" if ctx.tda else "RRoP Misdeals 2", house=("misdeal_cutoff",),
    )


def fouled_deck(duplicate_card: str | None = None, *, hand_concluded: bool = False,
                actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                options: HouseOptions | None = None) -> Ruling:
    """The deck is fouled (for example two identical cards): play stops even after substantial action."""
    _check_flag(hand_concluded, "hand_concluded")
    card = _check_card(duplicate_card) if duplicate_card is not None else None
    ctx = _context(actions_in_turn, rulebook, options)
    found = f"two {card} were found" if card else "the deck is fouled"
    if hand_concluded:
        return ctx.ruling(
            "stands", f"The hand is over, so its result stands although {found}.",
            ("Leave the pot with the player it was awarded to.", "Replace the deck before the next hand."),
            "TDA 35-E, 22" if ctx.tda else "RRoP Irregularities",
        )
    return ctx.ruling(
        "void_hand", f"The hand is void because {found}: every bet is returned, even after substantial action.",
        ("Stop play at once.",
         "Return to each player every chip he put in this hand, blinds and antes included.",
         "Take the fouled deck out of play and bring a new deck.",
         "Deal the hand again with the same button and the same players."),
        "TDA 35-E" if ctx.tda else "RRoP Irregularities",
        notes=("Substantial action does not matter for a fouled deck.",
               "The rules say only that bets are returned; dealing again with the same button follows the "
               "exact-replay rule of a misdeal (TDA 35-C)."),
    )


def absent_player_hand(seat: int, *, back_before_deal_completed: bool = False, table_size: int = MAX_SEATS,
                       actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                       options: HouseOptions | None = None) -> Ruling:
    """A player was away from his seat during the deal: his hand is dealt, then killed; his forced bets stay."""
    _check_seat(seat, table_size)
    _check_flag(back_before_deal_completed, "back_before_deal_completed")
    ctx = _context(actions_in_turn, rulebook, options)
    rule = "TDA 30" if ctx.tda else "RRoP Tournaments; seed 004 T 2, 4"
    if back_before_deal_completed:
        return ctx.ruling(
            "stands", f"Seat {seat} was within reach of his seat when the last card of the deal landed: his hand "
                      "is live.",
            (f"Leave seat {seat}'s cards with him; he plays the hand.",), rule,
        )
    return ctx.ruling(
        "kill_hand", f"Seat {seat} was not at his seat when the deal was completed: his hand is dead and his "
                     "blinds and antes stay in the pot.",
        (f"Deal seat {seat} his cards as normal.",
         f"When the last card of the deal lands and seat {seat} is not within reach of his seat, kill the hand "
         "and muck it face down.",
         f"Leave seat {seat}'s blinds and antes in the pot; the others still have to call the full big blind."),
        rule, notes=("An absent player is dealt in and posts his blinds and antes; he can be blinded out "
                     "(TDA 71-A/C).",),
    )


# --- The catalogue a floor tool shows as buttons ----------------------------------------------

@dataclass(frozen=True)
class Fact:
    """One fact the floor tool asks for before calling an irregularity's function.

    ``kind`` is ``"int"``, ``"seat"``, ``"card_numbers"`` (positions off the deck), ``"card"``
    (such as "Ah"), ``"bool"``, ``"choice"`` (one of ``choices``) or ``"actions"`` (action words).
    """

    name: str
    prompt: str
    kind: str
    default: Any = None
    choices: tuple[str, ...] = ()
    required: bool = False


@dataclass(frozen=True)
class Irregularity:
    key: str
    label: str
    facts: tuple[Fact, ...]
    rule_function: Callable[..., Ruling] = field(repr=False)

    def rule(self, facts: dict[str, Any], rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
        """Call the ruling function with the facts the floor gave; unknown or missing facts are refused."""
        known = {fact.name for fact in self.facts}
        unknown = set(facts) - known
        if unknown:
            raise DomainError(f"{self.label}: unknown facts {', '.join(sorted(unknown))}")
        arguments = {fact.name: fact.default for fact in self.facts if not fact.required}
        arguments.update(facts)
        missing = known - set(arguments)
        if missing:
            raise DomainError(f"{self.label}: give {', '.join(sorted(missing))}")
        return self.rule_function(**arguments, rulebook=rulebook, options=options)


_ACTIONS = Fact("actions_in_turn", "Actions taken in turn since the blinds", "actions", ())
_PLAYERS = Fact("players_dealt", "Players dealt in", "int", required=True)
_SEAT = Fact("seat", "Seat", "seat", required=True)
_TABLE = Fact("table_size", "Seats at the table", "int", MAX_SEATS)

IRREGULARITIES: tuple[Irregularity, ...] = (
    Irregularity("exposed_hole_card", "Exposed card", (
        Fact("exposed_card_numbers", "Which cards off the deck were exposed (1 = first card dealt)", "card_numbers",
             required=True),
        _PLAYERS,
        Fact("exposed_by", "Exposed by", "choice", "dealer", ("dealer", "player")),
        _ACTIONS), exposed_hole_card),
    Irregularity("boxed_cards", "Boxed card", (
        Fact("boxed_count", "How many boxed cards", "int", 1), _PLAYERS, _ACTIONS), boxed_cards),
    Irregularity("extra_card_dealt", "Extra card dealt", (
        Fact("extra_cards", "How many extra cards", "int", 1), _PLAYERS,
        Fact("to_first_player", "Extra card went to the first player", "bool", True), _ACTIONS), extra_card_dealt),
    Irregularity("too_many_flop_cards", "Too many cards on the flop", (
        Fact("flop_cards", "Cards on the flop", "int", 4), _ACTIONS), too_many_flop_cards),
    Irregularity("premature_board_card", "Premature flop / turn / river", (
        Fact("street", "Which street came too early", "choice", None, STREETS, required=True), _ACTIONS),
        premature_board_card),
    Irregularity("flop_without_burn", "Flop dealt without a burn", (
        Fact("actions_on_flop", "Actions taken on the flop", "actions", ()),
        Fact("flop_turned_face_up", "Flop already turned face up", "bool", True)), flop_without_burn),
    Irregularity("first_card_wrong_seat", "First card to the wrong seat", (_ACTIONS,), first_card_wrong_seat),
    Irregularity("seat_dealt_not_entitled", "Seat dealt in that was not entitled", (
        _SEAT, _TABLE, _ACTIONS), seat_dealt_not_entitled),
    Irregularity("entitled_seat_dealt_out", "Entitled seat dealt out", (
        _SEAT, _TABLE, _ACTIONS), entitled_seat_dealt_out),
    Irregularity("wrong_card_count", "Wrong number of cards", (
        _SEAT, Fact("cards_held", "Cards the player holds", "int", required=True),
        Fact("is_button", "The player is on the button", "bool", False),
        Fact("button_has_acted", "The button has already acted", "bool", False),
        _TABLE, _ACTIONS), wrong_card_count),
    Irregularity("button_out_of_position", "Button out of position", (_ACTIONS,), button_out_of_position),
    Irregularity("fouled_deck", "Fouled deck", (
        Fact("duplicate_card", "Duplicated card (optional)", "card", None),
        Fact("hand_concluded", "The pot has already been awarded", "bool", False), _ACTIONS), fouled_deck),
    Irregularity("absent_player_hand", "Absent player's hand", (
        _SEAT, Fact("back_before_deal_completed", "Back at the seat before the last card was dealt", "bool", False),
        _TABLE, _ACTIONS), absent_player_hand),
)

IRREGULARITIES_BY_KEY: dict[str, Irregularity] = {item.key: item for item in IRREGULARITIES}
