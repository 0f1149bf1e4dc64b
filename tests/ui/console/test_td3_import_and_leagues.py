"""Switching from TD3 in the console: Tournament > Import from The Tournament Director (Ctrl+I) with its file
dialog, progress dialog and summary; the leagues window (Ctrl+L) with the season's standings after importing
several saves, a player's history, a points adjustment, the formula (one with an error refused in the window),
the standings exported and printed to PDF; the registry as CSV from the Players menu."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tdt_saves import evening
from tests.ui.tournament_setup import open_session, show_console

SHOTS = Path(os.environ.get("SHOTS_DIR", "/tmp/shots-td3-import"))
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def session(tmp_path: Path):
    opened = open_session(tmp_path)
    yield opened
    opened.close()


def shot(widget, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(SHOTS / name))


def saves(folder: Path) -> list[Path]:
    folder.mkdir()
    files = []
    for night in range(3):
        b = evening()
        b.title = f"Thursday Deepstack {night + 1}"
        b.uuid = f"11111111-2222-4333-8444-{night:012d}"
        if night == 2:  # Hal is never out on the third night and wins it: Ada goes out with the last three
            b.prizes = []
            del b.players[7].buyins[-1]["BustOut"]
            b.bust(b.players[0].uuid, 200, 7, b.players[7].uuid)
        path = folder / f"night-{night + 1}.tdt"
        path.write_bytes(b.data())
        files.append(path)
    (folder / "broken.tdt").write_bytes(b"{ V: \"3.7.2\", T: new Tournament({ Title: ")
    return [*files, folder / "broken.tdt"]


def test_ctrl_i_imports_a_season_folder_with_progress_and_a_summary(qtbot, session, ui_settings, tmp_path) -> None:
    window = show_console(qtbot, session, ui_settings)
    files = saves(tmp_path / "season")
    menu = next(a for a in window.menuBar().actions() if a.text() == "&Tournament").menu()
    item = next(a for a in menu.actions() if a.text() == "Import from The Tournament Director…")
    assert item.shortcut().toString() == "Ctrl+I"
    item.trigger()  # the menu item, as clicked
    assert isinstance(window.td3_file_dialog, QFileDialog)
    window.td3_file_dialog.reject()
    qtbot.keyClick(window, Qt.Key.Key_I, CTRL)  # and its shortcut
    dialog = window.td3_file_dialog
    assert isinstance(dialog, QFileDialog) and dialog.fileMode() == QFileDialog.FileMode.ExistingFiles
    shot(dialog, "td3-file-dialog.png")
    dialog.filesSelected.emit([str(p) for p in files])  # the director picks the season's four files
    summary = window.td3_summary
    assert [step[:2] for step in window.td3_progress_seen] == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert window.td3_progress.maximum() == 4
    shot(window.td3_progress, "td3-progress.png")
    assert summary.headline.text() == "<b>3 tournaments imported, 1 file refused</b>"
    text = summary.details.toPlainText()
    assert "Thursday Deepstack 1" in text and "broken.tdt: " in text
    shot(summary, "td3-import-summary.png")
    assert [t.name for t in session.list_tournaments()] == [f"Thursday Deepstack {n}" for n in (1, 2, 3)]
    window.open_tournament(session.list_tournaments()[0].id)  # an imported night opens in the console
    assert session.tournament_name == "Thursday Deepstack 1"
    window.tabs.setCurrentIndex(5)  # Results: the places and the prizes TD3 awarded
    lines = session.results.lines()
    assert (lines[0].name, lines[0].prize) == ("Ada Quill", 720)
    assert sorted(line.prize for line in lines if line.prize) == [160, 160, 160, 720]
    shot(window, "console-imported-results.png")
    summary.close()


def test_the_leagues_window_shows_standings_history_adjustments_formula_and_prints(qtbot, session, ui_settings,
                                                                                  tmp_path, monkeypatch) -> None:
    window = show_console(qtbot, session, ui_settings)
    from tournament_director.ui.console.td3_import import import_td3_files

    import_td3_files(window, saves(tmp_path / "season")[:3]).close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL)
    leagues = window.leagues_window
    qtbot.waitExposed(leagues)
    assert leagues.season_box.currentText() == "River Club League — Autumn"
    table = leagues.standings_table
    names = [table.item(r, 1).text() for r in range(table.rowCount())]
    assert names[0] == "Ada Quill" and len(names) == 8
    assert [table.item(0, c).text() for c in (3, 5, 7)] == ["3", "2", "1,440"]  # events, wins, money won
    hal = names.index("Hal Sorrel")
    assert table.item(hal, 5).text() == "1"  # Hal's win of the third night
    shot(leagues, "leagues-standings.png")

    table.selectRow(hal)
    assert leagues.history_label.text() == "Hal Sorrel: 3 tournaments"
    assert [leagues.history_table.item(r, 2).text() for r in range(3)] == ["8", "8", "1"]

    leagues.tabs.setCurrentIndex(3)
    leagues.adjust_player.setCurrentIndex(leagues.adjust_player.findText("Hal Sorrel"))
    leagues.adjust_points.setValue(500)
    leagues.adjust_reason.setText("volunteer dealer")
    qtbot.mouseClick(leagues.add_adjustment_button, Qt.MouseButton.LeftButton)
    assert leagues.standings_table.item(0, 1).text() == "Hal Sorrel"
    assert leagues.standings_table.item(0, 8).text() == "500"
    shot(leagues, "leagues-adjustments.png")

    leagues.tabs.setCurrentIndex(4)
    before = leagues.standings_table.item(0, 2).text()
    leagues.formula_edit.setPlainText('assign("points", n - r + 1 +)')
    qtbot.mouseClick(leagues.save_formula_button, Qt.MouseButton.LeftButton)
    assert leagues.formula_status.text().startswith("Refused: ") and " at 1:" in leagues.formula_status.text()
    shot(leagues, "leagues-formula-refused.png")
    assert leagues.standings_table.item(0, 2).text() == before  # nothing changed
    leagues.formula_edit.setPlainText('assign("points", n - r + 1)')
    qtbot.mouseClick(leagues.save_formula_button, Qt.MouseButton.LeftButton)
    assert leagues.formula_status.text().startswith("Saved")
    points = {leagues.standings_table.item(r, 1).text(): leagues.standings_table.item(r, 2).text()
              for r in range(leagues.standings_table.rowCount())}
    assert points["Ada Quill"] == str(8 + 8 + 7) and points["Hal Sorrel"] == str(1 + 1 + 8 + 500)

    csv_path = leagues.export_csv(tmp_path / "standings.csv")
    assert csv_path.read_text().splitlines()[1].startswith("1,Hal Sorrel,510,3,")
    html = leagues.export_html(tmp_path / "standings.html").read_text()
    assert "<h1>River Club League — Autumn</h1>" in html and "Ada Quill" in html
    pdf = leagues.save_pdf(tmp_path / "standings.pdf")
    assert pdf.exists() and pdf.stat().st_size > 1000 and pdf.read_bytes().startswith(b"%PDF")
    text = _pdf_text(pdf)
    assert "Hal Sorrel" in text and "Ada Quill" in text and "River Club League" in text
    leagues.close()


def _pdf_text(path: Path) -> str:
    """The PDF's text, read back by Qt's own PDF reader (QtPdf)."""
    from PySide6.QtPdf import QPdfDocument

    document = QPdfDocument()
    assert document.load(str(path)) == QPdfDocument.Error.None_
    return "\n".join(document.getAllText(page).text() for page in range(document.pageCount()))


def test_players_menu_exports_and_imports_the_registry_as_csv(qtbot, session, ui_settings, tmp_path,
                                                             monkeypatch) -> None:
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: refusals.append(text))
    window = show_console(qtbot, session, ui_settings)
    source = tmp_path / "in.csv"
    source.write_text("name,nickname,contact\nAda Quill,Ace,ada@example.org\nada quill,,\nBo Marsh,,\n")
    players = next(a for a in window.menuBar().actions() if a.text() == "&Players").menu()
    next(a for a in players.actions() if a.text() == "Import players from CSV…").trigger()
    window.registry_file_dialog.fileSelected.emit(str(source))
    assert "2 added, 1 merged" in window.statusBar().currentMessage()
    next(a for a in players.actions() if a.text() == "Export players as CSV…").trigger()
    out = tmp_path / "out.csv"
    window.registry_file_dialog.fileSelected.emit(str(out))
    assert out.read_text().splitlines() == ["name,nickname,contact", "Ada Quill,Ace,ada@example.org", "Bo Marsh,,"]
    bad = tmp_path / "bad.csv"
    bad.write_text("who\nx\n")
    next(a for a in players.actions() if a.text() == "Import players from CSV…").trigger()
    window.registry_file_dialog.fileSelected.emit(str(bad))
    assert refusals and "bad.csv" in refusals[-1] and "'name'" in refusals[-1]


def test_a_tournament_played_here_joins_a_new_season_and_scores_by_its_formula(qtbot, session, ui_settings) -> None:
    from tests.ui.tournament_setup import seated_tournament

    seated_tournament(session, players=4, tables=1)
    floor = session.tournament
    entries = floor.entries()
    for loser, winner in ((entries[3], entries[0]), (entries[2], entries[0]), (entries[1], entries[0])):
        session.run(floor.bust, loser.entry_id, [winner.entry_id])
    window = show_console(qtbot, session, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL)
    leagues = window.leagues_window
    leagues.new_league.setText("Friday League")
    leagues.new_season.setText("2026")
    qtbot.mouseClick(leagues.add_season_button, Qt.MouseButton.LeftButton)
    assert leagues.season_box.currentText() == "Friday League — 2026"
    qtbot.mouseClick(leagues.join_button, Qt.MouseButton.LeftButton)
    leagues.formula_edit.setPlainText('assign("points", n - r + 1 + numberOfHits)')
    qtbot.mouseClick(leagues.save_formula_button, Qt.MouseButton.LeftButton)
    table = leagues.standings_table
    rows = [(table.item(r, 1).text(), table.item(r, 2).text()) for r in range(table.rowCount())]
    assert rows == [(entries[0].name, "7"), (entries[1].name, "3"), (entries[2].name, "2"), (entries[3].name, "1")]
    assert leagues.tournament_list.count() == 1
    shot(leagues, "leagues-own-tournament.png")
    leagues.close()


def test_a_save_left_half_way_is_opened_and_goes_on_in_the_console(qtbot, session, ui_settings, tmp_path) -> None:
    from tdt_saves import SaveBuilder
    from tournament_director.ui.console.td3_import import import_td3_files

    b = SaveBuilder(title="Unfinished Friday")
    ada, bo, cy = (b.player(n) for n in ("Ada Quill", "Bo Marsh", "Cy Fenn"))
    for i, uuid in enumerate((ada, bo, cy)):
        b.buy_in(uuid, minute=i)
    b.bust(cy, 40, 2, ada)
    path = tmp_path / "unfinished.tdt"
    path.write_bytes(b.data())
    window = show_console(qtbot, session, ui_settings)
    import_td3_files(window, [path]).close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.open_tournament(session.list_tournaments()[-1].id)
    assert session.tournament_name == "Unfinished Friday"
    qtbot.keyClick(window, Qt.Key.Key_F8)  # the clock goes on from the round TD3 was in, 15 minutes left
    schedule = session.state.schedule
    assert schedule.running and schedule.current_period_index == 3
    assert 14 * 60_000 < session.clock.view().remaining_ms <= 15 * 60_000
    names = {e.name: e for e in session.tournament.entries()}
    session.run(session.tournament.draw_seats)  # the players still in take seats at the table made for them
    assert {e.name: e.table for e in session.tournament.entries() if e.table} == {"Ada Quill": 1, "Bo Marsh": 1}
    session.run(session.tournament.bust, names["Bo Marsh"].entry_id, [names["Ada Quill"].entry_id])
    shot(window, "console-unfinished-td3-save-continued.png")
    assert window.isVisible()
