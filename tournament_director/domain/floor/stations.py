"""Table stations: what a dealer's tablet at each table reports, as floor facts.

A station acts for its own table only and for the hand the table is on now: a report naming an older hand is
refused (the page had not yet seen the next hand). The facts:

- **hand done**: the table finished its current hand. Hand-for-hand (TDA RP-8) the next hand is dealt at every
  table only once every table playing has reported (``round_complete``); the session deals it and takes the
  hand's minutes off the clock as for the console's own hand-for-hand deal.
- **busts**: the busted seat(s), the player who won the pot and each busted player's stack at the start of the
  hand. A report waits as a proposal for the director, or is recorded at once when the tournament trusts its
  table stations (setting ``trust_table_stations``). Either way the elimination goes through busts.py, so places
  follow the console's rules (same-hand busts by the chips at the start of the hand, seed 004 T 11; hand-for-hand
  busts at different tables share one group and tie, WSOP 126b). A player in another station's proposal is refused.
- **moves confirmed**: a player of the latest balancing or break move took his new seat.
- **floor calls**: raised by a table (and seat), cleared when the director answers.

Event types (payload fields):
    station.hand_done       table, hand
    station.bust_reported   table, hand, busts: [{entry_id, eliminated_by: [..], start_chips}], recorded (bool),
                            level?, time?, hand_for_hand_hand?
    station.bust_confirmed  proposal, level?, time?, hand_for_hand_hand?
    station.bust_refused    proposal, reason?
    station.move_confirmed  table, entry_id
    station.floor_called    table, seat?, note?, time?
    station.floor_answered  call
Chip counts a station enters are the floor's own ``chips.counted`` count sheet of that table.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import busts
from tournament_director.domain.floor.records import Entry, FloorRecords
from tournament_director.domain.floor.seating import Table
from tournament_director.domain.floor.events import (
    StationBustConfirmed, StationBustRefused, StationBustReported, StationFloorAnswered, StationFloorCalled,
    StationHandDone, StationMoveConfirmed,
)

NOTE_LIMIT = 200


# --- questions the console and the pages ask ------------------------------------------------------------
def playing_tables(t: FloorRecords) -> list[Table]:
    """The tables that play a hand: open, with two players or more."""
    return [table for table in t.open_tables() if table.players >= 2]


def tables_done(t: FloorRecords) -> set[int]:
    """The tables that reported their current hand done."""
    return {n for n, hand in t.stations.hand_done.items()
            if n in t.tables and not t.tables[n].broken and t.tables[n].hand_number == hand and hand > 0}


def round_complete(t: FloorRecords) -> bool:
    """Hand-for-hand: every playing table has reported the current hand done (TDA RP-8)."""
    playing = {table.number for table in playing_tables(t)}
    return t.hand_for_hand and bool(playing) and playing <= tables_done(t)


def pending_moves(t: FloorRecords, table: int | None = None) -> list[list[Any]]:
    """The latest seating change's moves ([entry, from_table, from_seat, to_table, to_seat]) whose player is
    in the new seat and not yet confirmed by the receiving table's dealer; of ``table`` (leaving or receiving)."""
    seating = t.last_seating
    if not seating or seating.get("kind") == "draw":
        return []
    found = []
    for move in seating.get("moves", []):
        entry_id, from_table, _from_seat, to_table, to_seat = move
        entry = t.entries.get(entry_id)
        if entry is None or entry.busted or (entry.table, entry.seat) != (to_table, to_seat):
            continue
        if t.stations.moves_confirmed.get(entry_id) == [to_table, to_seat, seating.get("time")]:
            continue
        if table is None or table in (from_table, to_table):
            found.append(list(move))
    return found


def proposal_holding(t: FloorRecords, entry_id: int) -> tuple[int, dict[str, Any]] | None:
    for number, proposal in t.stations.proposals.items():
        if any(b["entry_id"] == entry_id for b in proposal["busts"]):
            return number, proposal
    return None


# --- checks ---------------------------------------------------------------------------------------------
def _station_table(t: FloorRecords, event: Any) -> Table:
    table = t.table(event.table)
    if table.broken:
        raise DomainError(f"table {table.number} is broken: its station has nothing to report")
    return table


def _current_hand(table: Table, hand: Any) -> int:
    number = limits.check_count(hand, "hand number", 0, 10**9)
    if table.hand_number == 0:
        raise DomainError(f"no hand has been dealt at table {table.number} yet")
    if number != table.hand_number:
        raise DomainError(f"table {table.number} is on hand {table.hand_number} now, not hand {number}: the page "
                          "shows the table again")
    return number


def _check_station_busts(t: FloorRecords, table: Table, rows: Any) -> list[tuple[Entry, list[Entry], int]]:
    if not isinstance(rows, list) or not rows:
        raise DomainError("pick the busted seat or seats")
    for row in rows:
        if not isinstance(row, dict):
            raise DomainError("each bust names the player, the winner of the pot and his stack")
        entry_id = row.get("entry_id")
        entry = t.entry(entry_id)
        if entry.busted:
            by = t.stations.busted_by.get(entry.id)
            raise DomainError(f"{entry.name} was already busted" + (f" by table {by}" if by is not None else ""))
        held = proposal_holding(t, entry.id)
        if held is not None:
            raise DomainError(f"{entry.name} was already busted by table {held[1]['table']}")
        if entry.table != table.number:
            where = f"at table {entry.table}" if entry.table is not None else "not seated"
            raise DomainError(f"{entry.name} is {where}, not at table {table.number}: each table reports its own "
                              "busts")
        if "start_chips" not in row:
            raise DomainError(f"give {entry.name}'s stack at the start of the hand")
        start = limits.check_amount(row["start_chips"], f"{entry.name}'s stack at the start of the hand")
        if start > t.chips_issued:
            raise DomainError(f"{entry.name}'s stack at the start of the hand ({start:,}) is more than all the "
                              f"chips in play ({t.chips_issued:,})")
        winners = row.get("eliminated_by", [])
        if not isinstance(winners, list):
            raise DomainError("the winner of the pot is a list of players")
        for winner_id in winners:
            winner = t.entry(winner_id)
            if winner.table != table.number and winner.id != entry.id:
                raise DomainError(f"{winner.name} is not at table {table.number}: the pot's winner sits at the "
                                  "table")
    return busts.plan_busts(t, rows)


def _h4h_hand(t: FloorRecords, event: Any) -> int | None:
    return event.hand_for_hand_hand if t.hand_for_hand else None


def _record_busts(t: FloorRecords, table: int, plan: list[tuple[Entry, list[Entry], int]],
                  event: Any) -> None:
    busts.eliminate(t, plan, _h4h_hand(t, event), event.level, event.time)
    for entry, _winners, _start in plan:
        t.stations.busted_by[entry.id] = table


# --- handlers -------------------------------------------------------------------------------------------
def _hand_done(t: FloorRecords, event: StationHandDone) -> None:
    table = _station_table(t, event)
    hand = _current_hand(table, event.hand)
    if t.stations.hand_done.get(table.number) == hand:
        raise DomainError(f"table {table.number} already reported hand {hand} done")
    t.stations.hand_done[table.number] = hand
    table.in_hand = False


def _bust_reported(t: FloorRecords, event: StationBustReported) -> None:
    table = _station_table(t, event)
    hand = _current_hand(table, event.hand)
    plan = _check_station_busts(t, table, event.busts)
    recorded = limits.check_flag(event.recorded or False, "recorded at once")
    if recorded:
        _record_busts(t, table.number, plan, event)
        return
    t.stations.proposals_made += 1
    t.stations.proposals[t.stations.proposals_made] = {
        "table": table.number, "hand": hand, "time": event.time,
        "busts": [{"entry_id": e.id, "eliminated_by": [w.id for w in winners], "start_chips": start}
                  for e, winners, start in plan],
    }


def _proposal(t: FloorRecords, event: Any) -> tuple[int, dict[str, Any]]:
    number = event.proposal
    proposal = t.stations.proposals.get(number) if isinstance(number, int) else None
    if proposal is None:
        raise DomainError(f"there is no bust proposal {limits.shown(number)} waiting (already decided?)")
    return number, proposal


def _bust_confirmed(t: FloorRecords, event: StationBustConfirmed) -> None:
    number, proposal = _proposal(t, event)
    plan = busts.plan_busts(t, [dict(b) for b in proposal["busts"]])
    del t.stations.proposals[number]
    _record_busts(t, proposal["table"], plan, event)


def _bust_refused(t: FloorRecords, event: StationBustRefused) -> None:
    number, _proposal_data = _proposal(t, event)
    if event.reason is not None:
        limits.check_text(event.reason, "reason", max_length=NOTE_LIMIT)
    del t.stations.proposals[number]


def _move_confirmed(t: FloorRecords, event: StationMoveConfirmed) -> None:
    table = _station_table(t, event)
    entry = t.live_entry(event.entry_id)
    waiting = [m for m in pending_moves(t, table.number) if m[0] == entry.id]
    if not waiting:
        raise DomainError(f"{entry.name} has no move to table {table.number} waiting to be confirmed")
    move = waiting[0]
    if move[3] != table.number:
        raise DomainError(f"{entry.name} moves to table {move[3]}: the dealer there confirms he has sat down")
    t.stations.moves_confirmed[entry.id] = [move[3], move[4], (t.last_seating or {}).get("time")]


def _floor_called(t: FloorRecords, event: StationFloorCalled) -> None:
    table = _station_table(t, event)
    seat = event.seat
    if seat is not None:
        limits.check_count(seat, "seat", 1, table.seat_count)
    note = event.note or ""
    if note:
        limits.check_text(note, "note", max_length=NOTE_LIMIT)
    for call in t.stations.calls.values():
        if call["table"] == table.number and call.get("seat") == seat:
            raise DomainError(f"table {table.number} has already called the floor" +
                              (f" for seat {seat}" if seat is not None else "") + ": the floor is on the way")
    t.stations.calls_made += 1
    t.stations.calls[t.stations.calls_made] = {"table": table.number, "seat": seat, "note": note or "",
                                               "time": event.time}


def _floor_answered(t: FloorRecords, event: StationFloorAnswered) -> None:
    number = event.call
    if not isinstance(number, int) or number not in t.stations.calls:
        raise DomainError(f"there is no open floor call {limits.shown(number)} (already answered?)")
    del t.stations.calls[number]


HANDLERS = (
    (StationHandDone, _hand_done),
    (StationBustReported, _bust_reported),
    (StationBustConfirmed, _bust_confirmed),
    (StationBustRefused, _bust_refused),
    (StationMoveConfirmed, _move_confirmed),
    (StationFloorCalled, _floor_called),
    (StationFloorAnswered, _floor_answered),
)
