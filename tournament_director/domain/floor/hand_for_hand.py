"""Hand-for-hand ends with the last table but one (TDA RP-8): once the players left sit at one table, or fit at the
final table whose redraw is the next move (TDA RP-9), every hand is dealt at one table and hand-for-hand has no
meaning. The event that brings the tournament down to one table ends it, so an undo of that event (the bust, the
final table's moves) brings it back with it."""

from __future__ import annotations

from tournament_director.domain.floor.records import FloorRecords


def down_to_one_table(t: FloorRecords) -> bool:
    """Whether the players left sit at one table, or fit at the final table (the last table to break, at the final
    table's size): what the balancing proposal turns into the final table's redraw."""
    index = t.table_index()
    if len(index) < 2:
        return len(index) == 1
    final = index.capacity_of(index.last_to_break())
    return index.players <= min(t.settings.final_table_size or final, final)


def end_at_one_table(t: FloorRecords, was_down_to_one_table: bool) -> None:
    """After an event: hand-for-hand ends when that event brought the tournament down to one table (a director who
    turns it on again at one table keeps it)."""
    if t.hand_for_hand and not was_down_to_one_table and down_to_one_table(t):
        t.hand_for_hand = False
