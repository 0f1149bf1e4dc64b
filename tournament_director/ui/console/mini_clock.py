"""The mini clock above every console tab (tournament, figures, level and time in one line), and the label that
shortens a long tournament name instead of widening the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from tournament_director.ui.console.clock_tab import CLOCK_KEY
from tournament_director.ui.projector.view import blinds_text, countdown_text, format_clock, view_from_session

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


# the type scale's sizes the header is read in at arm's length (docs/design.md)
READING_POINTS = 11
HEADER_POINTS = 22


class ElidedLabel(QLabel):
    """A one-line label that shortens its text with '…' instead of widening the window (full text on hover)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full_text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(80)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self._full_text = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full_text

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full_text, Qt.TextElideMode.ElideRight, max(self.width(), 1))
        if shown != super().text():
            super().setText(shown)


class MiniClock(QWidget):
    """Level, blinds and remaining time in one line above every tab."""

    def __init__(self, session: DirectorSession | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.setObjectName("miniClock")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.name_label = ElidedLabel()
        self.level_label = QLabel()
        self.figures_label = QLabel()
        self.time_label = QLabel()
        self.time_label.setObjectName("miniClockTime")
        self.time_label.setToolTip(f"{CLOCK_KEY} starts and pauses the clock, wherever the keyboard is")
        font = self.time_label.font()
        font.setPointSize(HEADER_POINTS)
        font.setBold(True)
        self.time_label.setFont(font)
        for label in (self.name_label, self.level_label, self.figures_label):
            bold = label.font()
            bold.setPointSize(READING_POINTS)
            bold.setBold(label is not self.figures_label)
            label.setFont(bold)
        layout.addWidget(self.name_label, 1)
        layout.addWidget(self.figures_label)
        layout.addSpacing(24)
        layout.addWidget(self.level_label)
        layout.addSpacing(16)
        layout.addWidget(self.time_label)
        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()
        self.refresh()

    def refresh(self) -> None:
        try:
            view = view_from_session(self._session, seating_chart=False)
        except Exception as error:
            self.level_label.setText(str(error))
            return
        self.name_label.setText(view.tournament_name or view.message)
        if view.on_break:
            level = view.break_name
        elif view.level_number is not None:
            level = f"Level {view.level_number}   {blinds_text(view)}"
        else:
            level = ""
        self.level_label.setText(level)
        countdown = countdown_text(view)
        if view.winner is not None:
            self.level_label.setText("")
            self.time_label.setText(f"Winner: {view.winner[0]}")
        elif countdown:
            self.time_label.setText(countdown)
        else:
            if view.restart_pending:  # the time it would show had it kept running, until the director chooses
                paused = "  waiting for the director"
            else:
                paused = "" if view.running or view.remaining_seconds is None else "  paused"
            self.time_label.setText(format_clock(view.remaining_seconds) + paused)
        if view.players_left is not None and view.entries:
            average = f"   avg {view.average_stack:,}" if view.average_stack is not None else ""
            leader = f"   leader {view.chip_leader[0]} {view.chip_leader[1]:,}" if view.chip_leader and \
                view.winner is None else ""
            self.figures_label.setText(f"{view.players_left:,} / {view.entries:,} left{average}{leader}")
        else:
            self.figures_label.setText("")
