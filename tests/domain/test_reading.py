"""The guarded path every file reader takes (tournament_director/domain/reading.py): one refusal type naming the
file, the field and the problem, for every way a file can be wrong."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import (
    FileRefused,
    check_list,
    check_number,
    check_string,
    check_table,
    check_whole,
    decode_text,
    parse_toml,
    read_bytes,
    read_text,
)


def test_a_refusal_is_a_domain_error_naming_the_file_and_the_field():
    refused = FileRefused("is too large (at most 10)", field="buy_in", file="turbo.toml")
    assert isinstance(refused, DomainError)
    assert str(refused) == "turbo.toml: buy_in is too large (at most 10)"
    later = FileRefused("must be text", field="name").in_file("payouts.toml")
    assert str(later) == "payouts.toml: name must be text" and later.field == "name"


def test_utf8_with_or_without_a_byte_order_mark_is_read(tmp_path: Path):
    path = tmp_path / "s.toml"
    path.write_bytes(b"\xef\xbb\xbfname = 'Zo\xc3\xab'\n")
    assert read_text(path) == "name = 'Zoë'\n"
    assert parse_toml(read_text(path)) == {"name": "Zoë"}


@pytest.mark.parametrize("data, problem", [
    ("name = 'José'".encode("latin-1"), "not UTF-8 text: byte 0xE9 on line 1"),
    ("name = 'x'".encode("utf-16"), "saved as UTF-16"),
    (b"name = 'x'\x00", "NUL bytes"),
])
def test_other_encodings_are_refused_naming_the_file(data: bytes, problem: str):
    with pytest.raises(FileRefused, match=problem) as refused:
        decode_text(data, file="club.toml")
    assert str(refused.value).startswith("club.toml: the file ")


def test_size_folders_and_missing_files_are_refused(tmp_path: Path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 2000)
    with pytest.raises(FileRefused, match="more than 1,000 bytes"):
        read_bytes(big, limit=1000)
    assert read_bytes(big, limit=2000) == b"#" * 2000
    with pytest.raises(FileRefused, match="is a folder"):
        read_bytes(tmp_path)
    with pytest.raises(FileRefused, match=r"cannot be read \(No such file"):
        read_bytes(tmp_path / "gone.toml")


@pytest.mark.parametrize("text, problem", [
    ("x = " + "9" * 5000, "a number of 5,000 digits, too long to read"),
    ("x = " + "[" * 3000 + "]" * 3000, "nests lists or tables too deeply"),
    ("x = = 1", "not valid TOML"),
])
def test_every_way_tomllib_fails_is_a_refusal(text: str, problem: str):
    with pytest.raises(FileRefused, match=problem):
        parse_toml(text, file="s.toml")


def test_floats_are_read_exactly_so_1e5000_is_too_large_not_infinite():
    data = parse_toml("a = 1e5000\nb = inf\nc = nan\nd = 0.1\ne = 1e1000000")
    assert data["d"] == Decimal("0.1")
    with pytest.raises(FileRefused, match="a is too large"):
        check_number(data["a"], "a", maximum=10**12)
    with pytest.raises(FileRefused, match="e is too large"):
        check_whole(data["e"], "e", maximum=10**12)
    with pytest.raises(FileRefused, match="b is infinite"):
        check_number(data["b"], "b", maximum=10**12)
    with pytest.raises(FileRefused, match=r"c is not a number \(nan\)"):
        check_number(data["c"], "c")


@pytest.mark.parametrize("value, problem", [
    ("ten", "must be a number, not the text 'ten'"),
    (True, "must be a number, not true"),
    ([1], "must be a number, not a list"),
    (Decimal("3.5"), "must be a whole number, not 3.5"),
    (-1, "is too small (at least 0)"),
    (10**4000, "is too large (at most 10)"),
])
def test_numbers_are_checked_for_type_range_and_wholeness(value, problem: str):
    with pytest.raises(FileRefused, match=problem.replace("(", r"\(").replace(")", r"\)")):
        check_whole(value, "seat_count", file="hand.phh", minimum=0, maximum=10)


def test_whole_numbers_written_as_decimals_are_whole():
    assert check_whole(Decimal("3.0"), "n") == 3 and isinstance(check_whole(Decimal("3.0"), "n"), int)
    assert check_number(Decimal("2.50"), "n") == Decimal("2.5")


def test_types_of_lists_tables_and_text():
    assert check_list([1, 2], "seats") == [1, 2]
    with pytest.raises(FileRefused, match="seats lists 3 items"):
        check_list([1, 2, 3], "seats", max_items=2)
    with pytest.raises(FileRefused, match="levels must be a table of named values, not a list"):
        check_table([], "levels")
    with pytest.raises(FileRefused, match="name is 201 characters long"):
        check_string("x" * 201, "name")
