"""Whether registration is open now: not closed by the director, and late registration not over by the level in
force or the time of day (domain/floor/entries.py decides, as it does for a buy-in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournament_director.domain.floor import entries as entry_rules
from tournament_director.domain.floor.records import FloorRecords


def registration_open(floor: FloorRecords, moment: Mapping[str, Any]) -> bool:
    """``moment``: where the tournament stands (SettingsService.moment(): the level, the break, the time of day)."""
    return entry_rules.registration_open(floor, entry_rules.level_of(dict(moment)),
                                        moment.get("time_of_day"))


__all__ = ["registration_open"]
