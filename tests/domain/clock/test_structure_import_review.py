"""Importing a structure file: a malformed file is refused with the period and the field named, never half-read;
and the remaining validation rules (duplicate colour-ups, negative amounts)."""

from __future__ import annotations

import pytest

from tournament_director.domain.clock.chip_set import ChipDenomination, ChipSet
from tournament_director.domain.clock.structure import Break, Level, Structure, structure_from_toml, structure_to_toml
from tournament_director.domain.errors import DomainError
from tournament_director.services.clock import load_template

GOOD_LEVEL = 'kind = "level"\nnumber = 1\nduration_seconds = 600\nsmall_blind = 50\nbig_blind = 100\n'


def one_level_file(extra: str = "", level: str = GOOD_LEVEL) -> str:
    return f'name = "Test"\n{extra}\n[[periods]]\n{level}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (one_level_file(level=GOOD_LEVEL.replace("600", "600.5")), "level 1): duration_seconds must be a whole number"),
        (one_level_file(level=GOOD_LEVEL.replace("= 50\n", '= "50"\n')), "small_blind must be a whole number"),
        (one_level_file(level=GOOD_LEVEL.replace("= 100\n", "= true\n")), "big_blind must be a whole number"),
        (one_level_file(level=GOOD_LEVEL + 'big_blind_ante = "false"\n'), "big_blind_ante must be true or false"),
        (one_level_file(level=GOOD_LEVEL + "antes = 100\n"), "period 1 (level 1) has unknown fields: antes"),
        (one_level_file(level=GOOD_LEVEL + "betting = 3\n"), "betting must be text"),
        (one_level_file(extra="levels = 3"), "the structure has unknown fields: levels"),
        ('name = "Test"\nperiods = 5\n', "a structure needs a list of periods"),
        ('name = "Test"\n', "a structure needs a list of periods"),
        (one_level_file() + '[[periods]]\nkind = "break"\nduration_seconds = 600\ncolour_up = 25\n',
         "period 2 (a break): colour_up must be a list"),
        (one_level_file() + '[[periods]]\nkind = "break"\nduration_seconds = "ten"\n',
         "duration_seconds must be a whole number"),
        (one_level_file() + '[[periods]]\nkind = "pause"\nduration_seconds = 60\n', "unknown kind 'pause'"),
        (one_level_file() + '[chips]\nchips = [{ value = 25, colour = "green", quantity = 10, size = 3 }]\n',
         "chip 1 of the set has unknown fields: size"),
        (one_level_file() + '[chips]\nchips = [{ value = 25.5, colour = "green", quantity = 10 }]\n',
         "chip 1 of the set: value must be a whole number"),
        (one_level_file() + '[chips]\nchips = [{ value = 25, colour = "green" }]\n', "chip 1 of the set is missing quantity"),
        (one_level_file() + '[chips]\nchip = []\n', "the chip set has unknown fields: chip"),
        (one_level_file() + '[chips]\nchips = [{ value = 25, colour = "green", quantity = 9 }]\n'
         'per_player = [{ value = 100, count = 4 }]\n', "uses a 100 chip that is not in the set"),
    ],
)
def test_a_malformed_structure_file_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(DomainError) as refused:
        structure_from_toml(text)
    assert message in str(refused.value)


@pytest.mark.parametrize("name", ["turbo", "regular", "deep_stack", "fixed_limit"])
def test_every_template_survives_export_and_import_unchanged(name: str) -> None:
    structure, chip_set = load_template(name)
    assert structure_from_toml(structure_to_toml(structure, chip_set)) == (structure, chip_set)


CHIPS = ChipSet((ChipDenomination(25, "green", 500), ChipDenomination(100, "black", 500),
                 ChipDenomination(500, "purple", 200)), per_player=((25, 8), (100, 18), (500, 16)))


def test_the_same_chip_listed_twice_in_one_colour_up_is_refused() -> None:
    structure = Structure((Level(1, 600, 100, 200), Break(600, (25, 25)), Level(2, 600, 200, 400)))
    with pytest.raises(DomainError, match="Break after level 1 lists the same chip twice"):
        structure.validate(CHIPS)


def test_removing_a_larger_chip_while_keeping_a_smaller_one_is_refused() -> None:
    """TDA 24: the colour-up takes the smallest chips off the table first."""
    structure = Structure((Level(1, 600, 100, 200), Break(600, (100,)), Level(2, 600, 200, 400)))
    with pytest.raises(DomainError, match="removes the 100 chip but keeps the smaller 25"):
        structure.validate(CHIPS)


@pytest.mark.parametrize(
    ("level", "message"),
    [
        (Level(1, 600, -50, 100), "level 1 has a negative blind or ante"),
        (Level(1, 600, 0, 0), "level 1 needs a big blind above zero"),
        (Level(1, 600, 50, 100, ante=-5), "level 1 has a negative blind or ante"),
        (Level(1, 600, 50, 100, big_blind_ante=True), "level 1 is marked big-blind ante but has no ante amount"),
        (Level(1, 600, 50, 100, small_bet=200, big_bet=100, betting="fixed_limit"), "the big bet (100) is below"),
        (Level(0, 600, 50, 100), "level numbers start at 1"),
    ],
)
def test_more_bad_levels_are_refused_with_the_level_named(level: Level, message: str) -> None:
    with pytest.raises(DomainError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Structure((level,)).validate()


def test_a_level_after_a_colour_up_that_its_ante_cannot_be_paid_is_refused() -> None:
    structure = Structure((Level(1, 600, 100, 200), Break(600, (25,)),
                           Level(2, 600, 200, 400, ante=50)))
    with pytest.raises(DomainError, match="level 2: 50 cannot be paid when the smallest chip in play is 100"):
        structure.validate(CHIPS)


def test_a_structure_that_starts_with_a_break_is_refused() -> None:
    with pytest.raises(DomainError, match="must start with a play level"):
        Structure((Break(600), Level(1, 600, 50, 100))).validate()
