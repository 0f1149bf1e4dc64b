"""A safe reader of the JavaScript-like literal a TD3 save is made of: text in, plain values out. Never eval.

A save is one JavaScript expression, ``{ V: "3.7.2", T: new Tournament({...}), L: {...} }`` (the format is learnt
from TD3's own saves and from hkhard/tdwpimport's ``tdtfiles/``). What it holds, and what comes out:

- objects ``{Key: value, "key": value}``                 -> ``JsObject`` (a dict that remembers where it began)
- arrays ``[a, b]``                                      -> ``list``
- strings in double or single quotes, JavaScript escapes -> ``str``
- numbers                                                -> ``int`` (no fraction, no exponent) or ``Decimal``
- ``true`` / ``false`` / ``null`` / ``undefined``        -> ``True`` / ``False`` / ``None`` / ``None``
- ``new ClassName(args)``, dotted names too (``new LO.Layout({...})``)            -> ``JsNew``
- maps: ``Map.from([[k, v], ...])`` (3.7) and ``new Map({k: v})`` (3.0 to 3.4)  -> ``JsMap`` (ordered pairs)
- any other call ``Name.method(args)``                                          -> ``JsCall``

Hostile input is bounded (issue 14): the file size (``MAX_FILE_BYTES``), the nesting depth (``MAX_DEPTH``), the
length of a number (``MAX_NUMBER_CHARS``; a 5,000-digit integer is refused before Python converts it) and its
range (``1e1000000``, ``NaN`` and ``Infinity`` are refused: an amount must be a finite number). A save is read
as UTF-8 when it is valid UTF-8 (a byte-order mark is dropped), else as Windows-1252, the code page TD3 wrote its
saves in before 3.7 (the "ö" of "Björn" is the one byte 0xf6 there); bytes that are neither are refused with their
offset. Every problem is a ``TdtError`` naming the file, the problem and the line and column; nothing else escapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NoReturn

from tournament_director.imports.tdt.errors import TdtError

MAX_FILE_BYTES = 32 * 1024 * 1024  # real saves are 50 to 250 kB; a season-long league file stays far below this
MAX_DEPTH = 64  # real saves nest about 25 deep (the screen layout is the deepest part)
MAX_NUMBER_CHARS = 40  # a millisecond time has 13 digits; nothing TD3 writes comes near this
MAX_EXPONENT = 308  # beyond it a JavaScript number is Infinity

_SPACE = re.compile(r"[ \t\r\n\u00a0\ufeff\u2028\u2029]*")
_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_DOUBLE = re.compile(r'"([^"\\\n\r]*(?:\\[\s\S][^"\\\n\r]*)*)"')
_SINGLE = re.compile(r"'([^'\\\n\r]*(?:\\[\s\S][^'\\\n\r]*)*)'")
_ESCAPE = re.compile(r"\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\r\n|[\s\S]))")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
                   "\n": "", "\r": "", "\r\n": "", "\u2028": "", "\u2029": ""}
_WORDS = {"true": True, "false": False, "null": None, "undefined": None}
_NOT_FINITE = ("NaN", "Infinity")


class JsObject(dict[str, Any]):
    """An object literal; ``position`` is the offset of its ``{`` in the text (for messages)."""

    __slots__ = ("position",)

    def __init__(self, position: int) -> None:
        super().__init__()
        self.position = position


@dataclass(frozen=True, slots=True)
class JsNew:
    """``new name(args...)``."""

    name: str
    args: tuple[Any, ...]
    position: int


@dataclass(frozen=True, slots=True)
class JsCall:
    """``name(args...)`` where the name is dotted, such as ``Map.from`` (maps have their own ``JsMap``)."""

    name: str
    args: tuple[Any, ...]
    position: int


@dataclass(frozen=True, slots=True)
class JsMap:
    """A map, whichever way TD3 wrote it, as its key-value pairs in the order written."""

    pairs: tuple[tuple[Any, Any], ...]
    position: int


def decode_save(data: bytes, source: str) -> str:
    """The text of a save: at most ``MAX_FILE_BYTES``, UTF-8 when it is valid UTF-8 (a byte-order mark is
    dropped), else Windows-1252; refused when it is neither."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TdtError(source, "is not a file's bytes")
    if len(data) > MAX_FILE_BYTES:
        raise TdtError(source, f"is {len(data):,} bytes long; a TD3 save is read up to {MAX_FILE_BYTES:,} bytes")
    raw = bytes(data)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise TdtError(source, "is UTF-16 text; TD3 saves are UTF-8 or Windows-1252")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError as error:  # the five bytes Windows-1252 leaves undefined
        offset = error.start + (len(data) - len(raw))
        raise TdtError(source, f"is neither UTF-8 nor Windows-1252 text (byte 0x{raw[error.start]:02x} at byte "
                               f"offset {offset})") from None


def parse_literal(text: str, source: str) -> Any:
    """The value the whole text spells (trailing spaces and one ``;`` allowed), or ``TdtError``."""
    parser = _Parser(text, source)
    try:
        value = parser.value(0)
        parser.skip()
        if parser.peek() == ";":
            parser.pos += 1
            parser.skip()
        if parser.pos != len(text):
            parser.fail("unexpected text after the end of the save")
        return value
    except RecursionError:
        parser.fail(f"is nested too deeply (more than {MAX_DEPTH} levels)")


_WHITE = frozenset(" \t\r\n\u00a0\ufeff\u2028\u2029")
_SPACES = "[ \\t\\r\\n\\u00a0\\ufeff\\u2028\\u2029]*"
# Fast paths for what a save is mostly made of; anything else goes the careful way, which also words the errors.
_KEY_COLON = re.compile(_SPACES + r"([A-Za-z_$][A-Za-z0-9_$]*)" + _SPACES + ":" + _SPACES)
_SEPARATOR = re.compile(_SPACES + r"([,}\])])" + _SPACES)
_SMALL_INT = re.compile(r"-?(?:0|[1-9]\d{0,15})(?![\w.$])")
_NEW = re.compile(r"new" + _SPACES.replace("*", "+") + r"([A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*)"
                  + _SPACES + r"\(")


class _Parser:
    __slots__ = ("text", "source", "pos", "end")

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.pos = 0
        self.end = len(text)

    # --- helpers ---------------------------------------------------------------------------------
    def fail(self, problem: str, position: int | None = None) -> NoReturn:
        raise TdtError(self.source, problem, self.pos if position is None else position, self.text)

    def skip(self) -> None:
        space = _SPACE.match(self.text, self.pos)
        assert space is not None  # it matches the empty string too
        self.pos = space.end()

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.end else ""

    def expect(self, char: str, what: str) -> None:
        self.skip()
        if self.peek() != char:
            found = self.describe_here()
            self.fail(f"'{char}' expected {what}, found {found}")
        self.pos += 1

    def describe_here(self) -> str:
        if self.pos >= self.end:
            return "the end of the file (is the file cut short?)"
        snippet = self.text[self.pos:self.pos + 12]
        return f"{snippet!r}" if snippet.isprintable() else f"character {ord(self.text[self.pos]):#x}"

    def separator(self, closing: str, where: str) -> bool:
        """After an item: True at the closing bracket (consumed), False after a comma (consumed)."""
        match = _SEPARATOR.match(self.text, self.pos)
        if match is not None and (match.group(1) == "," or match.group(1) == closing):
            self.pos = match.end()
            return match.group(1) == closing
        self.skip()
        self.fail(f"',' or '{closing}' expected {where}, found {self.describe_here()}")

    # --- values ----------------------------------------------------------------------------------
    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            self.fail(f"is nested too deeply (more than {MAX_DEPTH} levels)")
        text, pos = self.text, self.pos
        if pos < self.end and text[pos] in _WHITE:
            space = _SPACE.match(text, pos)
            assert space is not None  # it matches the empty string too
            pos = self.pos = space.end()
        char = text[pos] if pos < self.end else ""
        if char == "{":
            return self.object(depth)
        if char == "[":
            return self.array(depth)
        if char == '"' or char == "'":
            return self.string()
        if char == "-" or char == "." or "0" <= char <= "9":
            match = _SMALL_INT.match(text, pos)
            if match is not None:
                self.pos = match.end()
                return int(match.group())
            return self.number()
        if char and (char.isalpha() or char in "_$"):
            if char == "n":
                match = _NEW.match(text, pos)
                if match is not None:
                    return self.new(match, depth)
            return self.word(depth)
        self.fail(f"a value expected, found {self.describe_here()}")

    def object(self, depth: int) -> JsObject:
        text = self.text
        result = JsObject(self.pos)
        self.pos += 1
        if self.separator_or_close("}"):
            return result
        while True:
            key_at = self.pos
            match = _KEY_COLON.match(text, key_at)
            if match is not None:
                key = match.group(1)
                self.pos = match.end()
            else:
                self.skip()
                key_at = self.pos
                key = self.key()
                self.expect(":", f"after the key {key!r}")
            if key in result:
                self.fail(f"the key {key!r} appears twice in one object", key_at)
            result[key] = self.value(depth + 1)
            if self.separator("}", "in an object") or self.separator_or_close("}"):
                return result

    def separator_or_close(self, closing: str) -> bool:
        """At the start of a container or after a comma: True (and consumed) if the container closes here."""
        pos = self.pos
        if pos < self.end and self.text[pos] in _WHITE:
            space = _SPACE.match(self.text, pos)
            assert space is not None  # it matches the empty string too
            pos = self.pos = space.end()
        if pos < self.end and self.text[pos] == closing:
            self.pos = pos + 1
            return True
        return False

    def key(self) -> str:
        char = self.peek()
        if char == '"' or char == "'":
            return self.string()
        match = _IDENT.match(self.text, self.pos)
        if match:
            self.pos = match.end()
            return match.group()
        match = _NUMBER.match(self.text, self.pos)
        if match and not match.group().startswith("-"):
            return str(self.number())
        self.fail(f"a key expected in an object, found {self.describe_here()}")

    def array(self, depth: int) -> list[Any]:
        result: list[Any] = []
        self.pos += 1
        if self.separator_or_close("]"):
            return result
        while True:
            result.append(self.value(depth + 1))
            if self.separator("]", "in an array") or self.separator_or_close("]"):
                return result

    def string(self) -> str:
        start = self.pos
        match = (_DOUBLE if self.text[start] == '"' else _SINGLE).match(self.text, start)
        if match is None:
            self.fail("a string is not closed (a quote is missing, or a line break is inside it)")
        self.pos = match.end()
        body = match.group(1)
        return _unescape(body, self, start) if "\\" in body else body

    def number(self) -> int | Decimal:
        start = self.pos
        match = _NUMBER.match(self.text, start)
        if match is None:
            self.fail(f"a number expected, found {self.describe_here()}")
        token = match.group()
        if len(token) > MAX_NUMBER_CHARS:
            self.fail(f"a number {len(token):,} characters long; numbers in a TD3 save are at most "
                      f"{MAX_NUMBER_CHARS}", start)
        follower = self.text[match.end():match.end() + 1]
        if follower and (follower.isalnum() or follower in "_$"):
            self.fail(f"a number is followed by {follower!r}", match.end())
        self.pos = match.end()
        if "." not in token and "e" not in token and "E" not in token:
            return int(token)
        mantissa, _, exponent = token.lower().partition("e")
        if exponent and abs(int(exponent)) > MAX_EXPONENT + len(mantissa):
            self.fail(f"the number {token} is out of range (a TD3 number is finite)", start)
        value = Decimal(token)
        if not value.is_finite() or abs(value) > Decimal("1.7976931348623157e308"):
            self.fail(f"the number {token} is out of range (a TD3 number is finite)", start)
        return value

    def word(self, depth: int) -> Any:
        start = self.pos
        name = self.dotted_name()
        if name in _WORDS:
            return _WORDS[name]
        if name in _NOT_FINITE:
            self.fail(f"{name} is not a number TD3 writes (an amount must be finite)", start)
        if name == "new":
            self.skip()
            class_at = self.pos
            if not (self.peek().isalpha() or self.peek() in "_$"):
                self.fail(f"a class name expected after 'new', found {self.describe_here()}")
            class_name = self.dotted_name()
            args = self.arguments(depth, f"after 'new {class_name}'")
            if class_name == "Map":
                return self.new_map(args, start)
            return JsNew(class_name, args, class_at)
        self.skip()
        if self.peek() != "(":
            self.fail(f"'{name}' is not a value a TD3 save holds", start)
        args = self.arguments(depth, f"after '{name}'")
        if name == "Map.from":
            return self.map_from(args, start)
        return JsCall(name, args, start)

    def dotted_name(self) -> str:
        parts = []
        while True:
            match = _IDENT.match(self.text, self.pos)
            if match is None:
                self.fail(f"a name expected after '.', found {self.describe_here()}")
            parts.append(match.group())
            self.pos = match.end()
            if self.peek() != ".":
                return ".".join(parts)
            self.pos += 1

    def new(self, match: re.Match[str], depth: int) -> Any:
        """``new Name(`` already matched (the fast path of ``word``)."""
        start, class_name = self.pos, match.group(1)
        self.pos = match.end()
        args = self.argument_list(depth, f"after 'new {class_name}'")
        if class_name == "Map":
            return self.new_map(args, start)
        return JsNew(class_name, args, match.start(1))

    def arguments(self, depth: int, where: str) -> tuple[Any, ...]:
        self.expect("(", where)
        return self.argument_list(depth, where)

    def argument_list(self, depth: int, where: str) -> tuple[Any, ...]:
        args: list[Any] = []
        if self.separator_or_close(")"):
            return ()
        while True:
            args.append(self.value(depth + 1))
            if self.separator(")", f"in the arguments {where}") or self.separator_or_close(")"):
                return tuple(args)

    def new_map(self, args: tuple[Any, ...], start: int) -> JsMap:
        if not args:
            return JsMap((), start)
        if len(args) == 1 and isinstance(args[0], JsObject):
            return JsMap(tuple(args[0].items()), start)
        if len(args) == 1 and isinstance(args[0], list):
            return self.map_from(args, start)
        self.fail("'new Map' takes one object or one list of pairs", start)

    def map_from(self, args: tuple[Any, ...], start: int) -> JsMap:
        if len(args) != 1 or not isinstance(args[0], list):
            self.fail("'Map.from' takes one list of [key, value] pairs", start)
        pairs = []
        for item in args[0]:
            if not isinstance(item, list) or len(item) != 2:
                self.fail("'Map.from' holds [key, value] pairs only", start)
            pairs.append((item[0], item[1]))
        return JsMap(tuple(pairs), start)


def _unescape(body: str, parser: _Parser, start: int) -> str:
    """JavaScript escapes; a surrogate pair becomes one character, a lone surrogate is refused."""
    out: list[str] = []
    last = 0
    pending_high: int | None = None
    for match in _ESCAPE.finditer(body):
        literal = body[last:match.start()]
        if literal and pending_high is not None:
            parser.fail("a string holds half of a UTF-16 surrogate pair", start)
        out.append(literal)
        last = match.end()
        braced, four, two, simple = match.groups()
        if simple is not None:
            if simple in ("u", "x"):
                parser.fail(f"a string has a malformed escape '\\{simple}'", start)
            if pending_high is not None:
                parser.fail("a string holds half of a UTF-16 surrogate pair", start)
            out.append(_SIMPLE_ESCAPES.get(simple, simple))
            continue
        code = int(braced or four or two, 16)
        if code > 0x10FFFF:
            parser.fail(f"a string has an escape beyond Unicode (\\u{{{braced}}})", start)
        if pending_high is not None:
            if 0xDC00 <= code <= 0xDFFF:
                out.append(chr(0x10000 + ((pending_high - 0xD800) << 10) + (code - 0xDC00)))
                pending_high = None
                continue
            parser.fail("a string holds half of a UTF-16 surrogate pair", start)
        if 0xD800 <= code <= 0xDBFF and four is not None:
            pending_high = code
        elif 0xD800 <= code <= 0xDFFF:
            parser.fail("a string holds half of a UTF-16 surrogate pair", start)
        else:
            out.append(chr(code))
    if pending_high is not None:
        parser.fail("a string holds half of a UTF-16 surrogate pair", start)
    out.append(body[last:])
    return "".join(out)
