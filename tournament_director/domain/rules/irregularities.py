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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.board_rulings import (
    absent_player_hand,
    deck_short,
    flop_without_burn,
    fouled_deck,
    premature_board_card,
    too_many_flop_cards,
)
from tournament_director.domain.rules.deal_rulings import (
    boxed_cards,
    button_out_of_position,
    entitled_seat_dealt_out,
    exposed_hole_card,
    extra_card_dealt,
    first_card_wrong_seat,
    seat_dealt_not_entitled,
    wrong_card_count,
)
from tournament_director.domain.rules.rulings import (
    HOUSE_OPTION_CHOICES,
    MAX_SEATS,
    STREETS,
    HouseOptions,
    Ruling,
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
    Irregularity("deck_short", "Deck a card short", (
        Fact("missing_card", "Missing card (optional)", "card", None),
        Fact("hand_concluded", "The pot has already been awarded", "bool", False), _ACTIONS), deck_short),
)

IRREGULARITIES_BY_KEY: dict[str, Irregularity] = {item.key: item for item in IRREGULARITIES}


__all__ = [
    "Fact",
    "HOUSE_OPTION_CHOICES",
    "HouseOptions",
    "IRREGULARITIES",
    "IRREGULARITIES_BY_KEY",
    "Irregularity",
    "Ruling",
    "absent_player_hand",
    "boxed_cards",
    "button_out_of_position",
    "deck_short",
    "entitled_seat_dealt_out",
    "exposed_hole_card",
    "extra_card_dealt",
    "first_card_wrong_seat",
    "flop_without_burn",
    "fouled_deck",
    "premature_board_card",
    "seat_dealt_not_entitled",
    "too_many_flop_cards",
    "wrong_card_count",
]
