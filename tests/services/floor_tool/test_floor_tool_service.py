"""The floor tool service walking real disputes through the rules engine, over a real SQLite tournament."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.ui.tournament_setup import open_tournament
from tournament_director.domain.errors import DomainError
from tournament_director.services.floor_tool import FloorToolService
from tournament_director.services.session import DirectorSession

FIXED_NOW = datetime(2024, 5, 1, 21, 30, tzinfo=timezone.utc)




@pytest.fixture
def session(tmp_path: Path):
    opened = open_tournament(tmp_path)
    yield opened
    opened.close()


def example_3a(tool: FloorToolService):
    """TDA Add. 47 Ex. 3-A at 2,000-4,000: seat 1 SB, seat 2 BB, seat 3 is A, seat 4 (button) is C."""
    situation = tool.blank_situation(4, button=4, small_blind=2000, big_blind=4000,
                                     stacks={1: 50_000, 2: 50_000, 3: 60_000, 4: 7_500})
    tool.start_hand(situation)
    tool.deal()
    tool.act("call")  # A calls 4,000
    tool.act("all_in")  # C all-in 7,500
    tool.act("fold")  # SB folds


def test_tda_47a_example_3a_short_all_in_does_not_reopen_for_the_player_who_called() -> None:
    tool = FloorToolService()
    example_3a(tool)
    view = tool.view()
    assert view.actor == 2, "the big blind has not acted yet"
    assert view.options.min_raise_to == 11_500, "BB may raise to at least 11,500 (TDA 47 Ex. 3-A)"
    view = tool.act("call")
    assert view.actor == 3
    assert view.options.call == 3_500 and view.options.min_raise_to is None
    assert view.options.text == "call 3,500; fold"
    assert view.options.raise_refusal_rule == "TDA 47-A"
    assert "seat 3 faces 3500 more" in view.options.raise_refusal
    with pytest.raises(DomainError) as refused:
        tool.act("raise", 20_000)
    assert refused.value.rule == "TDA 47-A"
    assert tool.view() == view, "a refused action changes nothing"


def test_options_read_as_the_floor_says_them_with_thousands_separators() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(3, button=3, small_blind=200, big_blind=400,
                                         stacks={1: 20_000, 2: 12_800, 3: 30_000}))
    tool.deal()
    tool.act("raise", 900)  # seat 3 (button) opens to 900... seat 3 acts first three-handed
    view = tool.act("fold")
    assert view.actor == 2
    assert view.options.text == "call 500; raise to at least 1,400, at most 12,800; fold"


def test_unknown_stack_offers_all_in_as_the_maximum() -> None:
    tool = FloorToolService()
    view = tool.start_hand(tool.blank_situation(2, button=2, small_blind=50, big_blind=100))
    view = tool.deal()
    assert view.actor == 2 and view.options.text == "call 50; raise to at least 200, at most all-in; fold"
    assert all(line.stack is None for line in view.seats)


def test_table_from_the_running_tournament_fills_seats_button_and_level_blinds(session) -> None:
    table = session.tournament.table(1)
    tool = FloorToolService(session)
    assert tool.table_numbers() == (1,)
    situation = tool.situation_from_table(1)
    assert situation.table == 1 and situation.seat_count == 10
    assert [s.seat for s in situation.seats] == [s.seat for s in table.seats if s.entry_id is not None]
    assert (situation.button, situation.small_blind_seat, situation.big_blind_seat) == (
        table.button, table.small_blind, table.big_blind)
    level = session.state.schedule.current_level()
    assert (situation.small_blind, situation.big_blind) == (level.small_blind, level.big_blind)
    assert all(s.stack is None for s in situation.seats), "stacks are typed or left unknown"
    view = tool.start_hand(situation)
    bets = {line.seat: line.bet for line in view.seats}
    assert bets[table.small_blind] == level.small_blind and bets[table.big_blind] == level.big_blind


def test_absent_players_hand_is_killed_and_his_big_blind_stays_in_the_pot_tda_30(session) -> None:
    table = session.tournament.table(1)
    absent = next(s for s in table.seats if s.seat == table.big_blind)
    session.tournament.set_present(absent.entry_id, False)
    tool = FloorToolService(session)
    tool.start_hand(tool.situation_from_table(1))
    view = tool.deal()
    assert view.actor != absent.seat
    while view.actor is not None and view.street == "pre-flop":
        view = tool.act("call")
    killed = next(line for line in view.seats if line.seat == absent.seat)
    assert killed.status == "killed (absent, TDA 30)"
    assert absent.seat not in view.pots[0].eligible
    level = session.state.schedule.current_level()
    callers = len(table.seats) - sum(1 for s in table.seats if s.entry_id is None) - 1
    assert view.pots[0].amount == callers * level.big_blind + level.big_blind, "the dead big blind stays in"
    assert any("hand killed, absent (TDA 30)" in line for line in view.log)
    ruling = tool.rule("absent_player_hand", {"seat": absent.seat})
    assert ruling.decision == "kill_hand" and ruling.rule == "TDA 30"


def test_everyone_folds_to_an_absent_big_blind_and_his_dead_hand_wins_nothing_tda_30(session) -> None:
    """TDA 30: the absent big blind's hand is killed when the deal ends, so when everyone else folds the
    small blind (the last live hand) takes the pot with the dead big blind in it."""
    table = session.tournament.table(1)
    absent = next(s for s in table.seats if s.seat == table.big_blind)
    session.tournament.set_present(absent.entry_id, False)
    tool = FloorToolService(session)
    situation = tool.situation_from_table(1)
    stacks = {s.seat: 10_000 for s in situation.seats}
    tool.start_hand(situation.with_stacks(stacks))
    view = tool.deal()
    killed = next(line for line in view.seats if line.seat == absent.seat)
    assert killed.status == "killed (absent, TDA 30)", "killed at the end of the deal, before anyone acts"
    assert absent.seat not in view.pots[0].eligible
    while not view.complete:
        assert view.actor != absent.seat, "a dead hand is never asked to act"
        view = tool.act("fold")
    level = session.state.schedule.current_level()
    assert level.ante == 0, "level 1 of the turbo structure has blinds only"
    stacks_now = {line.seat: line.stack for line in view.seats}
    assert view.pots[0].winners == (table.small_blind,)
    assert stacks_now[absent.seat] == 10_000 - level.big_blind, "his big blind stays in the pot"
    assert stacks_now[table.small_blind] == 10_000 + level.big_blind, "the small blind wins the dead big blind"
    assert sum(stacks_now.values()) == 10_000 * len(stacks), "chips conserved"


def test_exposed_first_card_is_a_misdeal_with_players_dealt_filled_from_the_table() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(6, button=6))
    first = tool.card_number(1)
    assert first == 1 and tool.card_number(1, second_card=True) == 7
    ruling = tool.rule("exposed_hole_card", {"exposed_card_numbers": [first]})
    assert ruling.decision == "misdeal" and ruling.rule.startswith("TDA 35-A(7)")
    assert not ruling.substantial_action
    assert any("button does not move" in step for step in ruling.procedure), "exact replay (TDA 35-C)"
    later = tool.rule("exposed_hole_card", {"exposed_card_numbers": [5]})
    assert later.decision == "replace_card"


@pytest.mark.parametrize("rulebook, decision, rule_start", [
    ("tda2024", "reshuffle_redeal_board", "TDA RP-5"),
    ("rrop", "river_becomes_turn", "RRoP Hold'em"),
])
def test_premature_turn_under_each_rulebook(rulebook, decision, rule_start) -> None:
    tool = FloorToolService(rulebook=rulebook)
    tool.start_hand(tool.blank_situation(3, button=3))
    tool.deal()
    for _ in range(3):
        tool.act("call") if tool.view().options.call else tool.act("check")
    tool.deal_board("9h8d2c")
    tool.act("bet", 400)  # flop betting still open: seat 2 and 3 to act
    with pytest.raises(DomainError) as refused:
        tool.deal_board("Ks")
    assert refused.value.rule.startswith(rule_start.split()[0])
    ruling = tool.rule("premature_board_card", {"street": "turn"})
    assert ruling.decision == decision and ruling.rule.startswith(rule_start)
    assert ruling.rulebook == rulebook and ruling.substantial_action


def test_three_way_split_gives_the_odd_chip_to_the_first_winner_left_of_the_button_tda_20() -> None:
    tool = FloorToolService(smallest_chip=25)
    tool.start_hand(tool.blank_situation(4, button=4, small_blind=25, big_blind=50,
                                         stacks={1: 5000, 2: 5000, 3: 5000, 4: 5000}))
    tool.deal({2: "2c3c", 3: "4d5d", 4: "6s7s"})
    tool.act("call")  # seat 3
    tool.act("call")  # seat 4
    tool.act("fold")  # seat 1, the small blind: 25 dead
    tool.act("check")  # seat 2, the big blind
    tool.deal_board("AhKhQh")
    for _ in range(3):
        tool.act("check")
    tool.deal_board("Jh")
    for _ in range(3):
        tool.act("check")
    tool.deal_board("Th")
    for _ in range(3):
        view = tool.act("check")
    assert view.next_step.startswith("Showdown")
    for seat in view.showdown_order:
        view = tool.show(seat)
    assert view.complete
    pot = view.pots[0]
    assert pot.amount == 175 and pot.winners == (2, 3, 4)
    assert dict(zip(pot.winners, pot.shares)) == {2: 75, 3: 50, 4: 50}
    assert pot.odd_chips == "1 odd chip of 25 to seat 2, the first winner left of the button (TDA 20)"
    assert {hand.hand_name for hand in view.showdown} == {"Royal flush"}
    assert {hand.place for hand in view.showdown} == {1}


def test_showdown_names_and_orders_hands() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(2, button=2, stacks={1: 1000, 2: 1000}))
    tool.deal()
    tool.act("all_in")
    view = tool.act("call")
    assert view.next_step.startswith("All hands face up (TDA 16)")
    tool.show(1, "7c6c")
    tool.show(2, "AsAd")
    tool.deal_board("9h8d2c")
    tool.deal_board("Ks")
    view = tool.deal_board("5s")
    assert view.complete
    assert [(h.seat, h.hand_name, h.place) for h in view.showdown] == [
        (1, "Straight, nine high", 1), (2, "Pair of aces, king-nine-eight kickers", 2)]
    assert view.pots[0].winners == (1,) and view.pots[0].shares == (2000,)


def test_ruling_is_recorded_in_the_tournament_log_and_reopened_after_restart(tmp_path: Path) -> None:
    session = open_tournament(tmp_path)
    tool = FloorToolService(session, now=lambda: FIXED_NOW)
    tool.start_hand(tool.situation_from_table(1).with_stacks({}))
    tool.deal()
    tool.act("fold")
    ruling = tool.rule("exposed_hole_card", {"exposed_card_numbers": [2]})
    seq = tool.record_ruling(ruling)
    assert seq > 0
    saved = session.state.rulings[-1]
    assert saved["table"] == 1 and saved["recorded_at"] == "2024-05-01T21:30:00+00:00"
    assert saved["ruling"]["decision"] == ruling.decision and saved["situation"]["actions_in_turn"] == ["fold"]
    tid = session.tournament_id
    session.close()

    again = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    try:
        again.select_tournament(tid)
        reopened = FloorToolService(again)
        [record] = reopened.recorded_rulings()
        assert record.table == 1 and record.rule == ruling.rule
        view = reopened.reopen(0)
        assert view.actions_in_turn == ("fold",) and view.situation.table == 1
    finally:
        again.close()


def test_recording_without_a_tournament_is_refused_clearly() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(3))
    with pytest.raises(DomainError, match="no tournament is open"):
        tool.record_ruling(tool.rule("button_out_of_position"))


def test_phh_export_and_import_keep_seats_absent_players_and_unknown_stacks() -> None:
    tool = FloorToolService()
    situation = tool.blank_situation(5, button=3, stacks={1: 4000, 2: 6000, 3: 5000}).with_absent([5])
    tool.start_hand(situation)
    tool.deal({1: "AhKd"})
    tool.act("raise", 600)
    before = tool.view()
    text = tool.export_phh()
    other = FloorToolService()
    after = other.import_phh(text)
    assert after.seats == before.seats and after.pots == before.pots and after.options == before.options
    assert after.situation == before.situation


def test_import_of_an_illegal_hand_names_the_action_and_keeps_the_current_hand() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(3))
    tool.deal()
    current = tool.view()
    bad = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [100, 200, 0]\nmin_bet = 200\n"
           "starting_stacks = [5000, 5000, 5000]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
           "'p3 cbr 300']\n")
    with pytest.raises(DomainError) as refused:
        tool.import_phh(bad)
    assert "action 3" in refused.value.message and refused.value.rule == "TDA 43-A"
    assert tool.view() == current
    with pytest.raises(DomainError, match="not a readable PHH hand"):
        tool.import_phh("variant = 'XX'")


def test_undo_takes_back_the_last_step_and_refusals_change_nothing() -> None:
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(3, stacks={1: 5000, 2: 5000, 3: 5000}))
    dealt = tool.deal()
    raised = tool.act("raise", 600)
    assert tool.undo() == dealt
    assert tool.act("raise", 600) == raised
    with pytest.raises(DomainError) as refused:
        tool.act("raise", 700)  # below the minimum re-raise to 1,000
    assert refused.value.rule == "TDA 43-A"
    with pytest.raises(DomainError, match="cannot check"):
        tool.act("check")
    assert tool.view() == raised
    with pytest.raises(DomainError, match="unknown irregularity"):
        tool.rule("lost_chip")


def test_phh_round_trip_keeps_a_heads_up_big_blind_ante_TDA_RP11() -> None:
    """Heads-up the big blind still pays the table's ante; a reopened dispute must show the same pot."""
    tool = FloorToolService()
    tool.start_hand(tool.blank_situation(2, button=1, small_blind=100, big_blind=200, ante=200, big_blind_ante=True,
                                         stacks={1: 5000, 2: 6000}))
    tool.deal()
    tool.act("call_or_check")
    before = tool.view()
    after = FloorToolService().import_phh(tool.export_phh())
    assert after.situation.big_blind_ante
    assert after.situation == before.situation and after.pots == before.pots and after.seats == before.seats
