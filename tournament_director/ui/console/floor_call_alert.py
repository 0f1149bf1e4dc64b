"""The floor call alert: a red band across the console, above every tab, naming each table (and seat) whose
station called the floor, with a sound when a call comes in; the director's "Answered" clears it.

The calls are floor facts (services/stations.py); the band follows them, so a call answered or undone on the
Log tab goes away, and one redone comes back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

STYLE = """
QFrame#floorCallAlert { background: #c62828; border-radius: 4px; }
QFrame#floorCallAlert QLabel { color: #ffffff; font-size: 15pt; font-weight: bold; }
QFrame#floorCallAlert QPushButton { background: #ffffff; color: #b71c1c; font-weight: bold; padding: 4px 14px; }
"""


class FloorCallAlert(QFrame):
    """One row per open call; ``rung`` counts the calls the sound was played (or tried) for."""

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.setObjectName("floorCallAlert")
        self.setStyleSheet(STYLE)
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(8, 4, 8, 4)
        self._seen: set[int] = set()
        self._box: QWidget | None = None
        self.rung = 0
        self.rows: list[tuple[int, QLabel, QPushButton]] = []
        self.hide()

    def texts(self) -> list[str]:
        return [label.text() for _n, label, _b in self.rows]

    def answer_button(self, call: int) -> QPushButton | None:
        return next((button for n, _l, button in self.rows if n == call), None)

    def refresh(self) -> None:
        session = self.window.session
        stations = session.stations if session is not None and session.tournament_id else None
        calls = stations.calls() if stations is not None else []
        numbers = [c.number for c in calls]
        if [n for n, _l, _b in self.rows] != numbers:
            self._rebuild(calls)
        new = [c for c in calls if c.number not in self._seen]
        self._seen = set(numbers)
        if new:
            self.rung += 1
            self.window.play_sound("floor_called")
            self.window.tell(new[-1].sentence())
        self.setVisible(bool(calls))

    def _rebuild(self, calls: list[Any]) -> None:
        if self._box is not None:
            self._box.hide()
            self._box.deleteLater()
        self._box = QWidget()
        lines = QVBoxLayout(self._box)
        lines.setContentsMargins(0, 0, 0, 0)
        self.rows = []
        for call in calls:
            line = QHBoxLayout()
            label = QLabel(call.sentence())
            label.setTextFormat(Qt.TextFormat.PlainText)  # the note is whatever the dealer typed
            button = QPushButton("Answered")
            button.setToolTip("The floor has gone to the table: clear the call")
            button.clicked.connect(lambda _checked=False, n=call.number: self.answer(n))
            line.addWidget(label, 1)
            line.addWidget(button)
            lines.addLayout(line)
            self.rows.append((call.number, label, button))
        self._rows.addWidget(self._box)

    def answer(self, call: int) -> None:
        outcome = self.window.attempt(self.window.session.stations.answer_call, call)
        if outcome.ok:
            self.window.tell(outcome.value)
