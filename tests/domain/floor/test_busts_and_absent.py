"""Eliminations and finishing places (seed 004 T 11; TDA RP-8A; WSOP 126b) and absent players posting
and being blinded out (TDA 30, 71-C; seed 004 T 2, 4, 7)."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.standings import places, standings

from .floor_helpers import deal, drawn, seated


def bust(t, *entries, by=(), h4h=None, start=None):
    rows = [{"entry_id": e, "eliminated_by": list(by)} for e in entries]
    if start:
        for row in rows:
            row["start_chips"] = start[row["entry_id"]]
    payload = {"busts": rows}
    if h4h is not None:
        payload["hand_for_hand_hand"] = h4h
    t.apply("entry.busted", payload)


def test_a_bust_finishes_at_players_left_plus_one_and_the_last_player_wins():
    t = drawn(6, 1)
    bust(t, 3, by=[1])
    assert places(t)[3] == (6, 6)
    bust(t, 5, by=[1])
    assert places(t)[5] == (5, 5)
    for e in (2, 4, 6):
        bust(t, e, by=[1])
    assert t.finished and places(t)[1] == (1, 1)
    assert sorted(p for p, _ in places(t).values()) == [1, 2, 3, 4, 5, 6]
    assert t.entries[1].chips == 6 * 10_000  # the winner holds all chips
    assert t.check_invariants() == []


def test_same_hand_busts_finish_by_chips_at_the_start_of_the_hand_seed_004_T11():
    t = drawn(6, 1)
    bust(t, 2, 3, 4, by=[1], start={2: 3_000, 3: 9_000, 4: 5_000})
    assert places(t)[3] == (4, 4) and places(t)[4] == (5, 5) and places(t)[2] == (6, 6)


def test_equal_starting_stacks_tie_and_share_the_prizes_of_the_places_they_cover():
    """Seed 004 T 11 with equal stacks (rules-reference 2.5 [impl]): they tie and split those prizes."""
    t = drawn(10, 2, buy_in=100)
    t.apply("payouts.edited", {"percentages": ["40", "25", "15", "12", "8"]})
    for e in (6, 7, 8, 9, 10):
        bust(t, e, by=[1])
    bust(t, 4, 5, by=[1], start={4: 7_000, 5: 7_000})  # places 4 and 5: 12 % + 8 % of 1,000
    rows = {r.entry_id: r for r in standings(t)}
    assert (rows[4].place, rows[4].place_to) == (4, 5) and rows[4].tied
    assert rows[4].prize == rows[5].prize == 100


def test_hand_for_hand_busts_at_different_tables_tie_WSOP_126b_TDA_RP8A():
    """52 left, 50 paid in the rule's example; here 12 left: busts at two tables on one hand share."""
    t = drawn(12, 2)
    t.apply("hand_for_hand.set", {"on": True})
    table_of = {e: t.entries[e].table for e in t.entries}
    at_1 = [e for e in t.entries if table_of[e] == 1][:1]
    at_2 = [e for e in t.entries if table_of[e] == 2][:1]
    bust(t, at_1[0], h4h=1, start={at_1[0]: 12_000})
    bust(t, at_2[0], h4h=1, start={at_2[0]: 3_000})
    assert places(t)[at_1[0]] == places(t)[at_2[0]] == (11, 12)


def test_bust_of_a_player_already_out_is_refused_and_changes_nothing():
    t = drawn(4, 1)
    bust(t, 2, by=[1])
    before = t.to_snapshot()
    with pytest.raises(DomainError, match="already out"):
        bust(t, 2, by=[3])
    assert t.to_snapshot() == before


def test_eliminating_everyone_is_refused():
    t = drawn(3, 1)
    with pytest.raises(DomainError, match="the last one wins"):
        bust(t, 1, 2, 3)


def test_busted_chips_go_to_the_eliminator():
    t = drawn(4, 1)
    bust(t, 2, by=[3])
    assert t.entries[3].chips == 20_000 and t.entries[2].chips == 0


def test_progressive_knockout_pays_half_and_adds_half_to_the_eliminators_bounty():
    t = drawn(3, 1, bounty_mode="progressive", bounty=100, pko_cash_percent=50)
    bust(t, 2, by=[1])
    assert t.entries[1].bounty_won == 50 and t.entries[1].bounty == 150
    bust(t, 3, by=[1])
    assert t.finished and t.entries[1].bounty_won == 50 + 50 + 200  # the winner keeps his own bounty
    assert t.check_invariants() == []


def test_fixed_bounty_goes_whole_to_the_eliminator():
    t = drawn(3, 1, bounty_mode="fixed", bounty=25)
    bust(t, 2, by=[3])
    assert t.entries[3].bounty_won == 25 and t.entries[3].bounty == 25


# --- absent players -------------------------------------------------------------------------------
def test_absent_player_posts_his_big_blind_and_his_hand_is_killed_TDA_30():
    t = seated({1: [1, 2, 3, 4]})
    t.apply("entry.presence", {"entry_id": 3, "present": False})
    deal(t, 1, sb=100, bb=200)  # D1 SB2 BB3
    assert t.entries[3].chips == 10_000 - 200
    assert t.chips_unassigned == 200
    assert t.check_invariants() == []


def test_absent_player_posts_antes_every_hand_seed_004_T4():
    t = seated({1: [1, 2, 3, 4]})
    t.apply("entry.presence", {"entry_id": 4, "present": False})
    deal(t, 1, sb=100, bb=200, ante=25)  # seat 4 is neither blind
    assert t.entries[4].chips == 10_000 - 25


def test_big_blind_ante_is_posted_blind_first_by_an_absent_big_blind_TDA_RP11():
    t = seated({1: [1, 2, 3, 4]})
    t.apply("chips.counted", {"counts": [[3, 1_500]]})
    t.apply("entry.presence", {"entry_id": 3, "present": False})
    deal(t, 1, sb=500, bb=1_000, ante=1_000, bba=True)
    assert t.entries[3].chips == 0  # 1,000 live blind + 500 ante: all in, hand killed, out


def test_absent_player_short_for_the_blind_is_all_in_and_is_eliminated_with_the_right_place_seed_004_T7():
    t = seated({1: [1, 2, 3, 4, 5]})
    t.apply("chips.counted", {"counts": [[3, 150]]})
    t.apply("entry.presence", {"entry_id": 3, "present": False})
    deal(t, 1, sb=100, bb=200)  # seat 3 is the big blind: posts 150 all in, never makes up the rest
    assert t.entries[3].busted and places(t)[3] == (5, 5)
    assert t.check_invariants() == []


def test_marking_a_player_present_again_stops_the_posting():
    t = seated({1: [1, 2, 3, 4]})
    t.apply("entry.presence", {"entry_id": 4, "present": False})
    t.apply("entry.presence", {"entry_id": 4, "present": True})
    deal(t, 1, sb=100, bb=200, ante=25)
    assert t.entries[4].chips == 10_000


def test_two_absent_players_blinded_out_on_one_hand_finish_by_their_starting_chips_seed_004_T11():
    t = seated({1: [1, 2, 3, 4, 5]})
    t.apply("chips.counted", {"counts": [[2, 80], [3, 150]]})
    for e in (2, 3):
        t.apply("entry.presence", {"entry_id": e, "present": False})
    deal(t, 1, sb=100, bb=200)  # SB seat 2 (80), BB seat 3 (150)
    assert places(t)[3] == (4, 4) and places(t)[2] == (5, 5)
    assert t.check_invariants() == []


def test_rebuy_is_refused_while_the_table_is_in_a_hand_seed_003_TDA_27():
    t = seated({1: [1, 2, 3]}, rebuy_limit=2, rebuy_price=100, rebuy_chips=10_000)
    deal(t, 1)
    with pytest.raises(DomainError) as refused:
        t.apply("entry.rebuy", {"entry_id": 1})
    assert "TDA 27" in (refused.value.rule or "")
    t.apply("hand.finished", {"tables": [1]})
    t.apply("entry.rebuy", {"entry_id": 1})
    assert t.entries[1].chips == 20_000 and t.prize_contributions == 3 * 100 + 100
