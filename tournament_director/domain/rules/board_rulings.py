"""Rulings on the board and the deck: too many flop cards, premature board cards, a flop without a burn
(TDA 38, 39, RP-5), a fouled or short deck (TDA 35-E), and an absent player's hand (TDA 30)."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.rulings import (
    MAX_SEATS,
    STREETS,
    HouseOptions,
    Ruling,
    check_card,
    check_flag,
    check_seat,
    make_context,
)
from tournament_director.domain.rules.substantial_action import voluntary_actions


def too_many_flop_cards(flop_cards: int = 4, *, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                        options: HouseOptions | None = None) -> Ruling:
    """The flop came down with more than three cards."""
    if not isinstance(flop_cards, int) or not 4 <= flop_cards <= 6:
        raise DomainError(f"too many cards on the flop means 4 to 6 cards, not {flop_cards!r}")
    ctx = make_context(actions_in_turn, rulebook, options)
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
    ctx = make_context(actions_in_turn, rulebook, options)
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
    procedure: tuple[str, ...] = (
        f"Stop; the premature {street} {count} will not play, even if players still to act fold.",
        "Leave the burn card where it is.",
        f"Put the premature {street} {count} face down back into the stub.",
        f"Complete the {_previous_round(street)} betting round.",
        "Shuffle the stub face down, without the burns or the discards, and have it cut.",
        f"Deal {new_board} without burning a card.",
    )
    if street == "turn":
        procedure += ("Deal the river as normal: burn one card, then turn the river.",)
    notes: tuple[str, ...]
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
    check_flag(flop_turned_face_up, "flop_turned_face_up")
    ctx = make_context(actions_on_flop, rulebook, options)
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

def fouled_deck(duplicate_card: str | None = None, *, hand_concluded: bool = False,
                actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                options: HouseOptions | None = None) -> Ruling:
    """The deck is fouled (for example two identical cards): play stops even after substantial action."""
    check_flag(hand_concluded, "hand_concluded")
    card = check_card(duplicate_card) if duplicate_card is not None else None
    ctx = make_context(actions_in_turn, rulebook, options)
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

def deck_short(missing_card: str | None = None, *, hand_concluded: bool = False,
               actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
               options: HouseOptions | None = None) -> Ruling:
    """The deck is found a card short (a card missing from it). TDA 35-E makes a deck fouled by duplicate
    cards: a missing card does not foul it, so the hand plays on and its result stands, unless the house
    treats a short deck as fouled (``HouseOptions(short_deck="fouled")``), when the hand is void as for a
    fouled deck."""
    check_flag(hand_concluded, "hand_concluded")
    card = check_card(missing_card) if missing_card is not None else None
    ctx = make_context(actions_in_turn, rulebook, options)
    found = f"the {card} is missing from the deck" if card else "the deck is a card short"
    house_rule = " (house rule)" if ctx.overridden("short_deck") else ""
    base_rule = "TDA 35-E" if ctx.tda else "RRoP Irregularities"
    if ctx.choice("short_deck") == "fouled":
        if hand_concluded:
            return ctx.ruling(
                "stands", f"The hand is over, so its result stands although {found}.",
                ("Leave the pot with the player it was awarded to.", "Replace the deck before the next hand."),
                f"{base_rule}, 22{house_rule}" if ctx.tda else f"{base_rule}{house_rule}", house=("short_deck",),
            )
        return ctx.ruling(
            "void_hand", f"The house treats a short deck as fouled: the hand is void because {found}; every bet "
                         "is returned, even after substantial action.",
            ("Stop play at once.",
             "Return to each player every chip he put in this hand, blinds and antes included.",
             "Take the short deck out of play and bring a complete deck.",
             "Deal the hand again with the same button and the same players."),
            base_rule + house_rule, house=("short_deck",),
            notes=("Substantial action does not matter when the deck is treated as fouled.",),
        )
    notes = ["Only duplicate cards foul a deck (TDA 35-E); a house that treats a short deck as fouled sets "
             "short_deck='fouled'."]
    if not ctx.tda:
        notes.append("Robert's Rules void a hand for two identical cards or a card with another back and are "
                     "silent on a missing card; the TDA 35-E reading applies.")
    if hand_concluded:
        return ctx.ruling(
            "stands", f"The hand is over and its result stands: {found}, which does not foul the deck.",
            ("Leave the pot with the player it was awarded to.",
             "Look for the missing card around the table, on the floor and in the muck.",
             "Bring a complete deck before the next hand."),
            base_rule + house_rule, notes=notes, house=("short_deck",),
        )
    return ctx.ruling(
        "stands", f"The hand plays on: {found}, which does not foul the deck, so no bet is returned.",
        ("Play the hand to its end with the cards as they come off the deck.",
         "After the hand, look for the missing card around the table, on the floor and in the muck.",
         "Bring a complete deck before the next hand; a card found later does not change this hand's result."),
        base_rule + house_rule, notes=notes, house=("short_deck",),
    )

def absent_player_hand(seat: int, *, back_before_deal_completed: bool = False, table_size: int = MAX_SEATS,
                       actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                       options: HouseOptions | None = None) -> Ruling:
    """A player was away from his seat during the deal: his hand is dealt, then killed; his forced bets stay."""
    check_seat(seat, table_size)
    check_flag(back_before_deal_completed, "back_before_deal_completed")
    ctx = make_context(actions_in_turn, rulebook, options)
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
