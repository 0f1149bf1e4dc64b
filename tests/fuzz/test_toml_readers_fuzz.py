"""No file makes the structure reader or the payout-table reader raise anything but the program's own refusal.

Three sources of files, as for the PHH reader (test_phh_fuzz.py): a corpus of hostile files kept in
tests/fuzz/corpus/structure/ and tests/fuzz/corpus/payouts/ (each with the refusal it must get, the file's bytes
unchanged), files generated field by field with values of every type and size, and the shipped files mutated byte
by byte. ``load_structure_file`` and ``load_payout_table`` may only raise a DomainError (FileRefused for what the
guarded path of domain/reading.py refuses), whose message names the file.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.values import VALUES, toml_value
from tournament_director.domain.clock.structure import load_structure_file, structure_from_toml
from tournament_director.domain.errors import DomainError
from tournament_director.domain.money.payouts import load_payout_table, payout_table_from_toml
from tournament_director.resources import resource_path

HERE = Path(__file__).resolve().parent
STRUCTURES = HERE / "corpus" / "structure"
PAYOUTS = HERE / "corpus" / "payouts"

# The phrase of the refusal each hostile file must get; the message also names the file.
STRUCTURE_REFUSALS = {
    "big_blind_10_to_the_30.toml": "the big blind of level 1 is too large: at most 1,000,000,000,000, not a number "
                                   "of 31 digits",
    "big_blind_1e1000000.toml": "big_blind is too large: at most 1,000,000,000,000, not 1.000E+1000000",
    "big_blind_5000_digits.toml": "a number of 5,000 digits, too long to read",
    "big_blind_inf.toml": "big_blind must be a whole number, not infinity",
    "binary_junk.toml": "not UTF-8 text: byte 0x80 on line 2",
    "chip_value_too_large.toml": "the chip value is too large",
    "colour_up_as_number.toml": "colour_up must be a list of chip values, not 25",
    "deeply_nested.toml": "nests lists or tables too deeply",
    "duration_a_year.toml": "the duration of level 1 (seconds) must be 1 to 86,400, not 31,536,000",
    "duration_as_text.toml": "duration_seconds must be a whole number, not 'ten minutes'",
    "empty.toml": "a structure needs a list of periods",
    "latin1_name.toml": "not UTF-8 text: byte 0xE9 on line 1",
    "name_of_10000_characters.toml": "the structure name is 10,000 characters long; at most 200",
    "name_with_nul.toml": "the structure name holds a control character (U+0000)",
    "not_toml.toml": "not valid TOML: Expected ']]'",
    "nul_bytes.toml": "holds NUL bytes",
    "periods_as_number.toml": "a structure needs a list of periods",
    "six_hundred_levels.toml": "600 levels and breaks; at most 500",
    "small_blind_as_text.toml": "small_blind must be a whole number, not '50'",
    "unknown_kind.toml": "unknown kind 'pause'",
    "utf16.toml": "saved as UTF-16",
}
PAYOUT_REFUSALS = {
    "band_as_number.toml": "band 1: a band is a table",
    "bands_as_text.toml": "no [[bands]]",
    "binary_junk.toml": "not UTF-8 text: byte 0x80 on line 2",
    "deeply_nested.toml": "nests lists or tables too deeply",
    "empty.toml": "no [[bands]]",
    "latin1_name.toml": "not UTF-8 text: byte 0xE9 on line 1",
    "max_entries_10_to_the_30.toml": "max_entries must be 1 to 100,000, not a number of 31 digits",
    "min_entries_as_text.toml": "min_entries must be a whole number, not 'two'",
    "name_with_nul.toml": "the name holds a control character (U+0000)",
    "not_toml.toml": "not valid TOML",
    "nul_bytes.toml": "holds NUL bytes",
    "percentage_1e1000000.toml": "percentage 1E+1000000 is more than 100",
    "percentage_5000_digits.toml": "a number of 5,000 digits, too long to read",
    "percentage_eleven_decimals.toml": "percentage 33.33333333334 has more than 10 decimals",
    "percentage_nan.toml": "percentage NaN is not a finite number",
    "percentages_add_up_to_99.toml": "percentages add up to 99, not 100",
    "percentages_as_text.toml": "percentages and ranges are lists",
    "range_to_a_billion.toml": "a range's last place must be 1 to 100,000, not 1,000,000,000",
    "utf16.toml": "saved as UTF-16",
}
READABLE = ("utf8_bom.toml", "valid_two_levels.toml", "valid_two_bands.toml")


def test_the_corpora_list_every_file_they_hold():
    assert {p.name for p in STRUCTURES.glob("*.toml")} == set(STRUCTURE_REFUSALS) | {"utf8_bom.toml",
                                                                                    "valid_two_levels.toml"}
    assert {p.name for p in PAYOUTS.glob("*.toml")} == set(PAYOUT_REFUSALS) | {"utf8_bom.toml", "valid_two_bands.toml"}


@pytest.mark.parametrize("folder, name, phrase", [
    *((STRUCTURES, name, phrase) for name, phrase in sorted(STRUCTURE_REFUSALS.items())),
    *((PAYOUTS, name, phrase) for name, phrase in sorted(PAYOUT_REFUSALS.items())),
], ids=lambda value: value if isinstance(value, str) and value.endswith(".toml") else "")
def test_each_hostile_file_is_refused_naming_the_file_and_the_problem_and_stays_as_it_was(folder, name, phrase):
    path = folder / name
    before = path.read_bytes()
    reader = load_structure_file if folder is STRUCTURES else load_payout_table
    with pytest.raises(DomainError) as refused:
        reader(path)
    message = str(refused.value)
    assert phrase in message and message.startswith(name), message
    assert len(message) < 400 and "\n" not in message
    assert path.read_bytes() == before


def test_a_byte_order_mark_is_accepted_and_the_valid_files_are_read():
    structure, _ = load_structure_file(STRUCTURES / "utf8_bom.toml")
    assert structure.name == "Club night" and load_structure_file(STRUCTURES / "valid_two_levels.toml")[0] == structure
    table = load_payout_table(PAYOUTS / "utf8_bom.toml")
    assert table == load_payout_table(PAYOUTS / "valid_two_bands.toml") and table.percentages_for(6) == (65, 35)


def test_a_file_over_a_megabyte_a_folder_and_a_missing_file_are_refused_by_name(tmp_path: Path):
    huge = tmp_path / "huge.toml"
    huge.write_bytes((STRUCTURES / "valid_two_levels.toml").read_bytes() + b"# padding\n" * 120_000)
    for reader in (load_structure_file, load_payout_table):
        with pytest.raises(DomainError, match="huge.toml: is too large: more than 1,048,576 bytes"):
            reader(huge)
        with pytest.raises(DomainError, match="is a folder"):
            reader(tmp_path)
        with pytest.raises(DomainError, match=r"gone.toml: cannot be read \(No such file"):
            reader(tmp_path / "gone.toml")


# ----- generated files -------------------------------------------------------------------------------------------


def field_or_drawn(draw, sensible: object, strategy) -> object:
    choice = draw(st.sampled_from(["sensible", "sensible", "drawn", "absent"]))
    if choice == "sensible":
        return sensible
    return toml_value(draw(strategy)) if choice == "drawn" else ...


@st.composite
def structure_texts(draw) -> str:
    periods = []
    for number in range(1, draw(st.integers(0, 3)) + 1):
        period = {}
        for key, sensible in (("kind", "level"), ("number", number), ("duration_seconds", 600),
                              ("small_blind", 50 * number), ("big_blind", 100 * number), ("ante", 0),
                              ("big_blind_ante", False), ("betting", "no_limit"), ("small_bet", None),
                              ("colour_up", None), ("name", None)):
            value = field_or_drawn(draw, sensible, VALUES)
            if value is not ... and value is not None:
                period[key] = value
        periods.append(period)
    data = {"name": field_or_drawn(draw, "Generated", VALUES), "periods": field_or_drawn(draw, periods, VALUES),
            "chips": field_or_drawn(draw, {"chips": [{"value": 25, "colour": "green", "quantity": 100}]}, VALUES)}
    data = {k: v for k, v in data.items() if v is not ...}
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):
        return 'name = "x"\n'


@st.composite
def payout_texts(draw) -> str:
    bands = []
    low = 2
    for _ in range(draw(st.integers(0, 3))):
        band = {}
        for key, sensible in (("min_entries", low), ("max_entries", low + 8), ("percentages", [60, 40]),
                              ("ranges", None)):
            value = field_or_drawn(draw, sensible, VALUES)
            if value is not ... and value is not None:
                band[key] = value
        bands.append(band)
        low += 9
    data = {"name": field_or_drawn(draw, "Generated", VALUES), "bands": field_or_drawn(draw, bands, VALUES)}
    data = {k: v for k, v in data.items() if v is not ...}
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError):
        return 'name = "x"\n'


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=structure_texts())
def test_generated_structure_files_are_read_or_refused(text: str):
    try:
        structure, chip_set = structure_from_toml(text, file="generated.toml")
    except DomainError as refused:
        assert str(refused).startswith("generated.toml: ")
    else:
        structure.validate(chip_set)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=payout_texts())
def test_generated_payout_tables_are_read_or_refused(text: str):
    try:
        table = payout_table_from_toml(text, "generated.toml")
    except DomainError as refused:
        assert "generated.toml" in str(refused)
    else:
        assert all(sum(band.percentages) == 100 for band in table.bands)


# ----- the shipped files, mutated --------------------------------------------------------------------------------

SHIPPED = [resource_path("structures", f"{name}.toml") for name in ("turbo", "fixed_limit")] + [
    resource_path("payouts", "standard.toml")]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A few random edits: a byte changed, inserted or removed, a line repeated, digits made long."""
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(buffer))
        kind = rng.choice(["flip", "insert", "delete", "digits", "line"])
        if kind == "flip":
            buffer[where] = rng.randrange(256)
        elif kind == "insert":
            buffer[where:where] = bytes([rng.choice(b"[]{}=\"'.,#\n\\0123456789e-+\x00\xff")])
        elif kind == "delete":
            del buffer[where:where + rng.randint(1, 20)]
        elif kind == "digits":
            buffer[where:where] = b"9" * rng.choice([30, 4301, 5000])
        else:
            start = buffer.rfind(b"\n", 0, where) + 1
            end = buffer.find(b"\n", where) + 1 or len(buffer)
            buffer[start:start] = buffer[start:end] * rng.randint(2, 50)
    return bytes(buffer)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(SHIPPED) - 1))
def test_mutated_shipped_files_are_read_or_refused_naming_the_file(tmp_path_factory, seed: int, which: int):
    source = SHIPPED[which]
    path = tmp_path_factory.mktemp("mutated") / source.name
    path.write_bytes(mutate(source.read_bytes(), random.Random(seed)))
    reader = load_payout_table if source.parent.name == "payouts" else load_structure_file
    try:
        reader(path)
    except DomainError as refused:
        assert str(refused).startswith(source.name) or str(path) in str(refused), str(refused)
