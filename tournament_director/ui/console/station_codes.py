"""Tools > Table station codes: each table's QR code, carrying its station page's address and the table's own
token, to show on the screen or save as table cards (PDF, one card a page) for printing; "New code" revokes a
table's code (a tablet still holding the old one is refused and must scan the new card).

The codes are the room display's (ui/console/room_display.py makes the QR codes): it has to be switched on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QRect, Qt
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.console.room_display import open_room_display, qr_pixmap, room_display

COLUMNS = 4


class StationCodesDialog(QDialog):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.console = window
        self.setWindowTitle("Table station codes")
        self.resize(980, 700)
        column = QVBoxLayout(self)
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

    def tables(self) -> list[int]:
        session = self.console.session
        stations = session.stations if session is not None and session.tournament_id else None
        return stations.tables() if stations is not None else []

    def refresh(self) -> None:
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
            cell = QVBoxLayout()
            title = QLabel(f"Table {number}")
            title.setStyleSheet("font-size: 16pt; font-weight: bold;")
            title.setAlignment(Qt.AlignmentFlag.AlignCenter)
            url = self.server.station_url(number)
            code = QLabel()
            code.setPixmap(qr_pixmap(url, scale=4))
            code.setAlignment(Qt.AlignmentFlag.AlignCenter)
            code.setStyleSheet("background: white;")
            address = QLabel(url)
            address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            address.setWordWrap(True)
            address.setStyleSheet("font-size: 9pt;")
            revoke = QPushButton("New code (the old one stops)")
            revoke.clicked.connect(lambda _checked=False, n=number: self.revoke(n))
            for widget in (title, code, address, revoke):
                cell.addWidget(widget)
            grid.addLayout(cell, i // COLUMNS, i % COLUMNS)
            self.revoke_buttons[number] = revoke
            self.urls[number] = address
        self.codes_area.setWidget(grid_widget)

    def revoke(self, table: int) -> None:
        self.server.stations.tokens.revoke(table)
        self.console.tell(f"Table {table} has a new station code: the old one no longer opens the table; print its "
                         "new card")
        self.refresh()

    def save_cards(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the table cards", "table-station-cards.pdf", "PDF (*.pdf)")
        if path:
            saved = self.write_cards(Path(path))
            self.console.tell(f"Table cards saved: {saved}")

    def write_cards(self, path: Path) -> Path:
        """One A5 card a table: its number in large type above its QR code and the address."""
        writer = QPdfWriter(str(path))
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A5), QPageLayout.Orientation.Portrait,
                                         QMarginsF(12, 12, 12, 12)))
        writer.setResolution(150)
        painter = QPainter(writer)
        try:
            for i, number in enumerate(self.tables()):
                if i:
                    writer.newPage()
                area = painter.viewport()
                width = area.width()
                painter.setFont(QFont("Sans", 40, QFont.Weight.Bold))
                painter.drawText(QRect(0, 0, width, 160), Qt.AlignmentFlag.AlignCenter, f"Table {number}")
                url = self.server.station_url(number)
                image = qr_pixmap(url, scale=12)
                side = min(width, area.height() - 320)
                painter.drawPixmap(QRect((width - side) // 2, 180, side, side), image)
                painter.setFont(QFont("Sans", 7))
                painter.drawText(QRect(0, 200 + side, width, 120), Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWrapAnywhere,
                                 f"Table station: scan with the table's tablet\n{url}")
        finally:
            painter.end()
        return path
