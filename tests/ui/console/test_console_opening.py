"""The console opened on a tournament already in play shows what the room needs at once: tables out of balance
(seed 004 T 6: within 1 at six tables or fewer) are proposed for balancing on the Tables tab, never called
balanced before anything was checked. Players move between hands (TDA 11-A): a move from a table still in a hand
asks whether its hand is over."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.console.formats_driving import answer
from tests.ui.tournament_setup import open_session, running_tournament, show_console

CTRL = Qt.KeyboardModifier.ControlModifier


def sizes(session) -> list[int]:
    return sorted(len([s for s in t.seats if s.entry_id is not None]) for t in session.tournament.tables())


def test_a_tournament_out_of_balance_opens_with_the_move_proposed_and_moves_between_hands(
        qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    running_tournament(session)  # tables of 7, 7 and 5 players; tables 1 and 2 in a hand
    window = show_console(qtbot, session, ui_settings)
    tab = window.tables_tab
    assert "(1 move)" in window.tabs.tabText(window.tabs.indexOf(tab))
    assert "Balance the tables" in tab.proposal_title.text() and "balanced" not in tab.proposal_title.text()
    assert tab.proposals.count() == 1 and "table 2 seat 9 → table 3" in tab.proposals.item(0).text()
    before = session.runner.last_seq

    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)  # Accept all: table 2 is still in a hand
    question = tab.hand_over_question
    qtbot.waitUntil(question.isVisible)
    assert "Table 2 is still in a hand" in question.text()
    answer(qtbot, question, QMessageBox.StandardButton.No)  # wait for the hand
    assert session.runner.last_seq == before and tab.proposals.count() == 1 and sizes(session) == [5, 7, 7]

    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    answer(qtbot, tab.hand_over_question)  # the hand is over: move now
    assert [e.event_type for e in session.history()[-2:]] == ["hand.finished", "moves.accepted"]
    assert sizes(session) == [6, 6, 7]
    assert "none — tables are balanced" in tab.proposal_title.text()
