"""The entries of a floor opened from a checkpoint, each built from its row the first time it is used.

Opening a 100,000-entry event used to decode every entry's row and build every ``Entry`` before the first
command: most of the time it took, when a bust or a screen then reads a few entries. ``EntriesReadWhenUsed``
holds each entry's row as the checkpoint gave it (its JSON text, or its values from a checkpoint of an older
version) until a look-up asks for that entry; whatever walks the values (``values``, ``items``, a search, a
comparison, a copy) reads every entry first, all in one decoding. The keys are there from the start, so the
field's size, its ids and ``in`` answer without reading. A checkpoint writes an entry still unread as the text
it was read from (``stored_part``): it did not change.
"""

from __future__ import annotations

import json
from _collections_abc import dict_items, dict_values
from collections.abc import Iterator
from itertools import starmap
from typing import Any

from tournament_director.domain.floor.changes import TrackedDict
from tournament_director.domain.floor.records import Entry
from tournament_director.domain.floor.snapshot import (
    ENTRY_FIELDS,
    _collector_paused,
    _entry_row,
)


class EntryText:
    """An entry's row as the JSON text a checkpoint holds, written again as it is (services/commands.py)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def entries_from_rows(rows: list[Any], names: tuple[str, ...] = ENTRY_FIELDS) -> list[Entry]:
    """Entries from their rows of values in the order ``names`` (a checkpoint's ``entry_fields``)."""
    if names == ENTRY_FIELDS:
        entries = list(starmap(Entry, rows))
    else:  # written by a version with another order of the fields
        entries = [Entry(**dict(zip(names, row))) for row in rows]
    for entry in entries:
        entry.eliminated_by = list(entry.eliminated_by)
    return entries


class EntriesReadWhenUsed(TrackedDict[int, Entry]):
    """A floor's entries by id, each value an ``Entry`` or, until it is first used, its row in the checkpoint:
    its JSON text or its list of values, in the order ``names``."""

    __slots__ = ("_all_read", "_names")

    def __init__(self, rows: dict[int, Any], names: tuple[str, ...] = ENTRY_FIELDS) -> None:
        super().__init__(rows)
        self._names = names
        self._all_read = not rows

    @property
    def all_read(self) -> bool:
        return self._all_read

    def _read(self, key: Any) -> None:
        value: Any = dict.get(self, key)
        if value is not None and type(value) is not Entry:
            row = json.loads(value) if type(value) is str else value
            dict.__setitem__(self, key, entries_from_rows([row], self._names)[0])

    def read_all(self) -> None:
        """Build every entry not built yet (one decoding for all their texts)."""
        if self._all_read:
            return
        with _collector_paused():
            pending: list[tuple[int, Any]] = [(key, value) for key, value in dict.items(self)
                                              if type(value) is not Entry]
            texts = [value for _, value in pending if type(value) is str]
            decoded = iter(json.loads("[" + ",".join(texts) + "]"))
            rows = [next(decoded) if type(value) is str else value for _, value in pending]
            dict.update(self, zip([key for key, _ in pending], entries_from_rows(rows, self._names)))
        self._all_read = True

    def stored_part(self, key: int) -> Any:
        """The entry's row for a checkpoint: its text as read (an ``EntryText``) while it is unread, else its
        values."""
        value: Any = dict.__getitem__(self, key)
        if type(value) is not Entry and self._names == ENTRY_FIELDS:
            return EntryText(value) if type(value) is str else value
        self._read(key)
        return _entry_row(dict.__getitem__(self, key))

    # ----- a look-up reads the entry it finds; a walk of the values reads them all ----------------------------
    def __getitem__(self, key: int) -> Entry:
        if not self._all_read:
            self._read(key)
        return TrackedDict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        if not self._all_read:
            self._read(key)
        return TrackedDict.get(self, key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        if not self._all_read:
            self._read(key)  # what an undo puts back is the entry as it was, built
        TrackedDict.__setitem__(self, key, value)

    def pop(self, key: Any, *default: Any) -> Any:
        if not self._all_read:
            self._read(key)
        return dict.pop(self, key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if not self._all_read:
            self._read(key)
        return dict.setdefault(self, key, default)

    def popitem(self) -> tuple[int, Entry]:
        self.read_all()
        return dict.popitem(self)

    def values(self) -> dict_values[int, Entry]:
        self.read_all()
        return TrackedDict.values(self)

    def items(self) -> dict_items[int, Entry]:
        self.read_all()
        return TrackedDict.items(self)

    def search(self) -> Iterator[Entry]:
        self.read_all()
        return TrackedDict.search(self)

    def copy(self) -> dict[int, Entry]:
        self.read_all()
        return dict.copy(self)

    def __eq__(self, other: object) -> bool:
        self.read_all()
        if isinstance(other, EntriesReadWhenUsed):
            other.read_all()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self.read_all()
        return dict.__repr__(self)
