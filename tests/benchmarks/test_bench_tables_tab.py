"""Benchmark (``make bench``; it prints figures, it never passes or fails on time): the console with the Tables tab
in front at 10,000 and at 100,000 entries (1,112 and 11,112 tables) side by side, the real MainWindow offscreen.

Each field is registered and seated through the services; the window opens, the Tables tab comes to the front,
then a few players are busted (eliminated by a player of the same table) through the session, the window redrawing
as it does for the director. Printed for each: opening the window and showing the tab, the bust with the redraw
(median and max), the Tables tab's own refresh inside it, turning a page and going to the last table; and as the
references measured in the same run: the views of every table (what the tab read at each change before it read
only the tables changed) and a fresh tab's whole page (what a change costs when the journal cannot say)."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from PySide6.QtCore import QSettings

from tests.benchmarks.two_fields import measure_both, print_side_by_side
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.tables_tab import TablesTab
from tournament_director.ui.console.window import MainWindow

BUSTS = 8


def ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def tables_tab_figures(qapp, folder: Path, entries: int) -> dict[str, float]:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(3))
    session.create_from_plan(NewTournamentPlan(f"{entries:,} entries", "turbo", tables=entries // 9 + 1))
    floor = session.tournament
    session.run(floor.register_many, [f"Player {n:06d}" for n in range(entries)])
    session.run(floor.draw_seats)
    settings = QSettings(str(folder / "ui-settings.ini"), QSettings.Format.IniFormat)
    figures: dict[str, float] = {}
    started = time.perf_counter()
    window = MainWindow(session, settings=settings, sounds=False)
    window.resize(1400, 860)
    window.show()
    qapp.processEvents()
    figures["open"] = ms_since(started)
    tab = window.tables_tab
    started = time.perf_counter()
    window.tabs.setCurrentWidget(tab)
    qapp.processEvents()
    figures["shown"] = ms_since(started)
    figures["cards"] = len(tab.cards)
    refreshing: list[float] = []
    refresh = tab.refresh

    def timed_refresh() -> None:
        began = time.perf_counter()
        refresh()
        refreshing.append(ms_since(began))

    tab.refresh = timed_refresh  # type: ignore[method-assign]
    rng = random.Random(5)
    busts: list[float] = []
    tab_ms: list[float] = []
    for _ in range(BUSTS):
        card = rng.choice(tab.cards)   # a player of a table the director sees
        victim, winner = [row.entry_id for row in card.seat_rows if row.entry_id is not None][:2]
        refreshing.clear()
        started = time.perf_counter()
        session.run(floor.bust, victim, [winner])
        qapp.processEvents()
        busts.append(ms_since(started))
        tab_ms.append(sum(refreshing))
        assert tab.seat_row(victim) is None
    figures.update(median=statistics.median(busts), max=max(busts), tab=statistics.median(tab_ms),
                   tab_max=max(tab_ms))
    started = time.perf_counter()
    tab.pages.turn(1)
    qapp.processEvents()
    figures["page"] = ms_since(started)
    started = time.perf_counter()
    tab.go_to_table(tab.pages.numbers[-1])
    qapp.processEvents()
    figures["go_to"] = ms_since(started)
    started = time.perf_counter()
    floor.tables()
    figures["every_view"] = ms_since(started)
    started = time.perf_counter()
    fresh = TablesTab(session, window.attempt)
    fresh.refresh()
    figures["fresh_page"] = ms_since(started)
    fresh.deleteLater()
    window.close()
    session.close()
    return figures


def test_bench_tables_tab_at_10000_and_100000_entries(qapp, tmp_path) -> None:
    figures = measure_both(qapp, tmp_path, tables_tab_figures)
    print_side_by_side(f"console, Tables tab in front ({BUSTS} busts each)", figures, (
        ("open", "window opened, ms"), ("shown", "Tables tab first shown, ms"), ("cards", "cards made"),
        ("median", "bust + redraw, median ms"), ("max", "bust + redraw, max ms"),
        ("tab", "Tables tab refresh, median ms"), ("tab_max", "Tables tab refresh, max ms"),
        ("page", "next page of tables, ms"), ("go_to", "go to the last table, ms"),
        ("every_view", "reference: every table's view, ms"), ("fresh_page", "reference: a fresh tab's page, ms")))
