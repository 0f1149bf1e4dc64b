"""Driving the console as a director does, for the formats' tests: keys typed into the wizard's fields, the
settings' sections moved through with Ctrl+PgDown, players found by typing and picked with a click, buttons
clicked, busts entered in the bust dialog. Nothing here calls a service: the helpers press keys and click."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


def type_text(qtbot, widget, text: str) -> None:
    """QtTest only simulates ASCII keys; other letters are inserted as an input method would."""
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
        else:
            widget.insert(char)


def active(qtbot, widget) -> None:
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget.window(), timeout=2000)


def click(qtbot, button) -> None:
    assert button.isVisible() and button.isEnabled(), f"{button.text()!r} cannot be clicked: {button.toolTip()}"
    qtbot.mouseClick(button, LEFT)


def set_spin(qtbot, spin, value: int) -> None:
    """Select the number and type another, as the director does."""
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(spin, str(value))
    assert spin.value() == value, f"typed {value}, the field shows {spin.text()!r}"


def tick(qtbot, box, on: bool = True) -> None:
    box.setFocus()
    if box.isChecked() != on:
        qtbot.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked() == on


def choose(qtbot, combo, value) -> None:
    """Pick an entry of a list with the arrow keys."""
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentData() == value:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == value, f"{value!r} is not offered: {[combo.itemData(i) for i in range(combo.count())]}"


def page(qtbot, dialog, title: str) -> None:
    """Move through the sections with Ctrl+PgDown / Ctrl+PgUp to the one called ``title``."""
    titles = dialog.page_titles()
    target = titles.index(title)
    for _ in range(len(titles)):
        current = dialog.sections.currentRow()
        if current == target:
            return
        key = Qt.Key.Key_PageDown if current < target else Qt.Key.Key_PageUp
        qtbot.keyClick(dialog.stack.currentWidget(), key, CTRL)
    assert dialog.sections.currentRow() == target


def edit_cell(qtbot, table, row: int, column: int, text: str) -> None:
    """F2 on the cell, select what is there, type, Enter."""
    table.setFocus()
    table.setCurrentCell(row, column)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert editor is not table, "the cell did not open for editing"
    editor.selectAll()
    type_text(qtbot, editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.item(row, column).text().replace(",", "") == text.replace(",", ""), timeout=2000)


def pick_file(qtbot, dialog, path) -> None:
    """Type the file's full path into the chooser's file name and press Enter."""
    from PySide6.QtWidgets import QLineEdit

    active(qtbot, dialog)
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    name.selectAll()
    type_text(qtbot, name, str(path))
    qtbot.keyClick(name, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)


def field(dialog, name: str):
    return dialog.form.widgets[name]


def ok(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def register(qtbot, window, *names: str) -> None:
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    for name in names:
        type_text(qtbot, window.players_tab.register_name, name)
        qtbot.keyClick(window.players_tab.register_name, Qt.Key.Key_Return)


def select_player(qtbot, window, name: str, *, busted: bool | None = None) -> None:
    """Type the name into Find and click the player's row (the live entry, or the busted one when asked)."""
    tab = window.players_tab
    window.tabs.setCurrentWidget(tab)
    tab.search.clear()
    type_text(qtbot, tab.search, name)
    for row in range(tab.proxy.rowCount()):
        entry = tab.proxy.source_row(row)
        if entry.name == name and (busted is None or (entry.status == "busted") == busted):
            rect = tab.view.visualRect(tab.proxy.index(row, 1))
            qtbot.mouseClick(tab.view.viewport(), LEFT, pos=rect.center())
            assert tab.selected_entry().entry_id == entry.entry_id
            return
    raise AssertionError(f"{name} not found in the Players tab")


def bust(qtbot, window, name: str, eliminator: str | None) -> None:
    """Ctrl+B on the player, type the eliminator's name, Enter ticks him, click Bust."""
    select_player(qtbot, window, name, busted=False)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = window.players_tab.bust_dialog
    assert dialog is not None and dialog.isVisible()
    if eliminator is not None:
        type_text(qtbot, dialog.filter, eliminator)
        qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
        assert len(dialog.eliminators()) == 1
    qtbot.mouseClick(ok(dialog), LEFT)


def live_names(window) -> list[str]:
    """The players still in, read off the Players tab (chip leader first)."""
    rows = [r for r in window.players_tab.model.rows if r.status != "busted"]
    return [r.name for r in sorted(rows, key=lambda r: (-(r.chips or 0), r.entry_id))]


def run_to_a_winner(qtbot, window) -> str:
    """Close registration if it is open, then bust the shortest stack, eliminated by the chip leader, until one
    player is left; returns the winner's name."""
    tab = window.players_tab
    window.tabs.setCurrentWidget(tab)
    if "tournament is over" not in window.results_tab.summary.text():
        tab.search.clear()
        qtbot.mouseClick(tab.buttons["close_registration"], LEFT)
    while len(live_names(window)) > 1:
        names = live_names(window)
        bust(qtbot, window, names[-1], names[0])
    window.tabs.setCurrentWidget(window.results_tab)
    [winner] = live_names(window)
    assert f"The tournament is over: {html.escape(winner)} wins" in window.results_tab.summary.text()
    return winner


def answer(qtbot, box: QMessageBox, button=QMessageBox.StandardButton.Yes) -> None:
    qtbot.mouseClick(box.button(button), LEFT)
