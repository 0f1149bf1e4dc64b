"""The band across the console while the PostgreSQL server is not answering: when it stopped, that nothing recorded
before was lost, that the console is read-only and retrying, and which command in flight is being checked. The
console's repaint timer calls ``watch``: the session tries the server again (once a second); once it answers the
band goes, the other stations' feed is listened to again, and the status bar says whether the command in flight
was recorded."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

STYLE = """
QLabel#serverBanner { background: #8d4f00; color: #ffffff; font-size: 13pt; font-weight: bold;
                      border-radius: 4px; padding: 6px 10px; }
"""


class ServerBanner(QLabel):
    def __init__(self, window: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.console = window
        self.setObjectName("serverBanner")
        self.setStyleSheet(STYLE)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def watch(self) -> None:
        session = self.console.session
        if session is None:
            self.setVisible(False)
            return
        if session.server_down:
            session.reconnect()
        news = session.server_watch.take_news()  # the server answers again (found here, or by a command)
        if session.server_down:
            text = session.server_watch.message()
            if self.text() != text:
                self.setText(text)
            self.setVisible(True)
            return
        self.setVisible(False)
        if news is not None:
            self.console.other_stations.listen_again()
            self.console.tell(news)
