"""Tournament > Lobby… (Ctrl+Shift+L): every tournament of the database with its state, its level, the time left
and its players; Enter or a double-click brings one in front of the console, the others' clocks running on behind
it. Each tournament can have its own projected clock, on the screen chosen for it (the console's own projector
follows the tournament in front). Below, a player of the registry is found in every event he is in, with where.
The rows come from services/lobby.py."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QPushButton, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from tournament_director.services.lobby import Lobby, LobbyRow
from tournament_director.ui.projector.view import format_clock
from tournament_director.ui.projector.window import ProjectorWindow, screen_labels

COLUMNS = ("Tournament", "Label", "State", "Level", "Time left", "Players", "Projector")
REFRESH_MS = 1000


class LobbyWindow(QWidget):
    """The lobby of ``console`` (the MainWindow): a row per tournament, refreshed every second while shown."""

    def __init__(self, console: Any) -> None:
        super().__init__(console, Qt.WindowType.Window)
        self.console = console
        self.setWindowTitle("Lobby — every tournament")
        self.setObjectName("lobby")
        self.lobby = Lobby(console.session)
        self.rows: list[LobbyRow] = []
        column = QVBoxLayout(self)
        self.note = QLabel("▶ marks the tournament in front of the console. Enter or a double-click brings another "
                           "in front; the clocks of the others keep running.")
        self.note.setWordWrap(True)
        column.addWidget(self.note)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for index in range(len(COLUMNS)):
            header.setSectionResizeMode(index, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # a long name is cut short with "…"
        self.table.doubleClicked.connect(lambda _index: self.bring_in_front())
        self.table.installEventFilter(self)
        column.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.in_front_button = QPushButton("Bring in front")
        self.in_front_button.clicked.connect(self.bring_in_front)
        buttons.addWidget(self.in_front_button)
        buttons.addStretch(1)
        buttons.addWidget(QLabel("Its projector on"))
        self.screen_choice = QComboBox()
        buttons.addWidget(self.screen_choice)
        self.projector_button = QPushButton("Show its projector")
        self.projector_button.clicked.connect(self.show_projector)
        buttons.addWidget(self.projector_button)
        self.close_projector_button = QPushButton("Close its projector")
        self.close_projector_button.clicked.connect(self.close_projector)
        buttons.addWidget(self.close_projector_button)
        column.addLayout(buttons)

        # the registry: which events a player is in (a player may play several at once)
        finder = QHBoxLayout()
        finder.addWidget(QLabel("Find a player in every event:"))
        self.player_search = QLineEdit()
        self.player_search.setPlaceholderText("Type part of a player's name")
        self.player_search.setClearButtonEnabled(True)
        self.player_search.textChanged.connect(self.find_player)
        finder.addWidget(self.player_search, 1)
        column.addLayout(finder)
        self.player_events = QListWidget()
        self.player_events.setObjectName("player_events")
        self.player_events.setWordWrap(True)
        column.addWidget(self.player_events)

        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self.resize(1040, 560)

    # ----- the rows ----------------------------------------------------------------------------------------
    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self.fill_screens()
        self.refresh()
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._timer.stop()
        super().hideEvent(event)

    def fill_screens(self) -> None:
        chosen = self.screen_choice.currentText()
        self.screen_choice.clear()
        for label in screen_labels(QGuiApplication.screens()):
            self.screen_choice.addItem(label)
        if chosen:
            self.screen_choice.setCurrentText(chosen)
        elif self.screen_choice.count() > 1:  # the console's screen is the first: the room's screens follow
            self.screen_choice.setCurrentIndex(1)

    def refresh(self) -> None:
        try:
            rows = self.lobby.rows()
        except Exception as error:  # a tournament that cannot be read is said, the lobby stays
            self.note.setText(f"The lobby could not be read: {error}")
            return
        selected = self.selected_id()
        self.rows = rows
        self.table.setRowCount(len(rows))
        projectors = self.console.tournament_projectors
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for r, row in enumerate(rows):
            projector = projectors.get(row.tournament_id)
            cells = (("▶ " if row.in_front else "") + row.name, row.label, row.state, row.level,
                     format_clock(row.remaining_seconds) if row.remaining_seconds is not None else "",
                     f"{row.players_left:,} / {row.entries:,}",
                     projector.screen_name() if projector is not None and projector.isVisible() else "")
            for c, text in enumerate(cells):
                item = self.table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    self.table.setItem(r, c, item)
                item.setText(text)
                font = item.font()
                font.setBold(row.in_front)
                item.setFont(font)
                item.setToolTip("In front of the console" if row.in_front and c == 0 else "")
                if c in (4, 5):
                    item.setTextAlignment(right)
        if selected is not None:
            self.select(selected)
        elif rows and self.table.currentRow() < 0:
            self.table.selectRow(next((i for i, row in enumerate(rows) if row.in_front), 0))

    def selected_id(self) -> int | None:
        row = self.table.currentRow()
        return self.rows[row].tournament_id if 0 <= row < len(self.rows) else None

    def select(self, tournament_id: int) -> None:
        for r, row in enumerate(self.rows):
            if row.tournament_id == tournament_id:
                self.table.selectRow(r)
                return

    # ----- what the director does --------------------------------------------------------------------------
    def bring_in_front(self) -> None:
        tournament_id = self.selected_id()
        if tournament_id is None:
            return
        if tournament_id != self.console.session.tournament_id:
            self.console.open_tournament(tournament_id)
        self.refresh()

    def show_projector(self) -> ProjectorWindow | None:
        tournament_id = self.selected_id()
        if tournament_id is None:
            return None
        projector = self.console.show_tournament_projector(tournament_id, self.screen_choice.currentText())
        self.refresh()
        return projector

    def close_projector(self) -> None:
        tournament_id = self.selected_id()
        if tournament_id is not None:
            self.console.close_tournament_projector(tournament_id)
        self.refresh()

    def find_player(self, text: str) -> None:
        """The registry's players matching ``text``, and the players entered by name alone, each with every event
        he is in and where."""
        self.refresh()
        self.player_events.clear()
        if not text.strip():
            return
        players = [(player.name, self.lobby.player_events(player.id))
                   for player in self.console.session.find_players(text, limit=20)]
        players += [(f"{name} (not in the registry)", events)
                    for name, events in self.lobby.named_outside_the_registry(text)]
        if not players:
            self.player_events.addItem(f"Nobody is called “{text.strip()}”, in the registry or in an event")
            return
        for name, events in players:
            if not events:
                self.player_events.addItem(f"{name}: in no event")
                continue
            places = " · ".join(f"{event.tournament}{f' ({event.label})' if event.label else ''}: {event.where}"
                                for event in events)
            count = f"{len(events)} events" if len(events) > 1 else "1 event"
            self.player_events.addItem(f"{name} — {count}: {places}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (watched is self.table and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self.bring_in_front()
            return True
        return super().eventFilter(watched, event)


def open_lobby(console: Any) -> LobbyWindow:
    """Ctrl+Shift+L: the lobby (one per console, brought to the front when already open)."""
    lobby = getattr(console, "lobby_window", None)
    if lobby is None:
        lobby = console.lobby_window = LobbyWindow(console)
    lobby.show()
    lobby.raise_()
    lobby.activateWindow()
    lobby.table.setFocus()
    return lobby


__all__ = ["COLUMNS", "LobbyWindow", "open_lobby"]
