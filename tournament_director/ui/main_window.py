"""The director's console: one window with a tab per job and a mini clock visible on every tab."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.projector_view import blinds_text, format_clock, view_from_session


class SessionSignals(QObject):
    """The session's plain callbacks as a Qt signal (topic: 'tournaments', 'selected', 'state', ...)."""

    changed = Signal(str)

    def __init__(self, session: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe = session.subscribe(self.changed.emit) if session is not None else (lambda: None)

    def disconnect_session(self) -> None:
        self._unsubscribe()


class MiniClock(QWidget):
    """Level, blinds and remaining time in one line above every tab."""

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.name_label = QLabel()
        self.level_label = QLabel()
        self.time_label = QLabel()
        self.time_label.setObjectName("miniClockTime")
        font = self.time_label.font()
        font.setPointSize(max(font.pointSize() * 2, 18))
        font.setBold(True)
        self.time_label.setFont(font)
        layout.addWidget(self.name_label, 1)
        layout.addWidget(self.level_label)
        layout.addSpacing(16)
        layout.addWidget(self.time_label)
        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()
        self.refresh()

    def refresh(self) -> None:
        try:
            view = view_from_session(self._session)
        except Exception as error:
            self.level_label.setText(str(error))
            return
        self.name_label.setText(view.tournament_name or view.message)
        if view.on_break:
            level = view.break_name
        elif view.level_number is not None:
            level = f"Level {view.level_number}   {blinds_text(view)}"
        else:
            level = ""
        self.level_label.setText(level)
        self.time_label.setText(format_clock(view.remaining_seconds) + ("" if view.running else "  ⏸"))


class MainWindow(QMainWindow):
    def __init__(self, session: Any, *, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._settings = settings if settings is not None else QSettings()
        self.setWindowTitle("Tournament Director")
        self.signals = SessionSignals(session, self)

        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        self.mini_clock = MiniClock(session)
        column.addWidget(self.mini_clock)
        self.tabs = QTabWidget()
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.undo_action = QAction("Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction("Redo", self)
        self.redo_action.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        self.redo_action.triggered.connect(self.redo)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)

        geometry = self._settings.value("console/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)
        self.signals.changed.connect(self._session_changed)
        self._session_changed("selected")

    def _session_changed(self, _topic: str) -> None:
        self.undo_action.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_action.setEnabled(bool(self.session and self.session.can_redo()))
        self.mini_clock.refresh()

    def show_error(self, error: Exception) -> None:
        QMessageBox.warning(self, "Refused", str(error))

    def undo(self) -> None:
        try:
            self.session.undo()
        except Exception as error:
            self.show_error(error)

    def redo(self) -> None:
        try:
            self.session.redo()
        except Exception as error:
            self.show_error(error)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._settings.setValue("console/geometry", self.saveGeometry())
        self.signals.disconnect_session()
        super().closeEvent(event)


__all__ = ["MainWindow", "MiniClock", "SessionSignals", "Qt"]
