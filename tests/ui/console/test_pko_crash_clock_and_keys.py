"""A re-entry knockout night's findings, through the real windows: after a crash the screens show the clock as it
would stand now, counting on and marked waiting for the director, and Continue goes on from the figure shown; a
repeated Enter busts nobody; the clock has its own key (F8) that works in a text field and types nothing; with one
screen every window opens inside it and the projected clock is a switchable full screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.console.crash_clock import MovedTime, kill_with_the_clock_running, reopen
from tests.ui.tournament_setup import open_session, seated_tournament, show_console
from tournament_director.ui.projector.layout import projector_layout
from tournament_director.ui.projector.window import ProjectorWindow

LEFT = Qt.MouseButton.LeftButton
DOWN_SECONDS = 62  # the program was down about a minute
WAITING = "waiting for the director"
PROBE = Path(__file__).with_name("one_screen_probe.py")
PROJECT = Path(__file__).resolve().parents[3]


def seconds(clock_text: str) -> int:
    parts = [int(p) for p in clock_text.split(":")]
    return sum(value * 60 ** power for power, value in enumerate(reversed(parts)))


def mini_clock_figure(window) -> str:
    text = window.mini_clock.time_label.text()
    assert text.endswith(WAITING), text
    return text.split()[0]


def waiting_strip(projector) -> str:
    strip = projector_layout(QRectF(projector.rect()), projector.view).text("paused")
    return strip.text if strip is not None else ""


def test_after_a_crash_the_screens_count_on_waiting_for_the_director_and_continue_goes_on_from_there(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    kill_with_the_clock_running(tmp_path)
    time_sources = MovedTime(DOWN_SECONDS)
    session = reopen(tmp_path, time_sources)
    level_seconds = session.state.schedule.structure.periods[0].duration_seconds
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    window.attach_projector(projector)
    projector.resize(1280, 720)
    projector.show()
    projector.refresh()

    # At once: level 1 and the time as if the clock had run on through the minute down, not 20:00 paused.
    assert window.tabs.currentWidget() is window.clock_tab and window.clock_tab.restart_banner.isVisible()
    shown = mini_clock_figure(window)
    assert level_seconds - DOWN_SECONDS - 15 <= seconds(shown) <= level_seconds - DOWN_SECONDS, shown
    assert window.clock_tab.big.text() == shown
    assert window.clock_tab.level.text().startswith("Level 1:")
    assert WAITING in window.clock_tab.restart_text.text().lower()
    assert not window.clock_tab.buttons["toggle"].isEnabled()
    assert shown in window.clock_tab.continue_clock.text()
    assert projector.view.restart_pending and projector.view.level_number == 1
    assert round(projector.view.remaining_seconds) == seconds(shown)
    assert waiting_strip(projector) == WAITING.upper()
    window.grab().save(str(artifacts_dir / "pko-restart-banner-console.png"))
    projector.grab().save(str(artifacts_dir / "pko-restart-waiting-projector.png"))

    # The director takes 20 seconds to decide: every screen counts them.
    time_sources.advance(20)
    qtbot.waitUntil(lambda: mini_clock_figure(window) != shown, timeout=2000)
    live = mini_clock_figure(window)
    assert seconds(live) == seconds(shown) - 20
    qtbot.waitUntil(lambda: window.clock_tab.big.text() == live, timeout=2000)
    assert live in window.clock_tab.continue_clock.text()
    qtbot.waitUntil(lambda: round(projector.view.remaining_seconds) == seconds(live), timeout=2000)
    assert projector.view.restart_pending and not session.clock.view().running
    assert session.clock.tick() == [] and not session.heartbeat(force=True)  # nothing recorded meanwhile

    # Continue, counting the time: the clock goes on from the figure on the screens at the click.
    qtbot.mouseClick(window.clock_tab.continue_clock, LEFT)
    assert not window.clock_tab.restart_banner.isVisible()
    view = session.clock.view()
    assert view.running and not view.restart_pending
    assert round(view.remaining_seconds) == seconds(live)
    qtbot.waitUntil(lambda: window.mini_clock.time_label.text() == live, timeout=2000)
    time_sources.advance(5)
    assert round(session.clock.view().remaining_seconds) == seconds(live) - 5
    assert [e.payload.get("choice") for e in session.history() if e.event_type == "clock.restored"] == ["continued"]
    projector.close()
    window.close()
    session.close()


def console_in_play(qtbot, tmp_path, ui_settings):
    session = open_session(tmp_path)
    seated_tournament(session, close_registration=False)
    session.run(session.tournament.finish_hand)
    return session, show_console(qtbot, session, ui_settings)


def seat_of_the_leader(window):
    floor = window.session.tournament
    leader = max((e for e in floor.entries() if not e.busted and e.table is not None), key=lambda e: e.chips)
    for card in window.tables_tab.cards:
        for row in card.seat_rows:
            if row.entry_id == leader.entry_id:
                return leader, row
    raise AssertionError(f"{leader.name} is not on the table map")


def test_enter_enter_on_a_selected_player_busts_nobody(qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session, window = console_in_play(qtbot, tmp_path, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    leader, seat = seat_of_the_leader(window)
    qtbot.mouseClick(seat, LEFT)
    assert window.tables_tab.selected_seat == leader.entry_id

    QTest.keyClick(seat, Qt.Key.Key_Return)          # opens the bust dialog
    dialog = window.busting.dialog
    qtbot.waitUntil(lambda: dialog.isVisible() and QApplication.focusWidget() is dialog.filter, timeout=2000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)   # the second Enter: asked, not busted
    question = dialog.no_eliminator_question
    assert question is not None and question.isVisible() and leader.name in question.text()
    assert question.defaultButton() is question.button(QMessageBox.StandardButton.No)
    assert not session.tournament.entry(leader.entry_id).busted
    question.grab().save(str(artifacts_dir / "pko-bust-without-eliminator-question.png"))

    qtbot.waitUntil(lambda: QApplication.focusWidget() is question.button(QMessageBox.StandardButton.No),
                    timeout=2000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)   # a third Enter answers No
    assert not question.isVisible() and dialog.isVisible()
    assert not session.tournament.entry(leader.entry_id).busted
    assert not [e for e in session.history() if e.event_type == "entry.busted"]

    # Asked on purpose, the bust with no eliminator is recorded.
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), LEFT)
    question = dialog.no_eliminator_question
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), LEFT)
    busted = session.tournament.entry(leader.entry_id)
    assert busted.busted and not busted.eliminated_by
    window.close()
    session.close()


def test_enter_in_the_move_dialog_moves_nobody_until_a_player_is_chosen(qtbot, tmp_path, ui_settings,
                                                                         artifacts_dir) -> None:
    session, window = console_in_play(qtbot, tmp_path, ui_settings)
    seats_before = {e.entry_id: (e.table, e.seat) for e in session.tournament.entries()}
    events_before = len(session.history())
    qtbot.keyClick(window, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)   # Floor > Move a player
    dialog = window.tables_tab.move_dialog
    qtbot.waitUntil(lambda: dialog.isVisible() and QApplication.focusWidget() is not None
                    and QApplication.focusWidget().window() is dialog, timeout=2000)
    for _ in range(2):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.refusal.text() == "Choose the player to move first"
    assert len(session.history()) == events_before
    assert {e.entry_id: (e.table, e.seat) for e in session.tournament.entries()} == seats_before
    dialog.grab().save(str(artifacts_dir / "pko-move-dialog-nobody-chosen.png"))
    dialog.reject()
    window.close()
    session.close()


def test_f8_runs_the_clock_from_the_register_field_and_space_only_types(qtbot, tmp_path, ui_settings) -> None:
    session, window = console_in_play(qtbot, tmp_path, ui_settings)
    assert window.toggle_clock_action.shortcut().toString() == "F8"
    assert window.clock_tab.buttons["toggle"].text().endswith("(F8)")
    assert "F8" in window.mini_clock.time_label.toolTip()
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)   # Register a player
    field = window.players_tab.register_name
    assert field.hasFocus()
    qtbot.keyClicks(field, "Ana")

    qtbot.keyClick(field, Qt.Key.Key_F8)
    assert session.clock.view().running and field.text() == "Ana"
    qtbot.keyClick(field, Qt.Key.Key_F8)
    assert not session.clock.view().running and field.text() == "Ana"
    assert [e.event_type for e in session.history()][-2:] == ["clock.started", "clock.paused"]

    qtbot.keyClick(field, Qt.Key.Key_Space)
    assert field.text() == "Ana " and not session.clock.view().running
    window.players_tab.view.setFocus()
    qtbot.keyClick(window.players_tab.view, Qt.Key.Key_Space)
    assert not session.clock.view().running
    assert [e.event_type for e in session.history()][-1] == "clock.paused"
    window.close()
    session.close()


def test_with_one_screen_every_window_opens_inside_it(tmp_path, artifacts_dir) -> None:
    """A 1366x768 laptop alone (Qt's offscreen screen set to it): the console, the projected clock, the floor tool
    (F9) and the dialogs opened from the menus all lie inside the screen; the clock is full screen behind the
    console and says how to switch."""
    config = tmp_path / "one-screen.json"
    config.write_text(json.dumps({"screens": [{"name": "Laptop", "x": 0, "y": 0, "width": 1366, "height": 768}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}", PYTHONPATH=str(PROJECT))
    done = subprocess.run([sys.executable, str(PROBE), str(tmp_path), str(artifacts_dir)], env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    area = report["area"]
    assert area == [0, 0, 1366, 768]
    opened = {window["title"] for window in report["windows"]}
    assert {"Tournament clock", "Floor tool"} <= opened and len(opened) >= 6, opened
    for window in report["windows"]:
        x, y, width, height = window["frame"]
        assert x >= 0 and y >= 0 and x + width <= 1366 and y + height <= 768, window
    projector = report["projector"]
    assert projector["full_screen"] and projector["hint"] == "F11 / Esc: leave full screen (back to the console)"
    assert projector["after_escape"] == {"full_screen": False, "console_active": True, "hint": "F11: full screen · "
                                         "Ctrl+Shift+F in the console"}
    assert projector["after_ctrl_shift_f"] == {"full_screen": True, "active": True}
    assert report["told"].startswith("One screen: the projected clock is full screen behind the console")
