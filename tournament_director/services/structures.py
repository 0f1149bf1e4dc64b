"""The Structure tab's editor: levels and breaks added, removed, moved and edited, structure files imported and
exported, the structure in play saved as the room's template.

Every change is one event through the clock service (which keeps the clock on the period being played). Once the
clock has started, the levels and breaks already played stay as they were played
(``check_played_periods_kept``): they cannot be edited, moved or removed, nothing can be put before the period in
play, and a template or a file whose past differs from what was played is refused, naming the level.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.structure import (
    Break,
    Level,
    Period,
    Structure,
    check_played_periods_kept,
    load_structure_file,
    period_from_dict,
    structure_to_toml,
)
from tournament_director.domain.errors import DomainError
from tournament_director.services.templates import TemplateInfo, TemplateLibrary, export_toml, file_path

__all__ = ["StructureInPlay", "StructureService"]


@dataclass(frozen=True)
class StructureInPlay:
    structure: Structure
    chip_set: ChipSet | None
    period_index: int  # the period being played (0 before the start)
    started: bool

    @property
    def played(self) -> int:
        """How many periods lie behind the one in play (none before the clock starts)."""
        return self.period_index if self.started else 0

    @property
    def denominations(self) -> tuple[int, ...]:
        return tuple(self.chip_set.denominations) if self.chip_set is not None else ()

    def locked_reason(self, index: int) -> str | None:
        """Why period ``index`` cannot be edited (it was played), or None."""
        if index < self.played:
            return (f"{_label(self.structure, index)} has been played: it stays as it was played "
                    f"(the period in play is {_label(self.structure, self.period_index)})")
        return None


class StructureService:
    def __init__(self, clock: Any, library: TemplateLibrary) -> None:
        self.clock = clock
        self.library = library

    # --- reading -----------------------------------------------------------------------------------------
    def in_play(self) -> StructureInPlay | None:
        schedule = self.clock.schedule
        if schedule.structure is None:
            return None
        view = self.clock.view()
        index = view.period_index if view is not None else schedule.current_period_index
        return StructureInPlay(schedule.structure, schedule.chip_set, index, schedule.started)

    def _require(self) -> StructureInPlay:
        current = self.in_play()
        if current is None:
            raise DomainError("no structure is in play yet: choose a template first")
        return current

    def _check(self, new: Structure, *, keep_current: bool = True) -> None:
        """Nothing already played changes; with ``keep_current`` the period in play stays in its place too."""
        current = self._require()
        if current.started:
            check_played_periods_kept(current.structure, new, current.period_index + (1 if keep_current else 0))

    # --- editing -----------------------------------------------------------------------------------------
    def edit_period(self, index: int, period: Period | dict[str, Any]) -> None:
        """Change one level or break; the one in play may be corrected, the ones played before it may not."""
        current = self._require()
        if isinstance(period, dict):
            number = getattr(current.structure.period(index), "number", 0)
            period = period_from_dict({**period, "number": number} if period.get("kind", "level") == "level"
                                      else period, index + 1)
        new = current.structure.with_period(index, period)
        self._check(new, keep_current=False)
        self.clock.edit_period(index, period)

    def insert_period(self, index: int, period: Period) -> None:
        """Put a level or a break before period ``index`` (``len(periods)`` adds it at the end)."""
        current = self._require()
        new = current.structure.with_inserted(index, period)  # DomainError for a position or period it cannot take
        if current.started and index <= current.period_index:
            raise DomainError(f"a level or break can be added after the period in play "
                              f"({_label(current.structure, current.period_index)}), not before it")
        self._check(new)
        self.clock.insert_period(index, period)

    def add_after(self, index: int, kind: str) -> int:
        """A new level (a copy of the level at or before ``index``, to edit) or a 10-minute break after period
        ``index``; returns the new period's index."""
        current = self._require()
        current.structure.period(index)
        if kind == "break":
            period: Period = Break(600, name="Break")
        else:
            before = [p for p in current.structure.periods[: index + 1] if isinstance(p, Level)]
            period = replace(before[-1] if before else current.structure.levels[0], number=1)
        self.insert_period(index + 1, period)
        return index + 1

    def remove_period(self, index: int) -> None:
        current = self._require()
        new = current.structure.without(index)
        if current.started and index == current.period_index:
            raise DomainError(f"{_label(current.structure, index)} is being played: move the clock to another "
                              "period before removing it")
        self._check(new)
        self.clock.remove_period(index)

    def move_period(self, index: int, to: int) -> None:
        """Move period ``index`` to position ``to``; one event."""
        current = self._require()
        new = current.structure.with_moved(index, to)  # DomainError for a position it cannot take
        if current.started and current.period_index in (index, to):
            raise DomainError(f"{_label(current.structure, current.period_index)} is being played: it keeps its "
                              "place")
        self._check(new)
        self.clock.load_structure(new, current.chip_set)

    def use(self, structure: Structure, chip_set: ChipSet | None) -> None:
        """Put a whole structure in play (a template, a file, a suggestion); after the start only one that
        keeps what was played."""
        if not isinstance(structure, Structure) or not (chip_set is None or isinstance(chip_set, ChipSet)):
            raise DomainError(f"a structure (and its chip set, or none) is needed, not {limits.shown(structure)}")
        structure.validate(chip_set)
        if self.in_play() is not None:
            self._check(structure)
        self.clock.load_structure(structure, chip_set)

    def use_template(self, key: str) -> Structure:
        structure, chip_set = self.library.load_structure(key)
        self.use(structure, chip_set)
        return structure

    # --- files and templates -----------------------------------------------------------------------------
    def import_file(self, path: Path) -> Structure:
        """Put the structure of a TOML file in play; a file without [chips] keeps the chip set in play."""
        structure, chip_set = load_structure_file(file_path(path))
        current = self.in_play()
        if chip_set is None and current is not None:
            chip_set = current.chip_set
        self.use(structure, chip_set)
        return structure

    def export_file(self, path: Path) -> Path:
        current = self._require()
        return export_toml(path, structure_to_toml(current.structure, current.chip_set))

    def save_as_template(self, title: str) -> TemplateInfo:
        current = self._require()
        return self.library.save_structure(title, current.structure, current.chip_set)

    def templates(self) -> list[TemplateInfo]:
        return self.library.structures()


def _label(structure: Structure, index: int) -> str:
    period = structure.periods[index]
    return period.label if hasattr(period, "number") else f"the {period.name.lower() or 'break'}"
