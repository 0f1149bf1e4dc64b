"""Events declared once, as classes: each event type is a frozen dataclass in the room it belongs to
(domain/clock/events.py, ...), with its type name, the room whose state it changes, ``to_payload()`` (the JSON object
the log records) and ``from_payload()`` (a recorded object read back, its fields checked: a bad shape is a
DomainError naming the field).

The payload is the one the program always wrote, byte for byte: its fields in the order the class declares them
(the fields named in ``TRAILING`` last, as the clock's own fields follow an event's), a field declared with
``optional()`` left out when it is None (or, ``null_written``, when it was not given at all). A field the class does not know is ignored when read (a log written by
another version of the program still folds). A type name claimed by two classes is refused when the second is
declared.
"""

from __future__ import annotations

import re
import types
from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import Any, ClassVar, Self, Union, get_args, get_origin, get_type_hints

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError

EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
# the rooms an event changes (domain/state.py hands each event to its room)
ROOMS = ("floor", "schedule", "rulings", "chip_count_calls")

_DECLARED: dict[str, type["Event"]] = {}


class _Absent:
    """The value of a field a payload leaves out (as opposed to one it writes as null)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


def optional(key: str | None = None, *, null_written: bool = False) -> Any:
    """A payload field left out of the payload when it is None, as the program writes it; ``null_written``: left out
    only when not given (``ABSENT``), a None given is written as null."""
    metadata = {"optional": True, "null_written": null_written, **({"key": key} if key else {})}
    return field(default=ABSENT if null_written else None, metadata=metadata)


def declared_events() -> dict[str, type["Event"]]:
    """Every event class declared so far, by type name (import the rooms' events modules first: ``all_events``)."""
    return dict(_DECLARED)


def event_class(event_type: str) -> type["Event"] | None:
    return _DECLARED.get(event_type)


@dataclass(frozen=True, kw_only=True)
class Event:
    """One event type. A subclass without ``type_name`` is a room's base (shared fields), not an event."""

    type_name: ClassVar[str]
    room: ClassVar[str] = "floor"
    TRAILING: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("type_name")
        if name is None:
            return
        if not isinstance(name, str) or not EVENT_TYPE.match(name):
            raise ValueError(f"{cls.__qualname__}: {name!r} is not an event type (a dotted lower-case name)")
        if cls.room not in ROOMS:
            raise ValueError(f"{cls.__qualname__}: {cls.room!r} is not a room ({', '.join(ROOMS)})")
        claimed = _DECLARED.get(name)
        if claimed is not None and (claimed.__module__, claimed.__qualname__) != (cls.__module__, cls.__qualname__):
            raise ValueError(f"the event type {name!r} is claimed twice: by {claimed.__module__}."
                             f"{claimed.__qualname__} and by {cls.__module__}.{cls.__qualname__}")
        _DECLARED[name] = cls

    # ----- the payload -----------------------------------------------------------------------------------------
    @classmethod
    def _payload_fields(cls) -> list[Field[Any]]:
        found = _FIELDS.get(cls)
        if found is None:
            declared = list(fields(cls))
            found = _FIELDS[cls] = (
                [f for f in declared if f.name not in cls.TRAILING]
                + sorted((f for f in declared if f.name in cls.TRAILING), key=lambda f: cls.TRAILING.index(f.name)))
        return found

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {}
        for f in self._payload_fields():
            value = getattr(self, f.name)
            if value is ABSENT or (value is None and f.metadata.get("optional")
                                   and not f.metadata.get("null_written")):
                continue
            payload[f.metadata.get("key", f.name)] = value
        return payload

    @classmethod
    def from_payload(cls, payload: Any) -> Self:
        if not isinstance(payload, Mapping):
            raise DomainError(f"{cls.type_name}: the payload must be a mapping, not {limits.shown(payload)}")
        hints = _hints(cls)
        values: dict[str, Any] = {}
        for f in cls._payload_fields():
            key = f.metadata.get("key", f.name)
            if key not in payload:
                if f.default is MISSING and f.default_factory is MISSING:
                    raise DomainError(cls.field_problem(key, "is missing"))
                continue
            values[f.name] = _checked(cls, key, payload[key], hints[f.name])
        return cls(**values)

    @classmethod
    def field_problem(cls, key: str, problem: str) -> str:
        """The refusal of a payload whose field ``key`` is wrong (a room may say it its own way)."""
        return f"{cls.type_name}: the field {key!r} {problem}"


_HINTS: dict[type, dict[str, Any]] = {}
_FIELDS: dict[type, list[Field[Any]]] = {}  # each class's fields in the order of its payload


def _hints(cls: type) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = get_type_hints(cls)
    return found


def _checked(cls: type[Event], key: str, value: Any, hint: Any) -> Any:
    """``value`` when it has the shape ``hint`` says (int, bool, str, dict, list, X | None, Any), else DomainError."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _checked(cls, key, value, option)
            except DomainError as problem:
                problems.append(problem)
        raise problems[0]
    if hint is Any:
        return value
    expected = origin or hint
    if expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        what = "must be a whole number"
    elif expected is bool:
        ok, what = isinstance(value, bool), "must be true or false"
    elif expected is str:
        ok, what = isinstance(value, str), "must be text"
    elif expected in (dict, Mapping):
        ok, what = isinstance(value, Mapping), "must be a mapping"
    elif expected in (list, tuple):
        ok, what = isinstance(value, (list, tuple)), "must be a list"
    else:  # pragma: no cover - a declaration this module cannot check is a mistake in the code
        raise TypeError(f"{cls.__qualname__}.{key}: cannot check a field of type {hint!r}")
    if not ok:
        raise DomainError(cls.field_problem(key, f"{what}, not {limits.shown(value)}"))
    return value
