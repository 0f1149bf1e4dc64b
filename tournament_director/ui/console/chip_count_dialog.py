"""The chip count sheet: the room or one table, at a break, at the end of a day or for a deal. The director types
each player's stack; the line below says at once whether the counts add up to the chips in play (the floor's
figures, not a sum made here), and the sheet is recorded as one event. A refusal stays inside the dialog."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_director.services.chip_sheets import OCCASION_TITLES
from tournament_director.ui.themes import set_tone

if TYPE_CHECKING:
    from tournament_director.services.chip_sheets import ChipSheets
    from tournament_director.services.session import DirectorSession


class ChipCountDialog(QDialog):
    def __init__(self, session: DirectorSession | None, tables: Sequence[int], parent: QWidget | None = None, *,
                 table: int | None = None, occasion: str = "break") -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Chip count")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Count:"))
        self.scope = QComboBox()
        self.scope.addItem("The whole room", None)
        for number in tables:
            self.scope.addItem(f"Table {number}", number)
        top.addWidget(self.scope)
        top.addSpacing(16)
        self.occasions = QButtonGroup(self)
        for key, title in OCCASION_TITLES.items():
            button = QRadioButton(title)
            button.setProperty("occasion", key)
            self.occasions.addButton(button)
            top.addWidget(button)
            if key == occasion:
                button.setChecked(True)
        top.addStretch(1)
        layout.addLayout(top)
        self.sheet = QTableWidget(0, 5)
        self.sheet.setHorizontalHeaderLabels(["Table", "Seat", "Player", "Recorded", "Counted"])
        self.sheet.verticalHeader().setVisible(False)
        self.sheet.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.sheet.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(self.sheet, 1)
        self.total = QLabel()
        self.total.setWordWrap(True)
        self.total.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.total)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")  # the theme's danger colour
        self.error.hide()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Record the count")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.spins: dict[int, QSpinBox] = {}
        self.scope.currentIndexChanged.connect(lambda _i: self._fill())
        if table is not None:
            self.scope.setCurrentIndex(max(0, self.scope.findData(table)))
        self._fill()
        self.resize(680, 640)

    @property
    def sheets(self) -> ChipSheets | None:
        return self.session.chip_sheets

    def tables(self) -> list[int] | None:
        number = self.scope.currentData()
        return None if number is None else [int(number)]

    def occasion(self) -> str:
        button = self.occasions.checkedButton()
        return str(button.property("occasion")) if button is not None else "count"

    def _fill(self) -> None:
        lines = self.sheets.sheet(self.tables())
        self.sheet.setRowCount(len(lines))
        self.spins = {}
        for row, line in enumerate(lines):
            for column, value in enumerate((line.table, line.seat, line.name, f"{line.recorded:,}")):
                item = QTableWidgetItem("" if value is None else str(value))
                if column != 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.sheet.setItem(row, column, item)
            spin = QSpinBox()
            spin.setRange(0, 2_000_000_000)
            spin.setGroupSeparatorShown(True)
            spin.setSingleStep(100)
            spin.setValue(line.recorded)
            spin.valueChanged.connect(lambda _v: self._update_total())
            self.sheet.setCellWidget(row, 4, spin)
            self.spins[line.entry_id] = spin
        self.sheet.resizeColumnsToContents()
        self.sheet.setColumnWidth(4, 140)
        self._update_total()
        if lines:
            self.sheet.setCurrentCell(0, 4)

    def counts(self) -> dict[int, int]:
        return {entry_id: spin.value() for entry_id, spin in self.spins.items()}

    def set_count(self, entry_id: int, chips: int) -> None:
        self.spins[entry_id].setValue(chips)

    def _update_total(self) -> None:
        preview = self.sheets.preview(self.counts(), self.tables(), self.occasion())
        set_tone(self.total, "done" if preview.adds_up else "refusal")
        self.total.setText(f"<b style='font-size:13pt'>{html.escape(preview.verdict())}</b>")

    def submit(self) -> bool:
        try:
            self.session.run(self.sheets.record, self.counts(), self.tables(), self.occasion())
        except Exception as error:  # DomainError: shown here, the sheet stays as typed
            self.error.setText(f"Not recorded: {error}")
            self.error.show()
            return False
        self.accept()
        return True


__all__ = ["ChipCountDialog"]
