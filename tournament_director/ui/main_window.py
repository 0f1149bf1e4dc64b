"""The director's console: one window with a tab per job and a mini clock visible on every tab."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tournament_director.ui.console_tabs import (
    ClockTab,
    LogTab,
    NewTournamentChoices,
    NewTournamentForm,
    PayoutsTab,
    PlayersTab,
    ResultsTab,
    StructureTab,
    TablesTab,
)
from tournament_director.ui.projector_view import blinds_text, format_clock, view_from_session


class SessionSignals(QObject):
    """The session's plain callbacks as a Qt signal (topic: 'tournaments', 'selected', 'state', ...)."""

    changed = Signal(str)

    def __init__(self, session: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe = session.subscribe(self.changed.emit) if session is not None else (lambda: None)

    def disconnect_session(self) -> None:
        self._unsubscribe()


class MiniClock(QWidget):
    """Level, blinds and remaining time in one line above every tab."""

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.name_label = QLabel()
        self.level_label = QLabel()
        self.time_label = QLabel()
        self.time_label.setObjectName("miniClockTime")
        font = self.time_label.font()
        font.setPointSize(max(font.pointSize() * 2, 18))
        font.setBold(True)
        self.time_label.setFont(font)
        layout.addWidget(self.name_label, 1)
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
            view = view_from_session(self._session)
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
        self.time_label.setText(format_clock(view.remaining_seconds) + ("" if view.running or view.remaining_seconds is None else "  paused"))


class NewTournamentDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament")
        layout = QVBoxLayout(self)
        self.form = NewTournamentForm()
        layout.addWidget(self.form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


TAB_TITLES = ("Players", "Tables", "Clock", "Structure", "Payouts", "Results", "Log")


class MainWindow(QMainWindow):
    def __init__(self, session: Any, *, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._settings = settings if settings is not None else QSettings()
        self.setWindowTitle("Tournament Director")
        self.signals = SessionSignals(session, self)

        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        self.mini_clock = MiniClock(session)
        column.addWidget(self.mini_clock)
        self.tabs = QTabWidget()
        column.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

        self.players_tab = PlayersTab(session, self.run_command)
        self.tables_tab = TablesTab(session, self.run_command)
        self.clock_tab = ClockTab(session, self.run_command)
        self.structure_tab = StructureTab(session, self.run_command)
        self.payouts_tab = PayoutsTab(session, self.run_command)
        self.results_tab = ResultsTab(session, self.run_command)
        self.log_tab = LogTab(session, self.run_command)
        self.all_tabs = (self.players_tab, self.tables_tab, self.clock_tab, self.structure_tab, self.payouts_tab,
                         self.results_tab, self.log_tab)
        for title, tab in zip(TAB_TITLES, self.all_tabs):
            self.tabs.addTab(tab, title)
        self.tabs.currentChanged.connect(lambda _i: self.tabs.currentWidget().refresh())

        self._build_actions()
        self.statusBar().showMessage("Ready")

        geometry = self._settings.value("console/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)
        self.signals.changed.connect(self._session_changed)
        self._session_changed("selected")

    # ----- actions and shortcuts -----------------------------------------------------------------------
    def _action(self, text: str, shortcut: str | QKeySequence.StandardKey, slot: Callable[[], Any],
                menu: Any) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&Tournament")
        self._action("New tournament…", "Ctrl+N", self.new_tournament, file_menu)
        self._action("Export results…", "Ctrl+E", self.results_tab.export_dialog, file_menu)
        self._action("Back up now", "Ctrl+Shift+B", self.backup_now, file_menu)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action("Undo", QKeySequence.StandardKey.Undo, self.undo, edit)
        self.redo_action = self._action("Redo", "Ctrl+Shift+Z", self.redo, edit)
        self._action("Find player", "Ctrl+F", self.focus_search, edit)
        clock = bar.addMenu("&Clock")
        self.toggle_clock_action = self._action("Start / pause", "Space", self.toggle_clock, clock)
        self._action("Next level", "Ctrl+Right", lambda: self.clock_command("next_level"), clock)
        self._action("Previous level", "Ctrl+Left", lambda: self.clock_command("previous_level"), clock)
        self._action("Add a minute", "Ctrl+Up", lambda: self.clock_command("add_time", 60), clock)
        self._action("Remove a minute", "Ctrl+Down", lambda: self.clock_command("add_time", -60), clock)
        self._action("Jump to level", "Ctrl+J", self.jump_to_level, clock)
        floor = bar.addMenu("&Floor")
        self._action("Next hand, all tables", "F5", lambda: self.floor_command("next_hand"), floor)
        self._action("Accept proposed move", "Ctrl+Return", self.accept_move, floor)
        view = bar.addMenu("&View")
        for i, title in enumerate(TAB_TITLES):
            self._action(title, f"Ctrl+{i + 1}", lambda _checked=False, i=i: self.tabs.setCurrentIndex(i), view)
        self._action("Projector full screen", "Ctrl+Shift+F", self.place_projector, view)

        c = self.clock_tab.buttons
        c["toggle"].clicked.connect(self.toggle_clock)
        c["next"].clicked.connect(lambda: self.clock_command("next_level"))
        c["previous"].clicked.connect(lambda: self.clock_command("previous_level"))
        c["plus"].clicked.connect(lambda: self.clock_command("add_time", 60))
        c["minus"].clicked.connect(lambda: self.clock_command("add_time", -60))
        self.clock_tab.jump_button.clicked.connect(
            lambda: self.clock_command("jump_to_level", self.clock_tab.jump_level.value()))
        self.tables_tab.next_hand_all.clicked.connect(lambda: self.floor_command("next_hand"))
        self.tables_tab.accept_move.clicked.connect(self.accept_move)
        self.tables_tab.reject_move.clicked.connect(self.reject_move)
        self.log_tab.undo_button.clicked.connect(self.undo)
        self.log_tab.redo_button.clicked.connect(self.redo)

    # ----- running commands ------------------------------------------------------------------------------
    def run_command(self, command: Callable[..., Any], *args: Any) -> Any:
        """Run one service command; a refusal is shown with its rule and nothing changes."""
        try:
            result = self.session.run(command, *args) if self.session else command(*args)
        except Exception as error:  # DomainError and friends: tell the director, keep going
            self.show_error(error)
            return None
        self.statusBar().showMessage("Done", 3000)
        return result

    def _service_command(self, service: Any, area: str, name: str, *args: Any) -> Any:
        if service is None:
            self.statusBar().showMessage(f"No tournament is open ({area})", 5000)
            return None
        method = getattr(service, name, None)
        if method is None:
            self.statusBar().showMessage(f"The {area} service has no '{name}' command", 5000)
            return None
        return self.run_command(method, *args)

    def clock_command(self, name: str, *args: Any) -> Any:
        return self._service_command(self.session.clock if self.session else None, "clock", name, *args)

    def floor_command(self, name: str, *args: Any) -> Any:
        return self._service_command(self.session.tournament if self.session else None, "floor", name, *args)

    def toggle_clock(self) -> None:
        view = view_from_session(self.session)
        if view.running:
            self.clock_command("pause")
        elif view.remaining_seconds is None:
            self.clock_command("start")
        else:
            self.clock_command("resume")

    def jump_to_level(self) -> None:
        self.tabs.setCurrentWidget(self.clock_tab)
        self.clock_tab.jump_level.setFocus()

    def accept_move(self) -> None:
        move = self.tables_tab.selected_move()
        if move is not None:
            self.floor_command("accept_move", move.key)

    def reject_move(self) -> None:
        move = self.tables_tab.selected_move()
        if move is not None:
            self.floor_command("reject_move", move.key)

    def focus_search(self) -> None:
        self.tabs.setCurrentWidget(self.players_tab)
        self.players_tab.search.setFocus()
        self.players_tab.search.selectAll()

    def place_projector(self) -> None:
        projector = getattr(self, "projector", None)
        if projector is not None:
            projector.place_on_screen()

    def backup_now(self) -> None:
        if self.session is not None:
            path = self.run_command(self.session.backup_now)
            if path:
                self.statusBar().showMessage(f"Backup saved: {path}", 8000)

    def new_tournament(self) -> NewTournamentChoices | None:
        dialog = NewTournamentDialog(self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        choices = dialog.form.choices()
        self.create_tournament(choices)
        return choices

    def create_tournament(self, choices: NewTournamentChoices) -> int | None:
        """Create and open a tournament from the wizard's choices; the floor service configures it."""
        if self.session is None:
            return None
        tournament_id = self.run_command(self.session.create_tournament, choices.name)
        if tournament_id is None:
            return None
        self.session.select_tournament(tournament_id)
        configure = getattr(self.session.tournament, "configure_from_wizard", None)
        if configure is not None:
            self.run_command(configure, choices)
        return tournament_id

    # ----- refresh ---------------------------------------------------------------------------------------
    def _session_changed(self, _topic: str) -> None:
        self.undo_action.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_action.setEnabled(bool(self.session and self.session.can_redo()))
        name = self.session.tournament_name if self.session else ""
        self.setWindowTitle(f"{name} — Tournament Director" if name else "Tournament Director")
        self.mini_clock.refresh()
        for tab in self.all_tabs:
            try:
                tab.refresh()
            except Exception as error:  # one broken view must not take the console down
                self.statusBar().showMessage(f"{type(tab).__name__}: {error}", 8000)

    def show_error(self, error: Exception) -> None:
        self.statusBar().showMessage(str(error), 10000)
        QMessageBox.warning(self, "Refused", str(error))

    def undo(self) -> None:
        if self.session is not None and self.session.can_undo():
            event = self.run_command(self.session.undo)
            if event is not None:
                self.statusBar().showMessage(f"Undone: {event.event_type}", 5000)

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo():
            event = self.run_command(self.session.redo)
            if event is not None:
                self.statusBar().showMessage(f"Redone: {event.event_type}", 5000)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._settings.setValue("console/geometry", self.saveGeometry())
        self.signals.disconnect_session()
        super().closeEvent(event)


__all__ = ["MainWindow", "MiniClock", "NewTournamentDialog", "SessionSignals"]
