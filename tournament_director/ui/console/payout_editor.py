"""The payout table editor: one row per field size (from, to entries) with its percentages by place. Each row
shows how many places it pays and what its percentages add up to (the payout service reads them exactly); Save
records the whole table as the tournament's (one event), and the domain refuses a band that does not add up,
naming it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

FROM, TO, PERCENTAGES, PLACES, TOTAL = range(5)


class PayoutTableEditor(QDialog):
    def __init__(self, session: DirectorSession | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit the payout table")
        self.session = session
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setMinimumWidth(320)
        name_label = QLabel("&Name")
        name_label.setBuddy(self.name)
        form.addRow(name_label, self.name)
        layout.addLayout(form)
        hint = QLabel("One row per field size. Percentages by place, first place first, separated by commas; "
                      "“2.5 x9” pays nine places 2.5 % each. Each row must add up to 100 %.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["From entries", "To entries", "Percentages by place (1st, 2nd, …)",
                                              "Places", "Adds up to"])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(PERCENTAGES, QHeaderView.ResizeMode.Stretch)
        for column in (FROM, TO, PLACES, TOTAL):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.itemChanged.connect(self._edited)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add a band")
        self.remove_button = QPushButton("Remove the band")
        for button in (self.add_button, self.remove_button):
            button.setAutoDefault(False)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.add_button.clicked.connect(self.add_band)
        self.remove_button.clicked.connect(self.remove_band)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")  # the theme's danger colour
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Pay by this table")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._filling = False
        self.load()
        self.resize(900, 560)

    def load(self) -> None:
        view = self.session.payouts.view()
        self.name.setText(view.name)
        self._filling = True
        self.table.setRowCount(0)
        for band in view.bands:
            self._append(band.min_entries, band.max_entries, band.text)
        self._filling = False
        for row in range(self.table.rowCount()):
            self._summarise(row)
        if view.band_in_force is not None:
            self.table.selectRow(view.band_in_force)
        if view.fixed_by:
            self.error.setText(f"The payout table can no longer change: {view.fixed_by}")
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)

    def _append(self, low: int, high: int, text: str) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, value in ((FROM, f"{low}"), (TO, f"{high}"), (PERCENTAGES, text), (PLACES, ""), (TOTAL, "")):
            item = QTableWidgetItem(value)
            if column in (PLACES, TOTAL):
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            if column != PERCENTAGES:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        return row

    def add_band(self) -> int:
        """A band after the last one, starting where it ends, paying first place only until edited."""
        last = self.table.rowCount() - 1
        start = int(self._text(last, TO) or 1) + 1 if last >= 0 and self._text(last, TO).isdigit() else 2
        row = self._append(start, start + 9, "100")
        self._summarise(row)
        self.table.setCurrentCell(row, PERCENTAGES)
        return row

    def remove_band(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _edited(self, item: QTableWidgetItem) -> None:
        if not self._filling and item.column() in (FROM, TO, PERCENTAGES):
            self._summarise(item.row())

    def _summarise(self, row: int) -> None:
        summary = self.session.payouts.band_summary(self._text(row, PERCENTAGES))
        self._filling = True
        self.table.item(row, PLACES).setText(f"{summary.places}")
        total = self.table.item(row, TOTAL)
        total.setText(summary.total if not summary.problem else "?")
        total.setToolTip(summary.problem)
        total.setForeground(Qt.GlobalColor.darkGreen if summary.adds_up else Qt.GlobalColor.red)
        self._filling = False

    def bands(self) -> list[tuple[int | str, int | str, str]]:
        rows: list[tuple[int | str, int | str, str]] = []
        for row in range(self.table.rowCount()):
            low, high = self._text(row, FROM), self._text(row, TO)
            rows.append((int(low) if low.isdigit() else low, int(high) if high.isdigit() else high,
                         self._text(row, PERCENTAGES)))
        return rows

    def save(self) -> bool:
        try:
            self.session.run(self.session.payouts.set_bands, self.name.text(), self.bands())
        except Exception as error:  # the domain names the band at fault
            self.error.setText(f"Refused: {error}")
            return False
        self.accept()
        return True
