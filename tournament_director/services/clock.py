# Kept whole: ClockService keeps one live clock in step with the recorded schedule; every
# command, the tick, undo seen from elsewhere and the restart choices change that same clock and its schedule, and
# split apart they would each need the other's private state. The parts that stand alone live beside it:
# clock_figures.py (the room's figures), clock_restart.py (the last heartbeat) and wall_clock.py.
"""The clock service: clock commands recorded as events, and the live countdown between them.

``ClockService(runner, monotonic=time.monotonic, wall=lambda: datetime.now(UTC))`` keeps a
``domain.clock.machine.Clock`` in step with the tournament's ``Schedule``. Every command validates on a copy
of the live clock and through the aggregate, then records one event whose payload is the clock at that
moment (period, remaining milliseconds, running, UTC wall time). ``tick()`` is called by the UI's
repaint timer: it records the level changes that came due (TDA 23: the new level applies to the next
hand) and returns every event that fired, so the UI can play sounds; the timer itself never counts time.

After a restart with a clock that was running, nothing is recorded until the director chooses
``resume_paused_after_restart()`` (the time left when the program stopped: its last heartbeat in the store,
see clock_restart.py) or ``continue_after_restart()`` (the wall time in between applied, the levels crossed
meanwhile accounted for). While he decides, ``view()`` shows where the clock would stand now had it kept
running, counting on (``restart_pending`` set, ``running`` False), and Continue goes on from exactly that figure.
An undo or redo made elsewhere is noticed and the live clock follows the restored state. Once the tournament is
over the clock stands still at the moment of the last elimination.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.events import (
    ClockJumped, ClockLevelChanged, ClockPaused, ClockRestored, ClockResumed, ClockStarted, ClockTimeAdjusted,
    HandForHandDeducted, ScheduleEvent, StructureEdited, StructureReplaced,
)
from tournament_director.domain.clock.machine import (
    HAND_FOR_HAND_DEFAULT_MS,
    PERIOD_CHANGES,
    Clock,
    ClockEvent,
)
from tournament_director.domain import limits
from tournament_director.domain.clock.structure import Break, Level, Period, Structure, load_structure_file
from tournament_director.domain.clock.suggest import suggest_structure_and_chips
from tournament_director.domain.errors import DomainError
from tournament_director.resources import resource_path
from tournament_director.services.clock_figures import colour_up_notice, level_seconds_played, wall_seconds_for_play
from tournament_director.services.clock_restart import HEARTBEAT_SECONDS, RestartInfo, restart_info

TEMPLATE_NAMES = ("turbo", "regular", "deep_stack", "fixed_limit")


@dataclass(frozen=True)
class ClockView:
    level: Level | None  # in force for the next hand; None during a break
    next_level: Period | None  # the next period (a level or a break)
    period_index: int
    remaining_ms: int
    remaining_seconds: float
    running: bool
    started: bool
    on_break: bool
    break_name: str
    seconds_to_break: float | None
    seconds_to_end_of_structure: float
    notice: str  # colour-up announcement for the current or the next break
    restart_pending: bool


@dataclass(frozen=True)
class TournamentFigures:
    players_left: int
    entries: int
    chips_in_play: int
    average_stack: int | None
    estimated_end: datetime | None  # None until someone has been eliminated
    seconds_to_end: float | None


def _matching_period(old: Structure, old_index: int, new: Structure) -> int | None:
    """Where the period being played is in an edited structure (levels compared without their number)."""

    def key(period: Period) -> Period:
        return replace(period, number=0) if isinstance(period, Level) else period

    wanted = key(old.periods[old_index])
    matches = [i for i, period in enumerate(new.periods) if key(period) == wanted]
    return min(matches, key=lambda i: abs(i - old_index)) if matches else None


def load_template(name: str) -> tuple[Structure, ChipSet | None]:
    """One of the shipped structures (data/structures/NAME.toml), read like any structure file."""
    if name not in TEMPLATE_NAMES:
        raise DomainError(f"there is no structure template {limits.shown(name)} (choose from "
                          f"{', '.join(TEMPLATE_NAMES)})")
    return load_structure_file(resource_path("structures", f"{name}.toml"))


def suggested_structure(target_minutes: int, starting_stack: int, field_size: int) -> tuple[Structure, ChipSet]:
    """A structure (and a chip set that can pay it) aimed at the target length for this stack and field."""
    return suggest_structure_and_chips(target_minutes, starting_stack, field_size, name="Suggested")


def template_starting_stack(name: str) -> int | None:
    """The starting stack of a shipped structure's chip set (None for an unknown template or one without chips)."""
    if name not in TEMPLATE_NAMES:
        return None
    chip_set = load_template(name)[1]
    return chip_set.starting_stack if chip_set is not None and chip_set.per_player else None


class ClockService:
    def __init__(
        self,
        runner: Any,
        monotonic: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] = lambda: datetime.now(UTC),
        *,
        hand_for_hand_ms: int = HAND_FOR_HAND_DEFAULT_MS,
        heartbeat: Any = None,
    ) -> None:
        """``heartbeat``: the store's record of when the program was last alive (``beat(at)``, ``last()``)."""
        self._runner = runner
        self._heartbeat = heartbeat
        self._beaten_at: float | None = None
        self._monotonic = monotonic
        self._wall = wall
        self.hand_for_hand_ms = hand_for_hand_ms
        self._clock: Clock | None = None
        self._synced: tuple[Any, ...] | None = None
        self._unreported: list[ClockEvent] = []
        self.restart_pending: RestartInfo | None = None
        self._restart_origin = 0.0  # while a restart choice waits: the monotonic moment of the last recorded event
        self._sync(first=True)

    # --- reading ---------------------------------------------------------------------------------
    @property
    def schedule(self) -> Any:
        return self._runner.state.schedule

    def view(self) -> ClockView | None:
        """What the clock shows now; None while no structure is loaded."""
        self._sync()
        clock = self._clock
        if clock is None:
            return None
        now = self._monotonic()
        index = clock.period_index(now)
        structure = clock.structure
        period = structure.periods[index]
        remaining = clock.remaining_ms(now)
        to_break = clock.ms_to_next_break(now)
        return ClockView(
            level=period if isinstance(period, Level) else None,
            next_level=structure.periods[index + 1] if index + 1 < len(structure.periods) else None,
            period_index=index,
            remaining_ms=remaining,
            remaining_seconds=remaining / 1000,
            running=clock.running and self.restart_pending is None,
            started=self.schedule.started,
            on_break=isinstance(period, Break),
            break_name=period.name if isinstance(period, Break) else "",
            seconds_to_break=None if to_break is None else to_break / 1000,
            seconds_to_end_of_structure=clock.ms_to_end_of_structure(now) / 1000,
            notice=colour_up_notice(structure, index),
            restart_pending=self.restart_pending is not None,
        )

    def restart_as_of_now(self) -> RestartInfo | None:
        """The pending restart choice with the time that passed since it was found: what Continue gives now."""
        self._sync()
        info, clock = self.restart_pending, self._clock
        if info is None or clock is None:
            return None
        now = self._monotonic()
        return replace(info, wall_elapsed_seconds=max(0.0, now - self._restart_origin),
                       now_period_index=clock.period_index(now), now_remaining_ms=clock.remaining_ms(now))

    def figures(self, players_left: int, entries: int, chips_in_play: int) -> TournamentFigures:
        """Derived figures from the floor's numbers; the end is estimated from the elimination rate so far."""
        if players_left < 0 or entries < 0 or players_left > entries:
            raise DomainError(f"{players_left} players left out of {entries} entries does not add up")
        average = chips_in_play // players_left if players_left else None
        estimated_end, seconds_to_end = None, None
        self._sync()
        if self._clock is not None and entries > players_left >= 1:
            now = self._monotonic()
            played = level_seconds_played(self._clock, now)
            if played > 0:
                rate = (entries - players_left) / played  # eliminations per second of play
                seconds_to_end = wall_seconds_for_play(self._clock, now, (players_left - 1) / rate)
                estimated_end = self._wall() + timedelta(seconds=seconds_to_end)
        return TournamentFigures(players_left, entries, chips_in_play, average, estimated_end, seconds_to_end)

    # --- the repaint timer -------------------------------------------------------------------------
    def tick(self) -> list[ClockEvent]:
        """Record the level changes that came due; return every event that fired since the last tick."""
        self._sync()
        if self._clock is None or self.restart_pending is not None:
            return []
        self._record_crossings(self._monotonic())
        fired, self._unreported = self._unreported, []
        return fired

    def ms_to_next_event(self) -> int | None:
        """Milliseconds until the clock next fires something (None while paused or not started)."""
        self._sync()
        if self._clock is None or self.restart_pending is not None:
            return None
        now = self._monotonic()
        at = self._clock.next_event_at(now)
        return None if at is None else max(0, math.ceil((at - now) * 1000))

    # --- structure commands ------------------------------------------------------------------------
    def load_structure(self, structure: Structure, chip_set: ChipSet | None = None) -> None:
        """Use a new structure; a started clock keeps its place and its remaining time."""
        if not isinstance(structure, Structure):
            raise DomainError(f"a blind structure is a Structure, not {limits.shown(structure)}")
        if chip_set is not None and not isinstance(chip_set, ChipSet):
            raise DomainError(f"a chip set is a ChipSet, not {limits.shown(chip_set)}")
        structure.validate(chip_set)
        payload: dict[str, Any] = {"structure": structure.to_dict()}
        if chip_set is not None:
            payload["chips"] = chip_set.to_dict()
        if self._clock is not None and self.schedule.started:
            now = self._before_command()
            trial = self._trial()
            current = trial.period_index(now)
            index = _matching_period(trial.structure, current, structure)
            if index is None:
                index = min(current, len(structure.periods) - 1)
            trial.replace_structure(structure, now, period_index=index, keep_time=index == current
                                    or trial.structure.periods[current] == structure.periods[index])
            self._execute(StructureReplaced, trial, now, payload)
        else:
            self._runner.record(StructureReplaced(**payload))
            self._sync()

    def load_template(self, name: str) -> None:
        self.load_structure(*load_template(name))

    def edit_period(self, index: int, period: Period) -> None:
        """Change one level or break of the structure in play (an event like any other)."""
        from tournament_director.domain.clock.structure import period_to_dict

        structure = self._require_clock().structure.with_period(index, period)
        structure.validate(self.schedule.chip_set)
        payload: dict[str, Any] = {"index": index, "period": period_to_dict(period)}
        if self.schedule.started:
            now = self._before_command()
            trial = self._trial()
            trial.replace_structure(structure, now)
            self._execute(StructureEdited, trial, now, payload)
        else:
            self._runner.record(StructureEdited(**payload))
            self._sync()

    def insert_period(self, index: int, period: Period) -> None:
        """Insert a level or a break before period ``index``; the levels are numbered again and the clock
        stays on the period being played, with its time."""
        structure = self._require_clock().structure.with_inserted(index, period)
        self._replace_keeping_place(structure, lambda current: current + 1 if index <= current else current)

    def remove_period(self, index: int) -> None:
        """Remove a level or a break that is not being played; the levels are numbered again."""
        clock = self._require_clock()
        structure = clock.structure.without(index)
        if self.schedule.started and index == clock.period_index(self._monotonic()):
            raise DomainError(f"{clock.structure.periods[index].label} is being played: move the clock to "
                              "another period before removing it")
        self._replace_keeping_place(structure, lambda current: current - 1 if index < current else current)

    def _replace_keeping_place(self, structure: Structure, new_index: Callable[[int], int]) -> None:
        chip_set = self.schedule.chip_set
        structure.validate(chip_set)
        payload: dict[str, Any] = {"structure": structure.to_dict()}
        if chip_set is not None:
            payload["chips"] = chip_set.to_dict()
        if not self.schedule.started:
            self._runner.record(StructureReplaced(**payload))
            self._sync()
            return
        now = self._before_command()
        trial = self._trial()
        trial.replace_structure(structure, now, period_index=new_index(trial.period_index(now)))
        self._execute(StructureReplaced, trial, now, payload)

    # --- clock commands ----------------------------------------------------------------------------
    def start(self) -> None:
        if self.schedule.started:
            raise DomainError("the clock has already been started; resume it instead")
        self._command(ClockStarted, lambda c, now: c.start(now))

    def pause(self) -> None:
        if self._require_clock() is not None and not self.schedule.started:
            raise DomainError("the clock has not been started yet")
        self._command(ClockPaused, lambda c, now: c.pause(now))

    def resume(self) -> None:
        if not self.schedule.started:
            self.start()
            return
        self._command(ClockResumed, lambda c, now: c.resume(now))

    def next_level(self) -> None:
        self._jump(lambda c, now: c.next_level(now))

    def previous_level(self) -> None:
        self._jump(lambda c, now: c.previous_level(now))

    def jump_to_level(self, number: int) -> None:
        limits.check_count(number, "level number", 1, limits.MAX_LEVELS)
        index = self._require_clock().structure.index_of_level(number)
        self._jump(lambda c, now: c.jump_to(index, now))

    def jump_to_period(self, index: int) -> None:
        limits.check_count(index, "period", 0, limits.MAX_LEVELS)
        self._require_clock().structure.period(index)
        self._jump(lambda c, now: c.jump_to(index, now))

    def add_time(self, seconds: float) -> None:
        """Add (or, negative, remove) time from the current period: at most 24 hours either way, a finite number
        (NaN and infinities are refused)."""
        seconds = limits.check_seconds(seconds, "time added", minimum=-limits.MAX_DURATION_SECONDS)
        delta_ms = round(seconds * 1000)
        if delta_ms == 0:
            raise DomainError("add or remove some time (got zero)")
        self._command(ClockTimeAdjusted, lambda c, now: c.add_time(delta_ms, now), {"delta_ms": delta_ms})

    def set_remaining(self, seconds: float) -> None:
        """Set the time left in the current period: 0 to 24 hours."""
        remaining = round(limits.check_seconds(seconds, "remaining time") * 1000)
        if remaining < 0:
            raise DomainError(f"the remaining time cannot be negative (got {seconds} s)")
        self._command(ClockTimeAdjusted, lambda c, now: c.set_remaining(remaining, now), {"set_ms": remaining})

    def hand_for_hand(self, hands: int = 1) -> int:
        """Take the hand-for-hand time off for ``hands`` hands (TDA RP-8); returns the milliseconds taken."""
        limits.check_count(hands, "number of hands", 1, limits.MAX_HANDS)
        if self._require_clock() is not None and not self.schedule.started:
            raise DomainError("no hand has been played: the clock has not been started yet", rule="TDA RP-8")
        taken: list[int] = []
        self._command(
            HandForHandDeducted,
            lambda c, now: taken.append(c.deduct_hands(hands, now, self.hand_for_hand_ms)),
            lambda: {"hands": hands, "deduction_ms": taken[0]},
        )
        return taken[0]

    # --- after a restart ---------------------------------------------------------------------------
    def resume_paused_after_restart(self) -> None:
        """Go on, paused, from the time left when the program stopped (its last heartbeat); a level that ran
        out before then is recorded at the moment it did."""
        info = self._require_restart()
        now = self._monotonic()
        started = now - info.alive_seconds
        clock = Clock(self.schedule.structure, period_index=info.period_index,
                      remaining_ms=info.saved_remaining_ms, running=True, now=started)
        changes = [e for e in clock.advance(now) if e.kind in PERIOD_CHANGES]
        clock.pause(now)
        for change in changes:
            at = info.saved_at + timedelta(seconds=change.due_at - started) if info.saved_at else None
            self._record_level_change(change, clock, now, at=at)
        self._execute(ClockRestored, clock, now, {"choice": "paused"})
        self.restart_pending = None

    def continue_after_restart(self) -> list[ClockEvent]:
        """Go on as if the clock had kept running; returns the events crossed while the program was down."""
        info = self._require_restart()
        now = self._monotonic()
        clock = Clock(self.schedule.structure, period_index=info.period_index,
                      remaining_ms=info.saved_remaining_ms, running=True, now=self._restart_origin)
        crossed = clock.advance(now)
        changes = [e for e in crossed if e.kind in PERIOD_CHANGES]
        # Each level crossed while the program was down is logged at the moment it happened.
        for change in changes:
            self._record_level_change(change, clock, now)
        self._execute(ClockRestored, clock, now, {"choice": "continued", "periods_crossed": len(changes)})
        self.restart_pending = None
        return crossed

    # --- internals ---------------------------------------------------------------------------------
    def _require_clock(self) -> Clock:
        self._sync()
        if self._clock is None:
            raise DomainError("load a blind structure before using the clock")
        return self._clock

    def _require_restart(self) -> RestartInfo:
        self._sync()
        if self.restart_pending is None:
            raise DomainError("there is no interrupted clock to restore")
        return self.restart_pending

    def _trial(self) -> Clock:
        """A copy of the live clock for a command to change; the live one changes once the event is recorded."""
        if self._clock is None:
            raise DomainError("load a blind structure before using the clock")
        return copy.deepcopy(self._clock)

    def _before_command(self) -> float:
        """Record due level changes first, so every event lands in the order it happened."""
        self._require_clock()
        if self._finished_at() is not None:
            raise DomainError("the tournament is over and its clock has stopped: undo the last elimination "
                              "(Ctrl+Z) to play on")
        if self.restart_pending is not None:
            raise DomainError("the clock was running when the program stopped: first choose to resume it "
                              "paused or to continue as if it had kept running")
        now = self._monotonic()
        self._record_crossings(now)
        return now

    def _command(self, event_class: type[ScheduleEvent], change: Callable[[Clock, float], None],
                 extra: dict[str, Any] | Callable[[], dict[str, Any]] | None = None) -> None:
        now = self._before_command()
        trial = self._trial()
        change(trial, now)
        payload = extra() if callable(extra) else dict(extra or {})
        self._execute(event_class, trial, now, payload)

    def _jump(self, change: Callable[[Clock, float], None]) -> None:
        from_index = self._require_clock().period_index(self._monotonic())
        self._command(ClockJumped, change, {"from_index": from_index})

    def _execute(self, event_class: type[ScheduleEvent], trial: Clock, now: float, extra: dict[str, Any]) -> None:
        """Record ``trial`` as the clock's new state (an ``event_class`` event with ``extra`` fields); only once the event is written does it become live.

        A command that runs the period out (time removed, hand-for-hand) is recorded at zero in its own
        period, followed by the level change it caused.
        """
        crossed = trial.advance(now)
        changes = [e for e in crossed if e.kind in PERIOD_CHANGES]
        if changes and not self.schedule.started and event_class is not ClockStarted:
            raise DomainError("the clock has not been started: jump to a level instead of running its time out")
        fields = self._clock_fields(trial, now)
        if changes:
            fields["period_index"], fields["remaining_ms"] = changes[0].period_index - 1, 0
        self._runner.record(event_class(**extra, **fields))
        self._synced = self._state_key()
        for change in changes:
            self._record_level_change(change, trial, now)
        self._clock = trial
        self._unreported += crossed

    def _clock_fields(self, clock: Clock, now: float) -> dict[str, Any]:
        return {
            "period_index": clock.period_index(now),
            "remaining_ms": clock.remaining_ms(now),
            "running": clock.running,
            "wall_time": self._wall().isoformat(),
        }

    def _record_level_change(self, event: ClockEvent, clock: Clock, now: float, at: datetime | None = None) -> None:
        """One "clock.level_changed" event, stamped with the moment the boundary was crossed (``at`` when known)."""
        wall = at or self._wall() - timedelta(seconds=max(0.0, now - event.due_at))
        self._runner.record(ClockLevelChanged(
            kind=event.kind,
            period_index=event.period_index,
            remaining_ms=clock.structure.periods[event.period_index].duration_seconds * 1000,
            running=clock.running,
            wall_time=wall.isoformat(),
        ))
        self._synced = self._state_key()

    def _record_crossings(self, now: float) -> None:
        """Write a "clock.level_changed" event for every period boundary crossed by ``now``."""
        clock = self._clock
        if clock is None:
            return
        with self._runner.apart_from_the_action():  # the clock's own doing, not the director's next command's
            for event in clock.advance(now):
                if event.kind in PERIOD_CHANGES:
                    self._record_level_change(event, clock, now)
                self._unreported.append(event)

    def _sync(self, first: bool = False) -> None:
        """Follow the aggregate when it changed underneath (first load, undo, redo, a rebuild)."""
        key = self._state_key()
        if not first and key == self._synced:
            return
        self._synced = key
        self._unreported.clear()
        schedule = self.schedule
        if schedule.structure is None:
            self._clock, self.restart_pending = None, None
            return
        saved = schedule.saved_clock()
        now = self._monotonic()
        elapsed = 0.0
        if saved.running and saved.wall_time is not None:
            elapsed = max(0.0, (self._wall() - saved.wall_time).total_seconds())
        finished_at = self._finished_at()
        if finished_at is not None:  # the clock stopped with the last elimination
            self.restart_pending = None
            if saved.running and saved.wall_time is not None:
                elapsed = min(elapsed, max(0.0, (finished_at - saved.wall_time).total_seconds()))
            self._clock = Clock(schedule.structure, period_index=saved.period_index,
                                remaining_ms=saved.remaining_ms, running=saved.running, now=now - elapsed)
            self._clock.advance(now)
            if saved.running:
                self._clock.pause(now)
            return
        if saved.running and first:
            last_beat = self._heartbeat.last() if self._heartbeat is not None else None
            self.restart_pending = restart_info(schedule.structure, saved.period_index, saved.remaining_ms,
                                                saved.wall_time, self._wall(), last_beat)
            # Shown counting on while the director decides (nothing is recorded: tick() and beat() wait too).
            self._restart_origin = now - self.restart_pending.wall_elapsed_seconds
            self._clock = Clock(schedule.structure, period_index=saved.period_index,
                                remaining_ms=saved.remaining_ms, running=True, now=self._restart_origin)
            return
        self.restart_pending = None
        self._clock = Clock(schedule.structure, period_index=saved.period_index,
                            remaining_ms=saved.remaining_ms, running=saved.running, now=now - elapsed)
        if not first:
            # Followed an undo or redo: the warnings the restored clock passes on its way to now were already
            # announced (or belong to a timeline that was undone); only the level changes still need recording.
            self._clock.forget_passed_notices(now)

    def _finished_at(self) -> datetime | None:
        """When the tournament ended (the wall time of the last elimination), None while it goes on."""
        floor = getattr(self._runner.state, "floor", None)
        if floor is None or not getattr(floor, "finished", False):
            return None
        at = getattr(floor, "finished_at", None)
        try:
            return datetime.fromisoformat(at) if at else self._wall()
        except ValueError:
            return self._wall()

    # --- the heartbeat ---------------------------------------------------------------------------
    def beat(self, *, force: bool = False) -> bool:
        """Write that the program is alive, every HEARTBEAT_SECONDS while the clock runs (``force``: now).

        Nothing is written while a restart choice is pending: the last heartbeat is the moment the program
        stopped, and it must stay so until the director has chosen.
        """
        self._sync()
        clock = self._clock
        if self._heartbeat is None or clock is None or not clock.running or self.restart_pending is not None:
            return False
        now = self._monotonic()
        if not force and self._beaten_at is not None and now - self._beaten_at < HEARTBEAT_SECONDS:
            return False
        self._heartbeat.beat(self._wall())
        self._beaten_at = now
        return True

    def _state_key(self) -> tuple[Any, ...]:
        """Cheap identity of the saved clock state (the repaint timer asks many times a second)."""
        s = self.schedule
        floor = getattr(self._runner.state, "floor", None)
        return (id(s), s.structure, s.chip_set, s.current_period_index, s.remaining_ms, s.running, s.started,
                s.wall_time, getattr(floor, "finished", False), getattr(floor, "finished_at", None))


__all__ = ["ClockService", "ClockView", "RestartInfo", "TournamentFigures", "load_template", "TEMPLATE_NAMES"]
