"""The catalogue of irregularities the floor tool shows as buttons (issue 7), and rulings as log records."""

import inspect
import json

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.irregularities import (
    IRREGULARITIES,
    IRREGULARITIES_BY_KEY,
    HouseOptions,
    Ruling,
)

SAMPLE_FACTS = {
    "exposed_hole_card": {"exposed_card_numbers": [1], "players_dealt": 6},
    "boxed_cards": {"players_dealt": 6},
    "extra_card_dealt": {"players_dealt": 6},
    "too_many_flop_cards": {},
    "premature_board_card": {"street": "turn"},
    "flop_without_burn": {},
    "first_card_wrong_seat": {},
    "seat_dealt_not_entitled": {"seat": 3},
    "entitled_seat_dealt_out": {"seat": 3},
    "wrong_card_count": {"seat": 3, "cards_held": 3},
    "button_out_of_position": {},
    "fouled_deck": {},
    "absent_player_hand": {"seat": 3},
    "deck_short": {},
}


def test_issue_7_buttons_are_all_in_the_catalogue():
    labels = {item.label for item in IRREGULARITIES}
    for wanted in ("Exposed card", "Boxed card", "Extra card dealt", "Too many cards on the flop",
                   "Premature flop / turn / river", "First card to the wrong seat", "Button out of position"):
        assert wanted in labels


def test_every_catalogued_fact_is_a_parameter_of_its_function():
    for item in IRREGULARITIES:
        parameters = inspect.signature(item.rule_function).parameters
        for fact in item.facts:
            assert fact.name in parameters, (item.key, fact.name)
        assert {"rulebook", "options"} <= set(parameters)


@pytest.mark.parametrize("rulebook", ["tda2024", "rrop"])
@pytest.mark.parametrize("key", sorted(SAMPLE_FACTS))
def test_each_button_gives_a_complete_ruling_from_its_required_facts(key, rulebook):
    ruling = IRREGULARITIES_BY_KEY[key].rule(SAMPLE_FACTS[key], rulebook=rulebook)
    assert isinstance(ruling, Ruling)
    assert ruling.rulebook == rulebook
    assert ruling.summary and ruling.procedure and ruling.rule
    assert all(step.endswith(".") for step in ruling.procedure)


def test_catalogue_covers_every_sample():
    assert set(SAMPLE_FACTS) == set(IRREGULARITIES_BY_KEY)


def test_tda_35_a7_exposed_first_card_through_the_catalogue_is_a_misdeal():
    ruling = IRREGULARITIES_BY_KEY["exposed_hole_card"].rule(
        {"exposed_card_numbers": [1], "players_dealt": 9, "actions_in_turn": []})
    assert ruling.decision == "misdeal"


def test_house_options_pass_through_the_catalogue_tda_35_a5_versus_burn():
    extra = IRREGULARITIES_BY_KEY["extra_card_dealt"]
    assert extra.rule({"players_dealt": 6}).decision == "misdeal"
    assert extra.rule({"players_dealt": 6}, options=HouseOptions(extra_card="burn")).decision == "burn_extra_card"


def test_missing_required_fact_is_refused_by_name():
    with pytest.raises(DomainError, match="players_dealt"):
        IRREGULARITIES_BY_KEY["exposed_hole_card"].rule({"exposed_card_numbers": [1]})


def test_unknown_fact_is_refused_by_name():
    with pytest.raises(DomainError, match="colour"):
        IRREGULARITIES_BY_KEY["first_card_wrong_seat"].rule({"colour": "red"})


def test_a_ruling_is_saved_as_json_and_printed_with_numbered_steps_and_sa():
    ruling = IRREGULARITIES_BY_KEY["premature_board_card"].rule({"street": "turn"}, rulebook="rrop")
    record = json.loads(json.dumps(ruling.as_dict()))
    assert record["decision"] == "river_becomes_turn"
    assert record["procedure"] == list(ruling.procedure)
    assert Ruling(**{k: tuple(v) if isinstance(v, list) else v for k, v in record.items()}) == ruling
    text = ruling.as_text()
    assert "Robert's Rules of Poker" in text
    assert "Substantial action: no" in text
    assert "\n1. " in text and f"\n{len(ruling.procedure)}. " in text
