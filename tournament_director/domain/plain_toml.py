"""A fast reader for the plain TOML that hand histories and the program's own files are written in.

``read_plain_toml`` reads only the simplest documents: top-level ``key = value`` lines whose values are literal
or basic strings without escapes, integers of a few dozen digits, plain decimals (``0.50``), ``true``/``false``
and flat lists of those, with comments and blank lines between. For such a document it returns exactly what
``tomllib.loads(text, parse_float=Decimal)`` returns, several times faster (tomllib reads every character through
Python functions; here compiled patterns read a whole line, or a whole list, at a time). For anything else
(tables, dotted or quoted keys, escapes, dates, exponents, nested lists, a repeated key, a syntax error) it returns
None and the caller hands the text to tomllib, which reads or refuses it in full: nothing is refused here.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

# TOML forbids the ASCII control characters but the tab in strings and comments.
_TEXT = r"[^{quote}\x00-\x08\x0a-\x1f\x7f{extra}]*"
_LITERAL = "'" + _TEXT.format(quote="'", extra="") + "'(?!')"
_BASIC = '"' + _TEXT.format(quote='"', extra=r"\\") + '"(?!")'
_DECIMAL = r"-?(?:0|[1-9][0-9]{0,29})\.[0-9]{1,30}(?![0-9eE_.:])"
_INTEGER = r"-?(?:0|[1-9][0-9]{0,29})(?![0-9eE_.:xob-])"
_BOOLEAN = r"(?:true|false)(?![A-Za-z0-9_-])"
_SCALAR = f"(?:{_LITERAL}|{_BASIC}|{_DECIMAL}|{_INTEGER}|{_BOOLEAN})"
_COMMENT = r"\#[^\x00-\x08\x0a-\x1f\x7f]*+"
_LIST_SPACE = rf"(?:[ \t\n]|\r\n|{_COMMENT})*+"
_LIST = rf"\[{_LIST_SPACE}(?:{_SCALAR}{_LIST_SPACE},{_LIST_SPACE})*+(?:{_SCALAR}{_LIST_SPACE})?\]"

_LINE = re.compile(
    rf"[ \t]*+(?:(?P<key>[A-Za-z_][A-Za-z0-9_-]*+)[ \t]*+=[ \t]*+"
    rf"(?:(?P<list>{_LIST})|(?P<scalar>{_SCALAR})))?"
    rf"[ \t]*+(?:{_COMMENT})?(?:\r?\n|\Z)"
)
_ITEM = re.compile(
    rf"(?P<comment>{_COMMENT})|'(?P<literal>[^']*)'|\"(?P<basic>[^\"]*)\""
    rf"|(?P<decimal>[-0-9]+\.[0-9]+)|(?P<integer>-?[0-9]+)|(?P<boolean>true|false)"
)
_LITERAL_ITEM = re.compile(r"'([^']*)'")
_BARE_ITEM = re.compile(r"[^\s,\[\]]+")


def read_plain_toml(text: str) -> dict[str, Any] | None:
    """The document as tomllib reads it, or None when it is not plain (see the module's docstring)."""
    document: dict[str, Any] = {}
    position, end = 0, len(text)
    match = _LINE.match
    while position < end:
        line = match(text, position)
        if line is None or line.end() == position:
            return None
        position = line.end()
        key = line["key"]
        if key is None:
            continue
        if key in document:
            return None
        listed = line["list"]
        if listed is None:
            document[key] = _scalar(line["scalar"])
        elif "#" in listed or '"' in listed:
            document[key] = _items(listed)
        elif "'" not in listed:
            document[key] = [_scalar(item) for item in _BARE_ITEM.findall(listed)]
        elif _has_other_items(listed):
            document[key] = _items(listed)
        else:
            document[key] = _LITERAL_ITEM.findall(listed)
    return document


def _has_other_items(listed: str) -> bool:
    """Whether a list holds anything but literal strings (numbers or booleans outside the quotes)."""
    return bool(_LITERAL_ITEM.sub("", listed).strip("[], \t\r\n"))


def _scalar(text: str) -> object:
    first = text[0]
    if first == "'" or first == '"':
        return text[1:-1]
    if "." in text:
        return Decimal(text)
    if text == "true":
        return True
    if text == "false":
        return False
    return int(text)


def _items(listed: str) -> list[object]:
    items: list[object] = []
    for found in _ITEM.finditer(listed):
        kind = found.lastgroup or ""
        if kind == "comment":
            continue
        value = found[kind]
        if kind == "literal" or kind == "basic":
            items.append(value)
        elif kind == "boolean":
            items.append(value == "true")
        else:
            items.append(Decimal(value) if kind == "decimal" else int(value))
    return items
