"""The other stations' commands as they happen: LISTEN on the server's channel (store/server.py NOTIFYs each
appended event), on a connection of its own whose socket the GUI watches (a QSocketNotifier), so a station
refreshes within moments of another's command without polling the database.
"""

from __future__ import annotations

import psycopg

from tournament_director.store.server import CHANNEL, libpq_url


class ChangeFeed:
    def __init__(self, url: str) -> None:
        self._connection = psycopg.connect(libpq_url(url), autocommit=True)
        self._connection.execute(f"LISTEN {CHANNEL}")

    def fileno(self) -> int:
        """The socket to watch for reading: readable when a notification (or anything) arrived."""
        return self._connection.pgconn.socket

    def changes(self) -> dict[int, int]:
        """The tournaments whose logs moved since the last call: tournament id -> the highest seq announced.
        Never blocks."""
        pgconn = self._connection.pgconn
        pgconn.consume_input()
        moved: dict[int, int] = {}
        while (notice := pgconn.notifies()) is not None:
            try:
                tournament, seq = (int(part) for part in notice.extra.decode().split(":"))
            except ValueError:
                continue
            moved[tournament] = max(seq, moved.get(tournament, 0))
        return moved

    def close(self) -> None:
        self._connection.close()
