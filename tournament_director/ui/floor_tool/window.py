"""The floor tool window: settle a dispute at a table with the rules engine, keyboard alone, large type.

One window, no scrolling for a ten-handed table at 1366x768. Left: the seats (position, stack, bet, cards,
status), the board, the pots with their eligible seats and the hand's log. Right: who is to act and the legal
options with amounts, the refusal of a raise with its rule, the action keys, dealing and showdown, and the
irregularity buttons; an irregularity opens its facts form and the ruling panel (summary in large type, rule
and rulebook, substantial-action badge, numbered procedure, notes). The rulebook is a setting, shown in the
header, and so are the house rules where the rulebooks differ (house_rules.py). Open it from the console with
``FloorToolWindow(session, parent=None)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QFileDialog, QHBoxLayout, QTableWidgetItem, QVBoxLayout, QWidget

from tournament_director.domain.errors import DomainError
from tournament_director.services.floor_tool import FloorToolService, HandView, RulingView, Situation, chips
from tournament_director.ui.floor_tool.facts_form import FactsForm
from tournament_director.ui.floor_tool.house_rules import (
    HouseRulesDialog,
    changed_count,
    save_house_options,
    saved_house_options,
)
from tournament_director.ui.floor_tool.layout import RULEBOOKS, FloorToolLayout
from tournament_director.ui.floor_tool.pages import Pages
from tournament_director.ui.floor_tool.widgets import BASE_POINT_SIZE, HEADING_POINT_SIZE, point_font, text_label
from tournament_director.ui.themes import set_tone

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


RULEBOOK_SETTING = "floor_tool/rulebook"


class FloorToolWindow(FloorToolLayout):
    """The floor tool over a ``DirectorSession`` (or None: blank tables, nothing recorded)."""

    def __init__(self, session: DirectorSession | None = None, *, settings: QSettings | None = None,
                 service: FloorToolService | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._settings = settings if settings is not None else QSettings()
        rulebook = str(self._settings.value(RULEBOOK_SETTING, "tda2024"))
        if rulebook not in dict(RULEBOOKS):
            rulebook = "tda2024"
        self.service = service or FloorToolService(session, rulebook=rulebook)
        self.service.set_rulebook(rulebook)
        self.service.set_house_options(saved_house_options(self._settings, self.service.house_option_forms()))
        self.setWindowTitle("Floor tool")
        self._situation: Situation | None = None
        self._view: HandView | None = None
        self._ruling: RulingView | None = None
        self._facts: FactsForm | None = None

        central = QWidget()
        central.setFont(point_font(BASE_POINT_SIZE))
        central.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # letter keys act whenever no text field has focus
        self.setCentralWidget(central)
        root = QVBoxLayout(central)
        root.setContentsMargins(8, 6, 8, 6)
        root.setSpacing(4)
        root.addLayout(self._header())
        body = QHBoxLayout()
        # On a 1366-wide laptop the seats take what the hand's page leaves: long names stay readable.
        body.addLayout(self._left_column(), 6)
        self.pages = Pages()
        self.pages.addWidget(self._hand_page())
        self.pages.addWidget(self._ruling_page())
        body.addWidget(self.pages, 5)
        root.addLayout(body, 1)
        self.message = text_label(BASE_POINT_SIZE, bold=True)
        root.addWidget(self.message)
        self._refresh_tables()
        self._show_blank_setup()
        self._show_house_rules_count()

    def _refresh_tables(self) -> None:
        self.table_combo.clear()
        for number in self.service.table_numbers():
            self.table_combo.addItem(f"Table {number}", number)
        self.load_button.setEnabled(self.table_combo.count() > 0)

    def enter_cards(self) -> None:
        """Enter in the cards field deals what is due: hole cards, the next street, or a shown hand."""
        phase = self._view.phase if self._view is not None else ""
        if self._view is None or phase == "dealing hole cards":
            self.deal_hole()
        elif phase in ("dealing the board", "betting"):
            self.deal_board()  # during the betting the engine refuses a premature card and names the rule
        elif phase == "showdown" and "?" in self._view.board:
            self.name_board()
        else:
            self.show_hand()

    def _guard(self, action: Any) -> bool:
        """Run ``action``; show a refusal with its rule instead of raising. After a success the focus goes
        back to the window so the letter keys work at once."""
        try:
            action()
            if self.pages.currentIndex() == 0:
                self.centralWidget().setFocus()
        except DomainError as error:
            text = error.message + (f" ({error.rule})" if error.rule else "")
            self.message.setText("Refused: " + text)
            set_tone(self.message, "refusal")
            return False
        return True

    def _say(self, text: str) -> None:
        self.message.setText(text)
        set_tone(self.message, "done")

    def load_table(self) -> None:
        number = self.table_combo.currentData()
        if number is None:
            self._say("No table of a running tournament: start a blank table.")
            return

        def load() -> None:
            self._situation = self.service.situation_from_table(number)
            self._show_setup()
        self._guard(load)

    def _show_blank_setup(self) -> None:
        def blank() -> None:
            self._situation = self.service.blank_situation(self.players_spin.value())
            self._show_setup()
        self._guard(blank)

    def _show_setup(self) -> None:
        """The situation in the seats grid: name, stack and absence are typed before the hand starts."""
        self._view = None
        situation = self._situation
        assert situation is not None
        self.seats.clearContents()
        self._seat_rows(situation.seat_count)
        self.seats.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        by_seat = {s.seat: s for s in situation.seats}
        for row in range(situation.seat_count):
            seat = row + 1
            setup = by_seat.get(seat)
            position = " ".join(m for m, s in (("D", situation.button), ("SB", situation.small_blind_seat),
                                               ("BB", situation.big_blind_seat)) if s == seat)
            values = [str(seat), setup.name if setup else "", position,
                      "" if not setup or setup.stack is None else str(setup.stack), "", "",
                      ("absent" if setup and setup.absent else "") if setup else ("" if seat <= situation.seat_count
                                                                                   else "-")]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                editable = setup is not None and column in (1, 3, 6)
                if not editable:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.seats.setItem(row, column, item)
        self._set_title()
        self.to_act.setText("Set up the hand")
        self.options.setText("Type the stacks you know (blank = unknown) and 'absent' in Status for an absent "
                             "player, then Start [F4].")
        self.options.setFont(point_font(BASE_POINT_SIZE))
        self.refusal.clear()
        self.next_step.clear()
        self.board.clear()
        self.pots.clear()
        self.log.clear()

    def _set_title(self) -> None:
        s = self._situation
        if s is None:
            self.title.setText("Floor tool")
            return
        where = f"Table {s.table}" if s.table is not None else "Blank table"
        level = f" · Level {s.level}" if s.level is not None else ""
        self.title.setText(f"{where}{level} · blinds {s.blinds_text()} · {len(s.seats)} players")

    def _typed_situation(self) -> Situation:
        assert self._situation is not None
        stacks: dict[int, int | None] = {}
        names: dict[int, str] = {}
        absent: list[int] = []
        for setup in self._situation.seats:
            row = setup.seat - 1
            text = (self.seats.item(row, 3).text() if self.seats.item(row, 3) else "").replace(",", "").strip()
            if text and not text.isdigit():
                raise DomainError(f"seat {setup.seat}: the stack {text!r} is not a whole number of chips")
            stacks[setup.seat] = int(text) if text else None
            names[setup.seat] = self.seats.item(row, 1).text().strip() if self.seats.item(row, 1) else ""
            status = self.seats.item(row, 6).text().strip().lower() if self.seats.item(row, 6) else ""
            if status.startswith("absent"):
                absent.append(setup.seat)
        from dataclasses import replace

        situation = self._situation.with_stacks(stacks).with_absent(absent)
        return replace(situation, seats=tuple(replace(s, name=names.get(s.seat, s.name)) for s in situation.seats))

    def start_hand(self) -> None:
        if self._situation is None:
            return

        def start() -> None:
            self._situation = self._typed_situation()
            self._show(self.service.start_hand(self._situation))
            self._say("Blinds and antes posted. Deal the hole cards [H].")
        self._guard(start)

    # ----- the hand ----------------------------------------------------------------------------------
    def _act(self, action: str) -> None:
        def act() -> None:
            amount = None
            if action == "raise":
                text = self.amount.text().replace(",", "").strip()
                if not text.isdigit():
                    raise DomainError("type the total to bet or raise to, then Enter", "TDA 43-B")
                amount = int(text)
            self._show(self.service.act(action, amount))
            self.amount.clear()
            self.message.clear()
        self._guard(act)

    def _focus_amount(self) -> None:
        if self._view and self._view.options and self._view.options.min_raise_to is not None:
            self.amount.setText(str(self._view.options.min_raise_to))
        self.amount.setFocus()
        self.amount.selectAll()

    def _hole_cards(self) -> dict[int, str]:
        parts = self.cards.text().replace(":", " ").split()
        if len(parts) % 2:
            raise DomainError("hole cards are typed as seat then cards: '3 AhKd 7 QsQc'")
        known: dict[int, str] = {}
        for seat, cards in zip(parts[::2], parts[1::2]):
            if not seat.isdigit():
                raise DomainError(f"{seat!r} is not a seat number: type '3 AhKd 7 QsQc'")
            known[int(seat)] = cards
        return known

    def deal_hole(self) -> None:
        def deal() -> None:
            self._show(self.service.deal(self._hole_cards()))
            self.cards.clear()
            self.message.clear()
        self._guard(deal)

    def deal_board(self) -> None:
        def deal() -> None:
            self._show(self.service.deal_board(self.cards.text().strip() or None))
            self.cards.clear()
            self.message.clear()
        self._guard(deal)

    def name_board(self) -> None:
        self._guard(lambda: self._show(self.service.set_board(self.cards.text())))

    def show_hand(self) -> None:
        def show() -> None:
            self._show(self.service.show(self.show_seat.value(), self.cards.text().strip() or None))
            self.cards.clear()
        self._guard(show)

    def muck_hand(self) -> None:
        self._guard(lambda: self._show(self.service.muck(self.show_seat.value())))

    def undo(self) -> None:
        self._guard(lambda: self._show(self.service.undo()))

    def export_phh(self) -> None:
        """Write the hand so far as PHH, to a file chosen in a window-modal dialog."""
        def export(path: str) -> None:
            text = self.service.export_phh()
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
            except OSError as error:
                raise DomainError(f"{path} cannot be written ({error.strerror or error})") from None
            self._say(f"Hand saved to {path}")
        if self._guard(self.service.export_phh):
            self._choose_file("Export the hand as PHH", lambda path: self._guard(lambda: export(path)), save=True)

    def import_phh(self, path: str | None = None) -> None:
        """Load a PHH file (``path``, or one chosen in a window-modal dialog) through the service's guarded reader;
        a file it refuses is named in the message line with the field and the problem, and the hand on the screen
        stays as it was."""
        def load(chosen: str) -> None:
            view = self.service.import_phh_file(chosen)
            self._situation = view.situation
            self._show(view)
            self._say(f"Hand loaded from {chosen}")
        if path:
            self._guard(lambda: load(path))
        else:
            self._choose_file("Import a PHH hand", lambda chosen: self._guard(lambda: load(chosen)), save=False)

    def _choose_file(self, title: str, chosen: Any, *, save: bool) -> None:
        """A PHH file dialog, window-modal (``open``, no nested event loop); ``chosen(path)`` runs on its choice."""
        dialog = QFileDialog(self, title, "", "PHH hands (*.phh)")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        if save:
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
            dialog.setDefaultSuffix("phh")
            dialog.selectFile("hand.phh")
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(chosen)
        dialog.finished.connect(dialog.deleteLater)
        self.file_dialog = dialog
        dialog.open()

    def _show(self, view: HandView) -> None:
        self._view = view
        self._situation = view.situation
        self._set_title()
        self.seats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.seats.clearContents()
        self._seat_rows(view.situation.seat_count)
        for line in view.seats:
            row = line.seat - 1
            stack = "?" if line.stack is None else chips(line.stack)
            values = [str(line.seat), line.name, line.position, stack, chips(line.bet) if line.bet else "",
                      line.cards, line.status]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value if column == 1 else "")
                if line.to_act:
                    item.setBackground(Qt.GlobalColor.yellow)
                    item.setFont(point_font(BASE_POINT_SIZE, bold=True))
                elif line.status.startswith(("folded", "killed", "mucked", "absent")):
                    item.setForeground(Qt.GlobalColor.gray)
                self.seats.setItem(row, column, item)
        self.board.setText(f"Board: {self._spaced(view.board) or '—'}   ({view.street})")
        self.pots.setText("\n".join(self._pot_line(p) for p in view.pots))
        self.log.setText("Hand: " + " · ".join(view.log[-14:]))
        self.next_step.setText(view.next_step + ("   ·   substantial action: yes" if view.substantial_action
                                                  else "   ·   substantial action: no"))
        self.options.setFont(point_font(HEADING_POINT_SIZE, bold=True))
        if view.actor is not None and view.options is not None:
            who = f"Seat {view.actor}" + (f" · {view.actor_name}" if view.actor_name else "")
            self.to_act.setText(f"{who} to act")
            self.options.setText(view.options.text)
            if view.options.raise_refusal:
                self.refusal.setText(f"No raise: {view.options.raise_refusal} ({view.options.raise_refusal_rule})")
            else:
                self.refusal.clear()
            self.show_seat.setValue(view.actor)
        else:
            self.to_act.setText("Hand complete" if view.complete else
                                "Showdown" if view.phase == "showdown" else "Nobody to act: deal the board")
            self.options.setText(self._showdown_text(view) or view.next_step)
            self.refusal.clear()
            status = {line.seat: line.status for line in view.seats}
            waiting = [seat for seat in view.showdown_order if status.get(seat) not in ("shown", "mucked")]
            if waiting:  # the next hand to table, in the order of TDA 17
                self.show_seat.setValue(waiting[0])

    @staticmethod
    def _spaced(cards: str) -> str:
        return " ".join(cards[k:k + 2] for k in range(0, len(cards), 2))

    def _showdown_text(self, view: HandView) -> str:
        return "\n".join(f"{h.place}. seat {h.seat}: {h.hand_name} ({self._spaced(h.cards)})" for h in view.showdown)

    @staticmethod
    def _pot_line(pot: Any) -> str:
        line = f"{pot.name} {chips(pot.amount)}: seats {', '.join(str(s) for s in pot.eligible)}"
        if pot.winners:
            line += " → " + ", ".join(f"seat {w} wins {chips(s)}" for w, s in zip(pot.winners, pot.shares))
        if pot.odd_chips:
            line += f"\n   {pot.odd_chips}"
        return line

    # ----- irregularities --------------------------------------------------------------------------
    def open_irregularity(self, key: str) -> None:
        form = next(f for f in self.service.irregularities() if f.key == key)
        if self._facts is not None:
            self._facts.setParent(None)
            self._facts.deleteLater()
        seats = [s.seat for s in self._situation.seats] if self._situation else []
        self._facts = FactsForm(form, seats)
        self.facts_holder.addWidget(self._facts)
        self.ruling_title.setText(form.label)
        self._ruling = None
        self.ruling_panel.show_ruling(None)
        self.pages.setCurrentIndex(1)
        if not form.facts or not any(f.required for f in form.facts):
            self.make_ruling()
        first = self._facts.first_widget()
        if first is not None:
            first.setFocus()

    def make_ruling(self) -> None:
        if self._facts is None:
            return

        def rule() -> None:
            self._ruling = self.service.rule(self._facts.irregularity.key, self._facts.values())
            self.ruling_panel.show_ruling(self._ruling)
            self.message.clear()
        self._guard(rule)

    def record_ruling(self) -> None:
        ruling = self._ruling
        if ruling is None:
            self._say("Make the ruling first [Ctrl+Return].")
            return

        def record() -> None:
            self.service.record_ruling(ruling)
            self._say("Ruling recorded in the tournament's log.")
        self._guard(record)

    def back_to_hand(self) -> None:
        self.pages.setCurrentIndex(0)

    def open_house_rules(self) -> None:
        """The house rules dialog (window-modal); its choices apply to every ruling from then on."""
        self.house_dialog = HouseRulesDialog(self.service.house_option_forms(), self.service.rulebook_name,
                                             self._house_rules_chosen, self)
        self.house_dialog.finished.connect(self.house_dialog.deleteLater)
        self.house_dialog.open()

    def _house_rules_chosen(self, chosen: dict[str, str | None]) -> None:
        if not self._guard(lambda: self.service.set_house_options(chosen)):
            return
        save_house_options(self._settings, chosen)
        count = self._show_house_rules_count()
        if self.pages.currentIndex() == 1 and self._ruling is not None:
            self.make_ruling()  # the ruling on the screen under the new house rules
        self._say(f"House rules saved: {count} differ from {self.service.rulebook_name}." if count else
                  f"House rules saved: as {self.service.rulebook_name}.")

    def _show_house_rules_count(self) -> int:
        count = changed_count(self.service.house_option_forms())
        self.house_button.setText(f"House rules: {count} set  [Ctrl+H]" if count else "House rules  [Ctrl+H]")
        return count

    def _rulebook_changed(self) -> None:
        key = self.rulebook_combo.currentData()
        self._settings.setValue(RULEBOOK_SETTING, key)
        self._guard(lambda: self.service.set_rulebook(key))
        self._show_house_rules_count()
        if self._view is not None:
            self._show(self.service.view())
        if self.pages.currentIndex() == 1 and self._ruling is not None:
            self.make_ruling()
