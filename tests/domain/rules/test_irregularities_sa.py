"""Substantial action (TDA 36; RRoP Misdeals): the point after which no misdeal can be declared."""

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.substantial_action import substantial_action


def test_tda_36_two_checks_are_not_substantial_action():
    assert substantial_action(["check", "check"], "tda2024") is False


def test_tda_36_two_folds_are_not_substantial_action():
    assert substantial_action(["fold", "fold"], "tda2024") is False


def test_tda_36_check_then_fold_puts_no_chips_in_so_is_not_substantial_action():
    assert substantial_action(["check", "fold"], "tda2024") is False


@pytest.mark.parametrize("pair", [["check", "bet"], ["fold", "call"], ["call", "fold"], ["raise", "call"],
                                  ["fold", "all-in"]])
def test_tda_36_a_two_actions_with_chips_are_substantial_action(pair):
    assert substantial_action(pair, "tda2024") is True


@pytest.mark.parametrize("three", [["fold", "fold", "fold"], ["check", "check", "check"], ["fold", "check", "fold"]])
def test_tda_36_b_any_three_actions_are_substantial_action(three):
    assert substantial_action(three, "tda2024") is True


def test_tda_36_one_action_is_never_substantial_action():
    assert substantial_action(["raise"], "tda2024") is False
    assert substantial_action([], "tda2024") is False


def test_tda_36_posted_blinds_and_antes_never_count():
    """Blinds and an ante followed by one call: only the call counts, so no SA."""
    assert substantial_action(["ante", "small blind", "big blind", "call"], "tda2024") is False
    assert substantial_action(["post", "post", "call", "fold"], "tda2024") is True


def test_rrop_misdeals_two_players_acting_after_the_blinds_is_enough_even_two_folds():
    assert substantial_action(["fold", "fold"], "rrop") is True
    assert substantial_action(["check", "check"], "rrop") is True
    assert substantial_action(["blind", "blind", "fold"], "rrop") is False


def test_action_words_accept_common_spellings():
    assert substantial_action(["All-In", "CALL"], "tda2024") is True
    assert substantial_action(["all in", "fold"], "tda2024") is True


def test_unknown_action_is_refused_by_name():
    with pytest.raises(DomainError, match="'limp'"):
        substantial_action(["limp", "call"], "tda2024")


def test_a_single_string_instead_of_a_list_is_refused():
    with pytest.raises(DomainError, match="list"):
        substantial_action("call", "tda2024")


def test_unknown_rulebook_is_refused():
    with pytest.raises(DomainError, match="wsop"):
        substantial_action(["call", "call"], "wsop")
