"""The Payouts tab's table: choose a shipped or a room payout table, edit its percentages by field size, import
and export it, save it as the room's template, and round prizes to a unit.

A table chosen or edited after the set-up is recorded whole in one "payouts.table_set" event, so the log alone
tells every prize; the domain checks the bands (percentages adding up to 100, no gaps, no more places than
entries) and refuses a change once a paid place is decided, a deal is made or the tournament is over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.events import PayoutTableSet
from tournament_director.domain.floor.standings import payout_table_in_force
from tournament_director.domain.money.payouts import (
    HUNDRED,
    PayoutTable,
    load_payout_table,
    parse_payout_table,
    percentage,
    payout_table_to_toml,
)
from tournament_director.services.settings import SettingsService
from tournament_director.services.templates import TemplateInfo, TemplateLibrary, export_toml, file_path

__all__ = ["BandSummary", "BandView", "PayoutService", "PayoutTableView", "expand_percentages"]


@dataclass(frozen=True)
class BandView:
    min_entries: int
    max_entries: int
    percentages: tuple[str, ...]  # place 1 first, exact as written

    @property
    def text(self) -> str:
        """'45, 25, 2.196 x9': runs of places paying the same written once, with how many places."""
        parts: list[str] = []
        i = 0
        while i < len(self.percentages):
            run = 1
            while i + run < len(self.percentages) and self.percentages[i + run] == self.percentages[i]:
                run += 1
            parts.append(self.percentages[i] if run == 1 else f"{self.percentages[i]} x{run}")
            i += run
        return ", ".join(parts)


_REPEATED = re.compile(r"(.+?)\s*[x×*]\s*(\d{1,5})")  # "2.5 x4": four places at 2.5 % each


def expand_percentages(text: str | Sequence[str]) -> list[str]:
    """'50, 2.5 x4' (or a list of such parts) -> ['50', '2.5', '2.5', '2.5', '2.5']; a part that is not of that
    shape is kept as written, for the domain to name. At most ``limits.MAX_ENTRIES`` places."""
    if isinstance(text, str):
        parts = text.split(",")
    elif isinstance(text, (list, tuple)) and all(isinstance(part, str) for part in text):
        parts = list(text)
    else:
        raise DomainError(f"the percentages are text like \"50, 30, 2.5 x8\", not {limits.shown(text)}")
    limits.check_text(",".join(parts), "percentages", max_length=limits.MAX_TEXT_LENGTH)
    expanded: list[str] = []
    for part in (p.strip().rstrip("%").strip() for p in parts):
        if not part:
            continue
        repeated = _REPEATED.fullmatch(part)
        value, times = repeated.groups() if repeated else (part, "1")
        if len(expanded) + int(times) > limits.MAX_ENTRIES:
            raise DomainError(f"the percentages pay more than {limits.MAX_ENTRIES:,} places")
        expanded.extend([value.strip().rstrip("%").strip()] * int(times))
    return expanded


@dataclass(frozen=True)
class BandSummary:
    """What a band's typed percentages come to: places paid, their exact sum, whether that is 100."""

    places: int
    total: str
    adds_up: bool
    problem: str = ""


@dataclass(frozen=True)
class PayoutTableView:
    name: str
    chosen: bool  # chosen or edited for this tournament (else the shipped table the settings name)
    bands: tuple[BandView, ...]
    band_in_force: int | None  # index of the band the current number of entries uses
    unit: int
    fixed_by: str | None  # why the table can no longer change, or None


class PayoutService:
    def __init__(self, runner: Any, library: TemplateLibrary, settings: SettingsService) -> None:
        self.runner = runner
        self.library = library
        self.settings = settings

    @property
    def _t(self) -> Any:
        return self.runner.state.floor

    def table(self) -> PayoutTable:
        return payout_table_in_force(self._t)

    def view(self) -> PayoutTableView:
        t = self._t
        table = self.table()
        entries = max(len(t.entries), 1)
        band_index = next((i for i, b in enumerate(table.bands) if b.min_entries <= entries <= b.max_entries),
                          len(table.bands) - 1 if table.bands and entries > table.bands[-1].max_entries else None)
        bands = tuple(BandView(b.min_entries, b.max_entries, tuple(_text(p) for p in b.percentages))
                      for b in table.bands)
        fixed = t.fixed_settings().get("payout_table")
        return PayoutTableView(table.name, t.payout_table is not None, bands, band_index, t.settings.payout_unit, fixed)

    @staticmethod
    def band_summary(text: str) -> BandSummary:
        """The places and the sum of percentages typed as "50, 30, 20" (read exactly, as the table will be)."""
        try:
            parts = expand_percentages(text)
        except DomainError as problem:
            return BandSummary(0, "", False, str(problem))
        try:
            values = [percentage(p, f"place {i}") for i, p in enumerate(parts, start=1)]
        except DomainError as problem:
            return BandSummary(len(parts), "", False, str(problem))
        total = sum(values, Decimal(0))
        return BandSummary(len(values), f"{_text(total)} %", total == HUNDRED)

    # --- commands ----------------------------------------------------------------------------------------
    def set_table(self, table: PayoutTable) -> Any:
        if not isinstance(table, PayoutTable):
            raise DomainError(f"a payout table is needed, not {limits.shown(table)}")
        return self.runner.record(PayoutTableSet(table=table.to_dict()))

    def use_table(self, key: str) -> PayoutTable:
        """Pay by a shipped or a room payout table from now on."""
        table = self.library.load_payout_table(key)
        self.set_table(table)
        return table

    def set_bands(self, name: str, bands: Sequence[tuple[Any, Any, str | Sequence[str]]]) -> PayoutTable:
        """The edited table: (first entries, last entries, percentages by place as "50, 30, 2.5 x8") per band."""
        if not isinstance(name, str):
            raise DomainError(f"the payout table's name must be text, not {limits.shown(name)}")
        if not isinstance(bands, (list, tuple)) or len(bands) > limits.MAX_PAYOUT_BANDS or not all(
                isinstance(band, (list, tuple)) and len(band) == 3 for band in bands):
            raise DomainError("the bands are given as (first entries, last entries, percentages), at most "
                              f"{limits.MAX_PAYOUT_BANDS:,}")
        data = {"name": name.strip() or self.table().name,
                "bands": [{"min_entries": low, "max_entries": high, "percentages": expand_percentages(percentages)}
                          for low, high, percentages in bands]}
        table = parse_payout_table(data, "the payout table")
        self.set_table(table)
        return table

    def set_unit(self, unit: int) -> Any:
        """Round every prize down to ``unit`` (the remainder goes to first place)."""
        return self.settings.change({"payout_unit": unit})

    # --- files and templates -----------------------------------------------------------------------------
    def import_file(self, path: Path) -> PayoutTable:
        table = load_payout_table(file_path(path))
        self.set_table(table)
        return table

    def export_file(self, path: Path) -> Path:
        return export_toml(path, payout_table_to_toml(self.table()))

    def save_as_template(self, title: str) -> TemplateInfo:
        return self.library.save_payout_table(title, self.table())

    def templates(self) -> list[TemplateInfo]:
        return self.library.payout_tables()


def _text(value: Any) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text
