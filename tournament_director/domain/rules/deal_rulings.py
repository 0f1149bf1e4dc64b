"""Rulings on irregularities of the initial deal: exposed and boxed cards, extra and missing cards, wrong
seats, the button out of position (TDA 34-A, 35, 36, 37; RRoP *Misdeals*, *Hold'em*)."""

from __future__ import annotations

from collections.abc import Sequence

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.rulings import (
    MAX_SEATS,
    Context,
    HouseOptions,
    Ruling,
    after_cutoff,
    check_card_numbers,
    check_flag,
    check_players,
    check_seat,
    make_context,
    misdeal,
    sa_rule,
    seat_for_card,
    too_late_for_misdeal,
)


def exposed_hole_card(exposed_card_numbers: Sequence[int], players_dealt: int, *, exposed_by: str = "dealer",
                      actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                      options: HouseOptions | None = None) -> Ruling:
    """Hole cards exposed during the initial deal.

    ``exposed_card_numbers`` are positions off the deck (1 = first card dealt). ``exposed_by`` is
    ``"dealer"`` (dealer error) or ``"player"`` (the player exposed his own card).
    """
    numbers = check_card_numbers(exposed_card_numbers, players_dealt, "exposed")
    if exposed_by not in ("dealer", "player"):
        raise DomainError(f"exposed_by must be 'dealer' or 'player', not {exposed_by!r}")
    ctx = make_context(actions_in_turn, rulebook, options)
    if exposed_by == "player":
        return ctx.ruling(
            "stands", "A card the player exposed himself stays in his hand, which is live; he may be penalised.",
            ("Leave the card with the player: his hand stays live.",
             "Call the floor to decide on a penalty for exposing a card."),
            "TDA 68" if ctx.tda else "RRoP Irregularities (a card flashed by a player plays)",
        )
    if ctx.sa:
        return ctx.ruling(
            "stands", f"The exposed card stays with its player and the hand plays on: {too_late_for_misdeal(ctx)}.",
            ("Leave the exposed card with the player it was dealt to.", "Continue the hand."),
            sa_rule(ctx), house=("misdeal_cutoff",),
        )
    misdeal_cards = (1, 2) if ctx.choice("exposed_card_misdeal") == "first_two" else (1,)
    if len(numbers) >= 2:
        rule = "TDA 35-A(7)" if ctx.tda else "RRoP Hold'em 1; RRoP Misdeals 1(b)"
        return misdeal(ctx, "two or more hole cards were exposed by the dealer", rule)
    number = numbers[0]
    if number in misdeal_cards:
        which = "the first card" if number == 1 else "the second card"
        if ctx.overridden("exposed_card_misdeal"):
            rule = "seed 001 r1 (house rule)"
        else:
            rule = "TDA 35-A(7)" if ctx.tda else "RRoP Hold'em 1"
        return misdeal(ctx, f"{which} off the deck was exposed", rule, house=("exposed_card_misdeal",))
    notes = [f"The exposed card was {seat_for_card(number, players_dealt)}."]
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
    check_players(players_dealt)
    if not isinstance(boxed_count, int) or not 1 <= boxed_count <= 2 * players_dealt:
        raise DomainError(f"boxed cards must number 1 to {2 * players_dealt} in a {players_dealt}-player "
                          f"deal, not {boxed_count!r}")
    ctx = make_context(actions_in_turn, rulebook, options)
    if boxed_count >= 2 and not ctx.sa:
        return misdeal(ctx, "two or more boxed cards were found in the deal",
                        "TDA 35-A(1)" if ctx.tda else "RRoP Misdeals 1(c)")
    summary = "A boxed card is treated as a blank: it is set aside and the deal goes on."
    blank = "WSOP gloss. (boxed card)" if ctx.tda else "RRoP Irregularities (boxed card)"
    rule = f"{blank}; TDA 35-A(1)" if ctx.tda else blank  # one boxed card is not the misdeal cause 35-A(1)
    if boxed_count >= 2:  # a misdeal cause, but too late: the cut-off rule decides (TDA 35-D, 36)
        summary = (f"Each boxed card is treated as a blank and the deal goes on: {too_late_for_misdeal(ctx)}.")
        rule = f"{sa_rule(ctx)}; {blank}"
    return ctx.ruling(
        "deal_continues", summary,
        ("Set the boxed card aside with the discards, as if it were a blank.",
         "Deal the next card in its place, to the seat that was due the boxed card.",
         "If the next card has already been dealt to another seat, finish the round of the deal and then give "
         "the short seat the next card."),
        rule, house=("misdeal_cutoff",),
    )

def extra_card_dealt(extra_cards: int, players_dealt: int, *, to_first_player: bool = True,
                     actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                     options: HouseOptions | None = None) -> Ruling:
    """Extra cards dealt after every player already has two (usually a third card to the first player)."""
    check_players(players_dealt)
    check_flag(to_first_player, "to_first_player")
    if not isinstance(extra_cards, int) or not 1 <= extra_cards <= players_dealt:
        raise DomainError(f"extra cards must number 1 to {players_dealt}, not {extra_cards!r}")
    ctx = make_context(actions_in_turn, rulebook, options)
    if ctx.sa:
        return ctx.ruling(
            "hand_dead",
            f"A player holding three cards has a dead hand: {too_late_for_misdeal(ctx)}.",
            ("Kill the hand of each player holding three cards and muck all of its cards; chips it put in stay "
             "in the pot.",
             "Burn exactly one card before the next street: the third card is not the burn."),
            after_cutoff(ctx, "TDA 37, 38 (Add. 38 Ex.1-B)" if ctx.tda else "RRoP Dead Hands; RRoP Misdeals 2"),
            house=("misdeal_cutoff",),
        )
    if extra_cards >= 2:
        rule = "TDA 35-A(5)" if ctx.tda else "RRoP Hold'em 2; RRoP Misdeals 1(d)"
        return misdeal(ctx, "more than one extra card was dealt", rule)
    if not to_first_player:
        rule = "TDA 35-A(5)" if ctx.tda else "RRoP Misdeals 1(e)"
        return misdeal(ctx, "a player other than the first was dealt a wrong number of cards", rule)
    if ctx.choice("extra_card") == "misdeal":
        return misdeal(ctx, "a player was dealt the wrong number of cards", "TDA 35-A(5)",
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

def first_card_wrong_seat(*, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                          options: HouseOptions | None = None) -> Ruling:
    """The first card of the deal went to a seat other than the first seat left of the button."""
    ctx = make_context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return misdeal(ctx, "the first card was dealt to the wrong seat",
                        "TDA 35-A(2)" if ctx.tda else "RRoP Misdeals 1(h)",
                        notes=("The button receiving two consecutive cards is not a misdeal (TDA 35-B).",))
    return ctx.ruling("stands", f"The deal stands and the hand plays on: {too_late_for_misdeal(ctx)}.",
                      ("Continue the hand with the cards as dealt.",), sa_rule(ctx), house=("misdeal_cutoff",))

def seat_dealt_not_entitled(seat: int, *, table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (),
                            rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """Cards were dealt to a seat not entitled to a hand (an empty seat, or a player who must wait)."""
    check_seat(seat, table_size)
    ctx = make_context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return misdeal(ctx, f"seat {seat} was dealt in but is not entitled to a hand",
                        "TDA 35-A(3)" if ctx.tda else "RRoP Misdeals 1(i)")
    return ctx.ruling(
        "kill_hand", f"Seat {seat}'s hand is killed and the hand plays on: {too_late_for_misdeal(ctx)}.",
        (f"Kill the hand dealt to seat {seat} and muck its cards face down.",
         "Continue the hand with the other players."),
        sa_rule(ctx),
        notes=("The rulebooks do not say what happens to chips a player not entitled to the hand has already put "
               "in; the floor decides in the best interest of the game (TDA 1).",),
        house=("misdeal_cutoff",),
    )

def entitled_seat_dealt_out(seat: int, *, table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (),
                            rulebook: str = "tda2024", options: HouseOptions | None = None) -> Ruling:
    """A seat entitled to a hand received no cards."""
    check_seat(seat, table_size)
    ctx = make_context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        notes: tuple[str, ...] = ()
        if not ctx.tda:
            notes = ("Under Robert's Rules the player must be at the table or have posted a blind or ante to be "
                     "entitled to a hand.",)
        return misdeal(ctx, f"seat {seat} was entitled to a hand and was dealt out",
                        "TDA 35-A(4)" if ctx.tda else "RRoP Misdeals 1(j)", notes=notes)
    return ctx.ruling(
        "stands", f"The hand plays on without seat {seat}: {too_late_for_misdeal(ctx)}.",
        (f"Continue the hand; seat {seat} holds no cards and cannot win this pot.",),
        sa_rule(ctx),
        notes=(f"Whether blinds or antes seat {seat} posted are returned is for the floor to decide; the rulebooks "
               "do not say.",),
        house=("misdeal_cutoff",),
    )

def wrong_card_count(seat: int, cards_held: int, *, is_button: bool = False, button_has_acted: bool = False,
                     table_size: int = MAX_SEATS, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                     options: HouseOptions | None = None) -> Ruling:
    """A player is found holding other than two cards."""
    check_seat(seat, table_size)
    check_flag(is_button, "is_button")
    check_flag(button_has_acted, "button_has_acted")
    if cards_held == 0:
        raise DomainError(f"seat {seat} holds no cards: that is an entitled seat dealt out (entitled_seat_dealt_out)")
    if not isinstance(cards_held, int) or not 1 <= cards_held <= 4:
        raise DomainError(f"a player cannot hold {cards_held!r} cards here: give 1 to 4")
    if cards_held == 2:
        raise DomainError(f"seat {seat} holds two cards: that is the right number, nothing to rule")
    if button_has_acted and not is_button:
        raise DomainError("button_has_acted applies only to the button's seat")
    ctx = make_context(actions_in_turn, rulebook, options)
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
        return misdeal(ctx, f"seat {seat} was dealt {cards_held} card{'s' if cards_held != 1 else ''}",
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
        after_cutoff(ctx, f"TDA 37, 38 ({example})" if ctx.tda else "RRoP Dead Hands; RRoP Misdeals 2"),
        house=("misdeal_cutoff",),
    )

def _cutoff_words(ctx: Context) -> str:
    return "two players acted" if ctx.choice("misdeal_cutoff") == "rrop" else "substantial action"

def button_out_of_position(*, actions_in_turn: Sequence[str] = (), rulebook: str = "tda2024",
                           options: HouseOptions | None = None) -> Ruling:
    """The button was found on the wrong seat for this hand."""
    ctx = make_context(actions_in_turn, rulebook, options)
    if not ctx.sa:
        return misdeal(ctx, "the button is out of position", "TDA 34-A" if ctx.tda else "RRoP Misdeals 1(g)",
                        button_corrected=True)
    return ctx.ruling(
        "stands", f"The hand stands with the button where it is: {too_late_for_misdeal(ctx)}.",
        ("Play the hand to the end with the button where it is.",
         "After the hand, move the button on as normal from where it is; never move it back to make up for the "
         "error."),
        after_cutoff(ctx, "TDA 34-A" if ctx.tda else "RRoP Misdeals 2"), house=("misdeal_cutoff",),
    )
