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

import math
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Sequence

from tournament_director.domain.errors import DomainError
from tournament_director.domain.limits import MAX_ENTRIES, MAX_PAYOUT_BANDS, check_name, shown
from tournament_director.domain.reading import MAX_FILE_BYTES, decode_text, parse_toml, read_bytes

HUNDRED = Decimal(100)
MAX_PERCENT_DECIMALS = 10


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
    """A payout percentage above zero and at most 100, exactly as written (Decimal), with at most
    ``MAX_PERCENT_DECIMALS`` decimals; DomainError naming ``where`` if not."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        raise DomainError(f"{where}: {shown(value)} is not a percentage")
    if isinstance(value, int):  # compared as it is: a number of thousands of digits cannot even be printed
        if not 0 < value <= 100:
            raise DomainError(f"{where}: percentage {shown(value)} must be above zero and at most 100")
        return Decimal(value)
    if isinstance(value, Decimal):
        result = value
    else:
        if isinstance(value, str) and len(value) > 40:
            raise DomainError(f"{where}: {shown(value)} is not a percentage")
        try:
            result = Decimal(str(value).strip())
        except InvalidOperation:
            raise DomainError(f"{where}: {shown(value)} is not a percentage") from None
    written = str(value)[:40] if isinstance(value, Decimal) else shown(value)
    if not result.is_finite():
        raise DomainError(f"{where}: percentage {written} is not a finite number")
    if result <= 0:
        raise DomainError(f"{where}: percentage {written} must be above zero")
    if result > HUNDRED:
        raise DomainError(f"{where}: percentage {written} is more than 100")
    if result.as_tuple().exponent < -MAX_PERCENT_DECIMALS:  # type: ignore[operator]
        raise DomainError(f"{where}: percentage {written} has more than {MAX_PERCENT_DECIMALS} decimals")
    return result


_decimal = percentage


def _whole(value: Any, where: str, name: str, minimum: int, maximum: int) -> int:
    """A whole number from a payout table (``2``, or ``2.0`` as TOML may write it) within ``minimum``..``maximum``."""
    if isinstance(value, float) and math.isfinite(value):
        value = Decimal(value)
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        if not minimum <= value <= maximum:  # compared before int(), which 1e1000000 would make enormous
            raise DomainError(f"{where}: {name} must be {minimum:,} to {maximum:,}, not {value:.3E}")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{where}: {name} must be a whole number, not {shown(value)}")
    if not minimum <= value <= maximum:
        raise DomainError(f"{where}: {name} must be {minimum:,} to {maximum:,}, not {shown(value)}")
    return value


def parse_payout_table(data: dict[str, Any], source: str = "payout table") -> PayoutTable:
    """A payout table from plain data (a TOML file's table or an event payload); DomainError naming ``source``,
    the band and the field for anything it cannot use."""
    if not isinstance(data, dict):
        raise DomainError(f"{source}: a payout table is a table of named values (name and [[bands]])")
    name = data.get("name", source)
    if not isinstance(name, str):
        raise DomainError(f"{source}: the name must be text, not {shown(name)}")
    try:
        name = check_name(name, "name", allow_empty=True)
    except DomainError as error:
        raise DomainError(f"{source}: {error.message}") from None
    bands: list[PayoutBand] = []
    raw_bands = data.get("bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise DomainError(f"{source}: no [[bands]]")
    if len(raw_bands) > MAX_PAYOUT_BANDS:
        raise DomainError(f"{source}: {len(raw_bands):,} bands; a payout table has at most {MAX_PAYOUT_BANDS:,}")
    for index, raw in enumerate(raw_bands, start=1):
        where = f"{source}, band {index}"
        if not isinstance(raw, dict):
            raise DomainError(f"{where}: a band is a table (min_entries, max_entries, percentages)")
        if "min_entries" not in raw or "max_entries" not in raw:
            raise DomainError(f"{where}: needs whole numbers min_entries and max_entries")
        low = _whole(raw["min_entries"], where, "min_entries", 1, MAX_ENTRIES)
        high = _whole(raw["max_entries"], where, "max_entries", 1, MAX_ENTRIES)
        if high < low:
            raise DomainError(f"{where}: min_entries {low} .. max_entries {high} is not a range")
        raw_percentages = raw.get("percentages", [])
        raw_ranges = raw.get("ranges", [])
        if not isinstance(raw_percentages, list) or not isinstance(raw_ranges, list):
            raise DomainError(f"{where}: percentages and ranges are lists")
        if len(raw_percentages) > low:
            raise DomainError(f"{where}: pays {len(raw_percentages)} places but may have only {low} entries")
        percentages = [_decimal(p, where) for p in raw_percentages]
        for entry in raw_ranges:
            if not isinstance(entry, list) or len(entry) != 3:
                raise DomainError(f"{where}: a range is [first place, last place, percent each]")
            first = _whole(entry[0], where, "a range's first place", 1, MAX_ENTRIES)
            last = _whole(entry[1], where, "a range's last place", 1, MAX_ENTRIES)
            each = _decimal(entry[2], where)
            if first != len(percentages) + 1 or last < first:
                raise DomainError(f"{where}: range {first}-{last} does not follow place {len(percentages)}")
            if last > low:
                raise DomainError(f"{where}: pays {last} places but may have only {low} entries")
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
    return PayoutTable(name or source, tuple(bands))


def payout_table_from_toml(text: str, source: str = "payout table") -> PayoutTable:
    """A payout table from the text of its TOML file (read through the guarded path of domain/reading.py: exact
    numbers, every TOML failure a refusal); DomainError naming ``source``, the band and the field at fault."""
    return parse_payout_table(parse_toml(text, file=source), source)


def load_payout_table(path: Path) -> PayoutTable:
    """A payout table file: at most a megabyte of UTF-8 (a byte-order mark is accepted); every problem is a
    DomainError naming the file."""
    name = Path(path).name
    return payout_table_from_toml(decode_text(read_bytes(path, limit=MAX_FILE_BYTES), file=name), name)


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


PLACES_PAID_UP_TO = 1_000  # a table paying a share of the field has bands up to this many entries ...
PLACES_PAID_MOST = 100  # ... or this many places paid; a larger field is paid as its last band
PLACES_PAID_ONE_BY_ONE = 9  # the first places get their own percentage; later ones are paid in runs of nine


def places_paid(entries: int, percent: int) -> int:
    """Places paid when ``percent`` of the field is paid: the share rounded up, at least one place (15 % of 30
    entries pays 5)."""
    return max(1, min(entries, -(-entries * percent // 100)))


def _share_percentages(places: int) -> tuple[Decimal, ...]:
    """Percentages for ``places`` places, falling with the place (place i weighs 1/i; places after the ninth are
    paid in runs of nine at the weight of the run's first place); two decimals, what rounding leaves to first."""
    weights = [Decimal(1) / (place if place <= PLACES_PAID_ONE_BY_ONE
                             else place - (place - 1 - PLACES_PAID_ONE_BY_ONE) % PLACES_PAID_ONE_BY_ONE)
               for place in range(1, places + 1)]
    total = sum(weights, Decimal(0))
    percentages = [(HUNDRED * w / total).quantize(Decimal("0.01"), rounding=ROUND_DOWN) for w in weights]
    percentages[0] += HUNDRED - sum(percentages, Decimal(0))
    return tuple(percentages)


def places_paid_table(percent: int) -> PayoutTable:
    """A payout table paying ``percent`` of the field (1 to 100): a band for each number of places paid, up to
    ``PLACES_PAID_UP_TO`` entries or ``PLACES_PAID_MOST`` places (a larger field is paid as the last band)."""
    if isinstance(percent, bool) or not isinstance(percent, int) or not 1 <= percent <= 100:
        raise DomainError(f"the places paid must be 1 to 100 % of the field, not {shown(percent)}")
    bands: list[PayoutBand] = []
    for entries in range(2, PLACES_PAID_UP_TO + 1):
        places = places_paid(entries, percent)
        if places > PLACES_PAID_MOST:
            break
        if bands and len(bands[-1].percentages) == places:
            bands[-1] = PayoutBand(bands[-1].min_entries, entries, bands[-1].percentages)
        else:
            bands.append(PayoutBand(entries, entries, _share_percentages(places)))
    return PayoutTable(f"Top {percent}% of the field", tuple(bands))


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
