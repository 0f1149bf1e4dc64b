"""Where the program's windows open: inside the free area of their screen (the part the taskbar and the panels
leave), frame included, never half below the edge of a laptop's screen.

``fit_on_screen(window)`` moves and, when it is too large, shrinks one top-level window into its screen's available
geometry. ``KeepOnScreen`` does it for every dialog and window opened from another one, the first time it comes to
the front; the console and the projector place themselves (they are marked with ``PLACES_ITSELF``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRect, Qt
from PySide6.QtGui import QGuiApplication, QScreen, QWindow
from PySide6.QtWidgets import QApplication, QWidget

PLACES_ITSELF = "placesItself"  # a widget property: KeepOnScreen leaves the window alone
_FITTED = "fittedOnScreen"
_FITTED_TYPES = (Qt.WindowType.Window, Qt.WindowType.Dialog, Qt.WindowType.Sheet)  # not popups, menus, tooltips


def available_area(window: QWidget, screen: QScreen | None = None) -> QRect | None:
    """The free area of the screen the window is on (the primary screen before it is placed)."""
    screen = screen or window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else None


def fit_on_screen(window: QWidget, screen: QScreen | None = None) -> None:
    """Move ``window`` (and shrink it when it is larger) so its frame lies inside the screen's free area."""
    area = available_area(window, screen)
    if area is None or window.isFullScreen() or window.isMaximized():
        return
    inner, frame = window.geometry(), window.frameGeometry()
    left, top = inner.x() - frame.x(), inner.y() - frame.y()
    right, bottom = frame.right() - inner.right(), frame.bottom() - inner.bottom()
    width = max(window.minimumWidth(), min(inner.width(), area.width() - left - right))
    height = max(window.minimumHeight(), min(inner.height(), area.height() - top - bottom))
    x = min(max(inner.x(), area.x() + left), area.x() + area.width() - right - width)
    y = min(max(inner.y(), area.y() + top), area.y() + area.height() - bottom - height)
    fitted = QRect(max(x, area.x() + left), max(y, area.y() + top), width, height)
    if fitted != inner:
        window.setGeometry(fitted)


class KeepOnScreen(QObject):
    """Fits each dialog and window into its screen the first time it comes to the front (its frame is known by
    then); a window the director moved or resized afterwards stays where he put it."""

    def window_activated(self, handle: QWindow | None) -> None:
        if handle is None:
            return
        for widget in QApplication.topLevelWidgets():
            if widget.windowHandle() is handle:
                if (widget.isVisible() and widget.parentWidget() is not None  # opened from another window
                        and not widget.property(PLACES_ITSELF) and not widget.property(_FITTED)
                        and widget.windowType() in _FITTED_TYPES):
                    widget.setProperty(_FITTED, True)
                    fit_on_screen(widget)
                return


def keep_windows_on_screen() -> None:
    """Fit every window the program opens from now on (installed once on the application)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication) or app.property("keepsWindowsOnScreen"):
        return
    keeper = KeepOnScreen(app)
    app.focusWindowChanged.connect(keeper.window_activated)
    app.setProperty("keepsWindowsOnScreen", True)


__all__ = ["PLACES_ITSELF", "KeepOnScreen", "available_area", "fit_on_screen", "keep_windows_on_screen"]
