"""The room state's two long lists, the players still in by name and the results by place, kept between two changes
and brought up to date from the entries a change touched (``TournamentService.entries_since``).

At 100,000 entries sorting every player, building every result and writing them as JSON took more than a second
of the console's loop at each change; a bust touches a table's players and adds a result or two. Each item is kept
with its JSON text, written once, so the lists' text is the items' texts joined. A change the lists cannot follow
(the first look, a draw, an undo that folds the floor again, a late entry moving every place, a new payout, a deal,
a name corrected) has the state built whole again, as it was before.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tournament_director.domain.floor.standings import places_of, prizes_of_places

if TYPE_CHECKING:
    from tournament_director.services.tournament import EntriesMark

_encode = json.JSONEncoder(separators=(",", ":")).encode  # ASCII, as the kept parts are written


def iso_text(text: str | None) -> str | None:
    """An ISO 8601 time from the log in the state's own form (UTC, milliseconds, Z)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class KeptList:
    """Items in the order of their keys (unique), each found by its entry id and kept with its JSON text."""

    def __init__(self, keyed: Iterable[tuple[Any, int, dict[str, Any]]] = ()) -> None:
        """``keyed``: (key, entry id, item) in the order of the keys."""
        self._keys: list[Any] = []
        self._items: list[dict[str, Any]] = []
        self._texts: list[str] = []
        self._key_of: dict[int, Any] = {}
        for key, entry_id, item in keyed:
            self._keys.append(key)
            self._items.append(item)
            self._texts.append(_encode(item))
            self._key_of[entry_id] = key
        self._text: str | None = None

    def get(self, entry_id: int) -> dict[str, Any] | None:
        key = self._key_of.get(entry_id)
        return None if key is None else self._items[bisect_left(self._keys, key)]

    def remove(self, entry_id: int) -> dict[str, Any] | None:
        """Takes the entry's item out; returns it (None when it was not there)."""
        key = self._key_of.pop(entry_id, None)
        if key is None:
            return None
        at = bisect_left(self._keys, key)
        item = self._items[at]
        del self._keys[at], self._items[at], self._texts[at]
        self._text = None
        return item

    def put(self, entry_id: int, key: Any, item: dict[str, Any]) -> None:
        """Puts the entry's item in its place (the entry must not be in the list)."""
        at = bisect_left(self._keys, key)
        self._keys.insert(at, key)
        self._items.insert(at, item)
        self._texts.insert(at, _encode(item))
        self._key_of[entry_id] = key
        self._text = None

    def items(self) -> list[dict[str, Any]]:
        """The items in order, in a list of their own (a state handed out before keeps its list as it was)."""
        return list(self._items)

    def text(self) -> str:
        """The list as JSON, as ``json.dumps`` writes it compact in ASCII."""
        if self._text is None:
            self._text = "[" + ",".join(self._texts) + "]"
        return self._text


def player_key(entry: Any) -> tuple[str, int]:
    return entry.name.casefold(), entry.entry_id


def result_key(row: Any) -> tuple[int, str, int, int]:
    """By place, then name: the standings' order (chips, then entry) among the same names of a place."""
    return row.place, row.name.casefold(), -row.chips, row.entry_id


def result_item(row: Any) -> dict[str, Any]:
    return {"place": row.place, "place_to": row.place_to, "name": row.name, "prize": row.prize,
            "eliminated_by": list(row.eliminated_by), "busted_at": iso_text(row.bust_time)}


class _Finish:
    """A busted entry's line of the results, read from the floor's records (as ``standings`` reads it)."""

    def __init__(self, records: Any, entry: Any, place: tuple[int, int], prize: int) -> None:
        self.entry_id, self.name, self.chips, self.bust_time = entry.id, entry.name, entry.chips, entry.bust_time
        self.place, self.place_to = place
        self.prize = prize
        self.eliminated_by = tuple(records.entries[e].name for e in entry.eliminated_by)


class RoomLists:
    """The players still in by name and the results by place as the last state showed them, the live players'
    count per table, the prizes by place then, and where the entries stood (the floor's ``EntriesMark``)."""

    def __init__(self) -> None:
        self.mark: EntriesMark | None = None
        self.players = KeptList()
        self.results = KeptList()
        self.tables: Counter[int] = Counter()
        self._prizes: tuple[int, ...] = ()

    def rebuild(self, mark: EntriesMark, players: list[tuple[Any, int, dict[str, Any]]],
                results: list[tuple[Any, int, dict[str, Any]]], live: Iterable[Any], prizes: tuple[int, ...]) -> None:
        """Keeps the lists as a whole build made them (``players``, ``results``: (key, entry id, item) in order)."""
        self.players, self.results = KeptList(players), KeptList(results)
        self.tables = Counter(e.table for e in live if e.table is not None)
        self.mark, self._prizes = mark, prizes

    def follow(self, floor: Any, records: Any, moves: Any, as_of: str) -> bool:
        """Brings the lists up to the floor from the entries changed since they were made, the moves seen in
        ``moves`` (a ``MoveMemory``); False, nothing changed, when the change is not one they can follow."""
        if self.mark is None:
            return False
        mark, changed = floor.entries_since(self.mark)
        if changed is None or mark.entries != self.mark.entries or records.deal is not None:
            return False
        if tuple(floor.prize_pool().prizes) != self._prizes:
            return False
        for view in changed:
            shown = self.players.get(view.entry_id) or self.results.get(view.entry_id)
            if shown is not None and shown["name"] != view.name:
                return False  # a name corrected: the results name it among the eliminators too
        try:
            moves.observe_changed(changed, as_of)
            busted: set[int] = set()
            for view in changed:
                before = self.players.remove(view.entry_id)
                if before is not None and before["table"] is not None:
                    self.tables[before["table"]] -= 1
                    if not self.tables[before["table"]]:
                        del self.tables[before["table"]]
                if view.busted:
                    busted.add(view.entry_id)
                    continue
                self.results.remove(view.entry_id)
                self.players.put(view.entry_id, player_key(view), {
                    "id": view.entry_id, "name": view.name, "table": view.table, "seat": view.seat,
                    "moved": moves.last_move(view.entry_id)})
                if view.table is not None:
                    self.tables[view.table] += 1
            if busted:
                placed = places_of(records, busted, with_ties=True)
                prize_of = prizes_of_places(records, placed)
                for entry_id, place in placed.items():
                    finish = _Finish(records, records.entries[entry_id], place, prize_of.get(entry_id, 0))
                    self.results.remove(entry_id)
                    self.results.put(entry_id, result_key(finish), result_item(finish))
        except BaseException:
            self.mark = None  # halfway: the next state is built whole
            raise
        self.mark = mark
        return True
