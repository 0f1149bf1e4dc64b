"""The floor tool's window as the program opens it, for the floor tool's console tests."""

from __future__ import annotations

from PySide6.QtTest import QTest

from tournament_director.ui.floor_tool.window import FloorToolWindow


def open_floor_tool(qtbot, ui_settings, session=None) -> FloorToolWindow:
    """The window at 1366x768, shown and active, the keyboard on its central widget (``session``: the selected
    tournament the rulings are recorded in, or None)."""
    window = FloorToolWindow(session, settings=ui_settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.raise_()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window, 3000)
    window.centralWidget().setFocus()
    return window
