"""The projected clock: the screen the whole room reads.

A separate window. With two screens or more it goes full-screen on the chosen screen (remembered in QSettings), or
the first non-primary one, and it follows screens being plugged in and out. With one screen (a laptop alone, or
mirrored to the room's projector) the console needs the whole width, so the clock is a switchable full screen: it
opens full screen behind the console, View > Projector full screen (Ctrl+Shift+F) brings it to the front, and F11
or Esc on it leaves full screen and hands the screen back to the console; a line in its corner says so. The mouse
pointer is hidden only while it is full screen.
Everything is painted relative to the window size, so it scales to any resolution and aspect ratio. A QTimer only
repaints: the figures come from the services as a frozen ``ProjectorView``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QKeyEvent, QPainter, QScreen
from PySide6.QtWidgets import QWidget

from tournament_director.services.screen_layouts import ScreenLayout, chosen_layout, rules_page_due
from tournament_director.ui.placement import PLACES_ITSELF, fit_on_screen
from tournament_director.ui.projector.designed import Pictures, designed_screen, paint_designed
from tournament_director.ui.projector.layout import paint_projector
from tournament_director.ui.projector.view import ProjectorView, as_displayed, view_from_session

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


SCREEN_SETTING = "projector/screen"
REPAINT_INTERVAL_MS = 200
SEATING_PAGE_SECONDS = 10
WINDOW_FRAME_ROOM = (8, 40)  # (sides and bottom, top): a window's frame is known only once it is shown
ONE_SCREEN_FULL = "F11 / Esc: leave full screen (back to the console)"
ONE_SCREEN_WINDOW = "F11: full screen · Ctrl+Shift+F in the console"
ONE_SCREEN_NOTE = ("One screen: the projected clock is full screen behind the console. View > Projector full screen "
                   "(Ctrl+Shift+F) brings it to the front; F11 or Esc on it comes back to the console")


def screen_labels(screens: Sequence[QScreen]) -> list[str]:
    """Each screen's name, numbered when two screens share one (two X screens both called "screen")."""
    names = [screen.name() for screen in screens]
    return [f"{name} ({names[:i].count(name) + 1})" if names.count(name) > 1 else name
            for i, name in enumerate(names)]


def screen_label(screen: QScreen | None) -> str:
    """The name the director chooses ``screen`` by ("" for none)."""
    screens = QGuiApplication.screens()
    if screen is None or screen not in screens:
        return ""
    return screen_labels(screens)[screens.index(screen)]


def choose_screen(screens: Sequence[QScreen], primary: QScreen | None, wanted_name: str | None) -> QScreen | None:
    """The screen the projector belongs on: the remembered one if present (by its name, or by its numbered name
    when several share it), else the first non-primary, else primary."""
    if not screens:
        return None
    if wanted_name:
        for screen, label in zip(screens, screen_labels(screens)):
            if label == wanted_name:
                return screen
        for screen in screens:
            if screen.name() == wanted_name:
                return screen
    for screen in screens:
        if screen is not primary:
            return screen
    return primary if primary is not None else screens[0]


class ProjectorWindow(QWidget):
    placed = Signal(str)  # how it was placed, for the console to tell ("" with two screens: nothing to say)
    back_to_console = Signal()  # one screen: it left full screen, the console comes to the front

    def __init__(self, session: DirectorSession | None = None, *,
                 view_source: Callable[[], ProjectorView] | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None,
                 layout_source: Callable[[], ScreenLayout | None] | None = None,
                 tournament_id: int | None = None) -> None:
        """``tournament_id``: the projector of that tournament, whichever the console has in front (its own read
        of it, ``session.following``), on the screen remembered for it; None: the tournament in front."""
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Tournament clock")
        self.setObjectName("projector")
        self.setProperty(PLACES_ITSELF, True)
        self.setMinimumSize(320, 180)
        self.tournament_id = tournament_id
        self._session = session
        self._screen_setting = SCREEN_SETTING if tournament_id is None else f"{SCREEN_SETTING}/{tournament_id}"
        self._view_source = view_source or (lambda: view_from_session(self._reading(),
                                                                      force_seating=self.force_seating))
        self._settings = settings if settings is not None else QSettings()
        self._view = ProjectorView(message="No tournament open")
        # the tournament's screen layout (None: the program's own screen), and the pictures it shows
        self._layout_source = layout_source or (lambda: chosen_layout(self._reading()))
        self._layout: ScreenLayout | None = None
        self._rules_up = False
        self.pictures = Pictures()
        self.force_seating = False  # the director asked for the seating chart (View > Seating chart, F7)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self._timer = QTimer(self)
        self._timer.setInterval(REPAINT_INTERVAL_MS)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()

        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self._screens_changed)
            app.screenRemoved.connect(self._screens_changed)

    def _reading(self) -> DirectorSession | None:
        """The session the screen reads: the console's, or the session of its own tournament."""
        if self.tournament_id is None or self._session is None:
            return self._session
        return self._session.following(self.tournament_id)

    # ----- the view ------------------------------------------------------------------------------------
    @property
    def view(self) -> ProjectorView:
        return self._view

    @property
    def screen_layout(self) -> ScreenLayout | None:
        """The layout the screen draws (None: the program's own screen)."""
        return self._layout

    def set_view(self, view: ProjectorView) -> None:
        self._view = view
        self.update()

    def refresh(self) -> None:
        try:
            view = self._view_source()
            if view.seating_chart:  # a long seating chart turns its pages
                view = replace(view, page=int(time.monotonic() // SEATING_PAGE_SECONDS))
        except Exception as error:  # the room's screen keeps going; the console shows the error
            view = ProjectorView(tournament_name=self._view.tournament_name, message=str(error))
        layout = self._layout_source()
        rules_up = layout is not None and rules_page_due(layout, time.time())
        if layout is not self._layout or rules_up != self._rules_up:
            self._layout, self._rules_up = layout, rules_up
            self.set_view(view)
        elif as_displayed(view) != as_displayed(self._view):
            self.set_view(view)
        else:
            self._view = view

    # ----- screens -------------------------------------------------------------------------------------
    def remembered_screen_name(self) -> str | None:
        value = self._settings.value(self._screen_setting)
        return str(value) if value else None

    def target_screen(self) -> QScreen | None:
        return choose_screen(QGuiApplication.screens(), QGuiApplication.primaryScreen(),
                             self.remembered_screen_name())

    @staticmethod
    def one_screen() -> bool:
        return len(QGuiApplication.screens()) <= 1

    def place_on_screen(self) -> None:
        """Full-screen on the chosen screen when there are two or more; with one, full screen as well, the console
        in front of it (the director switches with Ctrl+Shift+F, and F11 or Esc)."""
        self.go_full_screen()
        self.placed.emit(ONE_SCREEN_NOTE if self.one_screen() else "")

    def choose_screen_by_name(self, name: str) -> None:
        """The director picks a screen: remember it and go full-screen there."""
        self._settings.setValue(self._screen_setting, name)
        self.go_full_screen()

    def screen_name(self) -> str:
        """The name of the screen the window is on ("" before it is placed)."""
        return screen_label(self.screen())

    def go_full_screen(self) -> None:
        screen = self.target_screen()
        if screen is None:
            return
        if self.isFullScreen():
            self.showNormal()
        self.setScreen(screen)  # before the window exists too, so the first showing lands on that screen
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.setCursor(Qt.CursorShape.BlankCursor)   # nobody points at the room's screen

    def leave_full_screen(self) -> None:
        self.unsetCursor()
        self.showNormal()
        area = self.screen().availableGeometry() if self.screen() is not None else None
        if area is not None and self.geometry().contains(area):
            self._window_geometry(area)
        fit_on_screen(self)
        if self.one_screen():
            self.back_to_console.emit()

    def _window_geometry(self, area: Any) -> None:
        """The right half of the free area, 16:9, with room left for the frame the window manager adds."""
        side, top = WINDOW_FRAME_ROOM
        width = min(area.width() - 2 * side, max(480, area.width() // 2 - 2 * side))
        height = min(area.height() - top - side, max(270, width * 9 // 16))
        self.setGeometry(area.x() + area.width() - width - side,
                         area.y() + top + (area.height() - top - side - height) // 2, width, height)

    def _screens_changed(self, _screen: QScreen | None = None) -> None:
        if self.isVisible():
            # Let Qt finish moving windows off a removed screen before we place ours.
            QTimer.singleShot(0, self.place_on_screen)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.leave_full_screen()
        elif event.key() in (Qt.Key.Key_F, Qt.Key.Key_F11):
            if self.isFullScreen():
                self.leave_full_screen()
            else:
                self.go_full_screen()
        else:
            super().keyPressEvent(event)

    # ----- painting ------------------------------------------------------------------------------------
    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if self._layout is not None:
            area = QRectF(self.rect())
            paint_designed(painter, area, designed_screen(area, self._view, self._layout, now_seconds=time.time(),
                                                          picture=self.pictures))
        else:
            paint_projector(painter, QRectF(self.rect()), self._view)
        hint = self.one_screen_hint()
        if hint:
            self._paint_hint(painter, hint)
        painter.end()

    def one_screen_hint(self) -> str:
        """With one screen, the keys that switch between the clock and the console ('' with two screens)."""
        if not self.one_screen():
            return ""
        return ONE_SCREEN_FULL if self.isFullScreen() else ONE_SCREEN_WINDOW

    def _paint_hint(self, painter: QPainter, hint: str) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(12, self.height() // 50))
        painter.setFont(font)
        metrics = painter.fontMetrics()
        pad = font.pixelSize() // 2
        box = QRectF(0, 0, metrics.horizontalAdvance(hint) + 2 * pad, metrics.height() + pad)
        box.moveTopRight(QRectF(self.rect()).topRight())  # above the payouts, clear of every figure
        painter.fillRect(box, QColor(0, 0, 0, 170))
        painter.setPen(QColor("#cfd8dc"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, hint)
