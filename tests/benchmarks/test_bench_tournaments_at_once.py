"""Benchmark (``make bench``; it prints figures, it never passes or fails on time): ten tournaments of 500 entries
running at once from one console, a bust in each, beside one tournament of 500 alone measured in the same run.

Both rooms are the real MainWindow offscreen with the Players tab in front and every clock running. Alone: ten busts
in the one tournament, then ten more. Ten at once: each tournament opened in turn (all ten stay open, their clocks
running behind the one in front), then one bust in each, brought in front through the console first, and ten more
in the last. Printed side by side: the bust as the director waits for it (the command and the console's redraw;
with ten, the first command after the tournament came in front), the ten more, the console's repaint tick (with
ten, it also moves the nine clocks behind and writes their heartbeats), and, with ten, bringing a tournament in
front and the lobby's refresh of every row."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.lobby import open_lobby
from tournament_director.ui.console.window import MainWindow

ENTRIES = 500
TOURNAMENTS = 10
TICKS = 40


def running_tournament(session: DirectorSession, name: str) -> int:
    tournament_id = session.create_from_plan(NewTournamentPlan(name, "turbo", tables=ENTRIES // 9 + 1))
    floor = session.tournament
    session.run(floor.register_many, [f"{name} player {n:03d}" for n in range(ENTRIES)])
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    return tournament_id


def timed(qapp: Any, action: Any) -> float:
    started = time.perf_counter()
    action()
    qapp.processEvents()
    return (time.perf_counter() - started) * 1000


def bust_one(qapp: Any, window: MainWindow, rng: random.Random) -> float:
    floor = window.session.tournament
    seated = [e for e in floor.entries() if not e.busted and e.table is not None]
    victim = rng.choice(seated)
    winner = next(e for e in seated if e.table == victim.table and e.entry_id != victim.entry_id)
    took = timed(qapp, lambda: window.attempt(floor.bust, victim.entry_id, [winner.entry_id]))
    assert floor.entry(victim.entry_id).busted
    return took


def console(qapp: Any, session: DirectorSession, folder: Path) -> MainWindow:
    settings = QSettings(str(folder / "ui-settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(session, settings=settings, sounds=False)
    window.resize(1400, 860)
    window.show()
    window.tabs.setCurrentWidget(window.players_tab)
    qapp.processEvents()
    return window


def ticks(qapp: Any, window: MainWindow) -> list[float]:
    return [timed(qapp, window.tick) for _ in range(TICKS)]


def alone(qapp: Any, folder: Path) -> dict[str, float]:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(3))
    running_tournament(session, "Alone")
    window = console(qapp, session, folder)
    rng = random.Random(5)
    busts = [bust_one(qapp, window, rng) for _ in range(TOURNAMENTS)]
    again = [bust_one(qapp, window, rng) for _ in range(TOURNAMENTS)]
    tick = ticks(qapp, window)
    window.close()
    session.close()
    return {"bust": statistics.median(busts), "bust_max": max(busts), "again": statistics.median(again),
            "tick": statistics.median(tick), "tick_max": max(tick)}


def ten_at_once(qapp: Any, folder: Path) -> dict[str, float]:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(3))
    ids = [running_tournament(session, f"Event {n + 1}") for n in range(TOURNAMENTS)]
    assert sorted(session.open_tournaments) == sorted(ids)
    window = console(qapp, session, folder)
    lobby = open_lobby(window)
    qapp.processEvents()
    rng = random.Random(5)
    busts, switches = [], []
    for tournament_id in ids:
        switches.append(timed(qapp, lambda tid=tournament_id: window.open_tournament(tid)))
        assert session.tournament_id == tournament_id
        busts.append(bust_one(qapp, window, rng))
    again = [bust_one(qapp, window, rng) for _ in range(TOURNAMENTS)]  # in the last one, in front since its bust
    tick = ticks(qapp, window)
    lobby_ms = [timed(qapp, lobby.refresh) for _ in range(10)]
    assert [row.players_left for row in lobby.rows] == [ENTRIES - 1] * (TOURNAMENTS - 1) + [ENTRIES - 11]
    assert all(row.state == "running" for row in lobby.rows)
    window.close()
    session.close()
    return {"bust": statistics.median(busts), "bust_max": max(busts), "again": statistics.median(again),
            "tick": statistics.median(tick), "tick_max": max(tick), "switch": statistics.median(switches), "switch_max": max(switches),
            "lobby": statistics.median(lobby_ms)}


def test_bench_ten_tournaments_of_500_at_once_beside_one_alone(qapp, tmp_path) -> None:
    (tmp_path / "alone").mkdir()
    (tmp_path / "ten").mkdir()
    one = alone(qapp, tmp_path / "alone")
    ten = ten_at_once(qapp, tmp_path / "ten")
    rows = (("bust", "a bust, command + redraw, median ms"), ("bust_max", "a bust, command + redraw, max ms"),
            ("again", "ten more busts in the one in front, median ms"),
            ("tick", "console tick, median ms"), ("tick_max", "console tick, max ms"),
            ("switch", "bringing a tournament in front, median ms"),
            ("switch_max", "bringing a tournament in front, max ms"), ("lobby", "lobby refresh (every row), ms"))
    width = max(len(label) for _key, label in rows) + 2
    print(f"\n{TOURNAMENTS} tournaments of {ENTRIES} at once beside one alone (a bust in each)")
    print(f"{'':{width}}{'one alone':>12}{f'{TOURNAMENTS} at once':>12}{'ratio':>8}")
    for key, label in rows:
        if key in one:
            print(f"{label:{width}}{one[key]:12.2f}{ten[key]:12.2f}{ten[key] / max(one[key], 1e-9):8.1f}")
        else:
            print(f"{label:{width}}{'–':>12}{ten[key]:12.2f}{'':>8}")
