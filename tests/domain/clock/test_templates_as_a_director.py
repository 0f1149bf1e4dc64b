"""The four shipped structures read as a director would: blinds a card room really plays, antes from an early
level, breaks about every two hours with colour-ups as soon as a chip is no longer needed (TDA 24), and a chip
case that can seat the field it is meant for."""

from __future__ import annotations

import re

import pytest

from tournament_director.domain.clock.chips import players_the_case_serves
from tournament_director.domain.clock.structure import Break, Level, colour_up_schedule
from tournament_director.domain.clock.suggest import estimated_finish_seconds
from tournament_director.services.clock import TEMPLATE_NAMES, load_template

ROUND_SMALL_BLINDS = {75} | {m * 10**k for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8) for k in range(1, 7)}
FIELD_IN_DESCRIPTION = re.compile(r"about (.+) hours? for (\d+) entries")
HOURS = {"three": 3, "four": 4, "six and a half": 6.5, "eleven to twelve": 11.5}


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_blinds_climb_20_to_50_percent_a_level_in_round_amounts(name: str) -> None:
    structure, _ = load_template(name)
    levels = structure.levels
    assert len(levels) >= 25, "a template must not run out of levels before the event ends"
    for before, after in zip(levels, levels[1:]):
        rise = after.big_blind / before.big_blind
        assert 1.2 <= rise <= 1.5, f"{name}: level {after.number} raises the big blind by {rise - 1:.0%}"
    for level in levels:
        assert level.small_blind in ROUND_SMALL_BLINDS, f"{name}: level {level.number} small blind"
        assert level.big_blind == 2 * level.small_blind, f"{name}: level {level.number} blinds"


@pytest.mark.parametrize("name", ["turbo", "regular", "deep_stack"])
def test_big_blind_ante_from_level_3_equal_to_the_big_blind(name: str) -> None:
    """TDA RP-11: one big-blind ante per hand; here it starts at level 3 and stays the size of the big blind."""
    structure, _ = load_template(name)
    for level in structure.levels:
        if level.number < 3:
            assert level.ante == 0
        else:
            assert level.big_blind_ante and level.ante == level.big_blind


def test_fixed_limit_template_has_small_and_big_bets_and_no_ante() -> None:
    """Seed 002: in fixed limit the big blind is the small bet, and the big bet is twice the small bet."""
    structure, _ = load_template("fixed_limit")
    for level in structure.levels:
        assert level.betting == "fixed_limit" and level.ante == 0
        assert level.small_bet == level.big_blind and level.big_bet == 2 * level.small_bet


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_a_break_every_4_to_6_levels_and_never_more_than_two_hours_of_play(name: str) -> None:
    structure, _ = load_template(name)
    levels_since, seconds_since = 0, 0
    for period in structure.periods:
        if isinstance(period, Break):
            assert 4 <= levels_since <= 6, f"{name}: {levels_since} levels before a break"
            assert 10 * 60 <= period.duration_seconds <= 20 * 60
            levels_since, seconds_since = 0, 0
        else:
            levels_since += 1
            seconds_since += period.duration_seconds
            assert seconds_since <= 2 * 3600, f"{name}: more than two hours without a break at {period.label}"


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_each_chip_is_coloured_up_at_the_first_break_after_it_is_last_needed(name: str) -> None:
    """TDA 24: a chip leaves once no blind, ante or bet needs it, and not later than the next break."""
    structure, chip_set = load_template(name)
    removed_at = {c.break_index: c for c in colour_up_schedule(structure, chip_set)}
    in_play = sorted(chip_set.denominations)
    for index, period in enumerate(structure.periods):
        if not isinstance(period, Break):
            continue
        if index in removed_at:
            in_play = [v for v in in_play if v not in removed_at[index].removed]
        later = [a for p in structure.periods[index + 1:] if isinstance(p, Level) for a in p.amounts()]
        smallest, next_up = in_play[0], in_play[1]
        assert any(a % next_up for a in later), (
            f"{name}: the {smallest} chip could have come off at the break at period {index}")
        assert all(a % smallest == 0 for a in later)


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_the_chip_case_seats_the_field_it_is_meant_for_with_a_handy_stack(name: str) -> None:
    structure, chip_set = load_template(name)
    field = int(FIELD_IN_DESCRIPTION.search(structure.description).group(2))
    assert players_the_case_serves(structure, chip_set) >= field * 1.25
    assert 25 <= sum(count for _, count in chip_set.per_player) <= 60, "chips a player can stack and count"
    assert all(count <= 20 for _, count in chip_set.per_player)
    assert f"{chip_set.starting_stack:,} chips" in structure.description
    first = structure.levels[0]
    assert 50 <= chip_set.starting_stack // first.big_blind <= 200, "between 50 and 200 big blinds to start"


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_the_stated_length_matches_when_the_final_table_is_down_to_10_to_20_big_blinds(name: str) -> None:
    structure, chip_set = load_template(name)
    words, field = FIELD_IN_DESCRIPTION.search(structure.description).groups()
    total = int(field) * chip_set.starting_stack
    fifteen_bb = estimated_finish_seconds(structure, total, int(field)) / 3600
    assert abs(fifteen_bb - HOURS[words]) <= 0.75, f"{name}: 15 big blinds at the final table after {fifteen_bb:.1f} h"
