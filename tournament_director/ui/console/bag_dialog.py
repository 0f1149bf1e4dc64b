"""End of day, bag and tag: table by table the director types each survivor's count (written on his bag), records the
table's bags, sees at once what the bags add up to against the chips in play, prints a bag sheet per table and
ends the day (the clock stops where it is). Bags that do not add up end the day only once the director confirms the
difference. A refusal stays inside the dialog."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QHBoxLayout, QHeaderView, QLabel, QMessageBox, QPushButton, QSpinBox, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from tournament_director.ui.themes import set_tone

if TYPE_CHECKING:
    from tournament_director.services.days import BagLine, DayService
    from tournament_director.services.session import DirectorSession


class BagDialog(QDialog):
    def __init__(self, session: DirectorSession, console: Any, parent: QWidget | None = None, *,
                 reason: str = "") -> None:
        super().__init__(parent)
        self.session = session
        self.console = console
        self.setWindowTitle("End of day: bag and tag")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        self.reason = reason
        top = QHBoxLayout()
        top.addWidget(QLabel("&Table:"))
        self.table_choice = QComboBox()
        self.table_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        top.itemAt(0).widget().setBuddy(self.table_choice)
        top.addWidget(self.table_choice)
        top.addStretch(1)
        layout.addLayout(top)
        self.sheet = QTableWidget(0, 4)
        self.sheet.setHorizontalHeaderLabels(["Seat", "Player", "Stack recorded", "Bag"])
        self.sheet.verticalHeader().setVisible(False)
        self.sheet.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.sheet.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(self.sheet, 1)
        self.record_button = QPushButton("&Record this table's bags")
        self.record_button.clicked.connect(self.record_table)
        layout.addWidget(self.record_button, 0, Qt.AlignmentFlag.AlignRight)
        self.total = QLabel()
        self.total.setWordWrap(True)
        self.total.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.total)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")  # the theme's danger colour
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QHBoxLayout()
        self.print_button = QPushButton("&Print the bag sheets…")
        self.print_button.clicked.connect(self.print_sheets)
        self.pdf_button = QPushButton("Save the bag sheets as P&DF…")
        self.pdf_button.clicked.connect(self.save_sheets_as_pdf)
        self.end_button = QPushButton("&End the day")
        self.end_button.clicked.connect(self.end_day)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        for button in (self.print_button, self.pdf_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.end_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.spins: dict[int, QSpinBox] = {}
        self.table_choice.currentIndexChanged.connect(lambda _i: self._fill())
        self._fill_tables()
        self.resize(720, 640)

    @property
    def days(self) -> DayService:
        service = self.session.days
        assert service is not None, "a tournament is open while its day ends"
        return service

    def table(self) -> int | None:
        number = self.table_choice.currentData()
        return None if number is None else int(number)

    def choose_table(self, number: int) -> None:
        self.table_choice.setCurrentIndex(max(0, self.table_choice.findData(number)))

    def _fill_tables(self) -> None:
        current = self.table()
        bagged = set(self.days.view().tables_bagged)
        self.table_choice.blockSignals(True)
        self.table_choice.clear()
        for number in self.days.tables_to_bag():
            self.table_choice.addItem(f"Table {number}" + ("  ✓ bagged" if number in bagged else ""), number)
        if current is not None and self.table_choice.findData(current) >= 0:
            self.table_choice.setCurrentIndex(self.table_choice.findData(current))
        self.table_choice.blockSignals(False)
        self._fill()

    def _fill(self) -> None:
        table = self.table()
        lines: Sequence[BagLine] = self.days.bag_sheet(table) if table is not None else []
        self.sheet.setRowCount(0)  # the last table's count boxes go with their rows
        self.sheet.setRowCount(len(lines))
        self.spins = {}
        for row, line in enumerate(lines):
            for column, value in enumerate((line.seat, line.name, f"{line.stack:,}")):
                item = QTableWidgetItem("" if value is None else str(value))
                if column != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.sheet.setItem(row, column, item)
            spin = QSpinBox()
            spin.setRange(0, 2_000_000_000)
            spin.setGroupSeparatorShown(True)
            spin.setSingleStep(100)
            spin.setValue(line.bag if line.bag is not None else line.stack)
            self.sheet.setCellWidget(row, 3, spin)
            self.spins[line.entry_id] = spin
        self.sheet.resizeColumnsToContents()
        self.sheet.setColumnWidth(3, 150)
        self.record_button.setEnabled(bool(lines))
        self.record_button.setText(f"&Record the bags of table {table}" if table is not None else "&Record the bags")
        self._update_total()

    def bags(self) -> dict[int, int]:
        return {entry_id: spin.value() for entry_id, spin in self.spins.items()}

    def set_bag(self, entry_id: int, chips: int) -> None:
        self.spins[entry_id].setValue(chips)

    def _update_total(self) -> None:
        view = self.days.view()
        where = (f"{view.festival}, Day {view.flight}" if view.festival
                 else f"{self.session.tournament_name}, Day {view.day}")
        stop = f" — {html.escape(self.reason)}" if self.reason else ""
        self.heading.setText(f"<b style='font-size:13pt'>{html.escape(where)}</b>{stop}<br>"
                             f"Tables bagged: {', '.join(map(str, view.tables_bagged)) or 'none yet'}")
        done = view.unbagged == 0 and view.difference == 0
        set_tone(self.total, "done" if done else "refusal")
        verdict, _, advice = view.verdict().partition(". ")
        self.total.setText(f"<b style='font-size:13pt'>{html.escape(verdict)}</b>"
                           + (f"<br>{html.escape(advice)}" if advice else ""))

    def _refused(self, error: Exception) -> None:
        self.error.setText(f"Not recorded: {error}")
        self.error.show()

    # ----- the director's actions -------------------------------------------------------------------------------------
    def record_table(self) -> bool:
        table = self.table()
        if table is None:
            return False
        try:
            self.session.run(self.days.bag_table, table, self.bags())
        except Exception as error:  # DomainError: shown here, the counts stay as typed
            self._refused(error)
            return False
        self.error.hide()
        self.console.tell(f"Table {table} bagged: {sum(self.bags().values()):,} chips in {len(self.spins)} bag(s)")
        following = [n for n in self.days.tables_to_bag() if n not in self.days.view().tables_bagged]
        self._fill_tables()
        if following:
            self.choose_table(following[0])
        return True

    def end_day(self) -> bool:
        view = self.days.view()
        confirm = False
        if view.unbagged == 0 and view.difference != 0:
            answer = QMessageBox.question(
                self, "The bags do not add up",
                f"{view.verdict()}.\n\nEnd the day with this difference recorded?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                return False
            confirm = True
        try:
            self.session.run(self.days.end_day, confirm)
        except Exception as error:
            self._refused(error)
            return False
        ended = self.days.view()
        self.console.tell(f"Day {ended.day} ended: {ended.bagged:,} chips bagged by {ended.players_left} player(s); "
                          "the clock is stopped where the day ended")
        self.accept()
        return True

    def sheets_html(self) -> str:
        """A bag sheet per table: each page the table's survivors, their bags and a line to sign."""
        view = self.days.view()
        lines = self.days.bag_sheet(None)
        return bag_sheets_html(f"{view.festival}, Day {view.flight}" if view.festival else
                               (self.session.tournament_name + f", Day {view.day}"), lines)

    def print_sheets(self) -> Any:
        return self.console.tables_tab.print_document(self.sheets_html, "Nobody is left to bag")

    def save_sheets_as_pdf(self) -> Any:
        return self.console.tables_tab.save_as_pdf("bag-sheets.pdf", self.sheets_html, "Nobody is left to bag")


def bag_sheets_html(title: str, lines: Sequence[BagLine]) -> str:
    e = html.escape
    tables: dict[int | None, list[BagLine]] = {}
    for line in lines:
        tables.setdefault(line.table, []).append(line)
    pages = []
    for i, (table, rows) in enumerate(tables.items()):
        body = "".join(
            f"<tr><td align='right'>{line.seat or ''}</td><td>{e(line.name)}</td>"
            f"<td align='right'>{'' if line.bag is None else f'{line.bag:,}'}</td><td>&nbsp;</td></tr>"
            for line in rows)
        total = sum(line.bag or 0 for line in rows)
        pages.append(
            f"<div{' style=page-break-before:always' if i else ''}>"
            f"<p style='font-size:13pt'>{e(title)}: bag sheet</p>"
            f"<p style='font-size:30pt'><b>Table {table if table is not None else '—'}</b></p>"
            "<table border='1' cellspacing='0' cellpadding='6' width='100%'>"
            "<tr><th>Seat</th><th>Player</th><th>Bag (chips)</th><th>Signature</th></tr>"
            f"{body}<tr><td></td><td><b>Table total</b></td><td align='right'><b>{total:,}</b></td><td></td></tr>"
            "</table><p>Counted by: ____________________<br>Checked by: ____________________</p></div>")
    return "<html><body>" + "".join(pages) + "</body></html>" if pages else ""


__all__ = ["BagDialog", "bag_sheets_html"]
