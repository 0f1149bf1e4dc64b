"""The floor's snapshot: the plain data a snapshot row holds, so a large tournament opens without replaying its
whole log.

Each entry is one row of values in the order the snapshot names once (``entry_fields``), which keeps a
10,000-entry snapshot small and quick to write and read; a snapshot written with another order of the
fields still loads.
"""

from __future__ import annotations

import gc
import json
from collections import Counter
from contextlib import contextmanager
from dataclasses import fields
from decimal import Decimal
from itertools import starmap
from operator import attrgetter
from typing import Any, Iterable, Iterator, SupportsIndex, cast, overload

from tournament_director.domain.floor.records import BustGroup, Entry, FloorRecords
from tournament_director.domain.floor.seating import Table
from tournament_director.domain.floor.station_records import StationRecords
from tournament_director.domain.money.payouts import parse_payout_table
from tournament_director.domain.money.settings import TournamentSettings

ENTRY_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Entry))
_entry_row = attrgetter(*ENTRY_FIELDS)
_entry_id, _entry_busted, _entry_rebuys, _entry_addons, _entry_option, _entry_bounty = (
    attrgetter(name) for name in ("id", "busted", "rebuys", "addons", "buy_in_option", "bounty"))


def to_snapshot(t: FloorRecords) -> dict[str, Any]:
    with _collector_paused():
        return _snapshot(t)


def restore(t: FloorRecords, data: dict[str, Any]) -> None:
    """Fill a new, empty floor ``t`` from a snapshot (an empty snapshot leaves it empty)."""
    with _collector_paused():
        _restore(t, data)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Build many small objects without the cyclic garbage collector walking the whole (large) heap after
    every few hundred of them: with 10,000 entries that walking is most of the cost of a snapshot."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _snapshot(t: FloorRecords) -> dict[str, Any]:
    return {
        **core_fields(t),
        "entries": [_entry_row(e) for e in t.entries.values()],
        "tables": [table.to_row() for table in t.tables.values()],
        "bust_groups": [group_row(g) for g in t.bust_groups],
    }


def group_row(g: BustGroup) -> list[Any]:
    """One bust group: [entries], [their chips at the start of the hand], [their tables], hand, and in a bounty
    tournament [what each bust's bounty paid] and the bounty the winner kept."""
    row = [list(g.entries), [g.start_chips[e] for e in g.entries], [g.tables[e] for e in g.entries],
           g.hand_for_hand_hand]
    if g.bounties or g.winner_kept:
        row += [[g.bounties.get(e) for e in g.entries], g.winner_kept]
    return row


def _group(row: list[Any]) -> BustGroup:
    entries, chips, tables, hand, *bounty = row
    group = BustGroup(list(entries), dict(zip(entries, chips)), dict(zip(entries, tables)), hand)
    if bounty:  # absent from groups without bounties and from snapshots of older versions
        paid, group.winner_kept = bounty
        group.bounties = {e: p for e, p in zip(entries, paid) if p is not None}
    return group


class UnreadChunk:
    """A chunk of bust groups as the JSON text of a checkpoint, standing for each of its groups from ``start`` on
    until one of them is used (then the chunk is decoded)."""

    __slots__ = ("start", "text")

    def __init__(self, text: str, start: int) -> None:
        self.text = text
        self.start = start


class GroupsReadWhenUsed(list[BustGroup]):
    """The bust groups of a snapshot, each read from its row the first time it is used: opening a large field
    (50,000 groups at half of 100,000 entries) reads none of them, the next bust only the newest. Whatever walks
    the whole list (a loop, a comparison, a copy) reads every group first; the groups added later are plain. A
    checkpoint's chunk of groups still in JSON text (``UnreadChunk``) is decoded when one of its groups is used;
    what would move the groups along the list (an insertion, a removal before the end) reads them all first."""

    __slots__ = ("_all_read",)

    def __init__(self, rows: Iterable[Any] = ()) -> None:
        super().__init__(rows)  # each row (or unread chunk) stands for its group until it is read
        self._all_read = not self

    def _read(self, index: int) -> BustGroup:
        item: Any = list.__getitem__(self, index)
        if type(item) is BustGroup:
            return item
        if type(item) is UnreadChunk:
            self._decode(item)
            item = list.__getitem__(self, index)
        group = _group(cast(Any, item))  # still the row of the snapshot
        list.__setitem__(self, index, group)
        return group

    def _decode(self, chunk: UnreadChunk) -> None:
        for offset, row in enumerate(json.loads(chunk.text)):
            index = chunk.start + offset
            if index >= len(self):
                break
            if list.__getitem__(self, index) is cast(Any, chunk):
                list.__setitem__(self, index, row)

    def read_all(self) -> None:
        if not self._all_read:
            for index in range(len(self)):
                self._read(index)
            self._all_read = True

    @overload
    def __getitem__(self, index: SupportsIndex) -> BustGroup: ...
    @overload
    def __getitem__(self, index: slice) -> list[BustGroup]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> BustGroup | list[BustGroup]:
        if self._all_read:
            return list.__getitem__(self, index)
        if isinstance(index, slice):
            return [self._read(i) for i in range(*index.indices(len(self)))]
        return self._read(index.__index__())

    def __iter__(self) -> Iterator[BustGroup]:
        self.read_all()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[BustGroup]:
        self.read_all()
        return list.__reversed__(self)

    def __contains__(self, item: object) -> bool:
        self.read_all()
        return list.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        self.read_all()
        if isinstance(other, GroupsReadWhenUsed):
            other.read_all()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self.read_all()
        return list.__repr__(self)

    def copy(self) -> list[BustGroup]:
        self.read_all()
        return list(list.__iter__(self))

    def index(self, *args: Any) -> int:
        self.read_all()
        return list.index(self, *args)

    def count(self, item: Any) -> int:
        self.read_all()
        return list.count(self, item)

    def pop(self, index: SupportsIndex = -1) -> BustGroup:
        if not self._all_read and not self._at_the_end(index):
            self.read_all()
        self._read(index.__index__())
        return list.pop(self, index)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        if not self._all_read and not self._at_the_end(index):
            self.read_all()
        list.__delitem__(self, index)

    def __setitem__(self, index: Any, item: Any) -> None:
        if isinstance(index, slice):
            self.read_all()
        list.__setitem__(self, index, item)

    def _at_the_end(self, index: SupportsIndex | slice) -> bool:
        """Whether deleting ``index`` leaves every group before it where it was."""
        if isinstance(index, slice):
            _, stop, step = index.indices(len(self))
            return step == 1 and stop == len(self)
        return index.__index__() in (-1, len(self) - 1)

    def insert(self, index: SupportsIndex, item: BustGroup) -> None:
        self.read_all()
        list.insert(self, index, item)

    def remove(self, item: BustGroup) -> None:
        self.read_all()
        list.remove(self, item)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.read_all()
        list.sort(self, *args, **kwargs)

    def reverse(self) -> None:
        self.read_all()
        list.reverse(self)

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        self.read_all()
        return list, (list(list.__iter__(self)),)


def core_fields(t: FloorRecords) -> dict[str, Any]:
    """Everything of the snapshot but the entries, the tables and the bust groups (the large parts)."""
    return {
        "settings": t.settings.to_dict(),
        "configured": t.configured,
        "entry_fields": list(ENTRY_FIELDS),
        "seated_drawn": t.seated_drawn,
        "registration_closed": t.registration_closed,
        "hand_for_hand": t.hand_for_hand,
        "hand_for_hand_hand": t.hand_for_hand_hand,
        "chips_issued": t.chips_issued,
        "chips_unassigned": t.chips_unassigned,
        "prize_contributions": t.prize_contributions,
        "pot_adjustment": t.pot_adjustment,
        "house_total": t.house_total,
        "bounty_pool": t.bounty_pool,
        "bounty_unclaimed": t.bounty_unclaimed,
        "payout_percentages": None
        if t.payout_percentages is None
        else [str(p) for p in t.payout_percentages],
        "payout_table": None if t.payout_table is None else t.payout_table.to_dict(),
        "deal": None if t.deal is None else [[e, a] for e, a in t.deal.items()],
        "deal_method": t.deal_method,
        "finished": t.finished,
        "finished_at": t.finished_at,
        "last_count": t.last_count,
        "last_seating": t.last_seating,
        "stations": t.stations.to_dict(),
        **({"day": t.day} if t.day is not None else {}),  # written only in a tournament with days
        # written only in a satellite that awarded its seats and in an event entered with seats
        **({"satellite_award": t.satellite_award} if t.satellite_award is not None else {}),
        **({"seat_entries": [[e, *paid] for e, paid in t.seat_entries.items()]} if t.seat_entries else {}),
    }


def count_entries(t: FloorRecords, entries: list[Entry]) -> None:
    """The running counts and each player's entries, counted from the whole field at once (count_entry's counts):
    a whole snapshot does not store them."""
    player_entries = t.player_entries
    for entry in entries:
        player_entries.setdefault(entry.player_key, []).append(entry.id)
    t.alive = len(entries) - sum(map(_entry_busted, entries))
    t.rebuys = sum(map(_entry_rebuys, entries))
    t.addons = sum(map(_entry_addons, entries))
    t.reentries = sum(entry.number > 1 for entry in entries)
    t.options_bought = dict(Counter(map(_entry_option, entries)))
    t.bounties_on_heads = sum(map(_entry_bounty, entries))


def _restore(t: FloorRecords, data: dict[str, Any]) -> None:
    if not data or "entries" not in data:
        return
    t.settings = TournamentSettings.from_dict(data["settings"])
    t.configured = data["configured"]
    names = tuple(data["entry_fields"])
    if names == ENTRY_FIELDS:
        entries = list(starmap(Entry, data["entries"]))
    else:
        entries = [Entry(**dict(zip(names, row))) for row in data["entries"]]
    for entry in entries:
        entry.eliminated_by = list(entry.eliminated_by)
    dict.update(t.entries, zip(map(_entry_id, entries), entries))  # restored, not changed by an event
    count_entries(t, entries)
    for row in data["tables"]:
        table = Table.from_row(row)
        dict.__setitem__(t.tables, table.number, table)
    t.bust_groups = GroupsReadWhenUsed(data["bust_groups"])
    for name in (
        "seated_drawn", "registration_closed", "hand_for_hand", "hand_for_hand_hand", "chips_issued",
        "chips_unassigned", "prize_contributions", "house_total", "bounty_pool", "bounty_unclaimed",
        "deal_method", "finished",
    ):
        setattr(t, name, data[name])
    for name in ("finished_at", "last_count", "last_seating"):  # absent from snapshots of older versions
        setattr(t, name, data.get(name))
    t.pot_adjustment = int(data.get("pot_adjustment", 0))
    t.stations = StationRecords.from_dict(data.get("stations"))  # absent from snapshots of older versions
    t.day = data.get("day")
    t.satellite_award = data.get("satellite_award")
    t.seat_entries = {row[0]: list(row[1:]) for row in data.get("seat_entries", ())}
    if data["payout_percentages"] is not None:
        t.payout_percentages = tuple(Decimal(p) for p in data["payout_percentages"])
    if data.get("payout_table") is not None:
        t.payout_table = parse_payout_table(data["payout_table"], "the payout table")
    if data["deal"] is not None:
        t.deal = {e: a for e, a in data["deal"]}
