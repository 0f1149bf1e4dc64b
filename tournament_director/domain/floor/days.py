"""The days of a tournament: where a day stops (its set point), the end of a day (every survivor's chips bagged and
tagged, table by table, checked against the chips in play) and the next day's start; and the events of several
days: Day 1 flights whose survivors meet on Day 2, their prize pools combined and paid from the last day only.

The floor keeps one plain record of its day (``FloorRecords.day``, replaced whole by each event): the festival, the
day and the flight, the set point, the flights' policy, whether the pool is carried to the last day, the bags of
the day being played and how it ended, and for a day made from bags, what it was made from.

Rules (the card rooms' and online rooms' published multi-flight rules, as the TDA leaves them to the house):
- A flight plays to its set point: the end of a level, or a share or a number of players left; then play stops
  and the survivors bag their chips, a count per player written on his bag and recorded.
- The bags of the room add up to the chips in play; a difference is recorded only when the director confirms it.
- First stack forward: a player who bagged in one flight may not enter another. Best stack forward: he may; his
  biggest bag goes on, the others are forfeited.
- The flights pay nothing: their pools are combined and paid from the last day, its places by the flights' entries.

Event types: day.planned, day.bagged, day.ended, day.started, day.carried_in (events.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import entries
from tournament_director.domain.floor.events import (
    ChipsCounted, DayBagged, DayCarriedIn, DayEnded, DayPlanned, DayStarted,
)
from tournament_director.domain.floor.records import Entry, FloorRecords, count_entry

SET_POINT_KINDS = ("level", "percent", "players")
# What play is: none of it between the end of a day and the next day's start (the chips are in their bags)
PLAY_EVENTS = frozenset({
    "entry.registered", "entries.imported", "entry.rebuy", "entry.addon", "entry.busted", "chips.counted",
    "seats.drawn", "moves.accepted", "hand.next", "hand.finished", "deal.made", "station.hand_done",
    "station.bust_reported", "station.bust_confirmed", "history.bought",
})
FIRST_STACK_FORWARD = "first"
BEST_STACK_FORWARD = "best"
POLICIES = {FIRST_STACK_FORWARD: "first stack forward", BEST_STACK_FORWARD: "best stack forward"}


@dataclass(frozen=True)
class SetPoint:
    """Where a day stops: the end of level ``value``, ``value`` per cent of the entries left, or ``value`` players."""

    kind: str
    value: int

    def __post_init__(self) -> None:
        if self.kind not in SET_POINT_KINDS:
            raise DomainError(f"a day stops at the end of a level, at a share of the field or at a number of "
                              f"players left, not {limits.shown(self.kind)}")
        if self.kind == "level":
            limits.check_count(self.value, "level the day stops after", 1, limits.MAX_LEVELS)
        elif self.kind == "percent":
            limits.check_count(self.value, "share of the field left (per cent)", 1, 99)
        else:
            limits.check_count(self.value, "players left when the day stops", 1, limits.MAX_ENTRIES)

    def text(self) -> str:
        return {"level": f"the end of level {self.value}", "percent": f"{self.value}% of the field left",
                "players": f"{self.value} players left"}[self.kind]

    def reached(self, players_left: int, entries: int, level_over: int | None) -> str | None:
        """Why the day stops now ("the end of level 8", "10 players left (25% of 40 entries)"), or None.
        ``level_over``: the number of the last level played out (None before the first has ended). A field still
        whole is registering, not playing down to a count of players."""
        if self.kind != "level" and players_left >= entries:
            return None
        if self.kind == "level":
            return self.text() if level_over is not None and level_over >= self.value else None
        if self.kind == "percent":
            target = math.ceil(entries * self.value / 100)
            if entries and players_left <= target:
                return f"{players_left} players left ({self.value}% of {entries} entries is {target})"
            return None
        return f"{players_left} players left" if entries and players_left <= self.value else None


def day_record(t: FloorRecords) -> dict[str, Any]:
    """The floor's day as recorded (a tournament without any is its first day, paying its own prizes)."""
    return t.day if t.day is not None else {"festival": None, "day": 1, "flight": None, "set_point": None,
                                            "policy": None, "carries_pool": False, "bags": [], "ended": None,
                                            "carried": None}


def set_point_of(t: FloorRecords) -> SetPoint | None:
    point = day_record(t)["set_point"]
    return None if point is None else SetPoint(point[0], point[1])


def bags(t: FloorRecords) -> dict[int, int]:
    """Entry -> chips bagged this day (the tables bagged so far)."""
    return {entry_id: chips for entry_id, chips, _table in day_record(t)["bags"]}


def bagged_tables(t: FloorRecords) -> list[int]:
    return sorted({table for _entry, _chips, table in day_record(t)["bags"]})


def unbagged(t: FloorRecords) -> list[Entry]:
    """The players still in without a bag this day."""
    bagged = bags(t)
    return [e for e in t.entries.values() if not e.busted and e.id not in bagged]


def bags_difference(t: FloorRecords) -> int:
    """The bags (of the players still in) less the chips in play: 0 when the room adds up."""
    bagged = bags(t)
    return sum(chips for entry_id, chips in bagged.items() if not t.entries[entry_id].busted) - t.chips_issued


def day_ended(t: FloorRecords) -> bool:
    return day_record(t)["ended"] is not None


def refuse_while_day_over(t: FloorRecords, what: str) -> None:
    """DomainError while the day has ended with the chips bagged and the next has not started."""
    if day_ended(t):
        raise DomainError(f"day {day_record(t)['day']} has ended with the chips bagged: start the next day before "
                          f"{what}")


# ----- the policies of a multi-flight event ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Bag:
    """One survivor's bag of one flight: ``player_key`` ("id:7" or "name:ann lee") finds him in every flight."""

    player_key: str
    name: str
    player_id: int | None
    chips: int
    flight: str


def entry_refusal(policy: str | None, player_key: str, name: str, qualified: Sequence[Bag],
                  flight: str) -> str | None:
    """Why ``name`` may not enter ``flight`` (first stack forward: he already bagged in another), or None."""
    if policy != FIRST_STACK_FORWARD:
        return None
    for bag in qualified:
        if bag.player_key == player_key and bag.flight != flight:
            return (f"{name} qualified from Day {bag.flight} with {bag.chips:,} chips: under first stack forward a "
                    "player who qualified may not enter another flight")
    return None


def bags_forward(policy: str | None, all_bags: Iterable[Bag]) -> tuple[list[Bag], list[Bag]]:
    """The bags that go on to the next day and those forfeited. Best stack forward keeps each player's biggest bag
    (the earlier flight on equal bags); first stack forward refuses a player with two bags (he was refused entry)."""
    by_player: dict[str, list[Bag]] = {}
    for bag in all_bags:
        by_player.setdefault(bag.player_key, []).append(bag)
    going: list[Bag] = []
    forfeited: list[Bag] = []
    for player_bags in by_player.values():
        if len(player_bags) > 1 and policy != BEST_STACK_FORWARD:
            flights = ", ".join(f"Day {b.flight}" for b in player_bags)
            raise DomainError(f"{player_bags[0].name} bagged in {flights}: under first stack forward a player plays "
                              "one flight only; in the later flight, undo its end of the day and record his bust")
        best = max(player_bags, key=lambda b: b.chips)  # max keeps the first of equal bags
        going.append(best)
        forfeited.extend(b for b in player_bags if b is not best)
    return going, forfeited


# ----- the handlers ---------------------------------------------------------------------------------------------------
def _replace(t: FloorRecords, **changes: Any) -> None:
    """The day's record replaced whole, never changed in place (the undo keeps the one before as it is)."""
    t.day = {**day_record(t), **changes}


def _planned(t: FloorRecords, event: DayPlanned) -> None:
    for name, what in ((event.festival, "event name"), (event.flight, "flight")):
        if name is not None:
            limits.check_name(name, what)
    limits.check_count(event.day, "day", 1, 99)
    point = None
    if event.set_point_kind is not None or event.set_point_value is not None:
        point = SetPoint(event.set_point_kind or "", event.set_point_value or 0)
    if event.policy is not None and event.policy not in POLICIES:
        raise DomainError(f"the flights' policy is first or best stack forward, not {limits.shown(event.policy)}")
    if day_ended(t):
        raise DomainError("the day has ended: plan the next day once it has started")
    _replace(t, festival=event.festival.strip() if event.festival else None, day=event.day,
             flight=event.flight.strip() if event.flight else None,
             set_point=None if point is None else [point.kind, point.value], policy=event.policy,
             carries_pool=event.carries_pool)


def _bagged(t: FloorRecords, event: DayBagged) -> None:
    refuse_while_day_over(t, "bagging again")
    table = t.table(event.table).number
    counted = ChipsCounted(counts=event.bags, scope="tables", tables=[table], occasion="end_of_day", time=event.time)
    entries._chips_counted(t, counted)  # a table's count sheet: every player still in there, each once, none empty
    kept = [row for row in day_record(t)["bags"] if row[2] != table]
    _replace(t, bags=kept + [[entry_id, chips, table] for entry_id, chips in event.bags])


def _ended(t: FloorRecords, event: DayEnded) -> None:
    record = day_record(t)
    check_day_can_end(t, event.difference_confirmed)
    if event.day != record["day"]:
        raise DomainError(f"this is day {record['day']}, not day {limits.shown(event.day)}")
    difference = bags_difference(t)
    limits.check_count(event.period, "period", 0, limits.MAX_LEVELS)
    limits.check_count(event.remaining_ms, "time left (ms)", 0, limits.MAX_DURATION_SECONDS * 1000)
    _replace(t, ended={"period": event.period, "remaining_ms": event.remaining_ms,
                       "bagged": t.chips_issued + difference, "chips_in_play": t.chips_issued,
                       "difference": difference, "time": event.time})


def check_day_can_end(t: FloorRecords, difference_confirmed: bool) -> None:
    """A day ends once every survivor has his bag and the bags add up to the chips in play (or the director
    confirmed the difference); DomainError saying what is missing."""
    refuse_while_day_over(t, "ending it again")
    waiting = unbagged(t)
    if waiting:
        names = ", ".join(e.name for e in waiting[:5]) + (" and others" if len(waiting) > 5 else "")
        raise DomainError(f"{len(waiting)} player(s) still in have no bag: {names}. Bag every table first")
    if not any(not e.busted for e in t.entries.values()):
        raise DomainError("nobody is left to bag")
    difference = bags_difference(t)
    if difference and not difference_confirmed:
        raise DomainError(_difference_text(difference, t.chips_issued) + ": recount the bags, or confirm the "
                          "difference to end the day with it")


def _difference_text(difference: int, chips_in_play: int) -> str:
    if difference < 0:
        return f"the bags are {-difference:,} short of the {chips_in_play:,} chips in play"
    return f"the bags hold {difference:,} more than the {chips_in_play:,} chips in play"


def _started(t: FloorRecords, event: DayStarted) -> None:
    record = day_record(t)
    if record["ended"] is None:
        raise DomainError(f"day {record['day']} has not ended: bag the chips and end it first")
    if event.day != record["day"] + 1:
        raise DomainError(f"the next day is day {record['day'] + 1}, not {limits.shown(event.day)}")
    _replace(t, day=event.day, bags=[], ended=None, set_point=None, flight=str(event.day))


def _carried_in(t: FloorRecords, event: DayCarriedIn) -> None:
    if not t.configured:
        raise DomainError("configure the tournament before bringing the bags over")
    if t.entries:
        raise DomainError("a day made from bags starts with them: this tournament already has entries")
    limits.check_count(event.day, "day", 2, 99)
    pool = limits.check_amount(event.pool, "prize pool carried over")
    flight_entries = limits.check_count(event.flight_entries, "flights' entries", len(event.entries),
                                        limits.MAX_ENTRIES)
    if not event.entries:
        raise DomainError("there are no bags to bring over")
    ids = []
    for row in event.entries:
        if not isinstance(row, list) or len(row) != 5:
            raise DomainError("each bag brought over is [entry, name, player number, chips, flight]")
        entry_id, name, player_id, chips, flight = row
        ids.append(_carried_entry(t, entry_id, name, player_id, limits.check_amount(chips, "bag"), flight).id)
    t.pot_adjustment += pool
    t.registration_closed = True
    _replace(t, day=event.day, flight=str(event.day), carried={
        "flight_entries": flight_entries, "pool": pool, "flights": list(event.flights),
        "forfeited": [list(row) for row in event.forfeited], "entry_ids": ids})


def _carried_entry(t: FloorRecords, entry_id: Any, name: Any, player_id: Any, chips: int, flight: Any) -> Entry:
    if entry_id != t.next_entry_id:
        raise DomainError(f"entry number {limits.shown(entry_id)} is out of turn; the next is {t.next_entry_id}")
    if not isinstance(name, str) or not name.strip():
        raise DomainError("a bag brought over needs its player's name")
    limits.check_name(name, "entry name")
    if chips == 0:
        raise DomainError(f"{name}'s bag is empty")
    if player_id is not None:
        limits.check_count(player_id, "player id", 1, 2**53)
    key = f"id:{player_id}" if player_id is not None else f"name:{name.strip().casefold()}"
    if key in t.player_entries:
        raise DomainError(f"{name} has two bags brought over: one bag per player goes on")
    entry = Entry(id=entry_id, name=name.strip(), player_id=player_id, player_key=key, number=1, chips=chips)
    t.entries[entry.id] = entry
    t.player_entries[key] = [entry.id]
    t.alive += 1
    t.chips_issued += chips
    count_entry(t, entry)
    return entry


def flight_bags(t: FloorRecords, flight: str) -> list[Bag]:
    """The bags of a flight that ended its day, for the next day's draw."""
    bagged = bags(t)
    return [Bag(e.player_key, e.name, e.player_id, bagged[e.id], flight)
            for e in t.entries.values() if not e.busted and e.id in bagged]


def check_bags_argument(counts: object) -> Mapping[int, int]:
    if not isinstance(counts, Mapping):
        raise DomainError(f"the bags are given as entry -> chips, not {limits.shown(counts)}")
    for chips in counts.values():
        limits.check_amount(chips, "bag")
    return counts


HANDLERS = (
    (DayPlanned, _planned),
    (DayBagged, _bagged),
    (DayEnded, _ended),
    (DayStarted, _started),
    (DayCarriedIn, _carried_in),
)

__all__ = ["BEST_STACK_FORWARD", "Bag", "FIRST_STACK_FORWARD", "HANDLERS", "PLAY_EVENTS", "POLICIES", "SET_POINT_KINDS",
           "SetPoint", "bagged_tables", "bags", "bags_difference", "bags_forward", "check_bags_argument",
           "check_day_can_end", "day_ended", "day_record", "entry_refusal", "flight_bags", "set_point_of", "unbagged"]
