"""The table stations' JSON API on the real server over loopback, and hostile requests: a wrong or revoked token,
another table's token, a request naming another table, an unknown seat, an impossible stack, malformed JSON, a
stale hand. Each is answered with a clear error and nothing is recorded."""

from __future__ import annotations

import json
from typing import Any

import pytest


def seated(session: Any, table: int) -> list[Any]:
    return [s for s in session.tournament.table(table).seats if s.entry_id is not None]


@pytest.fixture
def station(room_server):
    """(path, code) of a station's request; the code travels in the Authorization header."""
    def path(table: int, action: str = "", token: str | None = None) -> tuple[str, str]:
        code = room_server.stations.tokens.token(table) if token is None else token
        return f"/api/station/{table}{'/' + action if action else ''}", code
    return path


def ask(client: Any, call: tuple[str, str], body: Any = None, query: str = "") -> tuple[int, dict[str, Any]]:
    path, code = call
    return client.json(path + query, body, token=code)


def test_a_station_reads_its_table_and_reports_a_hand_done(room_session, room_server, client, station) -> None:
    status, answer = ask(client, station(2))
    assert status == 200 and answer["ok"]
    view = answer["station"]
    assert view["table"] == 2 and view["hand"] == 1 and view["in_hand"] and not view["done"]
    names = [s["name"] for s in view["seats"] if s["entry_id"]]
    assert names == [s.name for s in seated(room_session, 2)]
    assert view["clock"]["level"]["small_blind"] > 0 and view["next_big_blind"] is not None
    status, answer = ask(client, station(2, "hand_done"), {"hand": 1})
    assert status == 200 and answer["message"] == "Hand 1 done" and answer["station"]["done"]
    assert not room_session.tournament.table(2).in_hand
    status, answer = ask(client, station(2, "next_hand"), {"hand": 1})
    assert status == 200 and answer["message"] == "Hand 2 is dealt"
    assert room_session.tournament.table(2).hand_number == 2 and not answer["station"]["done"]
    operators = [e.operator for e in room_session.history()[-2:]]
    assert operators == ["table 2 station", "table 2 station"]
    sequence = answer["station"]["sequence"]
    status, answer = ask(client, station(2), query=f"?since={sequence}")
    assert status == 200 and answer == {"ok": True, "unchanged": True, "sequence": sequence}
    status, answer = ask(client, station(2), query=f"?since={sequence - 1}")
    assert answer["station"]["hand"] == 2


def test_the_html_page_needs_the_table_token(room_server, client) -> None:
    token = room_server.stations.tokens.token(1)
    status, headers, body = client.request(f"/table/1?token={token}")
    assert status == 200 and b"station.js" in body and headers["content-type"].startswith("text/html")
    status, headers, body = client.request(f"/table/2?token={token}")
    assert status == 403 and b"not table 2's code" in body
    assert headers["content-type"].startswith("text/html") and b'"ok"' not in body   # a page, not raw JSON
    assert client.request("/station.js")[0] == 200


def refused(client: Any, call: tuple[str, str], body: Any = None, raw: bytes | None = None) -> tuple[int, str]:
    path, code = call
    status, _headers, data = client.request(path, body, raw=raw, token=code,
                                            method="POST" if raw is not None else None)
    return status, json.loads(data)["error"]


def test_hostile_requests_are_refused_and_nothing_is_recorded(room_session, room_server, client, station) -> None:
    before = room_session.runner.last_seq
    seats = seated(room_session, 1)
    one_token = room_server.stations.tokens.token(1)
    cases = [
        (station(1, "hand_done", token="made-up"), {"hand": 1}, None, 403, "not table 1's code"),
        (station(2, "hand_done", token=one_token), {"hand": 1}, None, 403, "not table 2's code"),
        (station(1, "hand_done"), {"hand": 1, "table": 2}, None, 403, "acts on table 1 only"),
        (station(1, "hand_done"), {"hand": 0}, None, 409, "on hand 1 now, not hand 0"),
        (station(1, "hand_done"), {"hand": "1"}, None, 409, "the hand must be a whole number"),
        (station(1, "bust"), {"hand": 1, "busted": [{"seat": 11, "start_chips": 100}], "winners": []}, None, 409,
         "table 1 has no seat 11"),
        (station(1, "bust"), {"hand": 1, "busted": [{"seat": seats[0].seat, "start_chips": 10**9}],
                              "winners": [seats[1].seat]}, None, 409, "more than all the chips in play"),
        (station(1, "bust"), {"hand": 1, "busted": [{"seat": seats[0].seat, "start_chips": -5}],
                              "winners": [seats[1].seat]}, None, 409, "at least 0"),
        (station(1, "bust"), {"hand": 1, "busted": [{"seat": seats[0].seat}], "winners": [seats[1].seat]}, None,
         409, f"give {seats[0].name}'s stack"),
        (station(1, "count"), {"counts": {str(seats[0].seat): "lots"}}, None, 409, "the stack in seat"),
        (station(1, "call_floor"), {"seat": 99}, None, 409, "the seat must be 1 to"),
        (station(1, "teleport"), {}, None, 404, "no command 'teleport'"),
        (station(1, "hand_done"), None, b"{not json", 400, "not JSON"),
        (station(1, "hand_done"), None, b"[1, 2]", 400, "a JSON object"),
    ]
    for path, body, raw, want_status, want_text in cases:
        status, error = refused(client, path, body, raw)
        assert status == want_status and want_text in error, (path, body, status, error)
    assert room_session.runner.last_seq == before


def test_a_revoked_code_stops_working_and_the_new_one_works(room_session, room_server, client, station) -> None:
    old = room_server.stations.tokens.token(3)
    new = room_server.stations.tokens.revoke(3)
    assert new != old
    status, error = refused(client, station(3, "call_floor", token=old), {"seat": 2})
    assert status == 403 and "replaced it" in error
    status, answer = ask(client, station(3, "call_floor", token=new), {"seat": 2, "note": "clock  the player"})
    assert status == 200 and answer["station"]["calls"][0]["note"] == "clock the player"


def test_the_codes_printed_on_the_table_cards_still_work_after_the_program_restarts(qtbot, tmp_path) -> None:
    from tests.ui.tournament_setup import open_session, running_tournament
    from tests.web.conftest import Client
    from tournament_director.web.server import RoomServer

    session = open_session(tmp_path)
    running_tournament(session)
    tournament = session.tournament_id
    server = RoomServer(session)
    server.start("127.0.0.1", 0)
    kept, replaced = server.stations.tokens.token(1), server.stations.tokens.token(2)
    tablet = Client(qtbot, server.url)   # table 1's tablet opened from its card: it holds its session cookie
    assert tablet.json("/api/station/1/session", {"code": kept})[0] == 200
    renewed = server.stations.tokens.revoke(2)
    server.stop()
    session.close()

    session = open_session(tmp_path)   # the program starts again on the same file
    session.select_tournament(tournament)
    server = RoomServer(session)
    server.start("127.0.0.1", 0)
    try:
        client = Client(qtbot, server.url)
        assert client.json("/api/station/1", token=kept)[0] == 200
        assert client.json("/api/station/2", token=renewed)[0] == 200
        status, error = refused(client, ("/api/station/2/call_floor", replaced), {"seat": 1})
        assert status == 403 and "replaced it" in error
        assert server.stations.tokens.token(1) == kept   # the console shows and prints the same code again
        tablet.base, tablet.origin = server.url, server.url.rstrip("/")   # the same tablet, the console back
        status, answer = tablet.json("/api/station/1")
        assert status == 200 and answer["station"]["table"] == 1   # its session holds, as the card does
    finally:
        server.stop()
        session.close()
