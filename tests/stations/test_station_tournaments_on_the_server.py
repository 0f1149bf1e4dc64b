"""Table stations of two tournaments at once on a PostgreSQL server, over the room display's real HTTP API: a table
card's code alone names its tournament (the server looks it up), so a bust from table 1 of the Main Event, behind the
Turbo in front, is recorded in the Main Event through its own session; the registration desk, another station on
the same server, sees it there and not in the Turbo; the floor brings the Main Event in front and undoes it. After
the program starts again with only the Turbo open, the Main Event's card is refused naming it."""

from __future__ import annotations

import random
from typing import Any

from tests.web.conftest import Client
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.web.server import RoomServer


def start_event(session: DirectorSession, name: str, players: int) -> int:
    tournament = session.create_from_plan(NewTournamentPlan(name, "turbo", tables=2))
    floor = session.tournament
    for number in range(players):
        session.run(floor.register, f"{name} player {number + 1}")
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    session.run(floor.next_hand)
    return tournament


def seated(session: DirectorSession, tournament: int, table: int) -> list[Any]:
    return [s for s in session.following(tournament).tournament.table(table).seats if s.entry_id is not None]


def test_a_station_of_the_tournament_behind_records_there_on_the_server(qtbot, pg_url) -> None:
    floor_station = DirectorSession.open(pg_url, operator="floor", rng=random.Random(4))
    desk = DirectorSession.open(pg_url, operator="the registration desk")
    server = RoomServer(floor_station)
    try:
        main = start_event(floor_station, "Main Event Day 1A", 14)
        turbo = start_event(floor_station, "Turbo", 10)
        assert floor_station.tournament_id == turbo
        server.start("127.0.0.1", 0)
        main_card = server.station_url(1, main)
        main_code = main_card.split("token=")[1]
        assert f"tournament={main}&" in main_card and main_code != server.stations.tokens.token(1)
        assert floor_station.station_code_owner(main_code) == (main, 1)   # read back from the server's table

        tablet = Client(qtbot, server.url)
        status, answer = tablet.json("/api/station/1", token=main_code)   # the code alone: no tournament asked
        assert status == 200 and answer["station"]["tournament"] == "Main Event Day 1A", answer
        victim, winner = seated(floor_station, main, 1)[:2]
        assert [s["name"] for s in answer["station"]["seats"] if s["entry_id"]][:2] == [victim.name, winner.name]
        turbo_before = floor_station.following(turbo).runner.last_seq
        status, answer = tablet.json("/api/station/1/bust", {"hand": 1, "winners": [winner.seat],
                                                             "busted": [{"seat": victim.seat, "start_chips": 5000}]},
                                     token=main_code)
        assert status == 200 and "sent to the director to confirm" in answer["message"], answer

        behind = floor_station.following(main)
        assert [p.busts[0][1] for p in behind.stations.proposals()] == [victim.name]
        assert floor_station.stations.proposals() == []   # nothing in the Turbo in front
        assert floor_station.following(turbo).runner.last_seq == turbo_before
        reported = behind.runner.history()[-1]
        assert (reported.event_type, reported.operator) == ("station.bust_reported", "table 1 station")

        desk.select_tournament(main)   # another station on the server reads the Main Event's log
        desk.take_changes()
        assert [p.busts[0][1] for p in desk.stations.proposals()] == [victim.name]
        desk.select_tournament(turbo)
        assert desk.stations.proposals() == []

        floor_station.select_tournament(main)   # the floor brings it in front, and Edit > Undo takes it back
        assert victim.name in floor_station.undo_name()
        floor_station.undo()
        assert floor_station.stations.proposals() == []
    finally:
        server.stop()
        desk.close()
        floor_station.close()

    again = DirectorSession.open(pg_url, operator="floor")   # the program starts again with only the Turbo open
    server = RoomServer(again)
    try:
        again.select_tournament(turbo)
        server.start("127.0.0.1", 0)
        status, answer = Client(qtbot, server.url).json("/api/station/1", token=main_code)
        assert status == 409 and answer["error"].startswith("Main Event Day 1A is not open on the console"), answer
        assert server.stations.tokens.token(1) != main_code   # the Turbo's own table 1 code
    finally:
        server.stop()
        again.close()
