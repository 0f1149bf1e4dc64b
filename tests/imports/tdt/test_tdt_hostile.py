"""Hostile files (issue 14): every file of the corpus in hostile/ (see its regenerate.py) is refused with one
TdtError whose message names the file and the problem, and the position where there is one; nothing else escapes
and the file is left as it was."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tdt_saves import evening
from tournament_director.domain.errors import DomainError
from tournament_director.imports.tdt import TdtError, parse_tdt, read_tdt
from tournament_director.imports.tdt import literal

HOSTILE = Path(__file__).parent / "hostile"

EXPECTED = {
    "add-on-without-buy-in.tdt": "has add-ons but never bought in",
    "amount-is-text.tdt": "Buyins[0].Amount: a number expected, found a string",
    "bust-without-time.tdt": "BustOut.Time: missing",
    "buyins-is-a-number.tdt": "Buyins: a list expected, found a number",
    "control-character.tdt": "Nickname: holds control characters",
    "cut-in-a-string.tdt": "a string is not closed",
    "deep-nesting.tdt": "is nested too deeply (more than 64 levels)",
    "duplicate-key.tdt": "the key 'Title' appears twice in one object",
    "empty.tdt": "is not a TD3 save",
    "five-thousand-digits.tdt": "a number 5,000 characters long",
    "function-expression.tdt": "a value expected, found '(function",
    "garbage-after-the-end.tdt": "unexpected text after the end of the save",
    "hitman-is-a-number.tdt": "HitmanUUID: a player UUID expected, found a number",
    "huge-exponent.tdt": "the number 1e1000000 is out of range",
    "infinity.tdt": "Infinity is not a number TD3 writes",
    "json-document.tdt": "V: a string expected, found a number",
    "lone-surrogate.tdt": "half of a UTF-16 surrogate pair",
    "map-of-two-arguments.tdt": "'new Map' takes one object or one list of pairs",
    "name-of-ten-thousand.tdt": "Nickname: is 10,000 characters long; at most 200 are read",
    "negative-amount.tdt": "Amount: -110 is out of range",
    "neither-utf-8-nor-windows-1252.tdt": "is neither UTF-8 nor Windows-1252 text (byte 0x81 at byte offset",
    "no-players.tdt": "T.Players: missing",
    "no-tournament.tdt": "T: missing",
    "not-a-number.tdt": "NaN is not a number TD3 writes",
    "nul-in-a-name.tdt": "Nickname: holds control characters",
    "player-under-another-key.tdt": "is filed under '00000000-0000-4000-8000-999999999999'",
    "player-without-a-name.tdt": "has no name",
    "players-is-a-call.tdt": "Players: a map expected, found Array.of(...)",
    "random-bytes.tdt": "is neither UTF-8 nor Windows-1252 text",
    "round-out-of-range.tdt": "Round: 111111111111111111111111111111 is out of range",
    "time-out-of-range.tdt": "StartTime: 99999999999999999 is out of range",
    "tournament-is-a-call.tdt": "T: new Tournament(...) expected, found alert(...)",
    "truncated.tdt": "found the end of the file (is the file cut short?)",
    "unclosed-string.tdt": "',' or '}' expected in an object",
    "unknown-prize-kind.tdt": "prize amount type 7 is not one read here",
    "utf-16.tdt": "is UTF-16 text; TD3 saves are UTF-8",
    "version-is-a-number.tdt": "V: a string expected, found a number",
}


def test_the_corpus_is_the_one_named_here() -> None:
    assert sorted(p.name for p in HOSTILE.glob("*.tdt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_is_refused_naming_the_file_and_the_problem(name: str) -> None:
    path = HOSTILE / name
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(TdtError) as refused:
        read_tdt(path)
    message = str(refused.value)
    assert message.startswith(f"{name}: ")
    assert EXPECTED[name] in message
    assert isinstance(refused.value, DomainError) and refused.value.source == name
    if refused.value.position is not None:
        assert message.endswith(f"(at line {refused.value.line}, column {refused.value.column})")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_a_byte_order_mark_is_accepted() -> None:
    t = parse_tdt(b"\xef\xbb\xbf" + evening().data(), "bom.tdt")
    assert len(t.players) == 8


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(literal, "MAX_FILE_BYTES", 10_000)
    big = tmp_path / "big.tdt"
    big.write_bytes(evening().data() + b" " * 10_000)
    with pytest.raises(TdtError, match=r"^big\.tdt: is [\d,]+ bytes long; a TD3 save is read up to 10,000 bytes"):
        parse_tdt(big.read_bytes(), "big.tdt")


def test_the_real_limit_holds_for_a_file_just_over_it() -> None:
    data = b"{ V: " + b" " * literal.MAX_FILE_BYTES
    with pytest.raises(TdtError, match="bytes long"):
        parse_tdt(data, "huge.tdt")


@pytest.mark.parametrize("cut", range(1, 400, 7))
def test_a_save_cut_short_anywhere_is_refused(cut: int) -> None:
    data = evening().data()
    end = len(data) * cut // 400
    with pytest.raises(TdtError):
        parse_tdt(data[:end], "cut.tdt")


@pytest.mark.parametrize("value, problem", [
    ('"10"', "a number expected, found a string"), ("true", "a number expected, found true/false"),
    ("[1]", "a number expected, found a list"), ("{}", "a number expected, found an object"),
    ("new Money({})", "a number expected, found new Money(...)"), ("null", None), ("undefined", None),
    ("1.5", None), ("-0.0", None), (".5", None), ("1e3", None), ("1e400", "out of range"),
])
def test_wrong_types_where_an_amount_is_expected(value: str, problem: str | None) -> None:
    text = evening().text().replace("Amount: 110", f"Amount: {value}", 1)
    if problem is None:
        parse_tdt(text.encode(), "types.tdt")
    else:
        with pytest.raises(TdtError, match=problem):
            parse_tdt(text.encode(), "types.tdt")


def test_a_non_bytes_input_is_refused() -> None:
    with pytest.raises(TdtError, match="is not a file's bytes"):
        parse_tdt("text, not bytes", "x.tdt")  # type: ignore[arg-type]
