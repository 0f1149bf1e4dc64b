"""Tournament settings: money, stacks, rebuys, add-ons, re-entries, late registration and floor options.

All amounts are whole currency units (int). Settings travel in the "tournament.configured" event as a
plain dict (``TournamentSettings.to_dict``), and a change after the start in "settings.changed" (checked against
what already happened by domain/floor/settings_changes.py); ``from_dict`` refuses unknown keys and bad values with
a message that names the field. Every number stays within the limits of domain/limits.py (an amount at most
a trillion, counts and levels within their bounds), so no setting can overflow what is computed from it.

Beside the standard buy-in (``buy_in``, ``fee``, ``starting_stack``) a room may sell other buy-in options (a deep
stack, a late-registration price): each has its own name, price, fee and chips, within the same limits, and each
entry records the option it bought.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError

BOUNTY_MODES = ("none", "fixed", "progressive")
BUTTON_MODES = ("dead", "moving")
NEW_PLAYER_RULES = ("tda", "seed")  # TDA 8-A/10-A, or seed 004 T 8 (wait in the SB or button seat too)
_TIME_OF_DAY = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_FILE_STEM = re.compile(r"^[\w-]+$")  # a shipped payout table: data/payouts/NAME.toml
_LAYOUT_KEY = re.compile(r"^((room:)?[\w-]{1,80})?$")  # data/layouts/NAME.toml, or room:NAME

# The bounds of the whole-number settings: (what a message calls it, the smallest, the largest). Amounts (money
# and chips) go up to limits.MAX_AMOUNT; the others are counts of their own kind. The percentages and the final
# table's size are checked on their own below.
_MONEY = ("buy_in", "fee", "guarantee", "bounty", "rebuy_price", "rebuy_fee", "addon_price", "addon_fee",
          "satellite_seat_value")
_CHIPS = ("starting_stack", "rebuy_chips", "rebuy_max_chips", "addon_chips")
_LEVEL_FIELDS = ("rebuy_until_level", "addon_until_level", "reentry_until_level", "late_registration_until_level")
_BOUNDS: dict[str, tuple[str, int, int]] = {
    **{name: (name.replace("_", " ").replace("buy in", "buy-in").replace("addon", "add-on"), 0, limits.MAX_AMOUNT)
       for name in _MONEY + _CHIPS},
    **{name: (name.replace("_", " ").replace("addon", "add-on"), 0, limits.MAX_LEVELS) for name in _LEVEL_FIELDS},
    "rebuy_limit": ("rebuy limit", 0, limits.MAX_ENTRIES),
    "reentry_limit": ("re-entry limit", 0, limits.MAX_ENTRIES),
    "payout_unit": ("payout unit", 1, limits.MAX_AMOUNT),
    "tolerance_many_tables": ("balancing tolerance with many tables", 1, limits.MAX_SEATS),
    "tolerance_few_tables": ("balancing tolerance with few tables", 1, limits.MAX_SEATS),
    "few_tables": ("number of tables counted as few", 0, limits.MAX_TABLES),
    "halt_short_by": ("players short that halt a table", 1, limits.MAX_SEATS),
}
STANDARD_OPTION = "Standard"  # the name of the standard buy-in (buy_in, fee, starting_stack)
MAX_BUY_IN_OPTIONS = 6


@dataclass(frozen=True)
class BuyInOption:
    """A buy-in sold beside the standard one: its own price (to the prize pool, less rake), fee and chips."""

    name: str
    buy_in: int
    fee: int = 0
    chips: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, position: int) -> "BuyInOption":
        where = f"buy-in option {position}"
        if not isinstance(data, dict):
            raise DomainError(f"{where} must be a table of name, buy_in, fee and chips")
        unknown = set(data) - {"name", "buy_in", "fee", "chips"}
        if unknown:
            raise DomainError(f"{where} has unknown field(s): {limits.listed(unknown)}")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise DomainError(f"{where} needs a name (for example Deep stack)")
        option = cls(limits.check_name(name, f"{where}'s name"), data.get("buy_in", 0), data.get("fee", 0),
                     data.get("chips", 0))
        for field_name in ("buy_in", "fee", "chips"):
            limits.check_amount(getattr(option, field_name), f"{field_name.replace('_', '-')} of the buy-in option "
                                f"{option.name!r}")
        if option.chips <= 0:
            raise DomainError(f"buy-in option {option.name!r} needs chips above zero")
        return option


@dataclass(frozen=True)
class TournamentSettings:
    name: str = "Tournament"
    scheduled_start: str | None = None  # ISO 8601 date-time, informative
    # One entry: the player pays buy_in + bounty + fee; the buy-in less the rake goes to the prize pool.
    buy_in: int = 100
    fee: int = 0  # fixed entry fee kept by the house
    rake_percent: int = 0  # percentage of every buy-in, rebuy and add-on price kept by the house
    starting_stack: int = 10_000
    buy_in_options: tuple[BuyInOption, ...] = ()  # other buy-ins beside the standard one
    guarantee: int = 0  # the house tops the prize pool up to this
    # Bounties: "fixed" pays the whole bounty to the eliminator; "progressive" (PKO) pays
    # pko_cash_percent of it and adds the rest onto the eliminator's own bounty.
    bounty_mode: str = "none"
    bounty: int = 0
    pko_cash_percent: int = 50
    # Rebuys: limit per entry (0 = none), until the end of a level, only at or below a chip count.
    rebuy_limit: int = 0
    rebuy_price: int = 0
    rebuy_fee: int = 0
    rebuy_chips: int = 0
    rebuy_until_level: int | None = None
    rebuy_max_chips: int | None = None  # None = at or below the starting stack
    # Add-on: once per entry, until the end of a level (a break belongs to the level before it), or only on a break.
    addon_enabled: bool = False
    addon_price: int = 0
    addon_fee: int = 0
    addon_chips: int = 0
    addon_until_level: int | None = None
    addon_only_on_break: bool = False
    # Re-entries per player after a bust, until the end of a level.
    reentry_limit: int = 0
    reentry_until_level: int | None = None
    # Late registration (and re-entry) closes after this level, or at this time of day (HH:MM).
    late_registration_until_level: int | None = None
    late_registration_until_time: str | None = None
    # Payouts
    payout_table: str = "standard"
    payout_unit: int = 1
    # A satellite: its prizes are seats to another tournament of the database (its number), each worth the seat
    # value (the target's whole price when it was chosen: domain/money/satellite.py), the rest in cash
    satellite_target: int | None = None
    satellite_seat_value: int = 0
    satellite_remainder: str = "next_place"  # or "seat_winners": who takes the cash left over
    # Floor
    button_mode: str = "dead"  # TDA 32
    new_player_rule: str = "tda"
    tolerance_many_tables: int = 2  # seed 004 T 6: within two with more than six tables
    tolerance_few_tables: int = 1  # ... within one with six or fewer
    few_tables: int = 6
    halt_short_by: int = 3  # TDA 11-D: flag tables this many players short of the fullest
    break_order: tuple[int, ...] = ()  # predetermined order (seed 004 T 5); empty = highest number first
    final_table_size: int | None = None  # None = the seats of the final table (TDA RP-9)
    final_table_next_level: bool = False  # seed 000 E: the final table starts with the next level
    redraw_final_table: bool = True  # rules-reference §3 row 19 (common practice)
    trust_table_stations: bool = False  # a bust a table station reports is recorded at once, not proposed
    # The room's screens: the layout they draw ("" the program's own; "dark_classic", "room:friday", ...)
    screen_layout: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TournamentSettings":
        if not isinstance(data, Mapping):
            raise DomainError(f"the tournament settings must be named values, not {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise DomainError(f"unknown tournament setting(s): {limits.listed(unknown)}")
        values = dict(data)
        if "break_order" in values:
            order = values["break_order"]
            if not isinstance(order, (list, tuple)) or not all(_is_int(n) for n in order):
                raise DomainError("break_order must be a list of table numbers")
            if len(order) > limits.MAX_TABLES:
                raise DomainError(f"break_order lists {len(order):,} tables; at most {limits.MAX_TABLES:,}")
            values["break_order"] = tuple(order)
        if "buy_in_options" in values:
            options = values["buy_in_options"]
            if not isinstance(options, (list, tuple)):
                raise DomainError("buy_in_options must be a list of buy-in options")
            if len(options) > MAX_BUY_IN_OPTIONS:
                raise DomainError(f"at most {MAX_BUY_IN_OPTIONS} buy-in options beside the standard one")
            values["buy_in_options"] = tuple(
                o if isinstance(o, BuyInOption) else BuyInOption.from_dict(o, i) for i, o in enumerate(options, 1))
        settings = cls(**values)
        settings.validate()
        return settings

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["break_order"] = list(self.break_order)
        data["buy_in_options"] = [o.to_dict() for o in self.buy_in_options]
        return data

    def buy_in_option(self, name: str | None) -> BuyInOption:
        """The buy-in called ``name``; None, "" or "Standard" is the standard buy-in."""
        if not name or name == STANDARD_OPTION:
            return BuyInOption(STANDARD_OPTION, self.buy_in, self.fee, self.starting_stack)
        for option in self.buy_in_options:
            if option.name == name:
                return option
        known = ", ".join([STANDARD_OPTION, *(o.name for o in self.buy_in_options)])
        raise DomainError(f"there is no buy-in option {limits.shown(name)} (the options are {known})")

    def validate(self) -> None:
        defaults = TournamentSettings.__dataclass_fields__
        for name, f in defaults.items():
            value = getattr(self, name)
            if f.type in ("int",) and not _is_int(value):
                raise DomainError(f"setting {name} must be a whole number, not {limits.shown(value)}")
            if f.type == "int | None" and value is not None and not _is_int(value):
                raise DomainError(f"setting {name} must be a whole number or empty, not {limits.shown(value)}")
            if f.type == "bool" and not isinstance(value, bool):
                raise DomainError(f"setting {name} must be true or false, not {limits.shown(value)}")
        if not isinstance(self.name, str) or not self.name.strip():
            raise DomainError("the tournament needs a name")
        limits.check_name(self.name, "tournament name")
        for name, (label, minimum, maximum) in _BOUNDS.items():
            value = getattr(self, name)
            if value is not None:
                limits.check_amount(value, label, minimum=minimum, maximum=maximum)
        for name in ("bounty_mode", "button_mode", "new_player_rule", "payout_table"):
            if not isinstance(getattr(self, name), str):
                raise DomainError(f"setting {name} must be text, not {limits.shown(getattr(self, name))}")
        limits.check_name(self.payout_table, "payout table")
        if not isinstance(self.screen_layout, str) or not _LAYOUT_KEY.match(self.screen_layout):
            raise DomainError(f"the screen layout {limits.shown(self.screen_layout)} is not the name of a screen "
                              "layout (letters, digits, - and _, the room's own after room:)")
        if not _FILE_STEM.match(self.payout_table):
            raise DomainError(f"the payout table {limits.shown(self.payout_table)} is not the name of a payout table (letters, "
                              "digits, - and _)")
        for number in self.break_order:
            limits.check_count(number, "table number in break_order", 1, limits.MAX_TABLE_NUMBER)
        _check_scheduled_start(self.scheduled_start)
        if self.starting_stack <= 0:
            raise DomainError("the starting stack must be more than zero chips")
        if not 0 <= self.rake_percent <= 100:
            raise DomainError(f"rake_percent must be between 0 and 100, not {limits.shown(self.rake_percent)}")
        if not 0 <= self.pko_cash_percent <= 100:
            raise DomainError(f"pko_cash_percent must be between 0 and 100, not {limits.shown(self.pko_cash_percent)}")
        if self.bounty_mode not in BOUNTY_MODES:
            raise DomainError(f"bounty_mode must be one of {', '.join(BOUNTY_MODES)}, not {limits.shown(self.bounty_mode)}")
        if self.bounty_mode != "none" and self.bounty <= 0:
            raise DomainError("a bounty tournament needs a bounty amount above zero")
        if self.button_mode not in BUTTON_MODES:
            raise DomainError(f"button_mode must be 'dead' (TDA 32) or 'moving', not {limits.shown(self.button_mode)}")
        if self.new_player_rule not in NEW_PLAYER_RULES:
            raise DomainError(f"new_player_rule must be 'tda' or 'seed', not {limits.shown(self.new_player_rule)}")
        if self.payout_unit <= 0:
            raise DomainError("payout_unit must be at least 1")
        if self.tolerance_few_tables < 1 or self.tolerance_many_tables < 1:
            raise DomainError("the balancing tolerance must be at least one player")
        if self.halt_short_by < 1:
            raise DomainError("halt_short_by must be at least one player")
        if self.final_table_size is not None and not 2 <= self.final_table_size <= 10:
            raise DomainError(f"final_table_size must be between 2 and 10, not {limits.shown(self.final_table_size)}")
        if self.satellite_target is not None:
            limits.check_count(self.satellite_target, "number of the satellite's target tournament", 1,
                               limits.MAX_RECORD_ID)
            if self.satellite_seat_value <= 0:
                raise DomainError("a satellite needs the value of a seat to its target above zero")
        if self.satellite_remainder not in ("next_place", "seat_winners"):
            raise DomainError("satellite_remainder must be 'next_place' (the cash left over to the first place "
                              f"without a seat) or 'seat_winners', not {limits.shown(self.satellite_remainder)}")
        t = self.late_registration_until_time
        if t is not None and (not isinstance(t, str) or not _TIME_OF_DAY.match(t)):
            raise DomainError(f"late_registration_until_time must be HH:MM, not {limits.shown(t)}")
        if self.rebuy_limit and self.rebuy_chips <= 0:
            raise DomainError("rebuys need rebuy_chips above zero")
        if self.addon_enabled and self.addon_chips <= 0:
            raise DomainError("an add-on needs addon_chips above zero")
        if len(set(self.break_order)) != len(self.break_order):
            raise DomainError("break_order names a table twice")
        if not isinstance(self.buy_in_options, tuple):
            raise DomainError(f"buy_in_options must be a list of buy-in options, not {limits.shown(self.buy_in_options)}")
        for position, option in enumerate(self.buy_in_options, start=1):
            if not isinstance(option, BuyInOption):
                raise DomainError(f"buy-in option {position} is not a buy-in option: {limits.shown(option)}")
            BuyInOption.from_dict(option.to_dict(), position)
        if len(self.buy_in_options) > MAX_BUY_IN_OPTIONS:
            raise DomainError(f"at most {MAX_BUY_IN_OPTIONS} buy-in options beside the standard one")
        names = [o.name.casefold() for o in self.buy_in_options]
        if STANDARD_OPTION.casefold() in names or len(set(names)) != len(names):
            raise DomainError(f"each buy-in option needs its own name ({STANDARD_OPTION!r} is the standard buy-in)")

    def tolerance(self, live_tables: int) -> int:
        """Seed 004 T 6: within two players with more than six tables, within one with six or fewer."""
        return self.tolerance_many_tables if live_tables > self.few_tables else self.tolerance_few_tables


@dataclass(frozen=True)
class PriceSplit:
    """What a player hands over for the standard buy-in, and where each part goes (as an entry records it)."""

    prize_pool: int
    bounty: int
    fee: int  # the entry fee
    rake: int  # the rake taken from the buy-in

    @property
    def price(self) -> int:
        return self.prize_pool + self.bounty + self.fee + self.rake


def price_split(buy_in: int, fee: int, bounty: int, rake_percent: int) -> PriceSplit:
    """The split an entry records: the buy-in less the rake to the prize pool, the bounty, the fee and the rake."""
    rake = buy_in * rake_percent // 100
    return PriceSplit(buy_in - rake, bounty, fee, rake)


def bounty_share(amount: int, percent: int) -> tuple[int, int]:
    """``amount`` (the buy-in before the fee) split as (buy-in to the prize pool, bounty) with ``percent`` of it to
    the bounty, rounded down to a whole unit: 50 % of 100 is (50, 50)."""
    limits.check_amount(amount, "buy-in")
    if isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= 100:
        raise DomainError(f"the bounty's share of the buy-in must be 0 to 100 %, not {limits.shown(percent)}")
    bounty = amount * percent // 100
    return amount - bounty, bounty


def _check_scheduled_start(value: object) -> None:
    """None, or an ISO 8601 date and time (informative, and the origin of the night for late registration)."""
    if value is None:
        return
    if not isinstance(value, str) or len(value) > 40:
        raise DomainError(f"scheduled_start must be a date and time like 2025-03-14T20:00, not {limits.shown(value)}")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise DomainError(f"scheduled_start {limits.shown(value)} is not a date and time (write it like 2025-03-14T20:00)") from None
    if not 1970 <= moment.year <= 9000:
        raise DomainError(f"scheduled_start {limits.shown(value)} is not a date of a tournament (the year {moment.year})")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
