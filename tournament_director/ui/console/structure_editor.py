"""The Structure tab's editor: the structure in play, one row per level or break, and under it the fields of the
selected one (duration, blinds, ante, big-blind ante, betting, game and limit bets; a break's name, length and
colour-up). Apply (Enter) records the change; add, remove and move put levels and breaks where they belong. The
periods already played are greyed out with the reason; every check is the domain's, through the structure
service."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tournament_director.services.structures import StructureService
from tournament_director.ui.console.settings_form import spin
from tournament_director.ui.console.tab import Runs

BETTING = (("no_limit", "No limit"), ("pot_limit", "Pot limit"), ("fixed_limit", "Fixed limit"),
           ("half_pot_limit", "Half-pot limit"))
GAMES = (("holdem", "Hold'em"), ("omaha", "Omaha"), ("omaha_hi_lo", "Omaha hi-lo"), ("stud", "Stud"))
COLUMNS = ("Period", "Minutes", "Blinds", "Ante", "Limit bets", "Betting", "Game", "Colour-up")


def _label_of(choices: tuple[tuple[str, str], ...], value: str) -> str:
    return dict(choices).get(value, value)


class StructureEditor(QWidget):
    """Shows ``service.in_play()``; ``run(command, *args)`` runs a structure command through the window."""

    changed = Signal(str)  # a line for the status bar after a change

    def __init__(self, run: Runs) -> None:
        super().__init__()
        self.run = run
        self.service: StructureService | None = None
        self.current: Any = None
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.currentCellChanged.connect(lambda row, *_: self._select(row))
        column.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.add_level_button = QPushButton("Add a level after")
        self.add_break_button = QPushButton("Add a break after")
        self.remove_button = QPushButton("Remove")
        self.up_button = QPushButton("Move up")
        self.down_button = QPushButton("Move down")
        for button in (self.add_level_button, self.add_break_button, self.remove_button, self.up_button,
                       self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        self.panel = QGroupBox("Selected period")
        panel = QVBoxLayout(self.panel)
        self.forms = QStackedWidget()
        self.forms.addWidget(self._level_form())
        self.forms.addWidget(self._break_form())
        panel.addWidget(self.forms)
        row = QHBoxLayout()
        self.locked = QLabel()
        self.locked.setWordWrap(True)
        self.apply_button = QPushButton("Apply (Enter)")
        row.addWidget(self.locked, 1)
        row.addWidget(self.apply_button)
        panel.addLayout(row)
        column.addWidget(self.panel)
        self.apply_button.clicked.connect(self.apply)
        for key in ("Return", "Enter"):
            shortcut = QShortcut(QKeySequence(key), self.panel)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.apply)
        self.add_level_button.clicked.connect(lambda: self.add_after("level"))
        self.add_break_button.clicked.connect(lambda: self.add_after("break"))
        self.remove_button.clicked.connect(self.remove)
        self.up_button.clicked.connect(lambda: self.move_selected(-1))
        self.down_button.clicked.connect(lambda: self.move_selected(1))

    def _level_form(self) -> QWidget:
        page = QWidget()
        grid = QGridLayout(page)
        grid.setContentsMargins(0, 0, 0, 0)
        self.minutes = spin(1, 600, 20)
        self.small_blind = spin(0, 1_000_000_000, 100, step=25)
        self.big_blind = spin(1, 1_000_000_000, 200, step=50)
        self.ante = spin(0, 1_000_000_000, 0, step=25)
        self.big_blind_ante = QCheckBox("Big-blind ante")
        self.big_blind_ante.setToolTip("One ante, paid by the big blind for the table")
        self.betting = QComboBox()
        for value, label in BETTING:
            self.betting.addItem(label, value)
        self.game = QComboBox()
        self.game.setEditable(True)
        for value, label in GAMES:
            self.game.addItem(label, value)
        self.small_bet = spin(0, 1_000_000_000, 0, step=50, special="—")
        self.big_bet = spin(0, 1_000_000_000, 0, step=100, special="—")
        for widget in (self.small_bet, self.big_bet):
            widget.setToolTip("Fixed limit: the small bet (pre-flop and flop) and the big bet (turn and river)")
        cells = (("&Minutes", self.minutes), ("&Small blind", self.small_blind), ("&Big blind", self.big_blind),
                 ("A&nte", self.ante), ("", self.big_blind_ante), ("Bett&ing", self.betting), ("&Game", self.game),
                 ("Small b&et", self.small_bet), ("Big be&t", self.big_bet))
        for i, (text, field) in enumerate(cells):
            r, c = divmod(i, 5)
            caption = QLabel(text)
            caption.setBuddy(field)
            grid.addWidget(caption, r, 2 * c, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(field, r, 2 * c + 1)
            field.setMinimumWidth(110)
        return page

    def _break_form(self) -> QWidget:
        page = QWidget()
        grid = QGridLayout(page)
        grid.setContentsMargins(0, 0, 0, 0)
        self.break_name = QLineEdit()
        self.break_minutes = spin(1, 600, 10)
        self.colour_up = QLineEdit()
        self.colour_up.setPlaceholderText("chips removed at this break, e.g. 25")
        self.colour_up.setMinimumWidth(260)
        for i, (text, widget) in enumerate((("N&ame", self.break_name), ("&Minutes", self.break_minutes),
                                            ("&Colour-up", self.colour_up))):
            label = QLabel(text)
            label.setBuddy(widget)
            grid.addWidget(label, 0, 2 * i, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(widget, 0, 2 * i + 1)
        grid.setColumnStretch(6, 1)
        return page

    # --- showing -------------------------------------------------------------------------------------------
    def show_structure(self, service: StructureService | None) -> None:
        self.service = service
        self.current = service.in_play() if service is not None else None
        current = self.current
        keep = self.table.currentRow()
        self.table.blockSignals(True)
        self.table.setRowCount(0 if current is None else len(current.structure.periods))
        if current is not None:
            self.colour_up.setToolTip("Chips in the set: " + ", ".join(f"{d:,}" for d in current.denominations)
                                      if current.denominations else "No chip set with this structure")
            for row, period in enumerate(current.structure.periods):
                self._fill_row(row, period, current)
        self.table.blockSignals(False)
        for widget in (self.add_level_button, self.add_break_button, self.remove_button, self.up_button,
                       self.down_button, self.panel):
            widget.setEnabled(current is not None)
        if current is not None:
            row = keep if 0 <= keep < self.table.rowCount() else current.period_index
            self.table.setCurrentCell(row, 0)
            self._select(row)

    def _fill_row(self, row: int, period: Any, current: Any) -> None:
        minutes = f"{period.duration_seconds / 60:g}"
        if hasattr(period, "small_blind"):
            ante = f"{period.ante:,}{' BB' if period.big_blind_ante else ''}" if period.ante else ""
            bets = f"{period.small_bet:,} / {period.big_bet:,}" if period.small_bet and period.big_bet else ""
            texts = (f"Level {period.number}", minutes, f"{period.small_blind:,} / {period.big_blind:,}", ante, bets,
                     _label_of(BETTING, period.betting), _label_of(GAMES, period.game), "")
        else:
            texts = (period.name, minutes, "", "", "", "", "", ", ".join(f"{c:,}" for c in period.colour_up))
        played = current.locked_reason(row) is not None
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            if column in (1, 2, 3, 4):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if played:
                item.setForeground(QBrush(QColor("#9e9e9e")))
                item.setToolTip("Played")
            if current.started and row == current.period_index:
                item.setBackground(QBrush(QColor("#fff59d")))
                item.setForeground(QBrush(QColor("black")))
                item.setToolTip("In play")
            if not hasattr(period, "small_blind"):
                font = item.font()
                font.setItalic(True)
                item.setFont(font)
            self.table.setItem(row, column, item)

    def selected_index(self) -> int:
        return self.table.currentRow()

    def _select(self, row: int) -> None:
        current = self.current
        if current is None or not 0 <= row < len(current.structure.periods):
            return
        period = current.structure.periods[row]
        if hasattr(period, "small_blind"):
            self.forms.setCurrentIndex(0)
            self.panel.setTitle(f"Level {period.number}")
            self.minutes.setValue(max(1, period.duration_seconds // 60))
            self.small_blind.setValue(period.small_blind)
            self.big_blind.setValue(period.big_blind)
            self.ante.setValue(period.ante)
            self.big_blind_ante.setChecked(period.big_blind_ante)
            self.betting.setCurrentIndex(max(0, self.betting.findData(period.betting)))
            index = self.game.findData(period.game)
            self.game.setCurrentIndex(index) if index >= 0 else self.game.setEditText(period.game)
            self.small_bet.setValue(period.small_bet or 0)
            self.big_bet.setValue(period.big_bet or 0)
        else:
            self.forms.setCurrentIndex(1)
            self.panel.setTitle(period.name)
            self.break_name.setText(period.name)
            self.break_minutes.setValue(max(1, period.duration_seconds // 60))
            self.colour_up.setText(", ".join(str(c) for c in period.colour_up))
        reason = current.locked_reason(row)
        in_play = current.started and row == current.period_index
        self.forms.setEnabled(reason is None)
        self.apply_button.setEnabled(reason is None)
        for button in (self.remove_button, self.up_button, self.down_button):
            button.setEnabled(reason is None and not in_play)
        self.up_button.setEnabled(self.up_button.isEnabled() and row - 1 > (current.period_index if current.started
                                                                            else -1))
        self.down_button.setEnabled(self.down_button.isEnabled() and row + 1 < len(current.structure.periods))
        self.locked.setText(reason[0].upper() + reason[1:] if reason else "")

    # --- changing ------------------------------------------------------------------------------------------
    def period_values(self) -> dict[str, Any]:
        """The fields of the selected period as plain data for the structure service."""
        if self.forms.currentIndex() == 0:
            game = self.game.currentData() if self.game.currentText() == self.game.itemText(
                self.game.currentIndex()) else self.game.currentText().strip()
            return {"kind": "level", "duration_seconds": self.minutes.value() * 60,
                    "small_blind": self.small_blind.value(), "big_blind": self.big_blind.value(),
                    "ante": self.ante.value(), "big_blind_ante": self.big_blind_ante.isChecked(),
                    "betting": self.betting.currentData(), "game": game or "holdem",
                    "small_bet": self.small_bet.value() or None, "big_bet": self.big_bet.value() or None}
        chips = [part.strip().replace(",", "") for part in self.colour_up.text().replace(";", ",").split(",")]
        return {"kind": "break", "name": self.break_name.text().strip() or "Break",
                "duration_seconds": self.break_minutes.value() * 60,
                "colour_up": [int(c) if c.isdigit() else c for c in chips if c]}  # the domain names a bad value

    def _command(self, command: Callable[[StructureService], object], *, select: int | None = None,
                 said: str = "") -> bool:
        if self.service is None:
            return False
        outcome = self.run(command, self.service)
        if outcome.ok:
            if select is not None:
                self.table.setCurrentCell(select, 0)
            self.changed.emit(said)
        return outcome.ok

    def apply(self) -> bool:
        row = self.selected_index()
        if row < 0 or not self.apply_button.isEnabled():
            return False
        what = self.panel.title()
        values = self.period_values()
        return self._command(lambda service: service.edit_period(row, values), select=row, said=f"{what} changed")

    def add_after(self, kind: str) -> bool:
        row = self.selected_index()
        return self._command(lambda service: service.add_after(max(row, 0), kind), select=max(row, 0) + 1,
                             said=f"A {kind} added: set its values and press Enter")

    def remove(self) -> bool:
        row = self.selected_index()
        return row >= 0 and self._command(lambda service: service.remove_period(row), select=max(0, row - 1),
                                          said=f"{self.panel.title()} removed")

    def move_selected(self, step: int) -> bool:
        row = self.selected_index()
        return row >= 0 and self._command(lambda service: service.move_period(row, row + step), select=row + step,
                                          said=f"{self.panel.title()} moved")
