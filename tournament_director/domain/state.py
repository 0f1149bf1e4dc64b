"""The whole state of one tournament, folded from its event log.

Two parts: the floor (settings, entries, money, tables, seats, busts: ``Tournament``) and the
schedule (blind structure and the level clock: ``Schedule``). Each event goes to the room its class names
(domain/events.py): the schedule's (domain/clock/events.py); the floor tool's rulings (``RulingRecorded``), kept in
order so a later dispute can be reopened; the director's calls for a chip count (``ChipCountCalled``: time, note),
kept in order for the console and the room display; every other event belongs to the floor.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain.clock.schedule import Schedule
from tournament_director.domain.events import event_class
from tournament_director.domain.floor.events import ChipCountCalled
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.floor.undo_image import FloorImage
from tournament_director.domain.rules.events import RulingRecorded

RULING_RECORDED = RulingRecorded.type_name
CHIP_COUNT_CALLED = ChipCountCalled.type_name


def room_of(event_type: str) -> str:
    """The room an event changes: its class's, "floor" for the floor's events not declared as classes yet."""
    declared = event_class(event_type)
    return declared.room if declared is not None else "floor"


class StateImage:
    """The state before one event: the floor's image (undo_image.py), the schedule before a schedule event, and
    how many rulings and calls for a count there were (both lists only grow)."""

    __slots__ = ("floor", "schedule", "rulings", "chip_count_calls")

    def __init__(self, floor: FloorImage, schedule: Schedule | None, rulings: int, chip_count_calls: int) -> None:
        self.floor = floor
        self.schedule = schedule
        self.rulings = rulings
        self.chip_count_calls = chip_count_calls

    @classmethod
    def take(cls, state: "TournamentState", event_type: str) -> "StateImage":
        schedule = (Schedule.from_snapshot(state.schedule.to_snapshot())
                    if room_of(event_type) == "schedule" else None)
        return cls(FloorImage.take(state.floor, event_type), schedule, len(state.rulings),
                   len(state.chip_count_calls))


class TournamentState:
    def __init__(
        self,
        floor: Tournament | None = None,
        schedule: Schedule | None = None,
        rulings: list[dict[str, Any]] | None = None,
        chip_count_calls: list[dict[str, Any]] | None = None,
    ) -> None:
        self.floor = floor if floor is not None else Tournament.new()
        self.schedule = schedule if schedule is not None else Schedule.new()
        self.rulings: list[dict[str, Any]] = rulings if rulings is not None else []
        self.chip_count_calls: list[dict[str, Any]] = chip_count_calls if chip_count_calls is not None else []
        self.last_image: StateImage | None = None

    @classmethod
    def new(cls) -> "TournamentState":
        return cls()

    def apply(self, event_type: str, payload: dict[str, Any]) -> None:
        """Fold one event in; raises DomainError (and changes nothing) when the event does not fit."""
        self.last_image = None  # whatever was kept for an undo is not the state before this event
        room = room_of(event_type)
        if room == "schedule":
            self.schedule.apply(event_type, payload)
        elif room == "rulings":
            RulingRecorded.from_payload(payload)
            self.rulings.append(dict(payload))  # kept whole, as recorded
        elif room == "chip_count_calls":
            ChipCountCalled.from_payload(payload)
            self.chip_count_calls.append(dict(payload))
        else:
            self.floor.apply(event_type, payload)

    def apply_keeping_image(self, event_type: str, payload: dict[str, Any]) -> None:
        """``apply``, keeping what the event changed as it was before (``undo_last`` puts it back)."""
        self.last_image = None
        image = StateImage.take(self, event_type)
        try:
            self.apply(event_type, payload)
        finally:
            image.floor.close(self.floor)
        self.last_image = image

    def can_undo_last(self) -> bool:
        """Whether the last event applied with ``apply_keeping_image`` (and nothing since) can be put back."""
        image = getattr(self, "last_image", None)
        return image is not None and image.floor.usable

    def undo_last(self) -> None:
        """The state as it was before the last event applied with ``apply_keeping_image`` (``can_undo_last``)."""
        image, self.last_image = self.last_image, None
        assert image is not None, "nothing kept to put back: ask can_undo_last first"
        image.floor.put_back(self.floor)
        if image.schedule is not None:
            self.schedule = image.schedule
        del self.rulings[image.rulings:]
        del self.chip_count_calls[image.chip_count_calls:]

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "floor": self.floor.to_snapshot(),
            "schedule": self.schedule.to_snapshot(),
            "rulings": [dict(ruling) for ruling in self.rulings],
            "chip_count_calls": [dict(call) for call in self.chip_count_calls],
        }

    # ----- checkpoints in parts (domain/floor/checkpoint.py): what changed since the last one -------------
    def checkpoint(self, region: tuple[int, int] | None = None) -> dict[str, Any]:
        """{"core": ..., "entry": {id: row}, "table": {number: row}, "groups": {chunk: rows}}: the parts
        changed since the last ``checkpoint_taken`` and those of ``region`` (r, of n: the numbers r modulo n);
        the core (everything but the floor's large parts) always."""
        parts = self.floor.changed_parts(region)
        parts["core"] = {
            "floor": parts["core"],
            "schedule": self.schedule.to_snapshot(),
            "rulings": [dict(ruling) for ruling in self.rulings],
            "chip_count_calls": [dict(call) for call in self.chip_count_calls],
        }
        return parts

    def checkpoint_taken(self) -> None:
        self.floor.checkpoint_taken()

    def everything_changed(self) -> None:
        """The last checkpoint was lost: the next one holds every part."""
        self.floor.changes.everything_changed()
        self.floor.groups_checkpointed = 0

    def checkpoint_size(self) -> int:
        """How many entries and tables a whole checkpoint holds."""
        return len(self.floor.entries) + len(self.floor.tables)

    def changed_since_checkpoint(self) -> int:
        """How many entries and tables the next checkpoint would write."""
        return self.floor.changes.pending(len(self.floor.entries), len(self.floor.tables))

    @classmethod
    def from_checkpoint(cls, core: dict[str, Any], entries: dict[int, Any], tables: list[Any],
                        groups: dict[int, Any]) -> "TournamentState":
        """The state of a checkpoint in parts (domain/floor/checkpoint.py ``from_parts``)."""
        return cls(
            Tournament.from_parts(core["floor"], entries, tables, groups),
            Schedule.from_snapshot(core["schedule"]),
            [dict(ruling) for ruling in core.get("rulings", [])],
            [dict(call) for call in core.get("chip_count_calls", [])],
        )

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> "TournamentState":
        return cls(
            Tournament.from_snapshot(data["floor"]),
            Schedule.from_snapshot(data["schedule"]),
            [dict(ruling) for ruling in data.get("rulings", [])],
            [dict(call) for call in data.get("chip_count_calls", [])],
        )
