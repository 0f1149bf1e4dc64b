"""The Players tab: find, register, rebuy, add-on, re-enter, bust and absent/present, each through the floor
service; the registry suggests names as the director types.

Find looks in the players' names only (case and accents ignored): one match is selected at once, and a bust with
several matches asks which player is meant; a bust that cannot start says so in the tab, with what to do."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tournament_director.services.registration import registration_open
from tournament_director.services.tournament import TournamentService
from tournament_director.ui.console.bust_dialog import BustDialog
from tournament_director.ui.console.entry_actions import BuyInChoice, EntryActionButtons
from tournament_director.ui.console.tab import Notice, Runs, Tab, figures_text, make_table_view, print_menu
from tournament_director.ui.models import (
    BOUNTY_COLUMN, PAID_BY_COLUMN, EntryRow, NameSearchProxy, RowTableModel, entries_model, status_colours,
)
from tournament_director.ui.printing import SeatCard, save_pdf, seat_cards_html

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


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
                    place=place, prize=entry.paid or None, bounty=None if entry.busted else entry.bounty,
                    paid_by=f"Seat from {entry.seat_from}" if entry.seat_from else "")


class PlayersTab(Tab):
    """Find, register, rebuy, add-on, re-enter, bust, absent/present. Every button calls the floor service."""

    BUTTONS = (("register", "Buy in (Enter)"), ("rebuy", "Rebuy (Ctrl+Shift+R)"), ("add_on", "Add-on (Ctrl+Shift+A)"),
               ("re_entry", "Re-entry (Ctrl+Shift+E)"), ("bust", "Bust… (Ctrl+B)"),
               ("absent", "Absent / present (Ctrl+Shift+P)"), ("seat_card", "Seat card (Ctrl+Shift+S)"),
               ("draw", "Draw seats (Ctrl+Shift+D)"), ("close_registration", "Close registration"))

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
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
        self.search.setPlaceholderText("Find a player by name (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        register_bar.addWidget(self.search, 1)
        self.count_label = QLabel()
        register_bar.addWidget(self.count_label)
        layout.addLayout(register_bar)
        self.notice = Notice()
        layout.addWidget(self.notice)
        self.figures_label = QLabel()
        self.figures_label.setObjectName("figures")
        layout.addWidget(self.figures_label)

        self.model: RowTableModel[EntryRow] = entries_model(parent=self)
        self.proxy = NameSearchProxy(lambda row: row.name, self)
        self.proxy.setSourceModel(self.model)
        self.search.textChanged.connect(self._search)
        self.view = make_table_view(self.proxy)
        self.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        self.view.setColumnHidden(2, True)             # nicknames live in the player registry
        self.view.setColumnHidden(BOUNTY_COLUMN, True)  # shown in a bounty tournament only (refresh)
        self.view.setColumnHidden(PAID_BY_COLUMN, True)  # shown once a satellite's seat paid an entry (refresh)
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
        print_menu(b["seat_card"], self.print_seat_card, self.save_seat_card)
        self._mark: Any = None         # where the rows stood when last refreshed (floor.entries_since)
        self._floor_seen: Any = None
        self._names: dict[int, str] = {}
        self.busting: Any = None  # the console's Busting (ui/console/busting.py), set by the window
        self.which_dialog: WhichPlayerDialog | None = None
        self._update_buttons()

    # ----- reading -----------------------------------------------------------------------------------------
    @property
    def floor(self) -> TournamentService | None:
        return self.session.tournament if self.session else None

    @property
    def bust_dialog(self) -> BustDialog | None:
        return self.busting.dialog if self.busting is not None else None

    def _search(self, text: str) -> None:
        self.proxy.set_search_text(text)
        self._update_count()
        if text.strip() and self.proxy.rowCount() == 1:
            self.view.selectRow(0)   # one match: selected, ready for Ctrl+B, Ctrl+Shift+R ...
        elif text.strip():
            self.view.clearSelection()
        self._update_buttons()

    def matches(self) -> list[EntryRow]:
        """The rows Find shows now."""
        return [self.proxy.source_row(i) for i in range(self.proxy.rowCount())]

    def set_theme(self, theme: str) -> None:
        """Status colours that keep their contrast on this console theme's rows."""
        colours = status_colours(theme)
        self.model.set_text_colour(lambda r: colours.get(r.status))

    def _update_count(self) -> None:
        self.count_label.setText(f"{self.proxy.rowCount():,} of {self.model.rowCount():,} entries")

    def set_rows(self, rows: Sequence[EntryRow]) -> None:
        selected = self.selected_entry()
        reset = self.model.set_rows(rows)
        self._update_count()
        if selected is not None and reset:
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

    NO_SEAT_CARD = "No seat card to print: select a seated player first (Find, Ctrl+F), then Ctrl+Shift+S"

    def save_seat_card(self) -> Any:
        """Ctrl+Shift+S: the selected player's seat card saved as PDF."""
        return self.save_as_pdf("seat-card.pdf", self.seat_card_html, self.NO_SEAT_CARD)

    def print_seat_card(self) -> Any:
        return self.print_document(self.seat_card_html, self.NO_SEAT_CARD)

    def _update_buttons(self) -> None:
        self.show_registration_state()
        row = self.selected_entry()
        live = row is not None and row.status != "busted"
        for key in ("bust", "absent"):
            self.buttons[key].setEnabled(live)
        self.entry_actions.update(row.entry_id if row is not None else None)
        self.buttons["seat_card"].setEnabled(row is not None and row.seat is not None and row.status != "busted")
        self.buttons["absent"].setText("Present (Ctrl+Shift+P)" if row is not None and row.status == "absent"
                                       else "Absent (Ctrl+Shift+P)")

    def refresh(self) -> None:
        """Redraw the entries changed since the last refresh in place; every row only when the floor was rebuilt
        or the change moved every busted player's place (floor.entries_since)."""
        floor = self.floor
        if floor is None:
            self._mark = None
            self.set_rows(())
            self.figures_label.setText("")
            return
        bounties = floor.settings.bounty_mode != "none"
        if self.view.isColumnHidden(BOUNTY_COLUMN) == bounties:
            self.view.setColumnHidden(BOUNTY_COLUMN, not bounties)
        seats = floor.entries_paid_by_seats > 0
        if self.view.isColumnHidden(PAID_BY_COLUMN) == seats:
            self.view.setColumnHidden(PAID_BY_COLUMN, not seats)
        self._mark, changed = floor.entries_since(self._mark if self._floor_seen is floor else None)
        self._floor_seen = floor
        if changed is not None and not self._renamed(changed):
            self._names.update((e.entry_id, e.name) for e in changed)
            self.update_rows([self._row(e) for e in changed])
        else:   # everything again; a renamed player is also named in the rows of the players he knocked out
            entries = floor.entries()
            self._names = {e.entry_id: e.name for e in entries}
            self.set_rows([self._row(e) for e in entries])
        self.buy_in_choice.refresh()
        self.figures_label.setText(figures_text(self.session.floor_figures()))

    def _renamed(self, changed: Sequence[Any]) -> bool:
        return any(e.entry_id in self._names and self._names[e.entry_id] != e.name for e in changed)

    def _row(self, entry: Any) -> EntryRow:
        row = entry_row(entry)
        if entry.eliminated_by:
            row = replace(row, eliminated_by=", ".join(self._names.get(i, f"#{i}") for i in entry.eliminated_by))
        return row

    def update_rows(self, rows: Sequence[EntryRow]) -> None:
        """The changed rows redrawn in place (no reset: the view keeps its selection and scroll)."""
        if rows:
            self.model.update_rows(rows)
            self._update_count()
            self._update_buttons()

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
            self.message.emit(f"{entry.name} re-entered (entry {entry.entry_number}){where}")
            self.select_entry(entry.entry_id)
            return entry
        return None

    def draw_seats(self) -> None:
        if self.floor is not None:
            outcome = self.run(self.floor.draw_seats)
            if outcome.ok:
                self.message.emit(f"Seats drawn for {len(outcome.value)} players (TDA 7): print the seat cards "
                                  "from the Tables tab")

    def registration_open(self) -> bool:
        return self.floor is not None and registration_open(self.session.state.floor, self.session.settings.moment())

    def show_registration_state(self) -> None:
        """Close registration (button and menu item) only while registration is open: not once late registration
        has ended, again when an undo reopens it."""
        open_now = self.registration_open()
        tip = "" if open_now or self.floor is None else "Registration is closed already (late registration ended)"
        for widget in (self.buttons["close_registration"], getattr(self, "close_registration_action", None)):
            if widget is not None:
                widget.setEnabled(open_now)
                widget.setToolTip(tip)

    def close_registration(self) -> None:
        if self.floor is None:
            return
        if not self.registration_open():
            self.show_registration_state()
            self.hint("Registration is closed already: late registration has ended")
            return
        if self.run(self.floor.close_registration).ok:
            self.message.emit("Registration closed")

    # ----- the selected entry ------------------------------------------------------------------------------
    def _entry_command(self, name: str) -> None:
        row = self.selected_entry()
        if row is None or self.floor is None:
            self.hint("Select a player first: type part of his name in Find (Ctrl+F)")
            return
        if not self.entry_actions.allowed(name):
            self.message.emit(f"No {name.replace('_', '-')} now: {self.entry_actions.why_not(name)}")
            return
        command = {"rebuy": TournamentService.rebuy, "add_on": TournamentService.add_on}[name]
        outcome = self.run(command, self.floor, row.entry_id)
        if outcome.ok and name == "rebuy":
            self.message.emit(f"{row.name} rebought: {outcome.value.chips:,} chips")
        elif outcome.ok:   # what the add-on sold, not the stack it made
            s = self.floor.settings
            price = s.addon_price + s.addon_fee
            self.message.emit(f"{row.name} took the add-on: {s.addon_chips:,} chips for {price:,}")

    def toggle_present(self) -> None:
        row = self.selected_entry()
        if row is None or self.floor is None:
            return
        present = row.status == "absent"
        if self.run(self.floor.set_present, row.entry_id, present).ok:
            self.message.emit(f"{row.name} is {'back' if present else 'absent'}")

    def open_bust_dialog(self) -> Any:
        """Bust the selected player; with none selected, the one player Find shows, or ask which of several."""
        row = self.selected_entry()
        if row is None:
            live = [r for r in self.matches() if r.status != "busted"]
            if len(live) == 1:
                row = live[0]
            elif len(live) > 1 and self.search.text().strip():
                return self.ask_which(live)
        if row is None or self.floor is None:
            self.hint("Nobody to bust: type part of the player's name in Find (Ctrl+F), or click his seat on "
                      "the Tables tab")
            return None
        if row.status == "busted":
            self.hint(f"{row.name} is already out: select a player who is still in (undo the bust with Ctrl+Z "
                      "or on the Log tab if it was a mistake)")
            return None
        return self.busting.open_for(row.entry_id, self)

    def ask_which(self, rows: Sequence[EntryRow]) -> "WhichPlayerDialog":
        """Several players match Find: the director picks the one who is out."""
        dialog = WhichPlayerDialog(rows, self)

        def bust_the_chosen() -> None:
            chosen = dialog.chosen()
            if chosen is not None and self.select_entry(chosen):
                self.open_bust_dialog()

        dialog.accepted.connect(bust_the_chosen)
        dialog.finished.connect(dialog.deleteLater)
        self.which_dialog = dialog
        dialog.open()
        return dialog

    def bust(self, entry_id: int, eliminators: Sequence[int] = ()) -> Any:
        """Record one bust (a refusal is shown by the window); the outcome is told as the dialog tells it."""
        outcome = self.run(self.floor.bust, entry_id, list(eliminators))
        if not outcome.ok:
            return None
        self.busting.report(outcome.value)
        return outcome.value


class WhichPlayerDialog(QDialog):
    """Find matches several players: which one? (Enter or a double click picks the highlighted one.)"""

    def __init__(self, rows: Sequence[EntryRow], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Which player?")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{len(rows)} players match.</b> Which one is out?"))
        self.list = QListWidget()
        font = self.list.font()
        font.setPointSize(max(font.pointSize() + 2, 12))
        self.list.setFont(font)
        for row in rows:
            where = f"table {row.table} seat {row.seat}" if row.table is not None else row.status
            item = QListWidgetItem(f"{row.name}    {where}")
            item.setData(Qt.ItemDataRole.UserRole, row.entry_id)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _item: self.accept())
        layout.addWidget(self.list, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Bust this player…")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(420, 320)
        self.list.setFocus()

    def chosen(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))
