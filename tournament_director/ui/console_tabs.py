"""The console's tabs. Each one renders values from the session's services and calls their commands; none computes
a rule. A refused command (DomainError) is shown to the director and nothing changes."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tournament_director.domain.structure import structure_from_toml
from tournament_director.resources import resources_root
from tournament_director.services.clock import suggested_structure
from tournament_director.ui.dialogs import BustDialog, DealDialog, MoveDialog, template_title
from tournament_director.ui.export import export_results
from tournament_director.ui.models import (
    EntryRow,
    ResultRow,
    RowTableModel,
    SearchProxy,
    entries_model,
    events_model,
    results_model,
    status_colours,
)
from tournament_director.ui.printing import MoveSlip, SeatCard, move_slips_html, print_html, save_pdf, seat_cards_html
from tournament_director.ui.projector.view import countdown_text, format_clock, view_from_session


@dataclass(frozen=True)
class Outcome:
    """What running a command through the console gave: ``ok`` False when it was refused (already shown)."""

    ok: bool
    value: Any = None


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
    """A console tab. ``run(command, *args)`` runs a service call through the window (a refusal is shown, listeners
    are told) and returns an Outcome; ``message`` puts a line in the status bar."""

    message = Signal(str)

    def __init__(self, session: Any, run: Callable[..., Outcome]) -> None:
        super().__init__()
        self.session = session
        self.run = run

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass

    def _save_pdf(self, suggested: str, export: Callable[[Path], Path]) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save as PDF", suggested, "PDF (*.pdf)")
        if path:
            self.message.emit(f"Saved {export(Path(path))}")

    def _print(self, document: str) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if QPrintDialog(printer, self).exec() == QPrintDialog.DialogCode.Accepted:
            print_html(document, printer)


# ----- Players -------------------------------------------------------------------------------------------
def entry_row(entry: Any) -> EntryRow:
    """The floor service's EntryView as a row of the Players table."""
    if entry.busted:
        status = "busted"
    elif not entry.present:
        status = "absent"
    elif entry.waiting_for_button:
        status = "waits for button"
    elif entry.table is None:
        status = "waiting for a seat"
    else:
        status = "playing"
    place = entry.place
    return EntryRow(entry_id=entry.entry_id, name=entry.name, status=status, table=entry.table, seat=entry.seat,
                    chips=None if entry.busted else entry.chips, rebuys=entry.rebuys, add_ons=entry.addons,
                    place=place, prize=entry.paid or None)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def figures_text(figures: Any) -> str:
    """'17 of 20 left · average 23,529 · chips in play 400,000 · prize pool 2,000' (values from the services)."""
    if figures is None:
        return ""
    parts = [f"{figures.players_left:,} of {figures.entries:,} left"]
    if figures.average_stack is not None:
        parts.append(f"average stack {figures.average_stack:,}")
    parts.append(f"chips in play {figures.chips_in_play:,}")
    parts.append(f"prize pool {figures.prize_pool:,}")
    return "   ·   ".join(parts)


class PlayersTab(Tab):
    """Find, register, rebuy, add-on, re-enter, bust, absent/present. Every button calls the floor service."""

    proposal_ready = Signal(object)   # the balancing proposal after a bust (a MoveProposal)

    BUTTONS = (("register", "Buy in (Enter)"), ("rebuy", "Rebuy (Ctrl+Shift+R)"), ("add_on", "Add-on (Ctrl+Shift+A)"),
               ("re_entry", "Re-entry (Ctrl+Shift+E)"), ("bust", "Bust… (Ctrl+B)"),
               ("absent", "Absent / present (Ctrl+Shift+P)"), ("seat_card", "Seat card (Ctrl+Shift+S)"),
               ("draw", "Draw seats (Ctrl+Shift+D)"), ("close_registration", "Close registration"))

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        register_bar = QHBoxLayout()
        register_bar.addWidget(QLabel("<b>Register:</b>"))
        self.register_name = QLineEdit()
        self.register_name.setPlaceholderText("Name of the player buying in (Ctrl+R), Enter to register")
        self.register_name.setClearButtonEnabled(True)
        self._registry_names = QStringListModel(self)
        completer = QCompleter(self._registry_names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.register_name.setCompleter(completer)
        self.register_name.textEdited.connect(self._suggest_registry_names)
        self.register_name.returnPressed.connect(self.register_typed)
        register_bar.addWidget(self.register_name, 2)
        self.buttons: dict[str, QPushButton] = {key: QPushButton(label) for key, label in self.BUTTONS}
        register_bar.addWidget(self.buttons["register"])
        register_bar.addSpacing(24)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find (Ctrl+F): name, table, status…")
        self.search.setClearButtonEnabled(True)
        register_bar.addWidget(self.search, 1)
        self.count_label = QLabel()
        register_bar.addWidget(self.count_label)
        layout.addLayout(register_bar)
        self.figures_label = QLabel()
        self.figures_label.setObjectName("figures")
        layout.addWidget(self.figures_label)

        self.model: RowTableModel[EntryRow] = entries_model(parent=self)
        self.proxy = SearchProxy(self)
        self.proxy.setSourceModel(self.model)
        self.search.textChanged.connect(self._search)
        self.view = make_table_view(self.proxy)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.view.setColumnHidden(2, True)             # nicknames live in the player registry
        self.view.setColumnWidth(1, 260)
        self.view.setColumnWidth(3, 130)
        self.view.doubleClicked.connect(lambda _index: self.open_bust_dialog())
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        layout.addWidget(self.view, 1)
        actions = QHBoxLayout()
        for key, _label in self.BUTTONS[1:]:
            actions.addWidget(self.buttons[key])
        actions.addStretch(1)
        layout.addLayout(actions)

        b = self.buttons
        b["register"].clicked.connect(self.register_typed)
        b["rebuy"].clicked.connect(lambda: self._entry_command("rebuy"))
        b["add_on"].clicked.connect(lambda: self._entry_command("add_on"))
        b["re_entry"].clicked.connect(self.re_enter_selected)
        b["bust"].clicked.connect(self.open_bust_dialog)
        b["absent"].clicked.connect(self.toggle_present)
        b["draw"].clicked.connect(self.draw_seats)
        b["close_registration"].clicked.connect(self.close_registration)
        _print_menu(b["seat_card"], lambda: self._print(self.seat_card_html()), self.save_seat_card)
        self.bust_dialog: BustDialog | None = None
        self._update_buttons()

    # ----- reading -----------------------------------------------------------------------------------------
    @property
    def floor(self) -> Any:
        return self.session.tournament if self.session else None

    def _search(self, text: str) -> None:
        self.proxy.set_search_text(text)
        self._update_count()

    def set_theme(self, theme: str) -> None:
        """Status colours that keep their contrast on this console theme's rows."""
        colours = status_colours(theme)
        self.model.set_text_colour(lambda r: colours.get(r.status))

    def _update_count(self) -> None:
        self.count_label.setText(f"{self.proxy.rowCount():,} of {self.model.rowCount():,} entries")

    def set_rows(self, rows: Sequence[EntryRow]) -> None:
        selected = self.selected_entry()
        self.model.set_rows(rows)
        self._update_count()
        if selected is not None:
            self.select_entry(selected.entry_id)
        self._update_buttons()

    def selected_entry(self) -> EntryRow | None:
        rows = self.view.selectionModel().selectedRows()
        return self.proxy.source_row(rows[0].row()) if rows else None

    def select_entry(self, entry_id: int) -> bool:
        for proxy_row in range(self.proxy.rowCount()):
            row = self.proxy.source_row(proxy_row)
            if row is not None and row.entry_id == entry_id:
                self.view.selectRow(proxy_row)
                self.view.scrollTo(self.proxy.index(proxy_row, 0))
                return True
        return False

    def seat_card_html(self) -> str:
        """The seat card of the selected player (a late entry or a player moved by hand)."""
        row = self.selected_entry()
        if row is None or row.seat is None or row.table is None:
            return ""
        return seat_cards_html([SeatCard(row.name, row.table, row.seat, self.session.tournament_name)])

    def export_seat_card(self, path: Path) -> Path:
        return save_pdf(self.seat_card_html(), path)

    def save_seat_card(self) -> None:
        if not self.seat_card_html():
            self.message.emit("Select a seated player first, then Ctrl+Shift+S for the seat card")
            return
        self._save_pdf("seat-card.pdf", self.export_seat_card)

    def _update_buttons(self) -> None:
        row = self.selected_entry()
        live = row is not None and row.status != "busted"
        for key in ("rebuy", "add_on", "bust", "absent"):
            self.buttons[key].setEnabled(live)
        self.buttons["re_entry"].setEnabled(row is not None and row.status == "busted")
        self.buttons["seat_card"].setEnabled(row is not None and row.seat is not None and row.status != "busted")
        self.buttons["absent"].setText("Present (Ctrl+Shift+P)" if row is not None and row.status == "absent"
                                       else "Absent (Ctrl+Shift+P)")

    def refresh(self) -> None:
        floor = self.floor
        if floor is None:
            self.set_rows(())
            self.figures_label.setText("")
            return
        entries = floor.entries()
        names = {e.entry_id: e.name for e in entries}
        rows = []
        for e in entries:
            row = entry_row(e)
            if e.eliminated_by:
                row = replace(row, eliminated_by=", ".join(names.get(i, f"#{i}") for i in e.eliminated_by))
            rows.append(row)
        self.set_rows(rows)
        self.figures_label.setText(figures_text(self.session.floor_figures()))

    # ----- registration ------------------------------------------------------------------------------------
    def _suggest_registry_names(self, text: str) -> None:
        if self.session is None or len(text.strip()) < 2:
            return
        self._registry_names.setStringList([p.name for p in self.session.find_players(text, limit=20)])

    def registry_player(self, name: str) -> Any:
        """The registry's player called ``name`` (case and accents ignored), added when new."""
        for player in self.session.find_players(name, limit=50):
            if player.name.casefold() == name.casefold():
                return player
        look_alikes = self.session.possible_duplicates(name)
        if look_alikes:
            other = look_alikes[0]
            answer = QMessageBox.question(
                self, "Same player?",
                f"The registry already has {other.name!r}.\n\nIs {name!r} the same person?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Yes)
            if answer == QMessageBox.StandardButton.Yes:
                return other
            if answer == QMessageBox.StandardButton.Cancel:
                return None
        outcome = self.run(self.session.add_player, name)
        return outcome.value if outcome.ok else None

    def register(self, name: str) -> Any:
        """Buy in ``name`` (found in or added to the player registry); returns the new entry or None."""
        name = name.strip()
        if not name:
            self.message.emit("Type the player's name first")
            return None
        if self.floor is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
            return None
        player = self.registry_player(name)
        if player is None:
            return None
        outcome = self.run(self.floor.register, player.name, player.id)
        if not outcome.ok:
            return None
        entry = outcome.value
        where = f": table {entry.table}, seat {entry.seat}" if entry.table is not None else ""
        self.message.emit(f"{entry.name} bought in (entry {entry.entry_id}){where}")
        self.select_entry(entry.entry_id)
        return entry

    def register_typed(self) -> None:
        if self.register(self.register_name.text()) is not None:
            self.register_name.clear()
        self.register_name.setFocus()

    def re_enter_selected(self) -> Any:
        row = self.selected_entry()
        if row is None or self.floor is None:
            return None
        old = self.floor.entry(row.entry_id)
        outcome = self.run(self.floor.register, old.name, old.player_id)
        if outcome.ok:
            entry = outcome.value
            where = f": table {entry.table}, seat {entry.seat}" if entry.table is not None else ""
            self.message.emit(f"{entry.name} re-entered (entry {entry.entry_id}){where}")
            self.select_entry(entry.entry_id)
            return entry
        return None

    def draw_seats(self) -> None:
        if self.floor is not None:
            outcome = self.run(self.floor.draw_seats)
            if outcome.ok:
                self.message.emit(f"Seats drawn for {len(outcome.value)} players (TDA 7): print the seat cards "
                                  "from the Tables tab")

    def close_registration(self) -> None:
        if self.floor is not None and self.run(self.floor.close_registration).ok:
            self.message.emit("Registration closed")

    # ----- the selected entry ------------------------------------------------------------------------------
    def _entry_command(self, name: str) -> None:
        row = self.selected_entry()
        if row is None or self.floor is None:
            self.message.emit("Select a player first")
            return
        outcome = self.run(getattr(self.floor, name), row.entry_id)
        if outcome.ok:
            what = {"rebuy": "rebought", "add_on": "took the add-on"}[name]
            self.message.emit(f"{row.name} {what}: {outcome.value.chips:,} chips")

    def toggle_present(self) -> None:
        row = self.selected_entry()
        if row is None or self.floor is None:
            return
        present = row.status == "absent"
        if self.run(self.floor.set_present, row.entry_id, present).ok:
            self.message.emit(f"{row.name} is {'back' if present else 'absent'}")

    def open_bust_dialog(self) -> BustDialog | None:
        """Ask who eliminated the selected player; the bust is recorded when the director confirms."""
        row = self.selected_entry()
        if row is None or self.floor is None or row.status == "busted":
            self.message.emit("Select a player who is still in")
            return None
        live = [e for e in self.floor.entries() if not e.busted and e.entry_id != row.entry_id]
        live.sort(key=lambda e: (e.table != row.table, e.table or 0, e.seat or 0, e.name))
        candidates = [(e.entry_id, e.name, f"table {e.table} seat {e.seat}" if e.table else "") for e in live]
        where = f"table {row.table}, seat {row.seat}" if row.table else ""
        dialog = BustDialog(row.name, where, candidates, self)
        dialog.accepted.connect(lambda: self.bust(row.entry_id, dialog.eliminators()))
        dialog.finished.connect(dialog.deleteLater)
        self.bust_dialog = dialog
        dialog.open()
        return dialog

    def bust(self, entry_id: int, eliminators: Sequence[int] = ()) -> Any:
        outcome = self.run(self.floor.bust, entry_id, list(eliminators))
        if not outcome.ok:
            return None
        result = outcome.value
        out = result.busted[0]
        place = f" in {ordinal(out.place)} place" if out.place else ""
        text = f"{out.name} is out{place}"
        if result.finished:
            text += ": the tournament is over"
        moves = len(result.proposal.moves)
        if moves:
            text += f"; {moves} move{'s' if moves != 1 else ''} proposed (Tables tab)"
        self.message.emit(text)
        self.proposal_ready.emit(result.proposal)
        return result


# ----- Tables --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveProposalView:
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str = ""
    key: Any = field(default=None, compare=False)


# (background, text) of the button and blind markers: each pair at least 4.5:1 so it reads at a glance.
MARKER_COLOURS = {"D": ("#f9a825", "#000000"), "SB": ("#1565c0", "#ffffff"), "BB": ("#c62828", "#ffffff")}
OTHER_MARKER = ("#616161", "#ffffff")
QUIET_GREY = "#616161"       # empty and locked seats: quiet, still readable on the white card
WAITING_ORANGE = "#bf360c"


def _marker_html(marker: str) -> str:
    spans = []
    for m in marker.split():
        background, text = MARKER_COLOURS.get(m, OTHER_MARKER)
        spans.append(f"<span style='background:{background};color:{text};font-weight:bold'>&nbsp;{m}&nbsp;</span>")
    return " ".join(spans)


def table_card_html(table: Any) -> str:
    rows = []
    for s in table.seats:
        if s.locked:
            rows.append(f"<tr><td align=right>{s.seat}</td><td></td><td style='color:{QUIET_GREY}'>locked</td>"
                        "<td></td></tr>")
            continue
        name = html.escape(s.name) if s.name else f"<span style='color:{QUIET_GREY}'>empty</span>"
        if s.absent:
            name += " <b style='color:#c62828'>ABSENT</b>"
        if s.waiting:
            name += f" <i style='color:{WAITING_ORANGE}'>waits for button</i>"
        chips = f"{s.chips:,}" if s.chips is not None and s.name else ""
        rows.append(f"<tr><td align=right><b>{s.seat}</b></td><td>{_marker_html(s.marker)}</td><td>{name}</td>"
                    f"<td align=right>{chips}</td></tr>")
    note = f"<div style='color:#c62828'><b>{html.escape(table.note)}</b></div>" if table.note else ""
    players = sum(1 for s in table.seats if s.name)
    return (f"<div><b style='font-size:15pt'>Table {table.number}</b> &nbsp; {players} players &nbsp; "
            f"hand {table.hand_number}</div>{note}<table cellspacing=0 cellpadding=3 width='100%'>"
            + "".join(rows) + "</table>")


class TableCard(QFrame):
    def __init__(self, table: Any, on_next_hand: Callable[[int], None]) -> None:
        super().__init__()
        self.setObjectName("tableCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(300)
        layout = QVBoxLayout(self)
        self.label = QLabel(table_card_html(table))
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.label)
        self.next_hand = QPushButton(f"Next hand at table {table.number}")
        self.next_hand.clicked.connect(lambda: on_next_hand(table.number))
        layout.addWidget(self.next_hand)


def _print_menu(button: QPushButton, on_print: Callable[[], Any], on_pdf: Callable[[], Any]) -> None:
    menu = QMenu(button)
    menu.addAction("Print…", on_print)
    menu.addAction("Save as PDF…", on_pdf)
    button.setMenu(menu)


class TablesTab(Tab):
    """The table map, hands, hand-for-hand, and the balancing or breaking proposal the director decides on."""

    COLUMNS = 3
    moves_changed = Signal(int)   # how many proposed moves wait for the director

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        bar = QHBoxLayout()
        self.next_hand_all = QPushButton("Next hand, all tables (F5)")
        self.hand_for_hand = QPushButton("Hand-for-hand (Ctrl+H)")
        self.hand_for_hand.setCheckable(True)
        self.propose_button = QPushButton("Check balance (F6)")
        self.manual_move = QPushButton("Move a player… (Ctrl+M)")
        self.print_seats = QPushButton("Seat cards")
        for b in (self.next_hand_all, self.hand_for_hand, self.propose_button, self.manual_move, self.print_seats):
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
        self.proposal_title = QLabel("<b>Proposed moves</b>")
        self.proposal_title.setWordWrap(True)
        right.addWidget(self.proposal_title)
        self.proposals = QListWidget()
        self.proposals.setWordWrap(True)
        right.addWidget(self.proposals, 1)
        row = QHBoxLayout()
        self.accept_move = QPushButton("Accept all (Ctrl+Enter)")
        self.edit_move = QPushButton("Edit…")
        self.reject_move = QPushButton("Reject")
        for b in (self.accept_move, self.edit_move, self.reject_move):
            row.addWidget(b)
        right.addLayout(row)
        self.print_slip = QPushButton("Move slips")
        right.addWidget(self.print_slip)
        layout.addLayout(right, 1)

        self.next_hand_all.clicked.connect(lambda: self._next_hand(None))
        self.hand_for_hand.clicked.connect(self.set_hand_for_hand)
        self.propose_button.clicked.connect(self.propose)
        self.manual_move.clicked.connect(self.open_move_dialog)
        self.accept_move.clicked.connect(self.accept_proposal)
        self.edit_move.clicked.connect(self.open_edit_dialog)
        self.reject_move.clicked.connect(self.reject_selected_move)
        _print_menu(self.print_seats, lambda: self._print(self.seat_cards_html()),
                    lambda: self._save_pdf("seat-cards.pdf", self.export_seat_cards))
        _print_menu(self.print_slip, lambda: self._print(self.move_slips_html()),
                    lambda: self._save_pdf("move-slips.pdf", self.export_move_slips))
        self._tables: tuple[Any, ...] = ()
        self._moves: tuple[MoveProposalView, ...] = ()
        self.proposal: Any = None          # the floor service's MoveProposal, as edited by the director
        self.move_dialog: MoveDialog | None = None

    @property
    def floor(self) -> Any:
        return self.session.tournament if self.session else None

    # ----- rendering -----------------------------------------------------------------------------------------
    def set_tables(self, tables: Sequence[Any], moves: Sequence[MoveProposalView] = ()) -> None:
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
            reason = f"\n    {move.reason}" if move.reason else ""
            self.proposals.addItem(f"{move.name}: table {move.from_table} seat {move.from_seat} → "
                                   f"table {move.to_table} seat {move.to_seat}{reason}")
        if self._moves:
            self.proposals.setCurrentRow(0)
        for b in (self.accept_move, self.edit_move, self.reject_move, self.print_slip):
            b.setEnabled(bool(self._moves))
        self.moves_changed.emit(len(self._moves))

    def selected_move(self) -> MoveProposalView | None:
        row = self.proposals.currentRow()
        return self._moves[row] if 0 <= row < len(self._moves) else None

    def _names(self) -> dict[int, str]:
        return {e.entry_id: e.name for e in self.floor.entries()} if self.floor is not None else {}

    def _move_views(self) -> tuple[MoveProposalView, ...]:
        if self.proposal is None:
            return ()
        names = self._names()
        return tuple(MoveProposalView(names.get(m.entry_id, f"#{m.entry_id}"), m.from_table, m.from_seat,
                                      m.to_table, m.to_seat, f"{m.reason} ({m.rule})" if m.reason else m.rule, key=i)
                     for i, m in enumerate(self.proposal.moves))

    def _proposal_title(self) -> str:
        p = self.proposal
        if p is None or p.is_empty:
            halts = f" Halt: table {', '.join(map(str, p.halt_tables))} (TDA 11-D)." if p and p.halt_tables else ""
            return f"<b>Proposed moves</b>: none — tables are balanced.{halts}"
        kinds = {"balance": "Balance the tables", "break": "Break table", "final_table": "Final table redraw"}
        text = kinds.get(p.kind, p.kind)
        if p.broken_tables:
            text += " " + ", ".join(map(str, p.broken_tables))
        rules = f" ({'; '.join(p.rules)})" if p.rules else ""
        note = f"<br>{html.escape(p.note)}" if p.note else ""
        return f"<b>{html.escape(text)}</b>{html.escape(rules)}: {len(p.moves)} move(s)" + note

    def refresh(self) -> None:
        floor = self.floor
        tables = tuple(t for t in floor.tables() if not t.broken) if floor is not None else ()
        state = self.session.state if floor is not None else None
        self.hand_for_hand.setChecked(bool(getattr(getattr(state, "floor", None), "hand_for_hand", False)))
        if self.proposal is not None and not self._proposal_still_fits(tables):
            self.proposal = None
        self.proposal_title.setText(self._proposal_title())
        self.set_tables(tables, self._move_views())

    def _proposal_still_fits(self, tables: Sequence[Any]) -> bool:
        """A proposal made before an undo, a bust or a manual move no longer describes the room: drop it."""
        where = {s.entry_id: (t.number, s.seat) for t in tables for s in t.seats if s.entry_id is not None}
        return all(where.get(m.entry_id) == (m.from_table, m.from_seat) for m in self.proposal.moves)

    # ----- proposals ------------------------------------------------------------------------------------------
    def show_proposal(self, proposal: Any) -> None:
        self.proposal = proposal if proposal is not None and not proposal.is_empty else None
        self.refresh()

    def recheck_quietly(self) -> None:
        """After an undo or redo: the moves the room needs now (a query; nothing is recorded)."""
        floor = self.floor
        try:
            proposal = floor.propose_moves() if floor is not None and self.session.tournament_id else None
        except Exception:  # no tables yet, nothing to balance: show no proposal
            proposal = None
        self.show_proposal(proposal)

    def propose(self) -> Any:
        """Ask the floor service for the moves the room needs now (balance, break, final table)."""
        if self.floor is None:
            return None
        outcome = self.run(self.floor.propose_moves)
        if outcome.ok:
            self.show_proposal(outcome.value)
            if outcome.value.is_empty:
                self.message.emit(outcome.value.note or "The tables are balanced: no move needed")
            return outcome.value
        return None

    def accept_proposal(self) -> bool:
        if self.proposal is None or self.floor is None:
            return False
        accepted = self.proposal
        names = self._names()
        outcome = self.run(self.session.accept_moves, accepted)
        if not outcome.ok:
            return False
        self.last_accepted = accepted
        moved = ", ".join(f"{names.get(m.entry_id, m.entry_id)} to table {m.to_table} seat {m.to_seat}"
                          for m in accepted.moves)
        text = f"Moved: {moved}" if moved else "Moves recorded"
        done = outcome.value
        if getattr(done, "next_level", False):
            text += "; the final table starts with the next level (seed 000 E)"
        elif getattr(done, "note", ""):
            text += f"; {done.note}"
        self.message.emit(text)
        self.proposal = None
        self.propose()   # breaking one table can leave another to balance
        return True

    def reject_selected_move(self) -> None:
        """Drop the selected move from the proposal (the director keeps that player where he is)."""
        move = self.selected_move()
        if move is None or self.proposal is None:
            return
        remaining = [m for i, m in enumerate(self.proposal.moves) if i != move.key]
        self.proposal = self.proposal.with_moves(remaining) if remaining else None
        self.message.emit(f"Rejected: {move.name} stays at table {move.from_table}")
        self.refresh()

    def _open_tables(self) -> list[tuple[int, int]]:
        return [(t.number, t.seat_count or len(t.seats)) for t in self._tables]

    def open_edit_dialog(self) -> MoveDialog | None:
        move = self.selected_move()
        if move is None or self.proposal is None:
            return None
        dialog = MoveDialog([(self.proposal.moves[move.key].entry_id, move.name)], self._open_tables(),
                            title=f"Edit the move of {move.name}", fixed_player=True, to_table=move.to_table,
                            to_seat=move.to_seat, parent=self)
        dialog.accepted.connect(lambda: self.edit_move_to(move.key, *dialog.choice()[1:]))
        dialog.finished.connect(dialog.deleteLater)
        self.move_dialog = dialog
        dialog.open()
        return dialog

    def edit_move_to(self, index: int, to_table: int, to_seat: int) -> None:
        moves = list(self.proposal.moves)
        moves[index] = replace(moves[index], to_table=to_table, to_seat=to_seat, reason="edited by the director")
        self.proposal = self.proposal.with_moves(moves)
        self.refresh()

    def open_move_dialog(self) -> MoveDialog | None:
        if self.floor is None:
            return None
        seated = sorted((e for e in self.floor.entries() if not e.busted and e.table is not None),
                        key=lambda e: e.name.casefold())
        players = [(e.entry_id, f"{e.name} (table {e.table} seat {e.seat})") for e in seated]
        dialog = MoveDialog(players, self._open_tables(), parent=self)
        dialog.accepted.connect(lambda: self.move_player(*dialog.choice()))
        dialog.finished.connect(dialog.deleteLater)
        self.move_dialog = dialog
        dialog.open()
        return dialog

    def move_player(self, entry_id: int, to_table: int, to_seat: int) -> bool:
        if self.run(self.floor.move_player, entry_id, to_table, to_seat).ok:
            self.message.emit(f"{self._names().get(entry_id, entry_id)} moved to table {to_table} seat {to_seat}")
            return True
        return False

    # ----- hands ----------------------------------------------------------------------------------------------
    def _next_hand(self, table_number: int | None) -> None:
        """One table's next hand, or every table's; the session takes the hand-for-hand time off the clock."""
        if self.floor is None:
            return
        if table_number is None:
            hand_for_hand = bool(getattr(self.session.state.floor, "hand_for_hand", False))
            if self.run(self.session.next_hand_all_tables).ok:
                minutes = self.session.hand_for_hand_ms / 60_000
                extra = f"; {minutes:g} minutes off the clock (hand-for-hand, TDA RP-8)" if hand_for_hand else ""
                self.message.emit(f"Next hand dealt at all tables{extra}")
        elif self.run(self.floor.next_hand, table_number).ok:
            self.message.emit(f"Next hand dealt at table {table_number}")

    def set_hand_for_hand(self, on: bool) -> None:
        if self.floor is None:
            return
        if self.run(self.floor.set_hand_for_hand, bool(on)).ok:
            self.message.emit("Hand-for-hand ON: deal every table together (TDA RP-8)" if on
                              else "Hand-for-hand off")
        self.refresh()

    # ----- seat cards and move slips ------------------------------------------------------------------------
    def seat_cards(self) -> list[SeatCard]:
        title = self.session.tournament_name if self.session else ""
        return [SeatCard(s.name, t.number, s.seat, title) for t in self._tables for s in t.seats if s.name]

    def move_slips(self) -> list[MoveSlip]:
        moves = getattr(self, "last_accepted", None)
        source = self.proposal if self.proposal is not None else moves
        if source is None:
            return []
        title = self.session.tournament_name if self.session else ""
        entries = {e.entry_id: e for e in self.floor.entries()}
        return [MoveSlip(entries[m.entry_id].name, m.from_table, m.from_seat, m.to_table, m.to_seat,
                         entries[m.entry_id].chips, title) for m in source.moves if m.entry_id in entries]

    def seat_cards_html(self) -> str:
        return seat_cards_html(self.seat_cards())

    def move_slips_html(self) -> str:
        return move_slips_html(self.move_slips())

    def export_seat_cards(self, path: Path) -> Path:
        return save_pdf(self.seat_cards_html(), path)

    def export_move_slips(self, path: Path) -> Path:
        return save_pdf(self.move_slips_html(), path)



# ----- Clock ---------------------------------------------------------------------------------------------
class ClockTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.restart_banner = QFrame()
        self.restart_banner.setObjectName("restartBanner")
        banner = QHBoxLayout(self.restart_banner)
        self.restart_text = QLabel()
        self.restart_text.setWordWrap(True)
        banner.addWidget(self.restart_text, 1)
        self.resume_saved = QPushButton("Resume paused, with the time saved")
        self.continue_clock = QPushButton("Continue: count the time that passed")
        banner.addWidget(self.resume_saved)
        banner.addWidget(self.continue_clock)
        self.resume_saved.clicked.connect(lambda: self._clock_call("resume_paused_after_restart"))
        self.continue_clock.clicked.connect(lambda: self._clock_call("continue_after_restart"))
        layout.addWidget(self.restart_banner)
        self.restart_banner.hide()
        self.big = QLabel("--:--")
        self.big.setObjectName("bigClock")
        self.big.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.big.font()
        font.setPixelSize(140)
        font.setBold(True)
        self.big.setFont(font)
        self.level = QLabel()
        self.level.setObjectName("clockLevel")
        self.level.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lf = self.level.font()
        lf.setPixelSize(36)
        lf.setBold(True)
        self.level.setFont(lf)
        self.next = QLabel()
        self.next.setObjectName("clockNext")
        self.next.setAlignment(Qt.AlignmentFlag.AlignCenter)
        nf = self.next.font()
        nf.setPixelSize(20)
        self.next.setFont(nf)
        self.figures = QLabel()
        self.figures.setObjectName("clockNext")
        self.figures.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.figures.setFont(nf)
        layout.addStretch(1)
        layout.addWidget(self.level)
        layout.addWidget(self.big)
        layout.addWidget(self.next)
        layout.addWidget(self.figures)
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
        self.buttons["toggle"].setObjectName("primary")
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

    def _clock_call(self, name: str) -> None:
        clock = self.session.clock if self.session else None
        if clock is not None:
            self.run(getattr(clock, name))
        self.refresh()

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
        parts = [countdown_text(view)] if countdown_text(view) else []
        if view.next_label:
            parts.append(f"Next: {view.next_label}")
        if view.seconds_to_break is not None:
            parts.append(f"Break in {format_clock(view.seconds_to_break)}")
        if view.notice:
            parts.append(view.notice)
        self.next.setText("    ".join(parts))
        figures = self.session.floor_figures() if self.session and self.session.tournament_id else None
        self.figures.setText(figures_text(figures))
        if view.remaining_seconds is None:
            toggle = "Start (Space)"
        else:
            toggle = "Pause (Space)" if view.running else ("Resume (Space)" if self._started() else "Start (Space)")
        self.buttons["toggle"].setText(toggle)
        clock = self.session.clock if self.session and self.session.tournament_id else None
        pending = getattr(clock, "restart_pending", None)
        self.restart_banner.setVisible(pending is not None)
        if pending is not None:
            self.restart_text.setText(
                f"The clock was running when the program stopped ({int(pending.wall_elapsed_seconds) // 60} min ago). "
                "How should it go on?")

    def _started(self) -> bool:
        state = self.session.state if self.session else None
        return bool(getattr(getattr(state, "schedule", None), "started", False))


# ----- Structure and payouts -----------------------------------------------------------------------------
def shipped_templates(folder: str) -> list[Path]:
    path = resources_root() / folder
    return sorted(path.glob("*.toml")) if path.is_dir() else []


def structure_html(structure: Any, current_index: int | None = None) -> str:
    rows = []
    for index, period in enumerate(structure.periods):
        style = " style='background:#fff59d;color:black;font-weight:bold'" if index == current_index else ""
        minutes = period.duration_seconds // 60
        if hasattr(period, "small_blind"):
            ante = f"{period.ante:,}{' (BB)' if period.big_blind_ante else ''}" if period.ante else ""
            rows.append(f"<tr{style}><td align=right>{period.number}</td><td align=right>{period.small_blind:,}</td>"
                        f"<td align=right>{period.big_blind:,}</td><td align=right>{ante}</td>"
                        f"<td align=right>{minutes} min</td></tr>")
        else:
            rows.append(f"<tr{style}><td colspan=4 align=center><i>{html.escape(period.name)}</i></td>"
                        f"<td align=right>{minutes} min</td></tr>")
    return ("<table cellspacing=0 cellpadding=4><tr><th>Level</th><th>Small blind</th><th>Big blind</th>"
            "<th>Ante</th><th>Length</th></tr>" + "".join(rows) + "</table>")


class StructureTab(Tab):
    """The structure in play and the shipped templates; "Use this template" loads one through the clock service."""

    folder = "structures"

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Structure template:"))
        self.templates = QComboBox()
        for path in shipped_templates(self.folder):
            self.templates.addItem(template_title(path.stem), str(path))
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this template")
        bar.addWidget(self.apply_button)
        layout.addLayout(bar)
        suggest_bar = QHBoxLayout()
        suggest_bar.addWidget(QLabel("Or suggest one lasting"))
        self.target_hours = QDoubleSpinBox()
        self.target_hours.setRange(1.0, 16.0)
        self.target_hours.setSingleStep(0.5)
        self.target_hours.setValue(5.0)
        self.target_hours.setSuffix(" h")
        self.field_size = QSpinBox()
        self.field_size.setRange(2, 20_000)
        self.field_size.setValue(60)
        self.field_size.setSuffix(" players")
        self.stack = QSpinBox()
        self.stack.setRange(100, 10_000_000)
        self.stack.setSingleStep(1000)
        self.stack.setGroupSeparatorShown(True)
        self.stack.setValue(20_000)
        self.stack.setPrefix("stack ")
        self.suggest_button = QPushButton("Suggest")
        self.use_suggestion_button = QPushButton("Use the suggestion")
        self.use_suggestion_button.setEnabled(False)
        for widget in (self.target_hours, self.field_size, self.stack, self.suggest_button,
                       self.use_suggestion_button):
            suggest_bar.addWidget(widget)
        suggest_bar.addStretch(1)
        layout.addLayout(suggest_bar)
        self._suggestion: tuple[Any, Any] | None = None
        self._suggestion_defaults_for: int | None = None
        self._suggestion_inputs_edited = False
        for spin in (self.target_hours, self.field_size, self.stack):
            spin.editingFinished.connect(lambda: setattr(self, "_suggestion_inputs_edited", True))
        self.in_play = QLabel()
        layout.addWidget(self.in_play)
        panes = QHBoxLayout()
        self.current = QTextBrowser()
        self.preview = QTextBrowser()
        panes.addWidget(self.current, 1)
        panes.addWidget(self.preview, 1)
        layout.addLayout(panes, 1)
        self.templates.currentIndexChanged.connect(self._show_template)
        self.apply_button.clicked.connect(self.use_selected_template)
        self.suggest_button.clicked.connect(self.suggest)
        self.use_suggestion_button.clicked.connect(self.use_suggestion)
        self._show_template()

    def suggest(self) -> Any:
        """Show a structure for the target length, field and stack (nothing is recorded until it is used)."""
        outcome = self.run(suggested_structure, round(self.target_hours.value() * 60), self.stack.value(),
                           self.field_size.value())
        if not outcome.ok:
            return None
        self._suggestion = outcome.value
        structure = self._suggestion[0]
        self.preview.setHtml(f"<h3>Suggested for {self.target_hours.value():g} h, {self.field_size.value():,} players,"
                             f" {self.stack.value():,} chips</h3>" + structure_html(structure))
        self.use_suggestion_button.setEnabled(True)
        return structure

    def use_suggestion(self) -> bool:
        clock = self.session.clock if self.session else None
        if self._suggestion is None or clock is None:
            self.message.emit("Open or create a tournament first (Ctrl+N), then suggest a structure")
            return False
        if self.run(clock.load_structure, *self._suggestion).ok:
            self.message.emit("Structure in play: the suggested structure")
            return True
        return False

    def selected_template(self) -> Path | None:
        data = self.templates.currentData()
        return Path(data) if data else None

    def _show_template(self) -> None:
        path = self.selected_template()
        if path is None:
            self.preview.setPlainText("No templates shipped.")
            return
        try:
            structure, _chips = structure_from_toml(path.read_text(encoding="utf-8"))
        except Exception as error:  # a broken template file: say so instead of showing nothing
            self.preview.setPlainText(f"{path.name}: {error}")
            return
        self.preview.setHtml(f"<h3>Template: {html.escape(structure.name)}</h3>" + structure_html(structure))

    def use_selected_template(self) -> bool:
        path = self.selected_template()
        clock = self.session.clock if self.session else None
        if path is None or clock is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
            return False
        if self.run(clock.load_template, path.stem).ok:
            self.message.emit(f"Structure in play: {template_title(path.stem)}")
            return True
        return False

    def refresh(self) -> None:
        clock = self.session.clock if self.session and self.session.tournament_id else None
        floor = self.session.tournament if clock else None
        if self._suggestion_defaults_for != self.session.tournament_id:
            self._suggestion_defaults_for, self._suggestion_inputs_edited = self.session.tournament_id, False
        if floor is not None and not self._suggestion_inputs_edited:   # the director's own figures stay
            self.stack.setValue(floor.settings.starting_stack)
            self.field_size.setValue(max(2, floor.prize_pool().entries or self.field_size.value()))
        structure = getattr(getattr(self.session.state, "schedule", None), "structure", None) if clock else None
        if structure is None:
            self.in_play.setText("No structure in play yet: choose a template and press “Use this template”.")
            self.current.setHtml("")
            return
        view = clock.view()
        self.in_play.setText(f"<b>In play:</b> {html.escape(structure.name)}")
        self.current.setHtml(f"<h3>In play: {html.escape(structure.name)}</h3>"
                             + structure_html(structure, view.period_index if view else None))


class PayoutsTab(Tab):
    """Prize pool and payouts by place from the floor service; the payout table; the deal."""

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Payout table:"))
        self.templates = QComboBox()
        for path in shipped_templates("payouts"):
            self.templates.addItem(template_title(path.stem), path.stem)
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this payout table")
        bar.addWidget(self.apply_button)
        self.deal_button = QPushButton("Deal (chop)… (Ctrl+D)")
        bar.addWidget(self.deal_button)
        layout.addLayout(bar)
        edit_bar = QHBoxLayout()
        edit_bar.addWidget(QLabel("Or pay by hand, % by place:"))
        self.hand_percentages = QLineEdit()
        self.hand_percentages.setPlaceholderText("e.g. 50, 30, 20  (must add up to 100)")
        edit_bar.addWidget(self.hand_percentages, 1)
        self.hand_button = QPushButton("Pay these")
        self.table_button = QPushButton("Back to the payout table")
        edit_bar.addWidget(self.hand_button)
        edit_bar.addWidget(self.table_button)
        layout.addLayout(edit_bar)
        self.pool = QLabel()
        self.pool.setWordWrap(True)
        layout.addWidget(self.pool)
        self.payouts = QTextBrowser()
        layout.addWidget(self.payouts, 1)
        self.hand_percentages.returnPressed.connect(self.pay_by_hand)
        self.hand_button.clicked.connect(self.pay_by_hand)
        self.table_button.clicked.connect(self.back_to_payout_table)
        self.apply_button.clicked.connect(self.use_selected_table)
        self.deal_button.clicked.connect(self.open_deal_dialog)
        self.deal_dialog: DealDialog | None = None

    @property
    def floor(self) -> Any:
        return self.session.tournament if self.session else None

    def use_selected_table(self) -> bool:
        name = self.templates.currentData()
        floor = self.floor
        if floor is None or not name:
            return False
        settings = {**floor.settings.to_dict(), "payout_table": name}
        if self.run(floor.configure, settings).ok:
            self.message.emit(f"Payout table: {template_title(name)}")
            return True
        return False

    def pay_by_hand(self) -> bool:
        """Record hand-edited percentages (the service checks they add up to 100)."""
        floor = self.floor
        parts = [p.strip().rstrip("%").strip() for p in self.hand_percentages.text().replace(";", ",").split(",")]
        parts = [p for p in parts if p]
        if floor is None or not parts:
            self.message.emit("Type the percentage of each paid place, first place first: e.g. 50, 30, 20")
            return False
        if self.run(floor.edit_payouts, parts).ok:
            self.message.emit(f"Payouts by hand: {', '.join(p + ' %' for p in parts)}")
            return True
        return False

    def back_to_payout_table(self) -> bool:
        floor = self.floor
        if floor is not None and self.run(floor.edit_payouts, None).ok:
            self.hand_percentages.clear()
            self.message.emit("Payouts follow the payout table again")
            return True
        return False

    def refresh(self) -> None:
        floor = self.floor
        if floor is None:
            self.pool.setText("")
            self.payouts.setHtml("")
            return
        pool = floor.prize_pool()
        name = floor.settings.payout_table
        index = self.templates.findData(name)
        if index >= 0:
            self.templates.setCurrentIndex(index)
        extra = f" (guarantee {pool.guarantee:,}, house adds {pool.top_up:,})" if pool.top_up else ""
        bounty = f"   ·   bounties {pool.bounty_pool:,}" if pool.bounty_pool else ""
        self.pool.setText(f"<b style='font-size:14pt'>Prize pool {pool.prize_pool:,}</b>{extra}   ·   "
                          f"{pool.entries:,} entries ({pool.reentries} re-entries), {pool.rebuys} rebuys, "
                          f"{pool.addons} add-ons   ·   house {pool.house:,}{bounty}")
        percentages = floor.payout_percentages()
        rows = "".join(f"<tr><td align=right>{ordinal(place)}</td><td align=right>{amount:,}</td>"
                       f"<td align=right>{percentages[place - 1] + ' %' if place <= len(percentages) else ''}</td></tr>"
                       for place, amount in enumerate(pool.prizes, start=1))
        source = "set by hand" if floor.payouts_by_hand else html.escape(template_title(name))
        self.payouts.setHtml(f"<h3>Payouts ({source})</h3><table cellpadding=4>"
                             "<tr><th>Place</th><th>Prize</th><th>Share</th></tr>" + rows + "</table>")

    def open_deal_dialog(self) -> DealDialog | None:
        floor = self.floor
        if floor is None:
            return None
        alive = [e for e in floor.entries() if not e.busted]
        dialog = DealDialog(floor, {e.entry_id: e.name for e in alive}, {e.entry_id: e.chips for e in alive}, self)
        dialog.accepted.connect(lambda: self.record_deal(dialog.proposal))
        dialog.finished.connect(dialog.deleteLater)
        self.deal_dialog = dialog
        dialog.open()
        return dialog

    def record_deal(self, proposal: Any) -> bool:
        if proposal is None or self.floor is None:
            return False
        if self.run(self.floor.make_deal, proposal).ok:
            self.message.emit(f"Deal recorded ({'ICM' if proposal.method == 'icm' else 'chip chop'}): "
                              f"{proposal.total:,} shared")
            return True
        return False


# ----- Results -------------------------------------------------------------------------------------------
class ResultsTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.model: RowTableModel[ResultRow] = results_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        for column, width in enumerate((80, 320, 120, 120)):
            self.view.setColumnWidth(column, width)
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
        floor = self.session.tournament if self.session else None
        if floor is None:
            self.set_rows(())
            self.summary.setText("")
            return
        rows = [ResultRow(r.place, r.name, r.prize, r.bounty_won, r.entry_id)
                for r in sorted(floor.results(), key=lambda r: (r.place, r.name))]
        self.set_rows(rows)
        left = floor.players_left
        self.summary.setText("The tournament is over." if floor.finished
                             else f"{len(rows)} places decided, {left} player(s) still in.")

    def export_to(self, path: Path) -> Path:
        title = self.session.tournament_name if self.session else "Results"
        return export_results(path, title or "Results", self.model.rows)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export results", "results.html",
                                              "Web page (*.html);;Spreadsheet (*.csv)")
        if path:
            try:
                self.message.emit(f"Results saved: {self.export_to(Path(path))}")
            except (OSError, ValueError) as error:
                QMessageBox.warning(self, "Export failed", str(error))


# ----- Log -----------------------------------------------------------------------------------------------
class LogTab(Tab):
    """The event history with undo and redo, and below it the messages the console gave (newest first)."""

    MAX_MESSAGES = 500
    undone = Signal(object)   # the event undone from the history

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.model = events_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        for column, width in enumerate((60, 90, 190, 900, 110)):
            self.view.setColumnWidth(column, width)
        layout.addWidget(self.view, 3)
        layout.addWidget(QLabel("<b>Messages</b> (scheduled jobs, refusals, what the console said)"))
        self.messages = QListWidget()
        self.messages.setObjectName("messages")
        self.messages.setWordWrap(True)
        layout.addWidget(self.messages, 1)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.undo_selected_button = QPushButton("Undo the selected event (Del)")
        self.undo_selected_button.setToolTip("Undo an earlier event (a bust, a move) and keep what came after it")
        self.undo_selected_button.clicked.connect(self.undo_selected)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.view, self.undo_selected,
                  context=Qt.ShortcutContext.WidgetShortcut)
        self.undo_button = QPushButton("Undo last (Ctrl+Z)")
        self.redo_button = QPushButton("Redo (Ctrl+Shift+Z)")
        bar.addWidget(self.undo_selected_button)
        bar.addWidget(self.undo_button)
        bar.addWidget(self.redo_button)
        layout.addLayout(bar)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_undo_selected())

    def selected_event(self) -> Any:
        rows = self.view.selectionModel().selectedRows()
        return self.model.rows[rows[0].row()] if rows else None

    def _update_undo_selected(self) -> None:
        event = self.selected_event()
        self.undo_selected_button.setEnabled(event is not None and not event.undone
                                             and event.event_type not in ("log.undo", "log.redo"))

    def undo_selected(self) -> Any:
        """Undo the event selected in the history, e.g. a bust a few hands ago (later events stay when they
        still apply; otherwise the refusal names the event in the way and nothing changes)."""
        event = self.selected_event()
        if event is None or self.session is None:
            self.message.emit("Select the event to undo in the history first")
            return None
        outcome = self.run(self.session.undo, event.seq)
        if outcome.ok:
            self.message.emit(f"Undone: {event.event_type} (#{event.seq})")
            self.undone.emit(outcome.value)
        return outcome.value if outcome.ok else None

    def add_message(self, text: str) -> None:
        self.messages.insertItem(0, f"{datetime.now().strftime('%H:%M:%S')}  {text}")
        while self.messages.count() > self.MAX_MESSAGES:
            self.messages.takeItem(self.messages.count() - 1)

    def message_texts(self) -> list[str]:
        """The messages, newest first, without their time stamps."""
        return [self.messages.item(i).text().split("  ", 1)[-1] for i in range(self.messages.count())]

    def refresh(self) -> None:
        history = self.session.history() if self.session else []
        self.model.set_rows(tuple(reversed(history)))   # newest first: what the director just did is on top
        self.undo_button.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_button.setEnabled(bool(self.session and self.session.can_redo()))
        self._update_undo_selected()
