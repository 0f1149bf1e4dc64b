"""Benchmark (run by `make bench`): pages served and refused per second by the room display while someone on the
room's network floods it, beside the same load on a quiet night.

A real session over SQLite (the test tournament, the clock running) and the room display server in this process's
Qt event loop. A phone's load, on a worker thread: a fresh connection for each `GET /api/state`, as fast as answers
come, for SECONDS. Then the same load while tests/web/room_attacks.py (its own processes, loopback only) holds a
slowloris of 2,000 connections and a WebSocket fragment flood on 4 connections. Printed side by side: the phone's
pages served and failed per second and their time (p50/p99), the attackers' connections the server dropped per
second, the most connections and pages it held, and the console's event-loop delay. Never fails on time.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.benchmarks.loop_delay import LoopDelay, percentiles
from tests.ui.tournament_setup import open_session, running_tournament
from tournament_director.web.server import RoomServer

SECONDS = 5.0
ATTACKS = Path(__file__).resolve().parents[1] / "web" / "room_attacks.py"


class PhoneLoad(threading.Thread):
    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.served_ms: list[float] = []
        self.failed = 0

    def run(self) -> None:
        ends = time.monotonic() + SECONDS
        while time.monotonic() < ends:
            started = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                connection.request("GET", "/api/state")
                answer = connection.getresponse()
                answer.read()
                if answer.status == 200:
                    self.served_ms.append((time.perf_counter() - started) * 1000)
                else:
                    self.failed += 1
            except OSError:
                self.failed += 1
            finally:
                connection.close()


def _night(qtbot, server: RoomServer, attacks: list[tuple[str, int]]) -> dict:
    listener = server.listener
    shed_before, refused_before = listener.shed, listener.refused
    attackers = [subprocess.Popen([sys.executable, str(ATTACKS), kind, str(server.port), str(count),
                                   str(SECONDS + 2)], stdout=subprocess.PIPE, text=True) for kind, count in attacks]
    qtbot.wait(1500 if attacks else 0)   # the flood in full swing
    most = {"held": 0, "pages": 0}

    def sample() -> None:
        most["held"] = max(most["held"], listener.held())
        most["pages"] = max(most["pages"], listener.pages())
    delay = LoopDelay()
    phone = PhoneLoad(server.port)
    delay.start()
    phone.start()
    while phone.is_alive():
        sample()
        qtbot.wait(20)
    delay.stop()
    outcomes = []
    for attacker in attackers:
        qtbot.waitUntil(lambda attacker=attacker: attacker.poll() is not None, timeout=60_000)
        outcomes.append(json.loads(attacker.stdout.read().strip().splitlines()[-1]))
    return {"served": len(phone.served_ms) / SECONDS, "failed": phone.failed / SECONDS,
            "served_ms": percentiles(phone.served_ms), "delay": percentiles(delay.late_ms),
            "shed": (listener.shed - shed_before) / (SECONDS + 1.5), "refused": listener.refused - refused_before,
            "held": most["held"], "pages": most["pages"], "attackers": outcomes}


def test_bench_room_display_under_a_flood(qtbot, tmp_path) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    server = RoomServer(session)
    server.start("127.0.0.1", 0)
    try:
        quiet = _night(qtbot, server, [])
        flood = _night(qtbot, server, [("slowloris", 2000), ("fragments", 4)])
    finally:
        server.stop()
        session.close()
    print(f"\n[room display under a flood] a phone's GET /api/state on a fresh connection each, {SECONDS:.0f} s:")
    rows = [("pages served per second", f"{quiet['served']:.0f}", f"{flood['served']:.0f}"),
            ("pages failed per second", f"{quiet['failed']:.1f}", f"{flood['failed']:.1f}"),
            ("a page's time", quiet["served_ms"], flood["served_ms"]),
            ("connections dropped per second", f"{quiet['shed']:.0f}", f"{flood['shed']:.0f}"),
            ("most connections held (HTTP)", str(quiet["held"]), str(flood["held"])),
            ("most pages held (WebSocket)", str(quiet["pages"]), str(flood["pages"])),
            ("console event-loop delay", quiet["delay"], flood["delay"])]
    print(f"  {'':34} {'quiet':>38} {'slowloris 2,000 + fragment flood':>38}")
    for name, calm, busy in rows:
        print(f"  {name:34} {calm:>38} {busy:>38}")
    for outcome, kind in zip(flood["attackers"], ("slowloris", "fragments"), strict=True):
        print(f"  {kind}: opened {outcome['opened']}, dropped by the server {outcome['closed_by_server']}, "
              f"sent {outcome['sent']:,} bytes")
