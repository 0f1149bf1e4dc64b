"""What the floor keeps: every entry, every bust group, the tables and the running totals.

``FloorRecords`` holds the data and the plain look-ups; it applies no event. The parts (entries.py,
tables.py, busts.py, prizes.py) change it, each for its own events, and ``Tournament`` (tournament.py)
routes every event to its part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.bounty_heads import BountyHeadsWatch
from tournament_director.domain.floor.changes import FloorChanges, TrackedDict
from tournament_director.domain.floor.chip_leader import ChipLeaderWatch
from tournament_director.domain.floor.seating import Table
from tournament_director.domain.floor.table_index import TableIndex
from tournament_director.domain.floor.station_records import StationRecords
from tournament_director.domain.money.payouts import PayoutTable
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
    buy_in_option: str = ""  # "" = the standard buy-in, else the name of the buy-in option bought
    registered_time: str | None = None  # HH:MM at the registration desk

    @property
    def paid_total(self) -> int:
        return self.paid_prize + self.paid_house + self.paid_bounty


@dataclass
class BustGroup:
    """The entries busted on one hand (one bust event, or one hand-for-hand hand across tables)."""

    entries: list[int]
    start_chips: dict[int, int]
    tables: dict[int, int | None]
    hand_for_hand_hand: int | None = None
    # in a bounty tournament, what each bust paid: entry -> [the bounty on his head, [[eliminator, cash, onto the
    # eliminator's head, the eliminator's bounty after it], ...]] (no eliminators: the bounty went unclaimed)
    bounties: dict[int, list[Any]] = field(default_factory=dict)
    winner_kept: int = 0  # once the tournament is over, on its last group: the bounty the winner kept on his head


def whole_number(value: Any, what: str, minimum: int | None = 0) -> int:
    """``value`` as a whole number of at least ``minimum``; a refusal naming ``what`` otherwise."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise DomainError(f"{what} must be a whole number, not {limits.shown(value)}")
    if minimum is not None and value < minimum:
        raise DomainError(f"{what} must be at least {minimum}, not {limits.shown(value)}")
    return value


def count_entry(t: "FloorRecords", entry: Entry) -> None:
    """A new entry in the floor's running counts (a registration, a purchase brought over); a snapshot read counts
    the same for its whole field at once (snapshot.py)."""
    t.reentries += entry.number > 1
    t.options_bought[entry.buy_in_option] = t.options_bought.get(entry.buy_in_option, 0) + 1
    t.bounties_on_heads += entry.bounty


# ``deal_method`` of prizes awarded in another program and brought over as they were (imported.py): they stand
# whole, whatever the payout table says, and may add up to more or less than the pot
DEAL_AWARDED = "awarded"


class FloorRecords:
    def __init__(self) -> None:
        self.settings = TournamentSettings()
        self.configured = False
        self.entries: TrackedDict[int, Entry] = TrackedDict()
        self.tables: TrackedDict[int, Table] = TrackedDict()
        # which entries and tables events changed (for checkpoints and the table index)
        self.changes = FloorChanges(self.entries, self.tables)
        self._table_index: TableIndex | None = None
        self.groups_checkpointed = 0  # bust groups already in a checkpoint (checkpoint.py)
        # the ids of each player's entries in order; None after opening from a checkpoint until first asked for
        self._player_entries: dict[str, list[int]] | None = {}
        self.bust_groups: list[BustGroup] = []
        self.alive = 0
        # running counts, kept by the parts that add entries and sell chips (a snapshot recounts them)
        self.reentries = 0  # entries after a player's first
        self.rebuys = 0
        self.addons = 0
        self.options_bought: dict[str, int] = {}  # entries by buy-in option ("" = the standard buy-in)
        self.leader_watch = ChipLeaderWatch()  # the chip leader, followed through the entries events change
        self.bounties_on_heads = 0  # the bounties on the heads of the players still in (kept like the counts)
        self.heads_watch = BountyHeadsWatch()  # the biggest heads, followed like the chip leader
        self.seated_drawn = False  # the start draw took place
        self.registration_closed = False
        self.hand_for_hand = False
        self.hand_for_hand_hand = 0
        self.chips_issued = 0
        self.chips_unassigned = 0  # lost by absent players or busted without an eliminator, not yet counted
        self.prize_contributions = 0
        # money put into or taken from the pot outside the entries (another program's house contribution less its
        # fixed rake, imported.py): part of the prize pool, not of any entry's payments
        self.pot_adjustment = 0
        self.house_total = 0
        self.bounty_pool = 0
        self.bounty_unclaimed = 0
        self.payout_percentages: tuple[Decimal, ...] | None = None
        self.payout_table: PayoutTable | None = None  # a table chosen or edited after the set-up (payouts.table_set)
        self.deal: dict[int, int] | None = None
        self.deal_method: str | None = None
        self.finished = False
        self.finished_at: str | None = None  # UTC ISO time of the event that left one player (the clock stops)
        # the latest count sheet: time, occasion, tables (None: the room), entries, counted, recorded, expected
        self.last_count: dict[str, Any] | None = None
        # the latest seating change for the room's screens: kind ("draw", "balance", "break", "final_table",
        # "manual"), moves [[entry, from_table, from_seat, to_table, to_seat]], broken [n], time, hands (the
        # hands dealt at the tables players moved to, at that moment)
        self.last_seating: dict[str, Any] | None = None
        self.stations = StationRecords()  # what the table stations reported (stations.py)
        # the day played (days.py): festival, day, flight, set_point, policy, carries_pool, bags, ended, carried
        self.day: dict[str, Any] | None = None
        # a satellite's seats once awarded (satellites.py): seats, kept, target, target_name, seat_value,
        # target_action; and the entries of this tournament a satellite seat paid for: entry -> [satellite, value]
        self.satellite_award: dict[str, Any] | None = None
        self.seat_entries: dict[int, list[Any]] = {}

    @property
    def player_entries(self) -> dict[str, list[int]]:
        found = self._player_entries
        if found is None:
            found = self._player_entries = {}
            for entry in self.entries.search():  # by id
                found.setdefault(entry.player_key, []).append(entry.id)
        return found

    @player_entries.setter
    def player_entries(self, found: dict[str, list[int]] | None) -> None:
        self._player_entries = found

    @property
    def next_entry_id(self) -> int:
        return len(self.entries) + 1  # entry ids run 1, 2, 3, ... (checked at registration)

    @property
    def players_left(self) -> int:
        return self.alive

    @property
    def pool_carried_forward(self) -> bool:
        """A Day 1 flight: its prize pool is paid on the last day of its event, not here (days.py)."""
        return self.day is not None and bool(self.day.get("carries_pool"))

    @property
    def payout_field(self) -> int:
        """The entries the payout table is read for: a day made from flights counts the flights' entries."""
        carried = self.day.get("carried") if self.day is not None else None
        if not carried:
            return len(self.entries)
        return int(carried["flight_entries"]) + len(self.entries) - len(carried["entry_ids"])

    @property
    def prize_pool(self) -> int:
        """Entries, rebuys and add-ons less rake, topped up to the guarantee."""
        return max(self.prize_contributions + self.pot_adjustment, self.settings.guarantee)

    @property
    def guarantee_top_up(self) -> int:
        return max(0, self.settings.guarantee - self.prize_contributions - self.pot_adjustment)

    def chip_leader(self) -> Entry | None:
        """The live entry with the most chips (the lower entry id on equal stacks); None when nobody is left."""
        return self.leader_watch.leader(self)

    def biggest_heads(self) -> list[Entry]:
        """The live entries with the largest bounties on their heads (bounty_heads.HEADS_KEPT of them at most)."""
        return self.heads_watch.heads(self)

    def entry(self, entry_id: Any) -> Entry:
        entry = self.entries.get(entry_id) if isinstance(entry_id, int) else None
        if entry is None:
            raise DomainError(f"there is no entry {limits.shown(entry_id)}")
        return entry

    def live_entry(self, entry_id: Any) -> Entry:
        entry = self.entry(entry_id)
        if entry.busted:
            raise DomainError(f"entry {entry_id} ({entry.name}) is already out")
        return entry

    def table(self, number: Any) -> Table:
        table = self.tables.get(number) if isinstance(number, int) else None
        if table is None:
            raise DomainError(f"there is no table {limits.shown(number)}")
        return table

    def open_tables(self) -> list[Table]:
        return [t for t in self.tables.values() if not t.broken]

    def table_index(self) -> TableIndex:
        """The open tables by player count, brought up to date with the tables changed since it last looked."""
        changed = self.changes.index_tables
        index = self._table_index
        if index is None or changed.everything or index.break_order != self.settings.break_order:
            index = self._table_index = TableIndex(self.tables, self.settings.break_order)
        else:
            index.refresh_all(changed.keys)
        self.changes.index_tables = type(changed)()
        return index
