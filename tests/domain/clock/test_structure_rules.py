"""Structure validation, TOML templates and the suggestion helper."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_director.domain.clock.chip_set import ChipDenomination, ChipSet
from tournament_director.domain.clock.structure import (
    Break,
    Level,
    Structure,
    colour_up_schedule,
    structure_from_toml,
    structure_to_toml,
)
from tournament_director.domain.clock.suggest import suggest_structure
from tournament_director.domain.errors import DomainError
from tournament_director.resources import resource_path

CHIPS = ChipSet(
    (ChipDenomination(25, "green", 500), ChipDenomination(100, "black", 500), ChipDenomination(500, "purple", 200)),
    per_player=((25, 8), (100, 18), (500, 16)),
)


@pytest.mark.parametrize(
    ("period", "message"),
    [
        (Level(2, 600, 200, 100), "level 2: the big blind (100) is below the small blind (200)"),
        (Level(2, 0, 50, 100), "level 2 must last more than zero seconds"),
        (Level(2, -60, 50, 100), "level 2 must last more than zero seconds"),
        (Level(2, 600, 50, 100, ante=200), "level 2: the ante (200) is above the big blind (100)"),
        (Level(2, 600, 50, 100, betting="fixed_limit"), "level 2 is fixed limit and needs a small bet and a big bet"),
        (Level(2, 600, 50, 100, betting="spread_limit"), "level 2 has an unknown betting structure"),
        (Level(3, 600, 50, 100), "level 3 is out of order: expected level 2"),
    ],
)
def test_bad_levels_are_refused_with_the_level_named(period: Level, message: str) -> None:
    structure = Structure((Level(1, 600, 25, 50), period))
    with pytest.raises(DomainError) as refused:
        structure.validate()
    assert message in str(refused.value)


def test_a_zero_length_break_is_refused() -> None:
    with pytest.raises(DomainError, match="Break after level 1 must last more than zero"):
        Structure((Level(1, 600, 25, 50), Break(0))).validate()


def test_colour_up_of_a_chip_not_in_the_set_is_refused() -> None:
    structure = Structure((Level(1, 600, 25, 50), Break(600, (5,)), Level(2, 600, 100, 200)))
    with pytest.raises(DomainError, match="after level 1 colours up the 5 chip, which is not in the chip set"):
        structure.validate(CHIPS)


def test_colouring_up_a_chip_twice_is_refused() -> None:
    structure = Structure(
        (Level(1, 600, 100, 200), Break(600, (25,)), Level(2, 600, 100, 200), Break(600, (25,)), Level(3, 600, 200, 400))
    )
    with pytest.raises(DomainError, match="after level 2 colours up the 25 chip, which was already removed"):
        structure.validate(CHIPS)


def test_a_level_that_cannot_be_paid_with_the_chips_in_play_is_refused() -> None:
    """Once the 25s are coloured up (TDA 24), a 150 small blind cannot be paid."""
    structure = Structure(
        (Level(1, 600, 25, 50), Break(600, (25,)), Level(2, 600, 100, 200), Level(3, 600, 150, 300))
    )
    with pytest.raises(DomainError, match="level 3: 150 cannot be paid when the smallest chip in play is 100"):
        structure.validate(CHIPS)
    assert [c.removed for c in colour_up_schedule(structure, CHIPS)] == [(25,)]


def test_unreadable_toml_is_refused_with_the_problem_named() -> None:
    with pytest.raises(DomainError, match="not valid TOML"):
        structure_from_toml("name = 'x'\n[[periods]\n")
    with pytest.raises(DomainError, match=r"period 1 \(level 1\) is missing big_blind, small_blind"):
        structure_from_toml("[[periods]]\nnumber = 1\nduration_seconds = 600\n")


TEMPLATES = ["turbo", "regular", "deep_stack", "fixed_limit"]


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_shipped_template_validates_and_survives_a_toml_round_trip(name: str) -> None:
    text = resource_path("structures", f"{name}.toml").read_text(encoding="utf-8")
    structure, chips = structure_from_toml(text)
    assert chips is not None and len(structure.levels) >= 20
    structure.validate(chips)
    again, chips_again = structure_from_toml(structure_to_toml(structure, chips))
    assert again == structure and chips_again == chips


def test_fixed_limit_template_has_limit_bets_on_every_level() -> None:
    structure, _ = structure_from_toml(resource_path("structures", "fixed_limit.toml").read_text())
    for level in structure.levels:
        assert level.betting == "fixed_limit" and level.big_bet == 2 * level.small_bet


def test_toml_export_writes_a_file_that_imports_back(tmp_path: Path) -> None:
    structure = Structure((Level(1, 900, 50, 100), Break(600, (25,)), Level(2, 900, 100, 200, ante=200, big_blind_ante=True)), name="Friday")
    path = tmp_path / "friday.toml"
    path.write_text(structure_to_toml(structure, CHIPS), encoding="utf-8")
    assert structure_from_toml(path.read_text(encoding="utf-8")) == (structure, CHIPS)


def test_suggestion_refuses_nonsense() -> None:
    with pytest.raises(DomainError, match="at least two entries"):
        suggest_structure(240, 10_000, 1)
