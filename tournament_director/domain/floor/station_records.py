"""What the floor keeps of the table stations: the hands each table reported done, the bust proposals waiting
for the director, the moves the dealers confirmed and the open floor calls.

Plain data with its snapshot form; stations.py changes it, each change one event naming the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class StationRecords:
    hand_done: dict[int, int] = field(default_factory=dict)  # table -> the hand number it reported done
    # proposal number -> {table, hand, busts: [{entry_id, eliminated_by, start_chips}], time}
    proposals: dict[int, dict[str, Any]] = field(default_factory=dict)
    proposals_made: int = 0
    busted_by: dict[int, int] = field(default_factory=dict)  # entry -> the table whose station busted him
    # entry -> [to_table, to_seat, the seating change's time]: the dealer confirmed he took that seat
    moves_confirmed: dict[int, list[Any]] = field(default_factory=dict)
    calls: dict[int, dict[str, Any]] = field(default_factory=dict)  # call number -> {table, seat, note, time}
    calls_made: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand_done": [[n, h] for n, h in self.hand_done.items()],
            "proposals": [[n, p] for n, p in self.proposals.items()], "proposals_made": self.proposals_made,
            "busted_by": [[e, n] for e, n in self.busted_by.items()],
            "moves_confirmed": [[e, m] for e, m in self.moves_confirmed.items()],
            "calls": [[n, c] for n, c in self.calls.items()], "calls_made": self.calls_made,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "StationRecords":
        if not data:
            return cls()
        return cls(
            hand_done={n: h for n, h in data["hand_done"]},
            proposals={n: p for n, p in data["proposals"]}, proposals_made=data["proposals_made"],
            busted_by={e: n for e, n in data["busted_by"]},
            moves_confirmed={e: list(m) for e, m in data["moves_confirmed"]},
            calls={n: c for n, c in data["calls"]}, calls_made=data["calls_made"],
        )
