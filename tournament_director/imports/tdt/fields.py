"""Typed access to the objects of a parsed save: each field is checked for its type and range, and a field of the
wrong kind is refused with its path in the save ("Players[\"…\"].Buyins[2].Amount: a number expected, found a
string") and the place of the object it sits in. Absent optional fields take their TD3 default."""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from typing import Any, NoReturn, TypeVar, overload

from tournament_director.imports.tdt.errors import TdtError
from tournament_director.imports.tdt.literal import JsCall, JsMap, JsNew, JsObject

MAX_AMOUNT = Decimal(10) ** 12  # money, blinds, percentages: far beyond any card room, far below a float's limit
MAX_CHIPS = 10**15
MAX_COUNT = 10**6  # rounds, limits, counters
MAX_TIME_MS = 253_402_300_799_999  # 9999-12-31 23:59:59.999 UTC
MAX_NAME_LENGTH = 200  # the player registry's limit on a name (store.MAX_NAME_LENGTH)
MAX_TEXT_LENGTH = 100_000  # notes, descriptions, history lines, formulas
MAX_ITEMS = 100_000  # any one list of players, purchases, levels, prizes or history items
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MISSING = object()
Number = TypeVar("Number", int, Decimal)


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, Decimal)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, JsObject):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, JsNew):
        return f"new {value.name}(...)"
    if isinstance(value, JsMap):
        return "a map"
    if isinstance(value, JsCall):
        return f"{value.name}(...)"
    return type(value).__name__


def clean_text(value: str) -> bool:
    """No control characters (tab and line breaks are allowed in long texts) and no unassigned surrogates."""
    return not any(unicodedata.category(c) in ("Cc", "Cs") and c not in "\t\n\r" for c in value)


class Context:
    """The file being read: its name (for messages), its text (for line and column) and the warnings gathered."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.text = text
        self.warnings: list[str] = []

    def fail(self, path: str, problem: str, position: int | None = None) -> NoReturn:
        raise TdtError(self.source, f"{path}: {problem}" if path else problem, position, self.text)


def position_of(value: Any) -> int | None:
    return getattr(value, "position", None)


class Obj:
    """One object of the save (``new ClassName({...})`` or a bare ``{...}``) seen through its fields."""

    def __init__(self, ctx: Context, value: Any, path: str, *classes: str) -> None:
        self.ctx = ctx
        self.path = path
        if isinstance(value, JsNew) and (not classes or value.name in classes):
            if len(value.args) != 1 or not isinstance(value.args[0], JsObject):
                ctx.fail(path, f"new {value.name}(...) should hold one object", value.position)
            self.fields: JsObject = value.args[0]
            self.class_name = value.name
        elif isinstance(value, JsObject) and not classes:
            self.fields, self.class_name = value, ""
        else:
            wanted = " or ".join(f"new {c}(...)" for c in classes) if classes else "an object"
            ctx.fail(path, f"{wanted} expected, found {kind_of(value)}", position_of(value))
        self.position = self.fields.position

    def fail(self, key: str, problem: str) -> NoReturn:
        self.ctx.fail(f"{self.path}.{key}" if self.path else key, problem, self.position)

    def has(self, key: str) -> bool:
        return self.fields.get(key) is not None

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        value = self.fields.get(key)
        if value is None:
            if default is _MISSING:
                self.fail(key, "missing")
            return default
        return value

    # --- scalars ---------------------------------------------------------------------------------
    def text(self, key: str, default: str | Any = _MISSING, limit: int = MAX_TEXT_LENGTH) -> str:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            self.fail(key, f"a string expected, found {kind_of(value)}")
        if len(value) > limit:
            self.fail(key, f"is {len(value):,} characters long; at most {limit:,} are read")
        if not clean_text(value):
            self.fail(key, "holds control characters")
        return value

    def flag(self, key: str, default: bool | Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            self.fail(key, f"true or false expected, found {kind_of(value)}")
        return value

    def number(self, key: str, default: Any = _MISSING, low: Decimal = -MAX_AMOUNT,
               high: Decimal = MAX_AMOUNT) -> Decimal:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            self.fail(key, f"a number expected, found {kind_of(value)}")
        return self.bounded(key, Decimal(value), low, high)

    def amount(self, key: str, default: Any = _MISSING) -> Decimal:
        return self.number(key, default, Decimal(0))

    def integer(self, key: str, default: Any = _MISSING, low: int = 0, high: int = MAX_COUNT) -> int:
        value = self.raw(key, default)
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"a whole number expected, found {kind_of(value)}")
        return int(self.bounded(key, value, low, high))

    def bounded(self, key: str, value: Number, low: int | Decimal, high: int | Decimal) -> Number:
        if not low <= value <= high:
            self.fail(key, f"{value} is out of range ({low} to {high})")
        return value

    def time(self, key: str, default: Any = _MISSING) -> datetime | None:
        """A TD3 time (milliseconds since 1970, UTC) as an aware datetime; 0 or absent reads as None."""
        ms = self.integer(key, 0 if default is not _MISSING else _MISSING, 0, MAX_TIME_MS)
        return _EPOCH + timedelta(milliseconds=ms) if ms else None

    def uuid(self, key: str) -> str:
        value = self.text(key, limit=100)
        if not value.strip():
            self.fail(key, "is empty")
        return value

    # --- structures ------------------------------------------------------------------------------
    @overload
    def child(self, key: str, *classes: str) -> Obj: ...
    @overload
    def child(self, key: str, *classes: str, default: None) -> Obj | None: ...

    def child(self, key: str, *classes: str, default: Any = _MISSING) -> Obj | None:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return None
        return Obj(self.ctx, value, f"{self.path}.{key}" if self.path else key, *classes)

    def items(self, key: str, default: Any = _MISSING) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            self.fail(key, f"a list expected, found {kind_of(value)}")
        if len(value) > MAX_ITEMS:
            self.fail(key, f"holds {len(value):,} items; at most {MAX_ITEMS:,} are read")
        return value

    def objects(self, key: str, *classes: str, default: Any = _MISSING) -> list["Obj"]:
        prefix = f"{self.path}.{key}" if self.path else key
        return [Obj(self.ctx, item, f"{prefix}[{i}]", *classes) for i, item in enumerate(self.items(key, default))]

    def mapping(self, key: str) -> JsMap:
        value = self.raw(key)
        if not isinstance(value, JsMap):
            self.fail(key, f"a map expected, found {kind_of(value)}")
        if len(value.pairs) > MAX_ITEMS:
            self.fail(key, f"holds {len(value.pairs):,} items; at most {MAX_ITEMS:,} are read")
        return value

    def rakes(self, key: str) -> tuple[Decimal, ...]:
        """A ``new PerPlayerRake([amount, ...])`` (one amount per named rake), or absent: no rake."""
        value = self.fields.get(key)
        if value is None:
            return ()
        if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
            return (self.amount(key),)
        if not isinstance(value, JsNew) or value.name != "PerPlayerRake" or len(value.args) != 1 \
                or not isinstance(value.args[0], list):
            self.fail(key, f"new PerPlayerRake([...]) expected, found {kind_of(value)}")
        amounts = value.args[0]
        if len(amounts) > 100:
            self.fail(key, f"holds {len(amounts)} rakes; at most 100 are read")
        out = []
        for amount in amounts:
            if isinstance(amount, bool) or not isinstance(amount, (int, Decimal)):
                self.fail(key, f"a rake must be a number, not {kind_of(amount)}")
            out.append(self.bounded(key, Decimal(amount), Decimal(0), MAX_AMOUNT))
        return tuple(out)

    def uuids(self, key: str) -> tuple[str, ...]:
        out = []
        for item in self.items(key, []):
            if not isinstance(item, str) or not item.strip() or len(item) > 100 or not clean_text(item):
                self.fail(key, f"a player UUID expected, found {kind_of(item)}")
            out.append(item)
        return tuple(out)
