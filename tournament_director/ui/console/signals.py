"""Qt signals that bring the session's callbacks and the scheduler's notices to the console on the GUI thread."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


class SessionSignals(QObject):
    """The session's plain callbacks as a Qt signal (topic: 'tournaments', 'selected', 'state', ...)."""

    changed = Signal(str)

    def __init__(self, session: DirectorSession | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe = session.subscribe(self.changed.emit) if session is not None else (lambda: None)

    def disconnect_session(self) -> None:
        self._unsubscribe()


class WallClockSignals(QObject):
    """Carries wall-clock notices from the scheduler's worker thread to the GUI thread (a queued signal):
    the job itself never touches a widget or the command runner."""

    notice = Signal(object)  # a services.scheduler.WallClockNotice
