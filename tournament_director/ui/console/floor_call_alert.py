"""The floor call alert: a red band across the console, above every tab, naming each table (and seat) whose
station called the floor, with a sound when a call comes in; the director's "Answered" clears it. A bust a station
reported, waiting for the director's confirmation, gets an amber row of its own in the band, with the same sound,
and "Confirm or refuse…" opens the Table stations panel (Ctrl+Shift+T) where it is decided.

The calls and the busts are floor facts (services/stations.py); the band follows them, so a call answered or undone
on the Log tab goes away, and one redone comes back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

STYLE = """
QFrame#floorCallAlert { background: #c62828; border-radius: 4px; }
QFrame#floorCallAlert QLabel { color: #ffffff; font-size: 16pt; font-weight: bold; }
QFrame#floorCallAlert QPushButton { background: #ffffff; color: #b71c1c; font-weight: bold; padding: 4px 14px; }
QFrame#floorCallAlert QFrame#bustWaiting { background: #ffb300; border-radius: 3px; }
QFrame#floorCallAlert QFrame#bustWaiting QLabel { color: #000000; font-size: 13pt; }
QFrame#floorCallAlert QFrame#bustWaiting QPushButton { color: #000000; }
"""


class FloorCallAlert(QFrame):
    """One row per open call; ``rung`` counts the calls the sound was played (or tried) for."""

    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.console = window
        self.setObjectName("floorCallAlert")
        self.setStyleSheet(STYLE)
        self._rows = QVBoxLayout(self)
        self._rows.setContentsMargins(8, 4, 8, 4)
        self._seen: set[int] = set()
        self._busts_seen: set[int] = set()
        self._box: QWidget | None = None
        self._shown: tuple[list[int], list[tuple[int, str]]] = ([], [])
        self.rung = 0
        self.rows: list[tuple[int, QLabel, QPushButton]] = []
        self.bust_rows: list[tuple[int, QLabel, QPushButton]] = []
        self.hide()

    def texts(self) -> list[str]:
        return [label.text() for _n, label, _b in self.rows]

    def bust_texts(self) -> list[str]:
        return [label.text() for _n, label, _b in self.bust_rows]

    def answer_button(self, call: int) -> QPushButton | None:
        return next((button for n, _l, button in self.rows if n == call), None)

    def refresh(self) -> None:
        session = self.console.session
        stations = session.stations if session is not None and session.tournament_id else None
        calls = stations.calls() if stations is not None else []
        busts = stations.proposals() if stations is not None else []
        numbers = [c.number for c in calls]
        shown = (numbers, [(b.number, b.sentence()) for b in busts])
        if shown != self._shown:
            self._rebuild(calls, busts)
            self._shown = shown
        new = [c for c in calls if c.number not in self._seen]
        new_busts = [b for b in busts if b.number not in self._busts_seen]
        self._seen = set(numbers)
        self._busts_seen = {b.number for b in busts}
        if new or new_busts:
            self.rung += 1
            self.console.play_sound("floor_called")
            self.console.tell(new[-1].sentence() if new else _waiting(new_busts[-1]))
        self.setVisible(bool(calls or busts))

    def _rebuild(self, calls: list[Any], busts: list[Any]) -> None:
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
        self.bust_rows = []
        for bust in busts:
            row = QFrame()
            row.setObjectName("bustWaiting")
            line = QHBoxLayout(row)
            line.setContentsMargins(8, 2, 8, 2)
            label = QLabel(_waiting(bust))
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            button = QPushButton("Confirm or refuse…")
            button.setToolTip("Open the Table stations panel (Ctrl+Shift+T), where the bust is confirmed or refused")
            button.clicked.connect(self.open_stations)
            line.addWidget(label, 1)
            line.addWidget(button)
            lines.addWidget(row)
            self.bust_rows.append((bust.number, label, button))
        self._rows.addWidget(self._box)

    def open_stations(self) -> None:
        from tournament_director.ui.console.stations_console import open_stations_panel

        open_stations_panel(self.console)

    def answer(self, call: int) -> None:
        outcome = self.console.attempt(self.console.session.stations.answer_call, call)
        if outcome.ok:
            self.console.tell(outcome.value)


def _waiting(bust: Any) -> str:
    return f"Bust waiting for you: {bust.sentence()}"
