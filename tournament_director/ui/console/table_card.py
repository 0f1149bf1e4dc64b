"""One table of the Tables tab's map: its seats with the button and blind markers, chips, the bounty on each head
in a bounty tournament, absent and waiting players, a "hand done" mark when its station reported the current hand
done, and its own "Next hand" button.

Each seat is a row the director can click (or reach with the arrow keys): a click selects the player, a double
click, Enter or B opens the bust dialog for him (Ctrl+B busts the selected seat too).

A card is drawn once and then shown again in place (``show``): only the labels whose text changed are set, and
the card is restyled only when its "hand done" mark changes, so a station's report at one table costs that
table's few labels, not a new card (a map of 100 tables has 900 seats). A card may show another table of as many
seats in place too: turning a page of the map sets labels, it makes no new widgets.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout

from tournament_director.ui.themes import show_action_icon

# (background, text) of the button and blind markers: each pair at least 4.5:1 so it reads at a glance.
MARKER_COLOURS = {"D": ("#f9a825", "#000000"), "SB": ("#1565c0", "#ffffff"), "BB": ("#c62828", "#ffffff")}
OTHER_MARKER = ("#616161", "#ffffff")
QUIET_GREY = "#616161"       # empty and locked seats: quiet, still readable on the white card
WAITING_ORANGE = "#bf360c"
DONE_GREEN = "#2e7d32"       # a table whose station reported the current hand done
BOUNTY_PURPLE = "#6a1b9a"    # the bounty on a player's head (a bounty tournament): apart from his chips
SEAT_STYLE = """
QFrame#seat { background: transparent; border: 2px solid transparent; border-radius: 4px; }
QFrame#seat:hover { background: #e3f2fd; }
QFrame#seat[selected="true"] { background: #bbdefb; border-color: #1565c0; }
QFrame#seat:focus { border-color: #0d47a1; }
QFrame#seat QLabel { background: transparent; color: #111111; font-size: 11pt; }
QFrame#seat QLabel#bounty { color: %s; font-weight: bold; }
""" % BOUNTY_PURPLE


# The map's style sheet, set once on the widget that holds the cards (tables_tab.py).
MAP_STYLE = SEAT_STYLE + f'QFrame#tableCard[handDone="true"] {{ border: 3px solid {DONE_GREEN}; }}'


def _marker_html(marker: str) -> str:
    spans = []
    for m in marker.split():
        background, text = MARKER_COLOURS.get(m, OTHER_MARKER)
        spans.append(f"<span style='background:{background};color:{text};font-weight:bold'>&nbsp;{m}&nbsp;</span>")
    return " ".join(spans)


def seat_html(s: Any) -> tuple[str, str, str]:
    """(seat number, markers, name with its notes) of one seat: the number as plain text (drawn in bold by its
    label), the others as rich text."""
    if s.locked:
        return f"{s.seat}", "", f"<span style='color:{QUIET_GREY}'>locked</span>"
    name = html.escape(s.name) if s.name else f"<span style='color:{QUIET_GREY}'>empty</span>"
    if s.absent:
        name += " <b style='color:#c62828'>ABSENT</b>"
    if s.waiting:
        name += f" <i style='color:{WAITING_ORANGE}'>waits for button</i>"
    return f"{s.seat}", _marker_html(s.marker), name


def bounty_text(s: Any) -> str:
    """The bounty on a seated player's head, as the card shows it beside his chips ("B 75")."""
    return f"B {s.bounty:,}" if s.bounty is not None and s.name else ""


class SeatRow(QFrame):
    """One seat of the map. ``chosen`` when clicked or focused, ``bust`` on a double click, Enter or B."""

    chosen = Signal(int)
    bust = Signal(int)

    def __init__(self, seat: Any) -> None:
        super().__init__()
        self.setObjectName("seat")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 1, 4, 1)
        self.labels = []
        # the number and the chips are plain text: a map of 100 tables has 1,800 of them, and rich text costs
        # a document each to lay out
        # the seats are read at arm's length (docs/design.md): the columns hold "D SB" and a seven-figure stack,
        # and a long name wraps onto a second line rather than being cut
        for width, align, rich in ((24, Qt.AlignmentFlag.AlignRight, False), (56, Qt.AlignmentFlag.AlignLeft, True),
                                   (0, Qt.AlignmentFlag.AlignLeft, True), (80, Qt.AlignmentFlag.AlignRight, False)):
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
            label.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
            if width:
                label.setFixedWidth(width)
            else:
                label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
                label.setWordWrap(True)
            row.addWidget(label)
            self.labels.append(label)
        bold = self.labels[0].font()
        bold.setBold(True)
        self.labels[0].setFont(bold)
        self.bounty: QLabel | None = None  # made for the first seat with a bounty (a bounty tournament only)
        self.seat: Any = None
        self.entry_id: int | None = None
        self.show_seat(seat)
        self.set_selected(False)

    def show_seat(self, seat: Any) -> None:
        """Show ``seat`` (the floor service's SeatView) in place: only what differs from the last one is set."""
        if seat == self.seat:
            return
        self.seat = seat
        number, marker, name = seat_html(seat)
        chips = f"{seat.chips:,}" if seat.chips is not None and seat.name else ""
        for label, text in zip(self.labels, (number, marker, name, chips)):
            if label.text() != text:
                label.setText(text)
        self._fit_name()
        if seat.bounty is not None or self.bounty is not None:
            self._show_bounty(seat)
        if seat.entry_id != self.entry_id or seat.entry_id is None:
            self.entry_id = seat.entry_id
            seated = self.entry_id is not None
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if seated else Qt.FocusPolicy.NoFocus)
            if seated:
                self.setCursor(Qt.CursorShape.PointingHandCursor)
            else:
                self.unsetCursor()
        tip = f"{seat.name}: click to select, double-click, Enter or B to bust" if seat.entry_id is not None else ""
        if self.toolTip() != tip:
            self.setToolTip(tip)

    def _show_bounty(self, seat: Any) -> None:
        """The bounty on his head beside his chips, in a fixed column of its own; hidden without bounties."""
        if self.bounty is None:
            self.bounty = QLabel()
            self.bounty.setObjectName("bounty")
            self.bounty.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.bounty.setFixedWidth(64)
            self.layout().addWidget(self.bounty)
        bounty = bounty_text(seat)
        if self.bounty.text() != bounty:
            self.bounty.setText(bounty)
        if self.bounty.isHidden() != (seat.bounty is None):
            self.bounty.setHidden(seat.bounty is None)
        tip = f"The bounty on {seat.name}'s head: {seat.bounty:,}" if bounty else ""
        if self.bounty.toolTip() != tip:
            self.bounty.setToolTip(tip)

    def text(self) -> str:
        bounty = f" {self.bounty.text()}" if self.bounty is not None and self.bounty.text() else ""
        return " ".join(label.text() for label in self.labels) + bounty

    def set_selected(self, on: bool) -> None:
        value = "true" if on else "false"
        if self.property("selected") == value:
            return  # restyling costs: a map of 100 tables has 900 seats
        self.setProperty("selected", value)
        self.style().unpolish(self)
        self.style().polish(self)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit_name()

    def _fit_name(self) -> None:
        """A long name wraps onto a second line: the row asks for the height the name needs at its width (the map's
        grid does not ask a wrapped label by itself)."""
        name = self.labels[2]
        needed = name.heightForWidth(name.width()) if name.width() > 1 else -1
        if needed > 0 and needed != name.minimumHeight():
            name.setMinimumHeight(needed)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self.entry_id is not None and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.chosen.emit(self.entry_id)
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self.entry_id is not None:
            self.bust.emit(self.entry_id)
        super().mouseDoubleClickEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        if self.entry_id is not None:
            self.chosen.emit(self.entry_id)
        super().focusInEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        if self.entry_id is not None and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_B) \
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.bust.emit(self.entry_id)
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.focusNextPrevChild(key == Qt.Key.Key_Down)
        else:
            super().keyPressEvent(event)


class TableCard(QFrame):
    def __init__(self, table: Any, on_next_hand: Callable[[int], None], *, hand_done: bool = False) -> None:
        super().__init__()
        self.setObjectName("tableCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(320)
        self.number = table.number
        self.view: Any = None  # the floor service's TableView it shows
        self.hand_done = hand_done  # the table's station reported the current hand done
        self.setProperty("handDone", "true" if hand_done else "false")
        self.draws = 0  # how many times the card was drawn (with the first): a change elsewhere leaves it alone
        layout = QVBoxLayout(self)
        layout.setSpacing(0)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.label)
        self.seat_rows = [SeatRow(s) for s in table.seats]
        for row in self.seat_rows:
            layout.addWidget(row)
        layout.addSpacing(4)
        self.next_hand = QPushButton(f"Next hand at table {table.number}")
        self.next_hand.clicked.connect(lambda: on_next_hand(self.number))
        show_action_icon(self.next_hand, "next-hand")
        layout.addWidget(self.next_hand)
        self.show_table(table, hand_done)

    def fits(self, table: Any) -> bool:
        """Whether ``table`` can be shown on this card in place: one with as many seats (another table too, when
        the map turns to another page of tables)."""
        return len(table.seats) == len(self.seat_rows)

    def show_table(self, table: Any, hand_done: bool) -> bool:
        """Show ``table`` in place (``fits`` it); False when nothing changed and nothing was drawn."""
        if table == self.view and hand_done == self.hand_done and self.draws:
            return False
        self.draws += 1
        self.view = table
        if table.number != self.number:
            self.number = table.number
            self.next_hand.setText(f"Next hand at table {table.number}")
        if hand_done != self.hand_done:
            self.hand_done = hand_done
            self.setProperty("handDone", "true" if hand_done else "false")
            self.style().unpolish(self)   # the frame's colour follows the property: this card only
            self.style().polish(self)
        players = sum(1 for s in table.seats if s.name)
        note = f"<div style='color:#c62828'><b>{html.escape(table.note)}</b></div>" if table.note else ""
        done = (f" &nbsp; <span style='background:{DONE_GREEN};color:#ffffff;font-weight:bold'>&nbsp;hand done"
                f"&nbsp;</span>" if hand_done else "")
        legend = (f" &nbsp; <span style='color:{BOUNTY_PURPLE}'><b>B</b> = bounty</span>"
                  if any(seat.bounty is not None for seat in table.seats) else "")
        header = (f"<div><b style='font-size:16pt'>Table {table.number}</b> &nbsp; {players} players "
                  f"&nbsp; hand {table.hand_number}{done}{legend}</div>{note}")
        if self.label.text() != header:
            self.label.setText(header)
        for row, seat in zip(self.seat_rows, table.seats):
            row.show_seat(seat)
        return True

    def text(self) -> str:
        """Everything the card says, as rich text (its header and every seat)."""
        return " ".join([self.label.text(), *(row.text() for row in self.seat_rows)])

    def row_of(self, entry_id: int) -> SeatRow | None:
        return next((row for row in self.seat_rows if row.entry_id == entry_id), None)
