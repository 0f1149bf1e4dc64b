"""Every menu item, shortcut and button of the console, the projector and the floor tool, used on a tournament in
play: nothing raises, nothing logs a traceback. The file dialogs, print dialogs, questions and menus they open are
cancelled as a director who changed his mind would (Escape), so the walk records only what needs no answer."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolButton,
    QWidget,
)

from tests.ui.tournament_setup import console_in_play

# Actions that leave the tournament in front or the program: walked apart, at the end.
LEAVING = ("New tournament…",)


class Canceller:
    """Closes whatever waits for an answer (a modal dialog, a message box, a popup menu) a moment after it shows."""

    def __init__(self) -> None:
        self.cancelled: list[str] = []
        self.timer = QTimer()
        self.timer.setInterval(30)
        self.timer.timeout.connect(self._cancel)
        self.timer.start()

    def _cancel(self) -> None:
        popup = QApplication.activePopupWidget()
        if isinstance(popup, QMenu):
            self.cancelled.append(f"menu {popup.title() or popup.objectName()}")
            popup.close()
            return
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox):
            self.cancelled.append(f"box {modal.text()[:60]}")
            escape = modal.escapeButton()
            if escape is not None:
                escape.click()
            else:
                modal.reject()
        elif isinstance(modal, QDialog):
            self.cancelled.append(f"dialog {modal.windowTitle()}")
            modal.reject()

    def stop(self) -> None:
        self.timer.stop()


@pytest.fixture
def window(qtbot, tmp_path, ui_settings, monkeypatch) -> Iterator:
    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


@pytest.fixture
def canceller() -> Iterator[Canceller]:
    c = Canceller()
    yield c
    c.stop()


def _menu_actions(menu: QMenu) -> Iterator[QAction]:
    menu.aboutToShow.emit()  # menus filled as they open (Open tournament)
    for action in menu.actions():
        if action.menu() is not None:
            yield from _menu_actions(action.menu())
        elif not action.isSeparator():
            yield action


def console_actions(window) -> list[QAction]:
    seen: dict[int, QAction] = {}
    for menu_action in window.menuBar().actions():
        if menu_action.menu() is not None:
            for action in _menu_actions(menu_action.menu()):
                seen.setdefault(id(action), action)
    for action in window.actions():
        seen.setdefault(id(action), action)
    return list(seen.values())


def _buttons(widget: QWidget) -> list[QAbstractButton]:
    return [b for b in widget.findChildren(QAbstractButton)
            if isinstance(b, (QPushButton, QToolButton)) and b.isVisibleTo(widget) and b.isEnabled()]


def _close_extra_windows(keep: set[int]) -> None:
    for top in QApplication.topLevelWidgets():
        if id(top) not in keep and top.isVisible() and not isinstance(top, QMenu):
            top.close()


def _press(qtbot, button: QAbstractButton) -> None:
    menu = button.menu() if isinstance(button, (QPushButton, QToolButton)) else None
    if menu is not None:
        for action in _menu_actions(menu):
            if action.isEnabled():
                action.trigger()
                qtbot.wait(20)
        return
    button.click()
    qtbot.wait(20)


def _no_errors_logged(caplog) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, "\n".join(f"{r.name}: {r.getMessage()}" for r in errors)


def test_every_console_menu_item_works_on_a_tournament_in_play(qtbot, window, canceller, caplog) -> None:
    caplog.set_level(logging.ERROR)
    keep = {id(window)} | ({id(window.projector)} if getattr(window, "projector", None) else set())
    walked = []
    for action in console_actions(window):
        if action.text() in LEAVING or not action.isEnabled():
            continue
        walked.append(action.text())
        action.trigger()
        qtbot.wait(20)
        _close_extra_windows(keep | ({id(window.projector)} if getattr(window, "projector", None) else set()))
    assert len(walked) > 40, walked
    _no_errors_logged(caplog)


def test_every_button_of_every_console_tab_works_on_a_tournament_in_play(qtbot, window, canceller, caplog) -> None:
    caplog.set_level(logging.ERROR)
    keep = {id(window)}
    pressed = 0
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        tab = window.tabs.widget(index)
        qtbot.wait(20)
        for button in _buttons(tab):
            if not (button.isVisible() and button.isEnabled()):
                continue  # an earlier press hid or disabled it
            _press(qtbot, button)
            pressed += 1
            _close_extra_windows(keep | ({id(window.projector)} if getattr(window, "projector", None) else set()))
    assert pressed > 20
    _no_errors_logged(caplog)


def test_the_projector_and_the_floor_tool_answer_every_key_and_button(qtbot, window, canceller, caplog) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tournament_director.ui.projector.window import ProjectorWindow

    caplog.set_level(logging.ERROR)
    projector = ProjectorWindow(window.session, settings=window._settings)
    qtbot.addWidget(projector)
    projector.show()
    qtbot.waitExposed(projector)
    for key in (Qt.Key.Key_F, Qt.Key.Key_F11, Qt.Key.Key_Escape, Qt.Key.Key_Space, Qt.Key.Key_Return,
                Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_S, Qt.Key.Key_Left, Qt.Key.Key_Right):
        QTest.keyClick(projector, key)
        qtbot.wait(20)
    projector.close()

    window.floor_tool_action.trigger()
    qtbot.wait(50)
    tools = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window
             and type(w).__module__.startswith("tournament_director.ui.floor_tool")]
    assert tools, "F9 opened no floor tool"
    tool = tools[0]
    pressed = 0
    for button in _buttons(tool):
        if button.isVisible() and button.isEnabled():
            _press(qtbot, button)
            pressed += 1
            if not tool.isVisible():
                break
    assert pressed > 3
    tool.close()
    _no_errors_logged(caplog)
