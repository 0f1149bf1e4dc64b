"""The floor as it was before one event, kept so that undoing that event puts back only what it changed.

An undo used to fold the whole floor again from the newest checkpoint (a second at 100,000 entries). The floor's
state is its entries, its tables, its bust groups and its core (checkpoint.py writes exactly these): an event
changes the entries and tables it uses through the two ``TrackedDict``s, which keep a copy of each one's value
as it was (changes.py), appends a bust group or changes the newest one, and sets plain fields of the floor. So
``FloorImage.take`` keeps, before an event, the floor's fields (their values: the containers an event changes in
place are copied), the newest bust group and the number of groups; the tracked dicts keep the entries and tables.
``put_back`` restores them and forgets the look-ups that follow the entries (the table index, the chip leader,
the biggest heads), which find their answers again from the floor.

An event that walks every entry or table, or uses thousands of them (the draw, an import), keeps no image:
``usable`` is False and the undo folds from the checkpoint as before.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from typing import Any

from tournament_director.domain.floor.bounty_heads import BountyHeadsWatch
from tournament_director.domain.floor.changes import MISSING
from tournament_director.domain.floor.chip_leader import ChipLeaderWatch
from tournament_director.domain.floor.records import BustGroup, Entry, FloorRecords
from tournament_director.domain.floor.seating import Table
from tournament_director.domain.floor.snapshot import _entry_row, _group, group_row

# Kept apart from the plain fields: the look-ups that follow the floor (rebuilt on demand after a put-back), what
# the image keeps otherwise (entries, tables, bust groups, the ids of each player's entries) and the change
# tracking, which goes on counting.
_NOT_PLAIN = {"entries", "tables", "changes", "_table_index", "leader_watch", "heads_watch", "bust_groups",
              "_player_entries"}
# Fields that hold an object but are only ever replaced by an event, never changed in place: kept as they are.
# Any other field holding an object (a dict, a list, the stations' records, a field added later) is copied.
_REPLACED_WHOLE = {"settings", "payout_table", "payout_percentages", "deal", "last_count", "last_seating",
                   "satellite_award", "day"}
_VALUES = (int, str, float, Decimal, tuple, type(None))  # bool is an int
# The stations' records change with the stations' events only: copied for those alone.
_STATION_EVENTS = "station."


def _kept(name: str, value: Any, event_type: str) -> Any:
    if isinstance(value, _VALUES) or name in _REPLACED_WHOLE:
        return value
    if name == "stations" and not event_type.startswith(_STATION_EVENTS):
        return value
    return copy.deepcopy(value)


def copy_entry(entry: Entry) -> Entry:
    copied = Entry(*_entry_row(entry))
    copied.eliminated_by = list(entry.eliminated_by)
    return copied


def copy_table(table: Table) -> Table:
    return Table.from_row(table.to_row())


class FloorImage:
    """What one event changed on the floor, as it was before it."""

    __slots__ = ("fields", "group_count", "newest_group", "entries", "tables")

    def __init__(self, fields: dict[str, Any], group_count: int, newest_group: BustGroup | None) -> None:
        self.fields = fields
        self.group_count = group_count
        self.newest_group = newest_group
        self.entries: dict[int, Any] | None = None
        self.tables: dict[int, Any] | None = None

    @classmethod
    def take(cls, t: FloorRecords, event_type: str) -> FloorImage:
        """Before the event ``event_type``: the floor's fields and newest bust group; the entries and tables the
        event uses are kept as it uses them, until ``close``."""
        fields = {name: _kept(name, value, event_type) for name, value in vars(t).items() if name not in _NOT_PLAIN}
        groups = t.bust_groups
        image = cls(fields, len(groups), _group(group_row(groups[-1])) if groups else None)
        t.entries.before, t.entries.copy_value = {}, copy_entry
        t.tables.before, t.tables.copy_value = {}, copy_table
        return image

    def close(self, t: FloorRecords) -> None:
        """After the event: what the tracked dicts kept (None when the event walked all of one or used too many)."""
        self.entries, self.tables = t.entries.before, t.tables.before
        t.entries.before = t.tables.before = None

    @property
    def usable(self) -> bool:
        return self.entries is not None and self.tables is not None

    def put_back(self, t: FloorRecords) -> None:
        """The floor as it was before the event (``usable`` images only)."""
        assert self.entries is not None and self.tables is not None
        for entry_id, before in self.entries.items():
            if before is MISSING:
                if dict.__contains__(t.entries, entry_id):
                    added = dict.pop(t.entries, entry_id)
                    ids = t.player_entries.get(added.player_key)
                    if ids and ids[-1] == entry_id:
                        ids.pop()
                        if not ids:
                            del t.player_entries[added.player_key]
            else:
                dict.__setitem__(t.entries, entry_id, before)
        for number, before in self.tables.items():
            if before is MISSING:
                dict.pop(t.tables, number, None)
            else:
                dict.__setitem__(t.tables, number, before)
        del t.bust_groups[self.group_count:]
        if self.newest_group is not None:
            t.bust_groups[-1] = self.newest_group
        for name, value in self.fields.items():
            setattr(t, name, value)
        t._table_index = None
        t.leader_watch = ChipLeaderWatch()
        t.heads_watch = BountyHeadsWatch()
        changes = t.changes
        entries, tables = set(self.entries), set(self.tables)
        changes.checkpoint_entries.add(entries, False)
        changes.checkpoint_tables.add(tables, False)
        changes.journal.add(entries, tables, False)
        t.groups_checkpointed = min(t.groups_checkpointed, max(0, self.group_count - 1))
