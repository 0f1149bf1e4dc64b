"""Payout tables by field size, and turning percentages into prizes that add up to the prize pool.

A payout table is a TOML file in data/payouts/ with several bands by number of entries::

    name = "Standard"
    [[bands]]
    min_entries = 2
    max_entries = 6
    percentages = [65, 35]          # place 1, place 2, ...
    ranges = [[10, 18, 1.0]]        # optional: places 10 to 18 get 1.0 % each

The percentages of a band must add up to exactly 100. Amounts are rounded down to the payout unit and
the remainder goes to first place, so the prizes always add up to the prize pool.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Sequence

from tournament_director.domain.errors import DomainError

HUNDRED = Decimal(100)


@dataclass(frozen=True)
class PayoutBand:
    min_entries: int
    max_entries: int
    percentages: tuple[Decimal, ...]  # index 0 = first place


@dataclass(frozen=True)
class PayoutTable:
    name: str
    bands: tuple[PayoutBand, ...]

    def percentages_for(self, entries: int) -> tuple[Decimal, ...]:
        for band in self.bands:
            if band.min_entries <= entries <= band.max_entries:
                return band.percentages
        if entries < 2:
            return (HUNDRED,)
        raise DomainError(f"payout table {self.name!r} has no band for {entries} entries")


def percentage(value: Any, where: str) -> Decimal:
    """A payout percentage above zero, exactly as written (Decimal); DomainError naming ``where`` if not."""
    if isinstance(value, bool):
        raise DomainError(f"{where}: {value!r} is not a percentage")
    try:
        result = Decimal(str(value))
    except InvalidOperation as exc:
        raise DomainError(f"{where}: {value!r} is not a percentage") from exc
    if not result.is_finite() or result <= 0:
        raise DomainError(f"{where}: percentage {value!r} must be above zero")
    return result


_decimal = percentage


def parse_payout_table(data: dict[str, Any], source: str = "payout table") -> PayoutTable:
    bands: list[PayoutBand] = []
    raw_bands = data.get("bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise DomainError(f"{source}: no [[bands]]")
    for index, raw in enumerate(raw_bands, start=1):
        where = f"{source}, band {index}"
        try:
            low, high = int(raw["min_entries"]), int(raw["max_entries"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DomainError(f"{where}: needs whole numbers min_entries and max_entries") from exc
        if low < 1 or high < low:
            raise DomainError(f"{where}: min_entries {low} .. max_entries {high} is not a range")
        percentages = [_decimal(p, where) for p in raw.get("percentages", [])]
        for entry in raw.get("ranges", []):
            if not isinstance(entry, list) or len(entry) != 3:
                raise DomainError(f"{where}: a range is [first place, last place, percent each]")
            first, last, each = int(entry[0]), int(entry[1]), _decimal(entry[2], where)
            if first != len(percentages) + 1 or last < first:
                raise DomainError(f"{where}: range {first}-{last} does not follow place {len(percentages)}")
            percentages.extend([each] * (last - first + 1))
        total = sum(percentages, Decimal(0))
        if total != HUNDRED:
            raise DomainError(f"{where}: percentages add up to {total}, not 100")
        if len(percentages) > low:
            raise DomainError(f"{where}: pays {len(percentages)} places but may have only {low} entries")
        if bands and low != bands[-1].max_entries + 1:
            raise DomainError(f"{where}: starts at {low} entries, the band before ends at {bands[-1].max_entries}")
        bands.append(PayoutBand(low, high, tuple(percentages)))
    return PayoutTable(str(data.get("name", source)), tuple(bands))


def load_payout_table(path: Path) -> PayoutTable:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise DomainError(f"payout table {path.name} is not valid TOML: {exc}") from exc
    return parse_payout_table(data, path.name)


def prizes_from_percentages(prize_pool: int, percentages: Sequence[Decimal], unit: int = 1) -> list[int]:
    """Prizes by place: each rounded down to ``unit``; what is left over goes to first place."""
    if prize_pool < 0:
        raise DomainError(f"the prize pool cannot be negative ({prize_pool})")
    if not percentages:
        return []
    if sum(percentages, Decimal(0)) != HUNDRED:
        raise DomainError("payout percentages must add up to 100")
    prizes = [int(Decimal(prize_pool) * p / HUNDRED) // unit * unit for p in percentages]
    prizes[0] += prize_pool - sum(prizes)
    return prizes


def split_evenly(amount: int, parts: int, unit: int = 1) -> list[int]:
    """``amount`` in ``parts`` shares of whole ``unit``s differing by at most one unit, the larger ones
    first; what is left below one unit goes to the first share, so the shares add up to ``amount``."""
    units, below_unit = divmod(amount, unit)
    base, extra = divmod(units, parts)
    shares = [(base + (1 if i < extra else 0)) * unit for i in range(parts)]
    shares[0] += below_unit
    return shares
