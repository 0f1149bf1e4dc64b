"""The Payouts tab's table: choose a shipped or a room payout table, edit its percentages by field size, import
and export it, save it as the room's template, and round prizes to a unit.

A table chosen or edited after the set-up is recorded whole in one "payouts.table_set" event, so the log alone
tells every prize; the domain checks the bands (percentages adding up to 100, no gaps, no more places than
entries) and refuses a change once a paid place is decided, a deal is made or the tournament is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.standings import payout_table_in_force
from tournament_director.domain.money.payouts import (
    PayoutTable,
    parse_payout_table,
    payout_table_from_toml,
    payout_table_to_toml,
)
from tournament_director.services.settings import SettingsService
from tournament_director.services.templates import TemplateInfo, TemplateLibrary, read_text_file

__all__ = ["BandView", "PayoutService", "PayoutTableView"]


@dataclass(frozen=True)
class BandView:
    min_entries: int
    max_entries: int
    percentages: tuple[str, ...]  # place 1 first, exact as written

    @property
    def text(self) -> str:
        return ", ".join(self.percentages)


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

    # --- commands ----------------------------------------------------------------------------------------
    def set_table(self, table: PayoutTable) -> Any:
        return self.runner.execute("payouts.table_set", {"table": table.to_dict()})

    def use_table(self, key: str) -> PayoutTable:
        """Pay by a shipped or a room payout table from now on."""
        table = self.library.load_payout_table(key)
        self.set_table(table)
        return table

    def set_bands(self, name: str, bands: Sequence[tuple[int, int, Sequence[str]]]) -> PayoutTable:
        """The edited table: (first entries, last entries, percentages by place) for each band."""
        data = {"name": name.strip() or self.table().name,
                "bands": [{"min_entries": low, "max_entries": high, "percentages": list(percentages)}
                          for low, high, percentages in bands]}
        table = parse_payout_table(data, "the payout table")
        self.set_table(table)
        return table

    def set_unit(self, unit: int) -> Any:
        """Round every prize down to ``unit`` (the remainder goes to first place)."""
        return self.settings.change({"payout_unit": unit})

    # --- files and templates -----------------------------------------------------------------------------
    def import_file(self, path: Path) -> PayoutTable:
        path = Path(path)
        table = payout_table_from_toml(read_text_file(path), path.name)
        self.set_table(table)
        return table

    def export_file(self, path: Path) -> Path:
        path = Path(path)
        if path.suffix.lower() != ".toml":
            path = path.with_name(path.name + ".toml")
        try:
            path.write_text(payout_table_to_toml(self.table()), encoding="utf-8")
        except OSError as error:
            raise DomainError(f"{path.name} could not be written ({error.strerror or error})") from None
        return path

    def save_as_template(self, title: str) -> TemplateInfo:
        return self.library.save_payout_table(title, self.table())

    def templates(self) -> list[TemplateInfo]:
        return self.library.payout_tables()


def _text(value: Any) -> str:
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text
