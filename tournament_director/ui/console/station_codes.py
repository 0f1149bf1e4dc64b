"""Tools > Table station codes: each table's QR code, carrying its station page's address and the table's own
token, to show on the screen or save as table cards (PDF, one card a page) for printing; "New code" revokes a
table's code (a tablet still holding the old one is refused and must scan the new card).

The codes are the room display's (ui/console/room_display.py makes the QR codes): it has to be switched on.
Each tournament open on the console has its own codes, chosen at the top (the one in front by default): a card
names its tournament above the table's number, and its QR code opens that tournament's table whichever is in front.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.console.room_display import open_room_display, qr_pixmap, room_display

COLUMNS = 4
TILE_WIDTH = 240  # a code of scale 4 with its margin, the address wrapped under it


class StationCodesDialog(QDialog):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.console = window
        self.setWindowTitle("Table station codes")
        self.resize(980, 700)
        column = QVBoxLayout(self)
        choice = QHBoxLayout()
        self.tournament_choice = QComboBox()
        self.tournament_choice.setObjectName("stationCodesTournament")
        self.tournament_choice.setMinimumContentsLength(28)
        self.tournament_choice.currentIndexChanged.connect(lambda _index: self._show_codes())
        label = QLabel("&Tournament:")
        label.setBuddy(self.tournament_choice)
        choice.addWidget(label)
        choice.addWidget(self.tournament_choice)
        choice.addStretch(1)
        column.addLayout(choice)
        self.note = QLabel()
        self.note.setWordWrap(True)
        column.addWidget(self.note)
        self.codes_area = QScrollArea()
        self.codes_area.setWidgetResizable(True)
        column.addWidget(self.codes_area, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.room_button = buttons.addButton("Room display…", QDialogButtonBox.ButtonRole.ActionRole)
        self.room_button.clicked.connect(lambda: open_room_display(window))
        self.save_button = buttons.addButton("Save table cards (PDF)…", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(self.save_cards)
        buttons.rejected.connect(self.close)
        column.addWidget(buttons)
        self.revoke_buttons: dict[int, QPushButton] = {}
        self.urls: dict[int, QLabel] = {}

    @property
    def server(self) -> Any:
        return room_display(self.console).server

    @property
    def tournament(self) -> int | None:
        """The tournament whose codes are shown (the one in front until another is chosen)."""
        chosen = self.tournament_choice.currentData()
        session = self.console.session
        return chosen if chosen is not None else (session.tournament_id if session is not None else None)

    def choose(self, tournament: int) -> None:
        index = self.tournament_choice.findData(tournament)
        if index >= 0:
            self.tournament_choice.setCurrentIndex(index)

    def tables(self) -> list[int]:
        session, tournament = self.console.session, self.tournament
        if session is None or not tournament or tournament not in session.open_tournaments:
            return []
        stations = session.following(tournament).stations
        return stations.tables() if stations is not None else []

    def refresh(self) -> None:
        """The open tournaments to choose from (the one chosen kept, else the one in front), and its codes."""
        session = self.console.session
        kept = self.tournament_choice.currentData()
        names = {info.id: info.name for info in session.list_tournaments()} if session is not None else {}
        opened = [t for t in (session.open_tournaments if session is not None else []) if t in names]
        self.tournament_choice.blockSignals(True)
        self.tournament_choice.clear()
        for tournament in sorted(opened, key=lambda t: (names[t].casefold(), t)):
            in_front = " (in front)" if session is not None and tournament == session.tournament_id else ""
            self.tournament_choice.addItem(f"{names[tournament]}{in_front}", tournament)
        wanted = kept if kept in opened else (session.tournament_id if session is not None else None)
        self.tournament_choice.setCurrentIndex(max(self.tournament_choice.findData(wanted), 0))
        self.tournament_choice.blockSignals(False)
        self._show_codes()

    def _show_codes(self) -> None:
        on = self.server.running
        tables = self.tables() if on else []
        if not on:
            self.note.setText("Switch the room display on first (Room display…): the tables' tablets reach the "
                              "console through it.")
        else:
            self.note.setText("Scan a table's code with the tablet at that table. Each code opens that table only; "
                              "New code makes the old one stop working.")
        self.save_button.setEnabled(bool(tables))
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.revoke_buttons, self.urls = {}, {}
        for i, number in enumerate(tables):
            tile = QWidget()
            tile.setFixedWidth(TILE_WIDTH)  # every column as wide, whatever its address
            cell = QVBoxLayout(tile)
            cell.setContentsMargins(0, 0, 0, 0)
            title = QLabel(f"Table {number}")
            title.setStyleSheet("font-size: 16pt; font-weight: bold;")
            title.setAlignment(Qt.AlignmentFlag.AlignCenter)
            url = self.server.station_url(number, self.tournament)
            code = QLabel()
            code.setPixmap(qr_pixmap(url, scale=4))
            code.setAlignment(Qt.AlignmentFlag.AlignCenter)
            code.setStyleSheet("background: white;")
            address = QLabel()
            address.setStyleSheet("font-size: 9pt;")
            address.setText(wrapped(url, address.fontMetrics(), TILE_WIDTH))
            address.setToolTip(url)
            address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            revoke = QPushButton("New code (the old one stops)")
            revoke.clicked.connect(lambda _checked=False, n=number: self.revoke(n))
            for widget in (title, code, address, revoke):
                cell.addWidget(widget)
            grid.addWidget(tile, i // COLUMNS, i % COLUMNS, Qt.AlignmentFlag.AlignTop)
            self.revoke_buttons[number] = revoke
            self.urls[number] = address
        self.codes_area.setWidget(grid_widget)

    def revoke(self, table: int) -> None:
        self.server.stations.tokens_of(self.tournament).revoke(table)
        self.console.tell(f"Table {table} of {self._event_name()} has a new station code: the old one no longer "
                          "opens the table; print its new card")
        self._show_codes()

    def _event_name(self) -> str:
        session, tournament = self.console.session, self.tournament
        return session.following(tournament).tournament_name if session is not None and tournament else ""

    def save_cards(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, f"Save the table cards of {self._event_name()}",
                                              "table-station-cards.pdf", "PDF (*.pdf)")
        if path:
            saved = self.write_cards(Path(path))
            self.console.tell(f"Table cards saved: {saved}")

    def write_cards(self, path: Path) -> Path:
        """One A5 card a table: its tournament's name, its number in large type above its QR code and the
        address."""
        writer = QPdfWriter(str(path))
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A5), QPageLayout.Orientation.Portrait,
                                         QMarginsF(12, 12, 12, 12)))
        writer.setResolution(150)
        event = self._event_name()
        painter = QPainter(writer)
        try:
            for i, number in enumerate(self.tables()):
                if i:
                    writer.newPage()
                area = painter.viewport()
                width = area.width()
                painter.setFont(QFont("Sans", 14, QFont.Weight.Bold))
                painter.drawText(QRect(0, 0, width, 60), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                                 event)
                painter.setFont(QFont("Sans", 40, QFont.Weight.Bold))
                painter.drawText(QRect(0, 40, width, 140), Qt.AlignmentFlag.AlignCenter, f"Table {number}")
                url = self.server.station_url(number, self.tournament)
                image = qr_pixmap(url, scale=12)
                side = min(width, area.height() - 320)
                painter.drawPixmap(QRect((width - side) // 2, 180, side, side), image)
                painter.setFont(QFont("Sans", 7))
                painter.drawText(QRect(0, 200 + side, width, 120), Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWrapAnywhere,
                                 f"Table station: scan with the table's tablet\n{url}")
        finally:
            painter.end()
        return path


def wrapped(url: str, metrics: QFontMetrics, width: int) -> str:
    """The address in lines that fit ``width``: broken before its query and its parameters, and a long token
    anywhere (a label wraps only at spaces, and an address has none)."""
    lines: list[str] = []
    for part in re.split(r"(?=[?&])", url):
        if lines and metrics.horizontalAdvance(lines[-1] + part) <= width:
            lines[-1] += part
            continue
        while metrics.horizontalAdvance(part) > width:
            cut = next((n for n in range(len(part) - 1, 1, -1) if metrics.horizontalAdvance(part[:n]) <= width), 1)
            lines.append(part[:cut])
            part = part[cut:]
        lines.append(part)
    return "\n".join(lines)
