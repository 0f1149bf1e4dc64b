# Kept whole: the map and the proposal beside it answer the same refresh and share the selected
# seat and the page shown; the paging (table_pages.py) and the cards (table_card.py) live beside it.
"""The Tables tab: the table map, hands, hand-for-hand, and the balancing or breaking proposal the director
accepts, edits or rejects; seat cards and move slips to print.

The map shows a page of tables by number (table_pages.py: every table of most events), and a change redraws only
the cards of the page's tables it changed (floor.tables_since), with those whose halt mark came or went.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_director.domain.errors import DomainError
from tournament_director.ui.console.dialogs import MoveDialog
from tournament_director.ui.console.tab import Notice, Runs, Tab, print_menu
from tournament_director.ui.console.table_card import MAP_STYLE, TableCard
from tournament_director.ui.console.table_pages import TablePages
from tournament_director.ui.printing import MoveSlip, SeatCard, move_slips_html, save_pdf, seat_cards_html

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession
    from tournament_director.services.tournament import TournamentService


@dataclass(frozen=True)
class MoveProposalView:
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str = ""
    key: Any = field(default=None, compare=False)


class TablesTab(Tab):
    """The table map, hands, hand-for-hand, and the balancing or breaking proposal the director decides on."""

    COLUMNS = 3
    moves_changed = Signal(int)   # how many proposed moves wait for the director

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
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
        self.count_button = QPushButton("Chip count… (Ctrl+K)")
        for b in (self.next_hand_all, self.hand_for_hand, self.propose_button, self.manual_move, self.print_seats,
                  self.count_button):
            bar.addWidget(b)
        bar.addStretch(1)
        left.addLayout(bar)
        help_line = QLabel("Click a seat to select the player; double-click, Enter, B or Ctrl+B to bust him.")
        help_line.setObjectName("figures")
        left.addWidget(help_line)
        self.notice = Notice()
        left.addWidget(self.notice)
        self.pages = TablePages()
        left.addWidget(self.pages)
        self.map_area = QScrollArea()
        self.map_area.setWidgetResizable(True)
        self.grid_host = QWidget()
        self.grid_host.setStyleSheet(MAP_STYLE)   # once for every card: a style sheet of its own per card is slow
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.map_area.setWidget(self.grid_host)
        left.addWidget(self.map_area, 1)
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
        self.pages.turned.connect(self._page_turned)
        self.pages.go_to.connect(self._go_to_typed)
        self.pages.refused.connect(self.hint)
        print_menu(self.print_seats, self.print_seat_cards, self.save_seat_cards)
        print_menu(self.print_slip, self.print_move_slips, self.save_move_slips)
        self._tables: tuple[Any, ...] = ()   # the tables of the page shown
        self._views: dict[int, Any] = {}      # the views of the page's tables, as last read
        self._mark: Any = None                # where the map stood when last refreshed (floor.tables_since)
        self._floor_seen: Any = None
        self._moves: tuple[MoveProposalView, ...] = ()
        for b in (self.accept_move, self.edit_move, self.reject_move):
            b.setEnabled(False)   # until there are moves to decide on
        self.proposal: Any = None          # the floor service's MoveProposal, as edited by the director
        self.move_dialog: MoveDialog | None = None
        self.cards: list[TableCard] = []
        self.selected_seat: int | None = None   # the player whose seat the director clicked
        self._selected_row: Any = None   # the seat row drawn as selected
        self.busting: Any = None   # the console's Busting (ui/console/busting.py), set by the window
        self._proposal_mark: Any = None   # the floor the proposal was worked out on (floor.proposal_mark)
        self._worked_out: Any = None      # the proposal as the rules gave it, before the director's edits
        self._changed_unseen = False      # worked out again while the tab was in the back: not seen yet
        self._draw: int | None = None     # the proposals' seat draw, kept until moves are accepted (floor.new_draw)
        self._hand_for_hand_seen: tuple[Any, bool] | None = None   # (tournament, hand-for-hand) as last told
        self._toggling_hand_for_hand = False

    @property
    def floor(self) -> TournamentService | None:
        return self.session.tournament if self.session else None

    def _page_turned(self) -> None:
        self.refresh()
        self.map_area.verticalScrollBar().setValue(0)

    def go_to_table(self, number: int) -> bool:
        """Show the page holding table ``number`` and bring its card into view."""
        wrong = self.pages.show_page_of(number)
        if wrong:
            self.hint(wrong)
            return False
        self.refresh()
        card = next(card for card in self.cards if card.number == number)
        self.grid.activate()   # the cards where this page puts them before the map scrolls to one
        self.grid_host.resize(self.grid_host.width(), self.grid.sizeHint().height())
        self.map_area.ensureWidgetVisible(card, 0, 0)
        self.message.emit(f"Table {number}: {self.pages.label.text()}")
        return True

    def _go_to_typed(self, number: int) -> None:
        if self.go_to_table(number):
            self.pages.go_to_box.clear()

    # ----- rendering -----------------------------------------------------------------------------------------
    def set_tables(self, tables: Sequence[Any], moves: Sequence[MoveProposalView] = ()) -> None:
        """Show ``tables`` on the map: a table that changed is shown again on its own card, in place; a card is
        made only for a table the map did not have (a card whose table is gone is removed)."""
        stations = self.session.stations if self.session is not None and self.session.tournament_id else None
        done = stations.tables_done() if stations is not None else set()
        wanted = {table.number: table for table in tables}
        refocus = self.hasFocus() or (self.focusWidget() is not None and self.isAncestorOf(self.focusWidget()))
        drawn = {}
        spare: dict[int, list[TableCard]] = {}   # cards of tables gone from the map, by seats: to show others
        for card in self.cards:
            table = wanted.get(card.number)
            if table is not None and card.fits(table):
                drawn[card.number] = card
            else:
                spare.setdefault(len(card.seat_rows), []).append(card)
        placed = [card.number for card in self.cards]
        self._tables = tuple(tables)
        cards = []
        for table in self._tables:
            kept = drawn.get(table.number)
            if kept is None and spare.get(len(table.seats)):
                kept = spare[len(table.seats)].pop()
            if kept is None:
                kept = TableCard(table, self._next_hand, hand_done=table.number in done)
                for row in kept.seat_rows:
                    row.chosen.connect(self.choose_seat)
                    row.bust.connect(self.bust_entry)
            else:
                kept.show_table(table, table.number in done)   # unchanged: nothing is drawn
            cards.append(kept)
        for card in (card for unused in spare.values() for card in unused):
            self.grid.removeWidget(card)
            card.hide()   # gone at once, not only when the event loop gets to deleting it
            card.deleteLater()
            if self._selected_row in card.seat_rows:
                self._selected_row = None
        if [card.number for card in cards] != placed:
            for i, card in enumerate(cards):   # another set of tables: lay the map out again
                self.grid.addWidget(card, i // self.COLUMNS, i % self.COLUMNS)
        self.cards = cards
        self._show_selected_seat(refocus)
        self._show_moves(tuple(moves))

    def _show_moves(self, moves: tuple[MoveProposalView, ...]) -> None:
        if [(m, m.key) for m in moves] == [(m, m.key) for m in self._moves] and self.proposals.count() == len(moves):
            self.moves_changed.emit(len(moves))
            return
        self._moves = moves
        self.proposals.clear()
        for move in self._moves:
            reason = f"\n    {move.reason}" if move.reason else ""
            self.proposals.addItem(f"{move.name}: table {move.from_table} seat {move.from_seat} → "
                                   f"table {move.to_table} seat {move.to_seat}{reason}")
        if self._moves:
            self.proposals.setCurrentRow(0)
        for b in (self.accept_move, self.edit_move, self.reject_move):
            b.setEnabled(bool(self._moves))
        self.moves_changed.emit(len(self._moves))

    # ----- the seats of the map ------------------------------------------------------------------------------
    def seat_row(self, entry_id: int) -> Any:
        return next((row for card in self.cards if (row := card.row_of(entry_id)) is not None), None)

    def choose_seat(self, entry_id: int) -> None:
        """A click (or the focus) on a seat selects that player for Ctrl+B."""
        self.selected_seat = entry_id
        self._show_selected_seat(False)

    def _show_selected_seat(self, focus: bool) -> None:
        selected = self.seat_row(self.selected_seat) if self.selected_seat is not None else None
        if selected is None:
            self.selected_seat = None
        if selected is not self._selected_row:   # restyle the two rows concerned, not the 900 of the map
            if self._selected_row is not None:
                self._selected_row.set_selected(False)
            if selected is not None:
                selected.set_selected(True)
            self._selected_row = selected
        if focus and selected is not None:
            selected.setFocus()

    def bust_entry(self, entry_id: int) -> Any:
        self.choose_seat(entry_id)
        return self.busting.open_for(entry_id, self) if self.busting is not None else None

    def bust_selected(self) -> Any:
        """Ctrl+B on the Tables tab: bust the player of the selected seat."""
        if self.selected_seat is None:
            self.hint("Click the seat of the player who is out (or move to it with Tab and the arrow keys), "
                      "then Ctrl+B, Enter or B")
            return None
        return self.bust_entry(self.selected_seat)

    def selected_move(self) -> MoveProposalView | None:
        row = self.proposals.currentRow()
        return self._moves[row] if 0 <= row < len(self._moves) else None

    def _names(self, entry_ids: Iterable[int]) -> dict[int, str]:
        if self.floor is None:
            return {}
        return {entry_id: name for entry_id, (name, _table, _seat) in self.floor.seating_of(entry_ids).items()}

    def _move_views(self) -> tuple[MoveProposalView, ...]:
        if self.proposal is None:
            return ()
        names = self._names(m.entry_id for m in self.proposal.moves)
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
        """Redraw the page's tables changed since the last refresh (every one of them when the floor was rebuilt
        or the whole room changed: floor.tables_since), and the proposal."""
        floor = self.floor
        state = self.session.state if floor is not None else None
        self.hand_for_hand.setChecked(bool(getattr(getattr(state, "floor", None), "hand_for_hand", False)))
        self._read_tables()
        self._work_out_again_if_outdated()
        if self.isVisible():
            self._changed_unseen = False
        self.proposal_title.setText(self._proposal_title())
        self.set_tables([self._views[n] for n in self.pages.page() if n in self._views], self._move_views())
        self._show_hand_for_hand_on_cards(self.hand_for_hand.isChecked())
        self.pages.show_bar()

    def _read_tables(self) -> None:
        """Bring the pages and the page's views up to date with the floor, reading only what changed."""
        floor = self.floor
        if floor is None:
            self._mark = self._floor_seen = None
            self.pages.read([])
            self._views = {}
            return
        self._mark, changed = floor.tables_since(self._mark if self._floor_seen is floor else None)
        self._floor_seen = floor
        if changed is None:
            self.pages.read(floor.open_table_numbers())
            self._views = {}
        elif changed:
            self.pages.follow(changed, floor.open_among(changed))
            for number in changed:
                self._views.pop(number, None)
        page = self.pages.page()
        for view in floor.table_views([n for n in page if n not in self._views]):
            self._views[view.number] = view
        self._views = {n: self._views[n] for n in page if n in self._views}

    def _show_hand_for_hand_on_cards(self, on: bool) -> None:
        """Hand-for-hand: every table plays the same hand (TDA RP-8), so a table's own Next hand is off."""
        tip = ("Hand-for-hand: every table plays the same hand (TDA RP-8): deal with Next hand, all tables (F5)"
               if on else "")
        for card in self.cards:
            if card.next_hand.isEnabled() == on:
                card.next_hand.setEnabled(not on)
            if card.next_hand.toolTip() != tip:
                card.next_hand.setToolTip(tip)

    # ----- proposals ------------------------------------------------------------------------------------------
    def _playing(self, numbers: set[int]) -> list[int]:
        """Those of the tables ``numbers`` still in a hand."""
        return [t.number for t in self.floor.table_views(sorted(numbers)) if t.in_hand and not t.broken]

    def ask_hand_over(self, tables: Sequence[int], then: Callable[[], Any]) -> QMessageBox:
        """Players move between hands (TDA 11-A): is the hand over at the tables they leave? Yes records it and
        calls ``then`` (the moves); No leaves them waiting (asked in a window-modal box)."""
        which = ", ".join(map(str, tables))
        plural = "s" if len(tables) > 1 else ""
        box = QMessageBox(QMessageBox.Icon.Question, "Moves are made between hands",
                          f"Table{plural} {which} {'are' if plural else 'is'} still in a hand. Players move between "
                          f"hands (TDA 11-A).\n\nIs the hand over at table{plural} {which}?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.button(QMessageBox.StandardButton.Yes).setText("Hand over: move now")
        box.button(QMessageBox.StandardButton.No).setText("Wait for the hand")
        box.setDefaultButton(QMessageBox.StandardButton.No)  # a repeated Enter never moves players mid-hand
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(lambda button: self._hand_over_answered(box.standardButton(button), tables, then))
        box.finished.connect(box.deleteLater)
        self.hand_over_question = box
        box.open()
        return box

    def _hand_over_answered(self, answer: QMessageBox.StandardButton, tables: Sequence[int],
                            then: Callable[[], Any]) -> None:
        if answer != QMessageBox.StandardButton.Yes:
            self.message.emit("The move waits for the end of the hand")
            return
        for number in tables:
            if not self.run(self.floor.finish_hand, number).ok:
                return
        then()

    def show_proposal(self, proposal: Any) -> None:
        """Show the moves the room needs now (``proposal`` was worked out on the floor as it stands: a bust's); None
        shows none until the next change. The tab shows its own proposal for these tables, worked out with its seat
        draw (again if the tables changed since), so the same tables always give the same proposal while it waits."""
        if proposal is None:
            self._take_proposal(None)
        elif self._outdated():   # else the tab's own proposal was worked out on these very tables
            self._take_proposal(self._proposal_now())
        self.refresh()

    def _take_proposal(self, proposal: Any) -> None:
        self.proposal = proposal if proposal is not None and not proposal.is_empty else None
        self._worked_out = self.proposal   # as the rules gave it, before the director's edits
        self._proposal_mark = self.floor.proposal_mark() if self.floor is not None else None

    def _proposal_now(self) -> Any:
        """The moves the room needs as it stands (a query; nothing is recorded), with the draw of this proposal."""
        floor = self.floor
        if floor is None or not self.session.tournament_id:
            return None
        if self._draw is None:
            self._draw = floor.new_draw()
        try:
            return floor.propose_moves(self._draw)
        except Exception:  # no tables yet, nothing to balance: show no proposal
            return None

    def recheck_quietly(self) -> None:
        """After an undo or redo: the moves the room needs now (a query; nothing is recorded)."""
        self._take_proposal(self._proposal_now())
        self.refresh()

    def _outdated(self) -> bool:
        return self.floor is not None and self.floor.proposal_outdated(self._proposal_mark)

    def _work_out_again_if_outdated(self) -> bool:
        """A proposal is never shown for tables that changed since (an entry, a re-entry, a bust, a move, a hand, an
        undo or a redo, a setting, another station's command): it is worked out again on the floor as it is."""
        if self.floor is None or not self.session.tournament_id or not self._outdated():
            return False
        before, worked_out = self.proposal, self._worked_out
        self._take_proposal(self._proposal_now())
        if self.proposal == worked_out and self._edits_fit(before):
            self.proposal = before   # the rules give the same moves on the tables as they are: the edits stand
            return False
        if before is not None and self.proposal != before:
            self._changed_unseen = self._changed_unseen or not self.isVisible()
            self.message.emit("The tables changed: the proposed moves were worked out again")
        return True

    def _edits_fit(self, proposal: Any) -> bool:
        """Whether every move of ``proposal`` still starts where its player sits and ends on a seat that is open or
        left by another move of it."""
        if proposal is None:
            return True
        seating = self.floor.seating_of(m.entry_id for m in proposal.moves)
        if any(seating.get(m.entry_id, (None, None, None))[1:] != (m.from_table, m.from_seat) for m in proposal.moves):
            return False
        left = {(m.from_table, m.from_seat) for m in proposal.moves}
        views = {t.number: t for t in self.floor.table_views(sorted({m.to_table for m in proposal.moves}))}
        for m in proposal.moves:
            table = views.get(m.to_table)
            seat = next((s for s in table.seats if s.seat == m.to_seat), None) if table is not None else None
            taken = seat is not None and seat.entry_id is not None and (m.to_table, m.to_seat) not in left
            if seat is None or table.broken or seat.locked or taken:
                return False
        return True

    def current_proposal(self) -> Any:
        """The proposal waiting for the director, worked out again first if the tables changed since."""
        if self._work_out_again_if_outdated():
            self.refresh()
        return self.proposal

    def propose(self) -> Any:
        """Ask the floor service for the moves the room needs now (balance, break, final table)."""
        if self.floor is None:
            return None
        if self._draw is None:
            self._draw = self.floor.new_draw()
        outcome = self.run(self.floor.propose_moves, self._draw)
        if outcome.ok:
            self._take_proposal(outcome.value)
            self.refresh()
            if outcome.value.is_empty:
                self.message.emit(outcome.value.note or "The tables are balanced: no move needed")
            return outcome.value
        return None

    CHANGED_SINCE = "The tables changed since this proposal; here is the new one"
    NO_MOVE_SINCE = "The tables changed since this proposal: no move is needed now"

    def accept_proposal(self) -> bool:
        """Record the proposal as shown; one worked out on tables that changed since is never recorded: the new one
        is shown instead, for the director to look at and accept."""
        if self.proposal is None or self.floor is None:
            return False
        if self._work_out_again_if_outdated() or self._changed_unseen:
            return self._changed_since()
        accepted, mark = self.proposal, self._proposal_mark
        playing = self._playing({m.from_table for m in accepted.moves})
        if playing:
            self.ask_hand_over(playing, self.accept_proposal)
            return False
        names = self._names(m.entry_id for m in accepted.moves)
        floor = self.floor

        def accept_if_current() -> Any:   # checked again on each try: another station may record first
            return None if floor.proposal_outdated(mark) else self.session.accept_moves(accepted)

        outcome = self.run(accept_if_current)
        if not outcome.ok:
            return False
        if outcome.value is None:
            return self._changed_since()
        self._draw = None   # the next proposal draws afresh
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
        if self.floor is None:
            return [(t.number, t.seat_count or len(t.seats)) for t in self._tables]
        return self.floor.open_table_seats()

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
        players = [(entry_id, f"{name} (table {table} seat {seat})")
                   for entry_id, name, table, seat in self.floor.seated_players()]
        dialog = MoveDialog(players, self._open_tables(), parent=self)
        dialog.accepted.connect(lambda: self.move_player(*dialog.choice()))
        dialog.finished.connect(dialog.deleteLater)
        self.move_dialog = dialog
        dialog.open()
        return dialog

    def move_player(self, entry_id: int, to_table: int, to_seat: int) -> bool:
        try:
            table = self.floor.entry(entry_id).table
        except DomainError:  # an unknown player: the move below is refused with the reason
            table = None
        playing = self._playing({table}) if table is not None else []
        if playing:
            self.ask_hand_over(playing, lambda: self.move_player(entry_id, to_table, to_seat))
            return False
        if self.run(self.floor.move_player, entry_id, to_table, to_seat).ok:
            self.message.emit(f"{self._names([entry_id]).get(entry_id, entry_id)} moved to table {to_table} seat "
                              f"{to_seat}")
            return True
        return False

    # ----- hands ----------------------------------------------------------------------------------------------
    def _next_hand(self, table_number: int | None) -> None:
        """One table's next hand, or every table's; the session takes the hand-for-hand time off the clock."""
        if self.floor is None:
            return
        if table_number is None:
            hand_for_hand = self.session.state.floor.hand_for_hand
            if self.run(self.session.next_hand_all_tables).ok:
                minutes = self.session.hand_for_hand_ms / 60_000
                extra = f"; {minutes:g} minutes off the clock (hand-for-hand, TDA RP-8)" if hand_for_hand else ""
                self.message.emit(f"Next hand dealt at all tables{extra}")
        elif self.run(self.floor.next_hand, table_number).ok:
            self.message.emit(f"Next hand dealt at table {table_number}")

    def _changed_since(self) -> bool:
        """Show the proposal for the tables as they are, in front, and say why nobody moved."""
        self._work_out_again_if_outdated()
        self._bring_to_front()
        self.refresh()
        self._changed_unseen = False   # told, and shown
        self.message.emit(self.CHANGED_SINCE if self.proposal is not None else self.NO_MOVE_SINCE)
        return False

    def _bring_to_front(self) -> None:
        holder = self.parentWidget()
        while holder is not None and not isinstance(holder, QTabWidget):
            holder = holder.parentWidget()
        if holder is not None:
            holder.setCurrentWidget(self)

    def follow_hand_for_hand(self, _topics: Any = None) -> None:
        """After every change: tell the director when hand-for-hand ended by itself (the tournament is down to one
        table), came back (that change undone) or was set at another station."""
        if self.session is None:  # the console opened with no database: nothing to follow
            return
        state = self.session.state if self.floor is not None else None
        now = (self.session.tournament_id, bool(getattr(getattr(state, "floor", None), "hand_for_hand", False)))
        seen, self._hand_for_hand_seen = self._hand_for_hand_seen, now
        on = now[1]
        if seen is None or seen[0] != now[0] or seen[1] == on or self._toggling_hand_for_hand:
            return
        if on:
            self.message.emit("Hand-for-hand is on: deal every table together (TDA RP-8)")
        elif self.floor.down_to_one_table():
            self.message.emit("Hand-for-hand is over: the tournament is down to one table (TDA RP-8)")
        else:
            self.message.emit("Hand-for-hand is off")

    def set_hand_for_hand(self, on: bool) -> None:
        if self.floor is None:
            return
        self._toggling_hand_for_hand = True
        try:
            done = self.run(self.floor.set_hand_for_hand, bool(on)).ok
        finally:
            self._toggling_hand_for_hand = False
            self.follow_hand_for_hand()
        if done:
            self.message.emit("Hand-for-hand ON: deal every table together (TDA RP-8)" if on
                              else "Hand-for-hand off")
        self.refresh()

    # ----- seat cards and move slips ------------------------------------------------------------------------
    def seat_cards(self) -> list[SeatCard]:
        title = self.session.tournament_name if self.session else ""
        tables = [t for t in self.floor.tables() if not t.broken] if self.floor is not None else self._tables
        return [SeatCard(s.name, t.number, s.seat, title) for t in tables for s in t.seats if s.name]

    def move_slips(self) -> list[MoveSlip]:
        """The slips of the moves proposed, or else of the moves last accepted that still stand (not undone)."""
        if self.floor is None:
            return []
        accepted = self.proposal is None
        source = getattr(self, "last_accepted", None) if accepted else self.proposal
        if source is None:
            return []
        title = self.session.tournament_name if self.session else ""
        entries = {e.entry_id: e for e in self.floor.entries()}
        return [MoveSlip(entries[m.entry_id].name, m.from_table, m.from_seat, m.to_table, m.to_seat,
                         entries[m.entry_id].chips, title) for m in source.moves if m.entry_id in entries
                and (not accepted or (entries[m.entry_id].table, entries[m.entry_id].seat) == (m.to_table, m.to_seat))]

    def seat_cards_html(self) -> str:
        """Every seated player's card, one page each ("" with nobody seated)."""
        cards = self.seat_cards()
        return seat_cards_html(cards) if cards else ""

    def move_slips_html(self) -> str:
        slips = self.move_slips()
        return move_slips_html(slips) if slips else ""

    def export_seat_cards(self, path: Path) -> Path:
        return save_pdf(self.seat_cards_html(), path)

    def export_move_slips(self, path: Path) -> Path:
        return save_pdf(self.move_slips_html(), path)

    NO_SEAT_CARDS = "No seat cards to print: nobody has a seat yet. Draw the seats first (Ctrl+Shift+D)"
    NO_MOVE_SLIPS = ("No move slips to print: no move is proposed or was just accepted. Check the balance (F6) "
                     "or move a player (Ctrl+M) first")

    def print_seat_cards(self) -> Any:
        return self.print_document(self.seat_cards_html, self.NO_SEAT_CARDS)

    def save_seat_cards(self) -> Any:
        """Ctrl+P: every seated player's card saved as PDF, one page each."""
        return self.save_as_pdf("seat-cards.pdf", self.seat_cards_html, self.NO_SEAT_CARDS)

    def print_move_slips(self) -> Any:
        return self.print_document(self.move_slips_html, self.NO_MOVE_SLIPS)

    def save_move_slips(self) -> Any:
        return self.save_as_pdf("move-slips.pdf", self.move_slips_html, self.NO_MOVE_SLIPS)
