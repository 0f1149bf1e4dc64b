"""The end of a day for the tournament in front: whether its set point is reached, the bags recorded table by table
(a count per survivor, checked against the chips in play), the day ended with the clock stopped where it was, and
the next day's start with the clock put back there. The rules are domain/floor/days.py's.

Each command records through the tournament's runner; ``DirectorSession.run`` makes each one director's action (the
end of a day pauses the clock and records the day's end: one undo step).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.structure import Level
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import days
from tournament_director.domain.floor.days import SetPoint
from tournament_director.domain.floor.events import DayBagged, DayEnded, DayPlanned, DayStarted
from tournament_director.services.clock import ClockService
from tournament_director.services.commands import CommandRunner


@dataclass(frozen=True)
class BagLine:
    """One survivor on a table's bag sheet: the stack the program knows, and his bag once recorded."""

    entry_id: int
    name: str
    table: int | None
    seat: int | None
    stack: int
    bag: int | None


@dataclass(frozen=True)
class DayView:
    festival: str | None
    day: int
    flight: str | None
    set_point: str | None  # "the end of level 8"
    policy: str | None  # "first stack forward"
    carries_pool: bool
    tables_bagged: tuple[int, ...]
    players_left: int
    unbagged: int
    bagged: int  # the bags of the players still in
    chips_in_play: int
    ended: Mapping[str, Any] | None  # period, remaining_ms, bagged, chips_in_play, difference, time
    carried: Mapping[str, Any] | None  # flight_entries, pool, flights, forfeited [[name, flight, chips]]

    @property
    def difference(self) -> int:
        return self.bagged - self.chips_in_play

    def verdict(self) -> str:
        """What the bags say against the chips in play, as the dialog and the bag sheet write it."""
        counted = f"{self.bagged:,} bagged of {self.chips_in_play:,} chips in play"
        if self.unbagged:
            return f"{counted}; {self.unbagged} player(s) still to bag"
        if self.difference == 0:
            return f"{counted}: the bags add up"
        if self.difference < 0:
            return f"{counted}: {-self.difference:,} short. Recount, or confirm the difference when ending the day"
        return f"{counted}: {self.difference:,} too many. Recount, or confirm the difference when ending the day"


class DayService:
    """The days of one tournament (``runner``: its command runner; ``clock``: its clock service)."""

    def __init__(self, runner: CommandRunner, clock: Callable[[], ClockService | None],
                 now: Callable[[], datetime] | None = None) -> None:
        self.runner = runner
        self._clock = clock
        self._now = now or (lambda: datetime.now(UTC))

    @property
    def _t(self) -> Any:
        return self.runner.state.floor

    def _time(self) -> str:
        return self._now().astimezone(UTC).isoformat(timespec="seconds")

    # ----- what the console shows -------------------------------------------------------------------------------------
    def view(self) -> DayView:
        t = self._t
        record = days.day_record(t)
        point = days.set_point_of(t)
        bags = days.bags(t)
        live = [e for e in t.entries.values() if not e.busted]
        return DayView(
            festival=record["festival"], day=record["day"], flight=record["flight"],
            set_point=None if point is None else point.text(),
            policy=days.POLICIES.get(record["policy"] or ""), carries_pool=t.pool_carried_forward,
            tables_bagged=tuple(days.bagged_tables(t)), players_left=len(live),
            unbagged=sum(1 for e in live if e.id not in bags), bagged=sum(bags.get(e.id, 0) for e in live),
            chips_in_play=t.chips_issued, ended=record["ended"], carried=record["carried"])

    def set_point_reached(self) -> str | None:
        """Why the day stops now ("the end of level 8", "10 players left (25% of 40 entries is 10)"), or None (no set
        point, not reached yet, or the day already ended)."""
        t = self._t
        point = days.set_point_of(t)
        if point is None or days.day_ended(t) or not t.entries:
            return None
        return point.reached(t.players_left, len(t.entries), self._last_level_over())

    def _last_level_over(self) -> int | None:
        clock = self._clock()
        view = clock.view() if clock is not None else None
        if view is None or not view.started:
            return None
        periods = clock.schedule.structure.periods if clock is not None else ()
        over = [p.number for p in periods[:view.period_index] if isinstance(p, Level)]
        if view.remaining_ms == 0 and isinstance(periods[view.period_index], Level):
            over.append(periods[view.period_index].number)
        return max(over) if over else None

    def bag_sheet(self, table: int | None = None) -> list[BagLine]:
        """The survivors of ``table`` (None: the room) by table and seat, with their bags once recorded."""
        t = self._t
        if table is not None:
            t.table(limits.check_count(table, "table number", 1, limits.MAX_TABLE_NUMBER))
        bags = days.bags(t)
        live = [e for e in t.entries.values() if not e.busted and (table is None or e.table == table)]
        live.sort(key=lambda e: (e.table is None, e.table or 0, e.seat or 0, e.name.casefold()))
        return [BagLine(e.id, e.name, e.table, e.seat, e.chips, bags.get(e.id)) for e in live]

    def tables_to_bag(self) -> list[int]:
        """The tables with players still in, by number."""
        return sorted({e.table for e in self._t.entries.values() if not e.busted and e.table is not None})

    # ----- the director's commands ------------------------------------------------------------------------------------
    def set_set_point(self, point: SetPoint | None) -> Any:
        """Where this day stops (None: it plays to the end); the day, event and flight stay as recorded."""
        if point is not None and not isinstance(point, SetPoint):
            raise DomainError(f"a day stops at a SetPoint, not {limits.shown(point)}")
        record = days.day_record(self._t)
        return self.runner.record(DayPlanned(
            festival=record["festival"], day=record["day"], flight=record["flight"],
            set_point_kind=None if point is None else point.kind,
            set_point_value=None if point is None else point.value,
            policy=record["policy"], carries_pool=bool(record["carries_pool"])))

    def bag_table(self, table: int, bags: Mapping[int, int]) -> Any:
        """Record the bags of one table: a count for every player still in there (recorded again, it replaces)."""
        limits.check_count(table, "table number", 1, limits.MAX_TABLE_NUMBER)
        days.check_bags_argument(bags)
        return self.runner.record(DayBagged(table=table, bags=[[e, c] for e, c in bags.items()], time=self._time()))

    def end_day(self, confirm_difference: bool = False) -> Any:
        """Stop the day: the clock paused where it is and the day's end recorded with where it stopped (a day that
        stops at the end of a level, reached, stops at the start of the next level, whole: the clock ran on while
        the chips were bagged). Every survivor must have his bag; bags that do not add up to the chips in play need
        ``confirm_difference``."""
        t = self._t
        days.check_day_can_end(t, bool(confirm_difference))  # before the clock stops: a refusal changes nothing
        clock = self._clock()
        view = clock.view() if clock is not None else None
        next_level = self._level_after_set_point() if clock is not None else None
        if clock is not None and view is not None and view.running:
            clock.pause()
            view = clock.view()
        if clock is not None and next_level is not None:
            put_clock_back(clock, *next_level)
            view = clock.view()
        return self.runner.record(DayEnded(
            day=days.day_record(t)["day"], period=view.period_index if view is not None else 0,
            remaining_ms=view.remaining_ms if view is not None else 0, bagged=t.chips_issued + days.bags_difference(t),
            chips_in_play=t.chips_issued, difference_confirmed=bool(confirm_difference), time=self._time()))

    def _level_after_set_point(self) -> tuple[int, int] | None:
        """(period, its whole length in ms) of the first level after a level set point that is reached, or None."""
        point = days.set_point_of(self._t)
        clock = self._clock()
        if point is None or point.kind != "level" or clock is None or self.set_point_reached() is None:
            return None
        periods = clock.schedule.structure.periods
        return next(((i, p.duration_seconds * 1000) for i, p in enumerate(periods)
                     if isinstance(p, Level) and p.number > point.value), None)

    def start_next_day(self) -> Any:
        """The next day of this tournament: recorded, and the clock put back where the day stopped (its level and the
        time left) and started."""
        t = self._t
        record = days.day_record(t)
        ended = record["ended"]
        if ended is None:
            raise DomainError(f"day {record['day']} has not ended: bag the chips and end it first")
        event = self.runner.record(DayStarted(day=record["day"] + 1, time=self._time()))
        clock = self._clock()
        if clock is not None and clock.view() is not None:
            put_clock_back(clock, ended["period"], ended["remaining_ms"])
            clock.resume()
        return event


def put_clock_back(clock: ClockService, period: int, remaining_ms: int) -> None:
    """The clock at ``period`` with ``remaining_ms`` left, as a day stopped it (nothing recorded when it is there)."""
    view = clock.view()
    if view is None:
        return
    if view.running:
        clock.pause()
        view = clock.view()
    if view is not None and view.period_index != period:
        clock.jump_to_period(period)
        view = clock.view()
    if view is not None and view.remaining_ms != remaining_ms:
        clock.set_remaining(remaining_ms / 1000)


def bag_sheet_lines(lines: Sequence[BagLine]) -> dict[int | None, list[BagLine]]:
    """The lines by table, in table order."""
    by_table: dict[int | None, list[BagLine]] = {}
    for line in lines:
        by_table.setdefault(line.table, []).append(line)
    return by_table


__all__ = ["BagLine", "DayService", "DayView", "bag_sheet_lines", "put_clock_back"]
