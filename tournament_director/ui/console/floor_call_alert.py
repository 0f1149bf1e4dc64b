"""The floor call alert: a red band across the console, above every tab, naming each table (and seat) whose
station called the floor, with a sound when a call comes in; the director's "Answered" clears it. A bust a station
reported, waiting for the director's confirmation, gets an amber row of its own in the band, with the same sound,
and "Confirm or refuse…" opens the Table stations panel (Ctrl+Shift+T) where it is decided.

The calls and the busts are floor facts (services/stations.py); the band follows them, so a call answered or undone
on the Log tab goes away, and one redone comes back. The stations of the tournaments open behind the one in front
call the floor too: while any of theirs is in the band, every row names its event, a call behind is answered in its
own tournament, and a bust behind is confirmed after bringing its tournament in front.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tournament_director.domain.errors import DomainError

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
        self._seen: set[tuple[int, int]] = set()   # (tournament, call)
        self._busts_seen: set[tuple[int, int]] = set()
        self._box: QWidget | None = None
        self._shown: Any = None
        self.rung = 0
        self.rows: list[tuple[int, QLabel, QPushButton]] = []
        self.bust_rows: list[tuple[int, QLabel, QPushButton]] = []
        self._row_tournaments: list[int] = []
        self.hide()

    def texts(self) -> list[str]:
        return [label.text() for _n, label, _b in self.rows]

    def bust_texts(self) -> list[str]:
        return [label.text() for _n, label, _b in self.bust_rows]

    def answer_button(self, call: int, tournament: int | None = None) -> QPushButton | None:
        """The Answered button of ``call`` of ``tournament`` (the one in front by default)."""
        session = self.console.session
        tournament = session.tournament_id if tournament is None and session is not None else tournament
        return next((button for (n, _l, button), t in zip(self.rows, self._row_tournaments)
                     if n == call and t == tournament), None)

    def _open_calls(self) -> list[tuple[int, str, list[Any], list[Any]]]:
        """(tournament, its name when rows of several events are shown else "", its calls, its busts waiting): the
        one in front first, then those open behind."""
        session = self.console.session
        front = session.tournament_id if session is not None else None
        if not front:
            return []
        groups: list[tuple[int, str, list[Any], list[Any]]] = []
        for tournament in [front, *(t for t in session.open_tournaments if t != front)]:
            stations = session.stations if tournament == front else session.following(tournament).stations
            if stations is not None:
                groups.append((tournament, "", stations.calls(), stations.proposals()))
        if any(calls or busts for tournament, _n, calls, busts in groups if tournament != front):
            names = {info.id: info.name for info in session.list_tournaments()}
            groups = [(t, names.get(t, f"Tournament {t}"), calls, busts) for t, _n, calls, busts in groups]
        return groups

    def refresh(self) -> None:
        groups = self._open_calls()
        calls = [(t, name, call) for t, name, found, _b in groups for call in found]
        busts = [(t, name, bust) for t, name, _c, found in groups for bust in found]
        shown = ([(t, name, c.number) for t, name, c in calls], [(t, name, b.number, b.sentence()) for t, name, b in busts])
        if shown != self._shown:
            self._rebuild(calls, busts)
            self._shown = shown
        new = [(name, c) for t, name, c in calls if (t, c.number) not in self._seen]
        new_busts = [(name, b) for t, name, b in busts if (t, b.number) not in self._busts_seen]
        self._seen = {(t, c.number) for t, _name, c in calls}
        self._busts_seen = {(t, b.number) for t, _name, b in busts}
        if new or new_busts:
            self.rung += 1
            self.console.play_sound("floor_called")
            self.console.tell(_called(*new[-1]) if new else _waiting(*new_busts[-1]))
        self.setVisible(bool(calls or busts))

    def _rebuild(self, calls: list[tuple[int, str, Any]], busts: list[tuple[int, str, Any]]) -> None:
        if self._box is not None:
            self._box.hide()
            self._box.deleteLater()
        self._box = QWidget()
        lines = QVBoxLayout(self._box)
        lines.setContentsMargins(0, 0, 0, 0)
        self.rows, self._row_tournaments = [], []
        for tournament, name, call in calls:
            line = QHBoxLayout()
            label = QLabel(_called(name, call))
            label.setTextFormat(Qt.TextFormat.PlainText)  # the note is whatever the dealer typed
            button = QPushButton("Answered")
            button.setToolTip("The floor has gone to the table: clear the call")
            button.clicked.connect(lambda _checked=False, n=call.number, t=tournament: self.answer(n, t))
            line.addWidget(label, 1)
            line.addWidget(button)
            lines.addLayout(line)
            self.rows.append((call.number, label, button))
            self._row_tournaments.append(tournament)
        self.bust_rows = []
        for tournament, name, bust in busts:
            row = QFrame()
            row.setObjectName("bustWaiting")
            line = QHBoxLayout(row)
            line.setContentsMargins(8, 2, 8, 2)
            label = QLabel(_waiting(name, bust))
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            button = QPushButton("Confirm or refuse…")
            button.setToolTip("Open the Table stations panel (Ctrl+Shift+T), where the bust is confirmed or refused"
                              + (f"; {name} comes in front first" if name else ""))
            button.clicked.connect(lambda _checked=False, t=tournament: self.open_stations(t))
            line.addWidget(label, 1)
            line.addWidget(button)
            lines.addWidget(row)
            self.bust_rows.append((bust.number, label, button))
        self._rows.addWidget(self._box)

    def open_stations(self, tournament: int | None = None) -> None:
        from tournament_director.ui.console.stations_console import open_stations_panel

        session = self.console.session
        if tournament is not None and session is not None and tournament != session.tournament_id:
            self.console.open_tournament(tournament)
            if session.tournament_id != tournament:
                return
        open_stations_panel(self.console)

    def answer(self, call: int, tournament: int | None = None) -> None:
        session = self.console.session
        if tournament is None or tournament == session.tournament_id:
            outcome = self.console.attempt(session.stations.answer_call, call)
            if outcome.ok:
                self.console.tell(outcome.value)
            return
        behind = session.following(tournament)   # answered in its own tournament, through its own session
        try:
            text = behind.stations.answer_call(call)
        except DomainError as error:
            self.console.show_error(error)
            return
        self.console.tell(f"{behind.tournament_name}: {text}")
        self.refresh()


def _called(event: str, call: Any) -> str:
    return f"{event} — {call.sentence()}" if event else call.sentence()


def _waiting(event: str, bust: Any) -> str:
    return f"Bust waiting for you: {event + ' — ' if event else ''}{bust.sentence()}"
