"""How the console redraws after a change: only the tab in front, the others when they come to the front.

The director's own change (recorded under the console's name) is drawn at once; a change from a phone or a table
station is drawn once per turn of the event loop however many arrive in it, so a hundred stations reporting at
once cost one redraw, not a hundred redraws of every tab. A menu command that works on a tab's players or seats
brings a tab in the back up to date first (ui/console/actions.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer

log = logging.getLogger(__name__)


class ConsoleRefresh:
    def __init__(self, window: Any) -> None:
        self.window = window
        self.stale: set[Any] = set()   # tabs in the back changed since they were last drawn
        self.pending: list[str] = []   # the topics of the changes not yet drawn
        self.listeners: list[Callable[[list[str]], None]] = []   # panels drawn with the tab in front

    def draw(self, tab: Any) -> None:
        try:
            tab.refresh()
        except Exception as error:  # one broken view must not take the console down
            log.exception("refreshing %s failed", type(tab).__name__)
            self.window.tell(f"{type(tab).__name__}: {error}")

    def changed(self, topic: str) -> None:
        if not self.pending:
            QTimer.singleShot(0, self.flush)
        self.pending.append(topic)
        if self._director_at_work():
            self.flush()

    def _director_at_work(self) -> bool:
        session = self.window.session
        runner = session.runner if session is not None and session.store_is_open else None
        return runner is None or runner.operator == session.operator

    def flush(self) -> None:
        """Draw the changes waiting now on the tab in front; mark the others to draw when they are shown."""
        topics, self.pending = self.pending, []
        window = self.window
        if not topics or (window.session is not None and not window.session.store_is_open):
            return
        window.draw_frame()
        current = window.tabs.currentWidget()
        self.stale.update(tab for tab in window.all_tabs if tab is not current)
        self.draw(current)
        for listener in list(self.listeners):
            listener(topics)
        for topic in dict.fromkeys(topics):
            try:
                window._follow_level(topic)
            except Exception:  # speech must never stop the console
                log.exception("announcing the level failed")

    def shown(self, tab: Any) -> None:
        self.stale.discard(tab)
        self.draw(tab)

    def bring_up_to_date(self) -> None:
        self.flush()
        for tab in list(self.stale):
            self.draw(tab)
        self.stale.clear()
