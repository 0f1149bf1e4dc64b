"""Entries and their money: registration and late registration, re-entries, rebuys, add-ons, bounties paid in,
presence and chip counts.

Late registration closes after its level or at its time of day (TDA 8-A); a re-entry needs the earlier entry
out and stays within its limit and level (WSOP 13); rebuys and add-ons are recorded between hands (TDA 27;
seed 003) and not after a deal. The fee and the rake go to the house, the rest of each buy-in to the prize pool.
Each entry records the buy-in option it bought (its price, fee and chips).

"Until level N" includes the break after level N: an event recorded on a break carries ``on_break`` and
``after_level`` (the last level played) besides ``level`` (None on a break). The checks of a rebuy, an add-on and a
re-entry are functions of their own (``check_rebuy``, ``check_addon``, ``check_reentry``), so the console can ask
whether a button applies now, and why not, with the very words a refusal would use.
"""

from __future__ import annotations

from datetime import datetime
from collections.abc import Mapping
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import busts, seats
from tournament_director.domain.floor.records import Entry, FloorRecords, count_entry, whole_number
from tournament_director.domain.floor.seating import Table
from tournament_director.domain.money.settings import STANDARD_OPTION
from tournament_director.domain.floor.events import (
    ChipsCounted, EntriesImported, EntryAddon, EntryPresence, EntryRebuy, EntryRegistered, RegistrationClosed,
)

CARD_ROOM_DAY_STARTS = "06:00"  # without a scheduled start, times before this belong to the night before


def level_of(moment: Any) -> int | None:
    """The level an event (or a moment: a mapping of its fields) happened in: the level in force, or on a break the
    level before it."""
    def get(name: str) -> Any:
        return moment.get(name) if isinstance(moment, Mapping) else getattr(moment, name, None)

    level = get("level")
    if isinstance(level, int) and not isinstance(level, bool):
        return level
    after = get("after_level") if get("on_break") else None
    return after if isinstance(after, int) and not isinstance(after, bool) else None


def registration_open(t: FloorRecords, level: int | None, time_of_day: str | None) -> bool:
    s = t.settings
    if t.registration_closed or t.finished:
        return False
    if level is not None and s.late_registration_until_level is not None:
        if level > s.late_registration_until_level:
            return False
    if time_of_day is not None and s.late_registration_until_time is not None:
        if past_time_of_day(time_of_day, s.late_registration_until_time, s.scheduled_start):
            return False
    return True


def _registration_closed(t: FloorRecords, event: RegistrationClosed) -> None:
    closed = limits.check_flag(event.closed, "registration closed")
    if not closed and t.finished:
        raise DomainError("the tournament is over: registration cannot reopen")
    t.registration_closed = closed
    busts.finish_if_over(t, time=event.time)


def _check_can_register(t: FloorRecords, name: Any, player_id: Any, level: Any, time_of_day: Any) -> str:
    if not t.configured:
        raise DomainError("configure the tournament before registering players")
    if not isinstance(name, str) or not name.strip():
        raise DomainError("a player needs a name")
    limits.check_name(name, "entry name")
    if player_id is not None:
        whole_number(player_id, "player id", 1)
    key = f"id:{player_id}" if player_id is not None else f"name:{name.strip().casefold()}"
    _check_key_can_enter(t, key, name, level, time_of_day)
    return key


def _check_key_can_enter(t: FloorRecords, key: str, name: str, level: Any, time_of_day: Any) -> None:
    """A buy-in of the player ``key``: open registration, no live entry, and a re-entry within its limit and level."""
    if t.deal is not None:
        raise DomainError("registration is over: a deal has been made")
    if not registration_open(t, level, time_of_day):
        raise DomainError("registration is closed (late registration ended)", rule="TDA 8-A")
    earlier = t.player_entries.get(key, [])
    if any(not t.entries[e].busted for e in earlier):
        raise DomainError(f"{name} already has a live entry")
    if earlier:
        s = t.settings
        if s.reentry_limit <= 0:
            raise DomainError("this tournament has no re-entries: a player out is out", rule="WSOP 13")
        if len(earlier) > s.reentry_limit:
            raise DomainError(f"{name} has used all {s.reentry_limit} re-entries", rule="WSOP 13")
        if level is not None and s.reentry_until_level is not None and level > s.reentry_until_level:
            raise DomainError(f"re-entry closed after level {s.reentry_until_level}", rule="WSOP 13")


def check_reentry(t: FloorRecords, entry: Entry, level: int | None, time_of_day: str | None) -> None:
    """May the player of ``entry`` (out) buy in again now? DomainError saying why not (WSOP 13; TDA 8-A)."""
    if not entry.busted:
        raise DomainError(f"{entry.name} is still in: a re-entry is for a player who is out", rule="WSOP 13")
    _check_key_can_enter(t, entry.player_key, entry.name, level, time_of_day)


def _new_entry(t: FloorRecords, entry_id: Any, name: str, player_id: int | None, key: str,
               level: int | None, option_name: Any = None, time_of_day: Any = None) -> Entry:
    s = t.settings
    if option_name is not None and not isinstance(option_name, str):
        raise DomainError(f"a buy-in option is named by text, not {limits.shown(option_name)}")
    option = s.buy_in_option(option_name)
    rake = option.buy_in * s.rake_percent // 100
    return Entry(
        id=entry_id, name=name.strip(), player_id=player_id, player_key=key,
        number=len(t.player_entries.get(key, [])) + 1, chips=option.chips,
        paid_prize=option.buy_in - rake, paid_house=option.fee + rake,
        paid_bounty=s.bounty if s.bounty_mode != "none" else 0,
        bounty=s.bounty if s.bounty_mode != "none" else 0, registered_level=level,
        buy_in_option="" if option.name == STANDARD_OPTION else option.name,
        registered_time=time_of_day if isinstance(time_of_day, str) else None,
    )


def _add_entry(t: FloorRecords, entry: Entry) -> None:
    t.entries[entry.id] = entry
    t.player_entries.setdefault(entry.player_key, []).append(entry.id)
    t.alive += 1
    count_entry(t, entry)
    t.chips_issued += entry.chips
    t.prize_contributions += entry.paid_prize
    t.house_total += entry.paid_house
    t.bounty_pool += entry.paid_bounty


def _check_room_for(t: FloorRecords, count: int) -> None:
    if len(t.entries) + count > limits.MAX_ENTRIES:
        raise DomainError(f"a tournament holds at most {limits.MAX_ENTRIES:,} entries; it has {len(t.entries):,}")


def _registered(t: FloorRecords, event: EntryRegistered) -> None:
    _check_room_for(t, 1)
    entry_id = event.entry_id
    if entry_id != t.next_entry_id:
        raise DomainError(f"entry number {entry_id!r} is out of turn; the next is {t.next_entry_id}")
    name, player_id, level = event.name, event.player_id, level_of(event)
    key = _check_can_register(t, name, player_id, level, event.time_of_day)
    seat = event.seat
    table: Table | None = None
    seat_number = 0
    if seat is not None:
        table, seat_number = t.table(seat[0]), seat[1]
        seats.check_open_seat(table, seat_number)
    elif t.seated_drawn:
        raise DomainError("seats have been drawn: a late registration needs a seat from the pool", rule="TDA 8-A")
    entry = _new_entry(t, entry_id, name, player_id, key, level, event.option, event.time_of_day)
    if event.seat_from is not None:
        satellite = limits.check_name(event.seat_from, "satellite that paid the seat")
        if entry.buy_in_option:
            raise DomainError(f"a seat from {satellite} pays the standard buy-in, not {entry.buy_in_option}")
        t.seat_entries[entry_id] = [satellite, entry.paid_total]  # the ticket paid it all: no cash at the desk
    _add_entry(t, entry)
    if table is not None:
        seats.sit(t, entry, table, seat_number, arrived=False)


def _imported(t: FloorRecords, event: EntriesImported) -> None:
    rows = event.entries
    if not isinstance(rows, list):
        raise DomainError("entries.imported lists the entries")
    _check_room_for(t, len(rows))
    if t.seated_drawn:
        raise DomainError("seats have been drawn: register late players one at a time with a seat", rule="TDA 8-A")
    expected = t.next_entry_id
    keys: list[str] = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row["entry_id"] != expected + i:
            raise DomainError(f"entry number {row['entry_id']!r} is out of turn; expected {expected + i}")
        key = _check_can_register(t, row["name"], row.get("player_id"), level_of(event), event.time_of_day)
        if key in seen:
            raise DomainError(f"{row['name']} is twice in the list")
        seen.add(key)
        keys.append(key)
    for row, key in zip(rows, keys):
        _add_entry(t, _new_entry(t, row["entry_id"], row["name"], row.get("player_id"), key, level_of(event),
                                 row.get("option"), event.time_of_day))


def _check_no_deal(t: FloorRecords, what: str) -> None:
    if t.deal is not None:
        raise DomainError(f"{what} is closed: a deal has divided the prize money")


def _check_between_hands(t: FloorRecords, entry: Entry, what: str) -> None:
    if entry.table is not None and t.tables[entry.table].in_hand:
        raise DomainError(
            f"{what} for {entry.name} is recorded between hands: table {entry.table} is in a hand",
            rule="TDA 27; seed 003",
        )


def check_rebuy(t: FloorRecords, entry: Entry, level: int | None) -> None:
    """May ``entry`` rebuy now? DomainError saying why not: within the limit, until its level, at or below the chip
    count (the entry's own starting stack unless the settings name one), between hands (TDA 27; seed 003)."""
    s = t.settings
    if s.rebuy_limit <= 0:
        raise DomainError("this tournament has no rebuys")
    if entry.busted:
        raise DomainError(f"{entry.name} is out: a player out re-enters instead of rebuying")
    _check_no_deal(t, "the rebuy")
    if entry.rebuys >= s.rebuy_limit:
        raise DomainError(f"{entry.name} has used all {s.rebuy_limit} rebuys")
    if level is not None and s.rebuy_until_level is not None and level > s.rebuy_until_level:
        raise DomainError(f"rebuys ended after level {s.rebuy_until_level}")
    ceiling = rebuy_ceiling(t, entry)
    if entry.chips > ceiling:
        raise DomainError(f"{entry.name} has {entry.chips:,} chips; a rebuy needs {ceiling:,} or fewer")
    _check_between_hands(t, entry, "a rebuy")


def rebuy_ceiling(t: FloorRecords, entry: Entry) -> int:
    """The chip count at or below which ``entry`` may rebuy: the setting, or the stack the entry bought."""
    s = t.settings
    if s.rebuy_max_chips is not None:
        return s.rebuy_max_chips
    try:
        return s.buy_in_option(entry.buy_in_option).chips
    except DomainError:  # an option no longer offered: the standard stack
        return s.starting_stack


def check_addon(t: FloorRecords, entry: Entry, level: int | None, on_break: bool | None) -> None:
    """May ``entry`` take the add-on now? DomainError saying why not: once per entry, until its level, on a break
    when the settings say so, between hands (TDA 27; seed 003)."""
    s = t.settings
    if not s.addon_enabled:
        raise DomainError("this tournament has no add-on")
    if entry.busted:
        raise DomainError(f"{entry.name} is out: the add-on is for players still in")
    _check_no_deal(t, "the add-on")
    if entry.addons >= 1:
        raise DomainError(f"{entry.name} has already taken the add-on")
    if level is not None and s.addon_until_level is not None and level > s.addon_until_level:
        raise DomainError(f"the add-on ended after level {s.addon_until_level}")
    if s.addon_only_on_break and on_break is not True:
        after = f" after level {s.addon_until_level}" if s.addon_until_level is not None else ""
        raise DomainError(f"the add-on is taken on the break{after}, not during play")
    _check_between_hands(t, entry, "an add-on")


def _rebuy(t: FloorRecords, event: EntryRebuy) -> None:
    s = t.settings
    entry = t.live_entry(event.entry_id)
    check_rebuy(t, entry, level_of(event))
    rake = s.rebuy_price * s.rake_percent // 100
    entry.rebuys += 1
    t.rebuys += 1
    _buy_chips(t, entry, s.rebuy_chips, s.rebuy_price - rake, s.rebuy_fee + rake)


def _addon(t: FloorRecords, event: EntryAddon) -> None:
    s = t.settings
    entry = t.live_entry(event.entry_id)
    check_addon(t, entry, level_of(event), event.on_break)
    rake = s.addon_price * s.rake_percent // 100
    entry.addons += 1
    t.addons += 1
    _buy_chips(t, entry, s.addon_chips, s.addon_price - rake, s.addon_fee + rake)


def _buy_chips(t: FloorRecords, entry: Entry, chips: int, prize: int, house: int) -> None:
    entry.chips += chips
    entry.paid_prize += prize
    entry.paid_house += house
    t.chips_issued += chips
    t.prize_contributions += prize
    t.house_total += house


def _presence(t: FloorRecords, event: EntryPresence) -> None:
    entry = t.live_entry(event.entry_id)
    entry.present = limits.check_flag(event.present, "presence")


COUNT_OCCASIONS = ("break", "end_of_day", "deal", "count")


def _chips_counted(t: FloorRecords, event: ChipsCounted) -> None:
    """The director's chip counts. A count sheet (``scope`` "room" or "tables") covers every player still in
    there, each with chips, and is kept as the latest count so the screens can say whether it adds up."""
    counts = [(t.live_entry(e), limits.check_amount(c, "chip count")) for e, c in event.counts]
    if len({e.id for e, _ in counts}) != len(counts):
        raise DomainError("an entry is counted twice")
    scope = event.scope
    sheet = None if scope is None else _check_sheet(t, event, scope, [e for e, _ in counts], counts)
    recorded = sum(entry.chips for entry, _ in counts)
    for entry, chips in counts:
        t.chips_unassigned -= chips - entry.chips
        entry.chips = chips
    if sheet is not None:
        t.last_count = {**sheet, "entries": len(counts), "counted": sum(c for _, c in counts),
                        "recorded": recorded, "chips_in_play": t.chips_issued}


def _check_sheet(t: FloorRecords, event: Any, scope: Any, counted: list[Entry],
                 counts: list[tuple[Entry, int]]) -> dict[str, Any]:
    occasion = event.occasion if event.occasion is not None else "count"
    if occasion not in COUNT_OCCASIONS:
        raise DomainError(f"a chip count is taken at a break, at the end of a day or for a deal, not "
                          f"{limits.shown(occasion)}")
    if scope == "room":
        tables = None
        expected = [e for e in t.entries.values() if not e.busted]
        where = "the room"
    elif scope == "tables":
        if not isinstance(event.tables, list) or len(event.tables) > limits.MAX_TABLES:
            raise DomainError("a count of tables lists the tables counted")
        tables = sorted({t.table(n).number for n in event.tables})
        if not tables:
            raise DomainError("name the tables counted")
        expected = [e for e in t.entries.values() if not e.busted and e.table in tables]
        where = f"table{'s' if len(tables) > 1 else ''} {', '.join(map(str, tables))}"
    else:
        raise DomainError(f"a count sheet is for the room or for tables, not {limits.shown(scope)}")
    ids = {e.id for e in counted}
    missing = [e.name for e in expected if e.id not in ids]
    if missing:
        raise DomainError(f"the count of {where} has no stack for {', '.join(missing[:5])}"
                          f"{' and others' if len(missing) > 5 else ''}: count every player still in there")
    strangers = [e.name for e in counted if e.id not in {x.id for x in expected}]
    if strangers:
        raise DomainError(f"{', '.join(strangers[:5])} {'is' if len(strangers) == 1 else 'are'} not at {where}: "
                          "count them on their own table's sheet")
    empty = [entry.name for entry, chips in counts if chips == 0]
    if empty:
        raise DomainError(f"{', '.join(empty)} counted with no chips: record the bust instead (Ctrl+B)")
    return {"occasion": occasion, "tables": tables, "time": event.time if isinstance(event.time, str) else None}


def past_time_of_day(now: str, cutoff: str, scheduled_start: str | None) -> bool:
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


HANDLERS = (
    (RegistrationClosed, _registration_closed),
    (EntryRegistered, _registered),
    (EntriesImported, _imported),
    (EntryRebuy, _rebuy),
    (EntryAddon, _addon),
    (EntryPresence, _presence),
    (ChipsCounted, _chips_counted),
)
