"""A realistic tournament for console tests and screenshots, set up through the services as the console would."""

from __future__ import annotations

import random
from pathlib import Path

from tournament_director.domain.clock.structure import structure_from_toml
from tournament_director.resources import resource_path
from tournament_director.services.session import DirectorSession, NewTournamentPlan

NAMES = (
    "Ana Souza", "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
    "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández",
    "Maya Patel", "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez",
    "Sam <The Rock> O'Brien", "Tomasz Zieliński",
)


def open_session(folder: Path, seed: int = 2024) -> DirectorSession:
    return DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(seed))


def seated_tournament(session: DirectorSession, *, players: int = 20, tables: int = 3, close_registration: bool = True,
                      **plan: object) -> int:
    """Friday Night Hold'em: wizard plan, buy-ins, the seat draw and (unless told) registration closed."""
    tournament_id = session.create_from_plan(NewTournamentPlan("Friday Night Hold'em", str(plan.pop("structure", "regular")),
                                                               tables=tables, **plan))  # type: ignore[arg-type]
    floor = session.tournament
    for name in NAMES[:players]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    if close_registration:
        session.run(floor.close_registration)
    return tournament_id


def running_tournament(session: DirectorSession) -> None:
    """Twenty players at three tables, clock running, a hand dealt, one player out, absent and moving seats."""
    seated_tournament(session)
    floor = session.tournament
    session.run(session.clock.start)
    session.run(floor.next_hand)
    short = min(floor.tables(), key=lambda t: t.players)
    seated = [s for s in short.seats if s.entry_id is not None]
    session.run(floor.bust, seated[0].entry_id, [seated[1].entry_id])
    session.run(floor.set_present, seated[2].entry_id, False)


def show_console(qtbot, session: DirectorSession, ui_settings):
    """The console as a director sees it: 1600x900, shown and active (shortcuts reach only the active window)."""
    from tournament_director.ui.console.window import MainWindow

    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return window


def open_tournament(path: Path, players: int = 9) -> DirectorSession:
    """A running one-table tournament (turbo structure, seats drawn) for the floor tool to pick a table from."""
    session = DirectorSession.open(path / "room.sqlite", backup_dir=path / "backups")
    session.select_tournament(session.create_tournament("Friday"))
    structure, _ = structure_from_toml(resource_path("structures", "turbo.toml").read_text(encoding="utf-8"))
    session.runner.execute("structure.replaced", {"structure": structure.to_dict()})
    floor = session.tournament
    floor.rng = random.Random(3)
    floor.configure({"name": "Friday"})
    floor.add_tables(1, seats=10)
    floor.register_many([f"Player {i}" for i in range(1, players + 1)])
    floor.draw_seats()
    return session


def console_in_play(qtbot, tmp_path: Path, ui_settings, monkeypatch):
    """The console on a running tournament, refusals collected in ``window.refusals`` instead of shown, the room
    display (if a test switched it on) stopped at the end; a generator for a fixture to yield from."""
    from PySide6.QtWidgets import QMessageBox

    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    running_tournament(session)
    window = show_console(qtbot, session, ui_settings)
    window.refusals = refusals
    yield window
    display = getattr(window, "room_display", None)
    if display is not None:
        display.server.stop()
    window.close()
    session.close()
