"""The tournaments kept open behind the one in front of the director: each keeps its runner and its area
services (its live clock among them), its clock runs on and its time-of-day jobs come due, and a session of one
of them (``following``) reads it and takes its commands, whichever tournament is in front.
"""

from __future__ import annotations

import logging
from typing import Any, Self

from tournament_director.domain.errors import DomainError
from tournament_director.domain.state import TournamentState
from tournament_director.services.clock import ClockService
from tournament_director.services.commands import CommandRunner
from tournament_director.services.session_base import SessionBase, _OpenTournament
from tournament_director.services.wall_clock import WallClockJobs

log = logging.getLogger(__name__)


class OpenTournaments(SessionBase):
    """The session's tournaments open behind the one in front, and the sessions of one tournament each."""

    def _opened(self, tournament_id: int) -> _OpenTournament:
        """The tournament's runner and services, opened once this session and kept (on a server, caught up with the
        other stations' commands when it comes back in front)."""
        leader = self._leader or self
        opened = leader._open.get(tournament_id)
        if opened is not None and leader.on_server:
            opened.runner.catch_up()
        if opened is None:
            runner = CommandRunner(leader._db, tournament_id, TournamentState, operator=leader.operator)
            opened = leader._open[tournament_id] = _OpenTournament(runner, {})
            runner.describe = lambda event_type, payload, tid=tournament_id: (
                leader.following(tid).describe_logged(event_type, payload))
        return opened

    def following(self, tournament_id: int) -> Self:
        """A session of one tournament of this database, whichever is in front of the director: its own reads
        (clock, figures, news) and commands, on the same live runner and clock as the console's when that
        tournament is in front. A projector bound to a tournament and the room display's pages read it."""
        leader = self._leader or self
        follower = leader._following.get(tournament_id)
        if follower is not None:
            return follower
        if not leader._db.tournament_exists(tournament_id):
            raise DomainError(f"there is no tournament number {tournament_id} in this database")
        follower = type(leader)(leader._db, operator=leader.operator, rng=leader._rng)
        follower._leader = leader
        follower._clock_sources, follower._wall_now = leader._clock_sources, leader._wall_now
        follower.hand_for_hand_ms = leader.hand_for_hand_ms
        follower._wall_clock = WallClockJobs(follower, leader._wall_now)
        follower.server_watch = leader.server_watch
        leader._following[tournament_id] = follower
        opened = leader._opened(tournament_id)
        follower._runner, follower._services, follower._tournament_id = opened.runner, opened.services, tournament_id
        return follower

    def glance(self, tournament_id: int) -> Self:
        """A session of one tournament read from its log now, not kept open (its clock not run on): what the lobby
        shows of a tournament not opened this session."""
        leader = self._leader or self
        if tournament_id in leader._open:
            return leader.following(tournament_id)
        glance = type(leader)(leader._db, operator=leader.operator)
        glance._leader = leader
        glance._clock_sources, glance._wall_now = leader._clock_sources, leader._wall_now
        glance._runner = CommandRunner(leader._db, tournament_id, TournamentState, operator=leader.operator)
        glance._tournament_id = tournament_id
        return glance

    def acting_in(self, tournament_id: int) -> Self:
        """The session a command of ``tournament_id`` runs through: the console's own while that tournament is in
        front (its listeners redraw the console), else the tournament's session behind it (``following``); either
        way the tournament's one runner, so its undo and its log are right."""
        leader = self._leader or self
        return leader if leader._tournament_id == tournament_id else leader.following(tournament_id)

    def last_seq_of(self, tournament_id: int) -> int:
        """The last row of a tournament's log (it moved on when this changed)."""
        return self._db.event_log(tournament_id).last_seq()

    @property
    def open_tournaments(self) -> list[int]:
        """The tournaments opened this session (the one in front among them), in the order they were opened."""
        return list((self._leader or self)._open)

    def tick_behind(self) -> list[tuple[int, list[Any]]]:
        """The clocks of the tournaments open behind the one in front: the level changes that came due are
        recorded (each at the moment it happened) and their heartbeats written; returns (tournament, the clock
        events that fired) for each that fired any. The console's repaint timer calls it."""
        fired: list[tuple[int, list[Any]]] = []
        if self._store is None or self.server_down:
            return fired
        for tournament_id in list(self._open):
            if tournament_id == self._tournament_id:
                continue
            clock = self._running_clock_behind(tournament_id)
            if clock is None:
                continue
            try:
                events = clock.tick()
                clock.beat()
            except Exception:  # one tournament's refused level change must not stop the others' clocks
                log.warning("the clock of tournament %s could not move on", tournament_id, exc_info=True)
                continue
            if events:
                fired.append((tournament_id, events))
        return fired

    def _running_clock_behind(self, tournament_id: int) -> ClockService | None:
        state = self._open[tournament_id].runner.state
        if not (state.schedule.started and state.schedule.running):
            return None
        return self.following(tournament_id).clock

    def _beat_behind(self, *, force: bool = False) -> None:
        for tournament_id in list(self._open):
            if tournament_id != self._tournament_id and self._store is not None:
                clock = self._open[tournament_id].services.get("clock")
                if clock is not None:
                    try:
                        clock.beat(force=force)
                    except Exception:
                        log.warning("the heartbeat of tournament %s could not be written", tournament_id,
                                    exc_info=True)

    def wall_clock_behind(self) -> list[tuple[int, str]]:
        """The time-of-day jobs of the tournaments open behind the one in front (the scheduled start, late
        registration closing, the end of the rebuy period), acted on as they come due: (tournament, what to tell
        the director) for each. The console's repaint timer calls it; the one in front has its scheduler."""
        told: list[tuple[int, str]] = []
        if self._store is None or self.server_down:
            return told
        for tournament_id in list(self._open):
            if tournament_id == self._tournament_id:
                continue
            behind = self.following(tournament_id)
            for notice in behind._wall_clock.due_now():
                try:
                    text = behind.handle_wall_clock(notice)
                except Exception as error:  # one tournament's failing job must be heard, and not stop the others
                    log.exception("wall-clock notice %s of tournament %s failed", notice.kind, tournament_id)
                    text = f"Scheduled {notice.kind} failed: {error}"
                if text:
                    told.append((tournament_id, text))
        return told
