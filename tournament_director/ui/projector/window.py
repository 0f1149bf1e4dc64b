"""The projected clock: the screen the whole room reads.

A separate window. With two screens or more it goes full-screen on the chosen screen (remembered in QSettings), or
the first non-primary one, and it follows screens being plugged in and out. With one screen it opens as a normal
window beside the console (the director makes it full screen with F11 or View > Projector full screen; Esc leaves
full screen), and the mouse pointer is hidden only while it is full screen.
Everything is painted relative to the window size, so it scales to any resolution and aspect ratio. A QTimer only
repaints: the figures come from the services as a frozen ``ProjectorView``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent, QPainter, QScreen
from PySide6.QtWidgets import QWidget

from tournament_director.ui.projector.layout import paint_projector
from tournament_director.ui.projector.view import ProjectorView, as_displayed, view_from_session


SCREEN_SETTING = "projector/screen"
REPAINT_INTERVAL_MS = 200
SEATING_PAGE_SECONDS = 10


def choose_screen(screens: Sequence[QScreen], primary: QScreen | None, wanted_name: str | None) -> QScreen | None:
    """The screen the projector belongs on: the remembered one if present, else the first non-primary, else primary."""
    if not screens:
        return None
    if wanted_name:
        for screen in screens:
            if screen.name() == wanted_name:
                return screen
    for screen in screens:
        if screen is not primary:
            return screen
    return primary if primary is not None else screens[0]


class ProjectorWindow(QWidget):
    def __init__(self, session: Any = None, *, view_source: Callable[[], ProjectorView] | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Tournament clock")
        self.setObjectName("projector")
        self.setMinimumSize(320, 180)
        self._session = session
        self._view_source = view_source or (lambda: view_from_session(self._session,
                                                                      force_seating=self.force_seating))
        self._settings = settings if settings is not None else QSettings()
        self._view = ProjectorView(message="No tournament open")
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

    # ----- the view ------------------------------------------------------------------------------------
    @property
    def view(self) -> ProjectorView:
        return self._view

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
        if as_displayed(view) != as_displayed(self._view):
            self.set_view(view)
        else:
            self._view = view

    # ----- screens -------------------------------------------------------------------------------------
    def remembered_screen_name(self) -> str | None:
        value = self._settings.value(SCREEN_SETTING)
        return str(value) if value else None

    def target_screen(self) -> QScreen | None:
        return choose_screen(QGuiApplication.screens(), QGuiApplication.primaryScreen(),
                             self.remembered_screen_name())

    def place_on_screen(self) -> None:
        """Full-screen on the chosen screen when there are two or more; with one, a normal window on it."""
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            self.go_full_screen()
        else:
            self.show_in_a_window()

    def choose_screen_by_name(self, name: str) -> None:
        """The director picks a screen: remember it and go full-screen there."""
        self._settings.setValue(SCREEN_SETTING, name)
        self.go_full_screen()

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

    def show_in_a_window(self) -> None:
        """One screen: a normal window over the right part of it, so the console stays usable beside it."""
        screen = self.target_screen()
        if self.isFullScreen():
            self.showNormal()
        self.unsetCursor()
        if screen is not None:
            self._window_geometry(screen.availableGeometry())
        self.show()

    def _window_geometry(self, area: Any) -> None:
        width, height = max(480, area.width() // 2), max(270, area.width() * 9 // 32)
        self.setGeometry(area.x() + area.width() - width, area.y() + (area.height() - height) // 2, width,
                         min(height, area.height()))

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
        paint_projector(painter, QRectF(self.rect()), self._view)
        painter.end()
