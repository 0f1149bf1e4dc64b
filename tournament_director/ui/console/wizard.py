"""The new-tournament wizard and Tournament > Settings: the sections on the left (arrow keys, or Ctrl+PgDown and
Ctrl+PgUp from anywhere), a page of settings on the right, the help of the focused field and the domain's refusal
under it. Enter creates (or saves) at any page: every field starts at a sensible value, so a nightly freezeout is
set up with a name and Enter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_director.domain.clock.structure import Break, Level
from tournament_director.domain.money.payouts import places_paid
from tournament_director.services.session import NewTournamentPlan
from tournament_director.services.settings import default_settings
from tournament_director.ui.console.settings_fields import SECTIONS
from tournament_director.ui.console.settings_form import HelpLine, OptionalDateTime, SettingsPages, spin

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

FIRST_PAGE = "Tournament"
_BASIC = ("buy_in", "fee", "starting_stack", "late_registration_until_level")
PLACES_PAID = (("table", "As the payout table pays"), ("share", "A share of the field"))
PREVIEW_FIELDS = (30, 100)  # the field sizes the places-paid line gives as examples


class SectionedDialog(QDialog):
    """Sections on the left, the page on the right, the help line and the refusal below, Back / Next / OK."""

    def __init__(self, title: str, pages: SettingsPages, ok_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = pages
        layout = QVBoxLayout(self)
        body = QHBoxLayout()
        self.sections = QListWidget()
        self.sections.setFixedWidth(250)
        self.sections.setObjectName("sections")
        self.sections.setStyleSheet("QListWidget#sections { font-size: 11pt; } "
                                    "QListWidget#sections::item { padding: 7px 6px; }")
        self.stack = QStackedWidget()
        body.addWidget(self.sections)
        body.addWidget(self.stack, 1)
        layout.addLayout(body, 1)
        self.help_line = HelpLine(pages, self._section_in_front)
        layout.addWidget(self.help_line)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")  # the theme's danger colour
        layout.addWidget(self.error)
        row = QHBoxLayout()
        self.back_button = QPushButton("‹ Back")
        self.next_button = QPushButton("Next ›")
        self.back_button.setToolTip("The section before (Ctrl+PgUp)")
        self.next_button.setToolTip("The next section (Ctrl+PgDown)")
        for button in (self.back_button, self.next_button):
            button.setAutoDefault(False)
        row.addWidget(self.back_button)
        row.addWidget(self.next_button)
        row.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        row.addWidget(self.buttons)
        layout.addLayout(row)
        self.sections.currentRowChanged.connect(self._show_page)
        self.back_button.clicked.connect(lambda: self.go(self.stack.currentIndex() - 1))
        self.next_button.clicked.connect(lambda: self.go(self.stack.currentIndex() + 1))
        QShortcut(QKeySequence("Ctrl+PgDown"), self, lambda: self.go(self.stack.currentIndex() + 1))
        QShortcut(QKeySequence("Ctrl+PgUp"), self, lambda: self.go(self.stack.currentIndex() - 1))

    def add_page(self, title: str, widget: QWidget) -> None:
        self.sections.addItem(title)
        self.stack.addWidget(widget)

    def build(self, first: tuple[str, QWidget] | None) -> None:
        if first is not None:
            self.add_page(*first)
        for section in SECTIONS:
            self.add_page(section, self.form.page_widgets[section])
        for title in self.page_titles():
            fields = self._fields_of(title)
            for before, after in zip(fields, fields[1:]):  # Tab goes down the page as it reads
                QWidget.setTabOrder(before, after)
        self.sections.setCurrentRow(0)
        room = self.parentWidget().size() if self.parentWidget() is not None else None
        width, height = 940, 640
        if room is not None:   # a laptop's 1366x768 console: the dialog stays inside it
            width, height = min(width, room.width() - 40), min(height, room.height() - 40)
        self.resize(width, height)

    def go(self, index: int) -> None:
        """Open section ``index`` with the focus on its first field."""
        if 0 <= index < self.stack.count():
            self.sections.setCurrentRow(index)
            first = next((w for w in self._fields_of(self.page_titles()[index]) if w.isEnabled()), None)
            if first is not None:
                first.setFocus(Qt.FocusReason.TabFocusReason)

    def _fields_of(self, title: str) -> list[QWidget]:
        """The fields of a section from the top down (those that take the focus)."""
        form = self.form.pages.get(title)
        if form is None:
            return []
        fields = []
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            widget = item.widget() if item is not None else None
            if widget is not None and (widget.focusPolicy() != Qt.FocusPolicy.NoFocus or widget.focusProxy()):
                fields.append(widget)
        return fields

    def _section_in_front(self) -> tuple[str, QWidget] | None:
        index, page = self.stack.currentIndex(), self.stack.currentWidget()
        return (self.page_titles()[index], page) if index >= 0 and page is not None else None

    def page_titles(self) -> list[str]:
        return [self.sections.item(i).text() for i in range(self.sections.count())]

    def show_page(self, title: str) -> None:
        self.go(self.page_titles().index(title))

    def _show_page(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        self.back_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < self.stack.count() - 1)
        self.help_line.follow(QApplication.focusWidget())

    def refuse(self, error: Exception) -> None:
        self.error.setText(f"Refused: {error}")

    def submit(self) -> bool:  # pragma: no cover - overridden
        return False


class NewTournamentForm(SettingsPages):
    """The wizard's fields: the tournament (name, start, structure, tables and seats), then every setting."""

    def __init__(self, library: Any) -> None:
        super().__init__()
        self._library = library
        self._page(FIRST_PAGE)
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Friday Night Hold'em")
        self.name.setMinimumWidth(360)
        self.scheduled_start = OptionalDateTime()
        self.structure = QComboBox()
        self.structure.setMinimumWidth(320)
        for info in library.structures():
            self.structure.addItem(info.title, info.key)
        regular = self.structure.findData("regular")
        if regular >= 0:
            self.structure.setCurrentIndex(regular)
        self.tables = spin(1, 2000, 3)
        self.seats = spin(2, 10, 9)
        self.add_row(FIRST_PAGE, "&Name", self.name, "The tournament's name, on the clock, the seat cards and "
                     "the results.")
        self.add_row(FIRST_PAGE, "Scheduled &start", self.scheduled_start, "When play starts: the console counts "
                     "down to it and reminds you to start the clock (F8). Leave it out to start by hand.")
        self.add_row(FIRST_PAGE, "Blind s&tructure", self.structure, "The levels, breaks and chip set; shipped "
                     "templates and the room's own. Edit it afterwards on the Structure tab.")
        self.level_minutes = spin(1, 24 * 60, 20, suffix=" min")
        self.break_minutes = spin(1, 24 * 60, 15, suffix=" min")
        self.add_row(FIRST_PAGE, "&Level length", self.level_minutes, "How long every level lasts; it starts at the "
                     "chosen structure's own length. One level can still be changed on the Structure tab.")
        self.add_row(FIRST_PAGE, "B&reak length", self.break_minutes, "How long every break lasts (the chips are "
                     "coloured up at the breaks the structure has).")
        self._template_minutes: tuple[int | None, int | None] = (None, None)
        self.add_row(FIRST_PAGE, "T&ables", self.tables, "Tables to seat the players at; more can be added "
                     "later in Tournament > Settings.")
        self.add_row(FIRST_PAGE, "S&eats per table", self.seats, "Seats at each table (2 to 10).")
        self.payouts = QComboBox()
        self.payouts.setMinimumWidth(320)
        for info in library.payout_tables():
            self.payouts.addItem(info.title, info.key)
        standard = self.payouts.findData("standard")
        if standard >= 0:
            self.payouts.setCurrentIndex(standard)
        self.pages["Payouts"].insertRow(0, QLabel("&Payout table"), self.payouts)
        label = self.pages["Payouts"].labelForField(self.payouts)
        if isinstance(label, QLabel):
            label.setBuddy(self.payouts)
        help_text = ("Percentages by field size: Standard, Flat (more places paid, a smaller first prize), Steep "
                     "(fewer places, a bigger first prize) or the room's own. Edit it on the Payouts tab.")
        for widget in (self.payouts, label):
            widget.setToolTip(help_text)
        self.help[self.payouts] = help_text
        self._places_paid_fields()
        self.set_values(default_settings())
        self.structure.currentIndexChanged.connect(self._stack_from_template)
        self._stack_from_template()

    def _places_paid_fields(self) -> None:
        """Places paid as the payout table says, or as a share of the field (15 %: 5 places of 30 entries)."""
        self.places_paid = QComboBox()
        for value, label in PLACES_PAID:
            self.places_paid.addItem(label, value)
        self.places_percent = spin(1, 100, 15, suffix=" % of the field")
        self.places_preview = QLabel()
        self.add_row("Payouts", "Places pai&d", self.places_paid, "The payout table's places, or a share of the "
                     "field: the places paid grow with the entries, first place the most.", at=1)
        self.add_row("Payouts", "Sha&re of the field", self.places_percent, "Entries (re-entries included) "
                     "paid, rounded up: 15 % of 30 entries pays 5 places. Edit the prizes on the Payouts tab.", at=2)
        self.add_row("Payouts", "", self.places_preview, self.help[self.places_percent], at=3)
        for signal in (self.places_paid.currentIndexChanged, self.places_percent.valueChanged,
                       self.payouts.currentIndexChanged):
            signal.connect(lambda *_: self._update_places())
        self._update_places()

    def places_share(self) -> int | None:
        return self.places_percent.value() if self.places_paid.currentData() == "share" else None

    def _update_places(self) -> None:
        share = self.places_share()
        self.places_percent.setEnabled(share is not None)
        self.payouts.setEnabled(share is None)
        for widget in (self.places_percent, self.payouts):
            self.pages["Payouts"].labelForField(widget).setEnabled(widget.isEnabled())
        try:
            if share is not None:
                counts = [places_paid(entries, share) for entries in PREVIEW_FIELDS]
            else:
                table = self._library.load_payout_table(str(self.payouts.currentData()))
                counts = [len(table.percentages_for(entries)) for entries in PREVIEW_FIELDS]
        except Exception:  # a broken room table: refused with its reason at Create
            self.places_preview.setText("")
            return
        self.places_preview.setText(" · ".join(f"{entries} entries: {count} paid"
                                               for entries, count in zip(PREVIEW_FIELDS, counts)))

    # the fields the director reaches most, by the names the first wizard had
    @property
    def buy_in(self) -> Any:
        return self.widgets["buy_in"]

    @property
    def entry_fee(self) -> Any:
        return self.widgets["fee"]

    @property
    def starting_stack(self) -> Any:
        return self.widgets["starting_stack"]

    @property
    def late_registration(self) -> Any:
        return self.widgets["late_registration_until_level"]

    def _stack_from_template(self) -> None:
        """The starting stack follows the chosen structure's chip set (the dealers' stacks), unless it has none;
        the level and break lengths follow its first level and break."""
        try:
            structure, chip_set = self._library.load_structure(str(self.structure.currentData() or ""))
        except Exception:  # a broken room template: the stack stays as it is, the refusal comes at Create
            return
        if chip_set is not None and chip_set.per_player:
            self.starting_stack.setValue(chip_set.starting_stack)
        minutes: list[int | None] = []
        for kind, box in ((Level, self.level_minutes), (Break, self.break_minutes)):
            first = next((p for p in structure.periods if isinstance(p, kind)), None)
            if first is None:
                minutes.append(None)
            else:
                minutes.append(max(1, round(first.duration_seconds / 60)))
                box.setValue(max(1, round(first.duration_seconds / 60)))
        self._template_minutes = (minutes[0], minutes[1])

    def lengths(self) -> tuple[int | None, int | None]:
        """The level and break minutes the director set; None where the structure's own lengths stay."""
        chosen = (self.level_minutes.value(), self.break_minutes.value())
        return tuple(None if value == template else value  # type: ignore[return-value]
                     for value, template in zip(chosen, self._template_minutes))

    def plan(self) -> NewTournamentPlan:
        values = self.values()
        others = {k: v for k, v in values.items() if k not in _BASIC}
        others["scheduled_start"] = self.scheduled_start.value()
        level_minutes, break_minutes = self.lengths()
        return NewTournamentPlan(
            name=self.name.text().strip(), structure_template=str(self.structure.currentData() or ""),
            payout_table=str(self.payouts.currentData() or "standard"), buy_in=values["buy_in"], fee=values["fee"],
            starting_stack=values["starting_stack"], tables=self.tables.value(), seats_per_table=self.seats.value(),
            late_registration_until_level=values["late_registration_until_level"], settings=others,
            places_paid_percent=self.places_share(), level_minutes=level_minutes, break_minutes=break_minutes,
        )


class NewTournamentDialog(SectionedDialog):
    """The wizard. ``create(plan)`` returns True when the tournament was made; on a refusal the wizard stays open
    with the director's entries and the reason under the page."""

    form: NewTournamentForm

    def __init__(self, create: Callable[[NewTournamentPlan], Any], library: Any,
                 parent: QWidget | None = None, *, tournaments: list[tuple[int, str]] | None = None) -> None:
        form = NewTournamentForm(library)
        form.offer_tournaments(tournaments or [])  # a satellite's possible targets
        super().__init__("New tournament", form, "Create", parent)
        self._create = create
        self.build((FIRST_PAGE, form.page_widgets[FIRST_PAGE]))
        self.form.widgets["fee"].setValue(10)
        self.form.name.setFocus()

    def submit(self) -> bool:
        self.error.clear()
        try:
            made = self._create(self.form.plan())
        except Exception as error:  # DomainError from the session: shown here, the wizard stays open
            self.refuse(error)
            return False
        if made:
            self.accept()
            return True
        return False


class SettingsDialog(SectionedDialog):
    """Tournament > Settings: the settings in force, those fixed by what already happened greyed out with the
    reason; Save records what changed as one event (the domain refuses, naming who is in the way)."""

    def __init__(self, session: DirectorSession, parent: QWidget | None = None) -> None:
        super().__init__("Tournament settings", SettingsPages(), "Save", parent)
        self.session = session
        self.changed: Any = None
        self.form._page(FIRST_PAGE)
        self.name = QLabel()
        self.name.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form.add_row(FIRST_PAGE, "Name", self.name, "The name given when the tournament was created.")
        self.scheduled_start = OptionalDateTime()
        self.form.add_row(FIRST_PAGE, "Scheduled &start", self.scheduled_start, "When play starts (informative "
                          "once the clock runs).")
        self.tables_label = QLabel()
        self.form.add_row(FIRST_PAGE, "Tables now", self.tables_label, "Open tables and their seats.")
        add_row = QWidget()
        line = QHBoxLayout(add_row)
        line.setContentsMargins(0, 0, 0, 0)
        self.add_count = spin(1, 200, 1)
        self.add_seats = spin(2, 10, 9)
        self.add_button = QPushButton("Add tables")
        self.add_button.setAutoDefault(False)
        for widget in (self.add_count, QLabel("of"), self.add_seats, QLabel("seats"), self.add_button):
            line.addWidget(widget)
        line.addStretch(1)
        self.form.add_row(FIRST_PAGE, "&Add tables", add_row, "New tables join the seat pool at once (one event); "
                          "the balancing proposal fills them.")
        self.add_button.clicked.connect(self.add_tables)
        note = QLabel("The payout table is chosen and edited on the Payouts tab.")
        self.form.pages["Payouts"].addRow(note)
        self.build((FIRST_PAGE, self.form.page_widgets[FIRST_PAGE]))
        self.load()

    def load(self) -> None:
        service = self.session.settings
        settings = service.settings.to_dict()
        self.form.offer_tournaments(self.session.satellite_targets())
        self.form.set_values(settings)
        self.scheduled_start.set_value(settings.get("scheduled_start"))
        self.name.setText(f"<b>{settings['name']}</b>")
        self.form.lock(service.fixed())
        tables = self.session.tournament.tables()
        self.tables_label.setText(", ".join(f"{t.number} ({t.seat_count} seats)" for t in tables) or "none yet")

    def values(self) -> dict[str, Any]:
        return {**self.form.values(), "scheduled_start": self.scheduled_start.value()}

    def add_tables(self) -> bool:
        try:
            self.session.run(self.session.tournament.add_tables, self.add_count.value(), self.add_seats.value())
        except Exception as error:
            self.refuse(error)
            return False
        self.error.clear()
        self.load()
        return True

    def submit(self) -> bool:
        self.error.clear()
        try:
            event = self.session.run(self.session.settings.change, self.values())
        except Exception as error:  # DomainError: the domain's words, the dialog stays open
            self.refuse(error)
            return False
        self.changed = event
        self.accept()
        return True


def open_settings(window: Any) -> SettingsDialog | None:
    """Tournament > Settings for the tournament in front of the director (window-modal; the clock runs on)."""
    session = window.session
    if session is None or session.tournament is None:
        window.tell("Open or create a tournament first (Ctrl+N)")
        return None
    dialog = SettingsDialog(session, window)
    dialog.accepted.connect(lambda: window.tell("Settings saved" if dialog.changed is not None
                                                else "Settings unchanged"))
    dialog.finished.connect(dialog.deleteLater)
    window.settings_dialog = dialog
    dialog.open()
    return dialog
