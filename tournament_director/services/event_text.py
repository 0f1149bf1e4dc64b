"""Plain sentences for the event log, so the director can read back who did what ("Grace O'Malley out, eliminated
by Ana Souza") instead of raw payloads. Unknown event types fall back to their payload fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tournament_director.domain.clock.events import (
    ClockJumped, ClockLevelChanged, ClockPaused, ClockRestored, ClockResumed, ClockStarted, ClockTimeAdjusted,
    HandForHandDeducted, StructureEdited, StructureReplaced,
)
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event, event_class
from tournament_director.domain.floor.events import (
    DayBagged, DayCarriedIn, DayEnded, DayPlanned, DayStarted,
    ChipCountCalled, ChipsCounted, DealMade, EntriesImported, EntryAddon, EntryBusted, EntryPresence, EntryRebuy,
    EntryRegistered, HandFinished, HandForHandSet, HandNext, HistoryAwarded, HistoryBought, HistoryPotSet,
    MovesAccepted, PayoutsEdited, PayoutTableSet, RegistrationClosed, SeatLocked, SeatsDrawn, SettingsChanged,
    StationBustConfirmed, StationBustRefused, StationBustReported, StationFloorAnswered, StationFloorCalled,
    SatelliteSeatsAwarded, StationHandDone, StationMoveConfirmed, TableButtonSet, TablesAdded, TournamentConfigured,
)
from tournament_director.domain.floor.settings_changes import LABELS as SETTING_LABELS
from tournament_director.domain.rules.events import RulingRecorded

Names = Mapping[int, str]
Bounties = Callable[[list[int]], str]  # what the busts of these entries paid in bounties, as recorded


def _who(names: Names, entry_id: Any) -> str:
    return names.get(entry_id, f"entry {entry_id}") if isinstance(entry_id, int) else str(entry_id)


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _fields(payload: Mapping[str, Any]) -> str:
    parts = []
    for key, value in payload.items():
        text = str(value)
        parts.append(f"{key}={text[:37] + '…' if len(text) > 40 else text}")
    summary = ", ".join(parts)
    return summary if len(summary) <= 160 else summary[:157] + "…"


def _minutes(ms: Any) -> str:
    seconds = round(int(ms) / 1000) if isinstance(ms, (int, float)) else 0
    return f"{seconds // 60}:{seconds % 60:02d}"


def _busts(p: Mapping[str, Any], names: Names, bounties: Bounties | None = None) -> str:
    texts = []
    for bust in p.get("busts", []):
        text = f"{_who(names, bust.get('entry_id'))} out"
        eliminators = [_who(names, e) for e in bust.get("eliminated_by", [])]
        texts.append(text + (f", eliminated by {_list(eliminators)}" if eliminators else ""))
    paid = bounties([b["entry_id"] for b in p.get("busts", [])]) if bounties is not None and texts else ""
    return "; ".join(texts) + (f". {paid[0].upper()}{paid[1:]}" if paid else "") or "Bust"


def _moves(p: Mapping[str, Any], names: Names) -> str:
    moves = [f"{_who(names, m.get('entry_id'))}: table {m['from'][0]} seat {m['from'][1]} → "
             f"table {m['to'][0]} seat {m['to'][1]}" for m in p.get("moves", []) if "from" in m and "to" in m]
    return "Moved " + "; ".join(moves) if moves else "Moves accepted"


def _when(p: Mapping[str, Any]) -> str:
    """ " at level 3", " on the break after level 2", or nothing when the event carries no level."""
    if p.get("on_break") and isinstance(p.get("after_level"), int):
        return f" on the break after level {p['after_level']}"
    return f" at level {p['level']}" if isinstance(p.get("level"), int) else ""


def _registered(p: Mapping[str, Any], names: Names, numbers: Mapping[int, int]) -> str:
    """A buy-in: "Ann Lee re-entered (entry 2) at level 2, seated at table 2 seat 4" for a player's later entry,
    "Bob Ray registered late at level 3, seated at table 2 seat 4" once the seats are drawn, else a plain buy-in."""
    name, entry_id = p.get("name"), p.get("entry_id")
    option = f" ({p['option']})" if p.get("option") else ""
    if isinstance(p.get("seat_from"), str):
        option = f" with a seat won in {p['seat_from']}"
    seat = p.get("seat")
    seated = f", seated at table {seat[0]} seat {seat[1]}" if isinstance(seat, (list, tuple)) and len(seat) == 2 else ""
    number = numbers.get(entry_id) if isinstance(entry_id, int) and names.get(entry_id) == name else None
    if isinstance(number, int) and number > 1:
        return f"{name} re-entered{option} (entry {number}){_when(p)}{seated}"
    if seated:
        return f"{name} registered late{option}{_when(p)}{seated}"
    return f"{name} bought in{option} (entry {entry_id})"


def _seats_awarded(e: SatelliteSeatsAwarded, names: Names) -> str:
    """"Seats to Main Event awarded: Ann Lee, Bob Ray (Bob Ray keeps his ticket unused: already in)"."""
    count = len(e.seats)
    text = (f"{'Seat' if count == 1 else f'{count} seats'} to {e.target_name} awarded: "
            f"{_list([_who(names, entry_id) for entry_id in e.seats])}")
    if e.kept:
        text += f" ({_list([_who(names, entry_id) for entry_id in e.kept])} already in: the ticket kept unused)"
    return text


def _bought(p: Mapping[str, Any], names: Names) -> str:
    paid = int(p.get("paid_prize", 0)) + int(p.get("paid_house", 0))
    option = f" ({p['option']})" if p.get("option") else ""
    if p.get("kind") == "entry":
        return f"{p.get('name')} bought in{option} for {paid:,} (entry {p.get('entry_id')})"
    what = "rebought" if p.get("kind") == "rebuy" else "took an add-on"
    return f"{_who(names, p.get('entry_id'))} {what}{option} for {paid:,}"


OCCASIONS = {"break": "at the break", "end_of_day": "at the end of the day", "deal": "for a deal", "count": ""}


def _count(p: Mapping[str, Any]) -> str:
    counts = p.get("counts", [])
    if p.get("scope") is None:
        return f"Chip counts recorded for {len(counts)} player(s)"
    tables = [str(t) for t in p.get("tables") or []]
    where = "the room" if p.get("scope") == "room" else f"table{'s' if len(tables) != 1 else ''} {_list(tables)}"
    when = OCCASIONS.get(str(p.get("occasion", "count")), "")
    total = sum(c for _, c in counts)
    return f"Chip count of {where}{' ' + when if when else ''}: {total:,} chips, {len(counts)} player(s)"


CATEGORIES = (
    ("tournament.", "Settings"), ("tables.", "Tables"), ("seat.", "Tables"), ("registration.", "Registration"),
    ("entry.registered", "Registration"), ("entries.", "Registration"), ("seats.", "Seating"),
    ("table.", "Seating"), ("moves.", "Seating"), ("entry.busted", "Elimination"), ("entry.", "Player"),
    ("chips.", "Chip count"), ("hand", "Hand"), ("payouts.", "Payouts"), ("deal.", "Deal"),
    ("structure.", "Structure"), ("clock.", "Clock"), ("ruling.", "Ruling"), ("chip_count.", "Chip count"),
    ("log.", "Undo / redo"), ("history.", "Brought over"),
)


def event_category(event_type: str) -> str:
    """A word for the kind of event ('Elimination', 'Clock', ...), for the Log tab's first column."""
    return next((word for prefix, word in CATEGORIES if event_type.startswith(prefix)), "Other")


def _hand_next(p: Mapping[str, Any]) -> str:
    tables = [str(t) for t in p.get("tables", [])]
    where = f"table{'s' if len(tables) != 1 else ''} {_list(tables)}" if tables else "every table"
    blinds = ""
    if p.get("big_blind"):
        blinds = f" at {p.get('small_blind', 0):,}/{p['big_blind']:,}"
        if p.get("ante"):
            blinds += f", {'BB ante' if p.get('big_blind_ante') else 'ante'} {p['ante']:,}"
    return f"Next hand at {where}{blinds}"


_MORE_SETTING_WORDS = {
    "name": "name", "scheduled_start": "scheduled start", "buy_in_options": "buy-in options",
    "rebuy_max_chips": "rebuy at or below", "addon_enabled": "add-on offered",
    "addon_only_on_break": "add-on only on a break",
    "new_player_rule": "new players' seats", "tolerance_many_tables": "balance tolerance, many tables",
    "tolerance_few_tables": "balance tolerance, few tables", "few_tables": "few tables up to",
    "halt_short_by": "halt a table short by", "break_order": "break order", "final_table_size": "final table size",
    "final_table_next_level": "final table from the next level", "redraw_final_table": "final table redrawn",
    "trust_table_stations": "trust table stations",
}


def _settings_changed(p: Mapping[str, Any]) -> str:
    def shown(value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int):
            return f"{value:,}"
        if isinstance(value, list):
            return ", ".join(str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value) or "none"
        return str(value)

    def label(name: str) -> str:  # the words of the settings' refusals, without their article
        words = SETTING_LABELS.get(name) or _MORE_SETTING_WORDS.get(name) or name.replace("_", " ")
        return words.removeprefix("the ")

    def value_of(name: str, value: Any) -> str:
        return f"level {value}" if name.endswith("_until_level") and isinstance(value, int) else shown(value)

    changes = p.get("changes", {})
    return "Settings changed: " + "; ".join(f"{label(name)} → {value_of(name, value)}"
                                            for name, value in changes.items())


@dataclass(frozen=True)
class Reading:
    """How a sentence names the players and the periods of the tournament it is read in."""

    names: Names
    period_label: Callable[[int], str]
    numbers: Mapping[int, int]
    bounties: Bounties | None = None

    def who(self, entry_id: Any) -> str:
        return _who(self.names, entry_id)

    def period(self, index: int | None) -> str:
        return self.period_label(index) if isinstance(index, int) else ""


Sentence = Callable[[Any, Reading], str]

# The sentence of each event declared as a class (domain/events.py); a declared event without one fails a test.
SENTENCES: dict[type[Event], Sentence] = {
    StructureReplaced: lambda e, r: f"Structure {e.structure.get('name') or ''} loaded".replace("  ", " "),
    StructureEdited: lambda e, r: f"Structure edited ({r.period_label(e.index)})",
    ClockStarted: lambda e, r: f"Clock started at {r.period(e.period_index)}",
    ClockPaused: lambda e, r: f"Clock paused at {r.period(e.period_index)} with {_minutes(e.remaining_ms)} left",
    ClockResumed: lambda e, r: f"Clock resumed at {r.period(e.period_index)} with {_minutes(e.remaining_ms)} left",
    ClockLevelChanged: lambda e, r: f"Now {r.period(e.period_index)}",
    ClockJumped: lambda e, r: f"Clock moved to {r.period(e.period_index)}",
    ClockTimeAdjusted: lambda e, r: f"Clock set to {_minutes(e.remaining_ms)} left in {r.period(e.period_index)}",
    HandForHandDeducted: lambda e, r: f"Hand-for-hand: {_minutes(e.remaining_ms)} left in "
                                      f"{r.period(e.period_index)}",
    ClockRestored: lambda e, r: "Clock restored after a restart: "
                                + ("resumed paused" if e.choice == "paused" else "kept running"),
    ChipCountCalled: lambda e, r: "Chip count called" + (f": {e.note}" if e.note else ""),
    RulingRecorded: lambda e, r: f"Floor ruling at table {e.table}: {e.ruling.get('summary', '')}".rstrip(": "),
    TournamentConfigured: lambda e, r: "Tournament settings saved",
    TablesAdded: lambda e, r: f"{len(e.tables)} table(s) added",
    SeatLocked: lambda e, r: f"Table {e.table} seat {e.seat} {'locked' if e.locked else 'unlocked'}",
    RegistrationClosed: lambda e, r: "Registration closed" if e.closed else "Registration reopened",
    EntryRegistered: lambda e, r: _registered(e.to_payload(), r.names, r.numbers),
    SatelliteSeatsAwarded: lambda e, r: _seats_awarded(e, r.names),
    EntriesImported: lambda e, r: f"{len(e.entries)} entries registered",
    SeatsDrawn: lambda e, r: f"Seats drawn for {len(e.assignments)} players",
    TableButtonSet: lambda e, r: f"Button set at table {e.table} seat {e.seat}",
    EntryRebuy: lambda e, r: f"{r.who(e.entry_id)} rebought",
    EntryAddon: lambda e, r: f"{r.who(e.entry_id)} took the add-on",
    EntryPresence: lambda e, r: f"{r.who(e.entry_id)} marked {'present' if e.present else 'absent'}",
    ChipsCounted: lambda e, r: _count(e.to_payload()),
    EntryBusted: lambda e, r: _busts(e.to_payload(), r.names, r.bounties),
    MovesAccepted: lambda e, r: _moves(e.to_payload(), r.names),
    HandNext: lambda e, r: _hand_next(e.to_payload()),
    HandFinished: lambda e, r: f"Hand finished at table(s) {_list([str(t) for t in e.tables] or ['?'])}",
    HandForHandSet: lambda e, r: f"Hand-for-hand {'on' if e.on else 'off'}",
    PayoutsEdited: lambda e, r: "Payouts edited" if e.percentages else "Payouts back to the table",
    SettingsChanged: lambda e, r: _settings_changed(e.to_payload()),
    PayoutTableSet: lambda e, r: (f"Payout table: {e.table.get('name', '')}" if e.table
                                  else "Payout table: back to the table of the settings"),
    DealMade: lambda e, r: f"Deal made ({(e.method or '').replace('_', ' ')}) between {len(e.shares)} players",
    HistoryBought: lambda e, r: _bought(e.to_payload(), r.names),
    HistoryPotSet: lambda e, r: f"Pot: fixed rake {e.fixed_rake:,} taken, house added {e.house_contribution:,}",
    HistoryAwarded: lambda e, r: f"Prizes awarded as recorded: {sum(a for _, a in e.awards):,} "
                                 f"to {len({entry for entry, _ in e.awards})} player(s)",
    StationHandDone: lambda e, r: f"Table {e.table}: hand {e.hand} done",
    StationBustReported: lambda e, r: f"Table {e.table}: " + _busts(e.to_payload(), r.names)
                                      + ("" if e.recorded else " (proposed, to confirm)"),
    StationBustConfirmed: lambda e, r: f"Bust proposal {e.proposal} confirmed",
    StationBustRefused: lambda e, r: f"Bust proposal {e.proposal} refused" + (f": {e.reason}" if e.reason else ""),
    StationMoveConfirmed: lambda e, r: f"Table {e.table}: {r.who(e.entry_id)} has taken the new seat",
    StationFloorCalled: lambda e, r: f"Table {e.table}" + (f" seat {e.seat}" if e.seat else "") + " called the floor"
                                     + (f": {e.note}" if e.note else ""),
    StationFloorAnswered: lambda e, r: f"Floor call {e.call} answered",
    DayPlanned: lambda e, r: _day_planned(e),
    DayBagged: lambda e, r: f"Table {e.table} bagged: {len(e.bags)} bag(s), {sum(c for _, c in e.bags):,} chips",
    DayEnded: lambda e, r: f"Day {e.day} ended: {e.bagged:,} chips bagged of {e.chips_in_play:,} in play, the clock "
                           f"stopped at {r.period(e.period)} with {_minutes(e.remaining_ms)} left"
                           + (" (difference confirmed)" if e.bagged != e.chips_in_play else ""),
    DayStarted: lambda e, r: f"Day {e.day} started from the bags",
    DayCarriedIn: lambda e, r: f"Day {e.day} made from the bags of {_list([f'Day {f}' for f in e.flights])}: "
                               f"{len(e.entries)} players, prize pool {e.pool:,} from {e.flight_entries} entries"
                               + (f"; {len(e.forfeited)} bag(s) forfeited" if e.forfeited else ""),
}


def _day_planned(e: DayPlanned) -> str:
    where = f"{e.festival}, Day {e.flight}" if e.festival else f"Day {e.day}"
    stops = {"level": f"plays to the end of level {e.set_point_value}",
             "percent": f"plays to {e.set_point_value}% of the field left",
             "players": f"plays to {e.set_point_value} players left"}.get(e.set_point_kind or "", "plays to the end")
    return f"{where} {stops}" + ("; its pool is paid on the last day" if e.carries_pool else "")


def describe_event(event_type: str, payload: Mapping[str, Any], names: Names,
                   period_label: Callable[[int], str] = lambda index: f"period {index + 1}",
                   numbers: Mapping[int, int] | None = None, *, bounties: Bounties | None = None) -> str:
    """One line for the log. ``names`` maps entry ids to player names; ``period_label`` names a period index;
    ``numbers`` maps entry ids to the player's count of entries so far (2: his first re-entry); ``bounties`` tells
    what a bust paid in bounties (given for a bust that stands, not for one undone)."""
    declared = event_class(event_type)
    sentence = SENTENCES.get(declared) if declared is not None else None
    if sentence is not None:
        try:
            event = declared.from_payload(payload)  # type: ignore[union-attr]
            return sentence(event, Reading(names, period_label, numbers or {}, bounties))
        except (DomainError, KeyError, TypeError, ValueError, IndexError, AttributeError):
            return _fields(payload)  # an older payload shape: show its fields rather than nothing
    p = payload
    texts: dict[str, Callable[[], str]] = {
        "log.undo": lambda: "Undone: an earlier event",
        "log.redo": lambda: "Redone: an earlier event",
    }
    text = texts.get(event_type)
    if text is None:
        return _fields(p)
    try:
        return text()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _fields(p)  # an older payload shape: show its fields rather than nothing


STEP_NAME_LENGTH = 60  # a menu item, not a page
# the words the sentences above start with (a sentence starting otherwise starts with a player's name)
_OPENING_WORDS = frozenset({"Bust", "Button", "Chip", "Clock", "Deal", "Floor", "Hand", "Hand-for-hand", "Moved",
                            "Moves", "Next", "Now", "Payouts", "Pot", "Prizes", "Registration", "Seats", "Settings",
                            "Structure", "Table", "Tables", "Tournament"})


def step_name(verb: str, event: Any, describe: Callable[[str, Mapping[str, Any]], str]) -> str:
    """What Edit > Undo or Redo says: "Undo Ann Lee out", "Redo next hand at every table" (``event``: the first
    event of the director's action the step takes), or the bare verb."""
    if event is None:
        return verb
    try:
        sentence = describe(event.event_type, event.payload)
    except Exception:  # a menu item is not worth a refusal
        return verb
    if sentence.split(" ", 1)[0].rstrip(":,") in _OPENING_WORDS:
        sentence = sentence[0].lower() + sentence[1:]
    if len(sentence) > STEP_NAME_LENGTH:
        sentence = sentence[:STEP_NAME_LENGTH - 1].rstrip() + "…"
    return f"{verb} {sentence}"
