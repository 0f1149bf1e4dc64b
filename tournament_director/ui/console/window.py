"""The director's console: one window with a tab per job and a mini clock visible on every tab."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QTabWidget, QVBoxLayout, QWidget

from tournament_director.domain.clock.machine import PERIOD_CHANGES
from tournament_director.services.clock import ClockService
from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.console.actions import ANNOUNCE_SETTING, TAB_TITLES, build_menus
from tournament_director.ui.console.busting import Busting
from tournament_director.ui.console.chip_count_dialog import ChipCountDialog
from tournament_director.ui.console.clock_tab import ClockTab
from tournament_director.ui.console.floor_call_alert import FloorCallAlert
from tournament_director.ui.console.log_tab import LogTab
from tournament_director.ui.console.main_actions import mark_main_actions
from tournament_director.ui.console.mini_clock import MiniClock
from tournament_director.ui.console.payouts_tab import PayoutsTab
from tournament_director.ui.console.players_tab import PlayersTab
from tournament_director.ui.console.refreshing import ConsoleRefresh
from tournament_director.ui.console.results_tab import ResultsTab
from tournament_director.ui.console.server_banner import ServerBanner
from tournament_director.ui.console.signals import SessionSignals, WallClockSignals
from tournament_director.ui.console.sound_cues import SoundCues, add_sound_actions
from tournament_director.ui.console.stations_console import add_stations_actions
from tournament_director.ui.console.structure_tab import StructureTab
from tournament_director.ui.stations import OtherStations
from tournament_director.ui.console.tab import Outcome, Params
from tournament_director.ui.console.tables_tab import TablesTab
from tournament_director.ui.console.wizard import NewTournamentDialog
from tournament_director.ui.placement import PLACES_ITSELF, fit_on_screen, keep_windows_on_screen
from tournament_director.ui.projector.view import view_from_session
from tournament_director.ui.themes import apply_theme, saved_theme

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


log = logging.getLogger(__name__)




class MainWindow(QMainWindow):
    TICK_MS = 250
    # made with the menus (actions.py) and the sound cues (sound_cues.py)
    open_menu: QMenu
    undo_action: QAction
    redo_action: QAction
    announce_action: QAction
    _theme_actions: dict[str, QAction]
    sound_cues: SoundCues

    def __init__(self, session: DirectorSession | None, *, settings: QSettings | None = None,
                 parent: QWidget | None = None, sounds: bool = True, speech_engine: str | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._settings = settings if settings is not None else QSettings()
        self._want_sounds = sounds
        self._speech_engine = speech_engine  # None: the platform's default text-to-speech engine
        self.announcer: Any = None
        self._tournament_projectors: dict[int, Any] = {}  # Tournament > Lobby: a projected clock per tournament
        self._level_seen: tuple[int, int] | None = None  # (tournament, period) last shown, for announcements
        self.wall_clock_signals = WallClockSignals(self)
        self.wall_clock_signals.notice.connect(self.on_wall_clock_notice)
        self.setWindowTitle("Tournament Director")
        self.setProperty(PLACES_ITSELF, True)  # _restore_placement; every other window is kept on its screen
        keep_windows_on_screen()
        self.signals = SessionSignals(session, self)
        self.other_stations = OtherStations(session, self)  # other stations' commands on a PostgreSQL event

        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        self.mini_clock = MiniClock(session)
        column.addWidget(self.mini_clock)
        self.floor_call_alert = FloorCallAlert(self)
        column.addWidget(self.floor_call_alert)
        self.server_banner = ServerBanner(self)  # a PostgreSQL server that stopped answering
        column.addWidget(self.server_banner)
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
        self.refreshing = ConsoleRefresh(self)
        self.tabs.currentChanged.connect(lambda _i: self.refreshing.shown(self.tabs.currentWidget()))
        self.busting = Busting(session, self.tell, self)
        self.players_tab.busting = self.tables_tab.busting = self.busting
        self.busting.proposal_ready.connect(self.tables_tab.show_proposal)
        self.busting.tournament_over.connect(self.on_tournament_over)
        self.tables_tab.count_button.clicked.connect(self.open_chip_count)
        self.chip_count_dialog: ChipCountDialog | None = None
        self.tables_tab.moves_changed.connect(self._moves_waiting)
        self.refresh_listeners.append(self.tables_tab.follow_hand_for_hand)   # ended at one table: say so

        build_menus(self)
        add_stations_actions(self)  # Tools > Table stations (Ctrl+Shift+T), Table station codes
        add_sound_actions(self)  # Tools > Sounds and announcements, View > Quiet mode
        self.statusBar().showMessage("Ready")
        mark_main_actions(self)  # icons before the texts, coloured by the theme below
        self.theme = apply_theme(self, self._settings, saved_theme(self._settings))
        self._theme_actions[self.theme].setChecked(True)
        self.players_tab.set_theme(self.theme)

        self._restore_placement()
        self.signals.changed.connect(self._session_changed)
        self._session_changed("selected")
        self.tables_tab.recheck_quietly()  # the moves the room needs as it stands, never "balanced" unchecked
        self.flush_refresh()
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

    def open_floor_tool(self) -> Any:
        from tournament_director.ui.floor_tool.window import FloorToolWindow

        window = getattr(self, "floor_tool_window", None)
        if window is None:
            window = FloorToolWindow(self.session, settings=self._settings, parent=self)
            self.floor_tool_window = window
            area = self.screen().availableGeometry() if self.screen() is not None else None
            if area is not None:  # a laptop's screen at most (its layout's size), on the console's screen
                window.setGeometry(area.x(), area.y(), min(area.width(), 1366), min(area.height(), 768))
            window.show()
            fit_on_screen(window, self.screen())  # never half below the screen's edge
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
            self.tables_tab.recheck_quietly()
            self.tell(f"Opened {self.session.tournament_name}")
            self._offer_restart_choice()

    def set_theme(self, name: str) -> None:
        self.theme = apply_theme(self, self._settings, name)
        self._theme_actions[name].setChecked(True)
        self.players_tab.set_theme(name)

    # ----- running commands ------------------------------------------------------------------------------
    def attempt(self, command: Callable[Params, object], *args: Params.args, **kwargs: Params.kwargs) -> Outcome:
        """Run one service command; a refusal is shown with its rule, nothing is recorded, and ok is False."""
        try:
            if self.session is not None:
                result = self.session.run(command, *args, **kwargs)
            else:
                result = command(*args, **kwargs)
        except Exception as error:  # DomainError and friends: tell the director, keep going
            self.show_error(error)
            return Outcome(False)
        self.flush_refresh()
        self.statusBar().showMessage("Done", 3000)
        return Outcome(True, result)

    def run_command(self, command: Callable[..., Any], *args: Any) -> Any:
        """Run one service command; returns its result, or None when it was refused (and shown)."""
        return self.attempt(command, *args).value

    def tell(self, text: str) -> None:
        """Show ``text`` in the status bar and keep it in the Log tab's list of messages."""
        self.statusBar().showMessage(text, 12000)
        self.log_tab.add_message(text)

    def clock_command(self, command: Callable[[ClockService], object]) -> Outcome:
        """Run one of the clock service's commands (``ClockService.pause``, ``lambda clock: clock.add_time(60)``)
        on the tournament's clock, as any console command; refused with a word when no tournament is open."""
        clock = self.session.clock if self.session else None
        if clock is None:
            self.tell("No tournament is open: create one with Ctrl+N")
            return Outcome(False)
        outcome = self.attempt(command, clock)
        if outcome.ok:
            self.clock_tab.refresh()
        return outcome

    def toggle_clock(self) -> None:
        view = view_from_session(self.session, seating_chart=False)
        if view.running:
            self.clock_command(ClockService.pause)
        else:
            self.clock_command(ClockService.resume)   # starts the clock the first time

    def tick(self) -> list[Any]:
        """The repaint timer: the clock service records the level changes that came due; sounds play."""
        self.server_banner.watch()
        read_only = self.session is not None and self.session.server_down  # nothing to record until the server answers
        clock = self.session.clock if self.session is not None and self.session.tournament_id else None
        events: list[Any] = []
        if clock is not None and not read_only:
            try:
                events = clock.tick()
            except Exception as error:  # a refused level change must not stop the timer
                self.tell(f"Clock: {error}")
        if events:
            self._play(events)
            self._session_changed("clock")
            self.flush_refresh()
        elif self.tabs.currentWidget() is self.clock_tab:
            self.clock_tab.refresh()
        self._arm_deadline_timer(clock)
        if self.session is not None:
            self.session.heartbeat()   # every few seconds while the clock runs (a restart resumes from it)
            if not read_only:
                self._tick_behind()
        return events

    def _tick_behind(self) -> None:
        """The clocks of the tournaments left running behind the one in front record their levels and are heard."""
        for tournament_id, fired in self.session.tick_behind():
            behind = self.session.following(tournament_id)
            self.sound_cues.clock_events_behind(behind, fired)
            view = behind.clock.view() if behind.clock is not None else None
            if view is not None and any(event.kind in PERIOD_CHANGES for event in fired):
                now = (view.break_name or "a break") if view.on_break else (
                    f"level {view.level.number} ({view.level.small_blind:,}/{view.level.big_blind:,})"
                    if view.level is not None else "the next period")
                self.tell(f"{behind.tournament_name}: {now}")
        for tournament_id, text in self.session.wall_clock_behind():  # its scheduled start, late registration
            text = text.replace("(F8)", "(bring it in front from the lobby, Ctrl+Shift+L, then F8)")
            self.tell(f"{self.session.following(tournament_id).tournament_name}: {text}")

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
        seen = (session.tournament_id or 0, view.period_index)
        previous, self._level_seen = self._level_seen, seen
        if (topic == "selected" or previous is None or previous == seen or previous[0] != seen[0]
                or view.level is None or not view.started or view.restart_pending or not self.announcing):
            return
        scheme = self.sound_cues.scheme
        if scheme.quiet or (self._want_sounds and scheme.cue("level_changed").text):
            return  # quiet mode, or the room's own sentence is read instead (Tools > Sounds and announcements)
        if self.announcer is None:
            self.set_announcing(True)
        if self.announcer.announce_level(view.level):
            self.log_tab.add_message(f"Announced: {self.announcer.last_said}")

    # ----- after a crash or a restart with the clock running -----------------------------------------------
    def _offer_restart_choice(self) -> None:
        clock = self.session.clock if self.session is not None and self.session.tournament_id else None
        if clock is not None and clock.restart_pending is not None:
            self.tabs.setCurrentWidget(self.clock_tab)
            self.tell("The clock was running when the program stopped: the screens show the time as if it had "
                      "kept running, waiting for you to choose how it goes on (Clock tab)")

    def play_sound(self, kind: str) -> bool:
        """One event of the room's sounds (ui/console/sound_cues.py); False when sounds are off or quiet."""
        if kind == "floor_called":
            return self.sound_cues.floor_called()
        return self.sound_cues.play(kind)

    def _play(self, events: list[Any]) -> None:
        self.sound_cues.clock_events(events)

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

    def attach_projector(self, projector: Any) -> None:
        """The projected clock this console drives: how it was placed is told, and with one screen the console
        comes back to the front when the clock leaves full screen."""
        self.projector = projector
        projector.placed.connect(self._projector_placed)
        projector.back_to_console.connect(self._back_from_projector)

    def _projector_placed(self, note: str) -> None:
        if note:  # one screen: the console in front of the full-screen clock, and the director told how to switch
            self.tell(note)
            QTimer.singleShot(0, self._back_from_projector)

    def _back_from_projector(self) -> None:
        self.raise_()
        self.activateWindow()

    # ----- a projector per tournament (Tournament > Lobby) -------------------------------------------------
    @property
    def tournament_projectors(self) -> dict[int, Any]:
        """The projected clocks bound to one tournament each, by tournament."""
        return self._tournament_projectors

    def show_tournament_projector(self, tournament_id: int, screen_name: str = "") -> Any:
        """The tournament's own projected clock, full screen on ``screen_name`` (remembered for it; "" the one
        remembered, else the first screen that is not the console's)."""
        from tournament_director.ui.projector.window import ProjectorWindow

        try:
            reading = self.session.following(tournament_id)
        except Exception as error:
            self.show_error(error)
            return None
        projector = self.tournament_projectors.get(tournament_id)
        if projector is None:
            projector = ProjectorWindow(self.session, settings=self._settings, tournament_id=tournament_id)
            self.tournament_projectors[tournament_id] = projector
        projector.setWindowTitle(f"Tournament clock — {reading.tournament_name}")
        if screen_name:
            projector.choose_screen_by_name(screen_name)
        else:
            projector.go_full_screen()
        projector.refresh()
        self.tell(f"{reading.tournament_name}'s clock is on {projector.screen_name() or 'its screen'}")
        return projector

    def close_tournament_projector(self, tournament_id: int) -> None:
        projector = self.tournament_projectors.pop(tournament_id, None)
        if projector is not None:
            projector.close()
            projector.deleteLater()

    def place_projector(self) -> None:
        projector = getattr(self, "projector", None)
        if projector is not None:
            projector.place_on_screen()

    def toggle_projector_full_screen(self) -> None:
        """View > Projector full screen / in a window (the projector's own F11 and Esc do the same). With one
        screen the clock is full screen behind the console: this brings it to the front."""
        projector = getattr(self, "projector", None)
        if projector is None:
            self.tell("The projected clock is not open")
            return
        if projector.isFullScreen() and not projector.one_screen():
            projector.leave_full_screen()
            return
        # One screen: the console has the keyboard, so the clock is behind it; F11 or Esc on the clock come back.
        if not projector.isFullScreen():
            projector.go_full_screen()
        projector.raise_()
        projector.activateWindow()

    def show_seating_on_projector(self, on: bool) -> None:
        projector = getattr(self, "projector", None)
        if projector is not None:
            projector.force_seating = bool(on)
            projector.refresh()

    def backup_now(self) -> None:
        if self.session is not None and self.session.on_server:  # no file to copy: say whose backups they are
            self.tell(self.session.backup_note())
            return
        if self.session is not None:
            try:
                path = self.session.backup_now()
            except Exception as error:  # no space, no file descriptors left, the folder gone: say so, keep going
                self.show_background_error("Backup failed", f"The backup failed: {error}")
                return
            self.tell(f"Backup saved: {path}")

    def show_background_error(self, title: str, text: str) -> QMessageBox:
        """An error of work the director did not wait on (a backup): said in the status bar, the Log tab and a
        box that blocks nothing, so the clock, the projector and the room display go on behind it."""
        self.statusBar().showMessage(text, 15000)
        self.log_tab.add_message(text)
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.show()
        self.background_error = box
        return box

    def new_tournament(self) -> NewTournamentDialog:
        """Open the wizard (window-modal; the clock keeps running behind it)."""
        dialog = NewTournamentDialog(lambda plan: self.create_tournament(plan) is not None, self.session.templates,
                                     self, tournaments=self.session.satellite_targets(new=True))
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

    # ----- refresh (ui/console/refreshing.py) -----------------------------------------------------------
    def _refresh_tab(self, tab: Any) -> None:
        self.refreshing.draw(tab)

    def _session_changed(self, topic: str) -> None:
        if topic == "tournaments":
            self._tournaments_changed()
        self.refreshing.changed(topic)

    def _tournaments_changed(self) -> None:
        """The list of tournaments changed: an open Tournament > Open tournament menu is filled again at once (the one in
        front stays in front), and a tournament another station created is told with where it came from."""
        if self.open_menu.isVisible():
            self._fill_open_menu()
        for info in self.session.take_created_elsewhere():
            where = f" at {info.created_by}" if info.created_by else " at another station"
            self.tell(f"“{info.name}” was created{where}: Tournament > Open tournament opens it here")

    def flush_refresh(self) -> None:
        """Draw the changes waiting now on the tab in front (the others when they are shown)."""
        self.refreshing.flush()

    def refresh_stale_tabs(self) -> None:
        """Bring every tab in the back up to date now (before a menu command that works on a tab's seats or
        players, or a test reading a tab in the back)."""
        self.refreshing.bring_up_to_date()

    @property
    def refresh_listeners(self) -> list[Callable[[list[str]], None]]:
        return self.refreshing.listeners

    def draw_frame(self) -> None:
        """What every tab shares: undo and redo, the title, the mini clock, the floor call band."""
        self.undo_action.setEnabled(bool(self.session and self.session.can_undo()))
        self.redo_action.setEnabled(bool(self.session and self.session.can_redo()))
        name = self.session.tournament_name if self.session else ""
        title = f"{name} — Tournament Director" if name else "Tournament Director"
        if self.session is not None and self.session.on_server:  # which station this is, and the event it shares
            title += f" — {self.session.operator} · {self.session.database_location}"
        self.setWindowTitle(title)
        self.mini_clock.refresh()
        self.floor_call_alert.refresh()

    def show_error(self, error: Exception) -> None:
        self.statusBar().showMessage(f"Refused: {error}", 15000)
        self.log_tab.add_message(f"Refused: {error}")
        QMessageBox.warning(self, "Refused", str(error))

    def _after_undo_or_redo(self, verb: str, event: Any) -> None:
        if event is None:
            return
        self.tables_tab.recheck_quietly()
        self.tell(f"{verb}: {self.session.describe_logged(event.event_type, event.payload)}")

    def undo(self) -> None:
        if self.session is not None and self.session.can_undo():
            self._after_undo_or_redo("Undone", self.run_command(self.session.undo))

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo():
            self._after_undo_or_redo("Redone", self.run_command(self.session.redo))

    def closeEvent(self, event: QCloseEvent) -> None:
        for tournament_id in list(self.tournament_projectors):
            self.close_tournament_projector(tournament_id)
        self._tick_timer.stop()
        self._deadline_timer.stop()
        self.remember_placement()
        self.signals.disconnect_session()
        self.other_stations.stop()
        self.sound_cues.stop()
        super().closeEvent(event)

    # ----- where the console sits: its size, maximised or not, and its screen -------------------------------
    def remember_placement(self) -> None:
        self._settings.setValue("console/geometry", self.saveGeometry())
        self._settings.setValue("console/normal_geometry", self.normalGeometry())
        self._settings.setValue("console/maximized", self.isMaximized())
        screen = self.screen()
        if screen is not None:
            self._settings.setValue("console/screen", screen.name())

    def _restore_placement(self) -> None:
        """The size and screen it had last time; the first time, most of the primary screen's free area."""
        screens = {s.name(): s for s in QGuiApplication.screens()}
        screen = screens.get(str(self._settings.value("console/screen", ""))) or QGuiApplication.primaryScreen()
        area = screen.availableGeometry() if screen is not None else QRect(0, 0, 1400, 860)
        normal = self._settings.value("console/normal_geometry")
        if isinstance(normal, QRect) and normal.isValid() and area.intersects(normal):
            self.setGeometry(normal.intersected(area) if not area.contains(normal) else normal)
        else:
            width, height = round(area.width() * 0.9), round(area.height() * 0.9)
            self.setGeometry(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2,
                             width, height)
        self._start_maximized = self._settings.value("console/maximized", False, type=bool)

    def show_as_remembered(self) -> None:
        """Show the console maximised when it was maximised last time (restoreGeometry alone forgets it on X11)."""
        if self._start_maximized:
            self.showMaximized()
        else:
            self.show()
            fit_on_screen(self)  # its frame too, now that the window exists

    # ----- the night's commands that open a dialog ----------------------------------------------------------
    def bust_here(self) -> Any:
        """Ctrl+B: the selected seat on the Tables tab, otherwise the Players tab's player (found or asked)."""
        if self.tabs.currentWidget() is self.tables_tab and self.tables_tab.selected_seat is not None:
            return self.tables_tab.bust_selected()
        if self.tabs.currentWidget() is not self.players_tab:
            self.tabs.setCurrentWidget(self.players_tab)
        return self.players_tab.open_bust_dialog()

    def open_chip_count(self, table: int | None = None) -> ChipCountDialog | None:
        """Ctrl+K: the count sheet of the room (or of the table chosen in it)."""
        floor = self.session.tournament if self.session else None
        if floor is None:
            self.tell("No tournament is open: create one with Ctrl+N")
            return None
        numbers = [t.number for t in floor.tables()]
        view = self.session.clock.view() if self.session.clock is not None else None
        occasion = "break" if view is not None and view.on_break else "count"
        dialog = ChipCountDialog(self.session, numbers, self, table=table, occasion=occasion)
        dialog.accepted.connect(self._chip_count_recorded)
        dialog.finished.connect(dialog.deleteLater)
        self.chip_count_dialog = dialog
        dialog.open()
        return dialog

    def _chip_count_recorded(self) -> None:
        last = self.session.chip_sheets.summary().last_count
        if last is not None:
            where = "the room" if last.room else "table " + ", ".join(map(str, last.tables or ()))
            self.tell(f"Chip count of {where} recorded: {last.verdict()}")

    def on_tournament_over(self) -> None:
        """The last bust: the Results tab comes to the front with the winner and the final results."""
        self.tabs.setCurrentWidget(self.results_tab)
        self._refresh_tab(self.results_tab)


__all__ = ["ANNOUNCE_SETTING", "TAB_TITLES", "MainWindow"]
