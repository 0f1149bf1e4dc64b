"""Which entries and tables an event changed, so the work after a command follows what changed, not the size
of the field: a checkpoint writes only the entries and tables changed since the last one, and the index of
tables by player count (table_index.py) refreshes only the tables that moved.

Every change an event makes to an entry or a table reaches it through ``FloorRecords.entries`` or
``FloorRecords.tables`` (a look-up, a ``get`` or a new key), so those two mappings are ``TrackedDict``s: while an
event is applied they note each key looked up or set. Walking a whole mapping while an event is applied notes
"everything" (the finish finds its winner that way, a hand dealt at every table walks the tables): a rare,
whole checkpoint then, never a missed change. Looking up more than was changed (a refused event's checks)
only writes a little more.
"""

from __future__ import annotations

from _collections_abc import dict_items, dict_values
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, overload


MISSING = object()  # in ``TrackedDict.before``: the key was not there before the event
MAX_BEFORE = 5_000  # an event that changes more keys than this (the draw, an import) keeps no copies
K = TypeVar("K")
V = TypeVar("V")
Other = TypeVar("Other")


class TrackedDict(dict[K, V]):
    """A dict that notes the keys used while ``recording`` (set around the application of one event).

    With ``before`` set to a dict (undo_image.py), the first use of each key during the event also keeps a copy
    of its value as it was (``copy_value``), or ``MISSING``: what an undo of the event puts back. An event that
    walks the whole mapping, or uses more than ``MAX_BEFORE`` keys, sets ``before`` to None: nothing to put back
    from."""

    __slots__ = ("recording", "touched", "everything", "before", "copy_value")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.recording = False
        self.touched: set[K] = set()
        self.everything = False
        self.before: dict[K, Any] | None = None  # a value as it was, or MISSING
        self.copy_value: Callable[[V], V] | None = None

    def _keep(self, key: K) -> None:
        before = self.before
        if before is not None and key not in before:
            if len(before) >= MAX_BEFORE:
                self.before = None
                return
            if not dict.__contains__(self, key):
                before[key] = MISSING
            else:
                value = dict.__getitem__(self, key)
                before[key] = value if self.copy_value is None else self.copy_value(value)

    def __getitem__(self, key: K) -> V:
        if self.recording:
            self.touched.add(key)
            if self.before is not None:
                self._keep(key)
        return dict.__getitem__(self, key)

    @overload
    def get(self, key: K, default: None = None) -> V | None: ...
    @overload
    def get(self, key: K, default: V) -> V: ...
    @overload
    def get(self, key: K, default: Other) -> V | Other: ...

    def get(self, key: K, default: Any = None) -> Any:
        if self.recording:
            self.touched.add(key)
            if self.before is not None:
                self._keep(key)
        return dict.get(self, key, default)

    def __setitem__(self, key: Any, value: Any) -> None:
        if self.recording:
            self.touched.add(key)
            if self.before is not None:
                self._keep(key)
        dict.__setitem__(self, key, value)

    def values(self) -> dict_values[K, V]:
        if self.recording:
            self.everything = True
            self.before = None
        return dict.values(self)

    def items(self) -> dict_items[K, V]:
        if self.recording:
            self.everything = True
            self.before = None
        return dict.items(self)

    def __iter__(self) -> Iterator[K]:
        if self.recording:
            self.everything = True
            self.before = None
        return dict.__iter__(self)

    def search(self) -> Iterator[V]:
        """The values, walked without noting every key: for a search whose find is then looked up by its key
        before it is changed (the winner of the finish)."""
        return iter(dict.values(self))

    def take(self) -> tuple[set[Any], bool]:
        """The keys noted since the last ``take`` and whether the whole mapping was walked; starts afresh."""
        touched, everything = self.touched, self.everything
        self.touched, self.everything = set(), False
        return touched, everything


class Changed:
    """The keys changed since some moment (a checkpoint, an index refresh): the ones noted, or everything."""

    __slots__ = ("keys", "everything")

    def __init__(self, everything: bool = False) -> None:
        self.keys: set[Any] = set()
        self.everything = everything

    def add(self, keys: set[Any], everything: bool) -> None:
        if self.everything:
            return
        if everything:
            self.everything = True
            self.keys = set()
        else:
            self.keys |= keys

    def __bool__(self) -> bool:
        return self.everything or bool(self.keys)


class ChangeJournal:
    """The entries and tables each applied event changed, numbered, so a view redraws only what changed since it
    last looked (the console's Players tab). Only the latest ``KEEP`` events are kept: a view further behind, or
    an event that walked a whole mapping, reads everything again."""

    KEEP = 2000

    def __init__(self) -> None:
        self.count = 0
        self._recent: deque[tuple[int, set[Any], set[Any], bool]] = deque(maxlen=self.KEEP)

    def add(self, entries: set[Any], tables: set[Any], everything: bool) -> None:
        self.count += 1
        self._recent.append((self.count, entries, tables, everything))

    def since(self, mark: int) -> tuple[set[Any], set[Any]] | None:
        """The entries and tables changed after event number ``mark``, or None when that is not known."""
        if mark > self.count or self.count - mark > len(self._recent):
            return None
        entries: set[Any] = set()
        tables: set[Any] = set()
        for number, changed_entries, changed_tables, everything in reversed(self._recent):
            if number <= mark:
                break
            if everything:
                return None
            entries |= changed_entries
            tables |= changed_tables
        return entries, tables


class FloorChanges:
    """What changed since the last checkpoint (``checkpoint_*``) and since the table index last looked
    (``index_tables``)."""

    def __init__(self, entries: TrackedDict[Any, Any], tables: TrackedDict[Any, Any]) -> None:
        self.entries = entries
        self.tables = tables
        self.checkpoint_entries = Changed()
        self.checkpoint_tables = Changed()
        self.index_tables = Changed()
        self.journal = ChangeJournal()

    def start(self) -> None:
        self.entries.recording = self.tables.recording = True

    def stop(self) -> None:
        self.entries.recording = self.tables.recording = False
        entries, every_entry = self.entries.take()
        tables, every_table = self.tables.take()
        self.journal.add(entries, tables, every_entry or every_table)
        if entries or every_entry:
            self.checkpoint_entries.add(entries, every_entry)
        if tables or every_table:
            self.checkpoint_tables.add(tables, every_table)
            self.index_tables.add(tables, every_table)

    def pending(self, entries: int, tables: int) -> int:
        """How many entries and tables changed since the last checkpoint (of ``entries`` and ``tables``)."""
        return ((entries if self.checkpoint_entries.everything else len(self.checkpoint_entries.keys))
                + (tables if self.checkpoint_tables.everything else len(self.checkpoint_tables.keys)))

    def checkpoint_taken(self) -> None:
        self.checkpoint_entries = Changed()
        self.checkpoint_tables = Changed()

    def everything_changed(self) -> None:
        """Nothing of this floor is in any checkpoint yet (a floor restored from a whole snapshot)."""
        self.checkpoint_entries = Changed(everything=True)
        self.checkpoint_tables = Changed(everything=True)
