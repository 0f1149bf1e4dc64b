"""The console's tabs. Each one renders values from the session's services and calls their commands; none computes
a rule. A refused command (DomainError) is shown to the director and nothing changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tournament_director.resources import resources_root
from tournament_director.ui.export import export_results
from tournament_director.ui.models import (
    EntryRow,
    ResultRow,
    RowTableModel,
    SearchProxy,
    entries_model,
    events_model,
    results_model,
)
from tournament_director.ui.projector_view import format_clock, view_from_session


def _service_values(service: Any, *names: str) -> Any:
    """The first of ``names`` the service offers, called if it is a method (None when none is offered)."""
    for name in names:
        if service is not None and hasattr(service, name):
            value = getattr(service, name)
            return value() if callable(value) else value
    return None


def make_table_view(model: Any, *, sortable: bool = True) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(24)
    view.horizontalHeader().setStretchLastSection(True)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return view


class Tab(QWidget):
    """A console tab; ``command`` runs a service call through the window (errors shown, listeners told)."""

    command_failed = Signal(str)

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__()
        self.session = session
        self.run = run

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass


# ----- Players -------------------------------------------------------------------------------------------
def entry_row(entry: Any) -> EntryRow:
    """The floor service's EntryView as a row of the Players table."""
    if entry.busted:
        status = "busted"
    elif not entry.present:
        status = "absent"
    elif entry.waiting_for_button:
        status = "waits for button"
    else:
        status = "playing"
    return EntryRow(entry_id=entry.entry_id, name=entry.name, status=status, table=entry.table, seat=entry.seat,
                    chips=None if entry.busted else entry.chips, rebuys=entry.rebuys, add_ons=entry.addons,
                    place=entry.place, prize=entry.paid or None,
                    eliminated_by=", ".join(str(e) for e in entry.eliminated_by))


class PlayersTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a player (Ctrl+F): name, nickname, table…")
        self.search.setClearButtonEnabled(True)
        bar.addWidget(self.search, 1)
        self.count_label = QLabel()
        bar.addWidget(self.count_label)
        layout.addLayout(bar)
        self.model: RowTableModel[EntryRow] = entries_model(parent=self)
        self.proxy = SearchProxy(self)
        self.proxy.setSourceModel(self.model)
        self.search.textChanged.connect(self._search)
        self.view = make_table_view(self.proxy)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        layout.addWidget(self.view, 1)
        actions = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, label in (("register", "Register / buy in (Ctrl+R)"), ("rebuy", "Rebuy"), ("add_on", "Add-on"),
                           ("re_entry", "Re-entry"), ("bust", "Bust (Ctrl+B)"), ("absent", "Absent / present")):
            button = QPushButton(label)
            self.buttons[key] = button
            actions.addWidget(button)
        actions.addStretch(1)
        layout.addLayout(actions)

    def _search(self, text: str) -> None:
        self.proxy.set_search_text(text)
        self._update_count()

    def _update_count(self) -> None:
        self.count_label.setText(f"{self.proxy.rowCount():,} of {self.model.rowCount():,} entries")

    def set_rows(self, rows: Sequence[EntryRow]) -> None:
        self.model.set_rows(rows)
        self._update_count()

    def selected_entry(self) -> EntryRow | None:
        rows = self.view.selectionModel().selectedRows()
        return self.proxy.source_row(rows[0].row()) if rows else None

    def refresh(self) -> None:
        entries = _service_values(self.session.tournament if self.session else None, "entries") or ()
        self.set_rows(tuple(entry_row(e) for e in entries))


# ----- Tables --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str = ""
    chips: int | None = None
    marker: str = ""           # "D", "SB", "BB" (or "D SB" heads-up)
    absent: bool = False
    waiting: bool = False      # waits for the button before being dealt in
    locked: bool = False


@dataclass(frozen=True)
class TableView:
    number: int
    seats: tuple[SeatView, ...]
    hand_number: int = 0
    note: str = ""             # e.g. "3 short: halt (TDA 11-D)"


@dataclass(frozen=True)
class MoveProposalView:
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str = ""
    key: Any = field(default=None, compare=False)


def table_card_html(table: TableView) -> str:
    import html as _html

    rows = []
    for s in table.seats:
        if s.locked:
            rows.append(f"<tr><td>{s.seat}</td><td colspan=3 style='color:#888'>locked</td></tr>")
            continue
        name = _html.escape(s.name) if s.name else "<span style='color:#888'>empty</span>"
        if s.absent:
            name += " <b style='color:#c62828'>ABSENT</b>"
        if s.waiting:
            name += " <i style='color:#ef6c00'>waits for button</i>"
        chips = f"{s.chips:,}" if s.chips is not None else ""
        marker = f"<b style='color:#1565c0'>{s.marker}</b>" if s.marker else ""
        rows.append(f"<tr><td align=right>{s.seat}</td><td>{marker}</td><td>{name}</td><td align=right>{chips}</td>"
                    "</tr>")
    note = f"<div style='color:#c62828'>{_html.escape(table.note)}</div>" if table.note else ""
    players = sum(1 for s in table.seats if s.name)
    return (f"<div><b style='font-size:14pt'>Table {table.number}</b> &nbsp; {players} players &nbsp; "
            f"hand {table.hand_number}</div>{note}<table cellspacing=0 cellpadding=2 width='100%'>"
            + "".join(rows) + "</table>")


class TableCard(QFrame):
    def __init__(self, table: TableView, on_next_hand: Callable[[int], None]) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(280)
        layout = QVBoxLayout(self)
        self.label = QLabel(table_card_html(table))
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.label)
        button = QPushButton(f"Next hand at table {table.number}")
        button.clicked.connect(lambda: on_next_hand(table.number))
        layout.addWidget(button)


class TablesTab(Tab):
    COLUMNS = 4

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        bar = QHBoxLayout()
        self.next_hand_all = QPushButton("Next hand, all tables (F5)")
        self.hand_for_hand = QPushButton("Hand-for-hand")
        self.hand_for_hand.setCheckable(True)
        self.manual_move = QPushButton("Move a player…")
        self.print_seats = QPushButton("Seat cards (PDF)…")
        for b in (self.next_hand_all, self.hand_for_hand, self.manual_move, self.print_seats):
            bar.addWidget(b)
        bar.addStretch(1)
        left.addLayout(bar)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.scroll.setWidget(self.grid_host)
        left.addWidget(self.scroll, 1)
        layout.addLayout(left, 3)

        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Proposed moves</b> (the director decides)"))
        self.proposals = QListWidget()
        right.addWidget(self.proposals, 1)
        row = QHBoxLayout()
        self.accept_move = QPushButton("Accept (Ctrl+Enter)")
        self.edit_move = QPushButton("Edit…")
        self.reject_move = QPushButton("Reject")
        for b in (self.accept_move, self.edit_move, self.reject_move):
            row.addWidget(b)
        right.addLayout(row)
        self.print_slip = QPushButton("Move slip (PDF)…")
        right.addWidget(self.print_slip)
        layout.addLayout(right, 1)
        self._tables: tuple[TableView, ...] = ()
        self._moves: tuple[MoveProposalView, ...] = ()

    def set_tables(self, tables: Sequence[TableView], moves: Sequence[MoveProposalView] = ()) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self._tables = tuple(tables)
        for i, table in enumerate(self._tables):
            self.grid.addWidget(TableCard(table, self._next_hand), i // self.COLUMNS, i % self.COLUMNS)
        self._moves = tuple(moves)
        self.proposals.clear()
        for move in self._moves:
            reason = f" — {move.reason}" if move.reason else ""
            self.proposals.addItem(f"{move.name}: table {move.from_table} seat {move.from_seat} → "
                                   f"table {move.to_table} seat {move.to_seat}{reason}")
        if self._moves:
            self.proposals.setCurrentRow(0)
        for b in (self.accept_move, self.edit_move, self.reject_move, self.print_slip):
            b.setEnabled(bool(self._moves))

    def selected_move(self) -> MoveProposalView | None:
        row = self.proposals.currentRow()
        return self._moves[row] if 0 <= row < len(self._moves) else None

    def _next_hand(self, table_number: int) -> None:
        service = self.session.tournament if self.session else None
        if service is not None and hasattr(service, "next_hand"):
            self.run(service.next_hand, table_number)

    def refresh(self) -> None:
        service = self.session.tournament if self.session else None
        tables = _service_values(service, "tables") or ()
        self.set_tables(tuple(t for t in tables if not getattr(t, "broken", False)), self._moves)


# ----- Clock ---------------------------------------------------------------------------------------------
class ClockTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.big = QLabel("--:--")
        self.big.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.big.font()
        font.setPixelSize(120)
        font.setBold(True)
        self.big.setFont(font)
        self.level = QLabel()
        self.level.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lf = self.level.font()
        lf.setPixelSize(32)
        self.level.setFont(lf)
        self.next = QLabel()
        self.next.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(1)
        layout.addWidget(self.level)
        layout.addWidget(self.big)
        layout.addWidget(self.next)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, label in (("previous", "◀ Previous level (Ctrl+Left)"), ("minus", "− 1 min (Ctrl+Down)"),
                           ("toggle", "Start / Pause (Space)"), ("plus", "+ 1 min (Ctrl+Up)"),
                           ("next", "Next level ▶ (Ctrl+Right)")):
            b = QPushButton(label)
            b.setMinimumHeight(48)
            self.buttons[key] = b
            buttons.addWidget(b)
        layout.addLayout(buttons)
        jump = QHBoxLayout()
        jump.addStretch(1)
        jump.addWidget(QLabel("Jump to level:"))
        self.jump_level = QSpinBox()
        self.jump_level.setRange(1, 200)
        jump.addWidget(self.jump_level)
        self.jump_button = QPushButton("Jump (Ctrl+J)")
        jump.addWidget(self.jump_button)
        jump.addStretch(1)
        layout.addLayout(jump)

    def refresh(self) -> None:
        view = view_from_session(self.session)
        self.big.setText(format_clock(view.remaining_seconds))
        if view.on_break:
            self.level.setText(view.break_name)
        elif view.level_number is not None:
            ante = f", ante {view.ante:,}" if view.ante else ""
            self.level.setText(f"Level {view.level_number}: {view.small_blind:,} / {view.big_blind:,}{ante}")
        else:
            self.level.setText(view.message)
        parts = []
        if view.next_label:
            parts.append(f"Next: {view.next_label}")
        if view.seconds_to_break is not None:
            parts.append(f"Break in {format_clock(view.seconds_to_break)}")
        self.next.setText("    ".join(parts))
        self.buttons["toggle"].setText("Pause (Space)" if view.running else "Start (Space)")


# ----- Structure and payouts -----------------------------------------------------------------------------
def shipped_templates(folder: str) -> list[Path]:
    path = resources_root() / folder
    return sorted(path.glob("*.toml")) if path.is_dir() else []


class TemplateEditorTab(Tab):
    """Structure or payouts: pick a shipped template, see it, apply it through the service."""

    def __init__(self, session: Any, run: Callable[..., Any], folder: str, title: str) -> None:
        super().__init__(session, run)
        self.folder = folder
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(f"{title} template:"))
        self.templates = QComboBox()
        for path in shipped_templates(folder):
            self.templates.addItem(path.stem.replace("_", " ").replace("-", " ").title(), str(path))
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this template")
        self.import_button = QPushButton("Import…")
        bar.addWidget(self.apply_button)
        bar.addWidget(self.import_button)
        layout.addLayout(bar)
        self.preview = QTextBrowser()
        layout.addWidget(self.preview, 1)
        self.templates.currentIndexChanged.connect(self._show_template)
        self._show_template()

    def selected_template(self) -> Path | None:
        data = self.templates.currentData()
        return Path(data) if data else None

    def _show_template(self) -> None:
        path = self.selected_template()
        self.preview.setPlainText(path.read_text(encoding="utf-8") if path else "No templates shipped.")


class StructureTab(TemplateEditorTab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run, "structures", "Structure")


class PayoutsTab(TemplateEditorTab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run, "payouts", "Payouts")
        self.deal_button = QPushButton("Deal (chop)… ")
        self.layout().addWidget(self.deal_button)


# ----- Results -------------------------------------------------------------------------------------------
class ResultsTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.model: RowTableModel[ResultRow] = results_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        layout.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.export_button = QPushButton("Export CSV / HTML… (Ctrl+E)")
        self.export_button.clicked.connect(self.export_dialog)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)

    def set_rows(self, rows: Sequence[ResultRow]) -> None:
        self.model.set_rows(rows)

    def refresh(self) -> None:
        rows = _service_values(self.session.tournament if self.session else None, "result_rows", "results")
        self.set_rows(tuple(rows or ()))

    def export_to(self, path: Path) -> Path:
        title = self.session.tournament_name if self.session else "Results"
        return export_results(path, title or "Results", self.model.rows)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export results", "results.html",
                                              "Web page (*.html);;Spreadsheet (*.csv)")
        if path:
            self.export_to(Path(path))


# ----- Log -----------------------------------------------------------------------------------------------
class LogTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.model = events_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        layout.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.undo_button = QPushButton("Undo (Ctrl+Z)")
        self.redo_button = QPushButton("Redo (Ctrl+Shift+Z)")
        bar.addWidget(self.undo_button)
        bar.addWidget(self.redo_button)
        layout.addLayout(bar)

    def refresh(self) -> None:
        history = self.session.history() if self.session else []
        self.model.set_rows(tuple(reversed(history)))   # newest first: what the director just did is on top
        self.undo_button.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_button.setEnabled(bool(self.session and self.session.can_redo()))


# ----- New tournament wizard -----------------------------------------------------------------------------
@dataclass(frozen=True)
class NewTournamentChoices:
    name: str
    structure_template: Path | None
    payouts_template: Path | None
    buy_in: int
    entry_fee: int
    starting_stack: int
    tables: int
    seats_per_table: int


class NewTournamentForm(QWidget):
    """One page, sensible defaults: a nightly tournament is set up in well under a minute."""

    def __init__(self) -> None:
        super().__init__()
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Friday Night Hold'em")
        self.structure = QComboBox()
        for path in shipped_templates("structures"):
            self.structure.addItem(path.stem.replace("_", " ").title(), str(path))
        self.payouts = QComboBox()
        for path in shipped_templates("payouts"):
            self.payouts.addItem(path.stem.replace("_", " ").title(), str(path))
        self.buy_in = QSpinBox()
        self.buy_in.setRange(0, 1_000_000)
        self.buy_in.setValue(100)
        self.entry_fee = QSpinBox()
        self.entry_fee.setRange(0, 1_000_000)
        self.entry_fee.setValue(10)
        self.starting_stack = QSpinBox()
        self.starting_stack.setRange(1, 10_000_000)
        self.starting_stack.setSingleStep(1000)
        self.starting_stack.setValue(20_000)
        self.tables = QSpinBox()
        self.tables.setRange(1, 2000)
        self.tables.setValue(3)
        self.seats = QSpinBox()
        self.seats.setRange(2, 10)
        self.seats.setValue(9)
        form.addRow("Name", self.name)
        form.addRow("Structure", self.structure)
        form.addRow("Payouts", self.payouts)
        form.addRow("Buy-in", self.buy_in)
        form.addRow("Entry fee", self.entry_fee)
        form.addRow("Starting stack", self.starting_stack)
        form.addRow("Tables", self.tables)
        form.addRow("Seats per table", self.seats)

    def choices(self) -> NewTournamentChoices:
        s, p = self.structure.currentData(), self.payouts.currentData()
        return NewTournamentChoices(self.name.text().strip(), Path(s) if s else None, Path(p) if p else None,
                                    self.buy_in.value(), self.entry_fee.value(), self.starting_stack.value(),
                                    self.tables.value(), self.seats.value())
