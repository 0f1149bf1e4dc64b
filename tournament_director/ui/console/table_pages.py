"""The pages of the Tables tab's map: every open table's number in order, cut into pages of ``PAGE`` tables, and the
bar above the map with the previous and next pages, which tables are shown, and Go to table.

A big field's map shows one page: the floor calls a table by its number, a page holds the cards of a section of
the room, and 11,112 cards made at once would freeze the console for a minute (and take gigabytes)."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget


class TablePages(QWidget):
    """``turned`` when the director turns a page; ``go_to`` (a table number) when he asks for a table."""

    PAGE = 60   # tables on one page: a section of a big room, every table of an event of up to 540 players
    turned = Signal()
    go_to = Signal(int)
    refused = Signal(str)   # what the director typed is not a table number: why

    def __init__(self) -> None:
        super().__init__()
        self.numbers: list[int] = []   # every open table's number, in order
        self.start = 0                 # where the page shown starts in ``numbers``
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        self.previous = QPushButton("◀ Previous tables")
        self.next = QPushButton("Next tables ▶")
        self.label = QLabel()
        self.go_to_box = QLineEdit()
        self.go_to_box.setPlaceholderText("Go to table (Ctrl+G)")
        self.go_to_box.setClearButtonEnabled(True)
        self.go_to_box.setMinimumWidth(190)
        self.go_to_box.setMaximumWidth(240)
        for widget in (self.previous, self.label, self.next):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.go_to_box)
        self.previous.clicked.connect(lambda: self.turn(-1))
        self.next.clicked.connect(lambda: self.turn(1))
        self.go_to_box.returnPressed.connect(self._typed)
        self.hide()

    def page(self) -> list[int]:
        """The numbers of the tables on the page shown."""
        return self.numbers[self.start:self.start + self.PAGE]

    def read(self, numbers: list[int]) -> None:
        self.numbers = numbers
        self._keep_in_range()

    def follow(self, changed: Iterable[int], opened: set[int]) -> None:
        """Tables ``changed``, of which ``opened`` are open now: a table broken leaves the pages, one added joins."""
        for number in changed:
            at = bisect_left(self.numbers, number)
            there = at < len(self.numbers) and self.numbers[at] == number
            if there and number not in opened:
                del self.numbers[at]
            elif not there and number in opened:
                insort(self.numbers, number)
        self._keep_in_range()

    def _keep_in_range(self) -> None:
        if self.start >= len(self.numbers):   # the last page's tables broke: the page before
            self.start = max(0, len(self.numbers) - 1) // self.PAGE * self.PAGE

    def turn(self, step: int) -> None:
        start = self.start + step * self.PAGE
        if 0 <= start < len(self.numbers):
            self.start = start
            self.turned.emit()

    def show_page_of(self, number: int) -> str:
        """Make the page holding table ``number`` the page shown; what is wrong when it is not open."""
        at = bisect_left(self.numbers, number)
        if at == len(self.numbers) or self.numbers[at] != number:
            if not self.numbers:
                return "There are no open tables"
            return f"Table {number} is not open: the open tables are {self.numbers[0]}–{self.numbers[-1]}"
        self.start = at - at % self.PAGE
        return ""

    def _typed(self) -> None:
        typed = self.go_to_box.text().strip()
        text = typed.lower().removeprefix("table").strip()
        if not text.isdigit():
            self.refused.emit(f"Type a table number to go to, not {typed!r}")
            return
        self.go_to.emit(int(text))

    def show_bar(self) -> None:
        """Go to table for more than one table; the pages when one page does not hold them all."""
        count = len(self.numbers)
        self.setVisible(count > 1)
        for widget in (self.previous, self.label, self.next):
            widget.setVisible(count > self.PAGE)
        page = self.page()
        if page:
            pages = -(-count // self.PAGE)
            self.label.setText(f"Tables {page[0]}–{page[-1]}: page {self.start // self.PAGE + 1:,} of {pages:,} "
                               f"({count:,} open tables)")
        self.previous.setEnabled(self.start > 0)
        self.next.setEnabled(self.start + self.PAGE < count)
