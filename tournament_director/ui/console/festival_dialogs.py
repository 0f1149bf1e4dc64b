"""The events of several days in the console: New multi-day event (the Day 1 flights, each a tournament, where they
stop and the flights' policy) and Next day from the bags (the flights' survivors, the bags forfeited, the combined
prize pool, and the new day made with a random draw). A refusal stays inside the dialog."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QRadioButton, QSpinBox, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.days import BEST_STACK_FORWARD, FIRST_STACK_FORWARD, SetPoint
from tournament_director.services.festival import FestivalPlan
from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.themes import set_tone

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

SET_POINT_CHOICES = (("level", "At the end of level"), ("percent", "When this % of the field is left"),
                     ("players", "When this many players are left"))


def _set_point_row(parent: QWidget, with_none: bool = False) -> tuple[QComboBox, QSpinBox, QHBoxLayout]:
    kind = QComboBox(parent)
    if with_none:
        kind.addItem("Play to the end", None)
    for key, title in SET_POINT_CHOICES:
        kind.addItem(title, key)
    value = QSpinBox(parent)
    value.setRange(1, 100_000)
    value.setValue(8)
    row = QHBoxLayout()
    row.addWidget(kind)
    row.addWidget(value)
    row.addStretch(1)
    kind.currentIndexChanged.connect(lambda _i: value.setEnabled(kind.currentData() is not None))
    return kind, value, row


def _refusal_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setObjectName("refusal")  # the theme's danger colour
    label.hide()
    return label


class NewFestivalDialog(QDialog):
    """Tournament > New multi-day event…"""

    def __init__(self, session: DirectorSession, console: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.console = console
        self.setWindowTitle("New multi-day event")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit("Main Event")
        form.addRow("Event &name", self.name)
        self.flights = QLineEdit("1A, 1B, 1C")
        self.flights.setToolTip("The Day 1 flights' labels, separated by commas: each flight is a tournament")
        form.addRow("Day 1 &flights", self.flights)
        self.structure = QComboBox()
        for info in session.templates.structures():
            self.structure.addItem(info.title, info.key)
        regular = self.structure.findData("regular")
        if regular >= 0:
            self.structure.setCurrentIndex(regular)
        form.addRow("Blind s&tructure", self.structure)
        self.buy_in = QSpinBox()
        self.buy_in.setRange(0, 1_000_000)
        self.buy_in.setValue(300)
        form.addRow("&Buy-in (to the prize pool)", self.buy_in)
        self.stack = QSpinBox()
        self.stack.setRange(1, 10_000_000)
        self.stack.setSingleStep(1000)
        self.stack.setValue(20_000)
        self.stack.setGroupSeparatorShown(True)
        form.addRow("Starting &stack", self.stack)
        self.tables = QSpinBox()
        self.tables.setRange(1, 200)
        self.tables.setValue(6)
        form.addRow("Tables per flight", self.tables)
        self.seats = QSpinBox()
        self.seats.setRange(2, 11)
        self.seats.setValue(9)
        form.addRow("Seats per table", self.seats)
        self.set_point_kind, self.set_point_value, row = _set_point_row(self)
        form.addRow("Each flight stops", row)
        self.policies = QButtonGroup(self)
        self.first_stack = QRadioButton("First stack forward: a qualified player may not enter another flight")
        self.best_stack = QRadioButton("Best stack forward: he may; only his biggest bag goes on")
        self.first_stack.setChecked(True)
        policy = QVBoxLayout()
        for button in (self.first_stack, self.best_stack):
            self.policies.addButton(button)
            policy.addWidget(button)
        form.addRow("Players in two flights", policy)
        layout.addLayout(form)
        note = QLabel("The flights pay nothing: their prize pools are combined and paid from the last day.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.error = _refusal_label()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create the flights")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(640, 520)

    def plan(self) -> FestivalPlan:
        flight = NewTournamentPlan(name=self.name.text().strip() or "Event", structure_template=str(
            self.structure.currentData() or ""), buy_in=self.buy_in.value(), starting_stack=self.stack.value(),
            tables=self.tables.value(), seats_per_table=self.seats.value())
        labels = [label.strip() for label in self.flights.text().split(",")]
        return FestivalPlan(self.name.text(), labels, flight,
                            SetPoint(str(self.set_point_kind.currentData()), self.set_point_value.value()),
                            BEST_STACK_FORWARD if self.best_stack.isChecked() else FIRST_STACK_FORWARD)

    def submit(self) -> bool:
        try:
            ids = self.session.run(self.session.festivals.create, self.plan())
        except Exception as error:  # DomainError: shown here, nothing created
            self.error.setText(f"Not created: {error}")
            self.error.show()
            return False
        self.console.tell(f"{self.name.text().strip()}: {len(ids)} flight(s) created; Day "
                          f"{self.flights.text().split(',')[0].strip()} is in front (Tournament > Open tournament "
                          "opens the others)")
        self.accept()
        return True


class SetPointDialog(QDialog):
    """Tournament > Where the day stops…: the set point of the tournament in front."""

    def __init__(self, session: DirectorSession, console: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.console = console
        self.setWindowTitle("Where the day stops")
        layout = QVBoxLayout(self)
        days = session.days
        view = days.view() if days is not None else None
        now = view.set_point if view is not None and view.set_point else "the end (no set point)"
        said = QLabel(f"Day {view.day if view is not None else 1} plays to {now}. When the set point is reached the "
                      "console says so and offers the end of the day: the chips bagged, the clock stopped.")
        said.setWordWrap(True)
        layout.addWidget(said)
        form = QFormLayout()
        self.set_point_kind, self.set_point_value, row = _set_point_row(self, with_none=True)
        self.set_point_value.setEnabled(False)
        form.addRow("The day stops", row)
        layout.addLayout(form)
        self.error = _refusal_label()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Set")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(560, 200)

    def submit(self) -> bool:
        kind = self.set_point_kind.currentData()
        days = self.session.days
        try:
            point = None if kind is None else SetPoint(str(kind), self.set_point_value.value())
            if days is None:
                raise ValueError("no tournament is open")
            self.session.run(days.set_set_point, point)
        except Exception as error:  # DomainError: shown here, nothing recorded
            self.error.setText(f"Not set: {error}")
            self.error.show()
            return False
        self.console.tell(f"The day stops at {point.text()}" if point is not None else "The day plays to the end")
        self.accept()
        return True


class NextDayDialog(QDialog):
    """Tournament > Next day from the bags…"""

    def __init__(self, session: DirectorSession, console: Any, parent: QWidget | None = None,
                 festival_id: int | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.console = console
        self.setWindowTitle("Next day from the bags")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("&Event:"))
        self.festival = QComboBox()
        top.itemAt(0).widget().setBuddy(self.festival)
        for info in session.festivals.all():
            self.festival.addItem(info.name, info.id)
        if festival_id is not None:
            self.festival.setCurrentIndex(max(0, self.festival.findData(festival_id)))
        top.addWidget(self.festival, 1)
        layout.addLayout(top)
        self.flights = QTableWidget(0, 6)
        self.flights.setHorizontalHeaderLabels(["Flight", "Entries", "Players left", "Bags", "Prize pool", "Day"])
        self.flights.verticalHeader().setVisible(False)
        self.flights.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.flights.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout.addWidget(self.flights, 1)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.summary)
        self.forfeited = QLabel()
        self.forfeited.setWordWrap(True)
        self.forfeited.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.forfeited)
        form = QFormLayout()
        self.seats = QSpinBox()
        self.seats.setRange(2, 11)
        self.seats.setValue(9)
        form.addRow("Seats per table", self.seats)
        self.set_point_kind, self.set_point_value, row = _set_point_row(self, with_none=True)
        self.set_point_value.setEnabled(False)
        form.addRow("The new day stops", row)
        layout.addLayout(form)
        self.error = _refusal_label()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.create_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.create_button.setText("Draw the next day")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.festival.currentIndexChanged.connect(lambda _i: self._fill())
        self._fill()
        self.resize(720, 560)

    def festival_id(self) -> int | None:
        data = self.festival.currentData()
        return None if data is None else int(data)

    def _fill(self) -> None:
        festival_id = self.festival_id()
        if festival_id is None:
            self.summary.setText("No multi-day event yet: Tournament > New multi-day event… creates one")
            self.create_button.setEnabled(False)
            return
        flights = self.session.festivals.flights(festival_id)
        self.flights.setRowCount(len(flights))
        for row, flight in enumerate(flights):
            day = "ended, bagged" if flight.ended else f"playing (stops at {flight.set_point or 'the end'})"
            for column, value in enumerate((f"Day {flight.label}", flight.entries, flight.players_left, flight.bags,
                                            f"{flight.prize_pool:,}", day)):
                item = QTableWidgetItem(str(value))
                if column in (1, 2, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.flights.setItem(row, column, item)
        self.flights.resizeColumnsToContents()
        try:
            plan = self.session.festivals.next_day_plan(festival_id)
        except DomainError as problem:  # two bags of one player under first stack forward, say
            set_tone(self.summary, "refusal")
            self.summary.setText(f"<b>The next day cannot be drawn:</b> {html.escape(str(problem))}")
            self.forfeited.hide()
            self.create_button.setEnabled(False)
            return
        policy = "best stack forward" if plan.festival.policy == BEST_STACK_FORWARD else "first stack forward"
        text = (f"<b style='font-size:13pt'>Day {plan.day}: {len(plan.going)} player(s) with "
                f"{sum(b.chips for b in plan.going):,} chips; prize pool {plan.pool:,} from {plan.flight_entries} "
                f"entries</b><br>{html.escape(plan.festival.name)}, {policy}; the flights paid nothing")
        if plan.plays_on_in_place:
            text = (f"<b style='font-size:13pt'>Day {plan.day - 1} plays on as Day {plan.day} in the same "
                    "tournament</b><br>Once its day has ended: Tournament > Start the next day")
        elif plan.waiting:
            text += f"<br>Still playing: Day {', Day '.join(plan.waiting)}. End their day first"
        set_tone(self.summary, "refusal" if plan.waiting or plan.plays_on_in_place else "done")
        self.summary.setText(text)
        if plan.forfeited:
            rows = "; ".join(f"{html.escape(b.name)}: Day {html.escape(b.flight)} bag of {b.chips:,}"
                             for b in plan.forfeited)
            self.forfeited.setText(f"<b>Forfeited</b> (a bigger bag of the same player goes on): {rows}")
            self.forfeited.show()
        else:
            self.forfeited.hide()
        self.create_button.setEnabled(not plan.waiting and bool(plan.going) and not plan.plays_on_in_place)

    def submit(self) -> bool:
        festival_id = self.festival_id()
        if festival_id is None:
            return False
        kind = self.set_point_kind.currentData()
        try:
            point = None if kind is None else SetPoint(str(kind), self.set_point_value.value())
            tournament_id = self.session.run(self.session.festivals.create_next_day, festival_id, self.seats.value(),
                                             point)
        except Exception as error:  # DomainError: shown here, nothing created
            self.error.setText(f"Not created: {error}")
            self.error.show()
            return False
        self.console.tell(f"{self.session.tournament_name} is ready (tournament {tournament_id}): the seats are drawn, "
                          "each player with his bag; start the clock to play on")
        self.accept()
        return True


__all__ = ["NewFestivalDialog", "NextDayDialog", "SET_POINT_CHOICES", "SetPointDialog"]
