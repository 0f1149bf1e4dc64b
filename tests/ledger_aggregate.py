"""A small tournament-like aggregate used only by the store and command tests (and the crash test's child).

It follows the aggregate contract (new / apply / to_snapshot / from_snapshot) and keeps the invariants a floor
relies on: each active entry in at most one seat, no seat with two entries, finishing places distinct, chips and
money accounted for. ``apply`` validates everything before it changes anything.
"""

from __future__ import annotations

import copy
from typing import Any

from tournament_director.domain.errors import DomainError


class Ledger:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    @classmethod
    def new(cls) -> "Ledger":
        return cls({"buy_in": 100, "starting_chips": 10_000, "tables": 3, "seats_per_table": 4,
                    "entries": {}, "seats": {}, "prize_pool": 0, "chips_in_play": 0})

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "Ledger":
        return cls(copy.deepcopy(data))

    def to_snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    # ----- queries ---------------------------------------------------------------------------------------
    def active_ids(self) -> list[str]:
        return [eid for eid, entry in self.data["entries"].items() if entry["status"] == "active"]

    def unseated_ids(self) -> list[str]:
        return [eid for eid in self.active_ids() if self.data["entries"][eid]["seat"] is None]

    def free_seats(self) -> list[str]:
        return [f"{t}:{s}" for t in range(1, self.data["tables"] + 1)
                for s in range(1, self.data["seats_per_table"] + 1) if f"{t}:{s}" not in self.data["seats"]]

    def check_invariants(self) -> None:
        """Raise AssertionError when the ledger breaks a rule a floor person relies on."""
        entries, seats = self.data["entries"], self.data["seats"]
        for seat, eid in seats.items():
            assert entries[eid]["status"] == "active", f"busted entry {eid} still holds seat {seat}"
            assert entries[eid]["seat"] == seat, f"seat {seat} and entry {eid} disagree"
        seated = [e["seat"] for e in entries.values() if e["seat"] is not None]
        assert len(seated) == len(set(seated)), "a seat holds two entries"
        assert all(e["seat"] in seats for e in entries.values() if e["seat"] is not None)
        places = [e["place"] for e in entries.values() if e["status"] == "busted"]
        assert len(places) == len(set(places)), f"finishing places repeat: {sorted(places)}"
        assert set(places) == set(range(len(entries) - len(places) + 1, len(entries) + 1)), sorted(places)
        assert sum(e["chips"] for e in entries.values()) == self.data["starting_chips"] * len(entries)
        assert self.data["chips_in_play"] == sum(e["chips"] for e in entries.values() if e["status"] == "active")
        assert self.data["prize_pool"] == sum(e["paid"] for e in entries.values())

    # ----- events ----------------------------------------------------------------------------------------
    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        handler = getattr(self, "_" + event_type.replace(".", "_"), None)
        if handler is None:
            raise DomainError(f"the ledger does not know the event {event_type}")
        handler(**payload)

    def _entry(self, entry_id: str) -> dict[str, Any]:
        entry = self.data["entries"].get(entry_id)
        if entry is None:
            raise DomainError(f"there is no entry {entry_id}")
        return entry

    def _entry_registered(self, entry_id: str, name: str, paid: int) -> None:
        if entry_id in self.data["entries"]:
            raise DomainError(f"entry {entry_id} is already registered")
        if paid != self.data["buy_in"]:
            raise DomainError(f"the buy-in is {self.data['buy_in']}, not {paid}")
        if any(e["status"] == "busted" for e in self.data["entries"].values()):
            raise DomainError("registration closed at the first elimination")
        chips = self.data["starting_chips"]
        self.data["entries"][entry_id] = {"name": name, "status": "active", "seat": None, "chips": chips,
                                          "paid": paid, "place": None}
        self.data["prize_pool"] += paid
        self.data["chips_in_play"] += chips

    def _seat_assigned(self, entry_id: str, seat: str) -> None:
        entry = self._entry(entry_id)
        if entry["status"] != "active":
            raise DomainError(f"entry {entry_id} is out")
        if entry["seat"] is not None:
            raise DomainError(f"entry {entry_id} already sits at {entry['seat']}")
        if seat not in self.free_seats():
            raise DomainError(f"seat {seat} is taken or does not exist")
        entry["seat"] = seat
        self.data["seats"][seat] = entry_id

    def _entry_busted(self, entry_id: str, eliminator: str, place: int) -> None:
        entry, winner = self._entry(entry_id), self._entry(eliminator)
        if entry_id == eliminator:
            raise DomainError("an entry cannot eliminate itself")
        if entry["status"] != "active" or winner["status"] != "active":
            raise DomainError("both entries must still be in the tournament")
        if place != len(self.active_ids()):
            raise DomainError(f"the next finishing place is {len(self.active_ids())}, not {place}")
        winner["chips"] += entry["chips"]
        if entry["seat"] is not None:
            del self.data["seats"][entry["seat"]]
        entry.update(status="busted", seat=None, chips=0, place=place)
