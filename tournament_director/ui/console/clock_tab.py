"""The Clock tab: the big clock, the level and what comes next, the clock's buttons, and the choice after a
restart with the clock running."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout

from tournament_director.ui.console.tab import Runs, Tab, figures_text
from tournament_director.ui.projector.view import countdown_text, format_clock, view_from_session

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

# Starts and pauses the clock from anywhere in the console, a text field included, and never types anything
# (Space typed into the Register field and pressed the focused button). Free in the console and the floor tool.
CLOCK_KEY = "F8"


class ClockTab(Tab):
    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.restart_banner = QFrame()
        self.restart_banner.setObjectName("restartBanner")
        banner = QHBoxLayout(self.restart_banner)
        self.restart_text = QLabel()
        self.restart_text.setWordWrap(True)
        banner.addWidget(self.restart_text, 1)
        self.resume_saved = QPushButton("Resume paused, with the time saved")
        self.continue_clock = QPushButton("Continue: count the time that passed")
        banner.addWidget(self.resume_saved)
        banner.addWidget(self.continue_clock)
        self.resume_saved.clicked.connect(lambda: self._clock_call("resume_paused_after_restart"))
        self.continue_clock.clicked.connect(lambda: self._clock_call("continue_after_restart"))
        layout.addWidget(self.restart_banner)
        self.restart_banner.hide()
        self.big = QLabel("--:--")
        self.big.setObjectName("bigClock")
        self.big.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.big.font()
        font.setPixelSize(140)
        font.setBold(True)
        self.big.setFont(font)
        self.level = QLabel()
        self.level.setObjectName("clockLevel")
        self.level.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lf = self.level.font()
        lf.setPixelSize(36)
        lf.setBold(True)
        self.level.setFont(lf)
        self.next = QLabel()
        self.next.setObjectName("clockNext")
        self.next.setAlignment(Qt.AlignmentFlag.AlignCenter)
        nf = self.next.font()
        nf.setPixelSize(20)
        self.next.setFont(nf)
        self.figures = QLabel()
        self.figures.setObjectName("clockNext")
        self.figures.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.figures.setFont(nf)
        layout.addStretch(1)
        layout.addWidget(self.level)
        layout.addWidget(self.big)
        layout.addWidget(self.next)
        layout.addWidget(self.figures)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, label in (("previous", "◀ Previous level (Ctrl+Left)"), ("minus", "− 1 min (Ctrl+Down)"),
                           ("toggle", f"Start / Pause ({CLOCK_KEY})"), ("plus", "+ 1 min (Ctrl+Up)"),
                           ("next", "Next level ▶ (Ctrl+Right)")):
            b = QPushButton(label)
            b.setMinimumHeight(48)
            self.buttons[key] = b
            buttons.addWidget(b)
        self.buttons["toggle"].setObjectName("primary")
        layout.addLayout(buttons)
        jump = QHBoxLayout()
        jump.addStretch(1)
        jump.addWidget(QLabel("Jump to level:"))
        self.jump_level = QSpinBox()
        self.jump_level.setRange(1, 200)
        jump.addWidget(self.jump_level)
        self.jump_button = QPushButton("Jump (Ctrl+J)")
        jump.addWidget(self.jump_button)
        jump.addStretch(1)
        layout.addLayout(jump)

    def _clock_call(self, name: str) -> None:
        clock = self.session.clock if self.session else None
        if clock is not None:
            self.run(getattr(clock, name))
        self.refresh()

    def refresh(self) -> None:
        view = view_from_session(self.session, seating_chart=False)
        self.big.setText(format_clock(view.remaining_seconds))
        if view.on_break:
            self.level.setText(view.break_name)
        elif view.level_number is not None:
            ante = f", ante {view.ante:,}" if view.ante else ""
            self.level.setText(f"Level {view.level_number}: {view.small_blind:,} / {view.big_blind:,}{ante}")
        else:
            self.level.setText(view.message)
        parts = [countdown_text(view)] if countdown_text(view) else []
        if view.next_label:
            parts.append(f"Next: {view.next_label}")
        if view.seconds_to_break is not None:
            parts.append(f"Break in {format_clock(view.seconds_to_break)}")
        if view.notice:
            parts.append(view.notice)
        self.next.setText("    ".join(parts))
        figures = self.session.floor_figures() if self.session and self.session.tournament_id else None
        self.figures.setText(figures_text(figures))
        if view.remaining_seconds is None:
            toggle = "Start"
        else:
            toggle = "Pause" if view.running else ("Resume" if self._started() else "Start")
        if view.restart_pending:  # the banner's choice comes first
            self.buttons["toggle"].setText("Choose above how the clock goes on")
        else:
            self.buttons["toggle"].setText(f"{toggle} ({CLOCK_KEY})")
        self.buttons["toggle"].setEnabled(not view.restart_pending)
        clock = self.session.clock if self.session and self.session.tournament_id else None
        pending = clock.restart_as_of_now() if clock is not None and clock.restart_pending is not None else None
        self.restart_banner.setVisible(pending is not None)
        if pending is not None:
            self._describe_restart(pending)

    def _describe_restart(self, info: Any) -> None:
        """The choice after a restart, each button saying the time it gives; Continue's counts on while the
        director decides (the big clock shows it too), and gives the figure shown at the click."""
        structure = self.session.state.schedule.structure

        def where(index: int, remaining_ms: int) -> str:
            label = structure.periods[index].label if 0 <= index < len(structure.periods) else "the clock"
            return f"{format_clock(remaining_ms / 1000)} left in {label}"

        stopped = info.stopped_at.astimezone().strftime("%H:%M") if info.stopped_at is not None else "?"
        down = max(1, round(info.down_seconds / 60))
        self.restart_text.setText(
            f"<b>The clock was running when the program stopped at {stopped}</b> ({down} min ago), with "
            f"{where(info.stopped_period_index, info.stopped_remaining_ms)}. <b>Waiting for the director:</b> "
            "the screens show the time as if it had kept running. How should it go on?")
        self.resume_saved.setText(f"Resume paused: {where(info.stopped_period_index, info.stopped_remaining_ms)}")
        self.continue_clock.setText(f"Continue, counting the {down} min: "
                                    f"{where(info.now_period_index, info.now_remaining_ms)}")

    def _started(self) -> bool:
        state = self.session.state if self.session else None
        return bool(getattr(getattr(state, "schedule", None), "started", False))
