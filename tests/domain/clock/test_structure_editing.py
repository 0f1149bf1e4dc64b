"""Editing a structure once play has begun: levels move and are numbered again, and the periods already played
stay as they were played (the check names the level)."""

from __future__ import annotations

import pytest

from tournament_director.domain.clock.structure import Break, Level, Structure, check_played_periods_kept
from tournament_director.domain.errors import DomainError


def structure() -> Structure:
    return Structure((Level(1, 600, 25, 50), Level(2, 600, 50, 100), Break(300, (25,)), Level(3, 600, 100, 200),
                      Level(4, 600, 150, 300)), name="Test")


def test_a_moved_period_takes_its_new_place_and_the_levels_are_numbered_again() -> None:
    moved = structure().with_moved(4, 2)
    assert [(p.number, p.big_blind) for p in moved.levels] == [(1, 50), (2, 100), (3, 300), (4, 200)]
    assert isinstance(moved.periods[3], Break)
    with pytest.raises(DomainError, match="position 1 to 5, not 9"):
        structure().with_moved(0, 8)


def test_periods_played_before_the_one_in_play_cannot_change_and_the_refusal_names_them() -> None:
    old = structure()
    check_played_periods_kept(old, old.with_period(3, Level(3, 900, 100, 200)), 3)   # the one in play
    check_played_periods_kept(old, old.with_moved(4, 3), 3)
    with pytest.raises(DomainError, match="level 2 has been played: it cannot be changed.*the period in play is level 3"):
        check_played_periods_kept(old, old.with_period(1, Level(2, 600, 50, 150)), 3)
    with pytest.raises(DomainError, match="the break after level 2 has been played"):
        check_played_periods_kept(old, old.without(2), 3)
