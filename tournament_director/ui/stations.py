"""The other stations on the same PostgreSQL event: the session's change feed is a socket that becomes readable
when another station records a command; a QSocketNotifier on it wakes the GUI thread, which folds the commands in
(``DirectorSession.take_changes``) and so refreshes the console like a command of its own. Nothing on a file.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSocketNotifier

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

log = logging.getLogger(__name__)


class OtherStations(QObject):
    def __init__(self, session: DirectorSession | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.notifier: QSocketNotifier | None = None
        self.listen_again()

    def listen_again(self) -> None:
        """Watch the session's change feed (again, once a server that stopped answering answers again)."""
        self.stop()
        feed = self.session.change_feed() if self.session is not None and self.session.on_server else None
        if feed is not None:
            self.notifier = QSocketNotifier(feed.fileno(), QSocketNotifier.Type.Read, self)
            self.notifier.activated.connect(self.take_changes)

    def take_changes(self, *_: object) -> None:
        try:
            self.session.take_changes()
        except Exception:  # a lost connection must not end the program: the next command says what is wrong
            log.exception("reading the other stations' commands failed")
        if self.session is not None and self.session.server_down:  # its socket is closed: listen again once it answers
            self.stop()

    def stop(self) -> None:
        if self.notifier is not None:  # before the feed's socket closes: a notifier outliving it polls a closed socket
            self.notifier.setEnabled(False)
            self.notifier.deleteLater()
            self.notifier = None
