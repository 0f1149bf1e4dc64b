"""The functions of TD3's formula language (its help page "Points for Playing Formula", copied in
hkhard/tdwpimport), worked out the way TD3 works them out.

TD3 runs its formulas in JavaScript (its saves are JavaScript literals, and the help page's examples print
JavaScript's digits: ``acos(.1)`` returns ``1.4706289056333368``): numbers are doubles, ``round`` rounds halves
up (``Math.round``: 2.5 gives 3, -2.5 gives -2), ``%`` keeps the sign of the dividend. Where JavaScript would give
Infinity or NaN (a division by zero, the logarithm or square root of a number out of range, a result too large)
the formula is refused instead, with its position: points of Infinity or NaN mean nothing in a standings table.

``random()`` is refused too: points must come out the same every time they are worked out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

MAX_LIST = 10_000  # the longest list a formula may build (setListLength, top, bottom)


class FormulaFault(Exception):
    """A problem met while working a function out; the evaluator adds the position."""


def number(value: Any, what: str) -> float:
    if isinstance(value, float):
        return value
    if isinstance(value, str):
        raise FormulaFault(f"{what} must be a number, not the text {value!r}")
    raise FormulaFault(f"{what} must be a number, not a list")


def finite(value: float, what: str) -> float:
    if math.isnan(value):
        raise FormulaFault(f"{what} has no value (it is not a number)")
    if math.isinf(value):
        raise FormulaFault(f"{what} is too large")
    return value


def js_round(value: float) -> float:
    """JavaScript's Math.round: the nearest integer, halves up (exact for every double)."""
    finite(value, "the number to round")
    low = math.floor(value)
    return float(low + 1 if value - low >= 0.5 else low)


def flatten(values: Sequence[Any], what: str) -> list[float]:
    out: list[float] = []
    for value in values:
        if isinstance(value, tuple):
            out.extend(value)
        else:
            out.append(number(value, what))
    return out


def _listed(value: Any, what: str) -> tuple[float, ...]:
    if not isinstance(value, tuple):
        raise FormulaFault(f"{what} must be a list")
    return value


def _round(x: float, digits: float = 0.0) -> float:
    if digits == 0:
        return js_round(x)
    if not -15 <= digits <= 15 or digits != math.floor(digits):
        raise FormulaFault("round()'s second argument is a whole number of decimals from -15 to 15")
    scale = 10.0 ** digits
    return finite(js_round(finite(x * scale, "round()")) / scale, "round()")


def _log(x: float, base: float | None = None) -> float:
    if x <= 0:
        raise FormulaFault(f"log() of {x:g}: the logarithm is only taken of a number above zero")
    if base is None:
        return math.log(x)
    if base <= 0 or base == 1:
        raise FormulaFault(f"log() to the base {base:g}: a base is above zero and not 1")
    return math.log(x) / math.log(base)


def _log10(x: float) -> float:
    if x <= 0:
        raise FormulaFault(f"log10() of {x:g}: the logarithm is only taken of a number above zero")
    return math.log10(x)


def _sqrt(x: float) -> float:
    if x < 0:
        raise FormulaFault(f"sqrt() of {x:g}: the square root is only taken of a number not below zero")
    return math.sqrt(x)


def _pow(base: float, exponent: float) -> float:
    if base == 0 and exponent < 0:
        raise FormulaFault("pow(0, a negative number) divides by zero")
    if base < 0 and exponent != math.floor(exponent):
        raise FormulaFault(f"pow({base:g}, {exponent:g}): a negative number has no fractional power")
    try:
        return finite(math.pow(base, exponent), "pow()")
    except OverflowError:
        raise FormulaFault("pow() is too large") from None


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        raise FormulaFault("exp() is too large") from None


def _unit(name: str, how: Callable[[float], float]) -> Callable[[float, float], float]:
    def nearest(x: float, unit: float) -> float:
        if unit == 0:
            raise FormulaFault(f"{name}() to the nearest 0 divides by zero")
        return finite(how(finite(x / unit, f"{name}()")) * unit, f"{name}()")
    return nearest


def _domain(name: str, how: Callable[[float], float], low: float, high: float) -> Callable[[float], float]:
    def bounded(x: float) -> float:
        if not low <= x <= high:
            raise FormulaFault(f"{name}() of {x:g}: it is defined from {low:g} to {high:g}")
        return how(x)
    return bounded


def _fsum(items: list[float], name: str) -> float:
    try:
        return math.fsum(items)
    except OverflowError:
        raise FormulaFault(f"{name} is too large") from None


def _sum(*values: Any) -> float:
    return _fsum(flatten(values, "sum()'s arguments"), "sum()")


def _product(*values: Any) -> float:
    return finite(math.prod(flatten(values, "product()'s arguments")), "product()")


def _average(*values: Any) -> float:
    items = flatten(values, "average()'s arguments")
    if not items:
        raise FormulaFault("average() of nothing divides by zero")
    return _fsum(items, "average()") / len(items)


def _count(*values: Any) -> float:
    return float(len(flatten(values, "count()'s arguments")))


def _pick(highest: bool) -> Callable[..., tuple[float, ...]]:
    def pick(how_many: Any, *values: Any) -> tuple[float, ...]:
        n = number(how_many, "the count")
        items = flatten(values, "the values")
        keep = max(0, min(len(items), int(n)))
        chosen = sorted(range(len(items)), key=lambda i: items[i], reverse=highest)[:keep]
        return tuple(items[i] for i in sorted(chosen))
    return pick


def _index(values: Any, position: Any) -> float:
    items = _listed(values, "index()'s first argument")
    i = number(position, "index()'s position")
    if not items:
        raise FormulaFault("index() of an empty list")
    if i != math.floor(i) or not 0 <= i < len(items):
        raise FormulaFault(f"index() position {i:g} is outside the list (0 to {len(items) - 1})")
    return items[int(i)]


def _set_list_length(values: Any, length: Any) -> tuple[float, ...]:
    items = _listed(values, "setListLength()'s first argument")
    n = number(length, "setListLength()'s length")
    if n != math.floor(n) or not 0 <= n <= MAX_LIST:
        raise FormulaFault(f"setListLength() takes a whole length from 0 to {MAX_LIST:,}")
    return (items + (0.0,) * int(n))[: int(n)]


def _min(*values: Any) -> float:
    items = flatten(values, "min()'s arguments")
    if not items:
        raise FormulaFault("min() needs at least one number")
    return min(items)


def _max(*values: Any) -> float:
    items = flatten(values, "max()'s arguments")
    if not items:
        raise FormulaFault("max() needs at least one number")
    return max(items)


def _oneof(value: Any, *values: Any) -> float:
    return 1.0 if number(value, "oneof()'s value") in flatten(values, "oneof()'s values") else 0.0


@dataclass(frozen=True)
class Function:
    """``low``..``high`` arguments (None: any number); ``numbers``: every argument must be a number; ``lazy``:
    the evaluator works the arguments out itself (if, switch, lswitch, assign, the profile look-ups)."""

    low: int
    high: int | None
    run: Callable[..., Any] | None
    numbers: bool = True
    lazy: bool = False


def _numeric(low: int, high: int | None, run: Callable[..., Any]) -> Function:
    return Function(low, high, run)


def _lists(low: int, high: int | None, run: Callable[..., Any]) -> Function:
    return Function(low, high, run, numbers=False)


PROFILE_FUNCTIONS = {
    f"{kind}profile{field}": (kind, field)
    for kind in ("buyin", "rebuy", "addon") for field in ("fee", "rake", "chips", "points")
}

FUNCTIONS: dict[str, Function] = {
    "abs": _numeric(1, 1, abs),
    "acos": _numeric(1, 1, _domain("acos", math.acos, -1, 1)),
    "asin": _numeric(1, 1, _domain("asin", math.asin, -1, 1)),
    "atan": _numeric(1, 1, math.atan),
    "ceil": _numeric(1, 1, lambda x: float(math.ceil(x))),
    "cos": _numeric(1, 1, math.cos),
    "exp": _numeric(1, 1, _exp),
    "floor": _numeric(1, 1, lambda x: float(math.floor(x))),
    "log": _numeric(1, 2, _log),
    "ln": _numeric(1, 1, _log),
    "log10": _numeric(1, 1, _log10),
    "max": _lists(1, None, _max),
    "min": _lists(1, None, _min),
    "pow": _numeric(2, 2, _pow),
    "power": _numeric(2, 2, _pow),
    "round": _numeric(1, 2, _round),
    "roundtonearest": _numeric(2, 2, _unit("roundToNearest", js_round)),
    "rounduptonearest": _numeric(2, 2, _unit("roundUpToNearest", lambda x: float(math.ceil(x)))),
    "rounddowntonearest": _numeric(2, 2, _unit("roundDownToNearest", lambda x: float(math.floor(x)))),
    "sin": _numeric(1, 1, math.sin),
    "sqrt": _numeric(1, 1, _sqrt),
    "tan": _numeric(1, 1, math.tan),
    "triangle": _numeric(1, 1, lambda x: x * (x + 1) / 2),
    "sum": _lists(0, None, _sum),
    "product": _lists(0, None, _product),
    "average": _lists(1, None, _average),
    "count": _lists(0, None, _count),
    "top": _lists(1, None, _pick(True)),
    "bottom": _lists(1, None, _pick(False)),
    "oneof": _lists(1, None, _oneof),
    "index": _lists(2, 2, _index),
    "setlistlength": _lists(2, 2, _set_list_length),
    "if": Function(2, 3, None, lazy=True),
    "switch": Function(1, None, None, lazy=True),
    "lswitch": Function(2, None, None, lazy=True),
    "assign": Function(2, 2, None, lazy=True),
    "totalforrake": Function(0, 1, None, lazy=True),
    **{name: Function(0, 2 if field == "rake" else 1, None, lazy=True)
       for name, (_, field) in PROFILE_FUNCTIONS.items()},
}

REFUSED = {"random": "random() is not supported: league points must come out the same every time"}
