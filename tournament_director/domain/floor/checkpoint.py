"""The floor's checkpoint in parts: what changed since the last checkpoint, so writing one costs what the
commands since then changed, not the size of the field (a 100,000-entry event has 100,000 entries and 11,112
tables; a checkpoint after 200 busts writes a few hundred of them).

Parts: ``core`` (settings, totals, the latest seating and count, the number of bust groups: everything but the
entries, the tables and the bust groups), one part per entry (its row of values in ``ENTRY_FIELDS`` order), one
per table (``Table.to_row``), and the bust groups in chunks of ``GROUP_CHUNK`` (only the newest chunks change:
groups are appended, and only the newest one is added to hand-for-hand). A checkpoint may also ask for one region
of the floor (the parts whose number is r modulo n), so the checkpoints of a turn of the regions hold every part
(services/commands.py). A floor is put back together from one version of every part; its entries are built
when first used (entry_rows.py), so the core also holds the floor's running counts, which would otherwise be
counted from every entry.
"""

from __future__ import annotations

import json
from typing import Any

from tournament_director.domain.floor.entry_rows import EntriesReadWhenUsed
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.snapshot import (
    ENTRY_FIELDS, UnreadChunk, _collector_paused, _entry_row, core_fields, count_entries, group_row, restore,
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
        stored = t.entries.stored_part if isinstance(t.entries, EntriesReadWhenUsed) else None
        entries = {n: _entry_row(dict.__getitem__(t.entries, n)) if stored is None else stored(n)
                   for n in entry_ids if dict.__contains__(t.entries, n)}
        tables = {n: dict.__getitem__(t.tables, n).to_row() for n in table_numbers if dict.__contains__(t.tables, n)}
        groups = {chunk: [group_row(g) for g in t.bust_groups[chunk * GROUP_CHUNK:(chunk + 1) * GROUP_CHUNK]]
                  for chunk in sorted(chunk_numbers)}
        core = _core(t)
    return {"core": core, "entry": entries, "table": tables, "groups": groups}


def checkpoint_taken(t: FloorRecords) -> None:
    t.changes.checkpoint_taken()
    t.groups_checkpointed = len(t.bust_groups)


def _core(t: FloorRecords) -> dict[str, Any]:
    return {**core_fields(t), "bust_group_count": len(t.bust_groups), "counts": _running_counts(t)}


def _running_counts(t: FloorRecords) -> dict[str, Any]:
    return {"alive": t.alive, "rebuys": t.rebuys, "addons": t.addons, "reentries": t.reentries,
            "options_bought": t.options_bought, "bounties_on_heads": t.bounties_on_heads}


def decoded(parts: list[Any]) -> list[Any]:
    """Parts as values: those still JSON text decoded (all in one), those already values as they are."""
    texts = [part for part in parts if type(part) is str]
    if not texts:
        return parts
    found = iter(json.loads("[" + ",".join(texts) + "]"))
    return [next(found) if type(part) is str else part for part in parts]


def _group_rows(groups: dict[int, Any], count: int) -> list[Any]:
    """The first ``count`` bust groups of the chunks: each its row, or the chunk's ``UnreadChunk`` while the
    chunk is still JSON text (every chunk but the last holds ``GROUP_CHUNK`` groups)."""
    rows: list[Any] = []
    for chunk in sorted(groups):
        part = groups[chunk]
        if type(part) is str and len(rows) == chunk * GROUP_CHUNK:
            rows += [UnreadChunk(part, len(rows))] * min(GROUP_CHUNK, count - len(rows))
        else:
            rows += decoded([part])[0]
    return rows[:count]


def from_parts(t: FloorRecords, core: dict[str, Any], entries: dict[int, Any], tables: list[Any],
               groups: dict[int, Any]) -> None:
    """Fill a new, empty floor ``t`` from one version of every part: ``entries`` by id in order, ``tables`` in
    number order, ``groups`` by chunk, each part its values or its JSON text. The entries are built when first
    used; nothing counts as changed afterwards."""
    restore(t, {**core, "entries": [], "tables": decoded(tables),
                "bust_groups": _group_rows(groups, core["bust_group_count"])})
    read = EntriesReadWhenUsed(entries, tuple(core.get("entry_fields", ENTRY_FIELDS)))
    t.entries = t.changes.entries = read
    counts = core.get("counts")
    if counts is None:  # a checkpoint of an older version: counted from every entry
        t.player_entries = {}
        count_entries(t, list(read.values()))
    else:
        for name in ("alive", "rebuys", "addons", "reentries", "bounties_on_heads"):
            setattr(t, name, counts[name])
        t.options_bought = dict(counts["options_bought"])
        t.player_entries = None  # counted from the entries when first asked for
    t.changes.checkpoint_taken()
    t.groups_checkpointed = len(t.bust_groups)
