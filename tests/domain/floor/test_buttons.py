"""The button and blinds hand by hand: dead button (TDA 32), moving button, heads-up (TDA 34-B), and
new or moved players waiting for the button (TDA 8-A, 10-A; seed 004 T 8)."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError

from .floor_helpers import configured, deal, seated


def positions(t, n=1):
    table = t.tables[n]
    return table.button, table.small_blind, table.big_blind


def test_first_hand_has_button_on_the_drawn_seat_and_blinds_on_the_next_two_players():
    t = seated({1: [1, 3, 5, 7]}, button={1: 3})
    deal(t, 1)
    assert positions(t) == (3, 5, 7)


def test_button_and_blinds_move_one_player_each_hand():
    """Seed 004 Blinds 1; rules-reference 1.1: the button moves one seat clockwise per hand."""
    t = seated({1: [1, 2, 3, 4]})
    deal(t, 1)
    assert positions(t) == (1, 2, 3)
    deal(t, 1)
    assert positions(t) == (2, 3, 4)
    deal(t, 1)
    assert positions(t) == (3, 4, 1)


def test_dead_button_big_blind_busts_small_blind_is_dead_and_button_stays_behind_TDA_32():
    """TDA 32: the player due the BB posts it; the SB falls on last hand's BB seat (empty: dead),
    the button on last hand's SB seat, so one player has the button twice."""
    t = seated({1: [1, 2, 3, 4, 5]})
    deal(t, 1)  # D1 SB2 BB3
    t.apply("hand.finished", {"tables": [1]})
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[1].seats[3], "eliminated_by": [1]}]})
    deal(t, 1)
    assert positions(t) == (2, 3, 4)
    assert 3 not in t.tables[1].seats  # the small blind is dead on the empty seat
    t.apply("hand.finished", {"tables": [1]})
    deal(t, 1)
    assert positions(t) == (3, 4, 5)  # the button sits on the empty seat (dead button)


def test_dead_button_small_blind_busts_button_goes_on_empty_seat_and_same_player_is_last_twice_TDA_32():
    t = seated({1: [1, 2, 3, 4, 5]})
    deal(t, 1)  # D1 SB2 BB3
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[1].seats[2], "eliminated_by": [1]}]})
    deal(t, 1)
    button, sb, bb = positions(t)
    assert (sb, bb) == (3, 4)
    assert button == 2 and 2 not in t.tables[1].seats  # dead button: seat 1 acts last again


def test_moving_button_always_advances_to_a_player_seed_004_blinds_1a():
    t = seated({1: [1, 2, 3, 4, 5]}, button_mode="moving")
    deal(t, 1)  # D1 SB2 BB3
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[1].seats[2], "eliminated_by": [1]}]})
    deal(t, 1)
    assert positions(t) == (3, 4, 5)


def test_heads_up_small_blind_is_the_button_and_nobody_takes_the_big_blind_twice_TDA_34B():
    t = seated({1: [2, 5, 8]})
    deal(t, 1)  # D2 SB5 BB8
    bb_player = t.tables[1].seats[8]
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[1].seats[2], "eliminated_by": [bb_player]}]})
    deal(t, 1)
    button, sb, bb = positions(t)
    assert button == sb  # heads-up: the small blind is on the button
    assert t.tables[1].seats[bb] != bb_player  # the last big blind does not post it again
    deal(t, 1)
    assert t.tables[1].seats[positions(t)[2]] == bb_player  # and the blinds alternate


def test_new_player_between_button_and_small_blind_waits_for_the_button_TDA_10A():
    t = seated({1: [1, 2, 5, 6]}, late_registration_until_level=3)
    deal(t, 1)  # D1 SB2 BB5 ; next hand D2 SB5 BB6: seats 3, 4 lie between the button and the SB
    t.apply("entry.registered", {"entry_id": 5, "name": "Late", "level": 1, "seat": [1, 3]})
    assert 5 in t.tables[1].waiting
    deal(t, 1)  # D2 SB5 BB6: he still sits between the button and the small blind
    assert 5 in t.tables[1].waiting
    deal(t, 1)  # D5 SB6 BB1: the button has passed seat 3
    assert 5 not in t.tables[1].waiting


def test_new_player_on_the_big_blind_side_is_dealt_in_at_once_TDA_8A():
    t = seated({1: [1, 2, 5, 6]}, late_registration_until_level=3)
    deal(t, 1)  # D1 SB2 BB5
    t.apply("entry.registered", {"entry_id": 5, "name": "Late", "level": 1, "seat": [1, 8]})
    assert 5 not in t.tables[1].waiting


def test_seed_rule_makes_a_newcomer_in_the_small_blind_seat_wait_seed_004_T8():
    """Seed 004 T 8 (house option): a newcomer in the small blind or button seat waits too."""
    t = seated({1: [1, 2, 4, 5]}, late_registration_until_level=3, new_player_rule="seed")
    deal(t, 1)  # D1 SB2 BB4 ; next hand: D2 SB4 BB5
    t.apply("entry.busted", {"busts": [{"entry_id": t.tables[1].seats[4], "eliminated_by": [1]}]})
    # Seat 4 (next hand's small blind) is empty; a newcomer sitting there would have the SB.
    t.apply("entry.registered", {"entry_id": 5, "name": "Late", "level": 1, "seat": [1, 4]})
    assert 5 in t.tables[1].waiting


def test_button_correction_is_refused_during_a_hand_TDA_34A():
    t = seated({1: [1, 2, 3]})
    deal(t, 1)
    with pytest.raises(DomainError) as refused:
        t.apply("table.button_set", {"table": 1, "seat": 3})
    assert refused.value.rule == "TDA 34-A"


def test_a_hand_needs_two_players_and_a_real_table():
    t = configured()
    with pytest.raises(DomainError, match="no table 4"):
        deal(t, 4)
