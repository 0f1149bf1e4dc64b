"""Run in a child process on a platform with several screens (an Xvfb with two X screens, or the offscreen platform
with a screens file): the console with two tournaments' clocks running, each tournament's projector shown from the
lobby on the screen chosen for it, the console switched from one tournament to the other and one clock paused.

argv: folder screen_for_the_main_event screen_for_the_turbo artifact_prefix. Prints one JSON object: what each
projector showed at each step, where it is, and the screenshots saved (each projector window, and each screen).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.tournament_setup import NAMES
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.window import MainWindow


def wait(app: QApplication, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def shown(projector) -> dict:
    projector.refresh()
    view = projector.view
    return {"tournament": view.tournament_name, "running": view.running, "level": view.level_number,
            "remaining": view.remaining_seconds, "players": view.players_left, "screen": projector.screen_name(),
            "full_screen": projector.isFullScreen(), "visible": projector.isVisible()}


def main() -> int:
    folder, screen_main, screen_turbo, prefix = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    app = QApplication(sys.argv[:1])
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(5))
    ids = {}
    for name, players, structure in (("Main Event Day 1A", 12, "regular"), ("Turbo Side Event", 8, "turbo")):
        ids[name] = session.create_from_plan(NewTournamentPlan(name, structure, tables=2))
        floor = session.tournament
        for player in NAMES[:players]:
            session.run(floor.register, player)
        session.run(floor.draw_seats)
        session.run(session.clock.start)
    console = MainWindow(session, settings=settings, sounds=False)
    console.resize(1200, 680)
    console.show()
    wait(app, 0.3)
    console.lobby_action.trigger()
    lobby = console.lobby_window
    wait(app, 0.3)
    steps: dict[str, dict] = {}

    def show_projector_of(name: str, screen: str) -> None:
        lobby.select(ids[name])
        lobby.screen_choice.setCurrentText(screen)
        QTest.mouseClick(lobby.projector_button, Qt.MouseButton.LeftButton)

    show_projector_of("Main Event Day 1A", screen_main)
    show_projector_of("Turbo Side Event", screen_turbo)
    projectors = console.tournament_projectors
    main_projector, turbo_projector = projectors[ids["Main Event Day 1A"]], projectors[ids["Turbo Side Event"]]

    def record(step: str) -> None:
        steps[step] = {"in_front": session.tournament_name, "main": shown(main_projector),
                       "turbo": shown(turbo_projector), "at": time.monotonic()}

    wait(app, 1.0)
    record("both shown")
    lobby.select(ids["Main Event Day 1A"])
    QTest.keyClick(lobby.table, Qt.Key.Key_Return)  # the console switches to the Main Event
    wait(app, 2.0)
    record("main in front")
    console.toggle_clock_action.trigger()  # F8: the Main Event's clock paused
    wait(app, 1.5)
    record("main paused")
    lobby.select(ids["Turbo Side Event"])
    QTest.keyClick(lobby.table, Qt.Key.Key_Return)  # back to the Turbo
    wait(app, 1.5)
    record("turbo in front again")
    lobby.refresh()

    shots = {}
    for key, window in (("main_projector", main_projector), ("turbo_projector", turbo_projector),
                        ("lobby", lobby)):
        path = f"{prefix}_{key}.png"
        window.grab().save(path)
        shots[key] = path
    for index, screen in enumerate(app.screens()):  # what each screen really shows
        path = f"{prefix}_screen{index + 1}.png"
        screen.grabWindow(0).save(path)
        shots[f"screen{index + 1}"] = path
    print(json.dumps({"steps": steps, "screens": [s.name() for s in app.screens()], "shots": shots,
                      "lobby": [[lobby.table.item(r, c).text() for c in range(lobby.table.columnCount())]
                                for r in range(lobby.table.rowCount())]}))
    console.close()
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
