"""Benchmark (run by `make bench`): 100 table stations reporting hands at once while the director works the console.

A real session over SQLite (700 entries at 100 tables, the clock running), the real console window and its room
display server in this process's Qt event loop. 100 station clients on threads (one keep-alive HTTP connection
each, over loopback) report rounds together: all of them tap Hand done, then Next hand, then read their table
(as the page polls, with the sequence last seen), as fast as the console answers. Meanwhile the director pauses
and resumes the clock COMMANDS times through the console's own path (MainWindow.clock_command, what Space runs),
EVERY_MS after the last one was done.

Printed: the director's command latency (from the moment the command was due to the command done and drawn, so
the wait for the event loop counts) and the console's event-loop delay (the lateness of a 10 ms timer), both
beside the same commands with no station connected, measured in the same run; the stations' own request times;
how many times the console drew its tab for how many station events, and built the room state for the pages;
how long the tab took to come to the front and be painted the first time (done before the runs: a hundred
tables' first layout is not a command's cost). Never fails on time.
"""

from __future__ import annotations

import http.client
import json
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings, QTimer, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from tournament_setup import open_session  # noqa: E402

from tests.benchmarks.loop_delay import LoopDelay, percentiles  # noqa: E402
from tournament_director.services.clock import ClockService
from tournament_director.services.session import NewTournamentPlan  # noqa: E402
from tournament_director.ui.console.room_display import start_room_display  # noqa: E402
from tournament_director.ui.console.window import MainWindow  # noqa: E402

STATIONS = 100
PLAYERS_PER_TABLE = 7
COMMANDS = 40
EVERY_MS = 100


def _director(qtbot, window) -> list[float]:
    """Pause and resume the clock COMMANDS times, EVERY_MS after the last one was done, as a director presses a
    key and looks. Each command's latency runs from the moment it was due (EVERY_MS after the last) to the
    command done and drawn: the wait for the event loop counts, as a key press waits for it."""
    latencies: list[float] = []
    pause = QTimer()
    pause.setSingleShot(True)
    pause.setTimerType(Qt.TimerType.PreciseTimer)
    due = [0.0]

    def wait_then_press() -> None:
        due[0] = time.perf_counter() + EVERY_MS / 1000
        pause.start(EVERY_MS)

    def press() -> None:
        window.clock_command(ClockService.pause if len(latencies) % 2 == 0 else ClockService.resume)
        latencies.append((time.perf_counter() - due[0]) * 1000)
        if len(latencies) < COMMANDS:
            wait_then_press()
    pause.timeout.connect(press)
    wait_then_press()
    qtbot.waitUntil(lambda: len(latencies) == COMMANDS, timeout=120_000)
    return latencies


class Station(threading.Thread):
    """One table's tablet: rounds of Hand done, Next hand and a read of the table, in step with the others."""

    def __init__(self, port: int, table: int, token: str, start: threading.Barrier, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.table, self.token = port, table, token
        self.start_together, self.stop = start, stop
        self.request_ms: list[float] = []
        self.reports = 0
        self.errors: list[str] = []

    def _call(self, connection: http.client.HTTPConnection, action: str, body: dict | None,
              since: int | None = None) -> dict:
        path = f"/api/station/{self.table}{'/' + action if action else ''}"
        if since is not None:
            path += f"?since={since}"   # as the page reads: nothing new costs almost nothing
        headers = {"authorization": f"Bearer {self.token}", "origin": f"http://127.0.0.1:{self.port}"}
        started = time.perf_counter()
        if body is None:
            connection.request("GET", path, headers=headers)
        else:
            connection.request("POST", path, json.dumps(body), {**headers, "content-type": "application/json"})
        answer = json.loads(connection.getresponse().read())
        self.request_ms.append((time.perf_counter() - started) * 1000)
        if not answer.get("ok"):
            self.errors.append(answer.get("error", "?"))
        return answer

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            hand = self._call(connection, "", None)["station"]["hand"]
            self.start_together.wait(60)
            while not self.stop.is_set():
                self._call(connection, "hand_done", {"hand": hand})
                dealt = self._call(connection, "next_hand", {"hand": hand})
                self.reports += 2
                hand = dealt["station"]["hand"] if dealt.get("ok") else self._call(connection, "", None)["station"]["hand"]
                self._call(connection, "", None, dealt.get("station", {}).get("sequence"))
        finally:
            connection.close()


def _tournament(tmp_path: Path):
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Stations Open", "regular", tables=STATIONS, seats_per_table=9))
    floor = session.tournament
    floor.register_many([f"Player {i:04d} Example" for i in range(1, STATIONS * PLAYERS_PER_TABLE + 1)])
    session.run(floor.draw_seats)
    session.run(floor.close_registration)
    session.run(session.clock.start)
    session.run(floor.next_hand)
    return session


@pytest.mark.parametrize("in_front", ["players", "tables"])
def test_bench_100_table_stations(qtbot, tmp_path, monkeypatch, in_front) -> None:
    refusals: list[str] = []   # a refused command is shown in a dialog that would wait for a click
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = _tournament(tmp_path)
    window = MainWindow(session, settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat),
                        sounds=False)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    front = window.players_tab if in_front == "players" else window.tables_tab
    shown = time.perf_counter()
    window.tabs.setCurrentWidget(front)   # the Tables tab draws a card for each of the 100 tables
    for _ in range(3):   # the layout the cards posted, then the paint: now, not during the first command
        QApplication.processEvents()
    front.repaint()
    first_draw_ms = (time.perf_counter() - shown) * 1000
    qtbot.wait(200)
    drawn = {"count": 0}
    front_refresh = front.refresh

    def counted_refresh() -> None:
        drawn["count"] += 1
        front_refresh()
    front.refresh = counted_refresh
    stop = threading.Event()
    stations: list[Station] = []
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        start_room_display(window, f"127.0.0.1:{port}")
        server = window.room_display.server

        quiet_loop = LoopDelay()
        quiet_loop.start()
        quiet = _director(qtbot, window)
        quiet_loop.stop()

        together = threading.Barrier(STATIONS + 1)
        stations = [Station(port, n, server.stations.tokens.token(n), together, stop)
                    for n in range(1, STATIONS + 1)]
        for station in stations:
            station.start()
        qtbot.waitUntil(lambda: together.n_waiting == STATIONS, timeout=60_000)
        seq_before, drawn_before = session.runner.last_seq, drawn["count"]
        pushes: list[int] = []
        server.pushed.connect(pushes.append)
        busy_loop = LoopDelay()
        busy_loop.start()
        threading.Thread(target=together.wait, daemon=True).start()
        started = time.perf_counter()
        busy = _director(qtbot, window)
        elapsed = time.perf_counter() - started
        busy_loop.stop()
        stop.set()
        qtbot.waitUntil(lambda: not any(s.is_alive() for s in stations), timeout=60_000)
        station_events = session.runner.last_seq - seq_before - COMMANDS
        redraws = drawn["count"] - drawn_before
        requests = [ms for s in stations for ms in s.request_ms]
        reports = sum(s.reports for s in stations)
        errors = [e for s in stations for e in s.errors]
        print(f"\n[table stations] {STATIONS} stations on loopback, {len(session.tournament.entries())} entries, the "
              f"{in_front.title()} tab in front; the director's {COMMANDS} clock commands, {EVERY_MS} ms after each "
              "other:")
        print(f"  director's command latency with {STATIONS} stations: {percentiles(busy)}")
        print(f"  director's command latency, no station connected:    {percentiles(quiet)}")
        print(f"  console event-loop delay with {STATIONS} stations: {percentiles(busy_loop.late_ms)}")
        print(f"  console event-loop delay, no station connected:    {percentiles(quiet_loop.late_ms)}")
        print(f"  stations: {reports} reports ({station_events} events, {station_events / elapsed:.0f} a second) "
              f"and {len(requests)} requests in {elapsed:.1f} s; request time {percentiles(requests)}; "
              f"{len(errors)} refused")
        print(f"  the {in_front.title()} tab was drawn {redraws} times for {station_events} station events; "
              f"brought to the front and painted the first time in {first_draw_ms:.0f} ms (before the runs)")
        print(f"  the room state was built and pushed to the pages {len(pushes)} times in {elapsed:.1f} s")
        assert not errors[:5], errors[:5]
        assert not refusals, refusals
    finally:
        stop.set()
        for station in stations:
            station.join(10)
        window.room_display.server.stop() if hasattr(window, "room_display") else None
        window.close()
        session.close()
