"""The room's news on the director's screens as the director plays: after busts made in the console (Ctrl+B), the
mini clock names the chip leader and the projector shows him and the latest knockouts as a look at every entry
says; the seating chart shows after the draw until the clock starts, and again when the director presses F7."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from tests.ui.console.formats_driving import CTRL, bust, live_names
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.projector.view import view_from_session
from tournament_director.ui.projector.window import ProjectorWindow

PLAYERS = [f"{first} {last}" for first in ("Ana", "Bo", "Cy", "Di") for last in ("Alves", "Brandt", "Costa", "Dietz",
                                                                                   "Egger", "Fonseca")]


def test_the_mini_clock_and_the_projector_name_the_leader_and_the_knockouts(qtbot, tmp_path, ui_settings) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(4))
    session.create_from_plan(NewTournamentPlan("Friday", "turbo", tables=3))
    floor = session.tournament
    session.run(floor.register_many, PLAYERS)
    session.run(floor.draw_seats)
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    window.projector = projector
    try:
        projector.refresh()
        assert [line[0] for line in projector.view.seating_chart] == sorted(PLAYERS, key=str.casefold)
        assert view_from_session(session, seating_chart=False).seating_chart == ()  # the console's screens: none

        qtbot.keyClick(window, Qt.Key.Key_3, CTRL)  # the Clock tab; F8 starts the clock
        qtbot.keyClick(window, Qt.Key.Key_F8)
        projector.refresh()
        assert projector.view.running and projector.view.seating_chart == ()

        window.tabs.setCurrentWidget(window.players_tab)
        for _ in range(4):
            names = live_names(window)
            bust(qtbot, window, names[-1], names[0])  # the shortest stack, by the chip leader
        t = session.runner.state.floor
        live = [e for e in t.entries.values() if not e.busted]
        leader = max(live, key=lambda e: (e.chips, -e.id))
        window.mini_clock.refresh()
        assert f"leader {leader.name} {leader.chips:,}" in window.mini_clock.figures_label.text()
        projector.refresh()
        assert projector.view.chip_leader == (leader.name, leader.chips)
        out = [line for line in session.results.lines() if t.entries[line.entry_id].busted][:5]
        assert [(k[0], k[1]) for k in projector.view.knockouts] == [(line.place_text, line.name) for line in out]
        assert [k[0] for k in projector.view.knockouts] == ["21st", "22nd", "23rd", "24th"]

        qtbot.keyClick(window, Qt.Key.Key_F7)  # the seating chart on the projector, asked for
        assert [line[0] for line in projector.view.seating_chart] == sorted((e.name for e in live), key=str.casefold)
        window.mini_clock.refresh()
        assert f"leader {leader.name}" in window.mini_clock.figures_label.text()
        qtbot.keyClick(window, Qt.Key.Key_F7)
        assert projector.view.seating_chart == ()
    finally:
        window.close()
        projector.close()
        session.close()
