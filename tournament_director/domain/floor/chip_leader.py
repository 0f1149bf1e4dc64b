"""The chip leader, kept up to date from the entries each event changed instead of a scan of every entry.

The leader is the live entry with the most chips (the lower entry id on equal stacks). Between two looks only the
entries the events changed (changes.py: the change journal) can have overtaken him; a scan of every entry is
needed again only when the leader himself lost chips or busted, when an event walked every entry, or when more
events passed than the journal keeps.
"""

from __future__ import annotations

from typing import Any

# the floor (records.FloorRecords) and its entries (records.Entry) are typed Any here: records.py holds a watch
Floor = Any
Entry = Any


def _rank(entry: Entry) -> tuple[int, int]:
    return entry.chips, -entry.id


class ChipLeaderWatch:
    """Remembers the leader and his stack as of one event of the journal (``mark``)."""

    __slots__ = ("_mark", "_leader", "_rank")

    def __init__(self) -> None:
        self._mark = -1  # nothing looked at yet
        self._leader: int | None = None
        self._rank: tuple[int, int] | None = None

    def leader(self, t: Floor) -> Entry | None:
        """The live entry with the most chips now, None when nobody is left."""
        journal = t.changes.journal
        if journal.count != self._mark:
            changed = journal.since(self._mark) if self._mark >= 0 else None
            found = self._updated(t, changed[0]) if changed is not None else None
            if found is None:
                found = _scan(t)
            self._mark = journal.count
            self._leader = found.id if found is not None else None
            self._rank = _rank(found) if found is not None else None
        return t.entries.get(self._leader) if self._leader is not None else None

    def _updated(self, t: Floor, changed: set[int]) -> Entry | None:
        """The leader from the last one and the entries changed since, or None when a scan is needed."""
        if self._leader is None or self._rank is None:
            return None
        best = t.entries.get(self._leader)
        if best is None or best.busted or _rank(best) < self._rank:
            return None  # he lost chips: anyone may lead now
        for entry_id in changed:
            entry = t.entries.get(entry_id)
            if entry is not None and not entry.busted and _rank(entry) > _rank(best):
                best = entry
        return best


def _scan(t: Floor) -> Entry | None:
    return max((e for e in t.entries.values() if not e.busted), key=_rank, default=None)


__all__ = ["ChipLeaderWatch"]
