"""The director's session and the other stations on one PostgreSQL server: a command tried again when another
station recorded first, the other stations' commands folded in from the change feed, and a server that stops
answering (read-only until it answers again, then read back; services/server_watch.py).

On a file the same methods run the command once: one station uses a file alone.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.services.busy_room import gave_up, held_elsewhere, said_elsewhere
from tournament_director.services.commands import ChangedElsewhere
from tournament_director.services.server_watch import ServerLost, connection_lost
from tournament_director.services.session_base import Answer, SessionBase

log = logging.getLogger(__name__)


class ServerConnection(SessionBase):
    """The session's commands tried again after another station's (``DirectorSession.run``), and its connection
    to the other stations."""

    # A busy room (several stations recording at once) must not refuse a command that still applies: it is tried
    # again on the latest log; after TURN_AFTER lost races in a row the station takes its turn to record (the other
    # stations' appends wait for it), so the next try is recorded. RETRY_SECONDS bounds it all, and then the
    # command is given up with a message saying so.
    RETRY_SECONDS = 2.0
    TURN_AFTER = 2

    def _with_retry(self, command: Callable[[], Answer]) -> Answer:
        seen: list[Any] = []  # the other stations' events folded in while this command was tried
        deadline = 0.0
        lost = 0
        recorded = False
        try:
            while True:
                try:
                    if lost < self.TURN_AFTER:
                        result = command()
                    else:
                        with self._open_runner.own_turn(max(0.001, deadline - time.monotonic())):
                            result = command()
                    recorded = True
                    return result
                except ChangedElsewhere as changed:
                    seen.extend(changed.events)
                    lost += 1
                    self.races_lost += 1
                    deadline = deadline or time.monotonic() + self.RETRY_SECONDS
                    if time.monotonic() >= deadline:
                        raise DomainError(self._gave_up(seen)) from None
                except TimeoutError:  # waiting for another station's turn to record, or for its own
                    raise DomainError(self._gave_up(seen) if seen else held_elsewhere()) from None
                except DomainError as refusal:
                    if not seen:
                        raise
                    raise DomainError(f"{self._said_elsewhere(seen, refusal.message)}, so this was not recorded: "
                                      f"{refusal.message}", refusal.rule) from None
        finally:
            if recorded or seen:  # once, however many times it was tried: the console shows the others' work too
                self.notify("state")

    def _said_elsewhere(self, events: list[Any], refusal: str = "") -> str:
        entries = self._runner.state.floor.entries.values() if self._runner is not None else ()
        return said_elsewhere(events, self.describe_logged, refusal, (entry.name for entry in entries))

    def _gave_up(self, seen: list[Any]) -> str:
        return gave_up(seen, self.RETRY_SECONDS, self._said_elsewhere(seen[-1:]))

    # ----- the other stations (PostgreSQL) --------------------------------------------------------------
    @property
    def on_server(self) -> bool:
        return bool(getattr(self._store, "on_server", False))

    @property
    def database_location(self) -> str:
        return getattr(self._store, "location", "") if self._store is not None else ""

    def change_feed(self) -> Any:
        """Something whose ``fileno()`` becomes readable when another station records (the UI watches it and then
        calls ``take_changes``); None on a file, which one station uses alone."""
        if self._feed is None and self._store is not None and self.on_server:
            self._feed = self._db.change_feed()
        return self._feed

    # ----- a server that stops answering (services/server_watch.py) -----------------------------------------
    @property
    def server_down(self) -> bool:
        return self.server_watch.down

    def _while_the_server_answers(self, step: Callable[[], Answer]) -> Answer:
        """Run ``step``; a server that stopped answering makes it a ServerLost (read-only until it answers)."""
        if self.server_down:
            self.reconnect()
        self.server_watch.refuse_while_down()
        try:
            return step()
        except Exception as error:
            if not (self.on_server and connection_lost(error)):
                raise
            raise self._server_lost() from None

    def _read_while_the_server_answers(self, read: Callable[[], Answer], meanwhile: Answer, *,
                                       remember: str | None = None) -> Answer:
        """What ``read`` returns; while the server is not answering, what it returned last (``remember``) or
        ``meanwhile``: the console goes on showing what it showed."""
        if not self.server_down:
            try:
                value = read()
            except Exception as error:
                if not (self.on_server and connection_lost(error)):
                    raise
                self._server_lost()
            else:
                if remember is not None and self.on_server:
                    self._last_read[remember] = value
                return value
        return self._last_read.get(remember, meanwhile) if remember is not None else meanwhile

    def _server_lost(self) -> ServerLost:
        sent = getattr(self._runner, "in_flight", None)
        in_flight = None
        if sent is not None:
            try:
                in_flight = self.describe_logged(sent.event_type, json.loads(sent.payload_json))
            except Exception:  # a description is not worth a second failure
                in_flight = sent.event_type
        if self._feed is not None:
            feed, self._feed = self._feed, None
            try:
                feed.close()
            except Exception:
                pass
        log.warning("the database server %s stopped answering", self.database_location)
        return self.server_watch.lost(in_flight)

    def reconnect(self) -> bool:
        """While the server is down (tried once a second at most): once it answers, read the log back (the command
        in flight recorded or not), listen to the other stations again and tell the listeners; True then, and
        ``server_watch.take_news()`` says what to tell the director."""
        def again() -> bool | None:
            self._db.list_tournaments()
            recorded = self._runner.reload_after_reconnect() if self._runner is not None else None
            self.change_feed()
            return recorded

        if not self.server_watch.try_again(again):
            return False
        log.info("the database server %s answers again", self.database_location)
        self.notify("tournaments")
        self.notify("state")
        return True

    def take_changes(self) -> list[Any]:
        """Fold in the other stations' commands since this station last looked and tell the listeners; returns
        them ([] when nothing of the selected tournament moved). A tournament another station created (or
        imported) is told as "tournaments" (``take_created_elsewhere`` names it); the selected one stays."""
        if self.server_down:
            return []
        try:
            news = self._feed.changes() if self._feed is not None else None
        except Exception as error:
            if not connection_lost(error):
                raise
            self._server_lost()
            return []
        if news is not None and news.created:
            self._note_created_elsewhere(news.created)
        if news is not None:  # the tournaments open behind follow the other stations too
            for tournament_id in news.moved.keys() & (self._open.keys() - {self._tournament_id}):
                self._open[tournament_id].runner.catch_up()
        if self._runner is None or (news is not None and self._tournament_id not in news.moved):
            return []
        events = self._runner.catch_up()
        if events:
            self.notify("state")
        return events

    def _note_created_elsewhere(self, created: set[int]) -> None:
        self._created_elsewhere.extend(t for t in self._db.list_tournaments()
                                       if t.id in created and t.id not in self._tournaments_seen)
        self.notify("tournaments")

    def take_created_elsewhere(self) -> list[Any]:
        """The tournaments other stations created since the last call (TournamentInfo: id, name, created_by)."""
        created, self._created_elsewhere = self._created_elsewhere, []
        return created
