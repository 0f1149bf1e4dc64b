"""The tournament floor: settings, entries and money, tables and seats, hands, busts and places.

``Tournament`` is a pure aggregate folded from events (domain/state.py routes every event that is
not "structure.*" or "clock.*" here). Each ``apply`` validates first and raises DomainError without
changing anything when the event does not fit; it is deterministic: random draws, times and levels
are decided by the command and written into the payload.

Event types (payload fields):
    tournament.configured   settings (dict, TournamentSettings.to_dict)
    tables.added            tables: [{number, seats, locked: [seat, ...]}]
    seat.locked             table, seat, locked (bool)
    registration.closed     closed (bool)
    entry.registered        entry_id, name, player_id?, level?, time_of_day?, seat: [table, seat] | null
    entries.imported        entries: [{entry_id, name, player_id?}], level?, time_of_day?  (before the draw)
    seats.drawn             assignments: [[entry_id, table, seat], ...], buttons: [[table, seat], ...]
    table.button_set        table, seat          (the button of the next hand; TDA 34-A correction)
    entry.rebuy / entry.addon   entry_id, level?
    entry.presence          entry_id, present (bool)
    chips.counted           counts: [[entry_id, chips], ...]
    entry.busted            busts: [{entry_id, eliminated_by: [entry_id, ...], start_chips?}],
                            level?, time?, hand_for_hand_hand?
    moves.accepted          kind, moves: [Move.to_dict()], broken_tables: [n], buttons: [[table, seat]]
    hand.next               tables: [n], small_blind, big_blind, ante, big_blind_ante (bool)
    hand.finished           tables: [n]
    hand_for_hand.set       on (bool)
    payouts.edited          percentages: ["50", "30", "20"] | null (back to the payout table)
    deal.made               method, shares: [[entry_id, amount], ...]
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from datetime import datetime
from decimal import Decimal
from operator import attrgetter
from typing import Any, Callable, Iterator

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import buttons
from tournament_director.domain.floor.balancing import FloorPicture, Move, default_break_order
from tournament_director.domain.floor.seating import Table, validate_table_spec
from tournament_director.domain.money.payouts import HUNDRED, percentage, split_evenly
from tournament_director.domain.money.settings import TournamentSettings


@dataclass(slots=True)
class Entry:
    id: int
    name: str
    player_id: int | None
    player_key: str
    number: int  # 1 = first buy-in, 2 = first re-entry, ...
    chips: int
    table: int | None = None
    seat: int | None = None
    present: bool = True
    rebuys: int = 0
    addons: int = 0
    paid_prize: int = 0  # into the prize pool, after rake
    paid_house: int = 0  # fees and rake
    paid_bounty: int = 0
    bounty: int = 0  # the bounty on this entry's head now
    bounty_won: int = 0
    busted: bool = False
    bust_group: int | None = None
    eliminated_by: list[int] = field(default_factory=list)
    bust_level: int | None = None
    bust_time: str | None = None
    arrived_hand: int | None = None  # hand number of the table when moved in (recently moved)
    registered_level: int | None = None

    @property
    def paid_total(self) -> int:
        return self.paid_prize + self.paid_house + self.paid_bounty


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Build many small objects without the cyclic garbage collector walking the whole (large) heap after
    every few hundred of them: with 10,000 entries that walking is most of the cost of a snapshot."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# Snapshots store each entry as one row of values in this order (named once in the snapshot), which
# keeps a 10,000-entry snapshot small and quick to write and read.
ENTRY_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Entry))
_entry_row = attrgetter(*ENTRY_FIELDS)
_ELIMINATED_BY = ENTRY_FIELDS.index("eliminated_by")


@dataclass
class BustGroup:
    """The entries busted on one hand (one bust event, or one hand-for-hand hand across tables)."""

    entries: list[int]
    start_chips: dict[int, int]
    tables: dict[int, int | None]
    hand_for_hand_hand: int | None = None


def _int(value: Any, what: str, minimum: int | None = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DomainError(f"{what} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise DomainError(f"{what} must be at least {minimum}, not {value}")
    return value


class Tournament:
    def __init__(self) -> None:
        self.settings = TournamentSettings()
        self.configured = False
        self.entries: dict[int, Entry] = {}
        self.tables: dict[int, Table] = {}
        self.player_entries: dict[str, list[int]] = {}
        self.bust_groups: list[BustGroup] = []
        self.alive = 0
        self.seated_drawn = False  # the start draw took place
        self.registration_closed = False
        self.hand_for_hand = False
        self.hand_for_hand_hand = 0
        self.chips_issued = 0
        self.chips_unassigned = 0  # lost by absent players or busted without an eliminator, not yet counted
        self.prize_contributions = 0
        self.house_total = 0
        self.bounty_pool = 0
        self.bounty_unclaimed = 0
        self.payout_percentages: tuple[Decimal, ...] | None = None
        self.deal: dict[int, int] | None = None
        self.deal_method: str | None = None
        self.finished = False

    # --- aggregate protocol ------------------------------------------------------------------
    @classmethod
    def new(cls) -> "Tournament":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        handler = self._HANDLERS.get(event_type)
        if handler is None:
            raise DomainError(f"the tournament floor does not know the event {event_type!r}")
        if not isinstance(payload, dict):
            raise DomainError(f"{event_type}: the payload must be a mapping")
        try:
            handler(self, payload)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, DomainError):
                raise
            raise DomainError(f"{event_type}: malformed payload ({exc!r})") from exc

    def to_snapshot(self) -> dict[str, Any]:
        with _collector_paused():
            return self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_dict(),
            "configured": self.configured,
            "entry_fields": list(ENTRY_FIELDS),
            "entries": [_entry_row(e) for e in self.entries.values()],
            "tables": [t.to_row() for t in self.tables.values()],
            # one row per group: [entries], [their chips at the start of the hand], [their tables], hand
            "bust_groups": [
                (list(g.entries), [g.start_chips[e] for e in g.entries], [g.tables[e] for e in g.entries],
                 g.hand_for_hand_hand)
                for g in self.bust_groups
            ],
            "seated_drawn": self.seated_drawn,
            "registration_closed": self.registration_closed,
            "hand_for_hand": self.hand_for_hand,
            "hand_for_hand_hand": self.hand_for_hand_hand,
            "chips_issued": self.chips_issued,
            "chips_unassigned": self.chips_unassigned,
            "prize_contributions": self.prize_contributions,
            "house_total": self.house_total,
            "bounty_pool": self.bounty_pool,
            "bounty_unclaimed": self.bounty_unclaimed,
            "payout_percentages": None
            if self.payout_percentages is None
            else [str(p) for p in self.payout_percentages],
            "deal": None if self.deal is None else [[e, a] for e, a in self.deal.items()],
            "deal_method": self.deal_method,
            "finished": self.finished,
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "Tournament":
        with _collector_paused():
            return cls._from_snapshot(data)

    @classmethod
    def _from_snapshot(cls, data: dict[str, Any]) -> "Tournament":
        t = cls()
        if not data or "entries" not in data:
            return t
        t.settings = TournamentSettings.from_dict(data["settings"])
        t.configured = data["configured"]
        names = tuple(data["entry_fields"])
        same_layout = names == ENTRY_FIELDS
        player_entries = t.player_entries
        alive = 0
        for row in data["entries"]:
            entry = Entry(*row) if same_layout else Entry(**dict(zip(names, row)))
            entry.eliminated_by = list(entry.eliminated_by)
            t.entries[entry.id] = entry
            player_entries.setdefault(entry.player_key, []).append(entry.id)
            alive += not entry.busted
        t.alive = alive
        for row in data["tables"]:
            table = Table.from_row(row)
            t.tables[table.number] = table
        t.bust_groups = [
            BustGroup(list(entries), dict(zip(entries, chips)), dict(zip(entries, tables)), hand)
            for entries, chips, tables, hand in data["bust_groups"]
        ]
        for name in (
            "seated_drawn", "registration_closed", "hand_for_hand", "hand_for_hand_hand", "chips_issued",
            "chips_unassigned", "prize_contributions", "house_total", "bounty_pool", "bounty_unclaimed",
            "deal_method", "finished",
        ):
            setattr(t, name, data[name])
        if data["payout_percentages"] is not None:
            t.payout_percentages = tuple(Decimal(p) for p in data["payout_percentages"])
        if data["deal"] is not None:
            t.deal = {e: a for e, a in data["deal"]}
        return t

    # --- reading ---------------------------------------------------------------------------
    @property
    def next_entry_id(self) -> int:
        return len(self.entries) + 1  # entry ids run 1, 2, 3, ... (checked at registration)

    @property
    def players_left(self) -> int:
        return self.alive

    @property
    def prize_pool(self) -> int:
        """Entries, rebuys and add-ons less rake, topped up to the guarantee."""
        return max(self.prize_contributions, self.settings.guarantee)

    @property
    def guarantee_top_up(self) -> int:
        return max(0, self.settings.guarantee - self.prize_contributions)

    def entry(self, entry_id: Any) -> Entry:
        entry = self.entries.get(entry_id) if isinstance(entry_id, int) else None
        if entry is None:
            raise DomainError(f"there is no entry {entry_id!r}")
        return entry

    def live_entry(self, entry_id: Any) -> Entry:
        entry = self.entry(entry_id)
        if entry.busted:
            raise DomainError(f"entry {entry_id} ({entry.name}) is already out")
        return entry

    def table(self, number: Any) -> Table:
        table = self.tables.get(number) if isinstance(number, int) else None
        if table is None:
            raise DomainError(f"there is no table {number!r}")
        return table

    def open_tables(self) -> list[Table]:
        return [t for t in self.tables.values() if not t.broken]

    def break_order(self) -> list[int]:
        return default_break_order((n for n, t in self.tables.items() if not t.broken), self.settings.break_order)

    def recently_moved(self, entry_id: int) -> bool:
        """Moved in less than one orbit ago: passed over for the next balancing move (TDA 11-A)."""
        entry = self.entries[entry_id]
        if entry.arrived_hand is None or entry.table is None:
            return False
        table = self.tables[entry.table]
        return table.hand_number - entry.arrived_hand < max(table.players, 1)

    def floor_picture(self) -> FloorPicture:
        s = self.settings
        return FloorPicture(
            tables={n: t for n, t in self.tables.items() if not t.broken},
            break_order=self.break_order(),
            tolerance_many=s.tolerance_many_tables,
            tolerance_few=s.tolerance_few_tables,
            few_tables=s.few_tables,
            halt_short_by=s.halt_short_by,
            final_table_size=s.final_table_size,
            redraw_final_table=s.redraw_final_table,
            final_table_next_level=s.final_table_next_level,
            button_mode=s.button_mode,
            recently_moved=self.recently_moved,
        )

    def registration_open(self, level: int | None, time_of_day: str | None) -> bool:
        s = self.settings
        if self.registration_closed or self.finished:
            return False
        if level is not None and s.late_registration_until_level is not None:
            if level > s.late_registration_until_level:
                return False
        if time_of_day is not None and s.late_registration_until_time is not None:
            if _past_time_of_day(time_of_day, s.late_registration_until_time, s.scheduled_start):
                return False
        return True

    # --- settings and tables ---------------------------------------------------------------
    def _configured(self, p: dict[str, Any]) -> None:
        settings = TournamentSettings.from_dict(p["settings"])
        self.settings = settings
        self.configured = True

    def _tables_added(self, p: dict[str, Any]) -> None:
        specs = p["tables"]
        if not isinstance(specs, list) or not specs:
            raise DomainError("no tables to add")
        new: list[Table] = []
        numbers: set[int] = set()
        for spec in specs:
            number, seats, locked = spec["number"], spec["seats"], spec.get("locked", [])
            validate_table_spec(number, seats, locked)
            if number in self.tables or number in numbers:
                raise DomainError(f"table {number} already exists")
            numbers.add(number)
            new.append(Table(number=number, seat_count=seats, locked=set(locked)))
        for table in new:
            self.tables[table.number] = table

    def _seat_locked(self, p: dict[str, Any]) -> None:
        table = self.table(p["table"])
        seat = _int(p["seat"], "seat", 1)
        if seat > table.seat_count:
            raise DomainError(f"table {table.number} has no seat {seat}")
        locked = bool(p["locked"])
        if locked and seat in table.seats:
            raise DomainError(f"seat {seat} at table {table.number} is taken; move the player first")
        if locked:
            table.locked.add(seat)
        else:
            table.locked.discard(seat)

    def _registration_closed(self, p: dict[str, Any]) -> None:
        closed = bool(p["closed"])
        if not closed and self.finished:
            raise DomainError("the tournament is over: registration cannot reopen")
        self.registration_closed = closed
        self._finish_if_over()

    # --- entries ---------------------------------------------------------------------------
    def _check_can_register(self, name: Any, player_id: Any, level: Any, time_of_day: Any) -> str:
        if not self.configured:
            raise DomainError("configure the tournament before registering players")
        if not isinstance(name, str) or not name.strip():
            raise DomainError("a player needs a name")
        if player_id is not None:
            _int(player_id, "player id", 1)
        if self.deal is not None:
            raise DomainError("registration is over: a deal has been made")
        if not self.registration_open(level, time_of_day):
            raise DomainError("registration is closed (late registration ended)", rule="TDA 8-A")
        key = f"id:{player_id}" if player_id is not None else f"name:{name.strip().casefold()}"
        earlier = self.player_entries.get(key, [])
        if any(not self.entries[e].busted for e in earlier):
            raise DomainError(f"{name} already has a live entry")
        if earlier:
            s = self.settings
            if len(earlier) > s.reentry_limit:
                raise DomainError(f"{name} has used all {s.reentry_limit} re-entries", rule="WSOP 13")
            if level is not None and s.reentry_until_level is not None and level > s.reentry_until_level:
                raise DomainError(f"re-entry closed after level {s.reentry_until_level}", rule="WSOP 13")
        return key

    def _new_entry(self, entry_id: Any, name: str, player_id: int | None, key: str, level: int | None) -> Entry:
        s = self.settings
        rake = s.buy_in * s.rake_percent // 100
        return Entry(
            id=entry_id, name=name.strip(), player_id=player_id, player_key=key,
            number=len(self.player_entries.get(key, [])) + 1, chips=s.starting_stack,
            paid_prize=s.buy_in - rake, paid_house=s.fee + rake,
            paid_bounty=s.bounty if s.bounty_mode != "none" else 0,
            bounty=s.bounty if s.bounty_mode != "none" else 0, registered_level=level,
        )

    def _add_entry(self, entry: Entry) -> None:
        self.entries[entry.id] = entry
        self.player_entries.setdefault(entry.player_key, []).append(entry.id)
        self.alive += 1
        self.chips_issued += entry.chips
        self.prize_contributions += entry.paid_prize
        self.house_total += entry.paid_house
        self.bounty_pool += entry.paid_bounty

    def _registered(self, p: dict[str, Any]) -> None:
        entry_id = p["entry_id"]
        if entry_id != self.next_entry_id:
            raise DomainError(f"entry number {entry_id!r} is out of turn; the next is {self.next_entry_id}")
        name, player_id, level = p["name"], p.get("player_id"), p.get("level")
        key = self._check_can_register(name, player_id, level, p.get("time_of_day"))
        seat = p.get("seat")
        table: Table | None = None
        if seat is not None:
            table = self.table(seat[0])
            self._check_open_seat(table, seat[1])
        elif self.seated_drawn:
            raise DomainError("seats have been drawn: a late registration needs a seat from the pool", rule="TDA 8-A")
        entry = self._new_entry(entry_id, name, player_id, key, level)
        self._add_entry(entry)
        if table is not None:
            self._sit(entry, table, seat[1], arrived=False)

    def _imported(self, p: dict[str, Any]) -> None:
        rows = p["entries"]
        if self.seated_drawn:
            raise DomainError("seats have been drawn: register late players one at a time with a seat", rule="TDA 8-A")
        expected = self.next_entry_id
        keys: list[str] = []
        seen: set[str] = set()
        for i, row in enumerate(rows):
            if row["entry_id"] != expected + i:
                raise DomainError(f"entry number {row['entry_id']!r} is out of turn; expected {expected + i}")
            key = self._check_can_register(row["name"], row.get("player_id"), p.get("level"), p.get("time_of_day"))
            if key in seen:
                raise DomainError(f"{row['name']} is twice in the list")
            seen.add(key)
            keys.append(key)
        for row, key in zip(rows, keys):
            self._add_entry(self._new_entry(row["entry_id"], row["name"], row.get("player_id"), key, p.get("level")))

    def _check_open_seat(self, table: Table, seat: Any) -> None:
        _int(seat, "seat", 1)
        if table.broken:
            raise DomainError(f"table {table.number} is broken")
        if seat > table.seat_count:
            raise DomainError(f"table {table.number} has no seat {seat}")
        if seat in table.locked:
            raise DomainError(f"seat {seat} at table {table.number} is locked")
        if seat in table.seats:
            raise DomainError(f"seat {seat} at table {table.number} is taken")

    def _sit(self, entry: Entry, table: Table, seat: int, arrived: bool) -> None:
        """Seat a new or moved player; he waits for the button between the SB and the button (TDA 8-A, 10-A)."""
        table.seats[seat] = entry.id
        entry.table, entry.seat = table.number, seat
        entry.arrived_hand = table.hand_number if arrived else None
        table.waiting.discard(entry.id)
        if table.big_blind is None:
            if table.players >= 2:
                buttons.initial_markers(table, min(table.seats))
        elif table.players > 2:
            positions = buttons.upcoming_positions(table, self.settings.button_mode)
            if buttons.must_wait_for_button(table, seat, positions, self.settings.new_player_rule):
                table.waiting.add(entry.id)

    def _unsit(self, entry: Entry) -> None:
        if entry.table is not None:
            table = self.tables[entry.table]
            table.seats.pop(entry.seat, None)  # type: ignore[arg-type]
            table.waiting.discard(entry.id)
        entry.table = entry.seat = None

    def _seats_drawn(self, p: dict[str, Any]) -> None:
        assignments = p["assignments"]
        taken: set[tuple[int, int]] = set()
        seen: set[int] = set()
        for entry_id, table_number, seat in assignments:
            entry = self.live_entry(entry_id)
            if entry.table is not None:
                raise DomainError(f"entry {entry_id} ({entry.name}) already has a seat")
            if entry_id in seen:
                raise DomainError(f"entry {entry_id} drawn twice")
            seen.add(entry_id)
            table = self.table(table_number)
            self._check_open_seat(table, seat)
            if (table_number, seat) in taken:
                raise DomainError(f"seat {seat} at table {table_number} drawn twice")
            taken.add((table_number, seat))
        button_of = {}
        for table_number, seat in p.get("buttons", []):
            table = self.table(table_number)
            if seat not in table.seats and (table_number, seat) not in taken:
                raise DomainError(f"the button at table {table_number} must be on a player (seat {seat} is empty)")
            button_of[table_number] = seat
        for entry_id, table_number, seat in assignments:
            table = self.tables[table_number]
            table.seats[seat] = entry_id
            entry = self.entries[entry_id]
            entry.table, entry.seat = table_number, seat
        for table_number, seat in button_of.items():
            table = self.tables[table_number]
            if table.players >= 2:
                buttons.initial_markers(table, seat)
        self.seated_drawn = True

    def _button_set(self, p: dict[str, Any]) -> None:
        table = self.table(p["table"])
        seat = p["seat"]
        if seat not in table.seats:
            raise DomainError(f"the button must be on a player: seat {seat!r} at table {table.number} is empty")
        if table.players < 2:
            raise DomainError(f"table {table.number} has fewer than two players")
        if table.in_hand:
            raise DomainError(f"table {table.number} is in a hand; set the button between hands", rule="TDA 34-A")
        buttons.initial_markers(table, seat)

    def _check_no_deal(self, what: str) -> None:
        if self.deal is not None:
            raise DomainError(f"{what} is closed: a deal has divided the prize money")

    def _check_between_hands(self, entry: Entry, what: str) -> None:
        if entry.table is not None and self.tables[entry.table].in_hand:
            raise DomainError(
                f"{what} for {entry.name} is recorded between hands: table {entry.table} is in a hand",
                rule="TDA 27; seed 003",
            )

    def _rebuy(self, p: dict[str, Any]) -> None:
        s = self.settings
        entry = self.live_entry(p["entry_id"])
        level = p.get("level")
        if s.rebuy_limit <= 0:
            raise DomainError("this tournament has no rebuys")
        self._check_no_deal("the rebuy")
        if entry.rebuys >= s.rebuy_limit:
            raise DomainError(f"{entry.name} has used all {s.rebuy_limit} rebuys")
        if level is not None and s.rebuy_until_level is not None and level > s.rebuy_until_level:
            raise DomainError(f"rebuys ended after level {s.rebuy_until_level}")
        ceiling = s.rebuy_max_chips if s.rebuy_max_chips is not None else s.starting_stack
        if entry.chips > ceiling:
            raise DomainError(f"{entry.name} has {entry.chips} chips; a rebuy needs {ceiling} or fewer")
        self._check_between_hands(entry, "a rebuy")
        rake = s.rebuy_price * s.rake_percent // 100
        entry.rebuys += 1
        self._buy_chips(entry, s.rebuy_chips, s.rebuy_price - rake, s.rebuy_fee + rake)

    def _addon(self, p: dict[str, Any]) -> None:
        s = self.settings
        entry = self.live_entry(p["entry_id"])
        level = p.get("level")
        if not s.addon_enabled:
            raise DomainError("this tournament has no add-on")
        self._check_no_deal("the add-on")
        if entry.addons >= 1:
            raise DomainError(f"{entry.name} has already taken the add-on")
        if level is not None and s.addon_until_level is not None and level > s.addon_until_level:
            raise DomainError(f"the add-on ended after level {s.addon_until_level}")
        self._check_between_hands(entry, "an add-on")
        rake = s.addon_price * s.rake_percent // 100
        entry.addons += 1
        self._buy_chips(entry, s.addon_chips, s.addon_price - rake, s.addon_fee + rake)

    def _buy_chips(self, entry: Entry, chips: int, prize: int, house: int) -> None:
        entry.chips += chips
        entry.paid_prize += prize
        entry.paid_house += house
        self.chips_issued += chips
        self.prize_contributions += prize
        self.house_total += house

    def _presence(self, p: dict[str, Any]) -> None:
        entry = self.live_entry(p["entry_id"])
        entry.present = bool(p["present"])

    def _chips_counted(self, p: dict[str, Any]) -> None:
        counts = [(self.live_entry(e), _int(c, "chip count")) for e, c in p["counts"]]
        if len({e.id for e, _ in counts}) != len(counts):
            raise DomainError("an entry is counted twice")
        for entry, chips in counts:
            self.chips_unassigned -= chips - entry.chips
            entry.chips = chips

    # --- busts and places ----------------------------------------------------------------------
    def _busted(self, p: dict[str, Any]) -> None:
        busts = p["busts"]
        if not isinstance(busts, list) or not busts:
            raise DomainError("no player to eliminate")
        ids = [b["entry_id"] for b in busts]
        if len(set(ids)) != len(ids):
            raise DomainError("a player is eliminated twice in one hand")
        if len(ids) >= self.alive:
            raise DomainError(
                f"{len(ids)} eliminations would leave no one: {self.alive} player(s) left; the last one wins"
            )
        plan = []
        for b in busts:
            entry = self.live_entry(b["entry_id"])
            eliminators = [self.live_entry(e) for e in b.get("eliminated_by", [])]
            if any(e.id == entry.id for e in eliminators):
                raise DomainError(f"{entry.name} cannot eliminate himself: name the player who won his chips")
            if any(e.id in ids for e in eliminators):
                raise DomainError(f"{entry.name} cannot be eliminated by a player busted in the same hand")
            if len({e.id for e in eliminators}) != len(eliminators):
                raise DomainError("an eliminator is named twice")
            start = b.get("start_chips", entry.chips)
            _int(start, "chips at the start of the hand")
            plan.append((entry, eliminators, start))
        h4h = p.get("hand_for_hand_hand") if self.hand_for_hand else None
        self._eliminate(plan, h4h, p.get("level"), p.get("time"))

    def _eliminate(
        self, plan: list[tuple[Entry, list[Entry], int]], h4h: int | None, level: Any, time: Any
    ) -> None:
        last = self.bust_groups[-1] if self.bust_groups else None
        if h4h is not None and last is not None and last.hand_for_hand_hand == h4h:
            group = last
        else:
            group = BustGroup([], {}, {}, h4h)
            self.bust_groups.append(group)
        index = len(self.bust_groups) - 1
        for entry, eliminators, start in plan:
            group.entries.append(entry.id)
            group.start_chips[entry.id] = start
            group.tables[entry.id] = entry.table
            if entry.table is not None:
                self.tables[entry.table].in_hand = False  # the hand is over at that table
            self._settle_bust_chips(entry, eliminators)
            self._settle_bounty(entry, eliminators)
            self._unsit(entry)
            entry.busted = True
            entry.bust_group = index
            entry.eliminated_by = [e.id for e in eliminators]
            entry.bust_level = level if isinstance(level, int) else None
            entry.bust_time = time if isinstance(time, str) else None
            self.alive -= 1
        self._finish_if_over(level)

    def _finish_if_over(self, level: Any = None) -> None:
        """Over when one player is left and no one else can still enter."""
        s = self.settings
        late_over = (
            isinstance(level, int) and s.late_registration_until_level is not None
            and level > s.late_registration_until_level
        )
        if self.alive == 1 and len(self.entries) >= 2 and not self.finished and (self.registration_closed or late_over):
            self._finish()

    def _settle_bust_chips(self, entry: Entry, eliminators: list[Entry]) -> None:
        if eliminators:
            for winner, share in zip(eliminators, split_evenly(entry.chips, len(eliminators))):
                winner.chips += share
        else:
            self.chips_unassigned += entry.chips
        entry.chips = 0

    def _settle_bounty(self, entry: Entry, eliminators: list[Entry]) -> None:
        s = self.settings
        if entry.bounty == 0:
            return
        if not eliminators:
            self.bounty_unclaimed += entry.bounty
        elif s.bounty_mode == "progressive":
            cash = entry.bounty * s.pko_cash_percent // 100
            for winner, share in zip(eliminators, split_evenly(cash, len(eliminators))):
                winner.bounty_won += share
            for winner, share in zip(eliminators, split_evenly(entry.bounty - cash, len(eliminators))):
                winner.bounty += share
        else:
            for winner, share in zip(eliminators, split_evenly(entry.bounty, len(eliminators))):
                winner.bounty_won += share
        entry.bounty = 0

    def _finish(self) -> None:
        """One player holds all the chips: the tournament is over."""
        winner = next(e for e in self.entries.values() if not e.busted)
        winner.chips += self.chips_unassigned
        self.chips_unassigned = 0
        winner.bounty_won += winner.bounty  # the winner keeps his own bounty
        winner.bounty = 0
        self.finished = True

    # --- moves ---------------------------------------------------------------------------
    def _moves_accepted(self, p: dict[str, Any]) -> None:
        moves = [Move.from_dict(m) for m in p["moves"]]
        broken = [self.table(n) for n in p.get("broken_tables", [])]
        movers = {m.entry_id for m in moves}
        if len(movers) != len(moves):
            raise DomainError("a player appears twice in the moves")
        vacated: set[tuple[int, int]] = set()
        for m in moves:
            entry = self.live_entry(m.entry_id)
            if (entry.table, entry.seat) != (m.from_table, m.from_seat):
                raise DomainError(
                    f"{entry.name} is not at table {m.from_table} seat {m.from_seat} any more: propose again"
                )
            if self.tables[m.from_table].in_hand:
                raise DomainError(f"table {m.from_table} is in a hand; move {entry.name} when it is over")
            vacated.add((m.from_table, m.from_seat))
        targets: set[tuple[int, int]] = set()
        broken_numbers = {t.number for t in broken}
        for m in moves:
            table = self.table(m.to_table)
            if table.broken or m.to_table in broken_numbers:
                raise DomainError(f"table {m.to_table} is broken: nobody can move there")
            if (m.to_table, m.to_seat) in targets:
                raise DomainError(f"two players moved to seat {m.to_seat} at table {m.to_table}")
            targets.add((m.to_table, m.to_seat))
            if (m.to_table, m.to_seat) not in vacated:
                self._check_open_seat(table, m.to_seat)
            elif m.to_seat in table.locked:
                raise DomainError(f"seat {m.to_seat} at table {m.to_table} is locked")
        for table in broken:
            staying = [e for s, e in table.seats.items() if e not in movers]
            if staying:
                raise DomainError(f"table {table.number} cannot break: {len(staying)} player(s) not moved")
        button_of = {}
        for number, seat in p.get("buttons", []):
            if (number, seat) not in targets and seat not in self.table(number).seats:
                raise DomainError(f"the button at table {number} must be on a player")
            button_of[number] = seat
        for m in moves:
            self._unsit(self.entries[m.entry_id])
        redrawn = set(button_of)
        for m in moves:
            entry, table = self.entries[m.entry_id], self.tables[m.to_table]
            if m.to_table in redrawn:
                table.seats[m.to_seat] = entry.id
                entry.table, entry.seat, entry.arrived_hand = table.number, m.to_seat, None
            else:
                self._sit(entry, table, m.to_seat, arrived=True)
        for table in broken:
            table.broken = True
            table.in_hand = False
        for number, seat in button_of.items():
            table = self.tables[number]
            table.waiting.clear()
            if table.players >= 2:
                buttons.initial_markers(table, seat)

    # --- hands -----------------------------------------------------------------------------
    def _hand_next(self, p: dict[str, Any]) -> None:
        numbers = p["tables"]
        sb = _int(p.get("small_blind", 0), "small blind")
        bb = _int(p.get("big_blind", 0), "big blind")
        ante = _int(p.get("ante", 0), "ante")
        bba = bool(p.get("big_blind_ante", False))
        tables = [self.table(n) for n in numbers]
        if len({t.number for t in tables}) != len(tables) or not tables:
            raise DomainError("name each table once")
        for table in tables:
            if table.broken:
                raise DomainError(f"table {table.number} is broken")
            if table.players < 2:
                raise DomainError(f"table {table.number} has fewer than two players: no hand to deal")
        if self.hand_for_hand:
            playing = {t.number for t in self.open_tables() if t.players >= 2}
            if playing - set(numbers):
                raise DomainError(
                    "hand-for-hand: every table plays the same hand; deal all tables together", rule="TDA RP-8"
                )
        rule = self.settings.new_player_rule
        plans = []
        for table in tables:
            pos = buttons.upcoming_positions(table, self.settings.button_mode)
            waiting = {e for e in table.waiting if buttons.must_wait_for_button(table, self.entries[e].seat, pos, rule)}  # type: ignore[arg-type]
            plans.append((table, pos, waiting))
        posts: list[tuple[Entry, int]] = []
        for table, pos, waiting in plans:
            for seat, entry_id in table.seats.items():
                entry = self.entries[entry_id]
                if entry.present or entry_id in waiting:
                    continue
                posted = min(entry.chips, _absent_posts(seat, pos, sb, bb, ante, bba))  # short: all in (seed 004 T 7)
                if posted:
                    posts.append((entry, posted))
        for table, pos, waiting in plans:
            table.hand_number += 1
            table.in_hand = True
            table.button, table.small_blind, table.big_blind = pos.button, pos.small_blind, pos.big_blind
            table.heads_up_bb_entry = table.seats[pos.big_blind]
            table.waiting = waiting
        if self.hand_for_hand:
            self.hand_for_hand_hand += 1
        start = {entry.id: entry.chips for entry, _ in posts}
        for entry, posted in posts:
            entry.chips -= posted
            self.chips_unassigned += posted
        # Absent players all in with their hands killed are out on this hand (TDA 30, 71-C).
        out = [entry for entry, _ in posts if entry.chips == 0]
        if out and len(out) >= self.alive:
            survivor = max(out, key=lambda e: (start[e.id], -e.id))  # every hand dead: the biggest keeps the pot
            pot = sum(posted for _, posted in posts)
            survivor.chips += pot
            self.chips_unassigned -= pot
            out.remove(survivor)
        if out:
            h4h = self.hand_for_hand_hand if self.hand_for_hand else None
            self._eliminate([(e, [], start[e.id]) for e in out], h4h, p.get("level"), p.get("time"))

    def _hand_finished(self, p: dict[str, Any]) -> None:
        tables = [self.table(n) for n in p["tables"]]
        for table in tables:
            table.in_hand = False

    def _hand_for_hand(self, p: dict[str, Any]) -> None:
        self.hand_for_hand = bool(p["on"])

    # --- payouts and deals -------------------------------------------------------------------
    def _payouts_edited(self, p: dict[str, Any]) -> None:
        raw = p.get("percentages")
        if raw is None:
            self.payout_percentages = None
            return
        if not isinstance(raw, list) or not raw:
            raise DomainError("each paid place needs a percentage above zero")
        values = tuple(percentage(x, f"place {place}") for place, x in enumerate(raw, start=1))
        if sum(values, Decimal(0)) != HUNDRED:
            raise DomainError(f"payout percentages add up to {sum(values, Decimal(0))}, not 100")
        if len(values) > max(len(self.entries), 1):
            raise DomainError(f"{len(values)} places paid but only {len(self.entries)} entries")
        self.payout_percentages = values

    def _deal_made(self, p: dict[str, Any]) -> None:
        from tournament_director.domain.floor.standings import prizes_by_place

        if self.deal is not None:
            raise DomainError("a deal has already been made")
        if self.finished:
            raise DomainError("the tournament is over")
        shares = {self.live_entry(e).id: _int(a, "deal amount") for e, a in p["shares"]}
        alive = {e.id for e in self.entries.values() if not e.busted}
        if set(shares) != alive or len(shares) != len(p["shares"]):
            raise DomainError("a deal covers every player left, each once")
        prizes = prizes_by_place(self)
        remaining = sum(prizes[: len(alive)])
        if sum(shares.values()) != remaining:
            raise DomainError(f"the deal shares add up to {sum(shares.values())}, the prizes left are {remaining}")
        self.deal = shares
        self.deal_method = str(p.get("method", "custom"))

    # --- checks --------------------------------------------------------------------------------
    def check_invariants(self) -> list[str]:
        """Problems in the state, empty when all is well (each active entry in exactly one seat, no seat
        with two entries, places distinct, chips and money accounted for)."""
        from tournament_director.domain.floor.standings import standings

        problems: list[str] = []
        seat_owner: dict[tuple[int, int], int] = {}
        for table in self.tables.values():
            for seat, entry_id in table.seats.items():
                entry = self.entries.get(entry_id)
                if entry is None:
                    problems.append(f"table {table.number} seat {seat} holds unknown entry {entry_id}")
                    continue
                if entry.busted:
                    problems.append(f"busted entry {entry_id} still sits at table {table.number} seat {seat}")
                if (entry.table, entry.seat) != (table.number, seat):
                    problems.append(f"entry {entry_id} sits at {table.number}/{seat} but records {entry.table}/{entry.seat}")
                if entry_id in seat_owner.values():
                    problems.append(f"entry {entry_id} sits in two seats")
                seat_owner[(table.number, seat)] = entry_id
                if seat in table.locked:
                    problems.append(f"table {table.number} seat {seat} is locked but taken")
            if table.broken and table.seats:
                problems.append(f"broken table {table.number} still has players")
        alive = [e for e in self.entries.values() if not e.busted]
        if len(alive) != self.alive:
            problems.append(f"{len(alive)} live entries but the count says {self.alive}")
        if self.seated_drawn:
            for entry in alive:
                if entry.table is None or seat_owner.get((entry.table, entry.seat)) != entry.id:  # type: ignore[arg-type]
                    problems.append(f"live entry {entry.id} ({entry.name}) has no seat")
        chips = sum(e.chips for e in alive) + self.chips_unassigned
        if chips != self.chips_issued:
            problems.append(f"chips: {chips} in play and unassigned, {self.chips_issued} issued")
        if any(e.chips < 0 for e in self.entries.values()):
            problems.append("an entry has fewer than zero chips")
        if any(e.busted and e.chips for e in self.entries.values()):
            problems.append("a busted entry still holds chips")
        if sum(e.paid_prize for e in self.entries.values()) != self.prize_contributions:
            problems.append("prize-pool contributions do not match the entries' payments")
        bounties = sum(e.bounty + e.bounty_won for e in self.entries.values()) + self.bounty_unclaimed
        if bounties != self.bounty_pool:
            problems.append(f"bounties: {bounties} on heads, won or unclaimed, {self.bounty_pool} paid in")
        rows = standings(self)
        spans: dict[tuple[int, int], int] = {}
        for r in rows:
            if r.place is not None and r.place_to is not None:
                spans[(r.place, r.place_to)] = spans.get((r.place, r.place_to), 0) + 1
        if any(members != last - first + 1 for (first, last), members in spans.items()):
            problems.append("a tie does not cover as many places as it has players")
        covered = sorted(p for first, last in spans for p in range(first, last + 1))
        if len(set(covered)) != len(covered):
            problems.append("two finishing places overlap")
        if self.finished:
            if covered != list(range(1, len(self.entries) + 1)):
                problems.append("the finishing places are not 1..entries")
            if sum(r.prize for r in rows) != self.prize_pool:
                problems.append(f"prizes paid {sum(r.prize for r in rows)} differ from the prize pool {self.prize_pool}")
        return problems

    _HANDLERS: dict[str, Callable[["Tournament", dict[str, Any]], None]] = {
        "tournament.configured": _configured,
        "tables.added": _tables_added,
        "seat.locked": _seat_locked,
        "registration.closed": _registration_closed,
        "entry.registered": _registered,
        "entries.imported": _imported,
        "seats.drawn": _seats_drawn,
        "table.button_set": _button_set,
        "entry.rebuy": _rebuy,
        "entry.addon": _addon,
        "entry.presence": _presence,
        "chips.counted": _chips_counted,
        "entry.busted": _busted,
        "moves.accepted": _moves_accepted,
        "hand.next": _hand_next,
        "hand.finished": _hand_finished,
        "hand_for_hand.set": _hand_for_hand,
        "payouts.edited": _payouts_edited,
        "deal.made": _deal_made,
    }


def _absent_posts(seat: int, pos: buttons.Positions, sb: int, bb: int, ante: int, bba: bool) -> int:
    """What an absent player in ``seat`` owes this hand: his blind, then a classic ante, or with a
    big-blind ante the big blind pays the blind first and then the ante (TDA RP-11)."""
    owed = 0
    if seat == pos.big_blind:
        owed += bb + (ante if bba else 0)
    elif seat == pos.small_blind and not pos.small_blind_dead:
        owed += sb
    if ante and not bba:
        owed += ante
    return owed


CARD_ROOM_DAY_STARTS = "06:00"  # without a scheduled start, times before this belong to the night before


def _past_time_of_day(now: str, cutoff: str, scheduled_start: str | None) -> bool:
    """Whether the clock time ``now`` (HH:MM) is at or past ``cutoff`` in the tournament's own night.

    Times count from the scheduled start (or the card room's day boundary), so an evening event whose late
    registration closes at 01:00 is open at 20:00 and closed at 01:30.
    """
    origin = CARD_ROOM_DAY_STARTS
    if scheduled_start:
        try:
            origin = datetime.fromisoformat(scheduled_start).strftime("%H:%M")
        except ValueError:
            pass

    def minutes_after_origin(hhmm: str) -> int:
        hours, minutes = (int(part) for part in hhmm.split(":"))
        origin_hours, origin_minutes = (int(part) for part in origin.split(":"))
        return (hours * 60 + minutes - origin_hours * 60 - origin_minutes) % (24 * 60)

    return minutes_after_origin(now) >= minutes_after_origin(cutoff)
