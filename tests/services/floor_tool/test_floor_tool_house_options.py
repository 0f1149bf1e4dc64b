"""The floor tool's house options: the rulings follow them (TDA 35-E with the house's short_deck="fouled"), the
forms show each option's choices and what the chosen rulebook rules, and a wrong option or choice is refused."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.floor_tool import FloorToolService


def test_rulings_follow_the_house_options_and_the_forms_show_the_rulebook_s_own_choice() -> None:
    tool = FloorToolService()
    assert tool.rule("deck_short").decision != "void_hand"
    tool.set_house_options({"short_deck": "fouled"})
    ruling = tool.rule("deck_short")
    assert ruling.decision == "void_hand" and ruling.rule.endswith("(house rule)")
    forms = {f.name: f for f in tool.house_option_forms()}
    assert (forms["short_deck"].chosen, forms["short_deck"].rulebook_choice) == ("fouled", "plays_on")
    tool.set_rulebook("rrop")
    assert {f.name: f for f in tool.house_option_forms()}["extra_card"].rulebook_choice == "burn"
    assert tool.rule("deck_short").decision == "void_hand"  # the house's choice stays under either rulebook


@pytest.mark.parametrize("options, problem", [
    ({"short_deck": "lost"}, "house option short_deck='lost' is not one of plays_on, fouled"),
    ({"shortdeck": "fouled"}, "there is no house option shortdeck"),
    (["short_deck"], "house options are a HouseOptions value"),
])
def test_a_wrong_house_option_is_refused_and_the_old_ones_stay(options, problem: str) -> None:
    tool = FloorToolService()
    tool.set_house_options({"short_deck": "fouled"})
    with pytest.raises(DomainError, match=problem):
        tool.set_house_options(options)
    assert tool.house_options.short_deck == "fouled"
