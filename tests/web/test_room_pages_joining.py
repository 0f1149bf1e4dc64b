"""Pages joining the room display in a real headless Chromium, beside the real console: the players and the results
of the state are read from the floor once per change, however many pages join until the next change, and every
page shows the same room; after the director busts a player on the console, the next state is read again and each
page shows the new place."""

from __future__ import annotations

import json

from tests.web.test_room_pages import bust_on_console, room, text_of, within_a_second  # noqa: F401


def test_pages_joining_between_two_changes_read_the_floor_once_and_all_follow_the_next_change(qtbot, room, browser,
                                                                                              artifacts_dir) -> None:
    session, server = room.session, room.server
    floor = session.tournament
    reads: list[int] = []
    entries = floor.entries

    def counted_entries():  # type: ignore[no-untyped-def]
        reads.append(1)
        return entries()

    floor.entries = counted_entries  # every read of every entry goes through here (the console is idle meanwhile)
    left = str(len([e for e in entries() if not e.busted]))
    for _ in range(3):
        browser.open(room.url, 390, 844)
        browser.wait_for(lambda d: text_of("#players-left")(d) == left)
        browser.type("#seat-search", "a")
        browser.wait_for(lambda d: text_of("#seat-results")(d).strip() != "")
    browser.screenshot(artifacts_dir / "room-display-phone-joined.png")
    states = [json.loads(server._state_text()) for _ in range(2)]
    assert len(reads) <= 1   # the first page after the last change, or none when a push had read it already
    assert states[0]["players"] == states[1]["players"] and states[0]["results"] == states[1]["results"]
    assert len(states[0]["players"]) == int(left)

    victim, winner = _victim_and_winner(entries())
    bust_on_console(qtbot, room.window, victim.name, winner.name)
    within_a_second(browser, lambda d: text_of("#players-left")(d) == str(int(left) - 1), "the bust")
    state = json.loads(server._state_text())
    assert [r["name"] for r in state["results"] if r["place"] == int(left)] == [victim.name]
    assert victim.name not in [p["name"] for p in state["players"]]


def _victim_and_winner(entries):  # type: ignore[no-untyped-def]
    seated = [e for e in entries if not e.busted and e.table is not None and e.name.isascii()]  # typed by keys
    victim = seated[0]
    winner = next(e for e in seated if e.table == victim.table and e.entry_id != victim.entry_id)
    return victim, winner


def test_a_page_joining_is_sent_the_state_as_its_utf8_json_in_a_binary_message_encoded_once_per_change(
        qtbot, room_server, client) -> None:
    import websockets.sync.client as ws

    url = room_server.url.replace("http://", "ws://") + "ws?page=phone&binary=1"  # as the room's own pages ask

    def join(address: str = url) -> bytes | str:
        with ws.connect(address, open_timeout=10) as connection:
            return connection.recv(timeout=10)

    plain = client.background(lambda: join(url.removesuffix("&binary=1")))
    assert isinstance(plain, str)  # signage or an overlay that did not ask: the documented JSON text message
    first = client.background(join)
    assert isinstance(first, bytes)  # a binary message, not a text one
    kept = room_server._memory.parts_bytes()
    second = client.background(join)
    assert isinstance(second, bytes)
    state = json.loads(second.decode("utf-8"))
    assert json.loads(plain)["players"] == state["players"]
    _status, served = client.json("/api/state")
    assert state["players"] == served["players"] and state["results"] == served["results"]
    assert "Chloé Martin" in [p["name"] for p in state["players"] + state["results"]]
    assert room_server._memory.parts_bytes() is kept and kept in second  # encoded once, sent as it was
