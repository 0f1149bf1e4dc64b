"""The deal: the players left share the prizes still to be decided by ICM, by chip chop as card rooms do it (the
lowest prize left to everyone first, the rest by chips) or as they agree (custom). The dialog shows the chip
counts and lets the director correct them (recorded as chip counts, one event), shows each share, and asks
before it records the deal. Every amount comes from the deal service; the dialog only gathers and shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_director.services.results import ordinal

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

METHODS = (("icm", "&ICM"), ("chip_chop", "C&hip chop"), ("custom", "C&ustom"))
EXPLAIN = {
    "icm": "ICM (Malmuth-Harville): each share is the player's expected prize from his chips.",
    "chip_chop": "Chip chop as card rooms do it: everyone first gets {floor}, the prize of the lowest place left "
                 "({last}); the rest is shared by chips.",
    "custom": "Custom: type the amounts the players agreed; they must add up to the prize money left.",
}
TITLES = {"icm": "ICM", "chip_chop": "chip chop", "custom": "custom"}
NAME, CHIPS, SHARE = range(3)


def _amount(text: str) -> int | None:
    plain = text.replace(",", "").replace(" ", "").replace("\u202f", "").strip()
    return int(plain) if plain.isdigit() else None


class DealDialog(QDialog):
    recorded = Signal(object)  # the DealView recorded

    def __init__(self, session: DirectorSession | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Deal (chop)")
        self.session = session
        self.view: Any = None
        self.confirmation: QMessageBox | None = None
        self._filling = False
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.method_buttons = QButtonGroup(self)
        for i, (key, label) in enumerate(METHODS):
            button = QRadioButton(label)
            button.setProperty("method", key)
            self.method_buttons.addButton(button, i)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        layout.addWidget(self.explain)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Player", "Chips (correct if needed)", "Gets"])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CHIPS, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SHARE, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.table.itemChanged.connect(self._edited)
        font = self.table.font()
        font.setPointSize(max(font.pointSize() + 1, 11))
        self.table.setFont(font)
        layout.addWidget(self.table, 1)
        self.prizes = QLabel()
        self.prizes.setWordWrap(True)
        layout.addWidget(self.prizes)
        chips_row = QHBoxLayout()
        self.chips_label = QLabel()
        self.record_chips_button = QPushButton("Record the chip counts")
        self.record_chips_button.setToolTip("Record the corrected counts (one event), then the shares follow them")
        self.record_chips_button.setEnabled(False)
        self.record_chips_button.setAutoDefault(False)
        self.record_chips_button.clicked.connect(self.record_chip_counts)
        chips_row.addWidget(self.chips_label, 1)
        chips_row.addWidget(self.record_chips_button)
        layout.addLayout(chips_row)
        self.error = QLabel()
        self.error.setObjectName("refusal")  # the theme's danger colour
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Record the deal…")
        self.buttons.accepted.connect(self.ask)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.method_buttons.idToggled.connect(lambda _i, on: on and self.compute())
        self.method_buttons.button(0).setChecked(True)
        self.resize(640, 420)

    @property
    def proposal(self) -> Any:
        return self.view.proposal if self.view is not None else None

    def set_method(self, method: str) -> None:
        for button in self.method_buttons.buttons():
            if button.property("method") == method:
                button.setChecked(True)

    def method(self) -> str:
        return str(self.method_buttons.checkedButton().property("method"))

    # --- showing -------------------------------------------------------------------------------------------
    def compute(self, custom: dict[int, int] | None = None) -> Any:
        method = self.method()
        if method == "custom" and custom is None:
            custom = {p.entry_id: p.share for p in self.view.players} if self.view is not None else {}
        try:
            self.view = self.session.deals.propose(method, custom)
        except Exception as error:  # no tournament open, or a refusal: say so instead of a deal
            self.view = None
            self.error.setText(str(error))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return None
        self._show()
        return self.view

    def _show(self) -> None:
        view = self.view
        self._filling = True
        self.table.setRowCount(len(view.players))
        for row, player in enumerate(view.players):
            cells = ((player.name, False), (f"{player.chips:,}", True), (f"{player.share:,}", view.method == "custom"))
            for column, (text, editable) in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, player.entry_id)
                flags = item.flags() & ~Qt.ItemFlag.ItemIsEditable
                item.setFlags(flags | Qt.ItemFlag.ItemIsEditable if editable else flags)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if column == SHARE:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, column, item)
        self._filling = False
        self.table.setMinimumHeight(min(8, len(view.players)) * 32 + 36)
        lowest = view.prizes_left[-1] if view.prizes_left else 0
        if view.method == "chip_chop" and not lowest:
            self.explain.setText(f"Chip chop: the lowest place left ({ordinal(len(view.players))}) pays nothing, so "
                                 "the prize money is shared by chips alone.")
        else:
            self.explain.setText(EXPLAIN[view.method].format(floor=f"{lowest:,}", last=ordinal(len(view.players))))
        paid = [(i, p) for i, p in enumerate(view.prizes_left, start=1) if p]
        places = "  ·  ".join(f"{ordinal(i)} {p:,}" for i, p in paid)
        unpaid = len(view.prizes_left) - len(paid)
        rest = f"  ·  {ordinal(len(paid) + 1)} to {ordinal(len(view.prizes_left))}: nothing" if unpaid > 1 else (
            f"  ·  {ordinal(len(view.prizes_left))}: nothing" if unpaid else "")
        self.prizes.setText(f"<b>Prize money left: {view.total:,}</b>   ({places}{rest})")
        self.chips_label.setText(f"Chips counted {view.chips_counted:,} of {view.chips_in_play:,} in play")
        self.record_chips_button.setEnabled(False)
        self.error.setText(view.problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not view.problem)

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        if item.column() == CHIPS:
            self.record_chips_button.setEnabled(True)
            self.error.setText("Chip counts changed: record them (the shares follow the recorded counts)")
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        elif item.column() == SHARE:
            self.compute(self._column_amounts(SHARE))

    def _column_amounts(self, column: int) -> dict[int, int]:
        amounts = {}
        for row in range(self.table.rowCount()):
            item = self.table.item(row, column)
            value = _amount(item.text())
            amounts[int(item.data(Qt.ItemDataRole.UserRole))] = value if value is not None else -1
        return amounts

    # --- recording -----------------------------------------------------------------------------------------
    def record_chip_counts(self) -> bool:
        counts = self._column_amounts(CHIPS)
        if any(c < 0 for c in counts.values()):
            self.error.setText("Type each chip count as a whole number")
            return False
        custom = self._column_amounts(SHARE) if self.method() == "custom" else None
        try:
            self.session.run(self.session.deals.correct_chips, counts)
        except Exception as error:
            self.error.setText(f"Refused: {error}")
            return False
        self.compute(custom)
        return True

    def ask(self) -> QMessageBox | None:
        """Ask before recording: the shares, and that they replace the prizes of the places left."""
        view = self.compute(self._column_amounts(SHARE) if self.method() == "custom" else None)
        if view is None or view.problem:
            return None
        lines = "\n".join(f"   {p.name}: {p.share:,}" for p in view.players)
        box = QMessageBox(QMessageBox.Icon.Question, "Record the deal?",
                          f"Record this deal ({TITLES[view.method]})?\n\n"
                          f"{lines}\n\nThese amounts replace the prizes of the {len(view.players)} places left; "
                          "play goes on for the places and the bounties.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.button(QMessageBox.StandardButton.Yes).setText("Record the deal")
        box.finished.connect(lambda result: self._answered(box, view))
        self.confirmation = box
        box.open()
        return box

    def _answered(self, box: QMessageBox, view: Any) -> None:
        if box.clickedButton() is not box.button(QMessageBox.StandardButton.Yes):
            return
        try:
            self.session.run(self.session.deals.record, view)
        except Exception as error:
            self.error.setText(f"Refused: {error}")
            return
        self.recorded.emit(view)
        self.accept()
