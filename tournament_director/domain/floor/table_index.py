"""The open tables with players, kept in order of their player counts and of their place in the breaking order,
so a balancing proposal reads the fullest and the emptiest tables, the players seated and the seats without
walking every table (a 100,000-entry event starts on 11,112 tables).

Order of a table within one player count: its ``tie`` key, which sorts the tables from the last to break to the
first to break (the predetermined breaking order first, then the others from the highest number down, as
balancing.default_break_order says). The index is told which tables changed (changes.py) and refreshes those.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence

# a sorted list kept sorted under insertions and removals in O(log n): the tables by player count
from sortedcontainers import SortedList  # type: ignore[import-untyped]  # sortedcontainers ships no types

from tournament_director.domain.floor.seating import Table

Key = tuple[int, int, int, int]  # (players, group, order within the group, table number)


class TableIndex:
    def __init__(self, tables: Mapping[int, Table], break_order: Sequence[int]) -> None:
        self.tables = tables
        self.break_order = tuple(break_order)
        self._place = {n: i for i, n in enumerate(self.break_order)}
        self._keys: dict[int, Key] = {}
        self._capacity: dict[int, int] = {}
        self._by_count: SortedList = SortedList()
        self._by_rank: SortedList = SortedList()  # (group, order within the group, number)
        self.players = 0
        self.capacity = 0
        keys = []
        # the floor's tables (changes.TrackedDict) walked as a plain dict: not noted as a change of every table
        for number, table in (dict.items(tables) if isinstance(tables, dict) else tables.items()):
            if not table.broken and table.seats:
                key = (len(table.seats), *self.tie(number), number)
                keys.append(key)
                self._keys[number] = key
                self._capacity[number] = table.capacity
                self.players += key[0]
                self.capacity += table.capacity
        self._by_count = SortedList(keys)
        self._by_rank = SortedList(key[1:] for key in keys)

    def tie(self, number: int) -> tuple[int, int]:
        """Ascending: from the last table to break to the first (the predetermined order breaks first)."""
        place = self._place.get(number)
        return (0, number) if place is None else (1, -place)

    def refresh(self, number: int) -> None:
        old = self._keys.pop(number, None)
        if old is not None:
            self._by_count.remove(old)
            self._by_rank.remove(old[1:])
            self.players -= old[0]
            self.capacity -= self._capacity.pop(number)
        tables = self.tables
        table = dict.get(tables, number) if isinstance(tables, dict) else tables.get(number)
        if table is None or table.broken or not table.seats:
            return
        key = (len(table.seats), *self.tie(number), number)
        self._keys[number] = key
        self._by_count.add(key)
        self._by_rank.add(key[1:])
        self.players += key[0]
        self._capacity[number] = table.capacity
        self.capacity += table.capacity

    def refresh_all(self, numbers: Iterable[int]) -> None:
        for number in numbers:
            self.refresh(number)

    # ----- questions -------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, number: object) -> bool:
        return number in self._keys

    def count(self, number: int) -> int:
        return self._keys[number][0]

    def capacity_of(self, number: int) -> int:
        return self._capacity[number]

    def fullest(self) -> int:
        key: Key = self._by_count[-1]
        return key[0]

    def emptiest(self) -> int:
        key: Key = self._by_count[0]
        return key[0]

    def first_to_break(self) -> int:
        rank: tuple[int, int, int] = self._by_rank[-1]
        return rank[-1]

    def last_to_break(self) -> int:
        rank: tuple[int, int, int] = self._by_rank[0]
        return rank[-1]

    def numbers(self) -> list[int]:
        return list(self._keys)

    def at_most(self, players: int) -> list[int]:
        """The tables with at most ``players`` players."""
        return [key[-1] for key in self._by_count.irange(maximum=(players, 2, 0, 0))]

    def ascending(self, reverse: bool = False) -> Iterator[Key]:
        """Every key: fewest players first and, among equals, the last to break first (or all reversed)."""
        return iter(reversed(self._by_count)) if reverse else iter(self._by_count)
