"""The projected clock: the screen the whole room reads.

A separate window, full-screen on the chosen screen (remembered in QSettings). When that screen is gone it falls
back to the first non-primary screen, then the primary one, and it follows screens being plugged in and out.
Everything is painted relative to the window size, so it scales to any resolution and aspect ratio. A QTimer only
repaints: the figures come from the services as a frozen ``ProjectorView``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent, QPainter, QScreen
from PySide6.QtWidgets import QWidget

from tournament_director.ui.projector.layout import paint_projector
from tournament_director.ui.projector.view import ProjectorView, as_displayed, view_from_session


SCREEN_SETTING = "projector/screen"
REPAINT_INTERVAL_MS = 200


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
        self._view_source = view_source or (lambda: view_from_session(self._session))
        self._settings = settings if settings is not None else QSettings()
        self._view = ProjectorView(message="No tournament open")
        self.setCursor(Qt.CursorShape.BlankCursor)

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

    def choose_screen_by_name(self, name: str) -> None:
        """The director picks a screen: remember it and move there."""
        self._settings.setValue(SCREEN_SETTING, name)
        self.place_on_screen()

    def target_screen(self) -> QScreen | None:
        return choose_screen(QGuiApplication.screens(), QGuiApplication.primaryScreen(),
                             self.remembered_screen_name())

    def place_on_screen(self) -> None:
        """Go full-screen on the chosen screen (or its fallback)."""
        screen = self.target_screen()
        if screen is None:
            return
        if self.isFullScreen():
            self.showNormal()
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()

    def _screens_changed(self, _screen: QScreen | None = None) -> None:
        if self.isVisible():
            # Let Qt finish moving windows off a removed screen before we place ours.
            QTimer.singleShot(0, self.place_on_screen)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        elif event.key() in (Qt.Key.Key_F, Qt.Key.Key_F11):
            self.place_on_screen()
        else:
            super().keyPressEvent(event)

    # ----- painting ------------------------------------------------------------------------------------
    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        paint_projector(painter, QRectF(self.rect()), self._view)
        painter.end()
