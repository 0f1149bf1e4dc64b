"""Several tournaments open in one session, on a file and on a PostgreSQL server: the one left behind keeps its
live clock (its levels recorded as they come due by ``tick_behind``, its heartbeat written), a second station sees
them, and coming back to it finds the clock where it truly is, not waiting for a restart choice."""

from __future__ import annotations

import random

import pytest

from tests.ui.console.crash_clock import MovedTime
from tournament_director.services.lobby import Lobby
from tournament_director.services.session import DirectorSession, DomainError, NewTournamentPlan


def two_running(location, time_sources: MovedTime, **options) -> tuple[DirectorSession, int, int]:
    session = DirectorSession.open(location, rng=random.Random(3), monotonic=time_sources.monotonic,
                                   wall=time_sources.wall, **options)
    ids = []
    for name in ("Main Event Day 1A", "Turbo"):
        ids.append(session.create_from_plan(NewTournamentPlan(name, "turbo", tables=1)))
        floor = session.tournament
        for number in range(6):
            session.run(floor.register, f"{name} player {number}")
        session.run(floor.draw_seats)
        session.run(session.clock.start)
    return session, ids[0], ids[1]


def level_changes(session: DirectorSession, tournament_id: int) -> list[int]:
    return [e.payload["period_index"] for e in session.following(tournament_id).runner.history()
            if e.event_type == "clock.level_changed"]


@pytest.mark.parametrize("where", ["file", "server"])
def test_a_tournament_left_behind_runs_on_and_is_found_where_it_truly_is(where, tmp_path, request) -> None:
    time_sources = MovedTime(0)
    location = request.getfixturevalue("pg_url") if where == "server" else tmp_path / "room.sqlite"
    options = {} if where == "server" else {"backup_dir": tmp_path / "backups"}
    session, main, turbo = two_running(location, time_sources, **options)
    try:
        session.select_tournament(main)  # the Turbo goes behind
        time_sources.advance(10 * 60 + 30)
        fired = dict(session.tick_behind())
        assert [event.kind for event in fired[turbo]] == ["one_minute_warning", "level_changed"]
        assert level_changes(session, turbo) == [1]
        assert main not in fired  # the one in front is the console's own tick's
        assert session.clock.tick() and level_changes(session, main) == [1]

        rows = {row.name: row for row in Lobby(session).rows()}
        assert (rows["Turbo"].state, rows["Turbo"].level, rows["Turbo"].in_front) == ("running",
                                                                                     "Level 2 · 75/150", False)
        assert rows["Main Event Day 1A"].in_front and rows["Turbo"].players_left == 6

        session.select_tournament(turbo)
        view = session.clock.view()
        assert view.running and not view.restart_pending
        assert view.level.number == 2 and round(view.remaining_seconds) == 570

        if where == "server":  # another station reads the Turbo's level change from the log
            other = DirectorSession.open(location, operator="registration desk")
            try:
                other.select_tournament(turbo)
                assert other.state.schedule.current_period_index == 1
            finally:
                other.close()
    finally:
        session.close()


def test_a_tournament_of_another_number_is_refused_by_name(tmp_path) -> None:
    session, _main, _turbo = two_running(tmp_path / "room.sqlite", MovedTime(0), backup_dir=tmp_path / "backups")
    try:
        with pytest.raises(DomainError, match="no tournament number 99"):
            session.following(99)
    finally:
        session.close()


def test_a_tournament_behind_follows_another_stations_commands_on_the_server(pg_url) -> None:
    import select

    time_sources = MovedTime(0)
    floor_station, main, turbo = two_running(pg_url, time_sources)
    desk = DirectorSession.open(pg_url, operator="the registration desk")
    try:
        floor_station.select_tournament(main)  # the Turbo behind, open, its own read made (its projector's)
        behind = floor_station.following(turbo)
        feed = floor_station.change_feed()
        desk.select_tournament(turbo)
        entries = desk.tournament.entries()
        victim = entries[0]
        winner = next(e for e in entries if e.table == victim.table and e.entry_id != victim.entry_id)
        desk.run(desk.tournament.bust, victim.entry_id, [winner.entry_id])

        assert select.select([feed.fileno()], [], [], 5)[0], "the server did not say the log moved"
        floor_station.take_changes()
        assert behind.state.floor.entries[victim.entry_id].busted  # read without bringing it in front
        rows = {row.name: row for row in Lobby(floor_station).rows()}
        assert (rows["Turbo"].players_left, rows["Turbo"].entries) == (5, 6)
        assert floor_station.tournament_id == main
    finally:
        desk.close()
        floor_station.close()


def test_the_end_of_a_day_of_a_tournament_behind_stops_its_own_clock(tmp_path) -> None:
    time_sources = MovedTime(0)
    session, main, turbo = two_running(tmp_path / "room.sqlite", time_sources, backup_dir=tmp_path / "backups")
    try:
        assert session.tournament_id == turbo
        session.select_tournament(main)
        assert session.days is not None  # Main's day service made while Main is in front
        session.select_tournament(turbo)  # Main goes behind; a station's command reaches it through its own session
        behind = session.acting_in(main)
        for table in behind.days.tables_to_bag():
            sheet = behind.days.bag_sheet(table)
            behind.run(behind.days.bag_table, table, {line.entry_id: line.stack for line in sheet})
        behind.run(behind.days.end_day)
        assert not behind.clock.view().running  # Main's day ended: its clock stopped where it was
        assert session.tournament_id == turbo and session.clock.view().running  # the Turbo plays on
    finally:
        session.close()
