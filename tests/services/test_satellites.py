"""Satellites through the session on a real database: the seats a pool buys and the cash left, the award that
enters the winners in the target paid by their seats (recorded in both logs), the unused ticket of a player
already in, the undo and redo of the award as one step, and the refusals; on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.money_summary import money_summary
from tournament_director.services.session import DirectorSession, NewTournamentPlan


def main_event(session: DirectorSession, name: str = "Main Event", buy_in: int = 500, fee: int = 50) -> int:
    return session.create_from_plan(NewTournamentPlan(name, "regular", buy_in=buy_in, fee=fee, tables=2))


def satellite(session: DirectorSession, target: int, players: int = 10, buy_in: int = 200) -> int:
    """A satellite of ``players`` at ``buy_in`` (no fee): 10 x 200 = 2,000 buys three seats of 550 and 350 in cash."""
    made = session.create_from_plan(NewTournamentPlan("Mega Satellite", "regular", buy_in=buy_in, fee=0, tables=2,
                                                      settings={"satellite_target": target}))
    floor = session.tournament
    for n in range(1, players + 1):
        session.run(floor.register, f"Player {n:02d}")
    session.run(floor.draw_seats)
    session.run(floor.close_registration)
    return made


def bust_down_to(session: DirectorSession, left: int) -> None:
    floor = session.tournament
    while floor.players_left > left:
        alive = [e for e in floor.entries() if not e.busted]
        session.run(floor.bust, alive[-1].entry_id, [alive[0].entry_id])


def runner_of(session: DirectorSession, tournament_id: int):  # type: ignore[no-untyped-def]
    session.select_tournament(tournament_id)
    return session


def the_award_round_trip(session: DirectorSession) -> None:
    main = main_event(session)
    session.run(session.tournament.register, "Player 02")  # already in the main event: keeps an unused ticket
    sat = satellite(session, main)
    view = session.satellite()
    assert (view.seat_value, view.seats, view.remainder, view.cash_place) == (550, 3, 350, 4)
    assert session.tournament.prize_pool().prizes == (550, 550, 550, 350)
    with pytest.raises(DomainError, match="4 players are left for 3 seats to Main Event"):
        bust_down_to(session, 4)
        session.run(session.award_satellite_seats)
    bust_down_to(session, 3)
    assert session.satellite().due
    award = session.run(session.award_satellite_seats)
    assert sorted(award.entered) == ["Player 01", "Player 03"]
    assert award.kept == (("Player 02", "already in Main Event"),)
    assert session.tournament.finished
    results = {line.name: line for line in session.results.lines()}
    assert {name for name, line in results.items() if line.place_to <= 3} == {"Player 01", "Player 02", "Player 03"}
    assert results["Player 04"].prize == 350 and results["Player 01"].prize == 550
    seat_sat = session.satellite()
    assert dict(seat_sat.awarded) == {"Player 01": True, "Player 02": False, "Player 03": True}

    session.select_tournament(main)
    floor = session.tournament
    paid_by_seat = {e.name: e for e in floor.entries() if e.seat_from}
    assert {name: e.seat_from for name, e in paid_by_seat.items()} == {"Player 01": "Mega Satellite",
                                                                      "Player 03": "Mega Satellite"}
    money = money_summary(session.state.floor)
    assert (money.satellite_seats, money.satellite_seat_value) == (2, 1100)
    assert money.taken_in == 550  # Player 02 paid at the desk; the seats took no cash
    assert floor.prize_pool().prize_pool == 1500  # three entries' buy-ins, seats included
    with pytest.raises(DomainError, match="with a seat won in Mega Satellite: undo the award of its seats in Mega "
                                          "Satellite instead"):
        session.undo()                              # the entries go only with the award, never alone
    assert len(session.tournament.entries()) == 3

    session.select_tournament(sat)
    assert session.undo_name().startswith("Undo 3 seats to Main Event awarded: Player 01, Player 02")
    session.undo()
    assert not session.tournament.finished and session.satellite().due
    session.select_tournament(main)
    assert [e.name for e in session.tournament.entries()] == ["Player 02"]
    with pytest.raises(DomainError, match="redo the award of its seats in Mega Satellite instead"):
        session.redo()
    session.select_tournament(sat)
    session.redo()
    assert session.tournament.finished
    session.select_tournament(main)
    assert sorted(e.name for e in session.tournament.entries()) == ["Player 01", "Player 02", "Player 03"]


def test_a_satellite_awards_its_seats_into_the_main_event_and_undoes_them_on_sqlite(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        the_award_round_trip(session)
    finally:
        session.close()


def test_a_satellite_awards_its_seats_into_the_main_event_and_undoes_them_on_postgresql(pg_url: str) -> None:
    session = DirectorSession.open(pg_url, rng=random.Random(3))
    try:
        the_award_round_trip(session)
    finally:
        session.close()


def test_bad_targets_and_a_seat_worth_more_than_the_pool_are_refused(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        main = main_event(session, buy_in=5000)
        sat = satellite(session, main, players=4, buy_in=100)
        with pytest.raises(DomainError, match="a satellite cannot award seats to itself"):
            session.run(session.settings.change, {"satellite_target": sat})
        with pytest.raises(DomainError, match="there is no tournament number 99"):
            session.run(session.settings.change, {"satellite_target": 99})
        bust_down_to(session, 1)
        with pytest.raises(DomainError, match="worth 5,050, more than the whole prize pool of 400"):
            session.run(session.award_satellite_seats)
        assert session.satellite().seats == 0
        session.select_tournament(main)
        assert list(session.tournament.entries()) == []
        finished = session.create_from_plan(NewTournamentPlan("Thursday", "regular", tables=1))
        for name in ("A", "B"):
            session.run(session.tournament.register, name)
        session.run(session.tournament.draw_seats)
        session.run(session.tournament.close_registration)
        session.run(session.tournament.bust, 2, [1])
        assert session.tournament.finished
        with pytest.raises(DomainError, match="Thursday is already over"):
            session.create_from_plan(NewTournamentPlan("Late Satellite", "regular",
                                                       settings={"satellite_target": finished}))
    finally:
        session.close()


def test_a_tie_inside_the_seats_gives_each_a_seat_and_a_tie_across_the_last_seat_is_refused(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        main = main_event(session)
        satellite(session, main)                      # three seats, 350 to 4th
        bust_down_to(session, 4)
        floor = session.tournament
        alive = [e.entry_id for e in floor.entries() if not e.busted]
        # across the last seat: two players out on the same hand with equal stacks tie for 3rd-4th, one seat
        session.run(floor.bust_many, [(alive[2], [alive[0]], 20_000), (alive[3], [alive[0]], 20_000)])
        with pytest.raises(DomainError, match="tie for places 3 to 4 across the last seat: a seat is not shared"):
            session.run(session.award_satellite_seats)
        session.undo()
        # the director plays on past the seats: two players out together tie for 2nd-3rd, both inside the seats
        session.run(floor.bust, alive[3], [alive[0]])
        session.run(floor.bust_many, [(alive[1], [alive[0]], 20_000), (alive[2], [alive[0]], 20_000)])
        assert floor.finished and session.satellite().due
        award = session.run(session.award_satellite_seats)
        names = {e.entry_id: e.name for e in floor.entries()}
        assert sorted(award.entered) == sorted(names[e] for e in alive[:3])
        results = {line.entry_id: line for line in session.results.lines()}
        assert [results[e].prize for e in alive[:3]] == [550, 550, 550]   # a seat each, never a shared seat
        assert results[alive[3]].prize == 350
    finally:
        session.close()


def test_winners_keep_their_tickets_when_the_main_event_no_longer_takes_entries(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        main = main_event(session)
        session.run(session.tournament.register, "Early Bird")
        session.run(session.tournament.close_registration)
        satellite(session, main)
        bust_down_to(session, 3)
        award = session.run(session.award_satellite_seats)
        assert award.entered == ()
        assert {why for _name, why in award.kept} == {"registration is closed (late registration ended)"}
        results = {line.name: line for line in session.results.lines()}
        winners = [name for name, _why in award.kept]
        assert all(results[name].prize == 550 for name in winners)
        assert session.satellite().unused == session.satellite().seat_winners
        session.select_tournament(main)
        assert [e.name for e in session.tournament.entries()] == ["Early Bird"]
    finally:
        session.close()


def test_the_cash_left_over_can_be_shared_by_the_seat_winners(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        main = main_event(session)
        satellite(session, main)
        session.run(session.settings.change, {"satellite_remainder": "seat_winners"})
        view = session.satellite()
        assert session.tournament.prize_pool().prizes == (667, 667, 666)   # 550 each and the 350 shared
        assert view.cash_place is None and "350 left over is shared in cash by the seat winners" in view.rule()
        bust_down_to(session, 3)
        session.run(session.award_satellite_seats)
        results = [line for line in session.results.lines() if line.place_to <= 3]
        assert sorted(line.prize for line in results) == [666, 667, 667] and len(results) == 3
        with pytest.raises(DomainError, match="who takes the cash left over cannot change: the tournament is over"):
            session.run(session.settings.change, {"satellite_remainder": "next_place"})
    finally:
        session.close()


def test_a_target_whose_price_changed_is_refused_until_the_satellites_settings_take_the_new_price(
        tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "b", rng=random.Random(3))
    try:
        main = main_event(session)
        sat = satellite(session, main)
        session.select_tournament(main)
        session.run(session.settings.change, {"buy_in": 400})          # the main event now costs 450
        session.select_tournament(sat)
        session.run(session.settings.change, {"satellite_target": main})   # saved again: the new price is read
        view = session.satellite()
        assert (view.seat_value, view.seats, view.remainder) == (450, 4, 200)
        session.select_tournament(main)
        session.run(session.settings.change, {"buy_in": 500})          # and back to 550, once play has begun
        session.select_tournament(sat)
        bust_down_to(session, 4)
        with pytest.raises(DomainError, match="an entry to Main Event now costs 550, but this satellite's seats are "
                                              "worth 450: save this satellite's Tournament > Settings"):
            session.run(session.award_satellite_seats)
        assert not session.tournament.finished
    finally:
        session.close()


def test_two_stations_on_postgresql_the_desk_sees_the_seats_and_a_later_entry_keeps_the_award(pg_url: str) -> None:
    floor_station = DirectorSession.open(pg_url, operator="the floor", rng=random.Random(3))
    desk = DirectorSession.open(pg_url, operator="the registration desk", rng=random.Random(4))
    try:
        main = main_event(floor_station)
        sat = satellite(floor_station, main)
        desk.select_tournament(main)
        bust_down_to(floor_station, 3)
        award = floor_station.run(floor_station.award_satellite_seats)
        desk.take_changes()
        seats = {e.name: e.seat_from for e in desk.tournament.entries()}
        assert seats == {name: "Mega Satellite" for name in award.entered} and len(seats) == 3
        desk.run(desk.tournament.register, "Walk In")            # the main event goes on at its desk
        with pytest.raises(DomainError, match="the award of the seats cannot be undone, Main Event has moved on: "
                                              "“.+ bought in with a seat won in Mega Satellite \\(entry 1\\)” cannot be "
                                              "undone: what came after it, “Walk In bought in \\(entry 4\\)”"):
            floor_station.undo()                                  # the entries would leave a hole under his
        assert floor_station.tournament.finished
        desk.take_changes()
        assert len(desk.tournament.entries()) == 4
        assert floor_station.runner.history()[-1].event_type == "satellite.seats_awarded"
        assert sat == floor_station.tournament_id
    finally:
        desk.close()
        floor_station.close()
