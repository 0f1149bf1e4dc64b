"""Shared set-up for the room display's tests: a running tournament over a real SQLite file, and clients that
talk to the server from a worker thread while the Qt event loop (where the server runs) keeps turning."""

from __future__ import annotations

import json
import os
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(scope="module")
def browser(qapp) -> Iterator[Any]:
    """One real headless Chromium for a module's page tests (a module needing another window size has its own)."""
    from tests.web.browser import Browser, chromium_missing

    problem = chromium_missing()
    if problem:
        pytest.fail(problem)
    opened = Browser()
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def browsers(qapp) -> Iterator[Any]:
    """Three real headless Chromium windows, tablet-sized, for a module's table-station tests (three tables)."""
    from tests.web.browser import Browser, chromium_missing

    problem = chromium_missing()
    if problem:
        pytest.fail(problem)
    opened = [Browser(1024, 768) for _ in range(3)]
    yield opened
    for browser in opened:
        browser.close()


@pytest.fixture
def room_session(tmp_path: Path, qapp) -> Iterator[Any]:
    """Twenty players at three tables, the clock running, one player out (tests/ui/tournament_setup.py)."""
    from tests.ui.tournament_setup import open_session, running_tournament

    session = open_session(tmp_path)
    running_tournament(session)
    yield session
    session.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Client:
    """HTTP and WebSocket calls made on a worker thread; the GUI thread turns the Qt loop until they finish. Like
    the room display's own pages, it names the room display as its Origin and sends back the cookies it was set."""

    def __init__(self, qtbot: Any, base: str) -> None:
        self.qtbot = qtbot
        self.base = base
        self.origin = base.rstrip("/")
        self.cookies: dict[str, str] = {}

    def background(self, work: Callable[[], Any], timeout: float = 10.0) -> Any:
        outcome: dict[str, Any] = {}

        def run() -> None:
            try:
                outcome["value"] = work()
            except BaseException as error:
                outcome["error"] = error

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self.qtbot.waitUntil(lambda: not thread.is_alive(), timeout=int(timeout * 1000))
        if "error" in outcome:
            raise outcome["error"]
        return outcome["value"]

    def request(self, path: str, body: Any = None, *, token: str = "", method: str | None = None,
                raw: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """``headers`` add to (or, with None values, take out of) the page's own: content-type, origin, cookie."""
        def call() -> tuple[int, dict[str, str], bytes]:
            data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
            sent = {"content-type": "application/json", "origin": self.origin}
            if self.cookies:
                sent["cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
            if token:
                sent["authorization"] = f"Bearer {token}"
            for name, value in (headers or {}).items():
                if value is None:
                    sent.pop(name, None)
                else:
                    sent[name] = value
            request = urllib.request.Request(self.base + path.lstrip("/"), data=data, headers=sent,
                                             method=method or ("POST" if data is not None else "GET"))
            try:
                with urllib.request.urlopen(request, timeout=5) as response:
                    answer = response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                answer = error.code, error.headers, error.read()
            for cookie in answer[1].get_all("set-cookie") or []:
                name, _sep, value = cookie.split(";")[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            return answer[0], {k.lower(): v for k, v in answer[1].items()}, answer[2]
        return self.background(call)

    def json(self, path: str, body: Any = None, *, token: str = "",
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        status, _headers, data = self.request(path, body, token=token, headers=headers)
        return status, json.loads(data)

    def sign_in(self, pin: str, device: str = "Ann's iPhone") -> str:
        status, answer = self.json("/api/remote/sign-in", {"pin": pin, "device": device})
        assert status == 200, answer
        return answer["token"]

    def command(self, token: str, action: str, **params: Any) -> tuple[int, dict[str, Any]]:
        return self.json("/api/remote/command", {"action": action, **params}, token=token)


@pytest.fixture
def room_server(qtbot, room_session) -> Iterator[Any]:
    from tournament_director.web.server import RoomServer

    server = RoomServer(room_session)
    server.start("127.0.0.1", 0)
    yield server
    server.stop()


@pytest.fixture
def client(qtbot, room_server) -> Client:
    return Client(qtbot, room_server.url)
