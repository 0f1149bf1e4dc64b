"""Table stations' commands and the view each station shows: one tablet or phone at each table reports that
table's hands, busts, moves, chip counts and floor calls (the floor facts are domain/floor/stations.py).

A station's commands run under its own name in the log ("table 3 station"), so the console's Log tab says who
did it and undoes it like any other event. Each command checks its arguments first and refuses with a plain
sentence (a seat with nobody in it, a stack that is not a whole number, a hand the table is no longer on);
the domain refuses the rest (another table's player, a player another station already busted). The director's
answers to a station (confirming or refusing a bust, answering a floor call) are commands here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import buttons
from tournament_director.domain.floor import stations as facts
from tournament_director.domain.floor.events import (
    ChipsCounted, StationBustConfirmed, StationBustRefused, StationBustReported, StationFloorAnswered,
    StationFloorCalled, StationHandDone, StationMoveConfirmed,
)
from tournament_director.domain.floor.standings import last_group_places
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.services.moves import PlayerMove

STATION_OCCASIONS = ("break", "end_of_day", "count")  # a table's count sheet (not "deal": that is the room's)


def station_name(table: int) -> str:
    """How the event log names a table's station."""
    return f"table {table} station"


def is_station(operator: str) -> bool:
    """Whether ``operator`` (the event log's name of who acts) is a table's station."""
    return operator.startswith("table ") and operator.endswith(" station")


@dataclass(frozen=True)
class StationSeat:
    seat: int
    entry_id: int | None
    name: str
    chips: int
    markers: str  # "D", "SB", "BB" of the hand in play (or about to be dealt)
    absent: bool
    waiting: bool  # sits out until the button passes
    locked: bool


@dataclass(frozen=True)
class BustProposalView:
    number: int
    table: int
    hand: int
    busts: tuple[tuple[int, str, int], ...]  # (entry, name, chips at the start of the hand)
    winners: tuple[str, ...]
    time: str | None

    def sentence(self) -> str:
        out = " and ".join(f"{name} ({start:,} chips at the start of the hand)" for _e, name, start in self.busts)
        won = f", pot won by {' and '.join(self.winners)}" if self.winners else ""
        return f"Table {self.table}, hand {self.hand}: {out} out{won}"


@dataclass(frozen=True)
class FloorCallView:
    number: int
    table: int
    seat: int | None
    note: str
    time: str | None

    def sentence(self) -> str:
        where = f"Table {self.table}" + (f", seat {self.seat}" if self.seat is not None else "")
        return f"{where} calls the floor" + (f": {self.note}" if self.note else "")


@dataclass(frozen=True)
class StationView:
    table: int
    hand: int
    in_hand: bool
    done: bool  # this table reported its current hand done
    seats: tuple[StationSeat, ...]
    next_button: int | None
    next_small_blind: int | None
    next_big_blind: int | None
    waiting: tuple[str, ...]
    hand_for_hand: bool
    tables_done: tuple[int, ...]
    tables_playing: tuple[int, ...]
    moves: tuple[PlayerMove, ...]  # leaving or reaching this table, not yet confirmed
    proposals: tuple[BustProposalView, ...]
    calls: tuple[FloorCallView, ...]
    trusted: bool
    sequence: int


@dataclass(frozen=True)
class StationsOverview:
    """What the console's Table stations panel shows."""

    hand_for_hand: bool
    tables: tuple[tuple[int, int, bool], ...]  # (table, hand, done) of the playing tables
    proposals: tuple[BustProposalView, ...]
    calls: tuple[FloorCallView, ...]


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{what} must be a whole number, not {limits.shown(value)}")
    return value


class StationService:
    """One tournament's stations. ``session`` is the session its commands run through, or a function giving it
    (``DirectorSession.acting_in``): the console's while the tournament is in front, its own behind."""

    def __init__(self, session: Any) -> None:
        self._session_of = session if callable(session) else (lambda: session)

    @property
    def _session(self) -> Any:
        return self._session_of()

    # ----- reading -------------------------------------------------------------------------------------
    def _floor(self) -> Any:
        floor = self._session.tournament
        if floor is None:
            raise DomainError("no tournament is open on the console")
        return floor

    @property
    def _t(self) -> Tournament:
        floor: Tournament = self._session.runner.state.floor
        return floor

    def tables(self) -> list[int]:
        """The open tables' numbers (each has a station)."""
        return sorted(table.number for table in self._t.open_tables()) if self._session.runner else []

    def check_table(self, table: Any) -> int:
        number = _whole(table, "the table")
        found = self._t.tables.get(number)
        if found is None or found.broken:
            raise DomainError(f"there is no table {number} in play")
        return number

    def _name(self, entry_id: int) -> str:
        entry = self._t.entries.get(entry_id)
        return entry.name if entry is not None else "?"

    def _proposal_view(self, number: int, p: Mapping[str, Any]) -> BustProposalView:
        winners = sorted({w for b in p["busts"] for w in b["eliminated_by"]})
        return BustProposalView(number, p["table"], p["hand"],
                                tuple((b["entry_id"], self._name(b["entry_id"]), b["start_chips"])
                                      for b in p["busts"]),
                                tuple(self._name(w) for w in winners), p.get("time"))

    def proposals(self, table: int | None = None) -> list[BustProposalView]:
        """The bust proposals waiting for the director (of ``table`` only, when given)."""
        return [self._proposal_view(n, p) for n, p in sorted(self._t.stations.proposals.items())
                if table is None or p["table"] == table]

    def calls(self, table: int | None = None) -> list[FloorCallView]:
        """The open floor calls (of ``table`` only, when given)."""
        return [FloorCallView(n, c["table"], c.get("seat"), c.get("note", ""), c.get("time"))
                for n, c in sorted(self._t.stations.calls.items()) if table is None or c["table"] == table]

    def overview(self) -> StationsOverview:
        t = self._t
        done = facts.tables_done(t)
        tables = tuple((table.number, table.hand_number, table.number in done)
                       for table in sorted(facts.playing_tables(t), key=lambda x: x.number))
        return StationsOverview(t.hand_for_hand, tables, tuple(self.proposals()), tuple(self.calls()))

    def tables_done(self) -> set[int]:
        return facts.tables_done(self._t)

    def view(self, table: int) -> StationView:
        """What ``table``'s station shows: built from that table, its seats' entries and the list of tables,
        never by walking every entry (a hundred stations read their tables many times a second)."""
        number = self.check_table(table)
        t = self._t
        raw = t.tables[number]
        seats = tuple(StationSeat(s.seat, s.entry_id, s.name if s.entry_id else "", s.chips if s.entry_id else 0,
                                  s.marker, s.absent, s.waiting, s.locked) for s in self._floor().table_seats(number))
        if raw.players >= 2:
            upcoming = buttons.upcoming_positions(raw, t.settings.button_mode)
            next_positions: tuple[int | None, int | None, int | None] = (
                upcoming.button, upcoming.small_blind, upcoming.big_blind)
        else:
            next_positions = (None, None, None)
        moves = tuple(PlayerMove(m[0], self._name(m[0]), m[1], m[2], m[3], m[4])
                      for m in facts.pending_moves(t, number))
        done = facts.tables_done(t)
        return StationView(
            table=number, hand=raw.hand_number, in_hand=raw.in_hand, done=number in done, seats=seats,
            next_button=next_positions[0], next_small_blind=next_positions[1], next_big_blind=next_positions[2],
            waiting=tuple(self._name(e) for e in sorted(raw.waiting)), hand_for_hand=t.hand_for_hand,
            tables_done=tuple(sorted(done)),
            tables_playing=tuple(sorted(x.number for x in facts.playing_tables(t))),
            moves=moves, proposals=tuple(self.proposals(number)), calls=tuple(self.calls(number)),
            trusted=t.settings.trust_table_stations, sequence=self._session.runner.last_seq,
        )

    # ----- a station's commands -------------------------------------------------------------------------
    def _as_station(self, table: int, command: Any, *args: Any) -> Any:
        with self._session.runner.operated_by(station_name(table)):
            return self._session.run(command, *args)

    def _stamp(self) -> dict[str, Any]:
        clock = self._session.clock
        view = clock.view() if clock is not None else None
        level = getattr(getattr(view, "level", None), "number", None)
        now = getattr(self._session, "_wall_now", lambda: datetime.now(UTC))()
        payload: dict[str, Any] = {"time": now.astimezone(UTC).isoformat(timespec="seconds"), "level": level}
        if self._t.hand_for_hand:
            payload["hand_for_hand_hand"] = self._t.hand_for_hand_hand
        return payload

    def hand_done(self, table: Any, hand: Any) -> str:
        """The dealer's "hand done": players may move now. Hand-for-hand, the last table to report deals the next
        hand everywhere, with its minutes off the clock (TDA RP-8); otherwise the dealer deals the next hand."""
        number = self.check_table(table)
        hand_number = _whole(hand, "the hand")
        self._as_station(number, self._session.runner.record, StationHandDone(table=number, hand=hand_number))
        t = self._t
        if not t.hand_for_hand:
            return f"Hand {hand_number} done"
        if not facts.round_complete(t):
            left = sorted({x.number for x in facts.playing_tables(t)} - facts.tables_done(t))
            return (f"Hand {hand_number} done; waiting for table{'s' if len(left) != 1 else ''} "
                    f"{', '.join(map(str, left))}")
        try:
            self._as_station(number, self._session.next_hand_all_tables)
        except DomainError as refusal:  # the report stands; the director deals when the clock allows
            return f"Hand {hand_number} done at every table; the next hand is not dealt yet: {refusal}"
        return f"Hand {hand_number} done at every table: the next hand-for-hand hand is dealt"

    def next_hand(self, table: Any, hand: Any) -> str:
        """Deal the table's next hand after ``hand`` (not hand-for-hand: then every table deals together)."""
        number = self.check_table(table)
        hand_number = _whole(hand, "the hand")
        raw = self._t.tables[number]
        if self._t.hand_for_hand:
            raise DomainError("hand-for-hand: the next hand is dealt at every table together, once every table "
                              "has reported its hand done", rule="TDA RP-8")
        if hand_number != raw.hand_number:
            raise DomainError(f"table {number} is on hand {raw.hand_number} now, not hand {hand_number}: the page "
                              "shows the table again")
        if raw.in_hand:
            raise DomainError(f"hand {raw.hand_number} is still in play at table {number}: tap Hand done first")
        self._as_station(number, self._floor().next_hand, number)
        return f"Hand {raw.hand_number} is dealt"

    def _seat_entry(self, table: int, seat: Any) -> int:
        seat_number = _whole(seat, "the seat")
        raw = self._t.tables[table]
        if not 1 <= seat_number <= raw.seat_count:
            raise DomainError(f"table {table} has no seat {seat_number} (seats 1 to {raw.seat_count})")
        entry_id = raw.seats.get(seat_number)
        if entry_id is None:
            raise DomainError(f"nobody sits in seat {seat_number} of table {table}")
        return entry_id

    def bust(self, table: Any, hand: Any, busted: Sequence[Mapping[str, Any]], winner_seats: Sequence[Any]) -> Any:
        """Busted seats (each ``{"seat", "start_chips"}``) and the seat(s) of the pot's winner; proposed to the
        director, or recorded at once when the tournament trusts its stations. Returns (text, proposal number or
        None, the balancing proposal or None)."""
        number = self.check_table(table)
        hand_number = _whole(hand, "the hand")
        if not isinstance(busted, (list, tuple)) or not busted or len(busted) > 10:
            raise DomainError("pick the busted seat or seats")
        if not isinstance(winner_seats, (list, tuple)) or len(winner_seats) > 10:
            raise DomainError("pick the seat of the player who won the pot")
        winners = [self._seat_entry(number, s) for s in winner_seats]
        rows: list[dict[str, Any]] = []
        for item in busted:
            if not isinstance(item, Mapping):
                raise DomainError("each busted seat comes with the player's stack at the start of the hand")
            entry_id = self._seat_entry(number, item.get("seat"))
            if item.get("start_chips") is None:
                raise DomainError(f"give {self._name(entry_id)}'s stack at the start of the hand")
            start = limits.check_amount(item.get("start_chips"), "stack at the start of the hand")
            rows.append({"entry_id": entry_id, "eliminated_by": winners, "start_chips": start})
        if any(row["entry_id"] in winners for row in rows):
            raise DomainError("the player who won the pot cannot be one of the busted players")
        trusted = self._t.settings.trust_table_stations
        payload = {"table": number, "hand": hand_number, "busts": rows, "recorded": trusted, **self._stamp()}
        self._as_station(number, self._session.runner.record, StationBustReported(**payload))
        who = " and ".join(self._name(r["entry_id"]) for r in rows)
        if trusted:
            return f"{who} out: recorded", None, self._balance()
        return f"{who} out: sent to the director to confirm", self._t.stations.proposals_made, None

    def confirm_move(self, table: Any, seat: Any) -> str:
        number = self.check_table(table)
        entry_id = self._seat_entry(number, seat)
        self._as_station(number, self._session.runner.record, StationMoveConfirmed(table=number, entry_id=entry_id))
        return f"{self._name(entry_id)} has taken seat {seat}"

    def count_chips(self, table: Any, counts: Mapping[Any, Any], occasion: Any = "count") -> str:
        """The table's count sheet, a stack per seat (every player at the table)."""
        number = self.check_table(table)
        if occasion not in STATION_OCCASIONS:
            raise DomainError(f"a table's chip count is taken at a break, at the end of a day or as a count, not "
                              f"{limits.shown(occasion)}")
        if not isinstance(counts, Mapping) or not counts:
            raise DomainError("enter a stack for each seat")
        rows = []
        for seat, chips in counts.items():
            seat_number = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
            entry_id = self._seat_entry(number, seat_number)
            if chips is None or chips == "":
                raise DomainError(f"enter {self._name(entry_id)}'s stack (seat {seat_number})")
            rows.append([entry_id, limits.check_amount(chips, f"stack in seat {seat_number}")])
        self._as_station(number, self._session.runner.record,
                         ChipsCounted(counts=rows, scope="tables", tables=[number], occasion=occasion,
                                      time=self._stamp()["time"]))
        return f"Chip count of table {number} recorded: {sum(c for _e, c in rows):,} chips"

    def call_floor(self, table: Any, seat: Any = None, note: Any = "") -> str:
        number = self.check_table(table)
        if seat is not None:
            seat = _whole(seat, "the seat")
        text = limits.check_text(note, "note", max_length=facts.NOTE_LIMIT) if note else ""
        payload = {"table": number, "seat": seat, "note": " ".join(text.split()), **self._stamp()}
        self._as_station(number, self._session.runner.record, StationFloorCalled(**payload))
        return "The floor is called" + (f" to seat {seat}" if seat is not None else "")

    # ----- the director's answers -----------------------------------------------------------------------
    def _balance(self) -> Any:
        t = self._t
        return None if t.finished else self._floor().propose_moves()

    def confirm_bust(self, proposal: Any) -> tuple[str, Any]:
        """Record a station's bust proposal as the elimination; returns (what happened, the balancing proposal)."""
        number = _whole(proposal, "the proposal")
        waiting = self._t.stations.proposals.get(number)
        if waiting is None:
            raise DomainError(f"there is no bust proposal {number} waiting (already decided?)")
        view = self._proposal_view(number, waiting)
        self._session.run(self._session.runner.record, StationBustConfirmed(proposal=number, **self._stamp()))
        places = last_group_places(self._t)
        text = "; ".join(f"{name} out" + (f" in place {places[e][0]}" if e in places else "")
                         for e, name, _start in view.busts)
        return text, self._balance()

    def refuse_bust(self, proposal: Any, reason: str = "") -> str:
        number = _whole(proposal, "the proposal")
        payload: dict[str, Any] = {"proposal": number}
        if reason:
            payload["reason"] = limits.check_text(reason, "reason", max_length=facts.NOTE_LIMIT)
        self._session.run(self._session.runner.record, StationBustRefused(**payload))
        return f"Bust proposal {number} refused"

    def answer_call(self, call: Any) -> str:
        number = _whole(call, "the floor call")
        self._session.run(self._session.runner.record, StationFloorAnswered(call=number))
        return f"Floor call {number} answered"
