"""Benchmark (``make bench``; it prints figures, it never passes or fails on time): the console's bust latency at
10,000 and at 100,000 entries side by side, the real MainWindow offscreen with the Players tab in front.

Each field is registered and seated through the services, then a few players are busted (eliminated by a player of
the same table) through the session, the window redrawing as it does for the director. Printed for each: the bust
with the redraw (median and max), the Players tab's own refresh inside it; then a late entry (every busted player's
place moves: the tab redraws those rows and inserts its own), Floor > Move a player opened (every seated player to
pick from), and what reads every row: a click on the Chips header, Find typed and cleared; and as references
measured in the same run the tab's rebuild of every row through a reset (what each bust, and a late entry, cost
before the tab redrew only the changed rows) and Qt's own sorting proxy sorting the same rows (what a sort or a
reset cost while the proxy sorted: it asks the model for two values at each comparison)."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QSortFilterProxyModel, Qt

from tests.benchmarks.two_fields import measure_both, print_side_by_side
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.window import MainWindow
from tournament_director.ui.models import RowTableModel, entries_model

BUSTS = 8


def console_busts(qapp, folder: Path, entries: int) -> dict[str, float]:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(3))
    session.create_from_plan(NewTournamentPlan(f"{entries:,} entries", "turbo", tables=entries // 9 + 1))
    floor = session.tournament
    session.run(floor.register_many, [f"Player {n:06d}" for n in range(entries - 1)])  # one left for a late entry
    session.run(floor.draw_seats)
    settings = QSettings(str(folder / "ui-settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(session, settings=settings, sounds=False)
    window.resize(1400, 860)
    window.show()
    tab = window.players_tab
    window.tabs.setCurrentWidget(tab)
    qapp.processEvents()
    refreshing: list[float] = []
    refresh = tab.refresh

    def timed_refresh() -> None:
        started = time.perf_counter()
        refresh()
        refreshing.append((time.perf_counter() - started) * 1000)

    tab.refresh = timed_refresh  # type: ignore[method-assign]
    rng = random.Random(5)
    busts: list[float] = []
    tab_ms: list[float] = []
    for _ in range(BUSTS):
        seated = [r for r in tab.model.rows if r.status == "playing"]
        victim = rng.choice(seated)
        winner = next(r for r in seated if r.table == victim.table and r.entry_id != victim.entry_id)
        refreshing.clear()
        started = time.perf_counter()
        session.run(floor.bust, victim.entry_id, [winner.entry_id])
        qapp.processEvents()
        busts.append((time.perf_counter() - started) * 1000)
        tab_ms.append(sum(refreshing))
        assert next(r for r in tab.model.rows if r.entry_id == victim.entry_id).status == "busted"

    def timed(action) -> float:  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        action()
        qapp.processEvents()
        return (time.perf_counter() - started) * 1000

    late = timed(lambda: session.run(floor.register, "Late Comer"))
    assert any(r.name == "Late Comer" for r in tab.model.rows)
    move = timed(window.tables_tab.open_move_dialog)   # Floor > Move a player: every seated player to pick from
    assert window.tables_tab.move_dialog.player.count() == len([r for r in tab.model.rows if r.status == "playing"])
    window.tables_tab.move_dialog.reject()
    sort = timed(lambda: tab.view.sortByColumn(6, Qt.SortOrder.DescendingOrder))
    find = timed(lambda: tab.search.setText("Player 012345"))
    cleared = timed(lambda: tab.search.setText(""))
    rows = list(tab.model.rows)
    rebuild = timed(lambda: (tab.model.beginResetModel(), tab.model.endResetModel()))
    reference = entries_model(rows)
    proxy = QSortFilterProxyModel()
    proxy.setSortRole(RowTableModel.SORT_ROLE)
    proxy.setSourceModel(reference)
    proxy_sort = timed(lambda: proxy.sort(6, Qt.SortOrder.DescendingOrder))
    window.close()
    session.close()
    return {"median": statistics.median(busts), "max": max(busts), "tab": statistics.median(tab_ms),
            "tab_max": max(tab_ms), "late": late, "move": move, "sort": sort, "find": find, "cleared": cleared,
            "rebuild": rebuild, "proxy_sort": proxy_sort}


def test_bench_console_bust_at_10000_and_100000_entries(qapp, tmp_path) -> None:
    figures = measure_both(qapp, tmp_path, console_busts)
    print_side_by_side(f"console bust, Players tab in front ({BUSTS} busts each)", figures, (
        ("median", "bust + redraw, median ms"), ("max", "bust + redraw, max ms"),
        ("tab", "Players tab refresh, median ms"), ("tab_max", "Players tab refresh, max ms"),
        ("late", "a late entry (busted rows and its own), ms"), ("move", "Move a player dialog opened, ms"), ("sort", "click on Chips (sort), ms"),
        ("find", "Find typed, ms"), ("cleared", "Find cleared, ms"),
        ("rebuild", "reference: reset every row, ms"), ("proxy_sort", "reference: Qt's proxy sorting, ms")))
