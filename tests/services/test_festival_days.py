"""Events of several days through the session, on a real SQLite file and on PostgreSQL: Day 1 flights played to
their set point, bagged table by table and ended with the clock stopped where it was; the policies (first stack
forward refuses a qualifier in another flight, best stack forward carries his biggest bag only); Day 2 made from
the bags with the combined pool and a random draw; the next day's start of one tournament with the clock put back;
one undo for each of these actions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.services.test_clock_service import FakeTime
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.days import SetPoint
from tournament_director.domain.floor.standings import payout_table
from tournament_director.services.festival import FestivalPlan
from tournament_director.services.session import DirectorSession, NewTournamentPlan


def open_session(location: Path | str, fake: FakeTime) -> DirectorSession:
    kwargs = {} if isinstance(location, str) else {"backup_dir": location.parent / "backups"}
    return DirectorSession.open(location, rng=random.Random(11), monotonic=fake.monotonic, wall=fake.wall, **kwargs)


def create_event(session: DirectorSession, policy: str, set_point: SetPoint = SetPoint("players", 4)) -> list[int]:
    plan = FestivalPlan("Main Event", ["1A", "1B", "1C"],
                        NewTournamentPlan("Main Event", "turbo", buy_in=200, tables=2, seats_per_table=9),
                        set_point, policy)
    return session.run(session.festivals.create, plan)


def play_flight(session: DirectorSession, tournament_id: int, names: list[str]) -> None:
    """Register ``names``, draw, start the clock and bust players (their chips to the next one) to the set point."""
    session.select_tournament(tournament_id)
    floor = session.tournament
    for name in names:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    while session.days.set_point_reached() is None:
        live = [e for e in floor.entries() if not e.busted and e.name != "Ann Lee"]
        session.run(floor.bust, live[0].entry_id, [live[1].entry_id])


def bag_and_end(session: DirectorSession, short_by: int = 0) -> None:
    days = session.days
    for table in days.tables_to_bag():
        bags = {line.entry_id: line.stack for line in days.bag_sheet(table)}
        if short_by:
            first = next(iter(bags))
            bags[first] -= short_by
            short_by = 0
        session.run(days.bag_table, table, bags)
    session.run(days.end_day, days.view().difference != 0)


def field(prefix: str, count: int) -> list[str]:
    return [f"{prefix} {i}" for i in range(1, count + 1)]


def test_first_stack_forward_refuses_a_qualifier_naming_his_flight_and_day_2_pays_the_combined_pool(
        tmp_path: Path) -> None:
    fake = FakeTime()
    session = open_session(tmp_path / "festival.sqlite", fake)
    a, b, c = create_event(session, "first")
    assert session.tournament_id == a
    play_flight(session, a, ["Ann Lee"] + field("A", 7))
    assert session.days.set_point_reached() == "4 players left"
    assert session.tournament.prize_pool().prizes == ()  # a flight pays nothing
    bag_and_end(session)
    assert not session.clock.view().running
    session.select_tournament(b)
    with pytest.raises(DomainError, match="Ann Lee qualified from Day 1A with 20,000 chips: under first stack"):
        session.run(session.tournament.register, "Ann Lee")
    assert session.tournament.entries() == []  # nothing recorded
    play_flight(session, b, field("B", 6))
    with pytest.raises(DomainError, match="Day 1B and Day 1C have not ended: bag the chips"):
        session.run(session.festivals.create_next_day, 1)
    bag_and_end(session)
    play_flight(session, c, field("C", 10))
    bag_and_end(session)
    plan = session.festivals.next_day_plan(1)
    assert plan.pool == 200 * (8 + 6 + 10) and plan.flight_entries == 24 and len(plan.going) == 12
    day_2 = session.run(session.festivals.create_next_day, 1, 9)
    assert session.tournament_id == day_2 and session.tournament_name == "Main Event Day 2"
    pool = session.tournament.prize_pool()
    assert pool.prize_pool == 4_800 and sum(pool.prizes) == 4_800
    entries = session.tournament.entries()
    assert len(entries) == 12 and all(e.table is not None and e.seat is not None for e in entries)
    assert {e.name: e.chips for e in entries}["Ann Lee"] == 20_000
    assert sum(e.chips for e in entries) == session.tournament.chips_in_play == 20_000 * 24
    assert session.festivals.day_of(day_2).day == 2
    session.undo()  # the draw: the players wait for their seats, and are drawn again
    assert all(e.table is None for e in session.tournament.entries())
    session.run(session.tournament.draw_seats)
    assert all(e.table is not None for e in session.tournament.entries())
    # Day 2 pays its places: it plays to its set point and goes on as Day 3 in the same tournament
    session.run(session.days.set_set_point, SetPoint("players", 6))
    live = [e for e in session.tournament.entries() if not e.busted]
    for victim, winner in zip(live[:6], live[6:]):
        session.run(session.tournament.bust, victim.entry_id, [winner.entry_id])
    assert session.days.set_point_reached() == "6 players left"
    bag_and_end(session)
    with pytest.raises(DomainError, match="Day 2 pays its own places: it plays on as Day 3 in the same tournament"):
        session.run(session.festivals.create_next_day, 1)
    session.run(session.days.start_next_day)
    assert session.days.view().day == 3 and session.clock.view().running
    # its places are still paid for the flights' 24 entries, not for the 12 who came to Day 2
    assert len(session.tournament.prize_pool().prizes) == len(payout_table("standard").percentages_for(24))
    assert len(payout_table("standard").percentages_for(24)) != len(payout_table("standard").percentages_for(12))


def test_best_stack_forward_carries_the_biggest_bag_and_shows_the_other_forfeited(tmp_path: Path) -> None:
    fake = FakeTime()
    session = open_session(tmp_path / "festival.sqlite", fake)
    a, b, c = create_event(session, "best")
    play_flight(session, a, ["Ann Lee"] + field("A", 7))
    bag_and_end(session)
    play_flight(session, b, field("B", 6))
    bag_and_end(session)
    session.select_tournament(c)
    session.run(session.tournament.register, "Ann Lee")  # best stack forward: she may play another flight
    play_flight(session, c, field("C", 9))
    ann = next(e for e in session.tournament.entries() if e.name == "Ann Lee")
    live = [e for e in session.tournament.entries() if not e.busted and e.name != "Ann Lee"]
    session.run(session.tournament.bust, live[0].entry_id, [ann.entry_id])  # her second bag is the bigger
    second_bag = session.tournament.entry(ann.entry_id).chips
    assert second_bag > 20_000
    bag_and_end(session)
    plan = session.festivals.next_day_plan(1)
    assert [(b.name, b.flight, b.chips) for b in plan.forfeited] == [("Ann Lee", "1A", 20_000)]
    assert [(b.flight, b.chips) for b in plan.going if b.name == "Ann Lee"] == [("1C", second_bag)]
    session.run(session.festivals.create_next_day, 1, 9)
    entries = session.tournament.entries()
    assert [e.chips for e in entries if e.name == "Ann Lee"] == [second_bag]
    assert any("1 bag(s) forfeited" in row.description for row in session.history())
    # the forfeited bag's chips are out of play: Day 2 holds every chip but hers
    assert session.tournament.chips_in_play == 20_000 * (8 + 6 + 10) - 20_000


def test_the_end_of_a_day_checks_the_bags_stops_the_clock_and_the_next_day_starts_it_where_it_was(
        tmp_path: Path) -> None:
    fake = FakeTime()
    session = open_session(tmp_path / "one.sqlite", fake)
    session.create_from_plan(NewTournamentPlan("Deepstack", "turbo", tables=2, seats_per_table=9))
    floor, days, clock = session.tournament, session.days, session.clock
    for name in field("P", 9):
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(clock.start)
    fake.advance(60 * 14)  # into level 2, 6 minutes left
    clock.tick()
    with pytest.raises(DomainError, match="9 player\\(s\\) still in have no bag"):
        session.run(days.end_day)
    first, second = days.tables_to_bag()
    lines = days.bag_sheet(first)
    session.run(days.bag_table, first, {line.entry_id: line.stack for line in lines})
    session.run(days.bag_table, second, {line.entry_id: line.stack - 100 for line in days.bag_sheet(second)})
    assert days.view().difference == -100 * len(days.bag_sheet(second))
    with pytest.raises(DomainError, match="short of the 180,000 chips in play: recount the bags, or confirm"):
        session.run(days.end_day)
    assert clock.view().running  # a refused end leaves the clock running
    recount = {line.entry_id: line.bag + 100 for line in days.bag_sheet(second)}  # the recount finds them
    session.run(days.bag_table, second, recount)
    assert days.view().difference == 0
    session.run(days.end_day)
    stopped = clock.view()
    assert not stopped.running and (stopped.period_index, stopped.remaining_ms) == (1, 6 * 60_000)
    assert days.view().ended["period"] == 1 and days.view().ended["remaining_ms"] == 6 * 60_000
    session.undo()  # the end of the day and the clock's pause: one action
    assert days.view().ended is None and clock.view().running
    session.redo()
    assert days.view().ended is not None and not clock.view().running
    # overnight the program is closed; the next day it opens the same file
    session.close()
    fake.advance(12 * 3600)
    session = open_session(tmp_path / "one.sqlite", fake)
    session.select_tournament(1)
    days, clock = session.days, session.clock
    assert (clock.view().period_index, clock.view().remaining_ms, clock.view().running) == (1, 6 * 60_000, False)
    session.run(clock.jump_to_level, 5)  # a mistake overnight: the start of the day puts the clock back
    session.run(days.start_next_day)
    view = clock.view()
    assert (view.period_index, view.remaining_ms, view.running) == (1, 6 * 60_000, True)
    assert days.view().day == 2
    session.undo()  # the day's start, the clock put back and started: one action
    assert days.view().day == 1 and days.view().ended is not None
    assert clock.view().period_index == 4 and not clock.view().running


def test_bags_of_a_stranger_or_an_empty_bag_are_refused_and_nothing_is_recorded(tmp_path: Path) -> None:
    session = open_session(tmp_path / "refusals.sqlite", FakeTime())
    session.create_from_plan(NewTournamentPlan("Deepstack", "turbo", tables=2, seats_per_table=9))
    for name in field("P", 6):
        session.run(session.tournament.register, name)
    session.run(session.tournament.draw_seats)
    days = session.days
    first, second = days.tables_to_bag()
    stranger = days.bag_sheet(second)[0].entry_id
    seq = session.runner.last_seq
    bags = {line.entry_id: line.stack for line in days.bag_sheet(first)}
    with pytest.raises(DomainError, match="is not at table"):
        session.run(days.bag_table, first, {**bags, stranger: 5_000})
    with pytest.raises(DomainError, match="counted with no chips: record the bust instead"):
        session.run(days.bag_table, first, {**bags, next(iter(bags)): 0})
    with pytest.raises(DomainError, match="the bags are given as entry -> chips"):
        session.run(days.bag_table, first, [1, 2])
    assert session.runner.last_seq == seq


def test_flights_to_a_level_and_day_2_on_postgresql(pg_url: str) -> None:
    fake = FakeTime()
    session = open_session(pg_url, fake)
    a, b, c = create_event(session, "best", SetPoint("level", 1))
    for tournament_id, names in ((a, field("A", 5)), (b, field("B", 4)), (c, field("C", 6))):
        session.select_tournament(tournament_id)
        for name in names:
            session.run(session.tournament.register, name)
        session.run(session.tournament.draw_seats)
        session.run(session.clock.start)
        assert session.days.set_point_reached() is None
        session.run(session.clock.next_level)  # level 1 played out
        assert session.days.set_point_reached() == "the end of level 1"
        bag_and_end(session)
    session.undo()  # the last flight's end of day, undone on the server
    assert [f.ended for f in session.festivals.flights(1)] == [True, True, False]
    session.redo()
    day_2 = session.run(session.festivals.create_next_day, 1, 9)
    assert session.tournament.prize_pool().prize_pool == 200 * 15
    assert len(session.tournament.entries()) == 15 and session.clock.view().period_index == 1
    other = open_session(pg_url, fake)  # another station sees the same event and days
    assert [d.day for d in other.festivals.flights(1)] == [2] and other.festivals.day_of(day_2).flight == "2"
    other.close()
    session.close()


def test_any_tournament_gets_a_set_point_the_console_is_told_of_and_one_undo_takes_it_back(tmp_path: Path) -> None:
    session = open_session(tmp_path / "set-point.sqlite", FakeTime())
    session.create_from_plan(NewTournamentPlan("Deepstack", "turbo", tables=2, seats_per_table=9))
    for name in field("P", 10):
        session.run(session.tournament.register, name)
    session.run(session.tournament.draw_seats)
    days = session.days
    session.run(days.set_set_point, SetPoint("percent", 80))
    assert days.view().set_point == "80% of the field left" and days.set_point_reached() is None
    live = [e for e in session.tournament.entries() if not e.busted]
    session.run(session.tournament.bust, live[0].entry_id, [live[1].entry_id])
    session.run(session.tournament.bust, live[2].entry_id, [live[3].entry_id])
    assert days.set_point_reached() == "8 players left (80% of 10 entries is 8)"
    assert session.history()[-3].description == "Day 1 plays to 80% of the field left"
    session.undo()
    session.undo()
    session.undo()  # the set point itself
    assert days.view().set_point is None and days.set_point_reached() is None
    with pytest.raises(DomainError, match="a day stops at a SetPoint"):
        session.run(days.set_set_point, "level 8")


def test_a_day_stopping_at_the_end_of_a_level_stops_at_the_start_of_the_next_level_whole(tmp_path: Path) -> None:
    fake = FakeTime()
    session = open_session(tmp_path / "level.sqlite", fake)
    session.create_from_plan(NewTournamentPlan("Deepstack", "turbo", tables=2, seats_per_table=9))
    for name in field("P", 8):
        session.run(session.tournament.register, name)
    session.run(session.tournament.draw_seats)
    days, clock = session.days, session.clock
    session.run(days.set_set_point, SetPoint("level", 1))
    session.run(clock.start)
    fake.advance(10 * 60 + 95)  # level 1 played out; the clock runs on in level 2 while the chips are bagged
    clock.tick()
    assert days.set_point_reached() == "the end of level 1" and clock.view().remaining_ms == 505_000
    bag_and_end(session)
    stopped = clock.view()
    assert (stopped.period_index, stopped.remaining_ms, stopped.running) == (1, 600_000, False)
    assert days.view().ended["period"] == 1 and days.view().ended["remaining_ms"] == 600_000
    session.undo()  # the day's end, the pause and the clock put back: one action
    assert clock.view().running and clock.view().remaining_ms == 505_000 and days.view().ended is None
