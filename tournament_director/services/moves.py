"""A player's move from one seat to another as the room is told it: the moves on the room's screens (room_news.py)
and the moves a table station confirms (stations.py) are the same value."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerMove:
    entry_id: int
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


__all__ = ["PlayerMove"]
