"""The bust dialog: who is out on this hand (one player, or several busted on the same hand with their stacks at
the start of the hand, so the floor service can place them: seed 004 T 11), and who eliminated them (none, one, or
several who split the pot). A refusal is shown inside the dialog, which stays open so the director can fix it.

A bust with nobody ticked as the eliminator is asked first, No being the default: Enter on a seat opens the dialog
and a second Enter would otherwise bust the player with nobody credited with the knockout (nor its bounty).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

# (entry id, name, where ("table 2 seat 4"), table, chips)
Candidate = tuple[int, str, str, int | None, int]


class BustDialog(QDialog):
    """``submit(busts)`` records [(entry id, [eliminators], chips at the start of the hand or None)] and returns
    None when done, or the refusal to show (the dialog then stays open)."""

    def __init__(self, first: Candidate, candidates: Sequence[Candidate],
                 submit: Callable[[list[tuple[int, list[int], int | None]]], str | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._submit = submit
        self.no_eliminator_question: QMessageBox | None = None
        self._all = {c[0]: c for c in (first, *candidates)}
        self._out: list[int] = []
        self._chips: dict[int, QSpinBox] = {}
        self.setWindowTitle(f"Bust {first[1]}")
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.title)
        self.out_grid = QGridLayout()
        layout.addLayout(self.out_grid)
        same_hand = QHBoxLayout()
        same_hand.addWidget(QLabel("Also out on this hand:"))
        self.also_out = QComboBox()
        self.also_out.setMinimumContentsLength(24)
        same_hand.addWidget(self.also_out, 1)
        self.add_out = QPushButton("Add")
        self.add_out.clicked.connect(self._add_chosen)
        same_hand.addWidget(self.add_out)
        layout.addLayout(same_hand)
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
        self.candidates.itemActivated.connect(self._toggle)
        layout.addWidget(self.candidates, 1)
        self.error = QLabel()
        self.error.setObjectName("refusal")
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")  # the theme's danger colour
        self.error.hide()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Bust")
        self.buttons.accepted.connect(self.confirm)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(520, 600)
        self.add_busted(first[0])
        self.filter.setFocus()

    # ----- who is out ----------------------------------------------------------------------------------
    def busted(self) -> list[int]:
        return list(self._out)

    def add_busted(self, entry_id: int) -> None:
        """One more player out on this hand (his stack at the start of the hand asked when there are two)."""
        if entry_id in self._out:
            return
        self._out.append(entry_id)
        self._rebuild()

    def set_start_chips(self, entry_id: int, chips: int) -> None:
        self._chips[entry_id].setValue(chips)

    def _add_chosen(self) -> None:
        entry_id = self.also_out.currentData()
        if entry_id is not None:
            self.add_busted(int(entry_id))

    def _rebuild(self) -> None:
        ticked = set(self.eliminators())
        while self.out_grid.count():
            item = self.out_grid.takeAt(0)
            widget = item.widget()
            if widget is not None and widget not in self._chips.values():
                widget.hide()   # gone at once, not only when the event loop gets to deleting it
                widget.deleteLater()
        several = len(self._out) > 1
        names = [self._all[e][1] for e in self._out]
        self.title.setText(f"<b style='font-size:16pt'>{html.escape(' and '.join(names))}</b> "
                           f"{'out on the same hand' if several else 'is out'}")
        self.setWindowTitle(f"Bust {', '.join(names)}")
        if several:
            self.out_grid.addWidget(QLabel("<b>Player</b>"), 0, 0)
            self.out_grid.addWidget(QLabel("<b>Chips at the start of the hand</b>"), 0, 1)
        for row, entry_id in enumerate(self._out, start=1):
            _, name, where, _, chips = self._all[entry_id]
            self.out_grid.addWidget(QLabel(f"{html.escape(name)}  <span style='color:#555'>{where}</span>"), row, 0)
            spin = self._chips.get(entry_id)
            if spin is None:
                spin = QSpinBox()
                spin.setRange(1, 2_000_000_000)
                spin.setGroupSeparatorShown(True)
                spin.setValue(max(chips, 1))
                self._chips[entry_id] = spin
            spin.setVisible(several)
            if several:
                self.out_grid.addWidget(spin, row, 1)
        if several:
            hint = QLabel("The bigger stack finishes higher; equal stacks share the places and their prize "
                          "(seed 004 T 11).")
            hint.setWordWrap(True)
            self.out_grid.addWidget(hint, len(self._out) + 1, 0, 1, 2)
        tables = {self._all[e][3] for e in self._out}
        self.also_out.clear()
        others = [c for e, c in self._all.items() if e not in self._out]
        others.sort(key=lambda c: (c[3] not in tables, c[3] or 0, c[1].casefold()))
        for entry_id, name, where, _table, _chips in others:
            self.also_out.addItem(f"{name}  ({where})" if where else name, entry_id)
        self.candidates.clear()
        for entry_id, name, where, _table, _chips in others:
            candidate = QListWidgetItem(f"{name}    {where}")
            candidate.setData(Qt.ItemDataRole.UserRole, entry_id)
            candidate.setFlags(candidate.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            candidate.setCheckState(Qt.CheckState.Checked if entry_id in ticked else Qt.CheckState.Unchecked)
            self.candidates.addItem(candidate)
        self._filter(self.filter.text())

    # ----- eliminators ---------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Enter in the name filter ticks the first player shown (the list is the same table first) instead of
        busting at once with nobody ticked; with the filter empty, Enter busts."""
        if (watched is self.filter and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
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

    # ----- recording -----------------------------------------------------------------------------------
    def busts(self) -> list[tuple[int, list[int], int | None]]:
        several = len(self._out) > 1
        by = self.eliminators()
        return [(e, by, self._chips[e].value() if several else None) for e in self._out]

    def confirm(self) -> None:
        """Bust: at once with an eliminator ticked, otherwise once the director said so."""
        if not self.eliminators():
            self.ask_without_eliminator()
            return
        self.record()

    def ask_without_eliminator(self) -> QMessageBox:
        """Nobody ticked: bust with no eliminator? (asked in a window-modal box whose default is No)."""
        names = " and ".join(self._all[e][1] for e in self._out)
        box = QMessageBox(QMessageBox.Icon.Warning, "Bust with no eliminator?",
                          f"Nobody is ticked as the eliminator of {names}.\n\nRecord the bust with no eliminator? "
                          "Nobody is credited with the knockout or its bounty.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.button(QMessageBox.StandardButton.Yes).setText("Bust with no eliminator")
        box.button(QMessageBox.StandardButton.No).setText("Back: tick the eliminator")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(lambda button: self._answered(box.standardButton(button)))
        box.finished.connect(box.deleteLater)
        self.no_eliminator_question = box
        box.open()
        box.button(QMessageBox.StandardButton.No).setFocus()  # Enter, or a key held down, answers No
        return box

    def _answered(self, answer: QMessageBox.StandardButton) -> None:
        if answer == QMessageBox.StandardButton.Yes:
            self.record()
        else:
            self.filter.setFocus()

    def record(self) -> None:
        refusal = self._submit(self.busts())
        if refusal is None:
            self.accept()
            return
        self.error.setText(refusal)
        self.error.show()


def candidate(entry: Any) -> Candidate:
    """An EntryView of the floor service as a line of the dialog."""
    where = f"table {entry.table} seat {entry.seat}" if entry.table is not None else ""
    return (entry.entry_id, entry.name, where, entry.table, entry.chips)


__all__ = ["BustDialog", "Candidate", "candidate"]
