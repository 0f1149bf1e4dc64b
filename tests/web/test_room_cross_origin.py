"""Requests from another site, and requests that are not what the room display's own pages send: a form or a fetch
of a page on another origin (in a real Chromium, the station tablet and the director's phone signed in in the same
browser), another Host (DNS rebinding), no Origin, text/plain, a code in the address, a token without its cookie,
JSON nested too deeply. Each is refused naming the problem, nothing is recorded, and no answer can be read by
another site."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.web.browser import Browser, chromium_missing

EVIL = "http://evil.example"
STATION_ACTIONS = ("hand_done", "next_hand", "bust", "confirm_move", "count", "call_floor", "session")
REMOTE_PATHS = ("/api/remote/sign-in", "/api/remote/sign-out", "/api/remote/command")


def changing_paths() -> list[str]:
    return [*REMOTE_PATHS, *(f"/api/station/2/{action}" for action in STATION_ACTIONS)]


def recorded(session: Any) -> tuple[int, int]:
    return session.runner.last_seq, len(session.stations.calls())


@pytest.fixture
def signed_in(client, room_server) -> str:
    """The director's phone signed in (token and cookie) and table 2's tablet holding its session cookie."""
    token = client.sign_in(room_server.access.pin)
    code = room_server.stations.tokens.token(2)
    assert client.json("/api/station/2/session", {"code": code})[0] == 200
    assert f"td_station_{room_server.session.tournament_id}_2" in client.cookies and "td_remote" in client.cookies
    return token


def test_cross_origin_changes_are_refused_at_every_changing_endpoint(client, room_session, signed_in) -> None:
    before = recorded(room_session)
    body = {"pin": "000000", "device": "x", "action": "pause", "seat": 2, "hand": 1, "note": "from elsewhere"}
    for path in changing_paths():
        for headers, status, words in (
            ({"origin": EVIL}, 403, f"not from {EVIL}"),
            ({"origin": "null"}, 403, "not from null"),
            ({"origin": None}, 403, "names no Origin"),
            ({"origin": None, "referer": f"{EVIL}/page.html"}, 403, f"not from {EVIL}"),
            ({"content-type": "text/plain"}, 415, "content-type: application/json"),
            ({"content-type": "application/x-www-form-urlencoded"}, 415, "content-type: application/json"),
        ):
            answer_status, answer_headers, answer = client.request(path, body, token=signed_in, headers=headers)
            assert answer_status == status and words in json.loads(answer)["error"], (path, headers, answer)
            assert "access-control-allow-origin" not in answer_headers
    assert recorded(room_session) == before
    # the room display's own page without an Origin but with its own Referer still gets through
    status, answer = client.json("/api/station/2/call_floor", {"seat": 2},
                                 headers={"origin": None, "referer": client.base + "table/2"})
    assert status == 200 and answer["ok"], answer


def test_no_answer_carries_a_cross_origin_permission(client) -> None:
    for path in ("/api/state", "/", "/api/remote/status"):
        _status, headers, _body = client.request(path, headers={"origin": EVIL})
        assert "access-control-allow-origin" not in headers, path
    status, headers, body = client.request("/api/remote/sign-in", {"pin": "1", "device": "x"},
                                           headers={"origin": EVIL})
    assert status == 403 and "access-control-allow-origin" not in headers


def test_cross_origin_host_names_are_refused(client, room_server) -> None:
    """A site whose name was pointed at this computer (DNS rebinding) sends its own name as Host."""
    for path in ("/api/state", "/", "/remote", "/api/remote/status"):
        status, _headers, body = client.request(path, headers={"host": f"evil.example:{room_server.port}"})
        assert status == 421 and b"does not answer for evil.example" in body, (path, body)
    assert client.request("/api/state", headers={"host": f"localhost:{room_server.port}"})[0] == 200


def test_cross_origin_websocket_pages_are_refused(client) -> None:
    import websockets.sync.client as ws
    from websockets.exceptions import InvalidStatus

    url = client.base.replace("http://", "ws://") + "ws?page=phone"

    def connect(origin: str | None) -> Any:
        with ws.connect(url, open_timeout=5, origin=origin) as connection:
            return json.loads(connection.recv(timeout=5))

    with pytest.raises(InvalidStatus) as refused:
        client.background(lambda: connect(EVIL))
    assert refused.value.response.status_code == 403
    assert client.background(lambda: connect(client.origin))["format"] == "tournament-director/room-state"


def test_a_code_or_token_in_the_address_is_no_longer_accepted_for_changes(client, room_server,
                                                                         room_session) -> None:
    before = recorded(room_session)
    code = room_server.stations.tokens.token(2)
    status, answer = client.json(f"/api/station/2/call_floor?token={code}", {"seat": 2})
    assert status == 401 and "not taken in the address" in answer["error"]
    status, answer = client.json(f"/api/station/2?token={code}")
    assert status == 401
    assert recorded(room_session) == before


def test_a_remote_token_without_the_cookie_of_its_sign_in_is_refused(qtbot, client, room_server,
                                                                     room_session) -> None:
    from tests.web.conftest import Client

    token = client.sign_in(room_server.access.pin)
    elsewhere = Client(qtbot, room_server.url)   # the token copied to another browser
    status, answer = elsewhere.command(token, "pause")
    assert status == 401 and "Not signed in" in answer["error"]
    elsewhere.cookies["td_remote"] = "guessed"
    assert elsewhere.command(token, "pause")[0] == 401
    assert not [e for e in room_session.history() if e.operator.startswith("phone")]
    assert client.command(token, "pause") == (200, {"ok": True, "message": "Clock paused"})
    [paused] = [e for e in room_session.history() if e.operator.startswith("phone")]
    assert paused.operator == "phone 'Ann's iPhone' (127.0.0.1)"   # the address the command came from


def test_json_nested_too_deeply_is_a_400_without_a_traceback(client, room_server, room_session) -> None:
    before = recorded(room_session)
    code = room_server.stations.tokens.token(1)
    for path, token in (("/api/remote/sign-in", ""), ("/api/station/1/call_floor", code)):
        status, headers, body = client.request(path, raw=b"[" * 3000, token=token)
        assert status == 400 and headers["content-type"].startswith("application/json"), (path, body)
        assert json.loads(body)["error"] == "the request is not JSON the room display reads: it is nested too deeply"
        assert b"Traceback" not in body and b"Recursion" not in body
    assert recorded(room_session) == before


# ----- in a real browser -------------------------------------------------------------------------------------------
EVIL_PAGE = """<!DOCTYPE html><html><body>
<form id="form" method="POST" enctype="text/plain" action="{base}api/station/2/call_floor?token={code}">
<input name='{{"seat": 6, "note": "CSRF from evil page", "x": "' value='"}}'></form>
<iframe name="sink"></iframe>
<script>
window.results = {{}};
const paths = {paths};
async function tryAll() {{
  for (const path of paths) {{
    for (const [name, options] of [
      ["no-cors text", {{method: "POST", mode: "no-cors", credentials: "include",
                        headers: {{"content-type": "text/plain"}}, body: '{{"seat": 6, "pin": "000000"}}'}}],
      ["cors json", {{method: "POST", mode: "cors", credentials: "include",
                     headers: {{"content-type": "application/json"}}, body: '{{"seat": 6, "action": "pause"}}'}}],
    ]) {{
      try {{
        const answer = await fetch("{base}" + path.slice(1), options);
        window.results[path + " " + name] = answer.type === "opaque" ? "opaque" : await answer.text();
      }} catch (error) {{ window.results[path + " " + name] = "blocked"; }}
    }}
  }}
  try {{
    const state = await fetch("{base}api/state", {{credentials: "include"}});
    window.results["read state"] = await state.text();
  }} catch (error) {{ window.results["read state"] = "blocked"; }}
  document.getElementById("form").target = "sink";
  document.getElementById("form").submit();
  window.results.done = true;
}}
tryAll();
</script></body></html>"""


@pytest.fixture(scope="module")
def browser(qapp):
    problem = chromium_missing()
    if problem:
        pytest.fail(problem)
    opened = Browser(1024, 768)
    yield opened
    opened.close()


def serve_evil_page(page: str) -> ThreadingHTTPServer:
    class EvilSite(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            body = page.encode()
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), EvilSite)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_cross_origin_form_and_fetches_from_another_site_record_nothing(qtbot, room_server, room_session,
                                                                       browser) -> None:
    base = room_server.url
    code = room_server.stations.tokens.token(2)
    # Table 2's tablet opened from its card, and the director's phone signed in, in this very browser.
    browser.open(room_server.station_url(2))
    browser.wait_for(lambda d: "Table 2" in d.find_element("css selector", "#title").text, timeout=10)
    qtbot.wait(300)
    station_address = browser.run(lambda: browser.driver.current_url)
    browser.open(base + "remote")
    browser.type("#device-name", "Director")
    browser.type("#pin", room_server.access.pin)
    browser.click("#sign-in-button")
    browser.wait_for(lambda d: d.find_element("css selector", "#controls").is_displayed(), timeout=10)
    before = recorded(room_session)

    evil = serve_evil_page(EVIL_PAGE.format(base=base, code=code, paths=json.dumps(changing_paths())))
    try:
        browser.open(f"http://localhost:{evil.server_address[1]}/")   # another site (localhost is not 127.0.0.1)
        browser.wait_for(lambda d: d.execute_script("return window.results && window.results.done"), timeout=20)
        qtbot.wait(500)   # the form's post reaches the server
        results = browser.script("return window.results")
    finally:
        evil.shutdown()
    assert recorded(room_session) == before
    assert not room_session.stations.calls()
    assert results["read state"] == "blocked"   # no other site reads the room display's answers
    for path in changing_paths():
        assert results[f"{path} cors json"] == "blocked", path   # the preflight is not answered with a permission
        assert results[f"{path} no-cors text"] == "opaque", path  # sent, unreadable, and refused by the server
    # the tablet's address bar no longer shows the card's code, only its tournament
    assert station_address == base + f"table/2?tournament={room_session.tournament_id}"


def test_the_remote_cookie_is_replaced_through_the_page_and_a_copy_of_the_old_one_stops(qtbot,
                                                                                       room_session) -> None:
    from tests.web.conftest import Client
    from tournament_director.web.access import PROOF_OVERLAP_SECONDS, PROOF_SECONDS, RemoteAccess
    from tournament_director.web.server import RoomServer

    now = [1000.0]
    server = RoomServer(room_session, access=RemoteAccess(now=lambda: now[0]))
    server.start("127.0.0.1", 0)
    try:
        phone = Client(qtbot, server.url)
        token = phone.sign_in(server.access.pin)
        first = phone.cookies["td_remote"]
        copied = Client(qtbot, server.url)   # someone who copied the token and the cookie of that moment
        copied.cookies["td_remote"] = first
        now[0] += PROOF_SECONDS
        assert phone.json("/api/remote/status", token=token)[0] == 200   # as the page does with each state
        assert phone.cookies["td_remote"] != first   # the page got a new cookie
        now[0] += PROOF_OVERLAP_SECONDS + 1
        status, answer = copied.command(token, "pause")
        assert status == 401 and "Not signed in" in answer["error"]
        assert phone.command(token, "pause") == (200, {"ok": True, "message": "Clock paused"})
    finally:
        server.stop()
