"""The floor's events declared as classes (domain/events.py): each with its fields in the order the program writes
them. ``Tournament.apply`` reads a payload into its class (a bad shape is refused naming the field) and hands it to
the one part its class is routed to (entries.py, tables.py, busts.py, prizes.py, settings_changes.py, imported.py,
stations.py), whose handler reads its fields. Besides: the director's call for a chip count, kept in order by
domain/state.py beside the floor for the console and the room display."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tournament_director.domain.events import Event, optional


@dataclass(frozen=True, kw_only=True)
class ChipCountCalled(Event):
    """A call for a chip count: when (UTC, ISO 8601) and why ("before the final table")."""

    type_name = "chip_count.called"
    room: ClassVar[str] = "chip_count_calls"
    time: str
    note: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "time":
            return f"a call for a chip count needs the time it was made ({key} {problem})"
        return super().field_problem(key, problem)


# ----- the floor's own events (tournament.py routes each class to the part that applies it) --------------------
# ``level`` is the level in force when the event was recorded (null on a break or with no clock); the builders always
# write it, so it is written as null rather than left out. ``on_break``/``after_level``: an event on a break carries
# the break and the level before it. ``time``: UTC, ISO 8601; ``time_of_day``: the room's clock, HH:MM.
@dataclass(frozen=True, kw_only=True)
class TournamentConfigured(Event):
    type_name = "tournament.configured"
    settings: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class SettingsChanged(Event):
    type_name = "settings.changed"
    changes: dict[str, Any]
    level: int | None = None
    on_break: bool | None = optional()
    after_level: int | None = optional()
    time: str | None = optional()
    time_of_day: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class RegistrationClosed(Event):
    type_name = "registration.closed"
    closed: bool
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class EntryRegistered(Event):
    """A buy-in or a re-entry; ``seat``: [table, seat] drawn once the seats are drawn, null before."""

    type_name = "entry.registered"
    entry_id: int
    name: str
    player_id: int | None = None
    level: int | None = None
    on_break: bool | None = optional()
    after_level: int | None = optional()
    time: str | None = optional()
    time_of_day: str | None = optional()
    seat: list[int] | None = None
    option: str | None = optional()
    seat_from: str | None = optional()  # paid by a seat won in this satellite (its name), not at the desk


@dataclass(frozen=True, kw_only=True)
class SatelliteSeatsAwarded(Event):
    """The satellite ends with its seats awarded: ``seats`` the entries that won one, the best first; ``kept`` those
    of them already in the target, who keep the ticket unused; ``target_action`` the seq of the target's action
    that entered the others (undone with this)."""

    type_name = "satellite.seats_awarded"
    seats: list[int]
    kept: list[int]
    target: int
    target_name: str
    seat_value: int
    target_action: int | None = None
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class EntriesImported(Event):
    """A list registered before the draw: entries [{entry_id, name, player_id?, option?}]."""

    type_name = "entries.imported"
    entries: list[dict[str, Any]]
    level: int | None = None
    time: str | None = optional()
    time_of_day: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class _Purchase(Event):
    entry_id: int
    level: int | None = None
    on_break: bool | None = optional()
    after_level: int | None = optional()
    time: str | None = optional()
    time_of_day: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class EntryRebuy(_Purchase):
    type_name = "entry.rebuy"


@dataclass(frozen=True, kw_only=True)
class EntryAddon(_Purchase):
    type_name = "entry.addon"


@dataclass(frozen=True, kw_only=True)
class EntryPresence(Event):
    type_name = "entry.presence"
    entry_id: int
    present: bool

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "present":
            return f"the presence must be true or false ({key} {problem})"
        return super().field_problem(key, problem)


@dataclass(frozen=True, kw_only=True)
class ChipsCounted(Event):
    """A count sheet: counts [[entry_id, chips], ...] of the room or of some tables, at a break, the end of a day,
    a deal or a count."""

    type_name = "chips.counted"
    counts: list[list[int]]
    scope: str | None = optional()
    tables: list[int] | None = optional()
    occasion: str | None = optional()
    time: str | None = optional()

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        if key == "tables":
            return f"a count of tables lists the tables counted ({key} {problem})"
        return super().field_problem(key, problem)


@dataclass(frozen=True, kw_only=True)
class TablesAdded(Event):
    """tables: [{number, seats, locked: [seat, ...]}]"""

    type_name = "tables.added"
    tables: list[dict[str, Any]]


@dataclass(frozen=True, kw_only=True)
class SeatLocked(Event):
    type_name = "seat.locked"
    table: int
    seat: int
    locked: bool


@dataclass(frozen=True, kw_only=True)
class SeatsDrawn(Event):
    """The start draw: assignments [[entry_id, table, seat], ...] and the drawn buttons [[table, seat], ...]."""

    type_name = "seats.drawn"
    assignments: list[list[int]]
    buttons: list[list[int]] | None = optional()
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class TableButtonSet(Event):
    """The button of the next hand (TDA 34-A correction)."""

    type_name = "table.button_set"
    table: int
    seat: int


@dataclass(frozen=True, kw_only=True)
class MovesAccepted(Event):
    """Moves [Move.to_dict()], the tables broken and their buttons; ``period``: the clock's level or break then."""

    type_name = "moves.accepted"
    kind: str
    moves: list[dict[str, Any]]
    broken_tables: list[int] | None = optional()
    buttons: list[list[int]] | None = optional()
    time: str | None = optional()
    period: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class HandNext(Event):
    type_name = "hand.next"
    tables: list[int]
    small_blind: int | None = optional()
    big_blind: int | None = optional()
    ante: int | None = optional()
    big_blind_ante: bool | None = optional()
    level: int | None = None
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class HandFinished(Event):
    type_name = "hand.finished"
    tables: list[int]


@dataclass(frozen=True, kw_only=True)
class HandForHandSet(Event):
    """Hand-for-hand on or off (an event that brings the tournament down to one table turns it off)."""

    type_name = "hand_for_hand.set"
    on: bool


@dataclass(frozen=True, kw_only=True)
class EntryBusted(Event):
    """Players out on one hand: busts [{entry_id, eliminated_by: [entry_id, ...], start_chips?}]."""

    type_name = "entry.busted"
    busts: list[dict[str, Any]]
    level: int | None = None
    time: str | None = optional()
    hand_for_hand_hand: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class PayoutsEdited(Event):
    """Percentages by place, as text ("50", "30", "20"), or null: back to the payout table."""

    type_name = "payouts.edited"
    percentages: list[Any] | None = None


@dataclass(frozen=True, kw_only=True)
class PayoutTableSet(Event):
    """A payout table (PayoutTable.to_dict), or null: the table of the settings."""

    type_name = "payouts.table_set"
    table: dict[str, Any] | None = None


@dataclass(frozen=True, kw_only=True)
class DealMade(Event):
    type_name = "deal.made"
    method: str | None = optional()
    shares: list[list[int]]


# ----- a history brought over from another program (imported.py) ---------------------------------------------
@dataclass(frozen=True, kw_only=True)
class HistoryBought(Event):
    """An entry, rebuy or add-on as paid there (its fields in the order the TD3 import writes them)."""

    type_name = "history.bought"
    chips: int
    paid_prize: int
    paid_house: int
    paid_bounty: int | None = optional()
    option: str | None = optional()
    level: int | None = optional(null_written=True)
    time: str | None = optional()
    kind: str
    entry_id: int
    name: str | None = optional(null_written=True)  # an entry's: its name and its registry number (or null)
    player_id: int | None = optional(null_written=True)


@dataclass(frozen=True, kw_only=True)
class HistoryPotSet(Event):
    type_name = "history.pot_set"
    fixed_rake: int
    house_contribution: int


@dataclass(frozen=True, kw_only=True)
class HistoryAwarded(Event):
    """awards: [[entry_id, amount], ...]"""

    type_name = "history.awarded"
    awards: list[list[int]]
    time: str | None = optional(null_written=True)


# ----- the table stations (stations.py) --------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class StationHandDone(Event):
    type_name = "station.hand_done"
    table: int
    hand: int


@dataclass(frozen=True, kw_only=True)
class _Stamped(Event):
    """When a station's report was made: the time, the level in force, the hand-for-hand hand."""

    TRAILING: ClassVar[tuple[str, ...]] = ("time", "level", "hand_for_hand_hand")
    time: str | None = optional()
    level: int | None = None
    hand_for_hand_hand: int | None = optional()


@dataclass(frozen=True, kw_only=True)
class StationBustReported(_Stamped):
    """busts as entry.busted's; ``recorded``: recorded at once (a trusted station) or waiting as a proposal."""

    type_name = "station.bust_reported"
    table: int
    hand: int
    busts: list[dict[str, Any]]
    recorded: bool


@dataclass(frozen=True, kw_only=True)
class StationBustConfirmed(_Stamped):
    type_name = "station.bust_confirmed"
    proposal: int


@dataclass(frozen=True, kw_only=True)
class StationBustRefused(Event):
    type_name = "station.bust_refused"
    proposal: int
    reason: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class StationMoveConfirmed(Event):
    type_name = "station.move_confirmed"
    table: int
    entry_id: int


@dataclass(frozen=True, kw_only=True)
class StationFloorCalled(_Stamped):
    type_name = "station.floor_called"
    table: int
    seat: int | None = None
    note: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class StationFloorAnswered(Event):
    type_name = "station.floor_answered"
    call: int



# ----- the days of a multi-day event and the end of a day (days.py) -----------------------------------------------
@dataclass(frozen=True, kw_only=True)
class DayPlanned(Event):
    """Which day of which event this tournament plays: the festival's name, the day (1 for the flights), the
    flight's label ("1A") (none for a tournament of its own), where play stops (``set_point_kind``: "level",
    "percent" or "players", with its value), the flights' policy ("first" or "best" stack forward) and whether its
    pool is paid on the last day."""

    type_name = "day.planned"
    festival: str | None = optional()
    day: int
    flight: str | None = optional()
    set_point_kind: str | None = optional()
    set_point_value: int | None = optional()
    policy: str | None = optional()
    carries_pool: bool


@dataclass(frozen=True, kw_only=True)
class DayBagged(Event):
    """One table's bags at the end of a day: [[entry_id, chips], ...], every player still in at the table."""

    type_name = "day.bagged"
    table: int
    bags: list[list[int]]
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class DayEnded(Event):
    """The end of a day: every survivor bagged; where the clock stopped (its period and the time left); the bags'
    total beside the chips in play, a difference recorded only when the director confirmed it."""

    type_name = "day.ended"
    day: int
    period: int
    remaining_ms: int
    bagged: int
    chips_in_play: int
    difference_confirmed: bool
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class DayStarted(Event):
    """The next day's start of the same tournament: play goes on from the bags, the clock where it stopped."""

    type_name = "day.started"
    day: int
    time: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class DayCarriedIn(Event):
    """A new day made from the bags of the day before: entries [[entry_id, name, player_id, chips, flight], ...],
    the flights' combined prize pool and entries, and the bags forfeited [[name, flight, chips], ...] (best stack
    forward keeps a player's biggest bag only)."""

    type_name = "day.carried_in"
    day: int
    entries: list[list[Any]]
    pool: int
    flight_entries: int
    flights: list[str]
    forfeited: list[list[Any]]
    time: str | None = optional()


FLOOR_EVENTS: tuple[type[Event], ...] = (
    TournamentConfigured, SettingsChanged, RegistrationClosed, EntryRegistered, EntriesImported, EntryRebuy,
    EntryAddon, EntryPresence, ChipsCounted, TablesAdded, SeatLocked, SeatsDrawn, TableButtonSet, MovesAccepted,
    HandNext, HandFinished, HandForHandSet, EntryBusted, PayoutsEdited, PayoutTableSet, DealMade, HistoryBought,
    HistoryPotSet, HistoryAwarded, StationHandDone, StationBustReported, StationBustConfirmed, StationBustRefused,
    StationMoveConfirmed, StationFloorCalled, StationFloorAnswered, SatelliteSeatsAwarded, DayPlanned, DayBagged,
    DayEnded, DayStarted, DayCarriedIn,
)
