"""The director's console: shortcuts, tabs, and a screenshot of every tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tournament_director.services.tournament import SeatView, TableView
from tournament_director.ui.console.tables_tab import MoveProposalView
from tournament_director.ui.console.window import TAB_TITLES, MainWindow


@pytest.fixture
def console(qtbot, ui_settings):
    window = MainWindow(None, settings=ui_settings)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def test_every_tab_is_one_shortcut_away(qtbot, console) -> None:
    for i, title in enumerate(TAB_TITLES):
        qtbot.keyClick(console, Qt.Key(Qt.Key.Key_1 + i), Qt.KeyboardModifier.ControlModifier)
        assert console.tabs.tabText(console.tabs.currentIndex()) == title


def test_ctrl_f_takes_the_director_to_the_player_search(qtbot, console) -> None:
    console.tabs.setCurrentIndex(2)
    qtbot.keyClick(console, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert console.tabs.currentWidget() is console.players_tab
    assert console.players_tab.search.hasFocus()


def test_tables_tab_shows_markers_absent_and_waiting_players(console) -> None:
    tables = [TableView(1, (SeatView(1, 1, "Ana", 20_000, "D"), SeatView(2, 2, "Ben", 19_000, "SB"),
                            SeatView(3, 3, "Chloé", 21_000, "BB", absent=True), SeatView(4),
                            SeatView(5, 4, "Dmitri", 20_000, waiting=True), SeatView(6, locked=True)), hand_number=12)]
    moves = [MoveProposalView("Eve", 2, 4, 1, 4, "balance (TDA 11-A)", key=1)]
    console.tables_tab.set_tables(tables, moves)
    html = console.tables_tab.grid.itemAt(0).widget().text()
    assert "ABSENT" in html and "waits for button" in html and "&nbsp;BB&nbsp;" in html and "locked" in html
    assert console.tables_tab.proposals.count() == 1
    assert console.tables_tab.accept_move.isEnabled()
