"""The structure suggestion judged as a director would: for 3, 5 and 8 hours with 20, 100 and 1,000 entries and
10k-50k stacks, the final table is down to about 15 big blinds near the target, in round 20-50% steps, with
breaks about every two hours, colour-ups as soon as a chip is not needed (TDA 24) and a case for the field."""

from __future__ import annotations

import pytest

from tournament_director.domain.clock.chips import players_the_case_serves
from tournament_director.domain.clock.structure import Break, Level
from tournament_director.domain.clock.suggest import (
    LEVEL_MINUTES,
    SMALL_BLIND_LADDER,
    estimated_finish_seconds,
    suggest_structure,
    suggest_structure_and_chips,
)
from tournament_director.domain.errors import DomainError

CASES = [(hours, field, stack) for hours in (3, 5, 8) for field in (20, 100, 1000)
         for stack in (10_000, 20_000, 30_000, 50_000)]


@pytest.mark.parametrize(("hours", "field", "stack"), CASES)
def test_suggestion_reaches_a_15_big_blind_final_table_near_the_target(hours: int, field: int, stack: int) -> None:
    structure, chips = suggest_structure_and_chips(hours * 60, stack, field)
    structure.validate(chips)
    finish = estimated_finish_seconds(structure, stack * field, field)
    assert finish is not None and abs(finish - hours * 3600) <= 0.15 * hours * 3600
    levels = structure.levels
    assert levels[0].duration_seconds // 60 in LEVEL_MINUTES
    assert 100 <= stack // levels[0].big_blind <= 400, "100 to 400 big blinds at the start"
    for before, after in zip(levels, levels[1:]):
        assert 1.2 <= after.big_blind / before.big_blind <= 1.5
        assert after.small_blind in SMALL_BLIND_LADDER and after.big_blind == 2 * after.small_blind
    assert all(level.ante == (level.big_blind if level.number >= 3 else 0) for level in levels)
    # the clock does not run out: the last level leaves heads-up players with 10 big blinds or fewer
    assert stack * field / levels[-1].big_blind <= 20
    assert players_the_case_serves(structure, chips) >= field
    assert 20 <= sum(count for _, count in chips.per_player) <= 60


@pytest.mark.parametrize(("hours", "field", "stack"), CASES[::5])
def test_suggestion_breaks_come_about_every_two_hours_with_timely_colour_ups(hours: int, field: int,
                                                                              stack: int) -> None:
    structure, chips = suggest_structure_and_chips(hours * 60, stack, field)
    in_play = sorted(chips.denominations)
    played, levels_since = 0, 0
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            played += period.duration_seconds
            levels_since += 1
            assert played <= 135 * 60 and levels_since <= 6
            continue
        played, levels_since = 0, 0
        in_play = [v for v in in_play if v not in period.colour_up]
        later = [a for p in structure.periods[index + 1:] if isinstance(p, Level) for a in p.amounts()]
        if len(in_play) > 1:
            assert any(a % in_play[1] for a in later), f"the {in_play[0]} chip could have come off at {index}"


def test_a_target_too_short_for_the_field_says_so() -> None:
    structure = suggest_structure(60, 50_000, 1000)
    assert structure.levels[0].duration_seconds == 5 * 60
    assert "too many entries for the time" in structure.description


def test_deep_stack_opens_with_twice_the_big_blinds() -> None:
    regular = suggest_structure(300, 20_000, 100)
    deep = suggest_structure(300, 20_000, 100, deep=True)
    assert regular.levels[0].big_blind == 2 * deep.levels[0].big_blind


def test_fixed_limit_suggestion_has_small_and_big_bets_without_antes() -> None:
    """Seed 002: the big blind is the small bet; the big bet is two small bets."""
    structure = suggest_structure(300, 10_000, 50, betting="fixed_limit")
    for level in structure.levels:
        assert level.ante == 0 and level.small_bet == level.big_blind and level.big_bet == 2 * level.small_bet


@pytest.mark.parametrize(("args", "message"), [
    ((20, 10_000, 50), "at least 30 minutes"),
    ((240, 0, 50), "starting stack must be above zero"),
    ((240, 10_000, 1), "at least two entries"),
])
def test_suggestion_refuses_impossible_requests(args: tuple, message: str) -> None:
    with pytest.raises(DomainError, match=message):
        suggest_structure(*args)
    with pytest.raises(DomainError, match="a break lasts 5 to 60 minutes"):
        suggest_structure(240, 10_000, 50, break_minutes=90)
