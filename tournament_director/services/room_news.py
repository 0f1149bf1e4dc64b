"""What the room's screens announce besides the clock: hand-for-hand, the final table, the seating chart after
the draw, who moves where after a table breaks, the recent knockouts, the chip leader, the bounties in play with
the biggest heads, and at the end the winner and the final results. One frozen value read from the services, for
the projector and the room display alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from datetime import datetime, timedelta
from typing import Any, Literal

from tournament_director.domain import limits
from tournament_director.services.bounties import BountyBoard, bounty_board
from tournament_director.services.chip_sheets import ChipLeader
from tournament_director.services.moves import PlayerMove
from tournament_director.services.results import Knockout, ResultLine, Results

# after a table breaks, at most this long, and only during the level or break it broke in, until a hand is dealt
# where its players went; a player moved again or out since drops from the list
MOVES_SHOWN_FOR = timedelta(minutes=5)
SeatingChartWanted = Literal["when due", "always", "never"]


@dataclass(frozen=True)
class SeatLine:
    name: str
    table: int
    seat: int


@dataclass(frozen=True)
class SeatingNews:
    """The latest seating change: the draw, a balancing move, a table breaking, the final table's redraw."""

    kind: str  # "draw" | "balance" | "break" | "final_table" | "manual"
    moves: tuple[PlayerMove, ...]
    broken_tables: tuple[int, ...]
    time: datetime | None
    fresh: bool  # still worth showing: nobody has dealt at the tables players moved to, and not long ago


@dataclass(frozen=True)
class RoomNews:
    hand_for_hand: bool
    final_table: bool
    finished: bool
    winner: ResultLine | None
    results: tuple[ResultLine, ...]  # once over: every place, the best first (empty before)
    knockouts: tuple[Knockout, ...]  # the latest first
    chip_leader: ChipLeader | None
    seating: SeatingNews | None
    seating_chart: tuple[SeatLine, ...]  # the players still in, by name (as asked: room_news)
    clock_started: bool
    bounties: BountyBoard | None = None  # the bounties in play and the biggest heads (a bounty tournament)

    @property
    def show_seating_chart(self) -> bool:
        """After the draw, until the clock starts: everybody looks for his seat."""
        return (self.seating is not None and self.seating.kind == "draw" and not self.clock_started
                and bool(self.seating_chart) and not self.finished)

    # The long lists as plain rows, made once per news (a screen repainting four times a second asks each time).
    @cached_property
    def seating_rows(self) -> tuple[tuple[str, int, int], ...]:
        """The seating chart as (name, table, seat)."""
        return tuple((s.name, s.table, s.seat) for s in self.seating_chart)

    @cached_property
    def result_rows(self) -> tuple[tuple[str, str, int], ...]:
        """The results as (place text, name, prize)."""
        return tuple((line.place_text, line.name, line.prize) for line in self.results)

    @property
    def show_moves(self) -> bool:
        """After a table breaks (or the final table is drawn): who moves where, while it is fresh."""
        return (self.seating is not None and self.seating.kind in ("break", "final_table") and self.seating.fresh
                and bool(self.seating.moves) and not self.finished)


def room_news(runner: Any, now: datetime, seating_chart: SeatingChartWanted = "when due") -> RoomNews:
    """The news of the tournament of ``runner`` at wall time ``now`` (aware). What costs a look at every entry is
    read only when it is shown: the results once the tournament is over, the seating chart after the draw until
    the clock starts ("when due"), whenever the director asks for it ("always") or not at all ("never": a screen
    that shows none); the knockouts come from the latest busts, the chip leader from the entries changed since the
    last look."""
    t = runner.state.floor
    results = Results(t)
    names = t.entries
    # more players than one table seats: not the final table, whatever the tables (no walk over every table)
    open_tables = [] if t.alive > limits.MAX_SEATS else [
        table for table in t.tables.values() if not table.broken and table.players > 0]
    seating = None
    if t.last_seating is not None:
        s = t.last_seating
        time = datetime.fromisoformat(s["time"]) if s.get("time") else None
        dealt_since = any(t.tables[n].hand_number > hand for n, hand in s.get("hands", []) if n in t.tables)
        period, period_now = s.get("period"), getattr(runner.state.schedule, "current_period_index", None)
        clock_moved_on = period is not None and period_now is not None and period != period_now
        fresh = not dealt_since and not clock_moved_on and (time is None or now - time <= MOVES_SHOWN_FOR)
        moves = tuple(PlayerMove(e, names[e].name if e in names else f"entry {e}", ft, fs, tt, ts)
                      for e, ft, fs, tt, ts in s["moves"] if not fresh or _still_seated(names.get(e), tt, ts))
        seating = SeatingNews(s["kind"], moves, tuple(s["broken"]), time, fresh and bool(moves))
    clock_started = bool(getattr(runner.state.schedule, "started", False))
    chart_due = seating is not None and seating.kind == "draw" and not clock_started and not t.finished
    chart: tuple[SeatLine, ...] = ()
    if seating_chart == "always" or (seating_chart == "when due" and chart_due):
        chart = tuple(sorted((SeatLine(e.name, e.table, e.seat) for e in t.entries.values()
                              if not e.busted and e.table is not None and e.seat is not None),
                             key=lambda line: (line.name.casefold(), line.table, line.seat)))
    leader = t.chip_leader()
    return RoomNews(
        hand_for_hand=t.hand_for_hand and not t.finished,
        final_table=len(open_tables) == 1 and len(t.tables) > 1 and t.alive >= 2 and not t.finished,
        finished=t.finished,
        winner=results.winner(),
        results=tuple(results.lines()) if t.finished else (),
        knockouts=tuple(results.recent_knockouts(5)),
        chip_leader=None if leader is None else ChipLeader(leader.id, leader.name, leader.chips, leader.table,
                                                           leader.seat),
        seating=seating,
        seating_chart=chart,
        clock_started=clock_started,
        bounties=bounty_board(t),
    )


def _still_seated(entry: Any, table: int, seat: int) -> bool:
    """Whether a moved player still sits where the move sent him (not moved again, not out)."""
    return entry is not None and not entry.busted and (entry.table, entry.seat) == (table, seat)


__all__ = ["RoomNews", "SeatLine", "SeatingChartWanted", "SeatingNews", "room_news"]
