"""Results for the console, the projector and the room display: the winner, the finishing places with their
prizes, the knockouts of the night, and what one bust decided.

Plain frozen values read from the floor's standings (domain/floor/standings.py: places by the chips at the start
of the hand, equal stacks sharing the places and their prizes, seed 004 T 11; TDA RP-8A hand-for-hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import (
    StandingsRow, latest_places, places_of, prizes_of_places, standings,
)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_text(place: int, place_to: int | None = None) -> str:
    """'3rd', or '17th–18th' for players sharing places."""
    if place_to is None or place_to == place:
        return ordinal(place)
    return f"{ordinal(place)}–{ordinal(place_to)}"


def numbered_name(name: str, entry_number: int) -> str:
    """An entry as the results name it: the player's first entry plain, a re-entry numbered ("Ann Lee (2)")."""
    return name if entry_number <= 1 else f"{name} ({entry_number})"


@dataclass(frozen=True)
class ResultLine:
    entry_id: int
    name: str
    place: int
    place_to: int
    prize: int
    bounty_won: int
    eliminated_by: tuple[str, ...]
    entry_number: int = 1  # 1: the player's first entry, 2: his first re-entry, ...

    @property
    def place_text(self) -> str:
        return place_text(self.place, self.place_to)

    @property
    def entry_name(self) -> str:
        return numbered_name(self.name, self.entry_number)

    @property
    def shared(self) -> bool:
        return self.place_to != self.place


@dataclass(frozen=True)
class Knockout:
    name: str
    place: int
    place_to: int
    prize: int
    eliminated_by: tuple[str, ...]
    table: int | None

    @property
    def place_text(self) -> str:
        return place_text(self.place, self.place_to)


def _line(row: StandingsRow, entry_number: int) -> ResultLine:
    assert row.place is not None
    return ResultLine(row.entry_id, row.name, row.place, row.place_to or row.place, row.prize, row.bounty_won,
                      row.eliminated_by, entry_number)


class Results:
    """Queries over one tournament's floor (``floor``: the live FloorRecords). The whole results rank every
    entry; a bust's places, the winner and the latest knockouts are read from the latest bust groups back, with
    their prizes shared by the same rule (standings.prizes_of_places)."""

    def __init__(self, floor: FloorRecords) -> None:
        self._t = floor

    def lines(self) -> list[ResultLine]:
        """Every decided place, the best first (the winner once the tournament is over)."""
        rows = [r for r in standings(self._t) if r.place is not None]
        entries = self._t.entries
        return [_line(r, entries[r.entry_id].number) for r in sorted(rows, key=lambda r: (r.place, r.name.casefold()))]

    def winner(self) -> ResultLine | None:
        t = self._t
        if not t.finished or t.satellite_award is not None:  # a satellite's seat winners share no first place
            return None
        found = next((e for e in t.entries.values() if not e.busted), None)
        if found is None:
            return None
        return self._lines({found.id: (1, 1)})[0]

    def of(self, entry_ids: Iterable[int]) -> list[ResultLine]:
        """The places of these entries (those decided), in the order asked."""
        wanted = list(entry_ids)
        t = self._t
        placed = places_of(t, {e for e in wanted if e in t.entries and t.entries[e].busted}, with_ties=True)
        winner = self.winner()
        by_id = {line.entry_id: line for line in self._lines(placed)}
        if winner is not None:
            by_id[winner.entry_id] = winner
        return [by_id[e] for e in wanted if e in by_id]

    def recent_knockouts(self, count: int = 5) -> list[Knockout]:
        """The last ``count`` players out, the latest first (later busts finish in better places)."""
        t = self._t
        out = []
        for line in self._lines(latest_places(t, count))[:count]:
            entry = t.entries[line.entry_id]
            group = t.bust_groups[entry.bust_group] if entry.bust_group is not None else None
            table = group.tables.get(entry.id) if group is not None else None
            out.append(Knockout(line.name, line.place, line.place_to, line.prize, line.eliminated_by, table))
        return out

    def _lines(self, placed: dict[int, tuple[int, int]]) -> list[ResultLine]:
        """The result lines of the entries ``placed`` (whole ties), the best first as lines() orders them."""
        t = self._t
        prize_of = prizes_of_places(t, placed)
        lines = []
        for entry_id, (place, place_to) in placed.items():
            entry = t.entries[entry_id]
            lines.append(ResultLine(entry_id, entry.name, place, place_to, prize_of.get(entry_id, 0),
                                    entry.bounty_won, tuple(t.entries[e].name for e in entry.eliminated_by),
                                    entry.number))
        lines.sort(key=lambda line: (line.place, line.name.casefold(), line.entry_id))
        return lines


def results_of(runner: Any) -> Results:
    return Results(runner.state.floor)


__all__ = ["Knockout", "ResultLine", "Results", "numbered_name", "ordinal", "place_text", "results_of"]
