"""The limits on what a director or a file may give the program, stated once.

Names, counts, amounts and durations outside these bounds are refused with a ``DomainError`` naming the field,
before anything is recorded. The bounds are generous for any real card room (2,000 tables, a trillion chips,
a level of a day) and small enough that nothing the program stores or computes can overflow, take minutes or
fail to encode: a name holds no NUL or other control character and no lone surrogate (half of a UTF-16 pair,
which no file or database can store).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from decimal import Decimal
from numbers import Rational, Real

from tournament_director.domain.errors import DomainError

MAX_NAME_LENGTH = 200  # player, tournament, table and structure names
MAX_TEXT_LENGTH = 10_000  # free text: notes, a contact line
# a 100,000-entry festival event seats nine a table on 11,112 tables, numbered up to five digits
MIN_TABLES, MAX_TABLES = 1, 12_000
MAX_TABLE_NUMBER = 99_999  # the number on a table: at most five digits
MIN_SEATS, MAX_SEATS = 2, 10  # seats at one table
MAX_ENTRIES = 100_000  # buy-ins and re-entries of one tournament
MAX_LEVELS = 500  # levels and breaks of one structure
MAX_PAYOUT_BANDS = 1000  # bands (field sizes) of one payout table
MAX_HANDS = 1000  # hands counted in one command (a hand-for-hand deduction)
MAX_AMOUNT = 10**12  # buy-ins, fees, stacks, blinds, chip values, prize money (in the smallest unit)
MAX_DURATION_SECONDS = 24 * 60 * 60  # one level, a break, the clock's remaining time, time added or taken
MAX_RECORD_ID = 2**63 - 1  # a player's number in the registry (SQLite's largest integer)


def check_name(value: object, field: str, *, max_length: int = MAX_NAME_LENGTH, allow_empty: bool = False) -> str:
    """A name with its runs of white space made single spaces; refused when empty (unless ``allow_empty``), too
    long, or holding a control character or a lone surrogate."""
    if not isinstance(value, str):
        raise DomainError(f"the {field} must be text, not {type(value).__name__}")
    _check_characters(value, field, allow_line_breaks=False)
    clean = " ".join(value.split())
    if not clean and not allow_empty:
        raise DomainError(f"the {field} is empty: give a name")
    if len(clean) > max_length:
        raise DomainError(f"the {field} is {len(clean):,} characters long; at most {max_length} are allowed")
    return clean


def check_text(value: object, field: str, *, max_length: int = MAX_TEXT_LENGTH) -> str:
    """Free text (notes, a contact): line breaks and tabs are kept; other control characters and lone
    surrogates are refused, and so is text longer than ``max_length``."""
    if not isinstance(value, str):
        raise DomainError(f"the {field} must be text, not {type(value).__name__}")
    _check_characters(value, field, allow_line_breaks=True)
    if len(value) > max_length:
        raise DomainError(f"the {field} is {len(value):,} characters long; at most {max_length:,} are allowed")
    return value


def _check_characters(value: str, field: str, *, allow_line_breaks: bool) -> None:
    allowed = "\t\n\r" if allow_line_breaks else "\t\n\r\x0b\x0c"  # white space that a name collapses
    for position, char in enumerate(value):
        category = unicodedata.category(char)
        if category == "Cs":
            raise DomainError(f"the {field} holds a broken character at position {position + 1} (a lone "
                              f"surrogate, U+{ord(char):04X}): type it again")
        if category == "Cc" and char not in allowed:
            raise DomainError(f"the {field} holds a control character (U+{ord(char):04X}) at position "
                              f"{position + 1}: remove it")


def check_count(value: object, field: str, minimum: int, maximum: int) -> int:
    """A whole number from ``minimum`` to ``maximum`` (tables, seats, entries, levels)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"the {field} must be a whole number, not {shown(value)}")
    if not minimum <= value <= maximum:
        raise DomainError(f"the {field} must be {minimum:,} to {maximum:,}, not {_short(value)}")
    return value


def check_flag(value: object, field: str) -> bool:
    """True or false, and nothing that merely looks like one (1, "no", None)."""
    if not isinstance(value, bool):
        raise DomainError(f"the {field} must be true or false, not {shown(value)}")
    return value


def check_seat_count(value: object, where: str = "") -> int:
    """The seats of one table (``MIN_SEATS`` to ``MAX_SEATS``); ``where`` names the table in the refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_SEATS <= value <= MAX_SEATS:
        raise DomainError(f"{where}a table has {MIN_SEATS} to {MAX_SEATS} seats, not {shown(value)}")
    return value


def check_amount(value: object, field: str, *, minimum: int = 0, maximum: int = MAX_AMOUNT) -> int:
    """A whole amount (chips or money in the smallest unit) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"the {field} must be a whole amount, not {shown(value)}")
    if value < minimum:
        raise DomainError(f"the {field} must be at least {minimum:,}, not {_short(value)}")
    if value > maximum:
        raise DomainError(f"the {field} is too large: at most {maximum:,}, not {_short(value)}")
    return value


def check_seconds(value: object, field: str, *, minimum: float = 0.0,
                  maximum: float = MAX_DURATION_SECONDS) -> float:
    """A finite number of seconds from ``minimum`` to ``maximum`` (NaN and infinities are refused)."""
    if isinstance(value, bool) or not isinstance(value, (Real, Decimal)):
        raise DomainError(f"the {field} must be a number of seconds, not {shown(value)}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise DomainError(f"the {field} must be a finite number of seconds, not {str(value).lower()}")
    exact = isinstance(value, (Rational, Decimal))
    if exact and (value < minimum or not value <= maximum):  # compared before float(), which a huge number overflows
        size = (_short(value) if isinstance(value, int) else f"{value:.3E}" if isinstance(value, Decimal)
                else "a number")
        raise DomainError(f"the {field} must be {_seconds(minimum)} to {_seconds(maximum)}, not {size} s")
    seconds = float(value)
    if not math.isfinite(seconds):
        raise DomainError(f"the {field} must be a finite number of seconds, not {value}")
    if not minimum <= seconds <= maximum:
        raise DomainError(f"the {field} must be {_seconds(minimum)} to {_seconds(maximum)}, not {seconds:g} s")
    return seconds


def shown(value: object) -> str:
    """Any value as a message shows it: short, and never failing (Python will not print an integer of thousands
    of digits: a huge number is named by its size)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _short(value)
    try:
        text = repr(value) if not isinstance(value, str) or len(value) <= 40 else repr(value[:37]) + "..."
    except ValueError:  # a list or a mapping holding such a number
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def listed(names: Iterable[object]) -> str:
    """Field names for a refusal, sorted and each kept short: a payload's keys need not be text, and Python will
    not print an integer of thousands of digits."""
    return ", ".join(sorted(name[:40] if isinstance(name, str) else shown(name) for name in names))


def _short(value: int) -> str:
    """A number for a message: a huge one by its size, so a refusal never prints thousands of digits."""
    if abs(value) < 10**15:
        return f"{value:,}"
    return f"a number of {len(str(abs(value))) if abs(value).bit_length() < 10_000 else 'thousands of'} digits"


def _seconds(value: float) -> str:
    if value % 3600 == 0 and value:
        hours = int(value // 3600)
        return f"{'-' if value < 0 else ''}{abs(hours)} hour{'s' if abs(hours) != 1 else ''}"
    return f"{value:g} s"
