"""The real console on a PostgreSQL event shows another station's command within a second, pushed by the server
(LISTEN/NOTIFY through a QSocketNotifier), without any command of its own."""

from __future__ import annotations

import random
import time
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter

from tournament_director.services.session import DirectorSession
from tournament_director.ui.console.window import MainWindow

SHOTS = Path("/tmp/shots-stations3")


def test_the_console_shows_another_stations_bust_within_a_second(qtbot, ui_settings, pg_url) -> None:
    floor = DirectorSession.open(pg_url, operator="the floor", rng=random.Random(2))
    desk = DirectorSession.open(pg_url, operator="the registration desk", rng=random.Random(3))
    try:
        tournament = floor.create_tournament("Festival day 1")
        floor.select_tournament(tournament)
        service = floor.tournament
        service.configure({"name": "Festival day 1", "buy_in": 100})
        service.add_tables(2, 9)
        service.register_many([f"Player {i}" for i in range(1, 16)] + ["Ann Lee", "Bob Marsh", "Chloé Dubois"])
        service.draw_seats()
        service.close_registration()
        console = MainWindow(floor, settings=ui_settings, sounds=False)
        qtbot.addWidget(console)
        console.resize(1400, 850)
        console.show()
        console.tabs.setCurrentWidget(console.log_tab)
        assert "18 / 18 left" in console.mini_clock.figures_label.text()
        assert "the floor" in console.windowTitle()

        desk.select_tournament(tournament)
        t = desk.state.floor
        ann = next(e for e in t.entries.values() if e.name == "Ann Lee")
        killer = next(e for e in t.tables[ann.table].seats.values() if e != ann.id)
        desk.run(desk.tournament.bust, ann.id, [killer])
        recorded = time.monotonic()
        qtbot.waitUntil(lambda: "17 / 18 left" in console.mini_clock.figures_label.text(), timeout=1000)
        seen_after = time.monotonic() - recorded
        said = [(row.description, row.operator) for row in console.log_tab.model.rows]  # the Log tab's history
        assert (f"Ann Lee out, eliminated by {t.entries[killer].name}", "the registration desk") in said
        assert seen_after < 1.0
        # File > Back up now (Ctrl+Shift+B): no file to copy on a server, the console says whose backups they are
        console.activateWindow()
        qtbot.waitUntil(console.isActiveWindow, timeout=2000)
        qtbot.keyClick(console, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        qtbot.waitUntil(lambda: "pg_dump" in console.statusBar().currentMessage(), timeout=2000)
        assert "backups are the operator's" in console.statusBar().currentMessage()
        SHOTS.mkdir(exist_ok=True)
        console.grab().save(str(SHOTS / "console-other-station-bust.png"))
        console.close()
    finally:
        desk.close()
        floor.close()


def test_a_tournament_created_at_another_station_appears_in_the_open_menu_within_a_second(
        qtbot, ui_settings, pg_url) -> None:
    floor = DirectorSession.open(pg_url, operator="the floor")
    desk = DirectorSession.open(pg_url, operator="the registration desk")
    try:
        day_one = floor.create_tournament("Festival day 1")
        floor.select_tournament(day_one)
        console = MainWindow(floor, settings=ui_settings, sounds=False)
        qtbot.addWidget(console)
        console.resize(1200, 700)
        console.show()
        # the director has Tournament > Open tournament open on the screen while the desk creates the next day
        console.open_menu.popup(console.mapToGlobal(QPoint(120, 24)))
        qtbot.waitUntil(console.open_menu.isVisible, timeout=2000)
        assert [a.text() for a in console.open_menu.actions()] == ["Festival day 1"]

        day_two = desk.create_tournament("Festival day 2")
        qtbot.waitUntil(lambda: [a.text() for a in console.open_menu.actions()]
                        == ["Festival day 1", "Festival day 2"], timeout=1000)
        checked = [a.text() for a in console.open_menu.actions() if a.isChecked()]
        assert checked == ["Festival day 1"] and floor.tournament_id == day_one  # told, not switched
        assert ("“Festival day 2” was created at the registration desk: Tournament > Open tournament opens it here"
                in console.statusBar().currentMessage())
        SHOTS.mkdir(exist_ok=True)
        shot = console.grab()  # the console with its open menu drawn where it is on the screen
        painter = QPainter(shot)
        painter.drawPixmap(console.mapFromGlobal(console.open_menu.pos()), console.open_menu.grab())
        painter.end()
        shot.save(str(SHOTS / "console-tournament-created-elsewhere.png"))
        console.open_menu.hide()

        # the floor's own next tournament is not told back to it as another station's
        floor.create_tournament("Festival day 3")
        qtbot.wait(300)
        assert "day 3" not in console.statusBar().currentMessage()
        console.open_menu.actions()[1].trigger()  # and the desk's day opens here when the director asks
        assert floor.tournament_id == day_two
        console.close()
    finally:
        desk.close()
        floor.close()
