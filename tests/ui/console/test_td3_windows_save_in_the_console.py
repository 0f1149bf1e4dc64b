"""A season final saved by TD3 3.4 in Windows-1252 imported from the console (Tournament > Import from The
Tournament Director, Ctrl+I): the summary names it with its letters and TD3's counts, and the leagues window
(Ctrl+L) shows the season's standings with the chop's prizes and TD3's points, and a player's rebuys in his
entries."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tdt_saves import season_final
from tests.ui.tournament_setup import open_session, show_console

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def session(tmp_path: Path):
    opened = open_session(tmp_path)
    yield opened
    opened.close()


def test_a_windows_1252_save_comes_in_with_its_letters_counts_and_points(qtbot, session, ui_settings, tmp_path,
                                                                         artifacts_dir) -> None:
    save = tmp_path / "arsfinal.tdt"
    save.write_bytes(season_final().data(version="3.4.3", maps="object", encoding="cp1252"))
    window = show_console(qtbot, session, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_I, CTRL)
    dialog = window.td3_file_dialog
    assert isinstance(dialog, QFileDialog)
    dialog.setDirectory(str(tmp_path))
    dialog.selectFile(save.name)  # the director picks the save and opens it
    dialog.accept()
    summary = window.td3_summary
    assert summary.headline.text() == "<b>1 tournament imported</b>"
    details = summary.details.toPlainText()
    assert "Årsfinal (arsfinal.tdt, finished) — Ölkällarens Liga Säsong 2019: 6 players, 10 entries;" in details
    summary.grab().save(str(artifacts_dir / "td3-windows-save-summary.png"))
    summary.close()

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL)
    leagues = window.leagues_window
    qtbot.waitExposed(leagues)
    assert leagues.season_box.currentText() == "Ölkällarens Liga — Säsong 2019"
    table = leagues.standings_table
    # name, points, events, hits, wins, best place, money won: the chop's 1,200 is 400 each
    assert [[table.item(r, c).text() for c in range(1, 8)] for r in range(table.rowCount())] == [
        ["Björn Ek", "58", "1", "2", "1", "1", "400"],
        ["Zoë Lund", "55", "1", "1", "1", "1", "400"],
        ["Åsa Berg", "55", "1", "2", "1", "1", "400"],
        ["Måns Ahl", "21", "1", "0", "0", "4", "0"],
        ["René Côté", "7", "1", "0", "0", "5", "0"],
        ["Jörgen Öst", "4", "1", "0", "0", "6", "0"]]
    table.selectRow(3)  # Måns: a rebuy while in and one after his bust, so three entries as TD3 counts them
    assert leagues.history_label.text() == "Måns Ahl: 1 tournament"
    history = leagues.history_table
    assert [history.item(0, c).text() for c in range(history.columnCount())] == [
        "Ölkällarens Liga Säsong 2019", "Årsfinal", "4", "0", "0", "3", "21"]
    leagues.grab().save(str(artifacts_dir / "td3-windows-save-standings.png"))
    leagues.tabs.setCurrentIndex(2)
    leagues.grab().save(str(artifacts_dir / "td3-windows-save-history.png"))
    leagues.close()
