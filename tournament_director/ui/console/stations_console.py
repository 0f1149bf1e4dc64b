"""Tools > Table stations (Ctrl+Shift+T): what the tables' stations report, on the console.

Per table, the hand it is on and whether its station reported it done (hand-for-hand: how many tables are still
playing the hand); the busts the stations propose, which the director confirms (recorded as the elimination, the
balancing proposal going to the Tables tab) or refuses; the open floor calls, answered here or on the console's
red band. Station codes… opens each table's QR code (ui/console/station_codes.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.console.actions import add_action
from tournament_director.ui.console.menus import tools_menu


class StationsPanel(QDialog):
    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.console = window
        self.setWindowTitle("Table stations")
        self.setModal(False)
        self.resize(720, 640)
        column = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setStyleSheet("font-size: 13pt; font-weight: bold;")
        column.addWidget(self.summary)

        self.tables = QTableWidget(0, 3)
        self.tables.setHorizontalHeaderLabels(["Table", "Hand", "Hand done"])
        self.tables.verticalHeader().hide()
        self.tables.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.tables.horizontalHeader().setStretchLastSection(True)
        column.addWidget(self.tables, 2)

        busts = QGroupBox("Busts reported by the tables")
        bust_column = QVBoxLayout(busts)
        self.proposals = QListWidget()
        self.proposals.setWordWrap(True)  # a proposal names every busted player and his stack: read it whole
        self.proposals.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bust_column.addWidget(self.proposals)
        row = QHBoxLayout()
        self.confirm_button = QPushButton("&Confirm bust")
        self.confirm_button.setToolTip("Record the elimination as the table reported it (places by the stacks at "
                                       "the start of the hand)")
        self.confirm_button.clicked.connect(self.confirm_selected)
        self.refuse_button = QPushButton("&Refuse")
        self.refuse_button.setToolTip("Nothing is recorded; the table's page no longer shows the bust")
        self.refuse_button.clicked.connect(self.refuse_selected)
        row.addWidget(self.confirm_button)
        row.addWidget(self.refuse_button)
        row.addStretch(1)
        bust_column.addLayout(row)
        column.addWidget(busts, 2)

        calls = QGroupBox("Floor calls")
        call_column = QVBoxLayout(calls)
        self.calls = QListWidget()
        self.calls.setWordWrap(True)
        self.calls.setObjectName("floorCalls")  # in the theme's danger colour
        call_column.addWidget(self.calls)
        call_row = QHBoxLayout()
        self.answer_button = QPushButton("&Answered")
        self.answer_button.clicked.connect(self.answer_selected)
        call_row.addWidget(self.answer_button)
        call_row.addStretch(1)
        call_column.addLayout(call_row)
        column.addWidget(calls, 1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.codes_button = buttons.addButton("Station &codes…", QDialogButtonBox.ButtonRole.ActionRole)
        self.codes_button.clicked.connect(lambda: open_station_codes(window))
        buttons.rejected.connect(self.close)
        column.addWidget(buttons)
        self._proposal_numbers: list[int] = []
        self._call_numbers: list[int] = []
        window.refresh_listeners.append(lambda _topics: self.refresh() if self.isVisible() else None)

    def _stations(self) -> Any:
        session = self.console.session
        return session.stations if session is not None and session.tournament_id else None

    def refresh(self) -> None:
        stations = self._stations()
        if stations is None:
            self.summary.setText("No tournament is open")
            self.tables.setRowCount(0)
            self.proposals.clear()
            self.calls.clear()
            return
        overview = stations.overview()
        done = sum(1 for _n, _h, d in overview.tables if d)
        if overview.hand_for_hand:
            left = [str(n) for n, _h, d in overview.tables if not d]
            self.summary.setText(f"Hand-for-hand: {done} of {len(overview.tables)} tables done"
                                 + (f" (waiting for {', '.join(left)})" if left else ""))
        else:
            self.summary.setText(f"{len(overview.tables)} tables playing; {done} reported the hand done")
        self.tables.setRowCount(len(overview.tables))
        for row, (number, hand, is_done) in enumerate(overview.tables):
            for col, text in enumerate((str(number), str(hand), "done" if is_done else "playing")):
                item = QTableWidgetItem(text)
                if col == 2 and is_done:
                    item.setForeground(Qt.GlobalColor.darkGreen)
                self.tables.setItem(row, col, item)
        self._proposal_numbers = [p.number for p in overview.proposals]
        self.proposals.clear()
        self.proposals.addItems([p.sentence() for p in overview.proposals])
        if overview.proposals:
            self.proposals.setCurrentRow(0)
        self._call_numbers = [c.number for c in overview.calls]
        self.calls.clear()
        self.calls.addItems([c.sentence() for c in overview.calls])
        if overview.calls:
            self.calls.setCurrentRow(0)
        self.confirm_button.setEnabled(bool(overview.proposals))
        self.refuse_button.setEnabled(bool(overview.proposals))
        self.answer_button.setEnabled(bool(overview.calls))

    def proposal_texts(self) -> list[str]:
        return [self.proposals.item(i).text() for i in range(self.proposals.count())]

    def _selected(self, widget: QListWidget, numbers: list[int]) -> int | None:
        row = widget.currentRow()
        return numbers[row] if 0 <= row < len(numbers) else None

    def confirm_selected(self) -> None:
        number = self._selected(self.proposals, self._proposal_numbers)
        if number is None:
            return
        outcome = self.console.attempt(self._stations().confirm_bust, number)
        if outcome.ok:
            text, balance = outcome.value
            self.console.tell(f"Confirmed: {text}")
            self.console.tables_tab.show_proposal(balance)
        self.refresh()

    def refuse_selected(self) -> None:
        number = self._selected(self.proposals, self._proposal_numbers)
        if number is not None:
            outcome = self.console.attempt(self._stations().refuse_bust, number)
            if outcome.ok:
                self.console.tell(outcome.value)
        self.refresh()

    def answer_selected(self) -> None:
        number = self._selected(self.calls, self._call_numbers)
        if number is not None:
            self.console.floor_call_alert.answer(number)
        self.refresh()


def _show_once(window: Any, name: str, make: Callable[[Any], Any]) -> Any:
    """The window's ``name`` dialog, made the first time, brought up to date and to the front."""
    dialog = getattr(window, name, None)
    if dialog is None:
        dialog = make(window)
        setattr(window, name, dialog)
    dialog.refresh()
    dialog.show()
    dialog.raise_()
    return dialog


def open_stations_panel(window: Any) -> StationsPanel:
    return _show_once(window, "stations_panel", StationsPanel)


def open_station_codes(window: Any) -> Any:
    from tournament_director.ui.console.station_codes import StationCodesDialog

    return _show_once(window, "station_codes_dialog", StationCodesDialog)


def add_stations_actions(window: Any) -> None:
    """Tools > Table stations… (Ctrl+Shift+T) and Tools > Table station codes…"""
    tools = tools_menu(window)
    window.stations_action = add_action(window, "Table stations…", "Ctrl+Shift+T",
                                        lambda: open_stations_panel(window), tools)
    window.station_codes_action = add_action(window, "Table station codes (QR)…", None,
                                             lambda: open_station_codes(window), tools)
