# Kept whole: TournamentService is the one facade the console, the pages and the stations call for
# the floor; each method is a short check of its arguments and one recorded event, and the queries share the same
# views. The parts that stand alone already live apart: results.py, chip_counts.py, deals.py, stations.py.
"""Floor commands for one tournament: registration and money, the seat draw, hands, absent players,
eliminations, balancing and breaking proposals, payouts and deals.

Each command validates through the domain and records exactly one event through the CommandRunner.
Random draws and times are decided here and written into the payload, so a rebuild from the log gives
the same state. Queries hand out plain frozen values, never the live aggregate. Arguments of the wrong kind or
outside the limits of domain/limits.py are refused here, before any work, with a DomainError naming the
argument (the domain checks the event again when it is applied).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Mapping, Sequence

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import buttons, hand_for_hand
from tournament_director.domain.floor.balancing import Move, MoveProposal, propose
from tournament_director.domain.floor.busts import one_left_while_registration_open
from tournament_director.domain.floor.entries import level_of
from tournament_director.domain.floor.events import (
    ChipsCounted, DealMade, EntriesImported, EntryAddon, EntryBusted, EntryPresence, EntryRebuy, EntryRegistered,
    HandFinished, HandForHandSet, HandNext, MovesAccepted, PayoutsEdited, RegistrationClosed, SeatLocked, SeatsDrawn,
    TableButtonSet, TablesAdded, TournamentConfigured,
)
from tournament_director.domain.floor.records import Entry
from tournament_director.domain.floor.seating import (
    Table, default_rng, draw_first_button, draw_late_seat, draw_start_seats,
)
from tournament_director.domain.floor.standings import (
    StandingsRow, last_group_places, payout_percentages, places, places_of, prizes_by_place, standings,
)
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.money.icm import chip_chop, icm_deal
from tournament_director.domain.money.payouts import percentage
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.services.settings import break_fields
from tournament_director.services import table_map
from tournament_director.services.table_map import ProposalMark, TablesMark

__all__ = [
    "BustResult", "DealProposal", "EntriesMark", "EntryView", "ForcedBets", "Move", "MoveProposal", "PrizePoolView",
    "ProposalMark", "SeatView", "StandingsRow", "TableView", "TablesMark", "TournamentService",
]


@dataclass(frozen=True)
class ForcedBets:
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False


@dataclass(frozen=True)
class EntryView:
    entry_id: int
    name: str
    player_id: int | None
    entry_number: int  # 1 = first buy-in, 2 = first re-entry ...
    table: int | None
    seat: int | None
    chips: int
    present: bool
    waiting_for_button: bool  # TDA 8-A/10-A: seated between the small blind and the button
    rebuys: int
    addons: int
    busted: bool
    place: int | None
    place_to: int | None
    eliminated_by: tuple[int, ...]
    bounty: int
    bounty_won: int
    paid: int
    seat_from: str = ""  # the satellite whose seat paid this entry ("" paid at the desk)


@dataclass(frozen=True)
class SeatView:
    seat: int
    entry_id: int | None = None
    name: str = ""
    chips: int | None = None
    marker: str = ""  # "D", "SB", "BB", "D SB" heads-up
    absent: bool = False
    waiting: bool = False
    locked: bool = False
    bounty: int | None = None  # the bounty on his head, in a bounty tournament


@dataclass(frozen=True)
class TableView:
    number: int
    seats: tuple[SeatView, ...]
    hand_number: int = 0
    note: str = ""
    seat_count: int = 0
    players: int = 0
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    small_blind_dead: bool = False
    in_hand: bool = False
    broken: bool = False
    halt: bool = False  # TDA 11-D
    next_big_blind: int | None = None  # the entry due the big blind next (moves first to balance)
    waiting: tuple[int, ...] = ()


@dataclass(frozen=True)
class PrizePoolView:
    entries: int
    reentries: int
    rebuys: int
    addons: int
    contributions: int  # buy-ins, rebuys and add-ons less rake
    house: int  # fees and rake
    guarantee: int
    top_up: int
    prize_pool: int
    bounty_pool: int
    prizes: tuple[int, ...]  # by place
    players_left: int


@dataclass(frozen=True)
class BustResult:
    busted: tuple[EntryView, ...]
    proposal: MoveProposal
    finished: bool
    one_left: bool = False  # one player left, but registration is open: closing it finishes the tournament


@dataclass(frozen=True)
class DealProposal:
    method: str  # "icm" | "chip_chop"
    shares: tuple[tuple[int, int], ...]  # (entry id, amount)
    total: int


def _sequence(value: object, what: str) -> Sequence[Any]:
    """A list or tuple given to a command (a str, a mapping or a number is refused)."""
    if not isinstance(value, (list, tuple)):
        raise DomainError(f"{what} must be a list, not {limits.shown(value)}")
    return value


def _check_seat(table: object, seat: object) -> None:
    limits.check_count(table, "table number", 1, limits.MAX_TABLE_NUMBER)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise DomainError(f"the seat must be a whole number, not {limits.shown(seat)}")
    if not 1 <= seat <= limits.MAX_SEATS:
        raise DomainError(f"table {table} has no seat {limits.shown(seat)} (a table has at most {limits.MAX_SEATS} "
                          "seats)")


def _level_argument(level: object) -> int | None:
    return None if level is None else limits.check_count(level, "level", 1, limits.MAX_LEVELS)


@dataclass(frozen=True)
class EntriesMark:
    """Where a view of the entries stood when it last read them (``TournamentService.entries_since``)."""

    journal: Any     # the floor's change journal: another one means the floor was rebuilt (an undo, a reopening)
    event: int       # the journal's count of events then
    alive: int       # players still in then, and bust groups then: a late registration moves every busted
    groups: int      # player's place, a bust only adds the new places
    entries: int = 0  # entries then: those added since are late registrations and re-entries
    newest: tuple[int, ...] = ()  # the sizes of the newest bust groups then (an undo takes the latest off)
    finished: bool = False


NEWEST_GROUPS_MARKED = 8  # an undo of more busts at once than this reads every entry again


def _busts_undone(mark: EntriesMark, groups: Sequence[Any]) -> int | None:
    """How many entries the bust groups taken off since ``mark`` held (an undo of the latest busts puts them back
    among the players, each one in the change journal), when the group left newest has as many as it had then: the
    places of the players out before stand as they were. None when that is not known."""
    left = len(groups)
    first_marked = mark.groups - len(mark.newest)
    if max(left - 1, 0) < first_marked:  # more groups taken off than the mark knows the sizes of
        return None
    if left and len(groups[left - 1].entries) != mark.newest[left - 1 - first_marked]:
        return None
    return sum(mark.newest[left - first_marked:])


class TournamentService:
    """``players`` looks a player up in the registry by number (``Store.get_player``), raising DomainError for one
    that is not there; without it a player number is only checked for its range. ``admission`` refuses a player
    (DomainError) the tournament may not take: a flight's qualifier in another flight, first stack forward."""

    def __init__(
        self,
        runner: Any,
        rng: random.Random | None = None,
        now: Callable[[], datetime] | None = None,
        *,
        players: Callable[[int], Any] | None = None,
        admission: Callable[[str, int | None], None] | None = None,
    ) -> None:
        self.runner = runner
        self.rng = rng or default_rng()
        self._now = now or (lambda: datetime.now(timezone.utc).astimezone())
        self._players = players
        self._admission = admission  # refuses a player this tournament may not take (another flight's qualifier)

    # --- reading the live state ------------------------------------------------------------
    @property
    def _t(self) -> Tournament:
        floor: Tournament = self.runner.state.floor
        return floor

    def _level(self) -> Any:
        schedule = getattr(self.runner.state, "schedule", None)
        current = getattr(schedule, "current_level", None)
        return current() if callable(current) else None

    def _level_number(self, level: int | None) -> int | None:
        if level is not None:
            return _level_argument(level)
        current = self._level()
        return getattr(current, "number", None)

    def _on_break(self, level: int | None) -> dict[str, Any]:
        """On a break (and no level given): the break and the level before it, for "until level N" checks."""
        return {} if level is not None else break_fields(self.runner.state)

    def _forced(self, forced: ForcedBets | None) -> ForcedBets:
        if forced is not None:
            if not isinstance(forced, ForcedBets):
                raise DomainError(f"the blinds are given as ForcedBets, not {limits.shown(forced)}")
            return forced
        level = self._level()
        if level is None:
            raise DomainError("no blind level in force (on a break or no structure): give the blinds")
        return ForcedBets(level.small_blind, level.big_blind, level.ante, level.big_blind_ante)

    def _stamp(self) -> dict[str, str]:
        now = self._now()
        return {"time": now.astimezone(timezone.utc).isoformat(timespec="seconds"), "time_of_day": now.strftime("%H:%M")}

    # --- set-up ------------------------------------------------------------------------------
    def configure(self, settings: TournamentSettings | Mapping[str, Any]) -> Any:
        if isinstance(settings, TournamentSettings):
            settings.validate()
            data = settings.to_dict()
        elif isinstance(settings, Mapping):
            data = dict(settings)
        else:
            raise DomainError(f"the settings are TournamentSettings or named values, not {limits.shown(settings)}")
        TournamentSettings.from_dict(data)
        return self.runner.record(TournamentConfigured(settings=data))

    @property
    def settings(self) -> TournamentSettings:
        return self._t.settings

    def add_tables(self, count: int, seats: int = 9, *, first_number: int | None = None,
                   locked: Mapping[int, Iterable[int]] | None = None) -> Any:
        limits.check_count(count, "number of tables to add", 1, limits.MAX_TABLES)
        if len(self._t.tables) + count > limits.MAX_TABLES:  # refused before 10**6 tables are even built
            raise DomainError(f"a tournament has at most {limits.MAX_TABLES:,} tables; it has "
                              f"{len(self._t.tables):,}, so at most {limits.MAX_TABLES - len(self._t.tables):,} "
                              "more can be added")
        limits.check_seat_count(seats)
        start = first_number if first_number is not None else max(self._t.tables, default=0) + 1
        limits.check_count(start, "first table number", 1, limits.MAX_TABLE_NUMBER - count + 1)
        locked = locked or {}
        if not isinstance(locked, Mapping) or not all(
                isinstance(seats_of, (list, tuple, set)) and all(type(seat) is int for seat in seats_of)
                for seats_of in locked.values()):
            raise DomainError("the locked seats are given as table number -> seat numbers")
        specs = [{"number": n, "seats": seats, "locked": sorted(locked.get(n, ()))} for n in range(start, start + count)]
        return self.runner.record(TablesAdded(tables=specs))

    def lock_seat(self, table: int, seat: int, locked: bool = True) -> Any:
        _check_seat(table, seat)
        return self.runner.record(SeatLocked(table=table, seat=seat, locked=locked))

    def close_registration(self, closed: bool = True) -> Any:
        """Close (or reopen) registration; with one player left, closing it finishes the tournament."""
        return self.runner.record(RegistrationClosed(closed=closed, time=self._stamp()["time"]))

    # --- entries -----------------------------------------------------------------------------
    def _check_player(self, name: object, player_id: object) -> None:
        """The entry's name within the limits, and its player number one the registry knows."""
        if not isinstance(name, str) or not name.strip():
            raise DomainError("a player needs a name")
        limits.check_name(name, "entry name")
        if player_id is not None:
            number = limits.check_count(player_id, "player number", 1, limits.MAX_RECORD_ID)
            if self._players is not None:
                self._players(number)  # DomainError: there is no player number N in the registry
        if self._admission is not None:  # DomainError: a flight refuses another flight's qualifier
            self._admission(name, player_id if isinstance(player_id, int) else None)

    def register(self, name: str, player_id: int | None = None, *, level: int | None = None,
                 option: str | None = None, seat_from: str | None = None) -> EntryView:
        """A buy-in or re-entry (of the buy-in ``option``, the standard one by default). Once seats are drawn, the
        player draws from the same seat pool (TDA 8-A). ``seat_from``: paid by a seat won in that satellite
        (services/satellites.py), no cash taken at the desk."""
        self._check_player(name, player_id)
        if option is not None and not isinstance(option, str):
            raise DomainError(f"a buy-in option is named by text, not {limits.shown(option)}")
        if option:
            self.settings.buy_in_option(option)  # DomainError: there is no buy-in option of that name
        t = self._t
        entry_id = t.next_entry_id
        payload: dict[str, Any] = {"entry_id": entry_id, "name": name, "player_id": player_id,
                                   "level": self._level_number(level), **self._on_break(level), **self._stamp(),
                                   "seat": None}
        if option:
            payload["option"] = option
        if seat_from is not None:
            payload["seat_from"] = seat_from
        if t.seated_drawn:
            if t.registration_open(level_of(payload), payload["time_of_day"]):
                # the seat pool of the shortest tables, the table that breaks last first, not the table that
                # breaks next (TDA 8-A; seed 004 T 5)
                last_to_break = [t.tables[n] for n in reversed(t.break_order())]
                index = t.table_index()
                breaks_next = index.first_to_break() if len(index) else None
                _, table, seat = draw_late_seat(entry_id, last_to_break, breaks_next, self.rng)
                payload["seat"] = [table, seat]
        self.runner.record(EntryRegistered(**payload))
        return self.entry(entry_id)

    def register_many(self, players: Sequence[str | tuple[str, int | None]], *, level: int | None = None) -> list[EntryView]:
        """Bulk registration before the draw (a pre-registered list): one event."""
        start = self._t.next_entry_id
        _sequence(players, "the players to register")
        if len(self._t.entries) + len(players) > limits.MAX_ENTRIES:
            raise DomainError(f"a tournament holds at most {limits.MAX_ENTRIES:,} entries; it has "
                              f"{len(self._t.entries):,}")
        rows = []
        for i, player in enumerate(players):
            if isinstance(player, str):
                name, player_id = player, None
            elif isinstance(player, (list, tuple)) and len(player) == 2:
                name, player_id = player
            else:
                raise DomainError(f"player {i + 1} of the list is a name or (name, player number), not "
                                  f"{limits.shown(player)}")
            self._check_player(name, player_id)
            rows.append({"entry_id": start + i, "name": name, "player_id": player_id})
        self.runner.record(EntriesImported(entries=rows, level=self._level_number(level), **self._stamp()))
        return [self.entry(start + i) for i in range(len(rows))]

    def draw_seats(self) -> list[EntryView]:
        """The random start draw (TDA 7): every live entry without a seat, balanced across tables, and a
        drawn button at each table (rules-reference §3 row 24)."""
        t = self._t
        unseated = [e.id for e in t.entries.values() if not e.busted and e.table is None]
        if not unseated:
            raise DomainError("nobody is waiting for a seat")
        assignments = draw_start_seats(unseated, t.open_tables(), self.rng)
        occupancy: dict[int, dict[int, int]] = {}
        for entry_id, table, seat in assignments:
            occupancy.setdefault(table, dict(t.tables[table].seats))[seat] = entry_id
        button_seats = []
        for number in sorted(occupancy):
            if t.tables[number].big_blind is None:
                probe = Table(number=number, seat_count=t.tables[number].seat_count, seats=occupancy[number])
                button = draw_first_button(probe, self.rng)
                if button is not None:
                    button_seats.append([number, button])
        self.runner.record(SeatsDrawn(assignments=[list(a) for a in assignments], buttons=button_seats,
                                      time=self._stamp()["time"]))
        return [self.entry(e) for e in unseated]

    def set_button(self, table: int, seat: int) -> Any:
        """Put the button of the next hand on ``seat`` (first button, or a correction: TDA 34-A)."""
        _check_seat(table, seat)
        return self.runner.record(TableButtonSet(table=table, seat=seat))

    def rebuy(self, entry_id: int, *, level: int | None = None) -> EntryView:
        self.runner.record(EntryRebuy(entry_id=entry_id, level=self._level_number(level), **self._on_break(level)))
        return self.entry(entry_id)

    def add_on(self, entry_id: int, *, level: int | None = None) -> EntryView:
        self.runner.record(EntryAddon(entry_id=entry_id, level=self._level_number(level), **self._on_break(level)))
        return self.entry(entry_id)

    def set_present(self, entry_id: int, present: bool) -> EntryView:
        self.runner.record(EntryPresence(entry_id=entry_id, present=present))
        return self.entry(entry_id)

    def record_chips(self, counts: Mapping[int, int]) -> Any:
        """The director's chip counts (winners of pots the program cannot know)."""
        if not isinstance(counts, Mapping):
            raise DomainError(f"the chip counts are given as entry -> chips, not {limits.shown(counts)}")
        return self.runner.record(ChipsCounted(counts=[[e, c] for e, c in counts.items()]))

    # --- eliminations --------------------------------------------------------------------------
    def bust(self, entry_id: int, eliminated_by: Sequence[int] = (), *, start_chips: int | None = None,
             level: int | None = None) -> BustResult:
        return self.bust_many([(entry_id, eliminated_by, start_chips)], level=level)

    def bust_many(self, busts: Sequence[tuple[int, Sequence[int]] | tuple[int, Sequence[int], int | None]],
                  *, level: int | None = None) -> BustResult:
        """Players busted on the same hand (seed 004 T 11: ordered by chips at the start of the hand),
        then the balancing proposal."""
        t = self._t
        rows = []
        for bust in _sequence(busts, "the eliminations"):
            if not isinstance(bust, (list, tuple)) or len(bust) not in (2, 3):
                raise DomainError(f"an elimination is (entry, eliminators[, chips at the start of the hand]), not "
                                  f"{limits.shown(bust)}")
            entry_id, eliminators = bust[0], _sequence(bust[1], "the eliminators")
            row: dict[str, Any] = {"entry_id": entry_id, "eliminated_by": list(eliminators)}
            if len(bust) > 2 and bust[2] is not None:
                row["start_chips"] = bust[2]
            rows.append(row)
        payload: dict[str, Any] = {"busts": rows, "level": self._level_number(level), "time": self._stamp()["time"]}
        if t.hand_for_hand:
            payload["hand_for_hand_hand"] = t.hand_for_hand_hand
        self.runner.record(EntryBusted(**payload))
        ids = [r["entry_id"] for r in rows]
        group_places = last_group_places(t)
        views = tuple(self._entry_view(t.entries[e], group_places.get(e)) for e in ids)
        one_left = one_left_while_registration_open(t)
        proposal = MoveProposal("none") if t.finished or one_left else self.propose_moves()
        return BustResult(views, proposal, t.finished, one_left)

    # --- balancing, breaking, final table -----------------------------------------------------
    def propose_moves(self, draw: int | None = None) -> MoveProposal:
        """Moves to balance, break a table or form the final table; nothing moves until accepted. ``draw`` (from
        ``new_draw``) numbers the random seat draws: the same number on the same tables draws the same seats, so a
        proposal worked out again after a change elsewhere keeps its draw."""
        if self._t.finished:
            return MoveProposal("none")
        return propose(self._t.floor_picture(), self.rng if draw is None else random.Random(draw))

    def new_draw(self) -> int:
        """A random number for ``propose_moves``' seat draws."""
        return self.rng.getrandbits(64)

    def proposal_mark(self) -> ProposalMark:
        """The floor as it stands, for ``proposal_outdated``: a proposal keeps the mark of the floor it was worked
        out on."""
        return table_map.proposal_mark(self._t)

    def proposal_outdated(self, mark: ProposalMark | None) -> bool:
        """Whether the tables or the settings a proposal reads changed since ``mark`` (or the floor was rebuilt by
        an undo or a redo): such a proposal is to be worked out again before anyone moves."""
        return table_map.proposal_outdated(self._t, mark)

    def accept_moves(self, proposal: MoveProposal | Sequence[Move]) -> Any:
        """Record the proposal (or the director's edited moves) as one event."""
        payload: dict[str, Any]
        if isinstance(proposal, MoveProposal):
            payload = {
                "kind": proposal.kind,
                "moves": [m.to_dict() for m in proposal.moves],
                "broken_tables": list(proposal.broken_tables),
                "buttons": [list(b) for b in proposal.buttons],
            }
        else:
            moves = _sequence(proposal, "the moves")
            if not all(isinstance(m, Move) for m in moves):
                raise DomainError("the moves must be Move values (entry, from table and seat, to table and seat)")
            payload = {"kind": "manual", "moves": [m.to_dict() for m in moves], "broken_tables": [], "buttons": []}
        if not payload["moves"] and not payload["broken_tables"]:
            raise DomainError("no moves to make")
        payload["time"] = self._stamp()["time"]
        period = getattr(getattr(self.runner.state, "schedule", None), "current_period_index", None)
        if isinstance(period, int):
            payload["period"] = period   # the room's screens show the moves during this level or break only
        return self.runner.record(MovesAccepted(**payload))

    def move_player(self, entry_id: int, to_table: int, to_seat: int) -> Any:
        _check_seat(to_table, to_seat)
        entry = self._t.live_entry(entry_id)
        if entry.table is None or entry.seat is None:
            raise DomainError(f"{entry.name} has no seat yet")
        return self.accept_moves([Move(entry_id, entry.table, entry.seat, to_table, to_seat, "TD decision", "moved by the director")])

    # --- hands ---------------------------------------------------------------------------------
    def next_hand(self, table: int | None = None, forced: ForcedBets | None = None) -> Any:
        """Deal the next hand at one table, or at every table (table=None). Absent players post and
        their hands are killed (TDA 30, 71-C; seed 004 T 2, 4, 7)."""
        bets = self._forced(forced)
        numbers = [table] if table is not None else [t.number for t in self._t.open_tables() if t.players >= 2]
        if not numbers:
            raise DomainError("no table has two players to deal to")
        return self.runner.record(HandNext(
            tables=numbers, small_blind=bets.small_blind, big_blind=bets.big_blind, ante=bets.ante,
            big_blind_ante=bets.big_blind_ante, level=self._level_number(None), time=self._stamp()["time"]))

    def finish_hand(self, table: int | None = None) -> Any:
        numbers = [table] if table is not None else [t.number for t in self._t.open_tables() if t.in_hand]
        return self.runner.record(HandFinished(tables=numbers))

    def set_hand_for_hand(self, on: bool) -> Any:
        return self.runner.record(HandForHandSet(on=on))

    def down_to_one_table(self) -> bool:
        """Whether the players left sit at one table or fit at the final table: hand-for-hand has ended there."""
        return hand_for_hand.down_to_one_table(self._t)

    # --- payouts and deals -----------------------------------------------------------------------
    def edit_payouts(self, percentages: Sequence[str | int | float] | None) -> Any:
        """Hand-edited payout percentages by place (summing to 100), or None for the payout table."""
        value = None
        if percentages is not None:
            _sequence(percentages, "the payout percentages")
            if len(percentages) > limits.MAX_ENTRIES:
                raise DomainError(f"{len(percentages):,} places paid; at most {limits.MAX_ENTRIES:,}")
            value = [str(percentage(p, f"place {place}")) for place, p in enumerate(percentages, start=1)]
        return self.runner.record(PayoutsEdited(percentages=value))

    def propose_deal(self, method: str = "icm") -> DealProposal:
        t = self._t
        alive = sorted((e for e in t.entries.values() if not e.busted), key=lambda e: e.id)
        prizes = prizes_by_place(t)[: len(alive)]
        prizes += [0] * (len(alive) - len(prizes))
        stacks = [e.chips for e in alive]
        unit = t.settings.payout_unit
        if method == "icm":
            amounts = icm_deal(stacks, prizes, unit)
        elif method == "chip_chop":
            amounts = chip_chop(stacks, prizes, unit)
        else:
            raise DomainError(f"a deal is 'icm' or 'chip_chop', not {limits.shown(method)}")
        return DealProposal(method, tuple((e.id, a) for e, a in zip(alive, amounts)), sum(prizes))

    def make_deal(self, deal: DealProposal | Mapping[int, int], method: str = "custom") -> Any:
        if isinstance(deal, DealProposal):
            shares, method = list(deal.shares), deal.method
        elif isinstance(deal, Mapping):
            shares = list(deal.items())
        else:
            raise DomainError(f"a deal is a DealProposal or entry -> amount, not {limits.shown(deal)}")
        limits.check_name(method, "deal method", max_length=40)
        return self.runner.record(DealMade(method=method, shares=[[e, a] for e, a in shares]))

    # --- queries ---------------------------------------------------------------------------------
    def _entry_view(self, e: Entry, place: tuple[int, int] | None = None) -> EntryView:
        waiting = e.table is not None and e.id in self._t.tables[e.table].waiting
        return EntryView(
            entry_id=e.id, name=e.name, player_id=e.player_id, entry_number=e.number, table=e.table, seat=e.seat,
            chips=e.chips, present=e.present, waiting_for_button=waiting, rebuys=e.rebuys, addons=e.addons,
            busted=e.busted, place=place[0] if place else None, place_to=place[1] if place else None,
            eliminated_by=tuple(e.eliminated_by), bounty=e.bounty, bounty_won=e.bounty_won, paid=e.paid_total,
            seat_from=self._t.seat_entries[e.id][0] if e.id in self._t.seat_entries else "",
        )

    def entry(self, entry_id: int) -> EntryView:
        t = self._t
        e = t.entry(entry_id)
        place = None
        if e.busted or t.finished:
            place = places(t).get(entry_id)
        return self._entry_view(e, place)

    def entries(self) -> list[EntryView]:
        t = self._t
        placed = places(t)
        return [self._entry_view(e, placed.get(e.id)) for e in t.entries.values()]

    def entries_since(self, mark: EntriesMark | None, *, every_place: bool = True,
                      ) -> tuple[EntriesMark, list[EntryView] | None]:
        """The entries changed since ``mark`` (a mark this returned before) and the mark of now; None instead of the
        entries when every one is to be read again (a first look, a rebuilt floor, a change of the whole room, a
        change that moves the places of the busted players in another way than a late entry or an undo of the
        latest busts does). A late entry moves every busted player's place down one: those entries are among the
        changed ones, unless ``every_place`` is False (the caller moves the places itself, by the entries added
        since ``mark``)."""
        t = self._t
        journal = t.changes.journal
        groups = t.bust_groups
        now = EntriesMark(journal, journal.count, t.alive, len(groups), len(t.entries),
                          tuple(len(group.entries) for group in groups[-NEWEST_GROUPS_MARKED:]), t.finished)
        if mark is None or mark.journal is not journal or t.finished or mark.finished:
            return now, None
        if now.groups >= mark.groups:
            newly_busted = sum(len(group.entries) for group in groups[mark.groups:])
        else:
            undone = _busts_undone(mark, groups)
            if undone is None:
                return now, None
            newly_busted = -undone
        changed = journal.since(mark.event)
        added = now.entries - mark.entries
        if changed is None or added < 0 or mark.alive + added - now.alive != newly_busted:
            return now, None
        entry_ids, table_numbers = changed
        ids = set(entry_ids)
        if added and every_place:  # a late entry or a re-entry moves every busted player's place down one
            for group in t.bust_groups:
                ids.update(group.entries)
        for number in table_numbers:   # a hand dealt or a seat changed: its players' status may have changed
            table = dict.get(t.tables, number)
            if table is not None:
                ids.update(table.seats.values())
                ids.update(table.waiting)
        present = [t.entries[i] for i in sorted(ids) if i in t.entries]
        placed = places_of(t, {e.id for e in present if e.busted})
        return now, [self._entry_view(e, placed.get(e.id)) for e in present]

    def table(self, number: int) -> TableView:
        t = self._t
        return self._table_view(t.table(number), self._halts())

    def table_seats(self, number: int) -> tuple[SeatView, ...]:
        """Table ``number``'s seats with the hand's markers: its own view, without the halt check (TDA 11-D) that
        compares it with every other table."""
        return self._table_view(self._t.table(number), set()).seats

    def tables(self) -> list[TableView]:
        halts = self._halts()
        return [self._table_view(table, halts) for table in sorted(self._t.open_tables(), key=lambda x: x.number)]

    def tables_since(self, mark: TablesMark | None) -> tuple[TablesMark, set[int] | None]:
        """The numbers of the tables changed since ``mark`` (their halt marks too) and the mark of now; None instead
        of the numbers when every table is to be read again (table_map.py)."""
        return table_map.tables_since(self._t, mark)

    def table_views(self, numbers: Iterable[int]) -> list[TableView]:
        """The views of the tables ``numbers`` that exist (a broken one says so), in that order."""
        halts = self._halts()
        tables = self._t.tables
        return [self._table_view(table, halts) for n in numbers if (table := dict.get(tables, n)) is not None]

    def open_table_numbers(self) -> list[int]:
        return table_map.open_table_numbers(self._t)

    def open_among(self, numbers: Iterable[int]) -> set[int]:
        return table_map.open_among(self._t, numbers)

    def open_table_seats(self) -> list[tuple[int, int]]:
        return table_map.open_table_seats(self._t)

    def seating_of(self, entry_ids: Iterable[int]) -> dict[int, tuple[str, int | None, int | None]]:
        return table_map.seating_of(self._t, entry_ids)

    def seated_players(self) -> list[tuple[int, str, int, int | None]]:
        """(entry id, name, table, seat) of every player in a seat, by name: whom a manual move may move, without a
        view of every entry."""
        return table_map.seated_players(self._t)

    def _halts(self) -> frozenset[int]:
        return table_map.halt_tables(self._t)

    def _table_view(self, table: Table, halts: frozenset[int] | set[int]) -> TableView:
        t = self._t
        mode = t.settings.button_mode
        button = sb = bb = None
        sb_dead = False
        due: int | None = None
        if table.players >= 2:
            # after a hand: its markers; after a draw or a redraw (no button yet): the next hand's (TDA 34-A)
            if table.hand_number > 0 and table.button is not None:
                button, sb, bb = table.button, table.small_blind, table.big_blind
                # empty, or a newcomer sitting out until the button passes (seed 004 T 8): nobody posts it
                sb_dead = sb is not None and (sb not in table.seats or table.seats[sb] in table.waiting)
            else:
                pos = buttons.upcoming_positions(table, mode)
                button, sb, bb, sb_dead = pos.button, pos.small_blind, pos.big_blind, pos.small_blind_dead
            order = buttons.due_big_blind_order(table, mode)
            due = order[0] if order else None
        seats = []
        bounties = t.settings.bounty_mode != "none"
        for seat in range(1, table.seat_count + 1):
            marker = " ".join(m for m, s in (("D", button), ("SB", sb), ("BB", bb)) if s == seat)
            entry_id = table.seats.get(seat)
            if entry_id is None:
                seats.append(SeatView(seat, marker=marker, locked=seat in table.locked))
                continue
            e = t.entries[entry_id]
            seats.append(SeatView(seat, entry_id, e.name, e.chips, marker, not e.present, entry_id in table.waiting,
                                  bounty=e.bounty if bounties else None))
        halt = table.number in halts
        note = f"{t.settings.halt_short_by}+ short: halt (TDA 11-D)" if halt else ""
        return TableView(
            number=table.number, seats=tuple(seats), hand_number=table.hand_number, note=note,
            seat_count=table.seat_count, players=table.players, button=button, small_blind=sb, big_blind=bb,
            small_blind_dead=sb_dead, in_hand=table.in_hand, broken=table.broken, halt=halt, next_big_blind=due,
            waiting=tuple(sorted(table.waiting)),
        )

    def standings(self) -> list[StandingsRow]:
        return standings(self._t)

    def results(self) -> list[StandingsRow]:
        """Finished entries by place (and the winner once the tournament is over)."""
        return [r for r in standings(self._t) if r.place is not None]

    def prize_pool(self) -> PrizePoolView:
        t = self._t
        return PrizePoolView(
            entries=len(t.entries), reentries=t.reentries, rebuys=t.rebuys, addons=t.addons,
            contributions=t.prize_contributions, house=t.house_total, guarantee=t.settings.guarantee,
            top_up=t.guarantee_top_up, prize_pool=t.prize_pool, bounty_pool=t.bounty_pool,
            prizes=tuple(prizes_by_place(t)) if t.entries else (), players_left=t.players_left,
        )

    @property
    def payouts_by_hand(self) -> bool:
        """Whether the director's own percentages replace the payout table."""
        return self._t.payout_percentages is not None

    def payout_percentages(self) -> tuple[str, ...]:
        return tuple(str(p) for p in payout_percentages(self._t))

    @property
    def players_left(self) -> int:
        return self._t.players_left

    @property
    def finished(self) -> bool:
        return self._t.finished

    @property
    def entries_paid_by_seats(self) -> int:
        """Entries a satellite's seat paid for (services/satellites.py)."""
        return len(self._t.seat_entries)

    @property
    def chips_in_play(self) -> int:
        """Every chip bought in (stacks, rebuys, add-ons), including chips in pots not yet counted back."""
        return self._t.chips_issued

    def check_invariants(self) -> list[str]:
        return self._t.check_invariants()
