"""The session's orchestration over a real SQLite file: hand-for-hand time off the clock (TDA RP-8), the final table
starting with the next level (seed 000 E), and the wall-clock plan a tournament's settings ask for."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.scheduler import LATE_REGISTRATION_CLOSES, SCHEDULED_START
from tournament_director.services.session import DirectorSession, NewTournamentPlan

NAMES = [f"Player {n:02d}" for n in range(1, 21)]


class FrozenMonotonic:
    """A monotonic source that only moves when the test says so: the clock loses time only by commands."""

    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def frozen() -> FrozenMonotonic:
    return FrozenMonotonic()


@pytest.fixture
def session(tmp_path: Path, frozen: FrozenMonotonic):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups",
                                  rng=random.Random(7), monotonic=frozen)
    yield opened
    opened.close()


def seated(session: DirectorSession, players: int = 20, tables: int = 3, **settings: object) -> None:
    session.create_from_plan(NewTournamentPlan("Friday Night Hold'em", "regular", tables=tables))
    floor = session.tournament
    if settings:
        session.run(floor.configure, {**floor.settings.to_dict(), **settings})
    for name in NAMES[:players]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(floor.close_registration)


def remaining_ms(session: DirectorSession) -> int:
    return session.clock.view().remaining_ms


def hands_dealt(session: DirectorSession) -> list[int]:
    return [t.hand_number for t in session.tournament.tables()]


def test_hand_for_hand_takes_two_minutes_off_the_clock_for_each_hand_tda_rp8(session, frozen) -> None:
    """TDA RP-8 (rules-reference 2.5): 2 minutes off the clock per hand-for-hand hand, none otherwise."""
    seated(session)
    session.run(session.clock.start)
    frozen.now += 90  # a minute and a half of play
    full = remaining_ms(session)

    session.run(session.next_hand_all_tables)  # hand-for-hand off: an ordinary hand
    session.run(session.tournament.finish_hand)
    assert remaining_ms(session) == full

    session.run(session.tournament.set_hand_for_hand, True)
    session.run(session.next_hand_all_tables)
    assert remaining_ms(session) == full - 120_000
    session.run(session.tournament.finish_hand)
    session.run(session.next_hand_all_tables)
    assert remaining_ms(session) == full - 240_000
    assert hands_dealt(session) == [3, 3, 3]
    deductions = [e for e in session.history() if e.event_type == "clock.hand_for_hand_deducted"]
    assert [e.payload["deduction_ms"] for e in deductions] == [120_000, 120_000]

    session.run(session.tournament.finish_hand)
    session.run(session.tournament.set_hand_for_hand, False)
    session.run(session.next_hand_all_tables)
    assert remaining_ms(session) == full - 240_000


def test_hand_for_hand_minutes_are_configurable_up_to_the_tda_rp8b_cap(tmp_path: Path, frozen) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3),
                                   monotonic=frozen, hand_for_hand_minutes=3)
    try:
        seated(session)
        session.run(session.clock.start)
        session.run(session.tournament.set_hand_for_hand, True)
        full = remaining_ms(session)
        session.run(session.next_hand_all_tables)
        assert remaining_ms(session) == full - 180_000
    finally:
        session.close()


def test_a_refused_hand_for_hand_deduction_deals_no_hand_tda_rp8(session, frozen) -> None:
    """On a break there is no time to take off: the hand is refused and neither floor nor clock changes."""
    seated(session)
    session.run(session.tournament.set_hand_for_hand, True)
    session.run(session.clock.start)
    structure = session.state.schedule.structure
    first_break = next(i for i, p in enumerate(structure.periods) if not hasattr(p, "small_blind"))
    session.run(session.clock.jump_to_period, first_break)
    before = (hands_dealt(session), remaining_ms(session), len(session.history()))
    with pytest.raises(DomainError, match="break"):
        session.run(session.next_hand_all_tables)
    assert (hands_dealt(session), remaining_ms(session), len(session.history())) == before


def bust_to_final_table(session: DirectorSession) -> object:
    """Bust players one by one, accepting every balancing or breaking proposal, until the final table is proposed."""
    floor = session.tournament
    for _ in range(30):
        alive = [e for e in floor.entries() if not e.busted]
        victim, winner = alive[0], alive[1]
        result = session.run(floor.bust, victim.entry_id, [winner.entry_id])
        proposal = result.proposal
        while not proposal.is_empty:
            if proposal.kind == "final_table":
                return proposal
            level_before = session.clock.view().period_index
            done = session.run(session.accept_moves, proposal)
            assert not done.next_level and session.clock.view().period_index == level_before
            proposal = floor.propose_moves()
    raise AssertionError("no final table was proposed")


def test_final_table_starts_with_the_next_level_when_the_house_says_so_seed_000_e(session) -> None:
    seated(session, final_table_next_level=True)
    session.run(session.clock.start)
    proposal = bust_to_final_table(session)
    assert proposal.start_next_level
    level_before = session.clock.view().period_index
    done = session.run(session.accept_moves, proposal)
    assert done.next_level
    assert session.clock.view().period_index == level_before + 1
    assert session.clock.view().remaining_ms == session.state.schedule.structure.periods[level_before + 1] \
        .duration_seconds * 1000
    kinds = [e.event_type for e in session.history()[-2:]]
    assert kinds == ["moves.accepted", "clock.jumped"]  # the moves first, then the level


def test_final_table_keeps_the_level_without_the_house_option(session) -> None:
    seated(session)
    session.run(session.clock.start)
    proposal = bust_to_final_table(session)
    assert not proposal.start_next_level
    level_before = session.clock.view().period_index
    done = session.run(session.accept_moves, proposal)
    assert not done.next_level and session.clock.view().period_index == level_before


def test_wall_clock_plan_follows_the_settings_and_the_clock(session) -> None:
    """The scheduled start until the clock starts; late registration at its time of day until it is closed."""
    session.create_from_plan(NewTournamentPlan("Saturday Deep Stack", "deep_stack"))
    floor = session.tournament
    # tomorrow at eight in the evening, whatever the time the test runs at
    start = (datetime.now().astimezone() + timedelta(days=1)).replace(hour=20, minute=0, second=0, microsecond=0)
    session.run(floor.configure, {**floor.settings.to_dict(), "scheduled_start": start.isoformat(),
                                  "late_registration_until_time": "02:30"})
    plan = session.wall_clock_plan()
    assert plan[SCHEDULED_START] == start.astimezone(UTC)
    closes = plan[LATE_REGISTRATION_CLOSES].astimezone()
    assert (closes.hour, closes.minute) == (2, 30)
    # 02:30 belongs to the night after an evening start
    assert closes > start and closes - start < timedelta(hours=7)
    session.run(floor.close_registration)
    assert LATE_REGISTRATION_CLOSES not in session.wall_clock_plan()
    session.run(session.clock.start)
    assert session.wall_clock_plan() == {}


def test_an_unreadable_scheduled_start_is_named_and_refused_before_it_is_recorded(session) -> None:
    session.create_from_plan(NewTournamentPlan("Sunday", "turbo"))
    floor = session.tournament
    before = session.runner.last_seq
    with pytest.raises(DomainError, match="scheduled_start 'tonight at eight' is not a date and time"):
        session.run(floor.configure, {**floor.settings.to_dict(), "scheduled_start": "tonight at eight"})
    assert session.runner.last_seq == before and session.wall_clock_plan() == {}
