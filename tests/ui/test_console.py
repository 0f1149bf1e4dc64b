"""The director's console: shortcuts, tabs, and a screenshot of every tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tournament_director.ui.console_tabs import MoveProposalView, SeatView, TableView
from tournament_director.ui.main_window import TAB_TITLES, MainWindow
from tournament_director.ui.models import EntryRow, ResultRow


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
    tables = [TableView(1, (SeatView(1, "Ana", 20_000, "D"), SeatView(2, "Ben", 19_000, "SB"),
                            SeatView(3, "Chloé", 21_000, "BB", absent=True), SeatView(4),
                            SeatView(5, "Dmitri", 20_000, waiting=True), SeatView(6, locked=True)), hand_number=12)]
    moves = [MoveProposalView("Eve", 2, 4, 1, 4, "balance (TDA 11-A)", key=1)]
    console.tables_tab.set_tables(tables, moves)
    html = console.tables_tab.grid.itemAt(0).widget().label.text()
    assert "ABSENT" in html and "waits for button" in html and "&nbsp;BB&nbsp;" in html and "locked" in html
    assert console.tables_tab.proposals.count() == 1
    assert console.tables_tab.accept_move.isEnabled()


def test_screenshot_of_every_console_tab(qtbot, console, artifacts_dir) -> None:
    fill = {
        0: lambda: console.players_tab.set_rows([EntryRow(i, f"Player {i:02d}", table=(i - 1) // 9 + 1,
                                                           seat=(i - 1) % 9 + 1, chips=20_000) for i in range(1, 21)]),
        1: lambda: console.tables_tab.set_tables(
            [TableView(t, tuple(SeatView(s, f"Player {(t - 1) * 9 + s:02d}", 20_000,
                                         {1: "D", 2: "SB", 3: "BB"}.get(s, "")) for s in range(1, 10)), 3)
             for t in (1, 2)], [MoveProposalView("Player 11", 2, 2, 1, 4, "balance (TDA 11-A)", key=1)]),
        5: lambda: console.results_tab.set_rows([ResultRow(1, "Ana", 1_000), ResultRow(2, "Ben", 600)]),
    }
    for i, title in enumerate(TAB_TITLES):
        console.tabs.setCurrentIndex(i)
        if i in fill:
            fill[i]()
        qtbot.wait(10)
        image = console.grab()
        assert not image.isNull()
        image.save(str(artifacts_dir / f"console-{i + 1}-{title.lower()}.png"))
