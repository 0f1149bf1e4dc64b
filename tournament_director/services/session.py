# Kept whole: DirectorSession is the facade the UI talks to: opening the store (file or server),
# choosing the tournament, running every command with its retry after another station's command, and the
# wall-clock jobs, all over the same open runner. Its area services live in their own modules beside it.
"""The director's session: one open database, the tournament in front of the director, its services.

The UI talks to this facade only. It opens the store, lists, creates and selects tournaments, hands out the
command runner and the area services of the selected tournament, and tells listeners (plain callbacks, which
the UI wraps in Qt signals) when something changed.
"""

from __future__ import annotations

import json
import logging
import random
import time

import platformdirs
from collections.abc import Callable, Iterable
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from tournament_director.domain import limits
from tournament_director.domain.clock.structure import Level
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.money.payouts import places_paid_table
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.services.backups import BackupSchedule
from tournament_director.services.busy_room import gave_up, held_elsewhere, said_elsewhere
from tournament_director.services.chip_sheets import ChipSheets
from tournament_director.services.clock import ClockService, load_template
from tournament_director.services.commands import REDO_EVENT, UNDO_EVENT, ChangedElsewhere, CommandRunner
from tournament_director.services.days import DayService
from tournament_director.services.deals import DealService
from tournament_director.services.festival import FestivalService
from tournament_director.services.bounties import bust_bounties_text
from tournament_director.services.event_text import describe_event, step_name
from tournament_director.services.payouts import PayoutService
from tournament_director.services.scheduler import DEFAULT_MISFIRE_GRACE_SECONDS, WallClockNotice, WallClockScheduler
from tournament_director.services.results import Results
from tournament_director.services.room_news import RoomNews, SeatingChartWanted, room_news
from tournament_director.services.server_watch import ServerLost, ServerWatch, connection_lost
from tournament_director.services.satellites import (
    AWARD_EVENT, SatelliteView, SeatAward, award_seats, check_not_seat_entries, offered_targets, redo_award,
    satellite_view, undo_award, with_seat_value,
)
from tournament_director.services.settings import SettingsService
from tournament_director.services.stations import StationService
from tournament_director.services.structures import StructureService
from tournament_director.services.templates import TemplateLibrary
from tournament_director.services.tournament import MoveProposal, TournamentService
from tournament_director.services.wall_clock import WallClockJobs

# The services-level name for a refused database, so the UI never imports the store.
from tournament_director.store import DatabaseRefused, Store, TournamentInfo
from tournament_director.store.store import server_backup_note

log = logging.getLogger(__name__)

__all__ = ["AcceptedMoves", "DatabaseRefused", "DirectorSession", "DomainError", "FloorFigures", "HistoryEntry",
           "Listener", "NewTournamentPlan", "WallClockNotice"]

# A listener receives a topic: "tournaments" (the list changed), "selected" (another tournament is in front),
# "state" (a command, an undo or a redo changed the selected tournament).
Listener = Callable[[str], None]


@dataclass(frozen=True)
class NewTournamentPlan:
    """What the new-tournament wizard asks: enough to run a nightly tournament, and any other setting."""

    name: str
    structure_template: str  # a template key: a shipped structure (data/structures/NAME.toml) or "room:..."
    payout_table: str = "standard"  # a template key: a shipped payout table (data/payouts/NAME.toml) or "room:..."
    buy_in: int = 100
    fee: int = 0
    starting_stack: int = 20_000
    tables: int = 3
    seats_per_table: int = 9
    late_registration_until_level: int | None = None  # None: the director closes registration
    settings: Mapping[str, Any] | None = None  # every other setting (TournamentSettings field -> value)
    places_paid_percent: int | None = None  # pay this share of the field instead of the payout table (1 to 100)
    level_minutes: int | None = None  # every level this long instead of the structure's own lengths
    break_minutes: int | None = None  # every break this long


@dataclass(frozen=True)
class HistoryEntry:
    """One event of the log as the Log tab shows it."""

    seq: int
    event_type: str
    payload: dict[str, Any]
    operator: str
    recorded_at: Any  # datetime (UTC)
    undone: bool
    description: str


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


@dataclass
class _OpenTournament:
    """A tournament open in the session: its runner and its area services (made on first use)."""

    runner: CommandRunner
    services: dict[str, Any]


class _EntryNames(Mapping):  # type: ignore[type-arg]
    """Entry id -> name (or another field of the entry: ``number``, the player's count of entries), looked up when
    asked (a 100,000-entry event is not copied to describe one event)."""

    def __init__(self, entries: Mapping[int, Any], field: str = "name") -> None:
        self._entries = entries
        self._field = field

    def __getitem__(self, entry_id: int) -> Any:
        return getattr(self._entries[entry_id], self._field)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


Answer = TypeVar("Answer")
Params = ParamSpec("Params")
Service = TypeVar("Service")


def _selected(service: Service | None) -> Service:
    """A service of the selected tournament, asked for while one is selected."""
    if service is None:
        raise DomainError("no tournament is open")
    return service


class DirectorSession:
    def __init__(self, store: Store, *, operator: str = "director", rng: random.Random | None = None,
                 monotonic: Callable[[], float] | None = None, wall: Callable[[], datetime] | None = None,
                 hand_for_hand_minutes: float = 2.0) -> None:
        self._store: Store | None = store
        self.operator = operator
        self._rng = rng  # None: the floor service draws from secrets.SystemRandom
        # Time sources for the clock service (tests inject them); None: the service's own defaults.
        self._clock_sources: dict[str, Any] = {k: v for k, v in (("monotonic", monotonic), ("wall", wall)) if v}
        self._wall_now = wall or (lambda: datetime.now(UTC))
        self.hand_for_hand_ms = round(hand_for_hand_minutes * 60_000)  # TDA RP-8: 2 minutes a hand by default
        self._wall_clock = WallClockJobs(self, self._wall_now)
        self._floor_counts: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None
        self._news: dict[str, tuple[Any, RoomNews]] = {}  # by the seating chart wanted
        self._listeners: list[Listener] = []
        self._tournament_id: int | None = None
        self._runner: CommandRunner | None = None
        self._services: dict[str, Any] = {}
        self._backups: BackupSchedule | None = None
        self._feed: Any = None
        self._tournaments_seen: set[int] = set()  # the tournaments this station created, imported or was told of
        self._created_elsewhere: list[Any] = []  # tournaments another station created, not yet told
        self.races_lost = 0  # commands tried again because another station recorded first (a busy room's measure)
        self.server_watch = ServerWatch(self._wall_now)  # a PostgreSQL server that stopped answering
        self._last_read: dict[str, Any] = {}  # what the console showed, shown on while the server is not answering
        self._festival_service: FestivalService | None = None
        # Every tournament opened this session stays open, its clock running behind the one in front: its runner
        # and its area services (the live clock among them), by tournament id.
        self._open: dict[int, _OpenTournament] = {}
        self._following: dict[int, DirectorSession] = {}  # a session of one tournament each (``following``)
        self._leader: DirectorSession | None = None  # set on such a session: the session that owns the store

    # ----- opening and closing -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, operator: str = "director", backup_dir: Path | None = None,
             rng: random.Random | None = None, **session_options: Any) -> "DirectorSession":
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

    @property
    def _open_runner(self) -> CommandRunner:
        """The selected tournament's runner (commands without one are refused)."""
        if self._runner is None:
            raise DomainError("no tournament is open")
        return self._runner

    @property
    def _db(self) -> Store:
        """The open database (a session's commands and reads after ``close`` are refused)."""
        if self._store is None:
            raise DomainError("the database is closed")
        return self._store

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    # ----- change notification --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(topic)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def notify(self, topic: str = "state") -> None:
        if topic in ("state", "selected"):
            self._wall_clock.reschedule()
        if topic == "tournaments" and self._store is not None:  # this station's own creation or import is known
            self._tournaments_seen = {t.id for t in self._db.list_tournaments()}
        for listener in list(self._listeners):
            listener(topic)

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

    def following(self, tournament_id: int) -> "DirectorSession":
        """A session of one tournament of this database, whichever is in front of the director: its own reads
        (clock, figures, news) and commands, on the same live runner and clock as the console's when that
        tournament is in front. A projector bound to a tournament and the room display's pages read it."""
        leader = self._leader or self
        follower = leader._following.get(tournament_id)
        if follower is not None:
            return follower
        if not leader._db.tournament_exists(tournament_id):
            raise DomainError(f"there is no tournament number {tournament_id} in this database")
        follower = DirectorSession(leader._db, operator=leader.operator, rng=leader._rng)
        follower._leader = leader
        follower._clock_sources, follower._wall_now = leader._clock_sources, leader._wall_now
        follower.hand_for_hand_ms = leader.hand_for_hand_ms
        follower._wall_clock = WallClockJobs(follower, leader._wall_now)
        follower.server_watch = leader.server_watch
        leader._following[tournament_id] = follower
        opened = leader._opened(tournament_id)
        follower._runner, follower._services, follower._tournament_id = opened.runner, opened.services, tournament_id
        return follower

    def glance(self, tournament_id: int) -> "DirectorSession":
        """A session of one tournament read from its log now, not kept open (its clock not run on): what the lobby
        shows of a tournament not opened this session."""
        leader = self._leader or self
        if tournament_id in leader._open:
            return leader.following(tournament_id)
        glance = DirectorSession(leader._db, operator=leader.operator)
        glance._leader = leader
        glance._clock_sources, glance._wall_now = leader._clock_sources, leader._wall_now
        glance._runner = CommandRunner(leader._db, tournament_id, TournamentState, operator=leader.operator)
        glance._tournament_id = tournament_id
        return glance

    def acting_in(self, tournament_id: int) -> "DirectorSession":
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

    # ----- a new tournament from the wizard --------------------------------------------------------------
    def create_from_plan(self, plan: NewTournamentPlan, *, first_events: Sequence[Event] = ()) -> int:
        """Create, open and set up a tournament: settings, tables and the blind structure (one event each, and the
        payout table when it is the room's own), all written with the tournament in one transaction.

        Everything the plan names is checked before the tournament is created, so a bad plan leaves the database
        as it was.
        """
        if not isinstance(plan, NewTournamentPlan):
            raise DomainError(f"a new tournament is planned with a NewTournamentPlan, not {limits.shown(plan)}")
        if not isinstance(plan.name, str) or not plan.name.strip():
            raise DomainError("a tournament needs a name")
        name = limits.check_name(plan.name, "tournament name")
        limits.check_count(plan.tables, "number of tables", limits.MIN_TABLES, limits.MAX_TABLES)
        limits.check_seat_count(plan.seats_per_table)
        limits.check_name(plan.payout_table, "payout table")
        limits.check_name(plan.structure_template, "blind structure template")
        if plan.settings is not None and not isinstance(plan.settings, Mapping):
            raise DomainError(f"the plan's other settings are setting -> value, not {limits.shown(plan.settings)}")
        library = self.templates
        shipped_table = library.is_shipped_payout_table(plan.payout_table)
        room_table = None if shipped_table else library.load_payout_table(plan.payout_table)
        if plan.places_paid_percent is not None:
            room_table = places_paid_table(plan.places_paid_percent)
        settings = TournamentSettings.from_dict({
            **with_seat_value(self._db, None, None, dict(plan.settings or {}), self.operator),
            "name": name, "buy_in": plan.buy_in, "fee": plan.fee, "starting_stack": plan.starting_stack,
            "payout_table": plan.payout_table if shipped_table else "standard",
            "late_registration_until_level": plan.late_registration_until_level,
        })
        if plan.structure_template.startswith("room:"):
            structure, chip_set = library.load_structure(plan.structure_template)
        else:
            structure, chip_set = load_template(plan.structure_template)
        lengths = [None if minutes is None else limits.check_count(minutes, f"length of {what} (minutes)", 1,
                                                                    limits.MAX_DURATION_SECONDS // 60) * 60
                   for minutes, what in ((plan.level_minutes, "a level"), (plan.break_minutes, "a break"))]
        structure = structure.with_lengths(*lengths)
        structure.validate(chip_set)
        # Set up in memory, then written in one transaction: a crash never leaves a tournament half made.
        draft = self._db.draft_tournament(name, operator=self.operator)
        runner = CommandRunner(draft, draft.tournament_id, TournamentState, operator=self.operator)
        TournamentService(runner, rng=self._rng).configure(settings)
        for event in first_events:  # the day of a multi-day event it plays (services/festival.py)
            runner.record(event)
        if room_table is not None:
            PayoutService(runner, library, SettingsService(runner)).set_table(room_table)
        TournamentService(runner, rng=self._rng).add_tables(plan.tables, plan.seats_per_table)
        ClockService(runner, **self._clock_sources).load_structure(structure, chip_set)
        tournament_id = draft.commit()
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

    # ----- commands, undo and redo ---------------------------------------------------------------------
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

    def can_undo(self) -> bool:
        return self._runner is not None and not self.server_down and self._runner.can_undo()

    def can_redo(self) -> bool:
        return self._runner is not None and self._runner.can_redo()

    def undo_name(self) -> str:
        """What Edit > Undo says: "Undo Ann Lee out, eliminated by Bob" (the action the next undo takes)."""
        return self._step_name("Undo", lambda: self._open_runner.next_undo() if self.can_undo() else None)

    def redo_name(self) -> str:
        return self._step_name("Redo", lambda: self._open_runner.next_redo() if self.can_redo() else None)

    def _step_name(self, verb: str, step: Callable[[], Any]) -> str:
        event = self._read_while_the_server_answers(step, None) if self._runner is not None else None
        return step_name(verb, event, self.describe_logged)

    def undo(self, seq: int | None = None) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        award = self._award_undone_by(seq)
        if award is not None:  # the seats and the target's entries they paid: one step
            return self._in_both(award.payload["target"], lambda: self._not_retried(
                lambda: undo_award(self._db, self._open_runner, award.seq, operator=self.operator), "undone"))
        return self._not_retried(lambda: self._open_runner.undo(seq), "undone")

    def redo(self) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        step = self._runner.next_redo() if self._runner.can_redo() else None
        check_not_seat_entries(step, "redo")
        if step is not None and step.event_type == AWARD_EVENT:
            return self._in_both(step.payload["target"], lambda: self._not_retried(
                lambda: redo_award(self._db, self._open_runner, operator=self.operator), "redone"))
        return self._not_retried(self._runner.redo, "redone")

    def _award_undone_by(self, seq: int | None) -> Any:
        """The award of satellite seats an undo of ``seq`` (None: the latest action) takes, or None."""
        runner = self._open_runner
        if seq is None:
            step = runner.next_undo()
        else:
            step = next((e for e in runner.history() if e.seq == seq), None)
        if step is not None and not step.undone:
            check_not_seat_entries(step, "undo")
        return step if step is not None and step.event_type == AWARD_EVENT and not step.undone else None

    def _not_retried(self, step: Callable[[], Any], verb: str) -> Any:
        """An undo or a redo is meant for what this station showed: when another station recorded first it is
        refused, never done on the log the director has not seen yet."""
        try:
            event = step()
        except ChangedElsewhere as changed:
            self.notify("state")
            raise DomainError(f"{self._said_elsewhere(changed.events)}, so nothing was {verb}: look at the log "
                              "again") from None
        except TimeoutError:
            raise DomainError(held_elsewhere(f"nothing was {verb}")) from None
        self.notify("state")
        return event

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

    def describe_logged(self, event_type: str, payload: Mapping[str, Any]) -> str:
        """One logged event as the director reads it ("Ana Souza out, eliminated by Bob")."""
        entries = self._open_runner.state.floor.entries
        return describe_event(event_type, payload, _EntryNames(entries), self._period_label,
                              _EntryNames(entries, "number"))

    def _period_label(self, index: int) -> str:
        structure = self._runner.state.schedule.structure if self._runner is not None else None
        if structure is None or not 0 <= index < len(structure.periods):
            return f"period {index + 1}"
        period = structure.periods[index]
        if isinstance(period, Level):
            return f"level {period.number} ({period.small_blind:,}/{period.big_blind:,})"
        return period.name.lower() if period.name else "the break"

    def history(self) -> list[HistoryEntry]:
        """The log of the selected tournament, each event with a sentence a director can read back (an undo
        or a redo names what it undid or redid)."""
        if self._runner is None:
            return []
        state = self._runner.state
        names = {entry_id: entry.name for entry_id, entry in state.floor.entries.items()}
        numbers = _EntryNames(state.floor.entries, "number")
        said: dict[object, str] = {}  # by seq; an undo names the seq it undid
        rows: list[HistoryEntry] = []
        events = self._read_while_the_server_answers(self._runner.history, None)
        if events is None:  # the server is not answering: the rows last shown
            shown_for, shown = self._last_read.get("history", (None, []))
            return shown if shown_for == self._tournament_id else []
        for e in events:
            if e.event_type in (UNDO_EVENT, REDO_EVENT):
                what = said.get(e.payload.get("seq"), "an earlier event")
                text = f"{'Undone' if e.event_type == UNDO_EVENT else 'Redone'}: {what}"
            else:
                text = describe_event(e.event_type, e.payload, names, self._period_label, numbers,
                                      bounties=None if e.undone else self.bust_bounties)
                said[e.seq] = text
            rows.append(HistoryEntry(e.seq, e.event_type, e.payload, e.operator, e.recorded_at, e.undone, text))
        if self.on_server:
            self._last_read["history"] = (self._tournament_id, rows)
        return rows

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

