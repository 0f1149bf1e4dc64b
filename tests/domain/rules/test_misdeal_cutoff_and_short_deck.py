"""Rulings made because it is too late for a misdeal cite the rule that forbids it (TDA 35-D and 36; RRoP
*Misdeals*), not the misdeal's cause; and a deck found a card short plays on (TDA 35-E: only duplicate cards
foul a deck) unless the house treats it as fouled."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.irregularities import (
    IRREGULARITIES,
    HouseOptions,
    boxed_cards,
    deck_short,
)

BOTH = ["tda2024", "rrop"]
SA_ACTIONS = ["call", "call", "fold"]  # substantial action under TDA 36 and two players acted under RRoP
CUTOFF = {"tda2024": "TDA 35-D, 36", "rrop": "RRoP Misdeals"}
FACTS = {  # facts under which each irregularity is a misdeal before substantial action
    "exposed_hole_card": {"exposed_card_numbers": [1], "players_dealt": 6},
    "boxed_cards": {"boxed_count": 2, "players_dealt": 6},
    "extra_card_dealt": {"extra_cards": 2, "players_dealt": 6},
    "first_card_wrong_seat": {},
    "seat_dealt_not_entitled": {"seat": 3},
    "entitled_seat_dealt_out": {"seat": 3},
    "wrong_card_count": {"seat": 3, "cards_held": 3},
    "button_out_of_position": {},
}


@pytest.mark.parametrize("rulebook", BOTH)
def test_two_boxed_cards_after_substantial_action_cite_the_cutoff_not_the_misdeal_cause(rulebook: str):
    ruling = boxed_cards(2, players_dealt=9, actions_in_turn=SA_ACTIONS, rulebook=rulebook)
    assert ruling.decision == "deal_continues" and ruling.substantial_action
    assert ruling.rule.startswith(CUTOFF[rulebook]), ruling.rule
    assert "35-A(1)" not in ruling.rule and "1(c)" not in ruling.rule
    assert "no misdeal can be declared" in ruling.summary


@pytest.mark.parametrize("rulebook", BOTH)
@pytest.mark.parametrize("key", sorted(FACTS))
def test_every_too_late_for_a_misdeal_ruling_cites_the_cutoff_rule(key: str, rulebook: str):
    item = next(i for i in IRREGULARITIES if i.key == key)
    assert item.rule(FACTS[key], rulebook=rulebook).decision == "misdeal"
    late = item.rule({**FACTS[key], "actions_in_turn": SA_ACTIONS}, rulebook=rulebook)
    assert late.decision != "misdeal" and late.substantial_action
    assert CUTOFF[rulebook] in late.rule, (key, late.rule)


def test_the_house_cutoff_is_the_one_cited():
    """A TDA room using the Robert's Rules cut-off (two players acted) cites that rule."""
    options = HouseOptions(misdeal_cutoff="rrop")
    ruling = boxed_cards(2, players_dealt=9, actions_in_turn=["fold", "fold"], options=options)
    assert ruling.decision == "deal_continues" and ruling.rule.startswith("RRoP Misdeals")
    assert any("misdeal_cutoff" in note for note in ruling.notes)


@pytest.mark.parametrize("rulebook", BOTH)
def test_a_deck_a_card_short_plays_on_by_default_tda_35_e(rulebook: str):
    ruling = deck_short("7c", actions_in_turn=SA_ACTIONS, rulebook=rulebook)
    assert ruling.decision == "stands"
    assert ruling.rule == ("TDA 35-E" if rulebook == "tda2024" else "RRoP Irregularities")
    assert "the 7c is missing" in ruling.summary and "no bet is returned" in ruling.summary
    assert any("short_deck='fouled'" in note for note in ruling.notes)
    assert "complete deck before the next hand" in " ".join(ruling.procedure)


def test_a_house_that_treats_a_short_deck_as_fouled_voids_the_hand():
    ruling = deck_short(actions_in_turn=SA_ACTIONS, options=HouseOptions(short_deck="fouled"))
    assert ruling.decision == "void_hand" and ruling.rule == "TDA 35-E (house rule)"
    assert "every bet is returned, even after substantial action" in ruling.summary
    assert any("short_deck='fouled'" in note and "replaces" in note for note in ruling.notes)
    over = deck_short(hand_concluded=True, options=HouseOptions(short_deck="fouled"))
    assert over.decision == "stands" and "result stands" in over.summary


@pytest.mark.parametrize("bad, problem", [
    (lambda: deck_short("Xx"), "not a card"),
    (lambda: deck_short(hand_concluded="yes"), "hand_concluded"),
    (lambda: HouseOptions(short_deck="maybe"), "short_deck"),
])
def test_impossible_facts_about_a_short_deck_are_refused(bad, problem: str):
    with pytest.raises(DomainError, match=problem):
        bad()
