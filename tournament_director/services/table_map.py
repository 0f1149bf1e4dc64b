"""What the console's table map needs to redraw only the tables a change touched: the tables changed since a mark,
read from the floor's change journal (domain/floor/changes.py), with the tables whose halt mark (TDA 11-D) came or
went; and the halted tables, read from the index of tables by player count instead of comparing every table with
every other (a 100,000-entry event has 11,112 tables)."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable
from typing import Any

from tournament_director.domain.floor.records import FloorRecords


@dataclass(frozen=True)
class TablesMark:
    """Where a view of the tables stood when it last read them (``TournamentService.tables_since``)."""

    journal: Any            # the floor's change journal: another one means the floor was rebuilt (an undo, a redo)
    event: int              # the journal's count of events then
    halts: frozenset[int]   # the tables halted then (TDA 11-D)
    looks: tuple[Any, ...]  # the settings every table's view shows: a change of them redraws every table


def halt_tables(t: FloorRecords) -> frozenset[int]:
    """TDA 11-D: the open tables ``halt_short_by`` or more players short of the fullest (as halting_flags says),
    from the fullest and the emptiest table of the index: nothing to walk when no table is that short."""
    index = t.table_index()
    if len(index) < 2:
        return frozenset()
    short_by = t.settings.halt_short_by
    fullest = index.fullest()
    if fullest - index.emptiest() < short_by:
        return frozenset()
    return frozenset(index.at_most(fullest - short_by))


def _looks(t: FloorRecords) -> tuple[Any, ...]:
    return t.settings.button_mode, t.settings.halt_short_by


def tables_since(t: FloorRecords, mark: TablesMark | None) -> tuple[TablesMark, set[int] | None]:
    """The mark of now and the numbers of the tables whose view may have changed since ``mark`` (open, broken or
    new), or None when every table is to be read again (a first look, a rebuilt floor, a change of the whole room
    or of the settings every table shows)."""
    journal = t.changes.journal
    halts = halt_tables(t)
    now = TablesMark(journal, journal.count, halts, _looks(t))
    if mark is None or mark.journal is not journal or mark.looks != now.looks:
        return now, None
    changed = journal.since(mark.event)
    if changed is None:
        return now, None
    entry_ids, table_numbers = changed
    tables = set(table_numbers)
    for entry_id in entry_ids:   # a name, the chips or the presence changed: the table the player sits at
        entry = t.entries.get(entry_id)
        if entry is not None and entry.table is not None:
            tables.add(entry.table)
    tables |= halts ^ mark.halts
    return now, tables


@dataclass(frozen=True)
class ProposalMark:
    """The floor a balancing proposal was worked out on (``TournamentService.proposal_mark``)."""

    journal: Any            # the floor's change journal: another one means the floor was rebuilt (an undo, a redo)
    event: int              # the journal's count of events then
    settings: tuple[Any, ...]  # the settings a proposal reads (breaking order, tolerances, final table)


def _proposal_settings(t: FloorRecords) -> tuple[Any, ...]:
    s = t.settings
    return (tuple(s.break_order), s.tolerance_many_tables, s.tolerance_few_tables, s.few_tables, s.halt_short_by,
            s.final_table_size, s.redraw_final_table, s.final_table_next_level, s.button_mode, t.finished)


def proposal_mark(t: FloorRecords) -> ProposalMark:
    journal = t.changes.journal
    return ProposalMark(journal, journal.count, _proposal_settings(t))


def proposal_outdated(t: FloorRecords, mark: ProposalMark | None) -> bool:
    """Whether a proposal worked out at ``mark`` may no longer fit the floor: a table changed since (a seat taken or
    left, a hand dealt, a table opened or broken), the floor was rebuilt, or a setting it reads changed."""
    if mark is None or mark.journal is not t.changes.journal or mark.settings != _proposal_settings(t):
        return True
    changed = t.changes.journal.since(mark.event)
    return changed is None or bool(changed[1])


def open_table_numbers(t: FloorRecords) -> list[int]:
    return sorted(number for number, table in dict.items(t.tables) if not table.broken)


def open_among(t: FloorRecords, numbers: Iterable[int]) -> set[int]:
    """Those of the tables ``numbers`` that are open (not broken)."""
    return {n for n in numbers if (table := dict.get(t.tables, n)) is not None and not table.broken}


def open_table_seats(t: FloorRecords) -> list[tuple[int, int]]:
    """(number, seats) of every open table, by number: the tables a player can be moved to."""
    return sorted((n, table.seat_count or len(table.seats)) for n, table in dict.items(t.tables) if not table.broken)


def seated_players(t: FloorRecords) -> list[tuple[int, str, int, int | None]]:
    """(entry id, name, table, seat) of every player still in at a table, by name (then entry)."""
    seated = [(e.id, e.name, e.table, e.seat) for e in t.entries.search() if not e.busted and e.table is not None]
    seated.sort(key=lambda player: (player[1].casefold(), player[0]))
    return seated


def seating_of(t: FloorRecords, entry_ids: Iterable[int]) -> dict[int, tuple[str, int | None, int | None]]:
    """(name, table, seat) of each of ``entry_ids`` that exists: a proposal's few players, without a view of every
    entry."""
    seating = {}
    for entry_id in entry_ids:
        entry = t.entries.get(entry_id)
        if entry is not None:
            seating[entry_id] = (entry.name, entry.table, entry.seat)
    return seating
