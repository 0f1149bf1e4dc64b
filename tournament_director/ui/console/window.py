"""The director's console: one window with a tab per job and a mini clock visible on every tab."""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTabWidget, QVBoxLayout, QWidget

from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.console.clock_tab import ClockTab
from tournament_director.ui.console.formats_menu import install_formats_actions
from tournament_director.ui.console.log_tab import LogTab
from tournament_director.ui.console.mini_clock import MiniClock
from tournament_director.ui.console.payouts_tab import PayoutsTab
from tournament_director.ui.console.players_tab import PlayersTab
from tournament_director.ui.console.results_tab import ResultsTab
from tournament_director.ui.console.signals import SessionSignals, WallClockSignals
from tournament_director.ui.console.structure_tab import StructureTab
from tournament_director.ui.console.tab import Outcome
from tournament_director.ui.console.tables_tab import TablesTab
from tournament_director.ui.console.wizard import NewTournamentDialog
from tournament_director.ui.projector.view import view_from_session
from tournament_director.ui.themes import apply_theme, available_themes, saved_theme


log = logging.getLogger(__name__)


TAB_TITLES = ("Players", "Tables", "Clock", "Structure", "Payouts", "Results", "Log")
ANNOUNCE_SETTING = "console/announce_levels"


class MainWindow(QMainWindow):
    TICK_MS = 250

    def __init__(self, session: Any, *, settings: QSettings | None = None, parent: QWidget | None = None,
                 sounds: bool = True, speech_engine: str | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._settings = settings if settings is not None else QSettings()
        self._want_sounds = sounds
        self._sounds: Any = None
        self._speech_engine = speech_engine  # None: the platform's default text-to-speech engine
        self.announcer: Any = None
        self._level_seen: tuple[int, int] | None = None  # (tournament, period) last shown, for announcements
        self.wall_clock_signals = WallClockSignals(self)
        self.wall_clock_signals.notice.connect(self.on_wall_clock_notice)
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

        self.players_tab = PlayersTab(session, self.attempt)
        self.tables_tab = TablesTab(session, self.attempt)
        self.clock_tab = ClockTab(session, self.attempt)
        self.structure_tab = StructureTab(session, self.attempt)
        self.payouts_tab = PayoutsTab(session, self.attempt)
        self.results_tab = ResultsTab(session, self.attempt)
        self.log_tab = LogTab(session, self.attempt)
        self.all_tabs = (self.players_tab, self.tables_tab, self.clock_tab, self.structure_tab, self.payouts_tab,
                         self.results_tab, self.log_tab)
        for title, tab in zip(TAB_TITLES, self.all_tabs):
            self.tabs.addTab(tab, title)
            tab.message.connect(self.tell)
        self.tabs.currentChanged.connect(lambda _i: self._refresh_tab(self.tabs.currentWidget()))
        self.players_tab.proposal_ready.connect(self.tables_tab.show_proposal)
        self.tables_tab.moves_changed.connect(self._moves_waiting)

        self._build_actions()
        self.statusBar().showMessage("Ready")
        self.theme = apply_theme(self, self._settings, saved_theme(self._settings))
        self._theme_actions[self.theme].setChecked(True)
        self.players_tab.set_theme(self.theme)

        geometry = self._settings.value("console/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 860)
        self.signals.changed.connect(self._session_changed)
        self._session_changed("selected")
        self._offer_restart_choice()
        self._tick_timer = QTimer(self)
        self._tick_timer.setInterval(self.TICK_MS)
        self._tick_timer.timeout.connect(self.tick)
        self._tick_timer.start()
        # The repaint timer alone would announce a level change up to TICK_MS late: wake exactly at the
        # clock's next deadline as well.
        self._deadline_timer = QTimer(self)
        self._deadline_timer.setSingleShot(True)
        self._deadline_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._deadline_timer.timeout.connect(self.tick)

    # ----- actions and shortcuts -----------------------------------------------------------------------
    def _action(self, text: str, shortcut: str | QKeySequence.StandardKey | None, slot: Callable[[], Any],
                menu: Any) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        p, t = self.players_tab, self.tables_tab
        file_menu = bar.addMenu("&Tournament")
        self._action("New tournament…", "Ctrl+N", self.new_tournament, file_menu)
        self.open_menu = file_menu.addMenu("Open tournament")
        self.open_menu.aboutToShow.connect(self._fill_open_menu)
        self._action("Export results…", "Ctrl+E", self.results_tab.export_dialog, file_menu)
        self._action("Back up now", "Ctrl+Shift+B", self.backup_now, file_menu)
        edit = bar.addMenu("&Edit")
        self.undo_action = self._action("Undo", QKeySequence.StandardKey.Undo, self.undo, edit)
        self.redo_action = self._action("Redo", "Ctrl+Shift+Z", self.redo, edit)
        self._action("Find player", "Ctrl+F", self.focus_search, edit)
        players = bar.addMenu("&Players")
        self._action("Register a player", "Ctrl+R", self.focus_register, players)
        self._action("Rebuy", "Ctrl+Shift+R", lambda: p._entry_command("rebuy"), players)
        self._action("Add-on", "Ctrl+Shift+A", lambda: p._entry_command("add_on"), players)
        self._action("Re-entry", "Ctrl+Shift+E", p.re_enter_selected, players)
        self._action("Bust…", "Ctrl+B", p.open_bust_dialog, players)
        self._action("Absent / present", "Ctrl+Shift+P", p.toggle_present, players)
        self._action("Seat card of the selected player as PDF…", "Ctrl+Shift+S", p.save_seat_card, players)
        self._action("Draw seats", "Ctrl+Shift+D", p.draw_seats, players)
        self._action("Close registration", None, p.close_registration, players)
        clock = bar.addMenu("&Clock")
        self.toggle_clock_action = self._action("Start / pause", "Space", self.toggle_clock, clock)
        self._action("Next level", "Ctrl+Right", lambda: self.clock_command("next_level"), clock)
        self._action("Previous level", "Ctrl+Left", lambda: self.clock_command("previous_level"), clock)
        self._action("Add a minute", "Ctrl+Up", lambda: self.clock_command("add_time", 60), clock)
        self._action("Remove a minute", "Ctrl+Down", lambda: self.clock_command("add_time", -60), clock)
        self._action("Jump to level", "Ctrl+J", self.jump_to_level, clock)
        floor = bar.addMenu("&Floor")
        self._action("Next hand, all tables", "F5", lambda: t._next_hand(None), floor)
        self._action("Check balance", "F6", self.check_balance, floor)
        self.accept_action = self._action("Accept proposed moves", "Ctrl+Return", self.accept_move, floor)
        self._action("Move a player…", "Ctrl+M", t.open_move_dialog, floor)
        self._action("Hand-for-hand on / off", "Ctrl+H", lambda: t.set_hand_for_hand(not t.hand_for_hand.isChecked()),
                     floor)
        self._action("Seat cards as PDF…", "Ctrl+P",
                     lambda: t._save_pdf("seat-cards.pdf", t.export_seat_cards), floor)
        self._action("Deal (chop)…", "Ctrl+D", self.payouts_tab.open_deal_dialog, floor)
        self._add_floor_tool(floor)
        install_formats_actions(self)
        from tournament_director.ui.console.room_display import add_room_display_action
        add_room_display_action(self)  # Tools > Room display (phones, TV, remote)
        view = bar.addMenu("&View")
        for i, title in enumerate(TAB_TITLES):
            self._action(title, f"Ctrl+{i + 1}", lambda i=i: self.tabs.setCurrentIndex(i), view)
        self._action("Projector full screen", "Ctrl+Shift+F", self.place_projector, view)
        self.announce_action = QAction("Announce new levels", self, checkable=True)
        self.announce_action.setChecked(self._settings.value(ANNOUNCE_SETTING, False, type=bool))
        self.announce_action.toggled.connect(self.set_announcing)
        view.addAction(self.announce_action)
        themes = view.addMenu("Theme")
        group = QActionGroup(self)
        self._theme_actions: dict[str, QAction] = {}
        for name in available_themes():
            action = QAction(name.title(), self, checkable=True)
            action.triggered.connect(lambda _checked=False, name=name: self.set_theme(name))
            group.addAction(action)
            themes.addAction(action)
            self._theme_actions[name] = action

        c = self.clock_tab.buttons
        c["toggle"].clicked.connect(self.toggle_clock)
        c["next"].clicked.connect(lambda: self.clock_command("next_level"))
        c["previous"].clicked.connect(lambda: self.clock_command("previous_level"))
        c["plus"].clicked.connect(lambda: self.clock_command("add_time", 60))
        c["minus"].clicked.connect(lambda: self.clock_command("add_time", -60))
        self.clock_tab.jump_button.clicked.connect(
            lambda: self.clock_command("jump_to_level", self.clock_tab.jump_level.value()))
        self.log_tab.undo_button.clicked.connect(self.undo)
        self.log_tab.undone.connect(lambda event: self.tables_tab.recheck_quietly())
        self.log_tab.redo_button.clicked.connect(self.redo)

    def _add_floor_tool(self, menu: Any) -> None:
        """Tools > Floor tool (F9), when the floor tool window is part of this build."""
        if importlib.util.find_spec("tournament_director.ui.floor_tool") is None:
            return
        tools = self.menuBar().addMenu("T&ools")
        self.floor_tool_action = self._action("Floor tool", "F9", self.open_floor_tool, tools)

    def open_floor_tool(self) -> Any:
        from tournament_director.ui.floor_tool.window import FloorToolWindow

        window = getattr(self, "floor_tool_window", None)
        if window is None:
            window = FloorToolWindow(self.session, settings=self._settings, parent=self)
            self.floor_tool_window = window
        window.show()
        window.raise_()
        return window

    def _fill_open_menu(self) -> None:
        self.open_menu.clear()
        if self.session is None:
            return
        for info in self.session.list_tournaments():
            action = self.open_menu.addAction(info.name)
            action.setCheckable(True)
            action.setChecked(info.id == self.session.tournament_id)
            action.triggered.connect(lambda _checked=False, tid=info.id: self.open_tournament(tid))

    def open_tournament(self, tournament_id: int) -> None:
        if self.attempt(self.session.select_tournament, tournament_id).ok:
            self.tables_tab.show_proposal(None)
            self.tell(f"Opened {self.session.tournament_name}")
            self._offer_restart_choice()

    def set_theme(self, name: str) -> None:
        self.theme = apply_theme(self, self._settings, name)
        self._theme_actions[name].setChecked(True)
        self.players_tab.set_theme(name)

    # ----- running commands ------------------------------------------------------------------------------
    def attempt(self, command: Callable[..., Any], *args: Any, **kwargs: Any) -> Outcome:
        """Run one service command; a refusal is shown with its rule, nothing is recorded, and ok is False."""
        try:
            if self.session is not None:
                result = self.session.run(command, *args, **kwargs)
            else:
                result = command(*args, **kwargs)
        except Exception as error:  # DomainError and friends: tell the director, keep going
            self.show_error(error)
            return Outcome(False)
        self.statusBar().showMessage("Done", 3000)
        return Outcome(True, result)

    def run_command(self, command: Callable[..., Any], *args: Any) -> Any:
        """Run one service command; returns its result, or None when it was refused (and shown)."""
        return self.attempt(command, *args).value

    def tell(self, text: str) -> None:
        """Show ``text`` in the status bar and keep it in the Log tab's list of messages."""
        self.statusBar().showMessage(text, 12000)
        self.log_tab.add_message(text)

    def _service_command(self, service: Any, area: str, name: str, *args: Any) -> Outcome:
        if service is None:
            self.tell("No tournament is open: create one with Ctrl+N")
            return Outcome(False)
        return self.attempt(getattr(service, name), *args)

    def clock_command(self, name: str, *args: Any) -> Outcome:
        outcome = self._service_command(self.session.clock if self.session else None, "clock", name, *args)
        if outcome.ok:
            self.clock_tab.refresh()
        return outcome

    def floor_command(self, name: str, *args: Any) -> Outcome:
        return self._service_command(self.session.tournament if self.session else None, "floor", name, *args)

    def toggle_clock(self) -> None:
        view = view_from_session(self.session)
        if view.running:
            self.clock_command("pause")
        else:
            self.clock_command("resume")   # starts the clock the first time

    def tick(self) -> list[Any]:
        """The repaint timer: the clock service records the level changes that came due; sounds play."""
        clock = self.session.clock if self.session is not None and self.session.tournament_id else None
        events: list[Any] = []
        if clock is not None:
            try:
                events = clock.tick()
            except Exception as error:  # a refused level change must not stop the timer
                self.tell(f"Clock: {error}")
        if events:
            self._play(events)
            self._session_changed("clock")
        elif self.tabs.currentWidget() is self.clock_tab:
            self.clock_tab.refresh()
        self._arm_deadline_timer(clock)
        return events

    def _arm_deadline_timer(self, clock: Any) -> None:
        wait_ms = clock.ms_to_next_event() if clock is not None else None
        if wait_ms is None or wait_ms > 2 * self.TICK_MS:
            self._deadline_timer.stop()   # far off or paused: a later tick re-arms it
        elif not self._deadline_timer.isActive() or self._deadline_timer.remainingTime() > wait_ms:
            self._deadline_timer.start(wait_ms)

    # ----- wall-clock jobs (issue 5) ----------------------------------------------------------------------
    def start_wall_clock(self, **options: Any) -> Any:
        """Let the session run the tournament's time-of-day jobs; their notices come back through a queued
        signal, so ``on_wall_clock_notice`` always runs on the GUI thread."""
        if self.session is None:
            return None
        return self.session.start_wall_clock(self.wall_clock_signals.notice.emit, **options)

    def on_wall_clock_notice(self, notice: Any) -> None:
        try:
            text = self.session.handle_wall_clock(notice)
        except Exception as error:  # a failing job must be heard, not lost
            log.exception("wall-clock notice %s failed", getattr(notice, "kind", notice))
            text = f"Scheduled {getattr(notice, 'kind', 'job')} failed: {error}"
        if text:
            if getattr(notice, "missed", False):
                log.warning("%s", text)
            self.tell(text)
        self.mini_clock.refresh()

    # ----- spoken announcements ----------------------------------------------------------------------------
    @property
    def announcing(self) -> bool:
        return self.announce_action.isChecked()

    def set_announcing(self, on: bool) -> None:
        """View > Announce new levels: remembered in QSettings, off unless the director turns it on."""
        self._settings.setValue(ANNOUNCE_SETTING, bool(on))
        if self.announce_action.isChecked() != bool(on):
            self.announce_action.setChecked(bool(on))
        if on and self.announcer is None:
            from tournament_director.ui.sounds import Announcer

            self.announcer = Announcer(self, engine=self._speech_engine)
            if not self.announcer.available:
                self.tell(f"Spoken announcements are off: {self.announcer.unavailable_reason}")

    def _follow_level(self, topic: str) -> None:
        """Announce the blinds whenever another level comes into force (not when another tournament opens)."""
        session = self.session
        clock = session.clock if session is not None and session.tournament_id else None
        view = clock.view() if clock is not None else None
        if view is None:
            self._level_seen = None
            return
        seen = (session.tournament_id, view.period_index)
        previous, self._level_seen = self._level_seen, seen
        if (topic == "selected" or previous is None or previous == seen or previous[0] != seen[0]
                or view.level is None or not view.started or view.restart_pending or not self.announcing):
            return
        if self.announcer is None:
            self.set_announcing(True)
        if self.announcer.announce_level(view.level):
            self.log_tab.add_message(f"Announced: {self.announcer.last_said}")

    # ----- after a crash or a restart with the clock running -----------------------------------------------
    def _offer_restart_choice(self) -> None:
        clock = self.session.clock if self.session is not None and self.session.tournament_id else None
        if clock is not None and clock.restart_pending is not None:
            self.tabs.setCurrentWidget(self.clock_tab)
            self.tell("The clock was running when the program stopped: it is paused until you choose how it "
                      "goes on (Clock tab)")

    def _play(self, events: list[Any]) -> None:
        if not self._want_sounds:
            return
        if self._sounds is None:
            from tournament_director.ui.sounds import ClockSounds

            self._sounds = ClockSounds(self)
        self._sounds.play_events(events)

    def jump_to_level(self) -> None:
        self.tabs.setCurrentWidget(self.clock_tab)
        self.clock_tab.jump_level.setFocus()
        self.clock_tab.jump_level.selectAll()

    def check_balance(self) -> None:
        self.tabs.setCurrentWidget(self.tables_tab)
        self.tables_tab.propose()

    def accept_move(self) -> None:
        self.tables_tab.accept_proposal()

    def reject_move(self) -> None:
        self.tables_tab.reject_selected_move()

    def _moves_waiting(self, count: int) -> None:
        index = self.tabs.indexOf(self.tables_tab)
        self.tabs.setTabText(index, f"Tables ({count} move{'s' if count != 1 else ''})" if count else "Tables")

    def focus_search(self) -> None:
        self.tabs.setCurrentWidget(self.players_tab)
        self.players_tab.search.setFocus()
        self.players_tab.search.selectAll()

    def focus_register(self) -> None:
        self.tabs.setCurrentWidget(self.players_tab)
        self.players_tab.register_name.setFocus()
        self.players_tab.register_name.selectAll()

    def place_projector(self) -> None:
        projector = getattr(self, "projector", None)
        if projector is not None:
            projector.place_on_screen()

    def backup_now(self) -> None:
        if self.session is not None:
            path = self.run_command(self.session.backup_now)
            if path:
                self.tell(f"Backup saved: {path}")

    def new_tournament(self) -> NewTournamentDialog:
        """Open the wizard (window-modal; the clock keeps running behind it)."""
        dialog = NewTournamentDialog(lambda plan: self.create_tournament(plan) is not None, self.session.templates,
                                     self)
        dialog.finished.connect(dialog.deleteLater)
        self.new_tournament_dialog = dialog
        dialog.open()
        return dialog

    def welcome(self) -> NewTournamentDialog | None:
        """On a database with no tournament yet, open the wizard at once: there is nothing else to do first."""
        if self.session is None or self.session.list_tournaments():
            return None
        return self.new_tournament()

    def create_tournament(self, plan: NewTournamentPlan) -> int | None:
        """Create and open a tournament from the wizard's plan: settings, tables and structure."""
        if self.session is None:
            self.tell("No database is open")
            return None
        outcome = self.attempt(self.session.create_from_plan, plan)
        if not outcome.ok:
            return None
        self.tables_tab.show_proposal(None)
        self.tabs.setCurrentWidget(self.players_tab)
        self.players_tab.register_name.setFocus()
        self.tell(f"{plan.name} is ready: register the players (Enter after each name), then draw seats "
                  "(Ctrl+Shift+D)")
        return outcome.value

    # ----- refresh ---------------------------------------------------------------------------------------
    def _refresh_tab(self, tab: Any) -> None:
        try:
            tab.refresh()
        except Exception as error:  # one broken view must not take the console down
            log.exception("refreshing %s failed", type(tab).__name__)
            self.tell(f"{type(tab).__name__}: {error}")

    def _session_changed(self, _topic: str) -> None:
        self.undo_action.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_action.setEnabled(bool(self.session and self.session.can_redo()))
        name = self.session.tournament_name if self.session else ""
        self.setWindowTitle(f"{name} — Tournament Director" if name else "Tournament Director")
        self.mini_clock.refresh()
        for tab in self.all_tabs:
            self._refresh_tab(tab)
        try:
            self._follow_level(_topic)
        except Exception:  # speech must never stop the console
            log.exception("announcing the level failed")

    def show_error(self, error: Exception) -> None:
        self.statusBar().showMessage(f"Refused: {error}", 15000)
        self.log_tab.add_message(f"Refused: {error}")
        QMessageBox.warning(self, "Refused", str(error))

    def _after_undo_or_redo(self, verb: str, event: Any) -> None:
        if event is None:
            return
        self.tables_tab.recheck_quietly()
        self.tell(f"{verb}: {describe_event(event)}")

    def undo(self) -> None:
        if self.session is not None and self.session.can_undo():
            self._after_undo_or_redo("Undone", self.run_command(self.session.undo))

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo():
            self._after_undo_or_redo("Redone", self.run_command(self.session.redo))

    def closeEvent(self, event: QCloseEvent) -> None:
        self._tick_timer.stop()
        self._deadline_timer.stop()
        self._settings.setValue("console/geometry", self.saveGeometry())
        self.signals.disconnect_session()
        super().closeEvent(event)


def describe_event(event: Any) -> str:
    """'entry.busted (#42)': what an undo or redo touched, for the status bar."""
    return f"{event.event_type} (#{event.seq})"


__all__ = ["ANNOUNCE_SETTING", "TAB_TITLES", "MainWindow", "describe_event"]
