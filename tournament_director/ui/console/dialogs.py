"""The console's small dialogs: move a player, edit a proposed move (the bust, the deal, the wizard and the settings
have modules of their own). Each one only gathers the director's choice; the tab that opened it calls the service.

Dialogs open window-modal with ``open()`` (never a nested event loop), so the console keeps repainting the clock
while the director decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QStringListModel
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QListView, QSpinBox, QWidget,
)


def _ok_cancel(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


# ----- moves -----------------------------------------------------------------------------------------------
def _long_list_box() -> QComboBox:
    """A combo box for a list of many thousand rows: its list measures one row for all, where a styled box measured
    every row (half a second for 100,000 players)."""
    box = QComboBox()
    rows = QListView(box)
    rows.setUniformItemSizes(True)
    box.setView(rows)
    return box


class MoveDialog(QDialog):
    """A manual move (pick the player) or the edit of a proposed move (the player is fixed)."""

    def __init__(self, players: Sequence[tuple[int, str]], tables: Sequence[tuple[int, int]], *,
                 title: str = "Move a player", fixed_player: bool = False, to_table: int | None = None,
                 to_seat: int | None = None, parent: QWidget | None = None) -> None:
        """``players``: (entry id, label); ``tables``: (number, seats).

        The lists are handed to each box as one list model, not item by item: 50,000 players and 5,000 tables
        open in a blink instead of a second."""
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self._player_ids = [entry_id for entry_id, _label in players]
        self._player_index = {entry_id: i for i, entry_id in enumerate(self._player_ids)}
        self.player = _long_list_box()
        self.player.setModel(QStringListModel([label for _entry_id, label in players], self.player))
        # sized for a name, not measured over every player's label
        self.player.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.player.setMinimumContentsLength(44)
        self.player.setEditable(not fixed_player)
        self.player.setEnabled(not fixed_player)
        if not fixed_player:  # nobody chosen yet: Enter alone moves nobody
            self.player.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            self.player.setCurrentIndex(-1)
            self.player.lineEdit().setPlaceholderText("Type or pick the player to move")
        self.to_table = _long_list_box()
        self._seats = dict(tables)
        self._table_numbers = [number for number, _seats in tables]
        self._table_index = {number: i for i, number in enumerate(self._table_numbers)}
        self.to_table.setModel(QStringListModel([f"Table {number}" for number in self._table_numbers], self.to_table))
        self.to_table.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.to_table.setMinimumContentsLength(12)
        self.to_seat = QSpinBox()
        self.to_table.currentIndexChanged.connect(self._table_changed)
        if to_table is not None:
            self.to_table.setCurrentIndex(self._table_index.get(to_table, 0))
        self._table_changed()
        if to_seat is not None:
            self.to_seat.setValue(to_seat)
        form.addRow("Player", self.player)
        form.addRow("To table", self.to_table)
        form.addRow("Seat", self.to_seat)
        self.refusal = QLabel()
        self.refusal.setObjectName("refusal")  # the theme's danger colour
        self.refusal.hide()
        form.addRow(self.refusal)
        self.buttons = _ok_cancel(self, "Move")
        form.addRow(self.buttons)

    def _chosen_player(self) -> int | None:
        index = self.player.currentIndex()
        return self._player_ids[index] if 0 <= index < len(self._player_ids) else None

    def _chosen_table(self) -> int | None:
        index = self.to_table.currentIndex()
        return self._table_numbers[index] if 0 <= index < len(self._table_numbers) else None

    def accept(self) -> None:
        if self._chosen_player() is None:
            self.refusal.setText("Choose the player to move first")
            self.refusal.show()
            self.player.setFocus()
            return
        super().accept()

    def _table_changed(self) -> None:
        table = self._chosen_table()
        self.to_seat.setRange(1, self._seats.get(table, 10) if table is not None else 10)

    def choose(self, entry_id: int, table: int, seat: int) -> None:
        self.player.setCurrentIndex(self._player_index.get(entry_id, -1))
        self.to_table.setCurrentIndex(self._table_index.get(table, -1))
        self.to_seat.setValue(seat)

    def choice(self) -> tuple[int, int, int]:
        return int(self._chosen_player()), int(self._chosen_table()), self.to_seat.value()  # type: ignore[arg-type]


__all__ = ["MoveDialog"]
