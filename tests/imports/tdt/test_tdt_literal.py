"""The safe reader of TD3's JavaScript-like literal: each construct a save uses, and each malformed one refused with
the file, the problem and the line and column."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament_director.imports.tdt import TdtError
from tournament_director.imports.tdt.literal import JsCall, JsMap, JsNew, JsObject, decode_save, parse_literal


def read(text: str):
    return parse_literal(text, "t.tdt")


def test_objects_arrays_and_scalars() -> None:
    value = read('{ V: "3.7.2", n: 12, f: 1.25, neg: -3, e: 2E3, t: true, no: false, z: null, u: undefined,'
                 ' "quoted key": [1, [2, []], {}], 7: "seven", }')
    assert isinstance(value, JsObject) and value.position == 0
    assert value == {"V": "3.7.2", "n": 12, "f": Decimal("1.25"), "neg": -3, "e": Decimal("2E3"), "t": True,
                     "no": False, "z": None, "u": None, "quoted key": [1, [2, []], {}], "7": "seven"}
    assert isinstance(value["n"], int) and isinstance(value["f"], Decimal)


def test_strings_with_escapes() -> None:
    assert read(r'"a\"b\\c\/d\n\t\r\b\f\v\0"') == 'a"b\\c/d\n\t\r\b\f\v\0'
    assert read(r'"\u00e5\x41\u{1F600}\ud83d\ude00"') == "\u00e5A\U0001F600\U0001F600"
    assert read("'single \\' quoted'") == "single ' quoted"
    assert read(r'"\q"') == "q"  # JavaScript keeps an unknown escape's character
    assert read('"line\\\ncontinued"') == "linecontinued"
    assert read('"Sprängare ♠"') == "Sprängare ♠"


def test_constructors_and_dotted_names() -> None:
    value = read('new Tournament({Title: "x", Rake: new PerPlayerRake([20, 5]), L: new LO.Layout({}), E: new X()})')
    assert isinstance(value, JsNew) and value.name == "Tournament" and len(value.args) == 1
    fields = value.args[0]
    assert fields["Rake"] == JsNew("PerPlayerRake", ([20, 5],), fields["Rake"].position)
    assert fields["L"].name == "LO.Layout" and fields["E"].args == ()


def test_both_map_syntaxes() -> None:
    new_style = read('Map.from([["a", 1], ["b", new P({})]])')
    old_style = read('new Map({"a": 1, "b": new P({})})')
    js_style = read('new Map([["a", 1], ["b", new P({})]])')
    assert isinstance(new_style, JsMap) and isinstance(old_style, JsMap) and isinstance(js_style, JsMap)
    assert [k for k, _ in new_style.pairs] == [k for k, _ in old_style.pairs] == [k for k, _ in js_style.pairs]
    assert read("Map.from([])").pairs == () and read("new Map({})").pairs == () and read("new Map()").pairs == ()


def test_other_calls_are_kept_as_calls_for_the_reader_to_refuse() -> None:
    assert isinstance(read("Date.now(1)"), JsCall)


def test_spaces_and_a_final_semicolon() -> None:
    assert read(" \n\t{ a : 1 } ;\n ") == {"a": 1}


@pytest.mark.parametrize("text, problem, column", [
    ("{a: 1", "',' or '}' expected in an object, found the end of the file", 6),
    ("{a 1}", "':' expected after the key 'a', found '1}'", 4),
    ("[1 2]", "',' or ']' expected in an array, found '2]'", 4),
    ("[1,,2]", "a value expected, found ',2]'", 4),
    ('"abc', "a string is not closed", 1),
    ('"a\nb"', "a string is not closed", 1),
    ("{a: @}", "a value expected, found '@}'", 5),
    ("{a: 1} {b: 2}", "unexpected text after the end of the save", 8),
    ("{a: 1, a: 2}", "the key 'a' appears twice in one object", 8),
    ("{a: 12abc}", "a number is followed by 'a'", 7),
    ("{a: 1e400}", "the number 1e400 is out of range", 5),
    ("{a: NaN}", "NaN is not a number TD3 writes", 5),
    ("{a: -Infinity}", "a number expected, found '-Infinity}'", 5),
    ("{a: window}", "'window' is not a value a TD3 save holds", 5),
    ("{a: new 5}", "a class name expected after 'new'", 9),
    ("{a: new X}", "'(' expected after 'new X', found '}'", 10),
    ("{a: new X(1 2)}", "',' or ')' expected in the arguments after 'new X'", 13),
    ("{a: Map.from(1)}", "'Map.from' takes one list of [key, value] pairs", 5),
    ("{a: Map.from([[1]])}", "'Map.from' holds [key, value] pairs only", 5),
    ("{a: X.}", "a name expected after '.'", 7),
    (r'{a: "\u12"}', "a string has a malformed escape", 5),
    (r'{a: "\ud800"}', "half of a UTF-16 surrogate pair", 5),
    (r'{a: "\udc00x"}', "half of a UTF-16 surrogate pair", 5),
    (r'{a: "\u{110000}"}', "an escape beyond Unicode", 5),
    ("{a: " + "[" * 70 + "]" * 70 + "}", "is nested too deeply (more than 64 levels)", 69),
    ("{a: 1" + "0" * 60 + "}", "a number 61 characters long", 5),
    ("", "a value expected, found the end of the file (is the file cut short?)", 1),
])
def test_malformed_literals_are_refused_with_the_position(text: str, problem: str, column: int) -> None:
    with pytest.raises(TdtError) as refused:
        read(text)
    assert refused.value.source == "t.tdt" and problem in refused.value.problem
    assert (refused.value.line, refused.value.column) == (1, column)
    assert str(refused.value).startswith("t.tdt: ") and str(refused.value).endswith(f"(at line 1, column {column})")


def test_the_line_is_counted_when_a_save_has_several() -> None:
    with pytest.raises(TdtError) as refused:
        read('{\n  a: 1,\n  b: "x\n}')
    assert (refused.value.line, refused.value.column) == (3, 6)


def test_decoding() -> None:
    assert decode_save(b"\xef\xbb\xbf{}", "t.tdt") == "{}"
    assert decode_save("{a: 'Bj\u00f6rn \u20ac'}".encode(), "t.tdt") == "{a: 'Bj\u00f6rn \u20ac'}"
    # not UTF-8, so Windows-1252: one byte a letter, 0x80 the euro sign
    assert decode_save(b"{a: 'Bj\xf6rn \x80'}", "t.tdt") == "{a: 'Bj\u00f6rn \u20ac'}"
    with pytest.raises(TdtError, match=r"is neither UTF-8 nor Windows-1252 text \(byte 0x9d at byte offset 5\)"):
        decode_save(b"\xef\xbb\xbf{\xff\x9d}", "t.tdt")
    with pytest.raises(TdtError, match="is UTF-16 text"):
        decode_save("{}".encode("utf-16"), "t.tdt")
