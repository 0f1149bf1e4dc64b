"""The floor tool's Import PHH [Ctrl+O] on hostile files, headless at 1366x768: the floor person picks the file in
the window's own file dialog; a file the reader refuses is named in the message line with the field and the
problem (never an empty line, never a traceback), the hand on the screen stays and the file is not touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from tests.fuzz.test_phh_fuzz import CORPUS, EXPECTED
from tests.ui.floor_tool.opening import open_floor_tool
from tournament_director.ui.floor_tool.window import FloorToolWindow

# The cases of the issue (a non-UTF-8 file, 1e1000000, a 5,000-digit integer, seats as text, seat_count = 'ten')
# and a few more, each picked in the dialog.
HOSTILE = ("latin1_player_name.phh", "stack_1e1000000.phh", "stack_5000_digits.phh", "seats_as_strings.phh",
           "seat_count_ten_as_text.phh", "utf16.phh", "binary_junk.phh", "deeply_nested_list.phh")


def pick_in_the_dialog(qtbot, window: FloorToolWindow, path: Path) -> None:
    """Ctrl+O, go to the file's folder, type its name in the dialog's file name field and click Open."""
    qtbot.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    dialog = window.file_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    dialog.setDirectory(str(path.parent))
    name_field = dialog.findChild(QLineEdit, "fileNameEdit")
    name_field.clear()
    qtbot.keyClicks(name_field, path.name)
    popup = name_field.completer().popup() if name_field.completer() else None
    if popup is not None and popup.isVisible():
        qtbot.keyClick(popup, Qt.Key.Key_Escape)  # the completion offered while typing
    buttons = dialog.findChild(QDialogButtonBox, "buttonBox")
    with qtbot.waitSignal(dialog.finished, timeout=3000):
        qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Open), Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_file_is_refused_in_the_message_line_and_the_hand_stays(qtbot, ui_settings, name: str,
                                                                           artifacts_dir: Path) -> None:
    window = open_floor_tool(qtbot, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_F4)  # a blank table's hand in play
    board_before, seats_before = window.board.text(), window.seats.item(0, 3).text()
    path = CORPUS / name
    data = path.read_bytes()
    pick_in_the_dialog(qtbot, window, path)
    message = window.message.text()
    assert message.startswith(f"Refused: not a readable PHH hand: {path}: ") and EXPECTED[name] in message, message
    assert (window.board.text(), window.seats.item(0, 3).text()) == (board_before, seats_before)
    assert path.read_bytes() == data
    if name == HOSTILE[0]:
        folder = artifacts_dir / "floor_tool"
        folder.mkdir(exist_ok=True)
        qtbot.wait(50)  # the message line takes its height
        window.grab().save(str(folder / "import_refused.png"))


def test_a_good_file_picked_in_the_dialog_loads_its_hand(qtbot, ui_settings) -> None:
    window = open_floor_tool(qtbot, ui_settings)
    pick_in_the_dialog(qtbot, window, CORPUS / "utf8_bom.phh")
    assert window.message.text() == f"Hand loaded from {CORPUS / 'utf8_bom.phh'}"
    assert window.title.text().startswith("Blank table") and "3 players" in window.title.text()


def test_every_hostile_file_of_the_corpus_gets_a_message_line(qtbot, ui_settings) -> None:
    window = open_floor_tool(qtbot, ui_settings)
    for name, phrase in sorted(EXPECTED.items()):
        window.import_phh(str(CORPUS / name))  # what the dialog's choice calls
        assert window.message.text().startswith("Refused: ") and phrase in window.message.text(), name
