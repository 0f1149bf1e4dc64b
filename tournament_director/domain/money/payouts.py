"""Payout tables by field size, and turning percentages into prizes that add up to the prize pool.

A payout table is a TOML file in data/payouts/ with several bands by number of entries::

    name = "Standard"
    [[bands]]
    min_entries = 2
    max_entries = 6
    percentages = [65, 35]          # place 1, place 2, ...
    ranges = [[10, 18, 1.0]]        # optional: places 10 to 18 get 1.0 % each

The percentages of a band must add up to exactly 100, the first band starts at two entries (or one) and each
band starts where the one before ends; a field larger than the last band is paid as the last band. Amounts are
rounded down to the payout unit and the remainder goes to first place, so the prizes always add up to the prize
pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Sequence

from tournament_director.domain.errors import DomainError
from tournament_director.domain.limits import MAX_ENTRIES, MAX_NAME_LENGTH
from tournament_director.domain.reading import (
    FileRefused,
    check_list,
    check_string,
    check_whole,
    parse_toml,
    read_text,
)

HUNDRED = Decimal(100)
MAX_BANDS = 1_000


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
        if self.bands and entries > self.bands[-1].max_entries:
            return self.bands[-1].percentages  # a field larger than the table foresees: its largest band
        raise DomainError(f"payout table {self.name!r} has no band for {entries} entries")

    def to_dict(self) -> dict[str, Any]:
        """Plain data as the TOML file has it (runs of equal percentages written as ranges); parse_payout_table
        reads it back to the same table."""
        return {"name": self.name, "bands": [_band_to_dict(band) for band in self.bands]}


def _band_to_dict(band: PayoutBand) -> dict[str, Any]:
    values = list(band.percentages)
    head = len(values)
    for i in range(len(values) - 1):
        if values[i] == values[i + 1]:
            head = i
            break
    data: dict[str, Any] = {"min_entries": band.min_entries, "max_entries": band.max_entries,
                            "percentages": [_plain(v) for v in values[:head]]}
    ranges: list[list[Any]] = []
    place = head
    while place < len(values):
        last = place
        while last + 1 < len(values) and values[last + 1] == values[place]:
            last += 1
        ranges.append([place + 1, last + 1, _plain(values[place])])
        place = last + 1
    if ranges:
        data["ranges"] = ranges
    return data


def _plain(value: Decimal) -> int | str:
    """A percentage for a file or an event: a whole number as an int, else its exact digits as text."""
    return int(value) if value == value.to_integral_value() else str(value)


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


def _entries(value: Any, where: str, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        raise DomainError(f"{where}: {name} must be a whole number, not {value!r}")
    return check_whole(value, f"{where}: {name}", minimum=0, maximum=MAX_ENTRIES)


def parse_payout_table(data: dict[str, Any], source: str = "payout table") -> PayoutTable:
    bands: list[PayoutBand] = []
    raw_bands = data.get("bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise DomainError(f"{source}: no [[bands]]")
    check_list(raw_bands, "bands", file=source, max_items=MAX_BANDS)
    for index, raw in enumerate(raw_bands, start=1):
        where = f"{source}, band {index}"
        if not isinstance(raw, dict) or "min_entries" not in raw or "max_entries" not in raw:
            raise DomainError(f"{where}: needs whole numbers min_entries and max_entries")
        low = _entries(raw["min_entries"], where, "min_entries")
        high = _entries(raw["max_entries"], where, "max_entries")
        check_list(raw.get("percentages", []), f"band {index} percentages", file=source, max_items=MAX_ENTRIES)
        check_list(raw.get("ranges", []), f"band {index} ranges", file=source)
        if low < 1 or high < low:
            raise DomainError(f"{where}: min_entries {low} .. max_entries {high} is not a range")
        percentages = [_decimal(p, where) for p in raw.get("percentages", [])]
        for entry in raw.get("ranges", []):
            if not isinstance(entry, list) or len(entry) != 3:
                raise DomainError(f"{where}: a range is [first place, last place, percent each]")
            first = _entries(entry[0], where, "a range's first place")
            last = _entries(entry[1], where, "a range's last place")
            each = _decimal(entry[2], where)
            if first != len(percentages) + 1 or last < first:
                raise DomainError(f"{where}: range {first}-{last} does not follow place {len(percentages)}")
            percentages.extend([each] * (last - first + 1))
        total = sum(percentages, Decimal(0))
        if total != HUNDRED:
            raise DomainError(f"{where}: percentages add up to {total}, not 100")
        if len(percentages) > low:
            raise DomainError(f"{where}: pays {len(percentages)} places but may have only {low} entries")
        if not bands and low > 2:
            raise DomainError(f"{where}: starts at {low} entries; the first band starts at 2 entries")
        if bands and low != bands[-1].max_entries + 1:
            raise DomainError(f"{where}: starts at {low} entries, the band before ends at {bands[-1].max_entries}")
        bands.append(PayoutBand(low, high, tuple(percentages)))
    name = check_string(data.get("name", source), "name", file=source, max_length=MAX_NAME_LENGTH)
    return PayoutTable(name, tuple(bands))


def load_payout_table(path: Path) -> PayoutTable:
    """A payout table file, read the program's one guarded way (domain/reading.py)."""
    return payout_table_from_toml(read_text(path), Path(path).name)


def payout_table_from_toml(text: str, source: str = "payout table") -> PayoutTable:
    """A payout table from the text of its TOML file (floats read exactly); DomainError naming the file and the
    band at fault."""
    try:
        data = parse_toml(text, file=source)
    except FileRefused as refused:
        raise refused.in_file(source) from None
    return parse_payout_table(data, source)


def payout_table_to_toml(table: PayoutTable) -> str:
    """The TOML file of a payout table (percentages written as numbers), read back by payout_table_from_toml."""
    import tomli_w

    def number(value: Any) -> Any:
        return Decimal(value) if isinstance(value, str) else value

    data = table.to_dict()
    for band in data["bands"]:
        band["percentages"] = [number(v) for v in band["percentages"]]
        for entry in band.get("ranges", []):
            entry[2] = number(entry[2])
    return tomli_w.dumps(data)


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
