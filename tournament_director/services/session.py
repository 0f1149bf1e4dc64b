"""The director's session: one open database, the tournament in front of the director, its services.

The UI talks to this facade only. It opens the store, lists, creates and selects tournaments, hands out the
command runner and the area services of the selected tournament, and tells listeners (plain callbacks, which
the UI wraps in Qt signals) when something changed.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, time as time_of_day, timedelta
from pathlib import Path
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.resources import resource_path
from tournament_director.services.backups import BackupSchedule
from tournament_director.services.clock import ClockService, load_template
from tournament_director.domain.structure import Level
from tournament_director.services.commands import CommandRunner
from tournament_director.services.event_text import describe_event
from tournament_director.services.scheduler import (
    DEFAULT_MISFIRE_GRACE_SECONDS,
    LATE_REGISTRATION_CLOSES,
    REBUY_PERIOD_ENDS,
    SCHEDULED_START,
    START_COUNTDOWN,
    WallClockNotice,
    WallClockScheduler,
)
from tournament_director.services.tournament import MoveProposal, TournamentService

# The services-level name for a refused database, so the UI never imports the store.
from tournament_director.store import DatabaseRefused, Store

log = logging.getLogger(__name__)

__all__ = ["AcceptedMoves", "DatabaseRefused", "DirectorSession", "DomainError", "FloorFigures", "HistoryEntry",
           "Listener", "NewTournamentPlan", "WallClockNotice"]

# A listener receives a topic: "tournaments" (the list changed), "selected" (another tournament is in front),
# "state" (a command, an undo or a redo changed the selected tournament).
Listener = Callable[[str], None]


@dataclass(frozen=True)
class NewTournamentPlan:
    """What the new-tournament wizard asks: enough to run a nightly tournament."""

    name: str
    structure_template: str  # a shipped structure: resources/structures/NAME.toml
    payout_table: str = "standard"  # a shipped payout table: resources/payouts/NAME.toml
    buy_in: int = 100
    fee: int = 0
    starting_stack: int = 20_000
    tables: int = 3
    seats_per_table: int = 9
    late_registration_until_level: int | None = None  # None: the director closes registration


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


class DirectorSession:
    def __init__(self, store: Any, *, operator: str = "director", rng: random.Random | None = None,
                 monotonic: Callable[[], float] | None = None, wall: Callable[[], datetime] | None = None,
                 hand_for_hand_minutes: float = 2.0) -> None:
        self._store = store
        self.operator = operator
        self._rng = rng  # None: the floor service draws from secrets.SystemRandom
        # Time sources for the clock service (tests inject them); None: the service's own defaults.
        self._clock_sources: dict[str, Any] = {k: v for k, v in (("monotonic", monotonic), ("wall", wall)) if v}
        self._wall_now = wall or (lambda: datetime.now(UTC))
        self.hand_for_hand_ms = round(hand_for_hand_minutes * 60_000)  # TDA RP-8: 2 minutes a hand by default
        self._wall_clock: WallClockScheduler | None = None
        self._wall_clock_plan: dict[str, datetime] = {}
        self._wall_clock_countdown = 60.0
        self._plan_anchor: datetime | None = None  # the day a bare time of day belongs to
        self._start_reached = False
        self._floor_counts: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None
        self._listeners: list[Listener] = []
        self._tournament_id: int | None = None
        self._runner: Any = None
        self._services: dict[str, Any] = {}
        self._backups: BackupSchedule | None = None

    # ----- opening and closing -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, operator: str = "director", backup_dir: Path | None = None,
             rng: random.Random | None = None, **session_options: Any) -> "DirectorSession":
        """Open (creating it if needed) the database at ``path``; raises DatabaseRefused for a refused file.

        ``session_options`` go to the constructor (monotonic, wall, hand_for_hand_minutes).
        """
        kwargs: dict[str, Any] = {}
        if backup_dir is not None:
            kwargs["backup_dir"] = backup_dir
        return cls(Store.open(Path(path), **kwargs), operator=operator, rng=rng, **session_options)

    def start_scheduled_backups(self, on_backup: Callable[[Path], None] | None = None,
                                on_failure: Callable[[BaseException], None] | None = None) -> BackupSchedule:
        """Back the database up every ten minutes on a worker thread (the callbacks run on that thread)."""
        if self._backups is None:
            self._backups = BackupSchedule(self._store, on_backup=on_backup, on_failure=on_failure)
            self._backups.start()
        return self._backups

    def close(self) -> None:
        """Stop the wall-clock jobs and the area services' background work; close the store (it takes a backup)."""
        if self._wall_clock is not None:
            self._wall_clock.shutdown()
            self._wall_clock = None
            self._wall_clock_plan = {}
        if self._backups is not None:
            self._backups.shutdown()
            self._backups = None
        for service in self._services.values():
            stop = getattr(service, "shutdown", None) or getattr(service, "close", None)
            if callable(stop):
                try:
                    stop()
                except Exception:  # closing must go on even when one service misbehaves
                    log.exception("closing %s failed", type(service).__name__)
        self._services.clear()
        if self._store is not None:
            self._store.close()
            self._store = None

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
            self._reschedule_wall_clock()
        for listener in list(self._listeners):
            listener(topic)

    # ----- tournaments ----------------------------------------------------------------------------------
    def list_tournaments(self) -> list[Any]:
        return list(self._store.list_tournaments())

    def create_tournament(self, name: str) -> int:
        name = name.strip()
        if not name:
            raise DomainError("a tournament needs a name")
        tournament_id = self._store.create_tournament(name, operator=self.operator)
        self.notify("tournaments")
        return tournament_id

    def select_tournament(self, tournament_id: int) -> None:
        known = {t.id for t in self.list_tournaments()}
        if tournament_id not in known:
            raise DomainError(f"there is no tournament number {tournament_id} in this database")
        for service in self._services.values():
            stop = getattr(service, "shutdown", None)
            if callable(stop):
                stop()
        self._services.clear()
        self._runner = CommandRunner(self._store, tournament_id, TournamentState, operator=self.operator)
        self._tournament_id = tournament_id
        self._plan_anchor = None
        self._start_reached = False
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
    def runner(self) -> Any:
        """The command runner of the selected tournament (None when none is selected)."""
        return self._runner

    @property
    def state(self) -> Any:
        return self._runner.state if self._runner is not None else None

    @property
    def tournament(self) -> TournamentService | None:
        """The floor service of the selected tournament, or None when none is selected."""
        if self._runner is None:
            return None
        if "tournament" not in self._services:
            self._services["tournament"] = TournamentService(self._runner, rng=self._rng)
        return self._services["tournament"]

    @property
    def clock(self) -> ClockService | None:
        """The clock service of the selected tournament, or None when none is selected."""
        if self._runner is None:
            return None
        if "clock" not in self._services:
            self._services["clock"] = ClockService(self._runner, hand_for_hand_ms=self.hand_for_hand_ms,
                                                   **self._clock_sources)
        return self._services["clock"]

    # ----- a new tournament from the wizard --------------------------------------------------------------
    def create_from_plan(self, plan: NewTournamentPlan) -> int:
        """Create, open and set up a tournament: settings, tables and the blind structure (one event each,
        all written with the tournament in one transaction).

        Everything the plan names is checked before the tournament is created, so a bad plan leaves the database
        as it was.
        """
        name = plan.name.strip()
        if not name:
            raise DomainError("a tournament needs a name")
        settings = TournamentSettings.from_dict({
            "name": name, "buy_in": plan.buy_in, "fee": plan.fee, "starting_stack": plan.starting_stack,
            "payout_table": plan.payout_table, "late_registration_until_level": plan.late_registration_until_level,
        })
        if not resource_path("payouts", f"{plan.payout_table}.toml").is_file():
            raise DomainError(f"there is no payout table {plan.payout_table!r}")
        structure, chip_set = load_template(plan.structure_template)
        structure.validate(chip_set)
        if not 1 <= plan.tables <= 2000:
            raise DomainError(f"a tournament needs between 1 and 2000 tables, not {plan.tables}")
        if not 2 <= plan.seats_per_table <= 10:
            raise DomainError(f"a table has 2 to 10 seats, not {plan.seats_per_table}")
        # Set up in memory, then written in one transaction: a crash never leaves a tournament half made.
        draft = self._store.draft_tournament(name, operator=self.operator)
        runner = CommandRunner(draft, draft.tournament_id, TournamentState, operator=self.operator)
        TournamentService(runner, rng=self._rng).configure(settings)
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
        key = (self._tournament_id or 0, self._runner.last_seq)
        if self._floor_counts is None or self._floor_counts[0] != key:
            pool = floor.prize_pool()
            self._floor_counts = (key, (pool.players_left, pool.entries, floor.chips_in_play, pool.prize_pool))
        players_left, entries, chips, prize_pool = self._floor_counts[1]
        figures = self.clock.figures(players_left, entries, chips)
        return FloorFigures(players_left, entries, chips, figures.average_stack, prize_pool, figures.estimated_end)

    # ----- commands, undo and redo ---------------------------------------------------------------------
    def run(self, command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run one service command and tell listeners; a refusal (DomainError) propagates, nothing changes."""
        result = command(*args, **kwargs)
        self.notify("state")
        return result

    def can_undo(self) -> bool:
        return self._runner is not None and self._runner.can_undo()

    def can_redo(self) -> bool:
        return self._runner is not None and self._runner.can_redo()

    def undo(self, seq: int | None = None) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        event = self._runner.undo(seq)
        self.notify("state")
        return event

    def redo(self) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        event = self._runner.redo()
        self.notify("state")
        return event

    def history(self) -> list[HistoryEntry]:
        """The log of the selected tournament, each event with a sentence a director can read back."""
        if self._runner is None:
            return []
        state = self._runner.state
        names = {entry_id: entry.name for entry_id, entry in state.floor.entries.items()}
        structure = state.schedule.structure

        def period_label(index: int) -> str:
            if structure is None or not 0 <= index < len(structure.periods):
                return f"period {index + 1}"
            period = structure.periods[index]
            if isinstance(period, Level):
                return f"level {period.number} ({period.small_blind:,}/{period.big_blind:,})"
            return period.name.lower() if period.name else "the break"

        return [HistoryEntry(e.seq, e.event_type, e.payload, e.operator, e.recorded_at, e.undone,
                             describe_event(e.event_type, e.payload, names, period_label))
                for e in self._runner.history()]

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
        if view is None:
            raise DomainError("hand-for-hand takes time off the clock: load a blind structure first",
                              rule="TDA RP-8")
        if view.restart_pending:
            raise DomainError("the clock was running when the program stopped: first choose to resume it paused "
                              "or to continue, then deal hand-for-hand", rule="TDA RP-8")
        if view.on_break:
            raise DomainError("there is no hand-for-hand hand during a break", rule="TDA RP-8")
        dealt = floor.next_hand(None)
        try:
            clock.hand_for_hand(1)
        except DomainError:
            self._runner.undo()
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
        if view is None or not view.started:
            return AcceptedMoves(event, note="the final table starts with the next level once the clock runs")
        try:
            clock.next_level()
        except DomainError as refusal:  # the moves stand; the director changes the level by hand
            return AcceptedMoves(event, note=f"the clock did not move to the next level: {refusal}")
        return AcceptedMoves(event, next_level=True)

    def _require_floor(self) -> TournamentService:
        floor = self.tournament
        if floor is None:
            raise DomainError("no tournament is open")
        return floor

    # ----- wall-clock jobs: the scheduled start, late registration, the end of the rebuy period ------------
    def start_wall_clock(self, notify: Callable[[WallClockNotice], None], *,
                         countdown_every_seconds: float = 60.0,
                         misfire_grace_seconds: int = DEFAULT_MISFIRE_GRACE_SECONDS) -> WallClockScheduler:
        """Run the selected tournament's time-of-day jobs on a worker thread.

        ``notify`` is called on that thread: it must only hand the notice over (the console emits a Qt signal),
        and the GUI thread then calls ``handle_wall_clock(notice)``. The jobs follow the settings and the
        tournament in front of the director; ``close()`` stops them.
        """
        if self._wall_clock is None:
            self._wall_clock_countdown = countdown_every_seconds
            self._wall_clock = WallClockScheduler(notify, misfire_grace_seconds=misfire_grace_seconds,
                                                  now=self._wall_now)
            self._wall_clock.start()
            self._wall_clock_plan = {}
        self._reschedule_wall_clock()
        return self._wall_clock

    def wall_clock_plan(self) -> dict[str, datetime]:
        """The jobs the selected tournament needs now (kind -> aware UTC time); empty when none applies."""
        floor = self.tournament
        if floor is None or floor.finished:
            return {}
        settings = floor.settings
        plan: dict[str, datetime] = {}
        start = _moment(settings.scheduled_start, "scheduled_start")
        if start is not None and not self.state.schedule.started:
            plan[SCHEDULED_START] = start
        if self._plan_anchor is None:
            self._plan_anchor = (start or self._wall_now()).astimezone()
        if settings.late_registration_until_time and not self.state.floor.registration_closed:
            plan[LATE_REGISTRATION_CLOSES] = _on_the_day(settings.late_registration_until_time, self._plan_anchor)
        # A rebuy period ending at a time of day, for settings that carry one (rebuy_until_level is a level).
        rebuy_until = getattr(settings, "rebuy_until_time", None)
        if rebuy_until:
            plan[REBUY_PERIOD_ENDS] = _on_the_day(rebuy_until, self._plan_anchor)
        return plan

    def seconds_to_start(self) -> float | None:
        """The countdown to the scheduled start (0 once it is reached), while the clock has not started.

        None when no wall clock runs, no start is scheduled or the clock has started.
        """
        if self._wall_clock is None or self._runner is None or self.state.schedule.started:
            return None
        start = self._wall_clock_plan.get(SCHEDULED_START)
        if start is None:
            return None
        if self._start_reached:
            return 0.0
        return max(0.0, (start - self._wall_now()).total_seconds())

    def handle_wall_clock(self, notice: WallClockNotice) -> str | None:
        """Act on a wall-clock notice on the GUI thread; returns what to tell the director (None: nothing).

        A notice from a plan that was replaced since (other settings, another tournament) is ignored.
        """
        if self._plan_for(notice) is None:
            return None
        when = notice.due.astimezone().strftime("%H:%M")
        late = _late_text(notice)
        if notice.kind == START_COUNTDOWN:
            return None  # the countdown is read from seconds_to_start() at every repaint
        if notice.kind == SCHEDULED_START:
            self._start_reached = True
            if self.state.schedule.started:
                return None
            if notice.missed:
                return f"The scheduled start at {when} was missed{late}: start the clock (Space) when ready"
            return f"It is {when}, the scheduled start: start the clock (Space)"
        if notice.kind == LATE_REGISTRATION_CLOSES:
            return self._close_late_registration(notice, when, late)
        if notice.kind == REBUY_PERIOD_ENDS:
            if notice.missed:
                return f"The rebuy period ended at {when}; the notice was missed{late}"
            return f"The rebuy period has ended ({when})"
        return None

    def _close_late_registration(self, notice: WallClockNotice, when: str, late: str) -> str | None:
        floor = self.tournament
        if floor is None or self.state.floor.registration_closed or floor.finished:
            return None  # already closed by the director: record nothing twice
        try:
            self.run(floor.close_registration)
        except DomainError as refusal:
            return f"Late registration should close at {when}, but closing it was refused: {refusal}"
        if notice.missed:
            return (f"Late registration closed: it was due at {when}, and the job was missed{late}; "
                    "registration is closed now")
        return f"Late registration closed at {when}"

    def _plan_for(self, notice: WallClockNotice) -> datetime | None:
        kind = SCHEDULED_START if notice.kind == START_COUNTDOWN else notice.kind
        due = self._wall_clock_plan.get(kind)
        return due if due is not None and due == notice.due else None

    def _reschedule_wall_clock(self) -> None:
        """Bring the scheduler's jobs in line with the plan; only the kinds that changed are touched."""
        scheduler = self._wall_clock
        if scheduler is None:
            return
        try:
            plan = self.wall_clock_plan()
        except DomainError as problem:  # e.g. an unreadable scheduled start: say so once, keep the rest going
            log.warning("wall-clock jobs not scheduled: %s", problem)
            plan = {}
        old = self._wall_clock_plan
        for kind in old.keys() - plan.keys():
            scheduler.cancel(kind)
        for kind, when in plan.items():
            if old.get(kind) == when:
                continue
            if kind == SCHEDULED_START:
                self._start_reached = False
                scheduler.schedule_start(when, self._wall_clock_countdown)
            else:
                scheduler.schedule(kind, when)
        self._wall_clock_plan = plan

    # ----- player registry (shared by every tournament) -------------------------------------------------
    def find_players(self, text: str, limit: int = 50) -> list[Any]:
        return list(self._store.find_players(text, limit=limit))

    def add_player(self, name: str, nickname: str | None = None, contact: str | None = None,
                   notes: str | None = None) -> Any:
        player = self._store.add_player(name, nickname=nickname, contact=contact, notes=notes)
        self.notify("players")
        return player

    def possible_duplicates(self, name: str) -> list[Any]:
        return list(self._store.possible_duplicates(name))

    def backup_now(self) -> Path:
        return self._store.backup_now()


def _moment(text: str | None, name: str) -> datetime | None:
    """An ISO 8601 date-time from the settings as an aware UTC time (no zone given: the local time)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise DomainError(f"{name} {text!r} is not a date and time (write it like 2025-03-14T20:00)") from error
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the card room's local time
    return moment.astimezone(UTC)


def _on_the_day(hh_mm: str, anchor: datetime) -> datetime:
    """``HH:MM`` local time on the tournament's day (the day of ``anchor``).

    A morning time for an evening anchor belongs to the night after it (a 20:00 start whose late registration
    ends at 01:00).
    """
    hours, minutes = (int(part) for part in hh_mm.split(":"))
    local = anchor.astimezone()
    moment = datetime.combine(local.date(), time_of_day(hours, minutes), tzinfo=local.tzinfo)
    if moment < local and hours < 12 <= local.hour:
        moment += timedelta(days=1)
    return moment.astimezone(UTC)


def _late_text(notice: WallClockNotice) -> str:
    if not notice.missed:
        return ""
    minutes = max(0, round((notice.fired_at - notice.due).total_seconds() / 60))
    return f" (found {minutes} min late: the computer was probably asleep)"
