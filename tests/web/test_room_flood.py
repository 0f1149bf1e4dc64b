"""The room display under attack from the room's network (loopback only, the attacks in a process of their own,
tests/web/room_attacks.py), beside the real console and a real Chromium: a slowloris of 2,000 connections and a
WebSocket fragment flood. Meanwhile the director backs up (Tournament > Back up now), a bust from the remote writes
a checkpoint, a pause on the console reaches the page within a second and a page opened then gets its first state.
The process starts with the soft limit on open files of a stock system (1,024), where the held connections used to
make the backup fail; the server holds a bounded number of connections and of file descriptors. The event loop's
delay is printed beside a quiet run."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from tests.benchmarks.loop_delay import LoopDelay, percentiles
from tests.ui.tournament_setup import open_session, running_tournament, show_console
from tests.web.browser import Browser
from tests.web.conftest import free_port

ATTACKS = Path(__file__).with_name("room_attacks.py")
STOCK_SOFT_LIMIT = 1024


@pytest.fixture
def stock_open_file_limit():
    """The soft limit of a stock system while the test runs (the server may raise it), put back afterwards."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(STOCK_SOFT_LIMIT, hard), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@dataclass
class Console:
    window: Any
    server: Any
    url: str
    refusals: list[str]

    @property
    def session(self) -> Any:
        return self.window.session


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch, stock_open_file_limit):
    """The console over a running tournament with its room display on (as ``--lan 127.0.0.1:PORT`` starts it)."""
    from tournament_director.ui.console.room_display import start_room_display

    refusals: list[str] = []
    for kind in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, kind, lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    running_tournament(session)
    window = show_console(qtbot, session, ui_settings)
    url = start_room_display(window, f"127.0.0.1:{free_port()}")
    yield Console(window, window.room_display.server, url, refusals)
    window.room_display.stop()
    window.close()
    session.close()


def open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


class Attack:
    """An attack in its own process; while it runs, the server's held connections and this process's open files
    are sampled every 50 ms."""

    def __init__(self, qtbot, server: Any, kind: str, connections: int, seconds: float) -> None:
        self.qtbot, self.server = qtbot, server
        self.process = subprocess.Popen([sys.executable, str(ATTACKS), kind, str(server.port), str(connections),
                                         str(seconds)], stdout=subprocess.PIPE, text=True)
        self.most_held = self.most_pages = self.most_files = 0
        self.most_resident = resident_megabytes()
        self._sampler = QTimer()
        self._sampler.timeout.connect(self._sample)
        self._sampler.start(50)

    def _sample(self) -> None:
        self.most_resident = max(self.most_resident, resident_megabytes())
        listener = self.server.listener
        if listener is None:
            return
        self.most_held = max(self.most_held, listener.held())
        self.most_pages = max(self.most_pages, listener.pages())
        self.most_files = max(self.most_files, open_files())

    def result(self) -> dict[str, int]:
        try:
            self.qtbot.waitUntil(lambda: self.process.poll() is not None, timeout=60_000)
        finally:
            self._sampler.stop()
        return json.loads(self.process.stdout.read().strip().splitlines()[-1])

    def stop(self) -> None:
        self._sampler.stop()
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def loop_delay(qtbot, milliseconds: int) -> list[float]:
    delay = LoopDelay()
    delay.start()
    qtbot.wait(milliseconds)
    delay.stop()
    return delay.late_ms


def sign_in_on_the_remote(browser: Browser, console: Console) -> None:
    browser.open(console.url + "remote", 390, 844)
    browser.type("#device-name", "Floor phone")
    browser.type("#pin", console.server.access.pin)
    browser.click("#sign-in-button")
    browser.wait_for(lambda d: d.find_element("css selector", "#controls").is_displayed())


def text_of(css: str):
    return lambda driver: driver.find_element("css selector", css).text


def the_night_goes_on(qtbot, console: Console, browser: Browser) -> dict[str, float]:
    """Pause on the console, back up, bust a player from the remote (writing a checkpoint) and open a new page;
    returns how long the page took to show the pause."""
    from selenium.common.exceptions import TimeoutException

    window, session = console.window, console.session
    pushed: list[float] = []
    console.server.pushed.connect(lambda _pages: pushed.append(time.monotonic()))
    started = time.monotonic()
    window.toggle_clock_action.trigger()
    try:
        browser.wait_for(lambda d: d.find_element("css selector", "#paused").is_displayed(), timeout=1.0)
    except TimeoutException:
        pytest.fail(f"the page did not show the pause within a second of the console (pushed after "
                    f"{[round(t - started, 3) for t in pushed]} s; running: "
                    f"{session.clock.view().running}; pages: {console.server.clients()}; the page says "
                    f"{browser.text('#connection')!r})")
    shown_after = time.monotonic() - started

    backups = Path(session.database_location).parent / "backups"
    before = set(backups.glob("*")) if backups.exists() else set()
    backup = next(a for a in window.findChildren(type(window.toggle_clock_action)) if a.text() == "Back up now")
    backup.trigger()
    assert not console.refusals, console.refusals
    made = set(backups.glob("*")) - before
    assert made and all(path.stat().st_size > 0 for path in made)
    assert "Backup saved" in window.statusBar().currentMessage()

    session.runner.snapshot_every = 1   # the next event writes a checkpoint
    victim = next(e for e in session.tournament.entries() if not e.busted and e.table is not None)
    browser.type("#bust-filter", victim.name)
    browser.choose("#bust-player", victim.name)
    browser.click("#bust-button")
    browser.click("#bust-button")
    browser.wait_for(lambda d: text_of("#message")(d).startswith(f"{victim.name} is out"), timeout=10)
    seq = session.runner.last_seq
    with sqlite3.connect(session.database_location) as database:
        assert database.execute("SELECT count(*) FROM snapshot WHERE seq = ?", (seq,)).fetchone()[0] == 1

    browser.open(console.url + "tv", 1280, 720)   # a page opened now gets its first state
    browser.wait_for(lambda d: text_of("#time-left")(d) not in ("", "--:--"), timeout=10)
    return {"pause_shown_s": shown_after}


def test_a_slowloris_of_2000_connections_leaves_backups_checkpoints_busts_and_pages_working(
        qtbot, console, browser) -> None:
    from tournament_director.web.listener import RESERVED_FDS

    server = console.server
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert soft > STOCK_SOFT_LIMIT   # raised to the hard limit when the room display started
    sign_in_on_the_remote(browser, console)
    quiet = loop_delay(qtbot, 1500)

    attack = Attack(qtbot, server, "slowloris", 2000, 8)
    try:
        qtbot.wait(1500)
        under_attack = LoopDelay()
        under_attack.start()
        figures = the_night_goes_on(qtbot, console, browser)
        under_attack.stop()
        outcome = attack.result()
    finally:
        attack.stop()
    print(f"\nslowloris of 2,000 connections: {outcome}; the server held at most {attack.most_held} connections "
          f"({server.listener.shed} shed), this process at most {attack.most_files} open files; the pause on the "
          f"page after {figures['pause_shown_s']:.2f} s\n  event loop, quiet:       {percentiles(quiet)}\n"
          f"  event loop, under attack: {percentiles(under_attack.late_ms)}")
    assert outcome["most_open"] == 2000 and outcome["closed_by_server"] > 1000   # it tried: the server shed them
    assert attack.most_held <= server.listener.limits.connections_per_address
    assert attack.most_files <= min(soft, STOCK_SOFT_LIMIT) - RESERVED_FDS   # the fds the database needs are free


def test_slowloris_senders_of_heads_and_bodies_are_dropped_after_their_time(qtbot, monkeypatch,
                                                                            room_server) -> None:
    """A head, then a body, each a byte at a time: the server drops them once their time is up, however steadily
    they trickle (it used to wait for a body as long as bytes kept coming)."""
    from tournament_director.web.http import HttpConnection
    from tournament_director.web.listener import Listener

    monkeypatch.setattr(Listener, "HEAD_TIMEOUT_MS", 600)
    monkeypatch.setattr(HttpConnection, "REQUEST_MS", 600)
    for kind in ("headers", "slowloris"):
        attack = Attack(qtbot, room_server, kind, 5, 3)
        try:
            outcome = attack.result()
        finally:
            attack.stop()
        # 5 held at a time, each dropped after 0.6 s while sending a byte every 0.5 s: 3 s drop each several times
        assert outcome["closed_by_server"] >= 10, (kind, outcome)


def test_a_websocket_fragment_flood_is_cut_off_while_the_night_goes_on(qtbot, console, browser) -> None:
    server = console.server
    sign_in_on_the_remote(browser, console)
    quiet = loop_delay(qtbot, 1500)
    resident_before = resident_megabytes()

    attack = Attack(qtbot, server, "fragments", 4, 6)
    try:
        qtbot.wait(1000)
        under_attack = LoopDelay()
        under_attack.start()
        figures = the_night_goes_on(qtbot, console, browser)
        under_attack.stop()
        outcome = attack.result()
    finally:
        attack.stop()
    grown = attack.most_resident - resident_before
    print(f"\nWebSocket fragment flood on 4 connections: {outcome}; the console grew by {grown:.0f} MB at most; "
          f"the pause on the page after {figures['pause_shown_s']:.2f} s\n"
          f"  event loop, quiet:       {percentiles(quiet)}\n"
          f"  event loop, under attack: {percentiles(under_attack.late_ms)}")
    assert outcome["closed_by_server"] >= 4   # every flooding page was dropped (and came back, and was dropped)
    # each was dropped at its first fragment: what it got to send is what the system's buffers held meanwhile
    per_connection = outcome["sent"] / outcome["closed_by_server"]
    assert per_connection < 16 * 1024 * 1024, f"{per_connection / 2**20:.0f} MB sent before each was dropped"
    assert grown < 100, f"the console kept {grown:.0f} MB of fragments"
    assert attack.most_pages <= 4 + 1   # the flooders, the page in the browser


def resident_megabytes() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_slowloris_past_the_cap_sheds_the_idlest_connections_first(qtbot, room_session) -> None:
    """At the cap, a new connection makes room by dropping the one idle the longest: silent connections opened
    before a page's last request go first, the page's keep-alive connection stays."""
    import http.client
    import socket

    from tests.web.conftest import Client
    from tournament_director.web.listener import ConnectionLimits
    from tournament_director.web.server import RoomServer

    server = RoomServer(room_session)
    server.limits = ConnectionLimits(connections=20, connections_per_address=1000)
    server.start("127.0.0.1", 0)
    client = Client(qtbot, server.url)
    silent: list[socket.socket] = []
    http_page = None
    try:
        def open_silent(count: int) -> None:
            for _ in range(count):
                silent.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
            qtbot.waitUntil(lambda: server.listener.held() >= min(20, len(silent) + 1), timeout=5000)

        def ask_on_the_page() -> int:
            http_page.request("GET", "/api/state")
            answer = http_page.getresponse()
            answer.read()
            return answer.status

        http_page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        assert client.background(ask_on_the_page) == 200
        open_silent(10)
        qtbot.wait(100)
        assert client.background(ask_on_the_page) == 200   # the page is the most recently active now
        open_silent(15)   # 26 would be held: the 6 idlest go
        qtbot.wait(300)
        assert server.listener.held() == 20 and server.listener.shed == 6

        def closed(connection: socket.socket) -> bool:
            connection.settimeout(0.2)
            try:
                return connection.recv(1) == b""
            except (TimeoutError, socket.timeout):
                return False
            except OSError:
                return True
        gone = client.background(lambda: [closed(c) for c in silent])
        assert gone == [True] * 6 + [False] * 19, gone
        assert client.background(ask_on_the_page) == 200   # on the same kept-alive connection
    finally:
        for connection in silent:
            connection.close()
        if http_page is not None:
            http_page.close()
        server.stop()


def test_slowloris_caps_leave_the_reserved_descriptors_under_a_low_hard_limit(monkeypatch) -> None:
    """Where the open files' hard limit is a stock 1,024 (it cannot be raised), the caps shrink so that held
    connections and pages together never reach into what the database and its backups keep."""
    from tournament_director.web import listener
    from tournament_director.web.listener import RESERVED_FDS, ConnectionLimits

    monkeypatch.setattr(listener, "raise_open_file_limit", lambda: STOCK_SOFT_LIMIT)
    limits = ConnectionLimits.for_this_process()
    assert limits.connections + limits.pages <= STOCK_SOFT_LIMIT - RESERVED_FDS
    assert limits.connections_per_address <= limits.connections and limits.pages_per_address <= limits.pages
    assert limits.connections >= 100 and limits.pages >= 300   # still a room's worth of phones
    monkeypatch.setattr(listener, "raise_open_file_limit", lambda: 20_000)
    assert ConnectionLimits.for_this_process() == ConnectionLimits()
