"""The console's small dialogs: bust with eliminators, move a player, edit a proposed move (the deal, the wizard and
the settings have modules of their own). Each one only gathers the director's choice; the tab that opened it calls
the service.

Dialogs open window-modal with ``open()`` (never a nested event loop), so the console keeps repainting the clock
while the director decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


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


def _escape(text: str) -> str:
    import html

    return html.escape(text)


__all__ = ["BustDialog", "MoveDialog"]
