"""Blind structures: an ordered list of play levels and breaks.

A ``Structure`` is immutable; editing one produces a new value (``with_period``), and a running
tournament records the edit as a "structure.edited" / "structure.replaced" event. Validation raises
``DomainError`` naming the level (play-level number) or break at fault. Against a chip set, every colour-up
must remove a denomination still in play and every blind, ante and bet must be payable with the chips in play
at that level (TDA 24; rules-reference 2.6). Every amount, duration and name stays within the limits of
domain/limits.py. A structure file is TOML with the periods and an optional [chips] table, read through the
guarded path of domain/reading.py (``structure_from_toml``, ``load_structure_file``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, Union

from tournament_director.domain import limits
from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.errors import DomainError
from tournament_director.domain.limits import shown
from tournament_director.domain.reading import FileRefused, decode_text, parse_toml, read_bytes

BETTING_STRUCTURES = ("no_limit", "pot_limit", "fixed_limit", "half_pot_limit")


@dataclass(frozen=True)
class Level:
    number: int  # 1-based play level number
    duration_seconds: int
    small_blind: int
    big_blind: int
    ante: int = 0  # per-player ante, or with big_blind_ante=True the single ante the big blind pays
    big_blind_ante: bool = False
    small_bet: int | None = None  # fixed limit
    big_bet: int | None = None
    betting: str = "no_limit"  # "no_limit" | "pot_limit" | "fixed_limit" | "half_pot_limit"
    game: str = "holdem"

    @property
    def label(self) -> str:
        return f"level {self.number}"

    def amounts(self) -> tuple[int, ...]:
        """Every amount a player may have to put in at this level (blinds, ante, limit bets)."""
        values = [self.small_blind, self.big_blind, self.ante, self.small_bet or 0, self.big_bet or 0]
        return tuple(v for v in values if v)


@dataclass(frozen=True)
class Break:
    duration_seconds: int
    colour_up: tuple[int, ...] = ()  # denominations removed at this break
    name: str = "Break"

    @property
    def label(self) -> str:
        return self.name


Period = Union[Level, Break]


@dataclass(frozen=True)
class Structure:
    periods: tuple[Period, ...]
    name: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "periods", tuple(self.periods))

    # --- queries -------------------------------------------------------------------------------
    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(p for p in self.periods if isinstance(p, Level))

    def period(self, index: int) -> Period:
        if isinstance(index, bool) or not isinstance(index, int):
            raise DomainError(f"a period is given by its position, a whole number, not {shown(index)}")
        if not 0 <= index < len(self.periods):
            raise DomainError(f"there is no period {shown(index)} in the structure (it has {len(self.periods)})")
        return self.periods[index]

    def index_of_level(self, number: int) -> int:
        for index, period in enumerate(self.periods):
            if isinstance(period, Level) and period.number == number:
                return index
        raise DomainError(f"the structure has no level {shown(number)}")

    def next_level_index(self, index: int) -> int | None:
        for later in range(index + 1, len(self.periods)):
            if isinstance(self.periods[later], Level):
                return later
        return None

    def next_break_index(self, index: int) -> int | None:
        for later in range(index + 1, len(self.periods)):
            if isinstance(self.periods[later], Break):
                return later
        return None

    def total_seconds(self) -> int:
        return sum(p.duration_seconds for p in self.periods)

    # --- editing --------------------------------------------------------------------------------
    def with_period(self, index: int, period: Period) -> "Structure":
        self.period(index)
        _check_is_period(period)
        periods = list(self.periods)
        periods[index] = period
        return replace(self, periods=tuple(periods))

    def with_inserted(self, index: int, period: Period) -> "Structure":
        """A period inserted before ``index`` (``len(periods)`` appends); the levels are numbered again."""
        _check_is_period(period)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.periods):
            raise DomainError(f"a period can be inserted at 0 to {len(self.periods)}, not at {shown(index)}")
        periods = list(self.periods)
        periods.insert(index, period)
        return replace(self, periods=_renumbered(periods))

    def without(self, index: int) -> "Structure":
        """The structure without period ``index``; the levels are numbered again."""
        self.period(index)
        if len(self.periods) == 1:
            raise DomainError("the last period of a structure cannot be removed")
        periods = list(self.periods)
        del periods[index]
        return replace(self, periods=_renumbered(periods))

    def with_moved(self, index: int, to: int) -> "Structure":
        """Period ``index`` moved to position ``to`` (0 = first); the levels are numbered again."""
        self.period(index)
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < len(self.periods):
            where = to + 1 if isinstance(to, int) and not isinstance(to, bool) else to
            raise DomainError(f"a period can move to position 1 to {len(self.periods)}, not {shown(where)}")
        periods = list(self.periods)
        periods.insert(to, periods.pop(index))
        return replace(self, periods=_renumbered(periods))

    def with_lengths(self, level_seconds: int | None = None, break_seconds: int | None = None) -> "Structure":
        """Every level lasting ``level_seconds`` and every break ``break_seconds`` (None: as they are)."""
        for seconds, what in ((level_seconds, "a level"), (break_seconds, "a break")):
            if seconds is not None:
                limits.check_count(seconds, f"length of {what} (seconds)", 1, limits.MAX_DURATION_SECONDS)
        periods = tuple(
            replace(p, duration_seconds=level_seconds) if isinstance(p, Level) and level_seconds is not None
            else replace(p, duration_seconds=break_seconds) if isinstance(p, Break) and break_seconds is not None
            else p for p in self.periods)
        return replace(self, periods=periods)

    # --- validation -----------------------------------------------------------------------------
    def validate(self, chip_set: ChipSet | None = None) -> None:
        """Raise DomainError for the first problem found, naming the level or break."""
        if not self.periods:
            raise DomainError("a structure needs at least one level")
        if len(self.periods) > limits.MAX_LEVELS:
            raise DomainError(f"the structure has {len(self.periods):,} levels and breaks; at most "
                              f"{limits.MAX_LEVELS} are allowed")
        limits.check_name(self.name, "structure name", allow_empty=True)
        limits.check_text(self.description, "structure description")
        if not isinstance(self.periods[0], Level):
            raise DomainError("a structure must start with a play level, not a break")
        expected_number = 1
        for period in self.periods:
            if isinstance(period, Level):
                _validate_level(period)
                if period.number != expected_number:
                    raise DomainError(
                        f"level {period.number} is out of order: expected level {expected_number}"
                    )
                expected_number += 1
            elif isinstance(period, Break):
                _validate_break(period, expected_number - 1)
            else:
                raise DomainError(f"unknown period {shown(period)}")
        if chip_set is not None:
            validate_structure_chips(self, chip_set)

    # --- plain data (TOML / JSON) ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "periods": [period_to_dict(p) for p in self.periods],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Structure":
        if not isinstance(data, dict):
            raise DomainError("a structure must be a table of values")
        unknown = set(data) - {"name", "description", "periods", "chips"}
        if unknown:
            raise DomainError(f"the structure has unknown fields: {limits.listed(unknown)}")
        raw_periods = data.get("periods")
        if not isinstance(raw_periods, list):
            raise DomainError("a structure needs a list of periods ([[periods]] tables)")
        if len(raw_periods) > limits.MAX_LEVELS:
            raise DomainError(f"the structure lists {len(raw_periods):,} levels and breaks; at most "
                              f"{limits.MAX_LEVELS} are allowed")
        periods = tuple(period_from_dict(raw, position) for position, raw in enumerate(raw_periods, start=1))
        return cls(periods=periods, name=_text(data.get("name", ""), "the structure", "name"),
                   description=_text(data.get("description", ""), "the structure", "description"))


def check_played_periods_kept(old: Structure, new: Structure, current_index: int) -> None:
    """The levels and breaks already played stay as they were played: the periods before ``current_index`` (the
    one in play) must be the same, in the same places, in ``new``; DomainError naming the first that is not."""
    for index in range(current_index):
        before = old.periods[index]
        after = new.periods[index] if index < len(new.periods) else None
        if after != before:
            raise DomainError(f"{_played_label(old, index)} has been played: it cannot be changed, moved or removed "
                              f"(the period in play is {_played_label(old, current_index)})")


def _played_label(structure: Structure, index: int) -> str:
    period = structure.periods[index]
    if isinstance(period, Level):
        return f"level {period.number}"
    before = [p.number for p in structure.periods[:index] if isinstance(p, Level)]
    return f"the {period.name.lower() or 'break'} after level {before[-1] if before else 0}"


def _renumbered(periods: list[Period]) -> tuple[Period, ...]:
    numbered: list[Period] = []
    number = 0
    for period in periods:
        if isinstance(period, Level):
            number += 1
            period = replace(period, number=number)
        numbered.append(period)
    return tuple(numbered)


def _check_is_period(period: object) -> None:
    if not isinstance(period, (Level, Break)):
        raise DomainError(f"a period is a level or a break, not {shown(period)}")


def _validate_break(period: Break, after_level: int) -> None:
    if not isinstance(period.name, str):
        raise DomainError(f"the break after level {after_level}: its name must be text, not {shown(period.name)}")
    limits.check_name(period.name, f"name of the break after level {after_level}", allow_empty=True)
    where = f"{period.name} after level {after_level}"
    _whole_number(period.duration_seconds, where, "duration_seconds")
    if period.duration_seconds <= 0:
        raise DomainError(f"{where} must last more than zero seconds (got {shown(period.duration_seconds)})")
    limits.check_count(period.duration_seconds, f"duration of the {where} (seconds)", 1,
                       limits.MAX_DURATION_SECONDS)
    if not isinstance(period.colour_up, (tuple, list)) or len(period.colour_up) > 100:
        raise DomainError(f"{where}: the colour-up is a list of chip values, not {shown(period.colour_up)}")
    for value in period.colour_up:
        _whole_number(value, where, "a colour_up chip value")
    if len(set(period.colour_up)) != len(period.colour_up):
        raise DomainError(f"{where} lists the same chip twice in its colour-up")
    if any(value <= 0 for value in period.colour_up):
        raise DomainError(f"{where} colours up a chip value that is not above zero")
    for value in period.colour_up:
        limits.check_amount(value, f"chip value in the colour-up of the {where}")


def _validate_level(level: Level) -> None:
    where = f"level {shown(level.number)}"
    for name in ("number", "duration_seconds", "small_blind", "big_blind", "ante"):
        _whole_number(getattr(level, name), where, name)
    for name in ("small_bet", "big_bet"):
        if getattr(level, name) is not None:
            _whole_number(getattr(level, name), where, name)
    if not isinstance(level.big_blind_ante, bool):
        raise DomainError(f"{where}: big_blind_ante must be true or false, not {shown(level.big_blind_ante)}")
    for name in ("betting", "game"):
        _text(getattr(level, name), where, name)
    limits.check_name(level.game, f"game of {where}", max_length=40)
    if level.number < 1:
        raise DomainError(f"level numbers start at 1 (got {shown(level.number)})")
    if level.duration_seconds <= 0:
        raise DomainError(f"{where} must last more than zero seconds (got {shown(level.duration_seconds)})")
    if level.betting not in BETTING_STRUCTURES:
        raise DomainError(f"{where} has an unknown betting structure {shown(level.betting)}")
    if min(level.small_blind, level.big_blind, level.ante) < 0:
        raise DomainError(f"{where} has a negative blind or ante")
    if level.big_blind <= 0:
        raise DomainError(f"{where} needs a big blind above zero")
    if level.big_blind < level.small_blind:
        raise DomainError(
            f"{where}: the big blind ({shown(level.big_blind)}) is below the small blind ({shown(level.small_blind)})"
        )
    if level.ante > level.big_blind:
        raise DomainError(f"{where}: the ante ({shown(level.ante)}) is above the big blind ({shown(level.big_blind)})")
    if level.big_blind_ante and not level.ante:
        raise DomainError(f"{where} is marked big-blind ante but has no ante amount")
    if level.betting == "fixed_limit":
        if not level.small_bet or not level.big_bet:
            raise DomainError(f"{where} is fixed limit and needs a small bet and a big bet")
        if level.big_bet < level.small_bet:
            raise DomainError(f"{where}: the big bet ({shown(level.big_bet)}) is below the small bet "
                              f"({shown(level.small_bet)})")
    elif level.small_bet is not None or level.big_bet is not None:
        if (level.small_bet or 0) < 0 or (level.big_bet or 0) < 0:
            raise DomainError(f"{where} has a negative bet size")
    limits.check_count(level.number, "level number", 1, limits.MAX_LEVELS)
    limits.check_count(level.duration_seconds, f"duration of {where} (seconds)", 1, limits.MAX_DURATION_SECONDS)
    for name in ("small_blind", "big_blind", "ante", "small_bet", "big_bet"):
        value = getattr(level, name)
        if value is not None:
            limits.check_amount(value, f"{name.replace('_', ' ')} of {where}")


_LEVEL_FIELDS = {f.name for f in fields(Level)}
_BREAK_FIELDS = {f.name for f in fields(Break)}


def period_to_dict(period: Period) -> dict[str, Any]:
    if isinstance(period, Level):
        data: dict[str, Any] = {"kind": "level"}
        for f in fields(Level):
            value = getattr(period, f.name)
            if value is not None:
                data[f.name] = value
        return data
    return {
        "kind": "break",
        "duration_seconds": period.duration_seconds,
        "colour_up": list(period.colour_up),
        "name": period.name,
    }


def _whole_number(value: Any, where: str, name: str) -> int:
    """A whole number: an int, or one a file writes with a decimal point (900.0 is 900). Its range is checked
    against domain/limits.py where the level or break is validated."""
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        if not -limits.MAX_AMOUNT <= value <= limits.MAX_AMOUNT:  # before int(): 1E+1000000 would be enormous
            raise DomainError(f"{where}: {name} is too large: at most {limits.MAX_AMOUNT:,}, not {value:.3E}")
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{where}: {name} must be a whole number, not {_number_text(value)}")
    return value


def _number_text(value: Any) -> str:
    """A value from a file or a payload as a refusal shows it: ``600.5`` rather than ``Decimal('600.5')``."""
    if isinstance(value, Decimal):
        return str(value)[:40].lower() if not value.is_finite() else str(value)[:40]
    return shown(value)


def _text(value: Any, where: str, name: str) -> str:
    if not isinstance(value, str):
        raise DomainError(f"{where}: {name} must be text, not {shown(value)}")
    return value


def period_from_dict(raw: dict[str, Any], position: int = 0) -> Period:
    """One period from plain data (TOML or an event payload); every field is checked for its type."""
    where = f"period {position}" if position else "period"
    if not isinstance(raw, dict):
        raise DomainError(f"{where} is not a table of values")
    data = dict(raw)
    kind = data.pop("kind", "level")
    if kind == "level":
        if "number" in data and not isinstance(data["number"], bool) and isinstance(data["number"], int):
            where = f"{where} (level {shown(data['number'])})"
        unknown = set(data) - _LEVEL_FIELDS
        if unknown:
            raise DomainError(f"{where} has unknown fields: {limits.listed(unknown)}")
        missing = {"number", "duration_seconds", "small_blind", "big_blind"} - set(data)
        if missing:
            raise DomainError(f"{where} is missing {', '.join(sorted(missing))}")
        big_blind_ante = data.get("big_blind_ante", False)
        if not isinstance(big_blind_ante, bool):
            raise DomainError(f"{where}: big_blind_ante must be true or false, not {shown(big_blind_ante)}")
        bets = {name: None if data.get(name) is None else _whole_number(data[name], where, name)
                for name in ("small_bet", "big_bet")}
        return Level(
            number=_whole_number(data["number"], where, "number"),
            duration_seconds=_whole_number(data["duration_seconds"], where, "duration_seconds"),
            small_blind=_whole_number(data["small_blind"], where, "small_blind"),
            big_blind=_whole_number(data["big_blind"], where, "big_blind"),
            ante=_whole_number(data.get("ante", 0), where, "ante"),
            big_blind_ante=big_blind_ante,
            small_bet=bets["small_bet"],
            big_bet=bets["big_bet"],
            betting=_text(data.get("betting", "no_limit"), where, "betting"),
            game=_text(data.get("game", "holdem"), where, "game"),
        )
    if kind == "break":
        where = f"{where} (a break)"
        unknown = set(data) - _BREAK_FIELDS
        if unknown:
            raise DomainError(f"{where} has unknown fields: {limits.listed(unknown)}")
        if "duration_seconds" not in data:
            raise DomainError(f"{where} is missing duration_seconds")
        colour_up = data.get("colour_up", [])
        if not isinstance(colour_up, (list, tuple)):
            raise DomainError(f"{where}: colour_up must be a list of chip values, not {shown(colour_up)}")
        return Break(
            duration_seconds=_whole_number(data["duration_seconds"], where, "duration_seconds"),
            colour_up=tuple(_whole_number(value, where, "a colour_up chip value") for value in colour_up),
            name=_text(data.get("name", "Break"), where, "name"),
        )
    raise DomainError(f"{where} has unknown kind {shown(kind)} (expected 'level' or 'break')")


# --- colour-ups: what the structure asks of the chip set (TDA 24) -------------------------------------
@dataclass(frozen=True)
class ColourUp:
    break_index: int  # index of the break in structure.periods
    after_level: int  # the play level just before the break
    removed: tuple[int, ...]
    smallest_in_play: int  # the smallest chip left once the colour-up is done


def colour_up_schedule(structure: Structure, chip_set: ChipSet) -> list[ColourUp]:
    """The colour-ups of a structure in order; raises DomainError where one does not fit the set."""
    chip_set.validate()
    in_play = set(chip_set.denominations)
    schedule: list[ColourUp] = []
    last_level = 0
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            last_level = period.number
            continue
        if not period.colour_up:
            continue
        where = f"{period.name} after level {last_level}"
        if len(set(period.colour_up)) != len(period.colour_up):
            raise DomainError(f"{where} lists the same chip twice in its colour-up")
        for value in period.colour_up:
            if value not in chip_set.denominations:
                raise DomainError(f"{where} colours up the {value} chip, which is not in the chip set")
            if value not in in_play:
                raise DomainError(f"{where} colours up the {value} chip, which was already removed")
        remaining = in_play - set(period.colour_up)
        if not remaining:
            raise DomainError(f"{where} would remove every chip in play")
        if min(period.colour_up) > min(remaining):
            # Removing a larger chip while a smaller one stays is not a colour-up.
            raise DomainError(f"{where} removes the {min(period.colour_up)} chip but keeps the smaller {min(remaining)}")
        in_play = remaining
        schedule.append(ColourUp(index, last_level, tuple(sorted(period.colour_up)), min(in_play)))
    return schedule


def validate_structure_chips(structure: Structure, chip_set: ChipSet) -> None:
    """Colour-ups must fit the set, and every level must be payable with the chips then in play."""
    colour_ups = {c.break_index: c for c in colour_up_schedule(structure, chip_set)}
    smallest = min(chip_set.denominations)
    if chip_set.per_player and chip_set.starting_stack % smallest:
        raise DomainError(f"the starting stack cannot be made of {smallest} chips")
    for index, period in enumerate(structure.periods):
        if index in colour_ups:
            smallest = colour_ups[index].smallest_in_play
        if isinstance(period, Level):
            for amount in period.amounts():
                if amount % smallest:
                    raise DomainError(
                        f"level {period.number}: {amount} cannot be paid when the smallest chip in play is {smallest}"
                    )


# --- TOML import and export ------------------------------------------------------------------------
def structure_from_toml(text: str, *, file: str | Path | None = None) -> tuple[Structure, ChipSet | None]:
    """Read a structure (and its chip set, when the file has a [chips] table); validates both.

    The text goes through the guarded path of domain/reading.py: numbers are read exactly, a byte-order mark is
    accepted, and every way the text can be wrong is a DomainError (a ``FileRefused`` naming ``file`` when
    given), never tomllib's ValueError or a RecursionError."""
    name = str(file) if file is not None else None
    if not isinstance(text, str):
        raise FileRefused(f"a structure file is text, not {shown(text)}", file=name)
    data = parse_toml(text, file=name)
    try:
        structure = Structure.from_dict(data)
        chip_set = ChipSet.from_dict(data["chips"]) if "chips" in data else None
        structure.validate(chip_set)
    except FileRefused:
        raise
    except DomainError as error:
        if name is None:
            raise
        raise FileRefused(error.message, file=name, rule=error.rule) from None
    return structure, chip_set


def load_structure_file(path: str | Path) -> tuple[Structure, ChipSet | None]:
    """A structure file: at most a megabyte of UTF-8 (a byte-order mark is accepted), read by
    ``structure_from_toml``; every problem is a ``FileRefused`` naming the file."""
    return structure_from_toml(decode_text(read_bytes(path), file=Path(path).name), file=Path(path).name)


def structure_to_toml(structure: Structure, chip_set: ChipSet | None = None) -> str:
    import tomli_w

    data = structure.to_dict()
    if chip_set is not None:
        data["chips"] = chip_set.to_dict()
    return tomli_w.dumps(data)


__all__ = [
    "Level",
    "Break",
    "Period",
    "Structure",
    "BETTING_STRUCTURES",
    "ColourUp",
    "colour_up_schedule",
    "validate_structure_chips",
    "check_played_periods_kept",
    "period_to_dict",
    "period_from_dict",
    "load_structure_file",
    "structure_from_toml",
    "structure_to_toml",
]
