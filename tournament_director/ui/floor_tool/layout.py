"""The floor tool window's widgets: the header with the rulebook, the seats grid, board, pots and log on the left,
the hand page and the ruling page on the right. The window (window.py) supplies the slots the keys and buttons
call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.floor_tool.ruling_panel import RulingPanel
from tournament_director.ui.floor_tool.widgets import (BASE_POINT_SIZE, HEADING_POINT_SIZE, NOTE_POINT_SIZE,
                                                       PROMPT_POINT_SIZE, ElidedTitle, key_button, point_font,
                                                       text_label)

if TYPE_CHECKING:
    from tournament_director.services.floor_tool import FloorToolService


RULEBOOKS = (("tda2024", "TDA 2024"), ("rrop", "Robert's Rules of Poker"))
SEAT_COLUMNS = ("Seat", "Player", "Pos", "Stack", "Bet", "Cards", "Status")
IRREGULARITY_KEYS = ("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+5", "Ctrl+6", "Ctrl+7", "Ctrl+8", "Ctrl+9",
                     "Ctrl+0", "Ctrl+Shift+1", "Ctrl+Shift+2", "Ctrl+Shift+3", "Ctrl+Shift+4")


class FloorToolLayout(QMainWindow):
    """Builds the floor tool's widgets and keys; ``FloorToolWindow`` adds what they do."""

    if TYPE_CHECKING:  # what FloorToolWindow (window.py) supplies: the service and the slots the keys call
        service: FloorToolService

        def _act(self, action: str) -> None: ...
        def _focus_amount(self) -> None: ...
        def _rulebook_changed(self) -> None: ...
        def _show_blank_setup(self) -> None: ...
        def back_to_hand(self) -> None: ...
        def deal_board(self) -> None: ...
        def deal_hole(self) -> None: ...
        def enter_cards(self) -> None: ...
        def export_phh(self) -> None: ...
        def import_phh(self, path: str | None = None) -> None: ...
        def load_table(self) -> None: ...
        def make_ruling(self) -> None: ...
        def muck_hand(self) -> None: ...
        def name_board(self) -> None: ...
        def open_house_rules(self) -> None: ...
        def open_irregularity(self, key: str) -> None: ...
        def record_ruling(self) -> None: ...
        def show_hand(self) -> None: ...
        def start_hand(self) -> None: ...
        def undo(self) -> None: ...

    # ----- building -------------------------------------------------------------------------------
    def _header(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.title = ElidedTitle(HEADING_POINT_SIZE)
        row.addWidget(self.title, 1)
        row.addWidget(key_button("Export PHH", "Ctrl+E", self.export_phh, self))
        row.addWidget(key_button("Import PHH", "Ctrl+O", self.import_phh, self))
        rulebook_label = QLabel("Rulebook:")
        rulebook_label.setFont(point_font(BASE_POINT_SIZE, bold=True))
        self.rulebook_combo = QComboBox()
        self.rulebook_combo.setFont(point_font(BASE_POINT_SIZE, bold=True))
        for key, name in RULEBOOKS:
            self.rulebook_combo.addItem(name, key)
        self.rulebook_combo.setCurrentIndex([k for k, _ in RULEBOOKS].index(self.service.rulebook))
        self.rulebook_combo.currentIndexChanged.connect(self._rulebook_changed)
        rulebook_label.setBuddy(self.rulebook_combo)
        row.addWidget(rulebook_label)
        row.addWidget(self.rulebook_combo)
        return row

    def _left_column(self) -> QVBoxLayout:
        column = QVBoxLayout()
        setup = QHBoxLayout()
        self.table_combo = QComboBox()
        setup.addWidget(QLabel("Table"))
        setup.addWidget(self.table_combo)
        self.load_button = key_button("Load", "F2", self.load_table, self)
        self.table_combo.setMinimumContentsLength(8)
        setup.addWidget(self.load_button)
        self.players_spin = QSpinBox()
        self.players_spin.setRange(2, 10)
        self.players_spin.setValue(9)
        self.players_spin.valueChanged.connect(lambda _: self._show_blank_setup())
        setup.addStretch(1)
        column.addLayout(setup)
        setup = QHBoxLayout()  # a second row: in one the window was wider than a laptop's screen
        setup.addWidget(QLabel("Blank table of"))
        setup.addWidget(self.players_spin)
        self.blank_button = key_button("New", "F3", self._show_blank_setup, self)
        setup.addWidget(self.blank_button)
        self.start_button = key_button("Start", "F4", self.start_hand, self)
        setup.addWidget(self.start_button)
        setup.addStretch(1)
        column.addLayout(setup)

        self.seats = QTableWidget(10, len(SEAT_COLUMNS))
        self.seats.setHorizontalHeaderLabels(SEAT_COLUMNS)
        self.seats.verticalHeader().setVisible(False)
        self.seats.verticalHeader().setDefaultSectionSize(30)
        self.seats.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seats.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.seats.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.seats.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The name takes the spare width (long names are common); the status column is as wide as its words.
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        self._fit_seats()
        column.addWidget(self.seats)

        self.board = text_label(HEADING_POINT_SIZE, bold=True)
        self.pots = text_label(BASE_POINT_SIZE)
        self.log = text_label(NOTE_POINT_SIZE)
        self.log.setAlignment(Qt.AlignmentFlag.AlignTop)
        column.addWidget(self.board)
        column.addWidget(self.pots)
        column.addWidget(self.log, 1)
        return column

    def _seat_rows(self, seats: int) -> None:
        """One row per seat of the table (six, nine or ten), and the grid exactly that tall."""
        self.seats.setRowCount(max(2, min(10, seats)))
        self._fit_seats()

    def _fit_seats(self) -> None:
        """Exactly the table's rows and the header: a ten-handed table never scrolls, a six-handed one shows six."""
        header = max(self.seats.horizontalHeader().height(), self.seats.horizontalHeader().sizeHint().height())
        self.seats.setFixedHeight(header + self.seats.rowCount() * 30 + 2 * self.seats.frameWidth() + 2)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._fit_seats()

    def _hand_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.to_act = text_label(PROMPT_POINT_SIZE, bold=True)
        self.options = text_label(HEADING_POINT_SIZE, bold=True)
        self.refusal = text_label(BASE_POINT_SIZE, bold=True)
        self.refusal.setObjectName("refusal")  # in the theme's danger colour
        self.next_step = text_label(BASE_POINT_SIZE)
        for widget in (self.to_act, self.options, self.refusal, self.next_step):
            layout.addWidget(widget)

        actions = QHBoxLayout()
        actions.addWidget(key_button("Fold", "F", lambda: self._act("fold"), page))
        actions.addWidget(key_button("Check/call", "C", lambda: self._act("call_or_check"), page))
        self.amount = QLineEdit()
        self.amount.setPlaceholderText("to (total)")
        self.amount.setFont(point_font(BASE_POINT_SIZE))
        self.amount.setMaximumWidth(130)
        self.amount.returnPressed.connect(lambda: self._act("raise"))
        actions.addWidget(key_button("Bet/raise", "R", self._focus_amount, page))
        actions.addWidget(self.amount)
        actions.addWidget(key_button("All-in", "A", lambda: self._act("all_in"), page))
        layout.addLayout(actions)

        cards = QHBoxLayout()
        self.cards = QLineEdit()
        self.cards.setFont(point_font(BASE_POINT_SIZE))
        self.cards.setPlaceholderText("[K] cards + Enter: '3 AhKd 7 QsQc' or '9h8d2c'; blank = unknown")
        self.cards.returnPressed.connect(self.enter_cards)
        QShortcut(QKeySequence("K"), page).activated.connect(self.cards.setFocus)
        cards.addWidget(self.cards, 1)
        cards.addWidget(key_button("Hole", "H", self.deal_hole, page))
        cards.addWidget(key_button("Board", "B", self.deal_board, page))
        layout.addLayout(cards)

        showdown = QHBoxLayout()
        self.show_seat = QSpinBox()
        self.show_seat.setRange(1, 10)
        self.show_seat.setPrefix("seat ")
        showdown.addWidget(self.show_seat)
        showdown.addWidget(key_button("Show", "S", self.show_hand, page))
        showdown.addWidget(key_button("Muck", "M", self.muck_hand, page))
        showdown.addWidget(key_button("Name board", "N", self.name_board, page))
        showdown.addWidget(key_button("Undo", "Ctrl+Z", self.undo, page))
        layout.addLayout(showdown)

        title = text_label(BASE_POINT_SIZE, bold=True)
        title.setText("Irregularities")
        title_row = QHBoxLayout()
        title_row.addWidget(title, 1)
        # The house's choices where the rulebooks differ; its key works on the ruling page too.
        self.house_button = key_button("House rules", "Ctrl+H", self.open_house_rules, self)
        title_row.addWidget(self.house_button)
        layout.addLayout(title_row)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.irregularity_buttons: dict[str, QPushButton] = {}
        for k, form in enumerate(self.service.irregularities()):
            key = IRREGULARITY_KEYS[k] if k < len(IRREGULARITY_KEYS) else None
            button = key_button(form.label, key, lambda _=False, f=form.key: self.open_irregularity(f), page)
            button.setStyleSheet("text-align: left; padding: 3px;")
            button.setFont(point_font(NOTE_POINT_SIZE))
            self.irregularity_buttons[form.key] = button
            grid.addWidget(button, k // 2, k % 2)
        layout.addLayout(grid)
        layout.addStretch(1)
        return page

    def _ruling_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.ruling_title = text_label(HEADING_POINT_SIZE, bold=True)
        layout.addWidget(self.ruling_title)
        self.facts_holder = QVBoxLayout()
        layout.addLayout(self.facts_holder)
        buttons = QHBoxLayout()
        buttons.addWidget(key_button("Rule", "Ctrl+Return", self.make_ruling, page))
        self.record_button = key_button("Record in the log", "Ctrl+S", self.record_ruling, page)
        buttons.addWidget(self.record_button)
        buttons.addWidget(key_button("Back to the hand", "Esc", self.back_to_hand, page))
        layout.addLayout(buttons)
        self.ruling_panel = RulingPanel()
        # A ruling longer than the screen scrolls inside its panel instead of pushing the window (and the
        # buttons) past the bottom of a laptop screen.
        self.ruling_scroll = QScrollArea()
        self.ruling_scroll.setWidgetResizable(True)
        self.ruling_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.ruling_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.ruling_scroll.setWidget(self.ruling_panel)
        layout.addWidget(self.ruling_scroll, 1)
        return page
