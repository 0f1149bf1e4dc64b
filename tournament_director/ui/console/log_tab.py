"""The Log tab: the event history with undo and redo (of the last event or one picked from the history), and
the messages the console gave."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QMessageBox, QPushButton, QVBoxLayout

from tournament_director.ui.console.tab import Runs, Tab, make_table_view
from tournament_director.ui.models import events_model

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


class LogTab(Tab):
    """The event history with undo and redo, and below it the messages the console gave (newest first)."""

    MAX_MESSAGES = 500
    undone = Signal(object)   # the event undone from the history

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.model = events_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        for column, width in enumerate((90, 120, 840, 170)):  # "Who": a station name, "the registration desk"
            self.view.setColumnWidth(column, width)
        layout.addWidget(self.view, 3)
        layout.addWidget(QLabel("<b>Messages</b> (scheduled jobs, refusals, what the console said)"))
        self.messages = QListWidget()
        self.messages.setObjectName("messages")
        self.messages.setWordWrap(True)
        layout.addWidget(self.messages, 1)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.undo_selected_button = QPushButton("Undo the selected event (Del)")
        self.undo_selected_button.setToolTip("Undo an earlier event (a bust, a move) and keep what came after it; "
                                             "you are asked first")
        self.confirm_box: QMessageBox | None = None
        self.undo_selected_button.clicked.connect(self.undo_selected)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.view, self.undo_selected,
                  context=Qt.ShortcutContext.WidgetShortcut)
        self.undo_button = QPushButton("Undo last (Ctrl+Z)")
        self.redo_button = QPushButton("Redo (Ctrl+Shift+Z)")
        bar.addWidget(self.undo_selected_button)
        bar.addWidget(self.undo_button)
        bar.addWidget(self.redo_button)
        layout.addLayout(bar)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_undo_selected())

    def selected_event(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.rows[rows[0].row()] if rows else None

    def _update_undo_selected(self) -> None:
        event = self.selected_event()
        self.undo_selected_button.setEnabled(event is not None and not event.undone
                                             and event.event_type not in ("log.undo", "log.redo"))

    def undo_selected(self) -> Any:
        """Ask, then undo the event selected in the history (e.g. a bust a few hands ago): later events stay
        when they still apply; otherwise the refusal names the event in the way and nothing changes."""
        event = self.selected_event()
        if event is None or self.session is None:
            self.message.emit("Select the event to undo in the history first")
            return None
        when = event.recorded_at.astimezone().strftime("%H:%M") if hasattr(event.recorded_at, "astimezone") else ""
        box = QMessageBox(QMessageBox.Icon.Question, "Undo an earlier event?",
                          f"Undo this event?\n\n{when}  {event.description}\n\n"
                          "What was recorded after it stays, if it still fits.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.button(QMessageBox.StandardButton.Yes).setText("Undo it")
        box.button(QMessageBox.StandardButton.No).setText("Keep it")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.buttonClicked.connect(lambda button: box.standardButton(button) == QMessageBox.StandardButton.Yes
                                  and self._undo(event))
        box.finished.connect(box.deleteLater)
        self.confirm_box = box
        box.open()
        return box

    def _undo(self, event: Any) -> Any:
        outcome = self.run(self.session.undo, event.seq)
        if outcome.ok:
            self.message.emit(f"Undone: {event.description}")
            self.undone.emit(outcome.value)
        return outcome.value if outcome.ok else None

    def add_message(self, text: str) -> None:
        self.messages.insertItem(0, f"{datetime.now().strftime('%H:%M:%S')}  {text}")
        while self.messages.count() > self.MAX_MESSAGES:
            self.messages.takeItem(self.messages.count() - 1)

    def message_texts(self) -> list[str]:
        """The messages, newest first, without their time stamps."""
        return [self.messages.item(i).text().split("  ", 1)[-1] for i in range(self.messages.count())]

    def refresh(self) -> None:
        history = self.session.history() if self.session else []
        self.model.set_rows(tuple(reversed(history)))   # newest first: what the director just did is on top
        self.undo_button.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_button.setEnabled(bool(self.session and self.session.can_redo()))
        if self.session is not None:  # the director's action each takes, named
            self.undo_button.setToolTip(self.session.undo_name())
            self.redo_button.setToolTip(self.session.redo_name())
        self._update_undo_selected()
