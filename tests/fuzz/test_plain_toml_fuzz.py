"""The fast reader of plain TOML (domain/plain_toml.py) reads a document exactly as tomllib does, or leaves it
to tomllib: never a different value, never an error of its own.

Documents from three sources: every hand history and hostile file the tests keep, documents generated line by line
from the pieces TOML allows (and many it does not), and the same hand histories mutated character by character.
"""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.plain_toml import read_plain_toml
from tournament_director.domain.reading import FileRefused, parse_toml

TESTS = Path(__file__).resolve().parents[1]
KEPT_FILES = sorted(
    [*(TESTS / "domain" / "rules" / "hands").glob("*.phh"), *(TESTS / "fuzz" / "corpus").rglob("*.*")]
)


def tomllib_reads(text: str) -> object:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as error:
        return error


def assert_read_as_tomllib_does(text: str) -> bool:
    """Whether the fast reader took the document; when it did, it read what tomllib reads."""
    plain = read_plain_toml(text)
    if plain is None:
        return False
    assert plain == tomllib_reads(text), text
    return True


def test_the_kept_hand_histories_are_plain_and_read_as_tomllib_reads_them() -> None:
    taken = 0
    for path in KEPT_FILES:
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        taken += assert_read_as_tomllib_does(text.removeprefix("\ufeff"))
    assert taken >= 40  # the real hands and most hostile files are plain; the rest went to tomllib


PIECES = [
    "variant", "actions", "true", "false", "key-with_dash", "_private", "x.y", '"quoted"', "1", "-2", "+3", "0",
    "007", "1_000", "10" * 20, "1" * 40, "0.50", "-0.0", "3.", ".5", "1e3", "1.5E-2", "inf", "nan", "0x1F",
    "1979-05-27", "07:32:00", "'p1 cbr 4.75'", "'it''s'", "'''x'''", '"a\\"b"', r'"tab\there"', r'"back\\slash"', r'"\u00e9"', '"tab\there"', '"é"', "'\x01'",
    "[", "]", "[[", "]]", ",", ",,", "=", "==", " ", "\t", "\n", "\r\n", "\r", "# note", "#\x7f", "{a = 1}", "[1]",
    "['a', 'b',]", "[1, 'a', 2.5, true]", "[\n  'd dh p1 AhKd', # dealt\n  'p1 f',\n]", "[[1], [2]]", "[,]",
]


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_documents_made_of_toml_pieces_are_read_as_tomllib_reads_them_or_left_to_it(pieces: list[str]) -> None:
    assert_read_as_tomllib_does("".join(pieces))


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PIECES[:6]), st.sampled_from(PIECES[7:])), min_size=1, max_size=6))
def test_key_value_lines_are_read_as_tomllib_reads_them_or_left_to_it(lines: list[tuple[str, str]]) -> None:
    assert_read_as_tomllib_does("".join(f"{key} = {value}\n" for key, value in lines))


@pytest.mark.parametrize("seed", range(4))
def test_hand_histories_mutated_character_by_character_are_read_as_tomllib_reads_them(seed: int) -> None:
    rng = random.Random(seed)
    texts = [path.read_text(encoding="utf-8") for path in sorted((TESTS / "domain" / "rules" / "hands").glob("*.phh"))]
    alphabet = "'\"[],=#\n\r\t .-_0123456789eE+xtrufals\\{}\x00\x7fé"
    for _ in range(2000):
        text = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text))
            choice = rng.random()
            if choice < 0.4:
                text[at] = rng.choice(alphabet)
            elif choice < 0.7:
                del text[at]
            else:
                text.insert(at, rng.choice(alphabet))
        assert_read_as_tomllib_does("".join(text))


def test_a_document_that_is_not_plain_is_still_refused_by_the_guarded_path() -> None:
    """What the fast reader leaves alone reaches tomllib and its refusals, as before."""
    assert read_plain_toml("a = 1\na = 2\n") is None
    with pytest.raises(FileRefused, match="not valid TOML"):
        parse_toml("a = 1\na = 2\n")
    assert read_plain_toml("stacks = [" + "9" * 5000 + "]\n") is None
    with pytest.raises(FileRefused, match="5,000 digits, too long to read"):
        parse_toml("stacks = [" + "9" * 5000 + "]\n")
