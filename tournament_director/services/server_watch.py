"""A PostgreSQL server that stops answering (stopped, crashed, the network gone): the session turns read-only and
says so, tries the server again every second, and once it answers reads the log back to tell whether the command
that was being recorded when it stopped was recorded (once) or not at all.

Nothing acknowledged is lost: a command returns only once the server has committed it. The command in flight when
the server stopped is the only one in doubt, and the log read back decides it: the state is folded again from the
log then, so the console's state no longer holds that command if it was not recorded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from tournament_director.domain.errors import DomainError
from tournament_director.store.server import connection_lost

__all__ = ["ServerLost", "ServerWatch", "connection_lost"]


class ServerLost(DomainError):
    """The database server is not answering: nothing is recorded until it answers again."""


class ServerWatch:
    RETRY_SECONDS = 1.0

    def __init__(self, wall_now: Callable[[], datetime], monotonic: Callable[[], float] = time.monotonic) -> None:
        self._wall_now = wall_now
        self._monotonic = monotonic
        self.down_since: datetime | None = None
        self._in_flight: str | None = None  # what was being recorded when it stopped, as the director reads it
        self._next_try = 0.0
        self._news: str | None = None

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def _since(self) -> str:
        return self.down_since.astimezone().strftime("%H:%M:%S") if self.down_since is not None else ""

    def message(self) -> str:
        """What the console says while the server is down."""
        text = (f"The database server stopped answering at {self._since()}; nothing recorded before then was lost. "
                "Retrying every second; until it answers the console shows what it showed, read-only")
        if self._in_flight:
            text += f". Whether “{self._in_flight}” was recorded is checked when it answers"
        return text

    def lost(self, in_flight: str | None = None) -> ServerLost:
        """The server stopped answering (first noticed now, with ``in_flight`` being recorded, if anything)."""
        if self.down_since is None:
            self.down_since = self._wall_now()
            self._in_flight = in_flight
            self._next_try = self._monotonic() + self.RETRY_SECONDS
        return ServerLost(self.message())

    def refuse_while_down(self) -> None:
        if self.down:
            raise ServerLost(f"the database server is not answering (since {self._since()}): nothing can be "
                             "recorded until it answers again; retrying")

    def try_again(self, reconnect: Callable[[], bool | None]) -> bool:
        """While down, at most every RETRY_SECONDS (less often after a try that waited for a network that is gone):
        ``reconnect``, which returns whether the write in flight was recorded (None when none was). True once the
        server answers again; ``take_news`` then says so."""
        if not self.down or self._monotonic() < self._next_try:
            return False
        started = self._monotonic()
        try:
            recorded = reconnect()
        except Exception as error:
            if connection_lost(error):
                # a try that waited (a network gone, not a server refusing at once) is not repeated every second
                took = self._monotonic() - started
                self._next_try = self._monotonic() + self.RETRY_SECONDS + 4 * took
                return False
            raise
        in_flight, since = self._in_flight, self._since()
        self.down_since, self._in_flight = None, None
        said = f"The database server answers again (it stopped at {since})"
        if in_flight and recorded:
            self._news = f"{said}: “{in_flight}” was recorded, once; nothing recorded was lost"
        elif in_flight and recorded is not None:
            self._news = (f"{said}: “{in_flight}” was not recorded, do it again if it is still wanted; nothing else "
                          "was lost")
        else:
            self._news = f"{said}; nothing recorded was lost"
        return True

    def take_news(self) -> str | None:
        """What to tell the director since the server answered again (once), else None."""
        news, self._news = self._news, None
        return news
