"""What the room's screens announce besides the clock: hand-for-hand, the final table, the seating chart after
the draw, who moves where after a table breaks, the recent knockouts, the chip leader, and at the end the winner
and the final results. One frozen value read from the services, for the projector and the room display alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tournament_director.services.chip_sheets import ChipLeader, ChipSheets
from tournament_director.services.results import Knockout, ResultLine, Results

MOVES_SHOWN_FOR = timedelta(minutes=5)  # after a table breaks, at most this long (or until a hand is dealt there)


@dataclass(frozen=True)
class SeatLine:
    name: str
    table: int
    seat: int


@dataclass(frozen=True)
class MoveLine:
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


@dataclass(frozen=True)
class SeatingNews:
    """The latest seating change: the draw, a balancing move, a table breaking, the final table's redraw."""

    kind: str  # "draw" | "balance" | "break" | "final_table" | "manual"
    moves: tuple[MoveLine, ...]
    broken_tables: tuple[int, ...]
    time: datetime | None
    fresh: bool  # still worth showing: nobody has dealt at the tables players moved to, and not long ago


@dataclass(frozen=True)
class RoomNews:
    hand_for_hand: bool
    final_table: bool
    finished: bool
    winner: ResultLine | None
    results: tuple[ResultLine, ...]  # every decided place, the best first
    knockouts: tuple[Knockout, ...]  # the latest first
    chip_leader: ChipLeader | None
    seating: SeatingNews | None
    seating_chart: tuple[SeatLine, ...]  # the players still in, by name
    clock_started: bool

    @property
    def show_seating_chart(self) -> bool:
        """After the draw, until the clock starts: everybody looks for his seat."""
        return (self.seating is not None and self.seating.kind == "draw" and not self.clock_started
                and bool(self.seating_chart) and not self.finished)

    @property
    def show_moves(self) -> bool:
        """After a table breaks (or the final table is drawn): who moves where, while it is fresh."""
        return (self.seating is not None and self.seating.kind in ("break", "final_table") and self.seating.fresh
                and bool(self.seating.moves) and not self.finished)


def room_news(runner: Any, now: datetime) -> RoomNews:
    """The news of the tournament of ``runner`` at wall time ``now`` (aware)."""
    t = runner.state.floor
    results = Results(t)
    lines = results.lines()
    names = {e.id: e.name for e in t.entries.values()}
    open_tables = [table for table in t.tables.values() if not table.broken and table.players > 0]
    seating = None
    if t.last_seating is not None:
        s = t.last_seating
        time = datetime.fromisoformat(s["time"]) if s.get("time") else None
        dealt_since = any(t.tables[n].hand_number > hand for n, hand in s.get("hands", []) if n in t.tables)
        fresh = not dealt_since and (time is None or now - time <= MOVES_SHOWN_FOR)
        moves = tuple(MoveLine(names.get(e, f"entry {e}"), ft, fs, tt, ts) for e, ft, fs, tt, ts in s["moves"])
        seating = SeatingNews(s["kind"], moves, tuple(s["broken"]), time, fresh)
    chart = tuple(sorted((SeatLine(e.name, e.table, e.seat) for e in t.entries.values()
                          if not e.busted and e.table is not None and e.seat is not None),
                         key=lambda line: (line.name.casefold(), line.table, line.seat)))
    return RoomNews(
        hand_for_hand=t.hand_for_hand and not t.finished,
        final_table=len(open_tables) == 1 and len(t.tables) > 1 and t.alive >= 2 and not t.finished,
        finished=t.finished,
        winner=results.winner(),
        results=tuple(lines),
        knockouts=tuple(results.recent_knockouts(5)),
        chip_leader=ChipSheets(runner).summary().leader if t.alive else None,
        seating=seating,
        seating_chart=chart,
        clock_started=bool(getattr(runner.state.schedule, "started", False)),
    )


__all__ = ["MoveLine", "RoomNews", "SeatLine", "SeatingNews", "room_news"]
