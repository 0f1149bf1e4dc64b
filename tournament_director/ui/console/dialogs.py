"""The console's small dialogs: move a player, edit a proposed move (the bust, the deal, the wizard and the settings
have modules of their own). Each one only gathers the director's choice; the tab that opened it calls the service.

Dialogs open window-modal with ``open()`` (never a nested event loop), so the console keeps repainting the clock
while the director decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QWidget


def _ok_cancel(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


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
        if not fixed_player:  # nobody chosen yet: Enter alone moves nobody
            self.player.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            self.player.setCurrentIndex(-1)
            self.player.lineEdit().setPlaceholderText("Type or pick the player to move")
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
        self.refusal = QLabel()
        self.refusal.setStyleSheet("color:#b71c1c; font-weight:bold")
        self.refusal.hide()
        form.addRow(self.refusal)
        self.buttons = _ok_cancel(self, "Move")
        form.addRow(self.buttons)

    def accept(self) -> None:
        if self.player.currentData() is None:
            self.refusal.setText("Choose the player to move first")
            self.refusal.show()
            self.player.setFocus()
            return
        super().accept()

    def _table_changed(self) -> None:
        self.to_seat.setRange(1, self._seats.get(self.to_table.currentData(), 10))

    def choose(self, entry_id: int, table: int, seat: int) -> None:
        self.player.setCurrentIndex(self.player.findData(entry_id))
        self.to_table.setCurrentIndex(self.to_table.findData(table))
        self.to_seat.setValue(seat)

    def choice(self) -> tuple[int, int, int]:
        return int(self.player.currentData()), int(self.to_table.currentData()), self.to_seat.value()


__all__ = ["MoveDialog"]
