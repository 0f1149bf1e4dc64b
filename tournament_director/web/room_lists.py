"""The room state's two long lists, the players still in by name and the results by place, kept between two changes
and brought up to date from the entries a change touched (``TournamentService.entries_since``).

At 100,000 entries sorting every player, building every result and writing them as JSON took more than a second
of the console's loop at each change; a bust touches a table's players and adds a result or two. Each item is kept
with its JSON text, written once, so the lists' text is the items' texts joined. A late entry moves every place down
one: each result is kept with its text after its places too, so the results are written again without encoding each
one, and the prizes of the places paid are read again. An undo of the latest busts puts their players back among
those still in and takes their results off; the other places stand. A change the lists cannot follow (the first
look, a draw, an undo that folds the floor again, a deal, a name corrected) has the state built whole again, as it
was before.
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
            self._insert(len(self._keys), entry_id, self._kept_key(key), item)
        self._text: str | None = None

    def _kept_key(self, key: Any) -> Any:
        return key

    def _insert(self, at: int, entry_id: int, key: Any, item: dict[str, Any]) -> None:
        self._keys.insert(at, key)
        self._items.insert(at, item)
        self._texts.insert(at, "")
        self._key_of[entry_id] = key
        self._set(at, item)

    def _set(self, at: int, item: dict[str, Any]) -> None:
        self._items[at] = item
        self._texts[at] = _encode(item)

    def _delete(self, at: int) -> None:
        del self._keys[at], self._items[at], self._texts[at]

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
        self._delete(at)
        self._text = None
        return item

    def put(self, entry_id: int, key: Any, item: dict[str, Any]) -> None:
        """Puts the entry's item in its place (the entry must not be in the list)."""
        key = self._kept_key(key)
        self._insert(bisect_left(self._keys, key), entry_id, key, item)
        self._text = None

    def items(self) -> list[dict[str, Any]]:
        """The items in order, in a list of their own (a state handed out before keeps its list as it was)."""
        return list(self._items)

    def text(self) -> str:
        """The list as JSON, as ``json.dumps`` writes it compact in ASCII."""
        if self._text is None:
            self._text = "[" + ",".join(self._texts) + "]"
        return self._text


class ResultList(KeptList):
    """The results by place (``result_key``, ``result_item``), each also kept as its text after its two places, so
    that late entries, which move every place down by as many, have every result written again at the cost of its
    places only. The keys are kept with their places as they were before those moves, so they stay as they are."""

    def __init__(self, keyed: Iterable[tuple[Any, int, dict[str, Any]]] = ()) -> None:
        self._moved = 0  # how far every place moved since the list was made
        self._tails: list[str] = []
        super().__init__(keyed)

    def _kept_key(self, key: Any) -> Any:
        return (key[0] - self._moved, *key[1:])

    def _insert(self, at: int, entry_id: int, key: Any, item: dict[str, Any]) -> None:
        self._tails.insert(at, "")
        super()._insert(at, entry_id, key, item)

    def _set(self, at: int, item: dict[str, Any]) -> None:
        super()._set(at, item)
        self._tails[at] = self._texts[at][len(_places_text(item["place"], item["place_to"])):]

    def _delete(self, at: int) -> None:
        super()._delete(at)
        del self._tails[at]

    def move_places(self, by: int) -> None:
        """Every result's place and last place tied down by ``by`` (late entries, each one finishing ahead of
        them). The items change in place: new ones for 50,000 results would take longer than the rest of the
        change, and the room server sends each state as it builds it (one handed out before shows the move)."""
        self._moved += by
        for item in self._items:
            item["place"] += by
            item["place_to"] += by
        self._texts = [f'{{"place":{item["place"]},"place_to":{item["place_to"]}{tail}'  # as _places_text
                       for item, tail in zip(self._items, self._tails)]
        self._text = None

    def placed_up_to(self, last_place: int) -> dict[int, tuple[int, int]]:
        """entry id -> (place, last place tied) of the results placed ``last_place`` or better."""
        placed: dict[int, tuple[int, int]] = {}
        for key, item in zip(self._keys, self._items):
            if item["place"] > last_place:
                break
            placed[key[-1]] = (item["place"], item["place_to"])
        return placed

    def set_prizes(self, prize_of: dict[int, int]) -> None:
        """The prizes of the results ``prize_of`` names (entry id -> prize), those that changed written again."""
        for entry_id, prize in prize_of.items():
            key = self._key_of.get(entry_id)
            if key is None:
                continue
            at = bisect_left(self._keys, key)
            item = self._items[at]
            if item["prize"] != prize:
                self._set(at, {**item, "prize": prize})
                self._text = None


def _places_text(place: int, place_to: int) -> str:
    """A result's JSON text up to the end of its places (``result_item`` writes them first)."""
    return f'{{"place":{place},"place_to":{place_to}'


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
        self.results = ResultList()
        self.tables: Counter[int] = Counter()
        self._prizes: tuple[int, ...] = ()

    def rebuild(self, mark: EntriesMark, players: list[tuple[Any, int, dict[str, Any]]],
                results: list[tuple[Any, int, dict[str, Any]]], live: Iterable[Any], prizes: tuple[int, ...]) -> None:
        """Keeps the lists as a whole build made them (``players``, ``results``: (key, entry id, item) in order)."""
        self.players, self.results = KeptList(players), ResultList(results)
        self.tables = Counter(e.table for e in live if e.table is not None)
        self.mark, self._prizes = mark, prizes

    def follow(self, floor: Any, records: Any, moves: Any, as_of: str) -> bool:
        """Brings the lists up to the floor from the entries changed since they were made, the moves seen in
        ``moves`` (a ``MoveMemory``); False, nothing changed, when the change is not one they can follow."""
        if self.mark is None:
            return False
        mark, changed = floor.entries_since(self.mark, every_place=False)
        if changed is None or records.deal is not None:
            return False
        for view in changed:
            shown = self.players.get(view.entry_id) or self.results.get(view.entry_id)
            if shown is not None and shown["name"] != view.name:
                return False  # a name corrected: the results name it among the eliminators too
        entries_added = mark.entries - self.mark.entries
        prizes = tuple(floor.prize_pool().prizes)
        try:
            if entries_added:
                self.results.move_places(entries_added)
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
            if entries_added or prizes != self._prizes:
                # the places paid, then or now (a place moved down from a prize, a prize pool grown)
                placed = self.results.placed_up_to(max(len(prizes), len(self._prizes) + entries_added))
                self.results.set_prizes(prizes_of_places(records, placed))
        except BaseException:
            self.mark = None  # halfway: the next state is built whole
            raise
        self.mark, self._prizes = mark, prizes
        return True
