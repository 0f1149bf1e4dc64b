"""Benchmark (run by `make bench`): 300 room display pages on loopback while the director works the clock.

A real session over SQLite (200 entries at 23 tables, the clock running) and the room display server in this
process's Qt event loop; 300 WebSocket pages in another process (room_display_pages.py, the websockets library).
The clock is paused and resumed CHANGES times through the console's path (session.run); every change must reach
every page. Printed: the delivery time from the command to each page (p50/p99/max), how many of the expected
deliveries arrived, and the console's event-loop delay (the lateness of a 10 ms timer) beside the same run with
no page connected. Never fails on time.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from tournament_setup import open_session  # noqa: E402

from tests.benchmarks.loop_delay import LoopDelay, percentiles  # noqa: E402
from tests.benchmarks.test_bench_scale import cpu_bound_neighbour  # noqa: E402
from tournament_director.domain.floor.events import EntryBusted  # noqa: E402
from tournament_director.services.session import NewTournamentPlan  # noqa: E402
from tournament_director.web.server import RoomServer  # noqa: E402

PAGES = 300
CHANGES = 40
EVERY_MS = 150
PAGES_SCRIPT = Path(__file__).with_name("room_display_pages.py")


def _work_the_clock(qtbot, session) -> dict[int, int]:
    """Pause and resume the clock CHANGES times, EVERY_MS apart; returns each change's sequence -> send time."""
    sent: dict[int, int] = {}
    clock = session.clock
    for i in range(CHANGES):
        started = time.monotonic_ns()
        session.run(clock.pause if i % 2 == 0 else clock.resume)
        sent[session.runner.last_seq] = started
        qtbot.wait(EVERY_MS)
    return sent


def _tournament(tmp_path: Path):
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Benchmark Open", "regular", tables=23, seats_per_table=9))
    floor = session.tournament
    floor.register_many([f"Player {i:03d} Example" for i in range(1, 201)])
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    return session


def test_bench_room_display_300_pages(qtbot, tmp_path) -> None:
    session = _tournament(tmp_path)
    server = RoomServer(session)
    url = server.start("127.0.0.1", 0)
    pages = QProcess()
    try:
        state_bytes = len(json.dumps(server.state(), separators=(",", ":")).encode())
        # The reference: the same changes with the server on and no page connected.
        quiet = LoopDelay()
        quiet.start()
        _work_the_clock(qtbot, session)
        quiet.stop()

        output: list[str] = []
        pages.readyReadStandardOutput.connect(
            lambda: output.append(bytes(pages.readAllStandardOutput()).decode()))
        address = url.replace("http://", "ws://") + "ws?page=tv&binary=1"
        pages.start(sys.executable, [str(PAGES_SCRIPT), address, str(PAGES)])
        qtbot.waitUntil(lambda: "ready" in "".join(output), timeout=60_000)
        assert len(server.clients()) == PAGES
        busy = LoopDelay()
        busy.start()
        sent = _work_the_clock(qtbot, session)
        busy.stop()
        qtbot.wait(1000)  # the last deliveries
        build_ms, push_ms = [], []
        for _ in range(10):
            started = time.perf_counter()
            server.state()
            build_ms.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            server.push()
            push_ms.append((time.perf_counter() - started) * 1000)
            qtbot.wait(50)
        output.clear()
        pages.write(b"report\n")
        qtbot.waitUntil(lambda: "".join(output).strip().endswith("]"), timeout=60_000)
        arrivals = json.loads("".join(output).strip().splitlines()[-1])
        delivery = []
        for page in arrivals:
            first: dict[int, int] = {}
            for seq, at in page:
                first.setdefault(seq, at)
            delivery += [(at - sent[seq]) / 1e6 for seq, at in first.items() if seq in sent]
        expected = PAGES * CHANGES
        print(f"\n[room display] {PAGES} pages on loopback, {CHANGES} clock changes {EVERY_MS} ms apart, state "
              f"{state_bytes / 1024:.1f} KiB ({len(session.tournament.entries())} entries):")
        print(f"  delivered {len(delivery)} of {expected} ({len(delivery) / expected:.1%}); command to page: "
              f"{percentiles(delivery)}")
        print(f"  one push in the console's loop: {statistics.median(push_ms):.1f} ms to {PAGES} pages, of which "
              f"{statistics.median(build_ms):.1f} ms build the state (medians of 10)")
        print(f"  console event-loop delay (10 ms timer lateness) with {PAGES} pages: {percentiles(busy.late_ms)}")
        print(f"  console event-loop delay, same changes, no page connected:  {percentiles(quiet.late_ms)}")
        assert len(delivery) == expected, "every clock change reaches every page"
    finally:
        if pages.state() != QProcess.ProcessState.NotRunning:
            pages.kill()
            pages.waitForFinished(5000)
        server.stop()
        session.close()


JOIN_ENTRIES = int(os.environ.get("ROOM_JOIN_ENTRIES", "100000"))  # a smaller field for a quick look
JOINING_PAGES = 20
JOIN_EVERY_MS = 250


def _half_out(tmp_path: Path, room_for: int = 0):
    """JOIN_ENTRIES entries seated (less ``room_for``, for late entries), every second one out, the clock running;
    returns the session and those out."""
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("100,000 Open", "regular", tables=JOIN_ENTRIES // 9 + 1,
                                               seats_per_table=9))
    floor = session.tournament
    floor.register_many([f"Player {i:06d} Example" for i in range(1, JOIN_ENTRIES - room_for + 1)])
    session.run(floor.draw_seats)
    out = list(range(2, JOIN_ENTRIES - room_for + 1, 2))
    for first in range(0, len(out), 2_000):
        session.run(floor.bust_many, [(entry_id, []) for entry_id in out[first:first + 2_000]])
    session.run(session.clock.start)
    return session, out


def timed_into(figures: list[float], action: Callable[[], None]) -> Callable[[], None]:
    """``action``, each call's time in ms appended to ``figures``."""
    def timed() -> None:
        started = time.perf_counter()
        action()
        figures.append((time.perf_counter() - started) * 1000)
    return timed


def test_bench_pages_joining_at_100000_entries(qtbot, tmp_path) -> None:
    """Pages joining one after another at 100,000 entries, half of them out: what each join costs the console
    (the build and send of the state to the new page inside the console's loop) and the loop's delay while they
    join, beside the delay with no page joining. The state is built as the room display starts (timed apart), and
    the pages join taking it as it is kept (goal: a join under 20 ms). Then as many pages again join
    beside a CPU-bound process (test_bench_scale.py's), with the load average."""
    session, out = _half_out(tmp_path)
    server = RoomServer(session)
    prepared: list[float] = []
    server._prepare_the_state = timed_into(prepared, server._prepare_the_state)  # type: ignore[method-assign]
    url = server.start("127.0.0.1", 0).replace("http://", "ws://") + "ws?page=phone&binary=1"
    qtbot.waitUntil(lambda: bool(prepared), timeout=60_000)
    joins: list[float] = []
    timed_accept = timed_into(joins, server._accept_websockets)
    server._accept_websockets = timed_accept  # type: ignore[method-assign]
    server._websockets.newConnection.disconnect()
    server._websockets.newConnection.connect(timed_accept)
    processes: list[QProcess] = []
    try:
        quiet = LoopDelay()
        quiet.start()
        qtbot.wait(JOINING_PAGES * JOIN_EVERY_MS)
        quiet.stop()
        def join_one_by_one() -> LoopDelay:
            delay = LoopDelay()
            delay.start()
            for _ in range(JOINING_PAGES):
                page = QProcess()
                page.start(sys.executable, [str(PAGES_SCRIPT), url, "1"])
                processes.append(page)
                qtbot.waitUntil(lambda: len(server.clients()) == len(processes), timeout=60_000)
                qtbot.wait(JOIN_EVERY_MS)
            delay.stop()
            return delay

        busy = join_one_by_one()
        quiet_joins = list(joins)
        with cpu_bound_neighbour():
            loaded = join_one_by_one()
            load = os.getloadavg()[0]
        loaded_joins = joins[len(quiet_joins):]
        state_bytes = len(server._state_text().encode())
        print(f"\n[room display] {JOINING_PAGES} pages joining one by one, {JOIN_EVERY_MS} ms apart, at "
              f"{JOIN_ENTRIES:,} entries ({len(out):,} out), state {state_bytes / 1024 / 1024:.1f} MiB:")
        print(f"  the state built as the room display starts (once, the director switching it on): {prepared[0]:.1f} ms")
        print(f"  the first page to join: {joins[0]:.1f} ms in the console's loop")
        print(f"  each page after it: {percentiles(quiet_joins[1:])} in the console's loop (goal < 20 ms)")
        print(f"  console event-loop delay (10 ms timer lateness) while they join: {percentiles(busy.late_ms)}")
        print(f"  console event-loop delay, no page joining:                     {percentiles(quiet.late_ms)}")
        print(f"  beside a CPU-bound process (load average {load:.1f}), {JOINING_PAGES} pages more: each "
              f"{percentiles(loaded_joins)} in the console's loop; its delay meanwhile {percentiles(loaded.late_ms)}")
    finally:
        for page in processes:
            page.kill()
            page.waitForFinished(5000)
        server.stop()
        session.close()


PUSHES = 12
PAGES_CONNECTED = 5


def test_bench_push_after_a_bust_at_100000_entries(qtbot, tmp_path) -> None:
    """A bust at 100,000 entries (half of them out) with pages connected: what the push of the change costs the
    console (the state brought up to date from the entries the bust touched, sent to every page), beside the same
    push with the state built whole as every push was built before; quiet, then beside a CPU-bound process. The
    bust is recorded without its balancing proposal, which at this field takes seconds of its own (the floor's
    benchmarks measure it). Then, quiet, the push after a late entry (every place moves down one) and after an undo
    of a bust (its player back in), kept beside built whole: the late entries bring the field to 100,000."""
    session, out = _half_out(tmp_path, room_for=2 * PUSHES)
    floor = session.tournament
    server = RoomServer(session)
    server.MOST_BUFFERED_BYTES = 1 << 30  # the console's own push after each change never cuts these pages off
    url = server.start("127.0.0.1", 0).replace("http://", "ws://") + "ws?page=phone&binary=1"
    pages = QProcess()
    try:
        output: list[str] = []
        pages.readyReadStandardOutput.connect(lambda: output.append(bytes(pages.readAllStandardOutput()).decode()))
        pages.start(sys.executable, [str(PAGES_SCRIPT), url, str(PAGES_CONNECTED)])
        qtbot.waitUntil(lambda: "ready" in "".join(output), timeout=120_000)
        qtbot.waitUntil(lambda: len(server.clients()) == PAGES_CONNECTED, timeout=60_000)
        state_bytes = len(server._state_text().encode())
        field = len(floor.entries())
        still_in = iter([e.entry_id for e in floor.entries() if not e.busted])

        def sent_out() -> bool:  # the pages read the megabytes before the next change (a slow one is cut off)
            return all(socket.bytesToWrite() == 0 for socket in list(server._clients))

        def bust() -> None:
            out, winner = next(still_in), next(still_in)
            session.run(session.runner.record, EntryBusted(busts=[{"entry_id": out, "eliminated_by": [winner]}],
                                                           level=1, time=datetime.now(UTC).isoformat(timespec="seconds")))

        late_entries = iter(range(1, 2 * PUSHES + 1))

        def late_entry() -> None:
            session.run(floor.register, f"Late Entry {next(late_entries):02d}")

        def bust_undone() -> None:
            bust()
            assert server.push() == PAGES_CONNECTED  # the bust on the pages, then its undo
            qtbot.waitUntil(sent_out, timeout=60_000)
            session.undo()

        def pushes(whole: bool, change=bust) -> list[float]:
            took = []
            for _ in range(PUSHES):
                qtbot.waitUntil(sent_out, timeout=60_000)
                change()
                if whole:
                    server._memory.keep(None, {})  # nothing kept: the state built whole, as before
                started = time.perf_counter()
                assert server.push() == PAGES_CONNECTED
                took.append((time.perf_counter() - started) * 1000)
                qtbot.wait(100)
            return took

        followed, whole = pushes(False), pushes(True)
        with cpu_bound_neighbour():
            loaded_followed, loaded_whole = pushes(False), pushes(True)
            load = os.getloadavg()[0]
        late_followed, late_whole = pushes(False, late_entry), pushes(True, late_entry)
        undo_followed, undo_whole = pushes(False, bust_undone), pushes(True, bust_undone)
        print(f"\n[room display] the push after a bust at {field:,} entries ({len(out):,} out), state "
              f"{state_bytes / 1024 / 1024:.1f} MiB, to {PAGES_CONNECTED} pages, in the console's loop (goal < 100 ms):")
        print(f"  the state kept and brought up to date: {percentiles(followed)}")
        print(f"  the state built whole:                  {percentiles(whole)}")
        print(f"  beside a CPU-bound process (load average {load:.1f}): kept {percentiles(loaded_followed)}; "
              f"built whole {percentiles(loaded_whole)}")
        print(f"  the push after a late entry (every place down one; to {JOIN_ENTRIES:,} entries): kept {percentiles(late_followed)}; "
              f"built whole {percentiles(late_whole)}")
        print(f"  the push after an undo of a bust (its player back in): kept {percentiles(undo_followed)}; "
              f"built whole {percentiles(undo_whole)}")
        assert len(floor.entries()) == JOIN_ENTRIES
    finally:
        if pages.state() != QProcess.ProcessState.NotRunning:
            pages.kill()
            pages.waitForFinished(5000)
        server.stop()
        session.close()
