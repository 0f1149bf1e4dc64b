"""The Players tab: find, register, rebuy, add-on, re-enter, bust and absent/present, each through the floor
service; the registry suggests names as the director types."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import QCompleter, QHBoxLayout, QLabel, QLineEdit, QMessageBox, QPushButton, QVBoxLayout

from tournament_director.ui.console.dialogs import BustDialog
from tournament_director.ui.console.entry_actions import BuyInChoice, EntryActionButtons
from tournament_director.ui.console.tab import Tab, figures_text, make_table_view, ordinal, print_menu
from tournament_director.ui.models import EntryRow, RowTableModel, SearchProxy, entries_model, status_colours
from tournament_director.ui.printing import SeatCard, save_pdf, seat_cards_html


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
        self.buy_in_choice = BuyInChoice(session)
        register_bar.addWidget(self.buy_in_choice)
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
        self.entry_actions = EntryActionButtons(session, self.buttons)
        layout.addWidget(self.entry_actions.reasons)

        b = self.buttons
        b["register"].clicked.connect(self.register_typed)
        b["rebuy"].clicked.connect(lambda: self._entry_command("rebuy"))
        b["add_on"].clicked.connect(lambda: self._entry_command("add_on"))
        b["re_entry"].clicked.connect(self.re_enter_selected)
        b["bust"].clicked.connect(self.open_bust_dialog)
        b["absent"].clicked.connect(self.toggle_present)
        b["draw"].clicked.connect(self.draw_seats)
        b["close_registration"].clicked.connect(self.close_registration)
        print_menu(b["seat_card"], lambda: self._print(self.seat_card_html()), self.save_seat_card)
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
        for key in ("bust", "absent"):
            self.buttons[key].setEnabled(live)
        self.entry_actions.update(row.entry_id if row is not None else None)
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
        self.buy_in_choice.refresh()
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
        outcome = self.run(self.floor.register, player.name, player.id, option=self.buy_in_choice.option())
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
        if not self.entry_actions.allowed("re_entry"):
            self.message.emit(f"No re-entry now: {self.entry_actions.why_not('re_entry')}")
            return None
        old = self.floor.entry(row.entry_id)
        outcome = self.run(self.floor.register, old.name, old.player_id, option=self.buy_in_choice.option())
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
        if not self.entry_actions.allowed(name):
            self.message.emit(f"No {name.replace('_', '-')} now: {self.entry_actions.why_not(name)}")
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
