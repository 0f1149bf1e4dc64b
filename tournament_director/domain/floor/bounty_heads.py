"""The biggest heads of a bounty tournament (the live entries with the largest bounties), kept up to date from the
entries each event changed instead of a scan of every entry, the way chip_leader.py keeps the chip leader.

Between two looks only the entries the events changed (changes.py: the change journal) can have climbed among the
biggest heads; a scan of every entry is needed again only when one of the heads kept lost his bounty (busted, or
kept it as the winner), when an event walked every entry, or when more events passed than the journal keeps.
"""

from __future__ import annotations

import heapq
from typing import Any

# the floor (records.FloorRecords) and its entries (records.Entry) are typed Any here: records.py holds a watch
Floor = Any
Entry = Any

HEADS_KEPT = 3


def _rank(entry: Entry) -> tuple[int, int]:
    return entry.bounty, -entry.id


def _counts(entry: Entry | None) -> bool:
    return entry is not None and not entry.busted and entry.bounty > 0


class BountyHeadsWatch:
    """Remembers the biggest heads and their bounties as of one event of the journal (``mark``)."""

    __slots__ = ("_mark", "_heads")

    def __init__(self) -> None:
        self._mark = -1  # nothing looked at yet
        self._heads: list[tuple[tuple[int, int], int]] = []  # (rank, entry id), the biggest first

    def heads(self, t: Floor) -> list[Entry]:
        """The live entries with the largest bounties now (at most HEADS_KEPT; the lower entry id on equal
        bounties), the biggest first; none with no bounty on his head."""
        journal = t.changes.journal
        if journal.count != self._mark:
            changed = journal.since(self._mark) if self._mark >= 0 else None
            found = self._updated(t, changed[0]) if changed is not None else None
            if found is None:
                found = _scan(t)
            self._mark = journal.count
            self._heads = [(_rank(e), e.id) for e in found]
        return [t.entries[entry_id] for _rank_kept, entry_id in self._heads]

    def _updated(self, t: Floor, changed: set[int]) -> list[Entry] | None:
        """The heads from the last ones and the entries changed since, or None when a scan is needed."""
        kept = []
        for rank, entry_id in self._heads:
            entry = t.entries.get(entry_id)
            if not _counts(entry) or _rank(entry) < rank:
                return None  # a head lost his bounty: anyone may be among the biggest now
            kept.append(entry)
        ids = {e.id for e in kept}
        for entry_id in changed:
            entry = t.entries.get(entry_id)
            if entry_id not in ids and _counts(entry):
                kept.append(entry)
        return heapq.nlargest(HEADS_KEPT, kept, key=_rank)


def _scan(t: Floor) -> list[Entry]:
    return heapq.nlargest(HEADS_KEPT, (e for e in t.entries.values() if _counts(e)), key=_rank)


__all__ = ["HEADS_KEPT", "BountyHeadsWatch"]
