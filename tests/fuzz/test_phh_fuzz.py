"""No file makes the PHH reader or the rules command line raise anything but the program's own refusal.

Three sources of files: the corpus of hostile files kept in tests/fuzz/corpus/phh/ (each with the refusal it must
get), PHH hands generated field by field with values of every type and size, and real hands (the differential
tests' files) mutated byte by byte. The reader (``load_file`` and ``replay``) may only raise ``PhhFormatError`` or
another ``DomainError``; the command line may only exit 0, 2 (one line naming the file) or 3 (an illegal action),
never with a traceback.
"""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.values import NUMBERS, SCALARS, VALUES, toml_value
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.phh import PhhFormatError, load_file, replay
from tournament_director.domain.rules.rulebook import HouseRules
from tournament_director.rules.__main__ import main

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus" / "phh"
REAL_HANDS = sorted((HERE.parent / "domain" / "rules" / "hands").glob("*.phh"))

# What each hostile file must be refused for (a phrase of the one-line message); exit 0 or 3 for the two others.
EXPECTED = {
    "absent_as_number.phh": "'_absent' must be a list",
    "actions_not_strings.phh": "'actions' must be a list of strings",
    "binary_junk.phh": "not UTF-8 text",
    "button_seat_as_text.phh": "'_button_seat' must be a number, not the text 'three'",
    "deeply_nested_list.phh": "nests lists or tables too deeply",
    "deeply_nested_tables.phh": "nests lists or tables too deeply",
    "eleven_players.phh": "11 players; a hand has 2 to 10",
    "empty.phh": "it is empty",
    "latin1_player_name.phh": "not UTF-8 text: byte 0xE9 on line 7",
    "nul_bytes.phh": "NUL bytes",
    "player_name_of_10000_characters.phh": "10,000 characters long (at most 200)",
    "player_number_of_5000_digits.phh": "is not a hold'em PHH action",
    "raise_of_5000_digits.phh": "the amount is too large (at most 1,000,000,000,000)",
    "seat_count_ten_as_text.phh": "'seat_count' must be a number, not the text 'ten'",
    "seat_outside_the_table.phh": "seats[2] is too large (at most 6)",
    "seats_as_strings.phh": "seats[0] must be a number, not the text 'one'",
    "seven_decimals.phh": "7 decimals",
    "stack_1e1000000.phh": "starting_stacks[0] (p1) is too large",
    "stack_1e5000.phh": "starting_stacks[0] (p1) is too large",
    "stack_4000_digits.phh": "starting_stacks[0] (p1) is too large",
    "stack_5000_digits.phh": "a number of 5,000 digits, too long to read",
    "stack_as_text.phh": "must be a number of chips, not the text '1000'",
    "stack_inf_and_nan.phh": "is inf: an unknown amount",
    "stack_negative.phh": "is negative",
    "stacks_as_table.phh": "'starting_stacks' must be a list",
    "two_hands_phhs.phh": "holds 2 hands",
    "utf16.phh": "saved as UTF-16",
    "variant_as_number.phh": "'variant' must be text",
}
READ_EXIT = {"valid_three_handed.phh": 0, "utf8_bom.phh": 0, "illegal_action.phh": 3}


def run_cli(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["replay", str(path)])
    return code, out.getvalue(), err.getvalue()


def read_and_replay(path: Path) -> None:
    """The reader's whole path; anything but a DomainError escapes and fails the test."""
    try:
        hand = load_file(path)
        replay(hand, HouseRules())
        replay(hand, HouseRules.for_rulebook("rrop"))
    except DomainError:
        pass


def check_cli(path: Path) -> int:
    code, out, err = run_cli(path)
    assert "Traceback" not in err and "Traceback" not in out
    assert code in (0, 2, 3), (code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{path}: ") and len(lines[0]) < 400, lines
    else:
        json.loads(out)
    return code


def test_the_corpus_lists_every_file_it_holds():
    assert {p.name for p in CORPUS.glob("*.phh")} == set(EXPECTED) | set(READ_EXIT)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_hostile_file_is_refused_with_its_own_message_and_exit_code_2(name: str):
    path = CORPUS / name
    with pytest.raises(PhhFormatError) as refused:
        load_file(path)
    assert EXPECTED[name] in str(refused.value) and str(path) in str(refused.value)
    code, out, err = run_cli(path)
    assert code == 2 and out == "" and EXPECTED[name] in err and "Traceback" not in err


@pytest.mark.parametrize("name, code", sorted(READ_EXIT.items()))
def test_a_byte_order_mark_is_accepted_and_an_illegal_action_is_a_ruling(name: str, code: int):
    assert check_cli(CORPUS / name) == code


def test_a_file_over_a_megabyte_is_refused_before_it_is_read(tmp_path: Path):
    path = tmp_path / "huge.phh"
    path.write_bytes((CORPUS / "valid_three_handed.phh").read_bytes() + b"# padding\n" * 120_000)
    code, _, err = run_cli(path)
    assert code == 2 and "too large: more than 1,048,576 bytes" in err


def test_a_folder_or_a_missing_file_is_refused_by_name(tmp_path: Path):
    for path, problem in ((tmp_path, "is a folder"), (tmp_path / "gone.phh", "cannot be read")):
        code, _, err = run_cli(path)
        assert code == 2 and problem in err and str(path) in err


# ----- generated hands -------------------------------------------------------------------------------------------

ACTIONS = st.lists(st.one_of(
    st.sampled_from(["d dh p1 ????", "d dh p2 AhKd", "d db 2c3c4c", "d db Td", "p1 f", "p2 cc", "p3 cc", "p1 sm",
                     "p2 sm AhKd", "# note", "p1 cbr 300", "p2 cbr 1.5", "p3 cbr 1,000"]),
    st.builds(lambda p, v, a: f"p{p} {v} {a}", st.integers(0, 12), st.sampled_from(["cbr", "cc", "f", "sm"]),
              st.text(alphabet="0123456789.,eE-?AKQJT2hcds", max_size=8)),
    st.text(max_size=20),
), max_size=12)
FIELDS = {
    "variant": st.one_of(st.sampled_from(["NT", "FT", "PT", "HT", "NS"]), SCALARS),
    "starting_stacks": st.one_of(st.lists(NUMBERS, min_size=0, max_size=11), VALUES),
    "antes": st.one_of(st.lists(NUMBERS, max_size=11), VALUES),
    "blinds_or_straddles": st.one_of(st.lists(NUMBERS, max_size=11), VALUES),
    "min_bet": st.one_of(NUMBERS, VALUES),
    "small_bet": NUMBERS,
    "big_bet": NUMBERS,
    "actions": st.one_of(ACTIONS, VALUES),
    "players": st.one_of(st.lists(st.text(max_size=30), max_size=11), VALUES),
    "finishing_stacks": st.lists(NUMBERS, max_size=11),
    "seats": st.one_of(st.lists(st.integers(-2, 12), max_size=11), VALUES),
    "seat_count": st.one_of(st.integers(-2, 12), VALUES),
    "_counted_blinds": st.lists(NUMBERS, max_size=11),
    "_dead_hands": st.one_of(st.lists(st.sampled_from(["p1", "p2", "p9", "x", ""]), max_size=3), VALUES),
    "_button_seat": st.one_of(st.integers(-1, 12), VALUES),
    "_absent": st.one_of(st.lists(st.integers(-1, 12), max_size=3), VALUES),
    "ante_trimming_status": st.one_of(st.booleans(), VALUES),
    "table": VALUES,
}
SENSIBLE = {"variant": "NT", "starting_stacks": [1000, 1000, 1000], "blinds_or_straddles": [50, 100, 0],
            "antes": [0, 0, 0], "min_bet": 100, "actions": ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"]}


@st.composite
def hands(draw) -> str:
    """A hand whose fields are each either sensible or drawn from anything, written as real TOML."""
    data = {}
    for key, strategy in FIELDS.items():
        choice = draw(st.sampled_from(["sensible", "drawn", "absent"]))
        if choice == "sensible" and key in SENSIBLE:
            data[key] = SENSIBLE[key]
        elif choice == "drawn":
            data[key] = toml_value(draw(strategy))
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):  # a value TOML cannot write (a NaN Decimal): write the sensible hand
        return tomli_w.dumps(SENSIBLE)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=hands())
def test_generated_hands_get_a_replay_or_a_refusal(tmp_path_factory, text: str):
    path = tmp_path_factory.mktemp("generated") / "hand.phh"
    path.write_text(text, encoding="utf-8")
    read_and_replay(path)
    check_cli(path)


# ----- real hands, mutated ---------------------------------------------------------------------------------------

@st.composite
def mutated(draw) -> bytes:
    data = bytearray(draw(st.sampled_from(REAL_HANDS + [CORPUS / "valid_three_handed.phh"])).read_bytes())
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "cut", "repeat", "digits"]))
        if kind == "flip":
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at: at + draw(st.integers(1, 20))]
        elif kind == "cut":
            del data[at:]
        elif kind == "repeat":
            end = data.find(b"\n", at) + 1 or len(data)
            data[at:at] = data[at:end] * draw(st.integers(1, 3))
        else:
            data[at:at] = draw(st.sampled_from([b"9" * 60, b"e99999", b"1e1000000", b"." + b"0" * 9, b"-"]))
    return bytes(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated())
def test_mutated_real_hands_get_a_replay_or_a_refusal(tmp_path_factory, data: bytes):
    path = tmp_path_factory.mktemp("mutated") / "hand.phh"
    path.write_bytes(data)
    read_and_replay(path)
    check_cli(path)


def test_the_real_hands_still_replay():
    """The mutations start from files the reader accepts (so the fuzzing explores near real hands)."""
    assert len(REAL_HANDS) >= 20
    for path in random.Random(5).sample(REAL_HANDS, 5):
        state, error = replay(load_file(path))
        assert error is None and state is not None
