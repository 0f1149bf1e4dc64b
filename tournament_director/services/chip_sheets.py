"""Chip count sheets: the director counts the stacks of one table, several, or the whole room (at a break, at the
end of a day, for a deal) and records them as one event; the chip leader, the average stack and whether the last
count added up to the chips in play, for the console, the projector and the room display.

The chips in play are every chip bought in (buy-ins, re-entries, rebuys, add-ons). Stacks the program keeps
between counts are only what it can know (a bust's chips go to the eliminator); a count of the room puts every
chip back in a stack, so a difference left then is chips missing or extra, and it is shown, never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.entries import COUNT_OCCASIONS
from tournament_director.domain.floor.events import ChipsCounted

OCCASION_TITLES = {"break": "At the break", "end_of_day": "At the end of the day", "deal": "For a deal",
                   "count": "A count"}


@dataclass(frozen=True)
class SheetLine:
    entry_id: int
    name: str
    table: int | None
    seat: int | None
    recorded: int  # the stack the program knows now


@dataclass(frozen=True)
class ChipLeader:
    entry_id: int
    name: str
    chips: int
    table: int | None
    seat: int | None


@dataclass(frozen=True)
class LastCount:
    time: datetime | None
    occasion: str
    tables: tuple[int, ...] | None  # None: the room
    entries: int
    counted: int
    recorded: int  # what the program knew of those stacks before the count
    chips_in_play: int

    @property
    def room(self) -> bool:
        return self.tables is None

    @property
    def difference(self) -> int:
        """A room count: counted minus the chips in play (0: it adds up). A table count: counted minus recorded."""
        return self.counted - (self.chips_in_play if self.room else self.recorded)

    @property
    def adds_up(self) -> bool:
        return not self.room or self.difference == 0

    def verdict(self) -> str:
        """'600,000 counted: it adds up to the chips in play' or '… 1,500 short of the 600,000 chips in play'."""
        if not self.room:
            change = self.counted - self.recorded
            sign = "+" if change > 0 else ""
            return (f"{self.counted:,} counted at {self.entries} stack(s) "
                    f"({sign}{change:,} on what was recorded)" if change else
                    f"{self.counted:,} counted at {self.entries} stack(s), as recorded")
        if self.difference == 0:
            return f"{self.counted:,} counted: it adds up to the chips in play"
        if self.difference < 0:
            return (f"{self.counted:,} counted: {-self.difference:,} short of the {self.chips_in_play:,} chips in "
                    "play. Recount, or look for chips missing from the tables")
        return (f"{self.counted:,} counted: {self.difference:,} more than the {self.chips_in_play:,} chips in play. "
                "Recount: more chips than were bought in")


@dataclass(frozen=True)
class ChipSummary:
    chips_in_play: int
    in_stacks: int  # the live players' stacks as recorded
    players_left: int
    average: int | None  # the chips in play over the players left
    leader: ChipLeader | None
    last_count: LastCount | None

    @property
    def outside_stacks(self) -> int:
        """Chips in pots, posted by absent players or taken by a bust with no eliminator, until counted back."""
        return self.chips_in_play - self.in_stacks


class ChipSheets:
    """Count sheets of one tournament (``runner``: its command runner)."""

    def __init__(self, runner: Any, now: Callable[[], datetime] | None = None) -> None:
        self.runner = runner
        self._now = now or (lambda: datetime.now(timezone.utc))

    @property
    def _t(self) -> Any:
        return self.runner.state.floor

    def sheet(self, tables: Sequence[int] | None = None) -> list[SheetLine]:
        """The players still in at ``tables`` (None: the room), by table and seat."""
        t = self._t
        if tables is not None:
            for number in _tables(tables):
                t.table(number)
        live = [e for e in t.entries.values() if not e.busted and (tables is None or e.table in tables)]
        live.sort(key=lambda e: (e.table is None, e.table or 0, e.seat or 0, e.name.casefold()))
        return [SheetLine(e.id, e.name, e.table, e.seat, e.chips) for e in live]

    def record(self, counts: Mapping[int, int], tables: Sequence[int] | None = None, occasion: str = "count") -> Any:
        """Record one sheet (every player of those tables, or of the room, with his stack) as one event."""
        _check(counts, tables, occasion)
        return self.runner.record(ChipsCounted(
            counts=[[e, c] for e, c in counts.items()], scope="room" if tables is None else "tables",
            tables=sorted(tables) if tables is not None else None, occasion=occasion,
            time=self._now().astimezone(timezone.utc).isoformat(timespec="seconds")))

    def preview(self, counts: Mapping[int, int], tables: Sequence[int] | None = None,
                occasion: str = "count") -> LastCount:
        """What recording these counts would say (counted, recorded, chips in play), recording nothing."""
        _check(counts, tables, occasion)
        t = self._t
        recorded = sum(t.entry(e).chips for e in counts)
        return LastCount(None, occasion, None if tables is None else tuple(sorted(tables)), len(counts),
                         sum(counts.values()), recorded, t.chips_issued)

    def summary(self) -> ChipSummary:
        t = self._t
        live = [e for e in t.entries.values() if not e.busted]
        leader = t.chip_leader()
        last = None
        if t.last_count is not None:
            c = t.last_count
            tables = tuple(c["tables"]) if c.get("tables") is not None else None
            time = datetime.fromisoformat(c["time"]) if c.get("time") else None
            last = LastCount(time, c["occasion"], tables, c["entries"], c["counted"], c["recorded"],
                             c["chips_in_play"])
        return ChipSummary(
            chips_in_play=t.chips_issued, in_stacks=sum(e.chips for e in live), players_left=len(live),
            average=t.chips_issued // len(live) if live else None,
            leader=None if leader is None else ChipLeader(leader.id, leader.name, leader.chips, leader.table,
                                                          leader.seat),
            last_count=last,
        )


def _tables(tables: object) -> list[int]:
    if not isinstance(tables, (list, tuple)) or len(tables) > limits.MAX_TABLES:
        raise DomainError(f"the tables counted are a list of table numbers, not {limits.shown(tables)}")
    return [limits.check_count(number, "table number", 1, limits.MAX_TABLE_NUMBER) for number in tables]


def _check(counts: object, tables: object, occasion: object) -> None:
    """A sheet's arguments: entry -> chips within the limits, the tables (or None: the room), the occasion."""
    if not isinstance(counts, Mapping):
        raise DomainError(f"the chip counts are given as entry -> chips, not {limits.shown(counts)}")
    for chips in counts.values():
        limits.check_amount(chips, "chip count")
    if tables is not None:
        _tables(tables)
    if not isinstance(occasion, str) or occasion not in COUNT_OCCASIONS:
        raise DomainError(f"a chip count is taken at a break, at the end of a day or for a deal, not "
                          f"{limits.shown(occasion)}")


__all__ = ["ChipLeader", "ChipSheets", "ChipSummary", "LastCount", "OCCASION_TITLES", "SheetLine"]
