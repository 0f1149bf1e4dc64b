"""A chip set: the denominations in the case with their colours and quantities, and the starting stack.

``ChipSet.from_dict`` reads the [chips] table of a structure file or an event payload and refuses unknown
fields and wrong types; ``validate`` refuses a value listed twice, a chip not above zero, or a starting stack
made of chips the set does not have. What a structure asks of the set (colour-ups, payable levels) is checked
in structure.py; how many chips a field needs and the chip race are in chips.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.limits import shown

MAX_DENOMINATIONS = 50  # chip values in one set


@dataclass(frozen=True)
class ChipDenomination:
    value: int
    colour: str
    quantity: int  # chips of this value in the case


@dataclass(frozen=True)
class ChipSet:
    chips: tuple[ChipDenomination, ...]
    per_player: tuple[tuple[int, int], ...] = ()  # (value, count): the starting stack
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "chips", tuple(sorted(self.chips, key=lambda c: c.value)))
        object.__setattr__(self, "per_player", tuple(sorted((int(v), int(n)) for v, n in self.per_player)))

    @property
    def denominations(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.chips)

    def colour_of(self, value: int) -> str:
        for chip in self.chips:
            if chip.value == value:
                return chip.colour
        raise DomainError(f"there is no {value} chip in the set")

    @property
    def starting_stack(self) -> int:
        return sum(value * count for value, count in self.per_player)

    def max_players(self) -> int:
        """How many starting stacks the case holds."""
        counts = [self._quantity(value) // count for value, count in self.per_player if count]
        return min(counts) if counts else 0

    def validate(self) -> None:
        if not self.chips:
            raise DomainError("a chip set needs at least one denomination")
        if len(self.chips) > MAX_DENOMINATIONS or len(self.per_player) > MAX_DENOMINATIONS:
            raise DomainError(f"a chip set has at most {MAX_DENOMINATIONS} denominations")
        limits.check_name(self.name, "chip set name", allow_empty=True)
        seen: set[int] = set()
        for chip in self.chips:
            if not isinstance(chip, ChipDenomination):
                raise DomainError(f"a chip set lists chips (value, colour, quantity), not {shown(chip)}")
            _count({"value": chip.value, "quantity": chip.quantity}, "value", "a chip of the set")
            _count({"value": chip.value, "quantity": chip.quantity}, "quantity", f"the {shown(chip.value)} chip")
            if chip.value <= 0:
                raise DomainError(f"chip values must be above zero (got {shown(chip.value)})")
            if chip.value in seen:
                raise DomainError(f"the {shown(chip.value)} chip is listed twice")
            if chip.quantity < 0:
                raise DomainError(f"the {shown(chip.value)} chip has a negative quantity")
            limits.check_amount(chip.value, "chip value")
            limits.check_amount(chip.quantity, f"quantity of the {chip.value} chip")
            limits.check_name(chip.colour, f"colour of the {chip.value} chip", max_length=40, allow_empty=True)
            seen.add(chip.value)
        for value, count in self.per_player:
            if value not in seen:
                raise DomainError(f"the starting stack uses a {value} chip that is not in the set")
            if count < 0:
                raise DomainError(f"the starting stack has a negative number of {value} chips")
            limits.check_amount(count, f"number of {value} chips in the starting stack")

    def _quantity(self, value: int) -> int:
        return next((c.quantity for c in self.chips if c.value == value), 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "chips": [{"value": c.value, "colour": c.colour, "quantity": c.quantity} for c in self.chips],
            "per_player": [{"value": v, "count": n} for v, n in self.per_player],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ChipSet":
        """A chip set from plain data (a [chips] table or an event payload); unknown fields and wrong types are
        refused."""
        if not isinstance(data, Mapping):
            raise DomainError("the chip set must be a table of values")
        _only(data, {"name", "chips", "per_player"}, "the chip set")
        if not isinstance(data.get("chips"), list):
            raise DomainError("the chip set needs a list of chips (value, colour, quantity)")
        chips = []
        for position, raw in enumerate(data["chips"], start=1):
            where = f"chip {position} of the set"
            if not isinstance(raw, Mapping):
                raise DomainError(f"{where} is not a table of values")
            _only(raw, {"value", "colour", "quantity"}, where)
            colour = raw.get("colour", "")
            if not isinstance(colour, str):
                raise DomainError(f"{where}: colour must be text, not {shown(colour)}")
            chips.append(ChipDenomination(_count(raw, "value", where), colour, _count(raw, "quantity", where)))
        raw_stack = data.get("per_player", [])
        if not isinstance(raw_stack, list):
            raise DomainError("per_player must be a list of chips (value, count)")
        per_player = []
        for position, raw in enumerate(raw_stack, start=1):
            where = f"starting-stack entry {position}"
            if not isinstance(raw, Mapping):
                raise DomainError(f"{where} is not a table of values")
            _only(raw, {"value", "count"}, where)
            per_player.append((_count(raw, "value", where), _count(raw, "count", where)))
        name = data.get("name", "")
        if not isinstance(name, str):
            raise DomainError(f"the chip set name must be text, not {shown(name)}")
        chip_set = cls(tuple(chips), tuple(per_player), name)
        chip_set.validate()
        return chip_set


def _only(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise DomainError(f"{where} has unknown fields: {limits.listed(unknown)}")


def _count(data: Mapping[str, Any], name: str, where: str) -> int:
    if name not in data:
        raise DomainError(f"{where} is missing {name}")
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{where}: {name} must be a whole number, not {shown(value)}")
    return value
