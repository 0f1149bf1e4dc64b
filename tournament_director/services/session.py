"""The director's session: one open database, the tournament in front of the director, its services.

The UI talks to this facade only. It opens the store, lists, creates and selects tournaments, hands out the
command runner and the area services of the selected tournament, and tells listeners (plain callbacks, which
the UI wraps in Qt signals) when something changed.

``DirectorSession`` is made of parts over one state (session_base.py): the commands and the other stations on a
server (session_server.py), the log with its undo and redo (session_history.py), the tournaments open behind the
one in front (session_tournaments.py); a tournament from the wizard's plan is written by new_tournament.py. The
rest is here: opening and closing, choosing the tournament, its area services, the actions that span areas, the
figures, satellites, the wall-clock jobs and the player registry.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.state import TournamentState
from tournament_director.services.backups import BackupSchedule
from tournament_director.services.bounties import bust_bounties_text
from tournament_director.services.chip_sheets import ChipSheets
from tournament_director.services.clock import ClockService
from tournament_director.services.commands import CommandRunner
from tournament_director.services.days import DayService
from tournament_director.services.deals import DealService
from tournament_director.services.festival import FestivalService
from tournament_director.services.new_tournament import NewTournamentPlan, write_planned_tournament
from tournament_director.services.payouts import PayoutService
from tournament_director.services.results import Results
from tournament_director.services.room_news import RoomNews, SeatingChartWanted, room_news
from tournament_director.services.satellites import (
    SatelliteView, SeatAward, award_seats, offered_targets, satellite_view, with_seat_value,
)
from tournament_director.services.scheduler import DEFAULT_MISFIRE_GRACE_SECONDS, WallClockNotice, WallClockScheduler
from tournament_director.services.session_base import Answer, Listener, Params
from tournament_director.services.session_history import HistoryEntry, SessionHistory
from tournament_director.services.session_server import ServerConnection
from tournament_director.services.session_tournaments import OpenTournaments
from tournament_director.services.settings import SettingsService
from tournament_director.services.stations import StationService
from tournament_director.services.structures import StructureService
from tournament_director.services.templates import TemplateLibrary
from tournament_director.services.tournament import MoveProposal, TournamentService

# The services-level name for a refused database, so the UI never imports the store.
from tournament_director.store import DatabaseRefused, Store, TournamentInfo
from tournament_director.store.store import server_backup_note

log = logging.getLogger(__name__)

__all__ = ["AcceptedMoves", "DatabaseRefused", "DirectorSession", "DomainError", "FloorFigures", "HistoryEntry",
           "Listener", "NewTournamentPlan", "WallClockNotice"]


@dataclass(frozen=True)
class FloorFigures:
    """The room's running figures: the floor's counts, and the clock service's average stack and end estimate."""

    players_left: int
    entries: int
    chips_in_play: int
    average_stack: int | None
    prize_pool: int
    estimated_end: Any = None  # datetime or None


@dataclass(frozen=True)
class AcceptedMoves:
    """What accepting a proposal did: the moves' event, and whether the clock went on to the next level."""

    event: Any
    next_level: bool = False  # seed 000 E: the final table started with the next level
    note: str = ""  # why the level did not change when the proposal asked for it


Service = TypeVar("Service")


def _selected(service: Service | None) -> Service:
    """A service of the selected tournament, asked for while one is selected."""
    if service is None:
        raise DomainError("no tournament is open")
    return service


class DirectorSession(OpenTournaments, SessionHistory, ServerConnection):
    """The facade the console, the room display and the command line talk to (its parts: the module's docstring)."""

    # ----- opening and closing -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, operator: str = "director", backup_dir: Path | None = None,
             rng: random.Random | None = None, **session_options: Any) -> DirectorSession:
        """Open (creating it if needed) the database at ``path``; raises DatabaseRefused for a refused file.

        ``session_options`` go to the constructor (monotonic, wall, hand_for_hand_minutes).
        """
        kwargs: dict[str, Any] = {}
        if backup_dir is not None:
            kwargs["backup_dir"] = backup_dir
        location = path if isinstance(path, str) and "://" in path else Path(path)
        return cls(Store.open(location, **kwargs), operator=operator, rng=rng, **session_options)

    def start_scheduled_backups(self, on_backup: Callable[[Path], None] | None = None,
                                on_failure: Callable[[BaseException], None] | None = None) -> BackupSchedule | None:
        """Back the database file up every ten minutes on a worker thread (the callbacks run on that thread).
        None on a server: there is no file, backups are the operator's (pg_dump)."""
        if self.on_server:
            return None
        if self._backups is None:
            self._backups = BackupSchedule(self._db, on_backup=on_backup, on_failure=on_failure)
            self._backups.start()
        return self._backups

    def close(self) -> None:
        """Stop the wall-clock jobs and the area services' background work; close the store (it takes a backup).

        A running clock writes its heartbeat once more, so the next start knows the exact moment it stopped.
        """
        if self._leader is not None:  # a session of one tournament: its leader closes the store
            self._wall_clock.shutdown()
            return
        self.heartbeat(force=True)
        self._beat_behind(force=True)
        self._wall_clock.shutdown()
        for follower in self._following.values():
            follower._wall_clock.shutdown()
        if self._backups is not None:
            self._backups.shutdown()
            self._backups = None
        for opened in self._open.values():
            for service in opened.services.values():
                stop = getattr(service, "shutdown", None) or getattr(service, "close", None)
                if callable(stop):
                    try:
                        stop()
                    except Exception:  # closing must go on even when one service misbehaves
                        log.exception("closing %s failed", type(service).__name__)
            opened.services.clear()
        self._services = {}
        if self._feed is not None:
            self._feed.close()
            self._feed = None
        if self._store is not None:
            for opened in self._open.values():
                opened.runner.flush_checkpoint()
            self._open.clear()
            self._store.close()
            self._store = None

    # ----- tournaments ----------------------------------------------------------------------------------
    def list_tournaments(self) -> list[TournamentInfo]:
        return self._read_while_the_server_answers(lambda: list(self._db.list_tournaments()), [],
                                                   remember="tournaments")

    def create_tournament(self, name: str) -> int:
        if not isinstance(name, str) or not name.strip():
            raise DomainError("a tournament needs a name")
        name = limits.check_name(name, "tournament name")
        tournament_id = self._db.create_tournament(name, operator=self.operator)
        self.notify("tournaments")
        return tournament_id

    def select_tournament(self, tournament_id: int) -> None:
        known = {t.id for t in self.list_tournaments()}
        if tournament_id not in known:
            raise DomainError(f"there is no tournament number {tournament_id} in this database")
        self.heartbeat(force=True)  # the tournament left behind keeps the moment it was last in front
        # It stays open behind: its clock runs on (tick_behind records its levels), and coming back to it finds the
        # same live clock, where it truly is, instead of a clock read again as after a restart.
        opened = self._opened(tournament_id)
        self._runner, self._services = opened.runner, opened.services
        self._tournament_id = tournament_id
        self._wall_clock.tournament_changed()
        self.notify("selected")

    @property
    def tournament_id(self) -> int | None:
        return self._tournament_id

    @property
    def tournament_name(self) -> str:
        if self._tournament_id is None:
            return ""
        for info in self.list_tournaments():
            if info.id == self._tournament_id:
                return info.name
        return ""

    @property
    def runner(self) -> CommandRunner | None:
        """The command runner of the selected tournament (None when none is selected)."""
        return self._runner

    @property
    def state(self) -> TournamentState | None:
        """The selected tournament's state (None when none is selected): what the screens read between commands."""
        state: TournamentState | None = self._runner.state if self._runner is not None else None
        return state

    @property
    def tournament(self) -> TournamentService | None:
        """The floor service of the selected tournament, or None when none is selected."""
        # the floor stamps its events with the same wall time as the clock (the finish stops the clock)
        return self._area("tournament", lambda runner: TournamentService(
            runner, rng=self._rng, now=lambda: self._wall_now().astimezone(), players=self._db.get_player,
            admission=self._admission(runner)))

    def _admission(self, runner: CommandRunner) -> Callable[[str, int | None], None]:
        """The check of a player entering this tournament: a flight refuses another flight's qualifier (first stack
        forward)."""
        return lambda name, player_id: self.festivals.check_entry(runner.tournament_id, name, player_id,
                                                                  runner.state)

    @property
    def days(self) -> DayService | None:
        """The end of a day of the selected tournament: its set point, the bags, the next day's start."""
        return self._area("days", self._day_service)

    def _day_service(self, runner: CommandRunner) -> DayService:
        clock = self.clock  # this tournament's own, made now: the service outlives its time in front
        return DayService(runner, lambda: clock, now=self._wall_now)

    @property
    def festivals(self) -> FestivalService:
        """The events of several days: their flights, the policies, the next day made from the bags."""
        if self._festival_service is None:
            self._festival_service = FestivalService(self, self._db, rng=self._rng,
                                                     clock_sources=self._clock_sources, now=self._wall_now)
        return self._festival_service

    @property
    def clock(self) -> ClockService | None:
        """The clock service of the selected tournament, or None when none is selected."""
        return self._area("clock", lambda runner: ClockService(
            runner, hand_for_hand_ms=self.hand_for_hand_ms, heartbeat=self._db.heartbeat(runner.tournament_id),
            **self._clock_sources))

    # ----- the formats: settings after the start, structures, payout tables, deals, the room's templates -------
    @property
    def templates(self) -> TemplateLibrary:
        """The shipped structures and payout tables and the room's own, kept beside the database."""
        folder = None
        if self._store is not None:
            # on a server there is no database folder: the room's templates stay on this station
            path = self._store.path
            folder = (Path(platformdirs.user_data_dir("TournamentDirector", appauthor=False)) / "templates"
                      if self.on_server or path is None else path.parent / "templates")
        return TemplateLibrary(folder)

    def _area(self, name: str, make: Callable[[CommandRunner], Service]) -> Service | None:
        """The selected tournament's service of one area, made on first use (None when none is selected)."""
        if self._runner is None:
            return None
        if name not in self._services:
            self._services[name] = make(self._runner)
        service: Service = self._services[name]
        return service

    @property
    def settings(self) -> SettingsService | None:
        return self._area("settings", lambda runner: SettingsService(runner, seat_value=lambda current, values: (
            with_seat_value(self._db, runner.tournament_id, current, values, self.operator))))

    @property
    def structures(self) -> StructureService | None:
        return self._area("structures", lambda runner: StructureService(_selected(self.clock), self.templates))

    @property
    def payouts(self) -> PayoutService | None:
        return self._area("payouts", lambda runner: PayoutService(runner, self.templates, _selected(self.settings)))

    @property
    def deals(self) -> DealService | None:
        return self._area("deals", lambda runner: DealService(self._require_floor()))

    @property
    def stations(self) -> StationService | None:
        """The table stations' commands and views (services/stations.py)."""
        return self._area("stations", lambda runner: StationService(
            lambda tournament_id=runner.tournament_id: self.acting_in(tournament_id)))

    # ----- a new tournament from the wizard (services/new_tournament.py) ----------------------------------------
    def create_from_plan(self, plan: NewTournamentPlan, *, first_events: Sequence[Event] = ()) -> int:
        """Create, open and set up a tournament: settings, tables and the blind structure (one event each, and the
        payout table when it is the room's own), all written with the tournament in one transaction.

        Everything the plan names is checked before the tournament is created, so a bad plan leaves the database
        as it was.
        """
        tournament_id = write_planned_tournament(self._db, plan, self.templates, operator=self.operator,
                                                 rng=self._rng, clock_sources=self._clock_sources,
                                                 first_events=first_events)
        self.notify("tournaments")
        self.select_tournament(tournament_id)
        self.notify("state")
        return tournament_id

    # ----- figures for the console and the projector ------------------------------------------------------
    def floor_figures(self) -> FloorFigures | None:
        """Players left, entries, chips in play, prize pool, and the clock service's average stack.

        The floor's counts are read again only when the log has changed, so the clock's repaint can ask every
        quarter second even with thousands of entries.
        """
        floor = self.tournament
        if floor is None:
            return None
        key = (self._tournament_id or 0, self._open_runner.last_seq)
        if self._floor_counts is None or self._floor_counts[0] != key:
            pool = floor.prize_pool()
            self._floor_counts = (key, (pool.players_left, pool.entries, floor.chips_in_play, pool.prize_pool))
        players_left, entries, chips, prize_pool = self._floor_counts[1]
        figures = _selected(self.clock).figures(players_left, entries, chips)
        return FloorFigures(players_left, entries, chips, figures.average_stack, prize_pool, figures.estimated_end)

    @property
    def chip_sheets(self) -> ChipSheets | None:
        """Chip count sheets of the selected tournament, or None when none is selected."""
        return self._area("chip_sheets", lambda runner: ChipSheets(runner, now=self._wall_now))

    @property
    def results(self) -> Results | None:
        """The winner, the places and the knockouts of the selected tournament."""
        return Results(self._runner.state.floor) if self._runner is not None else None

    def bust_bounties(self, entry_ids: Iterable[int]) -> str:
        """What the busts of ``entry_ids`` paid in bounties ("Ann Lee takes 25 in cash, bounty now 75"); empty in a
        tournament without bounties."""
        return bust_bounties_text(self._runner.state.floor, entry_ids) if self._runner is not None else ""

    def room_news(self, seating_chart: SeatingChartWanted = "when due") -> RoomNews | None:
        """What the room's screens announce now (read again only when the log has changed, or a minute on), with
        the seating chart "when due", "always" (the director asked for it) or "never" (a screen showing none)."""
        if self._runner is None:
            return None
        now = self._wall_now()
        key = (self._tournament_id, self._runner.last_seq, now.replace(second=0, microsecond=0))
        cached = self._news.get(seating_chart)
        if cached is None or cached[0] != key:
            cached = self._news[seating_chart] = (key, room_news(self._runner, now, seating_chart))
        return cached[1]

    # ----- the table stations' codes ----------------------------------------------------------------------
    def station_codes(self, tournament_id: int | None = None) -> Any:
        """The codes of a tournament's table stations (the selected one's by default), kept in the database
        (store/station_codes.py); None when no tournament is selected."""
        tournament_id = self._tournament_id if tournament_id is None else tournament_id
        if self._store is None or tournament_id is None:
            return None
        return self._db.station_codes(tournament_id)

    def station_code_owner(self, code: str) -> tuple[int, int] | None:
        """(tournament, table) whose station ``code`` opens, or None (a code of no table)."""
        return self._db.station_code_owner(code) if self._store is not None else None

    # ----- commands (tried again after another station's, services/session_server.py) -----------------------
    def run(self, command: Callable[Params, Answer], *args: Params.args, **kwargs: Params.kwargs) -> Answer:
        """Run one service command and tell listeners; a refusal (DomainError) propagates, nothing changes.

        With several stations on one server another station may record first: the state then takes in its events
        and the command is tried again on it (it is checked again), or refused naming what happened and where
        ("“Ann Lee out, eliminated by Bob” was recorded at the registration desk a moment ago")."""
        return self._while_the_server_answers(lambda: self._with_retry(lambda: self._one_action(command, *args,
                                                                                                **kwargs)))

    def _one_action(self, command: Callable[Params, Answer], *args: Params.args, **kwargs: Params.kwargs) -> Answer:
        """The command as one director's action: one undo step, however many events it records."""
        if self._runner is None:
            return command(*args, **kwargs)
        with self._runner.one_action():
            return command(*args, **kwargs)

    # ----- the running clock's heartbeat (services/clock_restart.py) ---------------------------------------
    def heartbeat(self, *, force: bool = False) -> bool:
        """The console's repaint timer calls this: a running clock writes every few seconds that the program
        is alive (services/clock_restart.py); True when it wrote."""
        clock: ClockService | None = self._services.get("clock")  # not made here: only a clock in use beats
        if clock is None or self._store is None or self.server_down:
            return False
        try:
            return clock.beat(force=force)
        except Exception:  # a missed heartbeat only makes a restart less exact; it must never stop the clock
            log.warning("the clock's heartbeat could not be written", exc_info=True)
            return False

    # ----- orchestration: one director's action, several service commands --------------------------------
    def next_hand_all_tables(self) -> Any:
        """Deal the next hand at every table; with hand-for-hand on, take its minutes off the clock (TDA RP-8).

        The deduction is checked before the hand is dealt, so a refusal leaves the floor and the clock as they
        were; should the clock still refuse afterwards, the hand is undone again.
        """
        floor = self._require_floor()
        if not floor.runner.state.floor.hand_for_hand:
            return floor.next_hand(None)
        clock = self.clock
        view = clock.view() if clock is not None else None
        if clock is None or view is None:
            raise DomainError("hand-for-hand takes time off the clock: load a blind structure first",
                              rule="TDA RP-8")
        if view.restart_pending:
            raise DomainError("the clock was running when the program stopped: first choose to resume it paused "
                              "or to continue, then deal hand-for-hand", rule="TDA RP-8")
        if view.on_break:
            raise DomainError("there is no hand-for-hand hand during a break", rule="TDA RP-8")
        runner = self._open_runner
        with runner.one_action():  # the hand and its minutes: one undo step
            dealt = floor.next_hand(None)
            try:
                clock.hand_for_hand(1)
            except DomainError:
                runner.undo()
                raise
        return dealt

    def accept_moves(self, proposal: MoveProposal | Any) -> AcceptedMoves:
        """Record the director's accepted moves; a final table that starts with the next level (seed 000 E)
        moves the clock on to it right after the moves."""
        floor = self._require_floor()
        event = floor.accept_moves(proposal)
        if not getattr(proposal, "start_next_level", False):
            return AcceptedMoves(event)
        clock = self.clock
        view = clock.view() if clock is not None else None
        if clock is None or view is None or not view.started:
            return AcceptedMoves(event, note="the final table starts with the next level once the clock runs")
        try:
            clock.next_level()
        except DomainError as refusal:  # the moves stand; the director changes the level by hand
            return AcceptedMoves(event, note=f"the clock did not move to the next level: {refusal}")
        return AcceptedMoves(event, next_level=True)

    # ----- satellites: seats to another tournament of the database (services/satellites.py) --------------------
    def satellite(self) -> SatelliteView | None:
        """The selected tournament's seats and cash when it is a satellite, else None."""
        if self._runner is None:
            return None
        return satellite_view(self._db, self._runner.state.floor)

    def satellite_targets(self, *, new: bool = False) -> list[tuple[int, str]]:
        """The tournaments the selected one (``new``: a tournament being created) may award seats to, by number
        and name."""
        return offered_targets(self._db, None if new else self._tournament_id)

    def award_satellite_seats(self) -> SeatAward:
        """End the satellite in front with its seats: each winner entered in the target, paid by his seat (run it
        through ``run``, so the satellite's side is one action)."""
        runner = self._open_runner
        target = runner.state.floor.settings.satellite_target
        return self._in_both(target, lambda: award_seats(
            self._db, runner, operator=self.operator, rng=self._rng, now=lambda: self._wall_now().astimezone(),
            players=self._db.get_player))

    def _in_both(self, target: Any, step: Callable[[], Answer]) -> Answer:
        """``step`` over the satellite in front and its target; a target open in this session reads what was
        recorded there."""
        try:
            return step()
        finally:
            if isinstance(target, int) and target in self.open_tournaments and target != self._tournament_id:
                opened = self.following(target).runner
                if opened is not None:
                    opened.catch_up()
                self.notify("tournaments")

    def _require_floor(self) -> TournamentService:
        floor = self.tournament
        if floor is None:
            raise DomainError("no tournament is open")
        return floor

    # ----- wall-clock jobs: the scheduled start, late registration, the end of the rebuy period ------------
    def start_wall_clock(self, notify: Callable[[WallClockNotice], None], *,
                         countdown_every_seconds: float = 60.0,
                         misfire_grace_seconds: int = DEFAULT_MISFIRE_GRACE_SECONDS) -> WallClockScheduler:
        """Run the selected tournament's time-of-day jobs on a worker thread (services/wall_clock.py).

        ``notify`` is called on that thread: it must only hand the notice over (the console emits a Qt signal),
        and the GUI thread then calls ``handle_wall_clock(notice)``. ``close()`` stops the jobs.
        """
        return self._wall_clock.start(notify, countdown_every_seconds=countdown_every_seconds,
                                      misfire_grace_seconds=misfire_grace_seconds)

    def wall_clock_plan(self) -> dict[str, datetime]:
        """The jobs the selected tournament needs now (kind -> aware UTC time); empty when none applies."""
        return self._wall_clock.plan()

    def seconds_to_start(self) -> float | None:
        """The countdown to the scheduled start (0 once it is reached), while the clock has not started."""
        return self._wall_clock.seconds_to_start()

    def handle_wall_clock(self, notice: WallClockNotice) -> str | None:
        """Act on a wall-clock notice on the GUI thread; returns what to tell the director (None: nothing)."""
        return self._wall_clock.handle(notice)

    # ----- leagues, seasons, TD3 imports and the registry as CSV ----------------------------------------
    @property
    def leagues(self) -> Any:
        from tournament_director.services.leagues import LeagueService

        return LeagueService(self._db, self.operator)

    # ----- player registry (shared by every tournament) -------------------------------------------------
    def find_players(self, text: str, limit: int = 50) -> list[Any]:
        return self._read_while_the_server_answers(lambda: list(self._db.find_players(text, limit=limit)), [])

    def add_player(self, name: str, nickname: str | None = None, contact: str | None = None,
                   notes: str | None = None) -> Any:
        player = self._db.add_player(name, nickname=nickname, contact=contact, notes=notes)
        self.notify("players")
        return player

    def possible_duplicates(self, name: str) -> list[Any]:
        return self._read_while_the_server_answers(lambda: list(self._db.possible_duplicates(name)), [])

    def backup_now(self) -> Path:
        """A copy of the database file now; on a server refused, saying backups are the operator's (pg_dump)."""
        return self._db.backup_now()

    def backup_note(self) -> str:
        """Where this event's backups come from, for a station on a server."""
        note = server_backup_note(self.database_location)
        return note[0].upper() + note[1:]

