"""The other stations' work as it happens: LISTEN on the server's channel (store/server.py NOTIFYs each appended
event and each tournament created), on a connection of its own whose socket the GUI watches (a QSocketNotifier),
so a station refreshes within moments of another's command without polling the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import psycopg

from tournament_director.store.server import CHANNEL, CONNECT_TIMEOUT_SECONDS, NEW_TOURNAMENT, libpq_url


@dataclass
class FeedNews:
    """What the other stations did since the last look."""

    moved: dict[int, int] = field(default_factory=dict)  # tournament id -> the highest seq announced
    created: set[int] = field(default_factory=set)  # tournaments created (or imported)

    def __bool__(self) -> bool:
        return bool(self.moved or self.created)


class ChangeFeed:
    def __init__(self, url: str) -> None:
        self._connection = psycopg.connect(libpq_url(url), autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS)
        self._connection.execute(f"LISTEN {CHANNEL}")

    def fileno(self) -> int:
        """The socket to watch for reading: readable when a notification (or anything) arrived."""
        return self._connection.pgconn.socket

    def changes(self) -> FeedNews:
        """The tournaments whose logs moved, and those created, since the last call. Never blocks."""
        pgconn = self._connection.pgconn
        pgconn.consume_input()
        news = FeedNews()
        while (notice := pgconn.notifies()) is not None:
            try:
                tournament_text, what = notice.extra.decode().split(":")
                tournament = int(tournament_text)
                if what == NEW_TOURNAMENT:
                    news.created.add(tournament)
                else:
                    news.moved[tournament] = max(int(what), news.moved.get(tournament, 0))
            except ValueError:  # a payload of another version of the program: ignored
                continue
        return news

    def close(self) -> None:
        self._connection.close()
