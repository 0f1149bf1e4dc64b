"""The one guarded path every file reader takes: size, encoding, TOML, numbers and types.

A file the program cannot use is refused with one error type, ``FileRefused`` (a ``DomainError``), whose message
names the file, the field and the problem, such as ``hand.phh: starting_stacks[0] is too large (at most
1,000,000,000,000)``. Nothing else escapes these helpers: not ``UnicodeDecodeError``, not tomllib's ``ValueError``
for an integer of thousands of digits, not ``decimal.Overflow``, not ``RecursionError``. Numbers are read exactly
(TOML floats as ``Decimal``), so ``1e5000`` is reported as too large rather than as infinity.

Pure Python: the caller decides which file to read; ``read_text`` only opens the path it is given.
"""

from __future__ import annotations

import decimal
import math
import re
import stat
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.plain_toml import read_plain_toml

MAX_FILE_BYTES = 1024 * 1024  # a hand history, a structure or a payout table is a few kilobytes
MAX_LIST_ITEMS = 10_000
UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class FileRefused(DomainError):
    """A file, or one field of it, that the program will not read; nothing was changed or recorded.

    ``file`` is the file's name (None while only its text is known), ``field`` the field (None for the whole
    file), ``problem`` the rest of the sentence ("is too large (at most 10)").
    """

    def __init__(self, problem: str, *, field: str | None = None, file: str | None = None,
                 rule: str | None = None) -> None:
        self.problem = problem
        self.field = field
        self.file = file
        where = f"{field} " if field else ""
        text = f"{where}{problem}"
        super().__init__(f"{file}: {text}" if file else text, rule)

    def in_file(self, file: str | Path) -> FileRefused:
        """The same refusal naming ``file`` (for readers that learn the file's name only at the top)."""
        if self.file is not None:
            return self
        refused = type(self)(self.problem, field=self.field, file=str(file), rule=self.rule)
        refused.__cause__ = self.__cause__
        return refused


# ----- bytes and text ---------------------------------------------------------------------------------------

def read_bytes(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes."""
    name = _shown_path(path)
    try:
        path = Path(path)
        try:
            mode: int | None = path.stat().st_mode
        except (OSError, ValueError):
            mode = None  # opening it says why
        if mode is not None and stat.S_ISDIR(mode):
            raise FileRefused("is a folder, not a file", file=name)
        if mode is not None and not stat.S_ISREG(mode):
            raise FileRefused("is not a regular file", file=name)
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileRefused:
        raise
    except OSError as error:
        raise FileRefused(f"cannot be read ({error.strerror or error})", file=name) from None
    except ValueError as error:  # a path with a NUL character in it
        raise FileRefused(f"cannot be read ({error})", file=name) from None
    if len(data) > limit:
        raise FileRefused(f"is too large: more than {limit:,} bytes (a file of this kind is a few kilobytes)",
                          file=name)
    return data


def _shown_path(path: str | Path) -> str:
    """A path as a refusal names it: whole, or its end when it is longer than a line."""
    text = str(path)
    return text if len(text) <= 200 else "..." + text[-197:]


def decode_text(data: bytes, *, file: str | Path | None = None) -> str:
    """UTF-8 text, with a leading byte-order mark accepted and removed; other encodings are refused."""
    name = str(file) if file is not None else None
    if data.startswith(_UTF16_BOMS):
        raise FileRefused("the file is saved as UTF-16; save it as UTF-8", file=name)
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise FileRefused(f"the file is not UTF-8 text: byte 0x{data[error.start]:02X} on line {line} cannot be read; "
                          "save the file as UTF-8", file=name) from None
    if "\x00" in text:
        raise FileRefused("the file holds NUL bytes: it is not a text file", file=name)
    return text


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES) -> str:
    """``read_bytes`` then ``decode_text``."""
    return decode_text(read_bytes(path, limit=limit), file=path)


def parse_toml(text: str, *, file: str | Path | None = None) -> dict[str, Any]:
    """TOML with floats read exactly as ``Decimal``; every way tomllib fails is a FileRefused."""
    name = str(file) if file is not None else None
    if text.startswith("\ufeff"):
        text = text[1:]
    plain = read_plain_toml(text)
    if plain is not None:
        return plain
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise FileRefused(f"the file is not valid TOML: {error}", file=name) from None
    except ValueError as error:  # an integer of more digits than Python converts (sys.int_info)
        raise FileRefused(f"the file holds {_too_long(error)}", file=name) from None
    except RecursionError:
        raise FileRefused("the file nests lists or tables too deeply to read", file=name) from None
    except (decimal.DecimalException, MemoryError) as error:
        raise FileRefused(f"the file holds a number that cannot be read ({type(error).__name__})", file=name) from None


def _too_long(error: ValueError) -> str:
    """tomllib's ValueError for an integer longer than Python converts, as a sentence."""
    digits = re.search(r"has (\d+) digits", str(error))
    size = f" of {int(digits[1]):,} digits" if digits else ""
    return f"a number{size}, too long to read (an amount has at most a few dozen digits)"


# ----- numbers and types ------------------------------------------------------------------------------------

def check_number(value: object, field: str, *, file: str | None = None, minimum: int | Decimal | None = None,
                 maximum: int | Decimal | None = None, whole: bool = False) -> int | Decimal:
    """A finite number within ``minimum``..``maximum``: an ``int`` when ``whole`` (``3.0`` is 3; ``3.5`` is
    refused), else the exact ``Decimal``. Text, booleans, NaN and infinities are refused; a number too large is
    reported as too large however many digits it has."""
    if isinstance(value, bool):
        raise FileRefused(f"must be a number, not {str(value).lower()}", field=field, file=file)
    if isinstance(value, str):
        raise FileRefused(f"must be a number, not the text {value[:30]!r}", field=field, file=file)
    if isinstance(value, float):
        value = Decimal(value) if math.isfinite(value) else Decimal(str(value))
    if not isinstance(value, (int, Decimal)):
        raise FileRefused(f"must be a number, not {describe_type(value)}", field=field, file=file)
    if isinstance(value, Decimal) and not value.is_finite():
        problem = "is not a number (nan)" if value.is_nan() else "is infinite"
        raise FileRefused(f"{problem}: give a finite number", field=field, file=file)
    if maximum is not None and value > maximum:
        raise FileRefused(f"is too large (at most {maximum:,})", field=field, file=file)
    if minimum is not None and value < minimum:
        raise FileRefused(f"is too small (at least {minimum:,})", field=field, file=file)
    if whole:
        if isinstance(value, Decimal):
            if maximum is None and abs(value.adjusted()) > 100:
                raise FileRefused("is too large", field=field, file=file)
            if value != value.to_integral_value():
                raise FileRefused(f"must be a whole number, not {value}", field=field, file=file)
            return int(value)
        return value
    return value


def check_whole(value: object, field: str, *, file: str | None = None, minimum: int | None = None,
                maximum: int | None = None) -> int:
    """``check_number`` for a whole number."""
    return int(check_number(value, field, file=file, minimum=minimum, maximum=maximum, whole=True))


def check_string(value: object, field: str, *, file: str | None = None, max_length: int = 200) -> str:
    """Text of at most ``max_length`` characters."""
    if not isinstance(value, str):
        raise FileRefused(f"must be text, not {describe_type(value)}", field=field, file=file)
    if len(value) > max_length:
        raise FileRefused(f"is {len(value):,} characters long (at most {max_length:,})", field=field, file=file)
    return value


def check_list(value: object, field: str, *, file: str | None = None, max_items: int = MAX_LIST_ITEMS) -> list[Any]:
    """A list of at most ``max_items`` items."""
    if not isinstance(value, list):
        raise FileRefused(f"must be a list, not {describe_type(value)}", field=field, file=file)
    if len(value) > max_items:
        raise FileRefused(f"lists {len(value):,} items (at most {max_items:,})", field=field, file=file)
    return value


def check_table(value: object, field: str, *, file: str | None = None) -> dict[str, Any]:
    """A TOML table (a mapping of names to values)."""
    if not isinstance(value, dict):
        raise FileRefused(f"must be a table of named values, not {describe_type(value)}", field=field, file=file)
    return value


def describe_type(value: object) -> str:
    """How a value from a TOML file reads in a message: "the text 'ten'", "a list", "true"."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f"the text {value[:30]!r}"
    if isinstance(value, (int, Decimal, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__} value"
