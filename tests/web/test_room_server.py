"""The room display server over real sockets: the JSON state at /api/state and on the WebSocket, the pages, live
pushes, and remote commands that are the console's own commands, recorded under the phone's name and refused
in plain words when they do not apply."""

from __future__ import annotations

import json
import re

import pytest

from tournament_director.web.access import FREE_TRIES


def websocket_messages(client, count: int, after=None, page: str = "phone") -> list[dict]:
    """Open a page's WebSocket, call ``after()`` on the GUI thread once it is open, and read ``count`` states."""
    import websockets.sync.client as ws

    url = client.base.replace("http://", "ws://") + f"ws?page={page}"
    opened: list[bool] = []
    received: list[dict] = []

    def read() -> list[dict]:
        with ws.connect(url, open_timeout=5) as connection:
            received.append(json.loads(connection.recv(timeout=5)))
            opened.append(True)
            while len(received) < count:
                message = json.loads(connection.recv(timeout=5))
                if "heartbeat" not in message:
                    received.append(message)
        return received

    import threading

    result: dict = {}
    thread = threading.Thread(target=lambda: result.setdefault("value", read()), daemon=True)
    thread.start()
    client.qtbot.waitUntil(lambda: bool(opened) or not thread.is_alive(), timeout=5000)
    if after is not None:
        after()
    client.qtbot.waitUntil(lambda: not thread.is_alive(), timeout=5000)
    assert "value" in result, "the WebSocket read failed"
    return result["value"]


def test_api_state_is_the_object_the_websocket_pushes(client, room_session) -> None:
    status, headers, body = client.request("/api/state")
    assert status == 200
    assert headers["content-type"] == "application/json; charset=utf-8"
    assert headers["cache-control"] == "no-store"
    state = json.loads(body)
    [pushed] = websocket_messages(client, 1)
    assert set(state) == set(pushed)
    assert state["format"] == "tournament-director/room-state" and state["version"] == 1
    assert state["sequence"] == pushed["sequence"] == room_session.runner.last_seq
    assert state["players"] == pushed["players"]
    assert state["tournament"]["name"] == "Friday Night Hold'em"
    clock = state["clock"]
    assert clock["running"] is True and clock["level"]["number"] == 1
    assert clock["level"]["small_blind"] == 100 and clock["level"]["big_blind"] == 200
    assert 0 < clock["remaining_ms"] <= 20 * 60 * 1000
    assert abs(clock["remaining_ms"] - pushed["clock"]["remaining_ms"]) < 3000
    figures = room_session.floor_figures()
    assert state["figures"]["players_left"] == figures.players_left == 19
    assert state["figures"]["entries"] == 20
    assert state["figures"]["average_stack"] == figures.average_stack
    assert state["figures"]["prize_pool"] == figures.prize_pool
    assert [p["amount"] for p in state["payouts"]] == [a for a in room_session.tournament.prize_pool().prizes if a]
    [out] = state["results"]
    assert (out["place"], out["name"]) == (20, "Grace O'Malley")
    assert out["eliminated_by"] == ["Ana Souza"]
    seats = {e.name: (e.table, e.seat) for e in room_session.tournament.entries() if not e.busted}
    assert {p["name"]: (p["table"], p["seat"]) for p in state["players"]} == seats


def test_pages_are_html_that_runs_only_their_own_scripts(client) -> None:
    for path in ("/", "/tv", "/remote"):
        status, headers, body = client.request(path)
        assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
        assert "script-src" not in headers["content-security-policy"]  # default-src 'self': no inline script
        assert "default-src 'self'" in headers["content-security-policy"]
        assert b"<script src=\"/room.js\"" in body and b"<script>" not in body
        assert b"http://" not in body and b"https://" not in body  # nothing fetched from elsewhere
    status, headers, _ = client.request("/room.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    status, headers, body = client.request("/qr.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml" and b"<svg" in body
    status, _, body = client.request("/nowhere")
    assert status == 404 and b"the room display is at /, /tv and /remote" in body
    status, _, _ = client.request("/", raw=b"{}", method="POST")
    assert status == 405


def test_no_contact_details_reach_the_room(client, room_session) -> None:
    player = room_session.add_player("Zoë Contact", contact="zoe@example.org +41 79 555 12 34", notes="VIP table 1")
    room_session.run(room_session.tournament.close_registration, False)
    room_session.run(room_session.tournament.register, "Zoë Contact", player.id)
    _, _, body = client.request("/api/state")
    text = body.decode()
    assert "Zoë Contact" in text
    assert "zoe@example.org" not in text and "555" not in text and "VIP" not in text


def test_a_change_reaches_every_page_whether_or_not_the_session_announced_it(client, room_session) -> None:
    clock = room_session.clock
    pages = []

    def pause_then_jump() -> None:
        room_session.run(clock.pause)  # the console's way: the session tells its listeners
        client.qtbot.waitUntil(lambda: not room_session.clock.view().running, timeout=2000)

    pages.append(websocket_messages(client, 2, after=pause_then_jump))
    assert pages[0][-1]["clock"]["running"] is False
    # The console's clock timer records level changes through the clock service alone; the server notices the
    # log moving on and pushes as well.
    state = websocket_messages(client, 2, after=clock.next_level, page="tv")
    assert state[-1]["clock"]["level"]["number"] == 2


def test_remote_commands_are_refused_in_plain_words_when_they_do_not_apply(client, room_server, room_session) -> None:
    assert client.command("", "pause") == (401, {
        "ok": False, "wait_seconds": None,
        "error": "Not signed in, or the session expired or the PIN changed: sign in with the PIN shown on the "
                 "console."})
    token = client.sign_in(room_server.access.pin)
    assert client.command(token, "pause") == (200, {"ok": True, "message": "Clock paused"})
    assert client.command(token, "pause") == (409, {"ok": False, "error": "Refused: the clock is already paused"})
    assert client.command(token, "add_time", seconds=0)[1]["error"].startswith("Refused: add or remove between")
    assert client.command(token, "add_time", seconds="lots")[1]["error"] == "Refused: seconds must be a whole number"
    assert client.command(token, "format_disk")[1]["error"].startswith("Refused: 'format_disk' is not a remote action")
    grace = next(e for e in room_session.tournament.entries() if e.name == "Grace O'Malley")
    assert client.command(token, "bust", entry_id=grace.entry_id)[1]["error"] == "Refused: Grace O'Malley is already out"
    assert client.command(token, "bust", entry_id=999)[1]["error"] == "Refused: there is no player number 999 in this tournament"
    status, answer = client.command(token, "accept_moves", proposal="0123")
    assert (status, answer["error"]) == (409, "Refused: no proposed moves are waiting (check the balance first)")
    status, _, body = client.request("/api/remote/command", raw=b"not json", token=token)
    assert status == 400 and json.loads(body)["error"] == "the request is not JSON"
    status, _, _ = client.request("/api/remote/command", token=token)
    assert status == 405
    refused = [e for e in room_session.history() if e.operator.startswith("phone")]
    assert [e.event_type for e in refused] == ["clock.paused"]  # only what was done is in the log


def test_a_remote_bust_proposes_moves_and_accepting_applies_exactly_what_the_phone_saw(client, room_server,
                                                                                      room_session) -> None:
    floor = room_session.tournament
    token = client.sign_in(room_server.access.pin, "Floor phone")
    short = min((t for t in floor.tables() if t.players), key=lambda t: t.players)
    victim, winner = [s for s in short.seats if s.entry_id is not None][:2]
    status, answer = client.command(token, "bust", entry_id=victim.entry_id, eliminated_by=[winner.entry_id])
    assert status == 200
    assert answer["message"].startswith(f"{victim.name} is out in 19th place, eliminated by {winner.name}; ")
    _, shown = client.json("/api/remote/status", token=token)
    proposal = shown["proposal"]
    assert proposal is not None and proposal["moves"]
    status, answer = client.command(token, "accept_moves", proposal="stale")
    assert status == 409 and "changed since your phone showed them" in answer["error"]
    status, answer = client.command(token, "accept_moves", proposal=proposal["key"])
    assert status == 200 and answer["message"].startswith("Moved: ")
    move = proposal["moves"][0]
    moved = next(e for e in floor.entries() if e.name == move["name"])
    assert (moved.table, moved.seat) == (move["to_table"], move["to_seat"])
    log = room_session.history()
    assert [(e.event_type, e.operator) for e in log[-2:]] == [
        ("entry.busted", "phone 'Floor phone' (127.0.0.1)"), ("moves.accepted", "phone 'Floor phone' (127.0.0.1)")]
    _, state = client.json("/api/state")
    shown_moves = {m["name"]: m for m in state["moves"]}
    assert set(shown_moves) == {m["name"] for m in proposal["moves"]}
    assert shown_moves[move["name"]]["to_table"] == move["to_table"]
    seat = next(p for p in state["players"] if p["name"] == move["name"])
    assert seat["moved"] == {"from_table": move["from_table"], "from_seat": move["from_seat"],
                             "at": shown_moves[move["name"]]["at"]}

    # Rejecting: the proposal is dropped, nobody moves, nothing is recorded.
    room_server.commands.desk.show(None)
    status, answer = client.command(token, "reject_moves", proposal="0123")
    assert (status, answer["error"]) == (409, "Refused: no proposed moves are waiting (check the balance first)")
    thin = min((t for t in floor.tables() if t.players), key=lambda t: t.players)
    for seat in [s for s in thin.seats if s.entry_id is not None][:2]:
        assert client.command(token, "bust", entry_id=seat.entry_id)[0] == 200
    status, answer = client.command(token, "check_balance")
    _, shown = client.json("/api/remote/status", token=token)
    assert shown["proposal"] is not None, answer
    before = room_session.runner.last_seq
    status, answer = client.command(token, "reject_moves", proposal=shown["proposal"]["key"])
    assert (status, answer["message"]) == (200, "Proposed moves rejected: nobody moves")
    assert client.json("/api/remote/status", token=token)[1]["proposal"] is None
    assert room_session.runner.last_seq == before


def test_a_remote_call_for_a_chip_count_is_logged_shown_and_undone(client, room_server, room_session) -> None:
    token = client.sign_in(room_server.access.pin)
    status, answer = client.command(token, "call_chip_count", note="  before the   final table ")
    assert (status, answer["message"]) == (200, "Chip count called: before the final table")
    _, state = client.json("/api/state")
    assert state["notices"]["chip_count"]["note"] == "before the final table"
    last = room_session.history()[-1]
    assert (last.event_type, last.description, last.operator) == (
        "chip_count.called", "Chip count called: before the final table", "phone 'Ann's iPhone' (127.0.0.1)")
    room_session.undo()
    _, state = client.json("/api/state")
    assert state["notices"]["chip_count"] is None


def test_wrong_pins_over_http_are_refused_then_answered_with_the_wait(client) -> None:
    for _ in range(FREE_TRIES - 1):
        status, answer = client.json("/api/remote/sign-in", {"pin": "000000", "device": "Guess"})
        assert status == 403 and answer["error"].startswith("Wrong PIN")
    status, headers, body = client.request("/api/remote/sign-in", {"pin": "000000", "device": "Guess"})
    assert status == 429 and headers["retry-after"] == "30"
    assert json.loads(body)["error"] == ("Wrong PIN. Too many wrong PINs from 127.0.0.1: wait 30 seconds before "
                                         "trying again. The director can let you in at once from the console "
                                         "(Tools > Room display: Unlock sign-in, or New PIN).")


def test_the_runner_goes_back_to_its_own_operator_even_after_a_refusal(room_session) -> None:
    from tournament_director.domain.errors import DomainError

    runner = room_session.runner
    with pytest.raises(DomainError), runner.operated_by("phone 'X' (10.0.0.9)"):
        room_session.clock.next_level()
        raise DomainError("refused half-way")
    assert runner.operator == "director"
    assert room_session.history()[-1].operator == "phone 'X' (10.0.0.9)"
    with pytest.raises(DomainError, match="needs an operator"), runner.operated_by("  "):
        pass


def test_every_field_of_the_room_state_is_documented(client, room_session) -> None:
    """docs/room-display.md describes the state field by field: a field added without a word there fails here."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "room-display.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_.\[\]]+)` \|", doc, flags=re.MULTILINE))
    _, state = client.json("/api/state")
    fields = set(state) - {"clock", "figures", "notices"}
    fields |= {f"clock.{k}" for k in state["clock"]} | {f"notices.{k}" for k in state["notices"]}
    fields.add("players[].moved")
    missing = fields - documented
    assert not missing, f"not in docs/room-display.md: {sorted(missing)}"
    for part, keys in (("figures", state["figures"]), ("players", state["players"][0]),
                       ("results", state["results"][0]), ("clock.level", state["clock"]["level"])):
        row = next(line for line in doc.splitlines() if line.startswith(f"| `{part}` |"))
        for key in keys:
            assert f"`{key}`" in row, f"{part}.{key} is not described in docs/room-display.md"


def test_the_final_table_hand_for_hand_and_the_end_show_as_notices(tmp_path, qapp) -> None:
    from tests.ui.tournament_setup import open_session, seated_tournament
    from tournament_director.web.state import MoveMemory, build_room_state

    session = open_session(tmp_path / "final")
    try:
        seated_tournament(session, players=4, tables=1)
        floor = session.tournament
        notices = build_room_state(session, MoveMemory())["notices"]
        assert notices == {"hand_for_hand": False, "final_table": True, "finished": False, "chip_count": None}
        session.run(floor.set_hand_for_hand, True)
        assert build_room_state(session, MoveMemory())["notices"]["hand_for_hand"] is True
        live = [e.entry_id for e in floor.entries()]
        for loser in live[1:]:
            session.run(floor.bust, loser, [live[0]])
        state = build_room_state(session, MoveMemory())
        assert state["notices"]["finished"] is True and state["notices"]["final_table"] is False
        assert state["notices"]["hand_for_hand"] is False
        assert [(r["place"], r["busted_at"] is None) for r in state["results"]][:2] == [(1, True), (2, False)]
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", state["results"][1]["busted_at"])
    finally:
        session.close()


def test_a_page_still_taking_in_a_state_as_large_as_the_buffer_is_not_cut_off(client, room_server) -> None:
    """At 100,000 entries one state is larger than the buffer a page may fall behind by: a page still taking in its
    last state when the next change is pushed keeps its connection and gets every state."""
    room_server.MOST_BUFFERED_BYTES = 1  # every state here is larger than that, as a 10 MiB state is than 4 MiB
    states = websocket_messages(client, 3, after=lambda: (room_server.push(), room_server.push()))
    assert len(states) == 3 and states[0]["sequence"] == states[2]["sequence"]


def test_the_state_is_ready_as_the_room_display_starts_so_the_first_page_to_join_builds_nothing(
        client, room_server, room_session) -> None:
    """Built whole as the director switches the room display on (about a second at 100,000 entries), the state is
    then kept: the first phone to join, in the middle of a level, takes it as it is instead of stalling the clock."""
    client.qtbot.waitUntil(lambda: room_server._memory.change is not None, timeout=3000)
    kept = room_server._memory.lists.players
    built = room_server.states_built
    [joined] = websocket_messages(client, 1)
    assert joined["sequence"] == room_session.runner.last_seq and joined["players"]
    assert room_server._memory.lists.players is kept  # the kept list itself, not one built again
    assert room_server.states_built == built + 1  # the page's own part and the kept parts, not a second build
