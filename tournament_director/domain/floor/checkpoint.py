"""The floor's checkpoint in parts: what changed since the last checkpoint, so writing one costs what the
commands since then changed, not the size of the field (a 100,000-entry event has 100,000 entries and 11,112
tables; a checkpoint after 200 busts writes a few hundred of them).

Parts: ``core`` (settings, totals, the latest seating and count, the number of bust groups: everything but the
entries, the tables and the bust groups), one part per entry (its row of values in ``ENTRY_FIELDS`` order), one
per table (``Table.to_row``), and the bust groups in chunks of ``GROUP_CHUNK`` (only the newest chunks change:
groups are appended, and only the newest one is added to hand-for-hand). A checkpoint may also ask for one region
of the floor (the parts whose number is r modulo n), so the checkpoints of a turn of the regions hold every part
(services/commands.py). A floor is put back together from one version of every part.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.snapshot import (
    _collector_paused, _entry_row, core_fields, group_row, restore,
)

GROUP_CHUNK = 500

Parts = dict[str, Any]  # {"core": {...}, "entry": {id: row}, "table": {number: row}, "groups": {chunk: [rows]}}


def changed_parts(t: FloorRecords, region: tuple[int, int] | None = None) -> Parts:
    """The parts changed since the last ``checkpoint_taken`` (every part when nothing was checkpointed yet), and
    with ``region`` (r, of n) every part whose number is r modulo n besides: a slice of the whole floor."""
    with _collector_paused():
        changes = t.changes
        entry_ids = set(t.entries.keys() if changes.checkpoint_entries.everything else changes.checkpoint_entries.keys)
        table_numbers = set(t.tables.keys() if changes.checkpoint_tables.everything
                            else changes.checkpoint_tables.keys)
        chunks = (len(t.bust_groups) + GROUP_CHUNK - 1) // GROUP_CHUNK
        chunk_numbers = set(range(max(0, t.groups_checkpointed - 1) // GROUP_CHUNK, chunks))
        if region is not None:
            r, n = region
            entry_ids.update(range(r or n, t.next_entry_id, n))  # entry ids run 1, 2, 3, ...
            table_numbers.update(number for number in dict.keys(t.tables) if number % n == r)
            chunk_numbers.update(range(r, chunks, n))
        entries = {n: _entry_row(dict.__getitem__(t.entries, n)) for n in entry_ids if dict.__contains__(t.entries, n)}
        tables = {n: dict.__getitem__(t.tables, n).to_row() for n in table_numbers if dict.__contains__(t.tables, n)}
        groups = {chunk: [group_row(g) for g in t.bust_groups[chunk * GROUP_CHUNK:(chunk + 1) * GROUP_CHUNK]]
                  for chunk in sorted(chunk_numbers)}
        core = _core(t)
    return {"core": core, "entry": entries, "table": tables, "groups": groups}


def checkpoint_taken(t: FloorRecords) -> None:
    t.changes.checkpoint_taken()
    t.groups_checkpointed = len(t.bust_groups)


def _core(t: FloorRecords) -> dict[str, Any]:
    return {**core_fields(t), "bust_group_count": len(t.bust_groups)}


def from_parts(t: FloorRecords, core: dict[str, Any], entries: list[Any], tables: list[Any],
               groups: dict[int, list[Any]]) -> None:
    """Fill a new, empty floor ``t`` from one version of every part; nothing counts as changed afterwards."""
    count = core["bust_group_count"]
    group_rows = [row for chunk in sorted(groups) for row in groups[chunk]][:count]
    restore(t, {**core, "entries": entries, "tables": tables, "bust_groups": group_rows})
    t.changes.checkpoint_taken()
    t.groups_checkpointed = len(t.bust_groups)
