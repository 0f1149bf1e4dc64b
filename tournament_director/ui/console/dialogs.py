"""The console's small dialogs: bust with eliminators, move a player, edit a proposed move, the deal, a new
tournament. Each one only gathers the director's choice; the tab that opened it calls the service.

Dialogs open window-modal with ``open()`` (never a nested event loop), so the console keeps repainting the clock
while the director decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_director.resources import resources_root
from tournament_director.services.clock import template_starting_stack
from tournament_director.services.session import NewTournamentPlan


def template_names(folder: str) -> list[str]:
    """The shipped templates of one resources folder (structures, payouts), by file name without .toml."""
    path = resources_root() / folder
    return sorted(p.stem for p in path.glob("*.toml")) if path.is_dir() else []


def template_title(name: str) -> str:
    return name.replace("_", " ").replace("-", " ").title()


def _ok_cancel(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


# ----- bust ------------------------------------------------------------------------------------------------
class BustDialog(QDialog):
    """Who busted, and who eliminated them (none, one, or several players who split the pot)."""

    def __init__(self, busted_name: str, where: str, candidates: Sequence[tuple[int, str, str]],
                 parent: QWidget | None = None) -> None:
        """``candidates``: (entry id, name, where) of the live players, the same table first."""
        super().__init__(parent)
        self.setWindowTitle(f"Bust {busted_name}")
        layout = QVBoxLayout(self)
        title = QLabel(f"<b style='font-size:14pt'>{_escape(busted_name)}</b> &nbsp; {_escape(where)}")
        layout.addWidget(title)
        layout.addWidget(QLabel("Eliminated by (tick one, several for a split pot, or none):"))
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Type part of the eliminator's name, Enter to tick; Enter again to bust")
        self.filter.textChanged.connect(self._filter)
        self.filter.installEventFilter(self)
        layout.addWidget(self.filter)
        self.candidates = QListWidget()
        font = self.candidates.font()
        font.setPointSize(max(font.pointSize() + 2, 12))
        self.candidates.setFont(font)
        for entry_id, name, seat_text in candidates:
            item = QListWidgetItem(f"{name}    {seat_text}")
            item.setData(Qt.ItemDataRole.UserRole, entry_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.candidates.addItem(item)
        self.candidates.itemActivated.connect(self._toggle)
        layout.addWidget(self.candidates, 1)
        self.buttons = _ok_cancel(self, "Bust")
        layout.addWidget(self.buttons)
        self.resize(460, 520)
        self.filter.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Enter in the name filter ticks the first player shown (the list is the same table first) instead of
        busting at once with nobody ticked; with the filter empty, Enter busts."""
        if (watched is self.filter and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.filter.text().strip()):
            shown = [self.candidates.item(i) for i in range(self.candidates.count())
                     if not self.candidates.item(i).isHidden()]
            if shown:
                shown[0].setCheckState(Qt.CheckState.Checked)
                self.filter.clear()
            return True
        return super().eventFilter(watched, event)

    def _toggle(self, item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def _filter(self, text: str) -> None:
        needle = text.strip().casefold()
        for i in range(self.candidates.count()):
            item = self.candidates.item(i)
            item.setHidden(bool(needle) and needle not in item.text().casefold())

    def check(self, entry_id: int, checked: bool = True) -> None:
        for i in range(self.candidates.count()):
            item = self.candidates.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == entry_id:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                return
        raise KeyError(entry_id)

    def eliminators(self) -> list[int]:
        return [self.candidates.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.candidates.count())
                if self.candidates.item(i).checkState() == Qt.CheckState.Checked]


# ----- moves -----------------------------------------------------------------------------------------------
class MoveDialog(QDialog):
    """A manual move (pick the player) or the edit of a proposed move (the player is fixed)."""

    def __init__(self, players: Sequence[tuple[int, str]], tables: Sequence[tuple[int, int]], *,
                 title: str = "Move a player", fixed_player: bool = False, to_table: int | None = None,
                 to_seat: int | None = None, parent: QWidget | None = None) -> None:
        """``players``: (entry id, label); ``tables``: (number, seats)."""
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.player = QComboBox()
        self.player.setEditable(not fixed_player)
        for entry_id, label in players:
            self.player.addItem(label, entry_id)
        self.player.setEnabled(not fixed_player)
        self.to_table = QComboBox()
        self._seats = dict(tables)
        for number, _seats in tables:
            self.to_table.addItem(f"Table {number}", number)
        self.to_seat = QSpinBox()
        self.to_table.currentIndexChanged.connect(self._table_changed)
        if to_table is not None:
            self.to_table.setCurrentIndex(max(0, self.to_table.findData(to_table)))
        self._table_changed()
        if to_seat is not None:
            self.to_seat.setValue(to_seat)
        form.addRow("Player", self.player)
        form.addRow("To table", self.to_table)
        form.addRow("Seat", self.to_seat)
        self.buttons = _ok_cancel(self, "Move")
        form.addRow(self.buttons)

    def _table_changed(self) -> None:
        self.to_seat.setRange(1, self._seats.get(self.to_table.currentData(), 10))

    def choose(self, entry_id: int, table: int, seat: int) -> None:
        self.player.setCurrentIndex(self.player.findData(entry_id))
        self.to_table.setCurrentIndex(self.to_table.findData(table))
        self.to_seat.setValue(seat)

    def choice(self) -> tuple[int, int, int]:
        return int(self.player.currentData()), int(self.to_table.currentData()), self.to_seat.value()


# ----- the deal --------------------------------------------------------------------------------------------
class DealDialog(QDialog):
    """The players left share the prizes: ICM or chip chop as the floor service computes them."""

    METHODS = (("icm", "ICM"), ("chip_chop", "Chip chop"))

    def __init__(self, floor: Any, names: dict[int, str], chips: dict[int, int],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Deal (chop)")
        self._floor = floor
        self._names = names
        self._chips = chips
        self.proposal: Any = None
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.method_buttons = QButtonGroup(self)
        for i, (key, label) in enumerate(self.METHODS):
            button = QRadioButton(label)
            button.setProperty("method", key)
            self.method_buttons.addButton(button, i)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Player", "Chips", "Gets"])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout.addWidget(self.table, 1)
        self.total = QLabel()
        layout.addWidget(self.total)
        self.error = QLabel()
        self.error.setStyleSheet("color:#c62828")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = _ok_cancel(self, "Record the deal")
        layout.addWidget(self.buttons)
        self.method_buttons.idToggled.connect(lambda _i, on: on and self.compute())
        self.method_buttons.button(0).setChecked(True)
        self.resize(460, 360)

    def set_method(self, method: str) -> None:
        for button in self.method_buttons.buttons():
            if button.property("method") == method:
                button.setChecked(True)

    def method(self) -> str:
        return str(self.method_buttons.checkedButton().property("method"))

    def compute(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            self.proposal = self._floor.propose_deal(self.method())
        except Exception as error:  # DomainError: say why there is no deal to make
            self.proposal = None
            self.error.setText(str(error))
            self.table.setRowCount(0)
            ok.setEnabled(False)
            return
        self.error.setText("")
        shares = self.proposal.shares
        self.table.setRowCount(len(shares))
        for row, (entry_id, amount) in enumerate(shares):
            values = (self._names.get(entry_id, f"#{entry_id}"), f"{self._chips.get(entry_id, 0):,}", f"{amount:,}")
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        self.total.setText(f"Prize money shared: {self.proposal.total:,}")
        ok.setEnabled(True)


# ----- a new tournament ------------------------------------------------------------------------------------
class NewTournamentForm(QWidget):
    """One page, sensible defaults: a nightly tournament is set up in well under a minute."""

    def __init__(self) -> None:
        super().__init__()
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Friday Night Hold'em")
        self.structure = QComboBox()
        for name in template_names("structures"):
            self.structure.addItem(template_title(name), name)
        regular = self.structure.findData("regular")
        if regular >= 0:
            self.structure.setCurrentIndex(regular)
        self.payouts = QComboBox()
        for name in template_names("payouts"):
            self.payouts.addItem(template_title(name), name)
        self.buy_in = self._spin(0, 1_000_000, 100)
        self.entry_fee = self._spin(0, 1_000_000, 10)
        self.starting_stack = self._spin(1, 10_000_000, 20_000, step=1000)
        self.tables = self._spin(1, 2000, 3)
        self.seats = self._spin(2, 10, 9)
        self.late_registration = self._spin(0, 100, 0)
        self.late_registration.setSpecialValueText("closed by hand")
        self.reentries = self._spin(0, 20, 0)
        self.reentries.setSpecialValueText("none")
        form.addRow("&Name", self.name)
        form.addRow("&Structure", self.structure)
        form.addRow("&Payouts", self.payouts)
        form.addRow("&Buy-in", self.buy_in)
        form.addRow("Entry &fee", self.entry_fee)
        form.addRow("Starting s&tack", self.starting_stack)
        form.addRow("T&ables", self.tables)
        form.addRow("S&eats per table", self.seats)
        form.addRow("&Late registration until level", self.late_registration)
        form.addRow("&Re-entries per player", self.reentries)
        self.structure.currentIndexChanged.connect(self._stack_from_template)
        self._stack_from_template()

    def _stack_from_template(self) -> None:
        """The starting stack follows the chosen structure's chip set (the dealers' stacks), unless it has none."""
        stack = template_starting_stack(str(self.structure.currentData() or ""))
        if stack:
            self.starting_stack.setValue(stack)

    @staticmethod
    def _spin(low: int, high: int, value: int, *, step: int = 1) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setSingleStep(step)
        spin.setGroupSeparatorShown(True)
        spin.setValue(value)
        return spin

    def plan(self) -> NewTournamentPlan:
        late = self.late_registration.value()
        return NewTournamentPlan(
            name=self.name.text().strip(), structure_template=str(self.structure.currentData() or ""),
            payout_table=str(self.payouts.currentData() or "standard"), buy_in=self.buy_in.value(),
            fee=self.entry_fee.value(), starting_stack=self.starting_stack.value(), tables=self.tables.value(),
            seats_per_table=self.seats.value(), late_registration_until_level=late or None,
            reentry_limit=self.reentries.value(),
        )


class NewTournamentDialog(QDialog):
    """The wizard. ``create(plan)`` returns True when the tournament was made; on a refusal the dialog stays
    open with the director's entries so the problem can be fixed."""

    def __init__(self, create: Callable[[NewTournamentPlan], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament")
        self.setMinimumWidth(520)  # room for a full tournament name
        self._create = create
        layout = QVBoxLayout(self)
        self.form = NewTournamentForm()
        layout.addWidget(self.form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.form.name.setFocus()

    def submit(self) -> bool:
        if self._create(self.form.plan()):
            self.accept()
            return True
        return False


def _escape(text: str) -> str:
    import html

    return html.escape(text)


__all__ = ["BustDialog", "DealDialog", "MoveDialog", "NewTournamentDialog", "NewTournamentForm", "template_names",
           "template_title"]
