"""Irregularity rulings under TDA 2024 and Robert's Rules, each test naming the rule that decides it."""

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.irregularities import (
    HouseOptions,
    absent_player_hand,
    boxed_cards,
    button_out_of_position,
    entitled_seat_dealt_out,
    exposed_hole_card,
    extra_card_dealt,
    first_card_wrong_seat,
    flop_without_burn,
    fouled_deck,
    premature_board_card,
    seat_dealt_not_entitled,
    too_many_flop_cards,
    wrong_card_count,
)

BOTH = ["tda2024", "rrop"]
# Actions that make substantial action under both definitions (TDA 36 and RRoP Misdeals).
SA_ACTIONS = ["call", "call", "fold"]


def steps(ruling) -> str:
    return " | ".join(ruling.procedure).lower()


# --- Exposed hole cards ----------------------------------------------------------------------

@pytest.mark.parametrize("rulebook", BOTH)
@pytest.mark.parametrize("card", [1, 2])
def test_tda_35_a7_rrop_holdem_1_first_or_second_card_exposed_is_a_misdeal(rulebook, card):
    ruling = exposed_hole_card([card], players_dealt=6, rulebook=rulebook)
    assert ruling.decision == "misdeal"
    assert ("TDA 35-A(7)" if rulebook == "tda2024" else "RRoP Hold'em 1") in ruling.rule
    assert ruling.substantial_action is False


def test_seed_001_r1_house_rule_only_the_first_card_is_a_misdeal():
    seed_rule = HouseOptions(exposed_card_misdeal="first_only")
    assert exposed_hole_card([1], 6, options=seed_rule).decision == "misdeal"
    second = exposed_hole_card([2], 6, options=seed_rule)
    assert second.decision == "replace_card"
    assert any("house option" in note.lower() for note in second.notes)


@pytest.mark.parametrize("rulebook", BOTH)
def test_rrop_holdem_1_a_later_single_exposed_card_is_replaced_and_becomes_the_burn(rulebook):
    ruling = exposed_hole_card([9], players_dealt=6, rulebook=rulebook)
    assert ruling.decision == "replace_card"
    assert ruling.rule == "RRoP Hold'em 1"
    text = steps(ruling)
    assert text.index("finish the deal") < text.index("top card") < text.index("burn")
    assert "do not burn another card" in text
    assert "3rd" in ruling.notes[0] and "second card" in ruling.notes[0]  # card 9 of 12: seat 3's second card


def test_tda_is_silent_on_a_later_exposed_card_and_the_ruling_says_so():
    ruling = exposed_hole_card([5], players_dealt=6)
    assert any("TDA 2024 has no rule" in note for note in ruling.notes)


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_35_a7_rrop_holdem_1_two_exposed_cards_are_a_misdeal(rulebook):
    ruling = exposed_hole_card([5, 11], players_dealt=6, rulebook=rulebook)
    assert ruling.decision == "misdeal"


def test_tda_68_a_card_the_player_exposes_himself_keeps_the_hand_live():
    ruling = exposed_hole_card([1], players_dealt=6, exposed_by="player")
    assert ruling.decision == "stands"
    assert ruling.rule == "TDA 68"


def test_tda_35_d_no_misdeal_for_exposed_cards_after_substantial_action():
    ruling = exposed_hole_card([1, 2], players_dealt=6, actions_in_turn=["call", "raise"])
    assert ruling.decision == "stands"
    assert ruling.substantial_action is True
    assert "35-D" in ruling.rule


# --- Misdeal: an exact replay and who plays it ------------------------------------------------

def test_tda_35_c_a_misdeal_is_an_exact_replay_same_button_players_and_limits():
    ruling = first_card_wrong_seat()
    assert ruling.rule == "TDA 35-A(2), 35-C"
    text = steps(ruling)
    assert "button does not move" in text
    assert "same players" in text
    assert "limits stay the same" in text
    assert "shuffle the whole deck" in text


def test_tda_35_c_absent_players_may_play_the_redeal():
    text = steps(first_card_wrong_seat())
    assert "plays the re-deal" in text and "35-c" in text


def test_wsop_88b_house_option_kills_absent_players_hands_in_the_redeal():
    ruling = first_card_wrong_seat(options=HouseOptions(absent_at_redeal="killed"))
    assert "kill those hands (wsop 88b)" in steps(ruling)
    assert any("absent_at_redeal" in note for note in ruling.notes)


def test_tda_35_c_players_on_penalty_are_dealt_and_killed_in_the_redeal():
    assert "serving a penalty and kill those hands" in steps(first_card_wrong_seat())


def test_rrop_misdeals_cutoff_two_folds_end_the_chance_of_a_misdeal_but_not_under_tda_36():
    folds = ["fold", "fold"]
    assert first_card_wrong_seat(actions_in_turn=folds).decision == "misdeal"
    ruling = first_card_wrong_seat(actions_in_turn=folds, rulebook="rrop")
    assert ruling.decision == "stands"
    assert ruling.rule == "RRoP Misdeals"


def test_house_option_rrop_cutoff_under_the_tda_rulebook():
    ruling = first_card_wrong_seat(actions_in_turn=["fold", "fold"],
                                   options=HouseOptions(misdeal_cutoff="rrop"))
    assert ruling.decision == "stands"
    assert ruling.substantial_action is True


# --- Boxed cards -----------------------------------------------------------------------------

@pytest.mark.parametrize("rulebook", BOTH)
def test_wsop_glossary_one_boxed_card_is_a_blank_and_the_deal_goes_on(rulebook):
    ruling = boxed_cards(1, players_dealt=9, rulebook=rulebook)
    assert ruling.decision == "deal_continues"
    assert "blank" in ruling.summary


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_35_a1_two_boxed_cards_are_a_misdeal(rulebook):
    ruling = boxed_cards(2, players_dealt=9, rulebook=rulebook)
    assert ruling.decision == "misdeal"
    assert ("TDA 35-A(1)" if rulebook == "tda2024" else "RRoP Misdeals 1(c)") in ruling.rule


# --- Extra card --------------------------------------------------------------------------------

def test_tda_35_a5_one_extra_card_is_a_misdeal_by_default():
    ruling = extra_card_dealt(1, players_dealt=8)
    assert ruling.decision == "misdeal"
    assert ruling.rule.startswith("TDA 35-A(5)")


def test_rrop_holdem_2_one_extra_card_to_the_first_player_becomes_the_burn():
    ruling = extra_card_dealt(1, players_dealt=8, rulebook="rrop")
    assert ruling.decision == "burn_extra_card"
    assert ruling.rule == "RRoP Hold'em 2"
    assert "top of the deck" in steps(ruling)


def test_house_option_burn_under_tda_names_robert_rule_and_the_option():
    ruling = extra_card_dealt(1, players_dealt=8, options=HouseOptions(extra_card="burn"))
    assert ruling.decision == "burn_extra_card"
    assert "house rule" in ruling.rule
    assert any("extra_card" in note for note in ruling.notes)


@pytest.mark.parametrize("rulebook", BOTH)
def test_rrop_holdem_2_more_than_one_extra_card_is_a_misdeal(rulebook):
    assert extra_card_dealt(2, players_dealt=8, rulebook=rulebook).decision == "misdeal"


def test_rrop_extra_card_to_another_player_than_the_first_is_a_misdeal():
    assert extra_card_dealt(1, players_dealt=8, to_first_player=False, rulebook="rrop").decision == "misdeal"


# --- Four-card flop ------------------------------------------------------------------------------

def test_tda_39_a_four_card_flop_random_burn_among_the_four():
    ruling = too_many_flop_cards(4)
    assert ruling.decision == "random_burn"
    assert ruling.rule == "TDA 39-A"
    text = steps(ruling)
    assert "scramble" in text and "at random" in text and "other three" in text


def test_rrop_holdem_3_four_card_flop_is_redealt_burn_stays_no_new_burn():
    ruling = too_many_flop_cards(4, rulebook="rrop")
    assert ruling.decision == "reshuffle_redeal_board"
    assert "RRoP Hold'em 3" in ruling.rule
    text = steps(ruling)
    assert "leave the burn card" in text and "without burning" in text


def test_house_option_redeal_four_card_flop_under_tda():
    ruling = too_many_flop_cards(4, options=HouseOptions(four_card_flop="redeal"))
    assert ruling.decision == "reshuffle_redeal_board"


# --- Premature cards ---------------------------------------------------------------------------

@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_rp5_rrop_holdem_7_premature_flop_reshuffled_new_flop_without_burn(rulebook):
    ruling = premature_board_card("flop", rulebook=rulebook)
    assert ruling.decision == "reshuffle_redeal_board"
    text = steps(ruling)
    assert text.index("leave the burn") < text.index("complete the pre-flop betting") < text.index("shuffle")
    assert "new flop of three cards without burning" in text


def test_tda_rp5_premature_turn_is_reshuffled_and_a_new_turn_dealt_without_burn():
    ruling = premature_board_card("turn")
    assert ruling.decision == "reshuffle_redeal_board"
    assert ruling.rule.startswith("TDA RP-5")
    assert ruling.procedure[-2] == "Deal a new turn card without burning a card."
    assert "burn one card, then turn the river" in ruling.procedure[-1]


def test_rrop_holdem_8_premature_turn_the_river_becomes_the_turn_then_reshuffle_for_the_river():
    ruling = premature_board_card("turn", rulebook="rrop")
    assert ruling.decision == "river_becomes_turn"
    assert "RRoP Hold'em" in ruling.rule
    text = steps(ruling)
    order = ["set it aside", "complete the flop betting", "burn one card and deal the next card as the turn",
             "complete the turn betting", "shuffle the stub together with the set-aside card",
             "river without burning"]
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)
    assert "without the burns" in text


def test_house_option_reshuffle_turn_under_rrop_uses_the_tda_procedure():
    ruling = premature_board_card("turn", rulebook="rrop", options=HouseOptions(premature_turn="reshuffle"))
    assert ruling.decision == "reshuffle_redeal_board"
    assert "TDA RP-5" in ruling.rule


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_rp5_rrop_holdem_8_premature_river_reshuffled_and_redealt_without_burn(rulebook):
    ruling = premature_board_card("river", rulebook=rulebook)
    assert ruling.decision == "reshuffle_redeal_board"
    assert "complete the turn betting" in steps(ruling)
    assert ruling.procedure[-1] == "Deal a new river card without burning a card."


# --- Flop without a burn -------------------------------------------------------------------------

def test_tda_39_b_flop_without_burn_before_action_random_burn_among_the_three():
    ruling = flop_without_burn([])
    assert ruling.decision == "random_burn"
    assert ruling.rule == "TDA 39-B"
    assert "top card of the stub" in steps(ruling)


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_39_b_rrop_holdem_5_flop_without_burn_stands_after_any_action_even_a_check(rulebook):
    ruling = flop_without_burn(["check"], rulebook=rulebook)
    assert ruling.decision == "stands"


def test_tda_38_after_a_standing_flop_one_burn_per_street_but_rrop_restores_card_order():
    assert "exactly one card" in steps(flop_without_burn(["check"]))
    assert "burn two cards" in steps(flop_without_burn(["check"], rulebook="rrop"))


def test_rrop_holdem_4_exposed_flop_without_burn_is_reshuffled():
    ruling = flop_without_burn([], rulebook="rrop")
    assert ruling.decision == "reshuffle_redeal_board"
    assert "RRoP Hold'em 4" in ruling.rule


def test_rrop_holdem_4_face_down_flop_without_burn_is_put_back_in_order():
    ruling = flop_without_burn([], flop_turned_face_up=False, rulebook="rrop")
    assert ruling.decision == "restore_burn"


# --- Seats dealt wrongly -------------------------------------------------------------------------

@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_35_a3_seat_not_entitled_dealt_in_is_a_misdeal_before_sa_killed_after(rulebook):
    assert seat_dealt_not_entitled(4, rulebook=rulebook).decision == "misdeal"
    after = seat_dealt_not_entitled(4, actions_in_turn=SA_ACTIONS, rulebook=rulebook)
    assert after.decision == "kill_hand"
    assert "seat 4" in steps(after)


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_35_a4_entitled_seat_dealt_out_is_a_misdeal_before_sa_play_on_after(rulebook):
    ruling = entitled_seat_dealt_out(7, rulebook=rulebook)
    assert ruling.decision == "misdeal"
    assert ("TDA 35-A(4)" if rulebook == "tda2024" else "RRoP Misdeals 1(j)") in ruling.rule
    assert entitled_seat_dealt_out(7, actions_in_turn=SA_ACTIONS, rulebook=rulebook).decision == "stands"


# --- Wrong number of cards -----------------------------------------------------------------------

def test_tda_35_a5_wrong_count_before_sa_is_a_misdeal():
    assert wrong_card_count(3, 1).decision == "misdeal"


def test_tda_37_add_38_ex_1a_one_card_after_sa_hand_dead_burn_one_not_two():
    ruling = wrong_card_count(3, 1, actions_in_turn=SA_ACTIONS)
    assert ruling.decision == "hand_dead"
    assert "Ex.1-A" in ruling.rule
    assert "not two" in steps(ruling)


def test_tda_38_add_38_ex_1b_three_cards_after_sa_hand_dead_third_card_not_the_burn():
    ruling = wrong_card_count(3, 3, actions_in_turn=SA_ACTIONS)
    assert ruling.decision == "hand_dead"
    assert "Ex.1-B" in ruling.rule
    assert "is not the burn" in steps(ruling)


def test_tda_35_b_37_button_short_a_card_gets_the_next_card_even_after_sa():
    ruling = wrong_card_count(6, 1, is_button=True, actions_in_turn=SA_ACTIONS)
    assert ruling.decision == "replace_card"
    assert "top card" in steps(ruling)


def test_tda_37_button_who_acted_with_too_few_cards_has_a_dead_hand():
    ruling = wrong_card_count(6, 1, is_button=True, button_has_acted=True, actions_in_turn=SA_ACTIONS)
    assert ruling.decision == "hand_dead"
    assert ruling.rule == "TDA 37"


# --- Button, fouled deck, absent player ------------------------------------------------------------

@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_34_a_button_out_of_position_corrected_before_sa(rulebook):
    ruling = button_out_of_position(rulebook=rulebook)
    assert ruling.decision == "misdeal"
    assert "move the button to the seat where it should have been" in steps(ruling)


def test_tda_34_a_button_out_of_position_after_sa_stands_and_is_not_moved_back():
    ruling = button_out_of_position(actions_in_turn=SA_ACTIONS)
    assert ruling.decision == "stands"
    assert ruling.rule == "TDA 35-D, 36, 34-A"
    assert "never move it back" in steps(ruling)


def test_tda_35_e_fouled_deck_stops_play_and_returns_all_bets_even_after_sa():
    ruling = fouled_deck("ah", actions_in_turn=["bet", "raise", "call", "call"])
    assert ruling.decision == "void_hand"
    assert ruling.substantial_action is True
    assert ruling.rule == "TDA 35-E"
    assert "Ah" in ruling.summary
    assert "every chip" in steps(ruling)


def test_tda_35_e_22_fouled_deck_found_after_the_pot_is_awarded_the_result_stands():
    assert fouled_deck("Kd", hand_concluded=True).decision == "stands"


@pytest.mark.parametrize("rulebook", BOTH)
def test_tda_30_absent_players_hand_is_killed_and_blinds_and_antes_stay(rulebook):
    ruling = absent_player_hand(5, rulebook=rulebook)
    assert ruling.decision == "kill_hand"
    assert ruling.rule.startswith("TDA 30" if rulebook == "tda2024" else "RRoP")
    text = steps(ruling)
    assert "deal seat 5 his cards" in text
    assert "blinds and antes in the pot" in text


def test_tda_30_player_back_before_the_last_card_keeps_a_live_hand():
    assert absent_player_hand(5, back_before_deal_completed=True).decision == "stands"


# --- Impossible facts are refused ----------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: exposed_hole_card([13], players_dealt=6), "outside the deal"),
    (lambda: exposed_hole_card([0], players_dealt=6), "outside the deal"),
    (lambda: exposed_hole_card([], players_dealt=6), "at least one"),
    (lambda: exposed_hole_card([3, 3], players_dealt=6), "twice"),
    (lambda: exposed_hole_card([3], players_dealt=11), "players dealt"),
    (lambda: exposed_hole_card([3], players_dealt=6, exposed_by="floor"), "exposed_by"),
    (lambda: seat_dealt_not_entitled(10, table_size=9), "not at this table"),
    (lambda: entitled_seat_dealt_out(0), "not at this table"),
    (lambda: boxed_cards(0, players_dealt=6), "boxed"),
    (lambda: extra_card_dealt(0, players_dealt=6), "extra cards"),
    (lambda: too_many_flop_cards(3), "4 to 6"),
    (lambda: premature_board_card("preflop"), "street"),
    (lambda: wrong_card_count(2, 2), "right number"),
    (lambda: wrong_card_count(2, 1, button_has_acted=True), "button"),
    (lambda: fouled_deck("1x"), "not a card"),
    (lambda: first_card_wrong_seat(rulebook="wsop"), "rulebook"),
    (lambda: first_card_wrong_seat(actions_in_turn=["dance"]), "unknown action"),
    (lambda: HouseOptions(four_card_flop="guess"), "four_card_flop"),
])
def test_impossible_facts_are_refused_with_a_clear_message(call, message):
    with pytest.raises(DomainError, match=message):
        call()


def test_a_seat_with_no_cards_is_pointed_to_the_dealt_out_ruling():
    with pytest.raises(DomainError, match="entitled_seat_dealt_out"):
        wrong_card_count(4, 0)
