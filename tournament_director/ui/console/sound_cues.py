"""The room's sounds and announcements in the console: which event of the night plays, with its tokens' values.

The console already learns of every event: the clock's tick returns the level changes, the warnings and the
breaks (a break with a colour-up plays the colour-up as well); a floor call rings through the station alert; the
start, a bust, the bubble, the final table and the winner are read after each change from the figures the room's
screens show (projector/view.py), comparing them with the previous ones, so a bust recorded from the Players tab,
the table map or a table station sounds alike, and an undo sounds nothing.

Tools > Sounds and announcements… opens the dialog (ui/console/sounds_dialog.py); View > Quiet mode silences
everything, and the status bar says so while it is on.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel

from tournament_director.domain.errors import DomainError
from tournament_director.services.sound_scheme import SoundScheme, default_scheme
from tournament_director.ui.console.actions import add_action
from tournament_director.ui.console.menus import tools_menu
from tournament_director.ui.projector.view import view_from_session

log = logging.getLogger(__name__)

CLOCK_EVENT_CUES = {  # the clock's event kind -> the room's sound event
    "level_changed": "level_changed",
    "break_started": "break_started",
    "break_ended": "break_ended",
    "one_minute_warning": "one_minute_warning",
    "last_level_before_break": "one_minute_warning",
}
QUIET_TEXT = "Quiet: no sounds"
_CHIPS_OFF = re.compile(r"Colour-up now: the (.+) chips come off")
_ORDINAL = re.compile(r"^\d+(st|nd|rd|th)")


@dataclass(frozen=True)
class RoomFigures:
    """What the room's events are read from, after each change."""

    tournament: int | None
    started: bool
    period: int | None  # the level or break in force
    on_break: bool
    players: int | None
    final_table: bool
    winner: bool


class SoundCues(QObject):
    """Plays the room's scheme for the console's events; ``heard`` keeps (event, what was done) in order."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.player: Any = None
        self.heard: list[tuple[str, list[str]]] = []
        self._figures: RoomFigures | None = None
        self._period_heard: int | None = None  # the period the clock's own events last played for
        self.scheme = self._load()

    # --- the scheme ------------------------------------------------------------------------------------------
    def _load(self) -> SoundScheme:
        session = self.window.session
        try:
            return session.templates.sound_scheme() if session is not None else default_scheme()
        except DomainError as error:
            self.window.tell(f"The room's sounds could not be read, the program's own play instead: {error}")
            return default_scheme()

    def reload(self) -> None:
        """Read the room's scheme again (another database was opened)."""
        self.set_scheme(self._load())

    def set_scheme(self, scheme: SoundScheme) -> None:
        self.scheme = scheme
        if self.player is not None:
            self.player.scheme = scheme
        self.window.quiet_action.setChecked(scheme.quiet)
        self.window.quiet_label.setVisible(scheme.quiet)

    def room_sounds(self) -> Any:
        """The player (made on first use: loading the sounds waits until one is wanted)."""
        if self.player is None:
            from tournament_director.ui.sounds import RoomSounds

            self.player = RoomSounds(self.scheme, self)
            self.player.speaker.failed.connect(self.window.tell)
        return self.player

    def stop(self) -> None:
        """Silence the room's sounds (the console closing)."""
        if self.player is not None:
            self.player.stop()

    # --- playing ---------------------------------------------------------------------------------------------
    def play(self, key: str, extra: dict[str, Any] | None = None) -> bool:
        if not self.window._want_sounds:
            return False
        done = self.room_sounds().play(key, {**self.values(), **(extra or {})})
        self.heard.append((key, done))
        spoken = [part for part in done if part != "sound"]
        if spoken:
            self.window.log_tab.add_message(f"Announced: {spoken[0]}")
        return bool(done)

    def clock_events(self, events: list[Any]) -> int:
        """Once per room event among the clock events of one tick (two warnings at once make one beep)."""
        kinds = [getattr(event, "kind", event) for event in events]
        keys = list(dict.fromkeys(CLOCK_EVENT_CUES[kind] for kind in kinds if kind in CLOCK_EVENT_CUES))
        played = sum(1 for key in keys if self.play(key))
        if "break_started" in keys:
            played += self._colour_up()
        clock = self.window.session.clock if self.window.session is not None else None
        if clock is not None and any(key != "one_minute_warning" for key in keys):
            self._period_heard = clock.view().period_index
        return played

    def _colour_up(self) -> int:
        chips = self._colour_up_chips()
        return 1 if chips and self.play("colour_up", {"chips": chips}) else 0

    def floor_called(self) -> bool:
        calls = self._stations_calls()
        latest = calls[-1] if calls else None
        return self.play("floor_called",
                         {"table": getattr(latest, "table", None), "seat": getattr(latest, "seat", None)})

    def follow(self, topics: list[str]) -> None:
        """After a change: the start, a level or a break the director moved the clock to (the clock's own level
        changes play from its tick), a bust, the bubble, the final table or the winner, when one just happened (the
        weightiest alone when one command makes several)."""
        if not self.window._want_sounds:
            return
        session = self.window.session
        if session is None or not getattr(session, "tournament_id", None):
            self._figures = None
            return
        view = view_from_session(session, seating_chart=False)
        clock = session.clock
        clock_view = clock.view() if clock is not None else None
        figures = RoomFigures(session.tournament_id, bool(getattr(clock_view, "started", False)),
                              getattr(clock_view, "period_index", None), bool(getattr(clock_view, "on_break", False)),
                              view.players_left, view.final_table, view.winner is not None)
        before, self._figures = self._figures, figures
        if before is None or before.tournament != figures.tournament or "selected" in topics:
            return
        if (before.started and figures.started and figures.period != before.period
                and figures.period != self._period_heard and not getattr(clock_view, "restart_pending", False)):
            self._period_heard = figures.period
            key = "break_started" if figures.on_break else ("break_ended" if before.on_break else "level_changed")
            self.play(key)
            if key == "break_started":
                self._colour_up()
        if view.winner is not None and not before.winner:
            self.play("winner", {"player": view.winner[0], "prize": view.winner[1]})
        elif figures.final_table and not before.final_table:
            self.play("final_table")
        elif (figures.players is not None and before.players is not None and figures.players < before.players):
            paid = len(view.payouts)
            if paid and figures.players == paid + 1:
                self.play("bubble", {"paid": paid})
            else:
                self.play("player_busted", _bust_values(view))
        elif figures.started and not before.started:
            self.play("tournament_started")

    # --- the tokens' values ----------------------------------------------------------------------------------
    def clock_events_behind(self, session: Any, events: list[Any]) -> int:
        """The clock events of a tournament running behind the one in front (``session`` reads it): its sounds,
        said with its own figures."""
        kinds = [getattr(event, "kind", event) for event in events]
        keys = list(dict.fromkeys(CLOCK_EVENT_CUES[kind] for kind in kinds if kind in CLOCK_EVENT_CUES))
        return sum(1 for key in keys if self.play(key, self.values(session)))

    def values(self, session: Any = None) -> dict[str, Any]:
        """The figures a sound's sentence says: of the tournament in front, or of ``session``'s."""
        session = session if session is not None else self.window.session
        if session is None or not getattr(session, "tournament_id", None):
            return {}
        clock = session.clock
        clock_view = clock.view() if clock is not None else None
        figures = session.floor_figures() if callable(getattr(session, "floor_figures", None)) else None
        level = getattr(clock_view, "level", None)
        if level is None:
            level = getattr(clock_view, "next_level", None)
            level = level if hasattr(level, "small_blind") else None
        remaining = getattr(clock_view, "remaining_seconds", None)
        return {
            "tournament": session.tournament_name,
            "level": getattr(level, "number", None),
            "small": getattr(level, "small_blind", None),
            "big": getattr(level, "big_blind", None),
            "ante": getattr(level, "ante", 0) if level is not None else None,
            "minutes": round(remaining / 60) if remaining is not None else None,
            "players": getattr(figures, "players_left", None),
            "entries": getattr(figures, "entries", None),
        }

    def _colour_up_chips(self) -> str:
        clock = self.window.session.clock if self.window.session is not None else None
        found = _CHIPS_OFF.match(getattr(clock.view(), "notice", "") if clock is not None else "")
        return found.group(1) if found else ""

    def _stations_calls(self) -> list[Any]:
        session = self.window.session
        stations = session.stations if session is not None and session.tournament_id else None
        return stations.calls() if stations is not None else []


def _bust_values(view: Any) -> dict[str, Any]:
    if not view.knockouts:
        return {}
    place, name, _by = view.knockouts[0]
    prize = next((amount for _place, who, amount in view.results if who == name), None)
    ordinal = _ORDINAL.match(place)
    return {"player": name, "place": ordinal.group(0) if ordinal else place, "prize": prize or None}


def add_sound_actions(window: Any) -> None:
    """Tools > Sounds and announcements… and View > Quiet mode (Ctrl+Shift+Q), with the status bar's reminder."""
    bar = window.menuBar()
    menus = {a.text(): a.menu() for a in bar.actions() if a.menu() is not None}
    tools = tools_menu(window)
    window.sounds_action = add_action(window, "Sounds and announcements…", None,
                                      lambda: open_sounds_dialog(window), tools)
    window.quiet_label = QLabel(QUIET_TEXT)
    window.quiet_label.setObjectName("quietIndicator")
    window.quiet_label.setStyleSheet("QLabel#quietIndicator { color: #ffffff; background: #6a1b9a; "
                                     "font-weight: bold; padding: 1px 8px; border-radius: 3px; }")
    window.quiet_label.setToolTip("Quiet mode: no sound plays and nothing is read aloud (View > Quiet mode)")
    window.statusBar().addPermanentWidget(window.quiet_label)
    window.quiet_action = QAction("Quiet mode (no sounds)", window, checkable=True)
    window.quiet_action.setShortcut(QKeySequence("Ctrl+Shift+Q"))
    window.quiet_action.toggled.connect(lambda on: set_quiet(window, on))
    window.addAction(window.quiet_action)
    view = menus.get("&View")
    if view is not None:
        view.insertAction(getattr(window, "announce_action", None), window.quiet_action)
    window.sound_cues = SoundCues(window)
    window.sound_cues.set_scheme(window.sound_cues.scheme)
    window.refresh_listeners.append(window.sound_cues.follow)


def set_quiet(window: Any, on: bool) -> None:
    """Quiet mode on or off, kept with the room's scheme so a restart stays quiet."""
    cues = window.sound_cues
    if cues.scheme.quiet == bool(on):
        return
    scheme = replace(cues.scheme, quiet=bool(on))
    session = window.session
    try:
        if session is not None and session.store_is_open:
            scheme = session.templates.save_sound_scheme(scheme)
    except DomainError as error:
        window.tell(f"Quiet mode not kept for the next start: {error}")
    cues.set_scheme(scheme)
    window.tell("Quiet mode: no sounds, nothing read aloud" if on else "Sounds are back on")


def open_sounds_dialog(window: Any) -> Any:
    from tournament_director.ui.console.sounds_dialog import SoundsDialog

    dialog = getattr(window, "sounds_dialog", None)
    if dialog is None:
        dialog = SoundsDialog(window)
        window.sounds_dialog = dialog
        dialog.finished.connect(lambda _result: setattr(window, "sounds_dialog", None))
        dialog.finished.connect(dialog.deleteLater)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


__all__ = ["CLOCK_EVENT_CUES", "QUIET_TEXT", "SoundCues", "add_sound_actions", "open_sounds_dialog", "set_quiet"]
