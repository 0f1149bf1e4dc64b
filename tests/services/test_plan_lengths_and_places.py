"""A new tournament's plan may set every level's and break's length and pay a share of the field; a bad figure is
refused by name and creates nothing."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tournament_director.domain.clock.structure import Break
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession, NewTournamentPlan


@pytest.fixture
def session(tmp_path: Path):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(3))
    yield session
    session.close()


def test_the_plan_sets_the_lengths_and_pays_fifteen_per_cent_of_the_field(session) -> None:
    session.create_from_plan(NewTournamentPlan("Friday PKO", "turbo", places_paid_percent=15, level_minutes=12,
                                               break_minutes=5))
    structure = session.runner.state.schedule.structure
    assert {level.duration_seconds for level in structure.levels} == {12 * 60}
    assert {p.duration_seconds for p in structure.periods if isinstance(p, Break)} == {5 * 60}
    table = session.payouts.table()
    assert table.name == "Top 15% of the field"
    assert [len(table.percentages_for(n)) for n in (5, 30, 100)] == [1, 5, 15]
    assert [e.event_type for e in session.history()][:2] == ["tournament.configured", "payouts.table_set"]


def test_without_them_the_structure_keeps_its_own_lengths(session) -> None:
    session.create_from_plan(NewTournamentPlan("Friday", "turbo", break_minutes=7))
    structure = session.runner.state.schedule.structure
    assert {level.duration_seconds for level in structure.levels} == {10 * 60}   # the turbo's ten minutes
    assert {p.duration_seconds for p in structure.periods if isinstance(p, Break)} == {7 * 60}
    assert session.payouts.table().name == "Standard"


@pytest.mark.parametrize(("plan", "refusal"), [
    ({"level_minutes": 0}, "length of a level (minutes) must be 1 to 1,440"),
    ({"break_minutes": 100_000}, "length of a break (minutes) must be 1 to 1,440"),
    ({"level_minutes": "20"}, "length of a level (minutes) must be a whole number"),
    ({"places_paid_percent": 0}, "places paid must be 1 to 100 % of the field"),
])
def test_a_bad_length_or_share_is_refused_by_name_and_creates_nothing(session, plan, refusal) -> None:
    with pytest.raises(DomainError, match=re.escape(refusal)):
        session.create_from_plan(NewTournamentPlan("Friday", "turbo", **plan))
    assert session.list_tournaments() == []
