"""One undo per director's action, named: a hand-for-hand hand dealt with F5 records the hand and the minutes it
takes off the clock, and Ctrl+Z takes both back together; the Edit menu and the Log tab's Undo button say what the
next undo or redo takes ("Undo next hand at tables 1 and 2 …", "Undo Ann Lee out, eliminated by …").

Everything goes through the console: the Clock tab's Start / Pause button, Ctrl+H, F5, Ctrl+Z, Ctrl+Shift+Z, the
Edit menu opened with a click on the menu bar, the table map's seats and Ctrl+B."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT
from tests.ui.console.test_pko_proposals_and_hand_for_hand import bust_with_ctrl_b, seated_at, show_tab
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan

NAMES = ("Ann Lee", "Bruno Alves", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
         "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández")


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture
def bubble(qtbot, tmp_path: Path, ui_settings, refusals):
    """Twelve players at two tables, the clock started and paused, hand-for-hand on (Ctrl+H)."""
    session = DirectorSession.open(tmp_path / "bubble.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(5))
    session.create_from_plan(NewTournamentPlan("Bubble night", "regular", buy_in=100, fee=10, tables=2))
    floor = session.tournament
    for name in NAMES:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    window = show_console(qtbot, session, ui_settings)
    show_tab(qtbot, window, window.clock_tab)
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)   # start
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)   # pause: the minutes left stay put
    assert session.clock.view().started and not session.clock.view().running
    show_tab(qtbot, window, window.tables_tab)
    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)
    assert session.state.floor.hand_for_hand
    yield window, session
    window.close()
    session.close()


def hands(session) -> dict[int, int]:
    return {table.number: table.hand_number for table in session.tournament.tables() if not table.broken}


def edit_menu_items(qtbot, window, artifacts_dir: Path | None = None, shot: str = "") -> list[str]:
    """A click on Edit in the menu bar; the items it shows (and a picture of it), then Escape."""
    bar = window.menuBar()
    edit = next(action.menu() for action in bar.actions() if action.text() == "&Edit")
    qtbot.mouseClick(bar, LEFT, pos=bar.actionGeometry(edit.menuAction()).center())
    qtbot.waitUntil(edit.isVisible, timeout=2000)
    items = [action.text() for action in edit.actions() if not action.isSeparator()]
    if artifacts_dir is not None:
        QApplication.processEvents()
        edit.grab().save(str(artifacts_dir / shot))
    qtbot.keyClick(edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not edit.isVisible(), timeout=2000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return items


def test_ctrl_z_after_a_hand_for_hand_hand_puts_back_the_hand_and_the_clock_together(
        qtbot, bubble, refusals, artifacts_dir) -> None:
    window, session = bubble
    before_hands, before_ms = hands(session), session.clock.view().remaining_ms

    qtbot.keyClick(window, Qt.Key.Key_F5)   # the next hand-for-hand hand at every table
    assert refusals == []
    assert hands(session) == {number: hand + 1 for number, hand in before_hands.items()}
    assert session.clock.view().remaining_ms == before_ms - 2 * 60_000   # TDA RP-8: its minutes off the clock
    items = edit_menu_items(qtbot, window, artifacts_dir, "edit-menu-undo-hand-for-hand.png")
    assert items[0].startswith("Undo next hand at tables 1 and 2"), items
    assert items[1] == "Redo"
    window.log_tab.refresh()
    assert window.log_tab.undo_button.toolTip() == items[0]

    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)   # one undo: the hand and its minutes
    assert hands(session) == before_hands
    assert session.clock.view().remaining_ms == before_ms
    assert all(event.undone for event in session.history()[-4:-2])   # both commands, then their undo records
    items = edit_menu_items(qtbot, window, artifacts_dir, "edit-menu-redo-hand-for-hand.png")
    assert items[1].startswith("Redo next hand at tables 1 and 2"), items
    assert items[0] == "Undo hand-for-hand on"   # the step before it

    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)   # one redo: both again
    assert hands(session) == {number: hand + 1 for number, hand in before_hands.items()}
    assert session.clock.view().remaining_ms == before_ms - 2 * 60_000

    # The log, read again from the file, keeps the two as one step.
    session.select_tournament(session.tournament_id)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert hands(session) == before_hands and session.clock.view().remaining_ms == before_ms
    assert refusals == []


def test_the_edit_menu_names_a_bust_by_the_player_out(qtbot, bubble, refusals, artifacts_dir) -> None:
    window, session = bubble
    victim = seated_at(session, 1)[0]
    bust_with_ctrl_b(qtbot, window, session, victim.entry_id)
    items = edit_menu_items(qtbot, window, artifacts_dir, "edit-menu-undo-bust.png")
    assert items[0].startswith(f"Undo {victim.name} out"), items

    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert not session.tournament.entry(victim.entry_id).busted
    items = edit_menu_items(qtbot, window)
    assert items[1].startswith(f"Redo {victim.name} out"), items
    assert refusals == []
