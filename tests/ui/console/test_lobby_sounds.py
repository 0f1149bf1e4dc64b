"""The level changes of a tournament running behind the one in front are heard, said with its own name and blinds:
the room's sentence for a new level (Tools > Sounds and announcements) really plays through the suite's private
PulseAudio server for both tournaments, each with its own figures."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from tests.ui.console.crash_clock import MovedTime
from tests.ui.console.test_sounds_and_announcements import LEFT, console, needs_audio, needs_espeak, open_dialog
from tournament_director.services.session import DirectorSession, NewTournamentPlan

PLAYERS = ("Ana Souza", "Bernard Okafor", "Chloe Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad")


def test_a_level_change_behind_is_heard_with_its_own_tournament_and_blinds(qtbot, tmp_path, ui_settings) -> None:
    needs_audio()
    needs_espeak()
    time_sources = MovedTime(0)
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(4),
                                   monotonic=time_sources.monotonic, wall=time_sources.wall)
    ids = {}
    for name, structure in (("Main Event Day 1A", "regular"), ("Turbo Side Event", "turbo")):
        ids[name] = session.create_from_plan(NewTournamentPlan(name, structure, tables=1))
        for player in PLAYERS:
            session.run(session.tournament.register, player)
        session.run(session.tournament.draw_seats)
        session.run(session.clock.start)
    window = console(qtbot, session, ui_settings)  # the Turbo in front
    dialog = open_dialog(qtbot, window)
    dialog.rows["level_changed"].text.setText("{tournament}: level {level}, blinds {small} and {big}")
    qtbot.mouseClick(dialog.save_button, LEFT)
    dialog.close()
    cues = window.sound_cues

    window.lobby_action.trigger()
    lobby = window.lobby_window
    lobby.select(ids["Main Event Day 1A"])
    qtbot.keyClick(lobby.table, Qt.Key.Key_Return)  # the Main Event in front (20-minute levels), the Turbo behind
    assert session.tournament_id == ids["Main Event Day 1A"]

    time_sources.advance(10 * 60 + 5)  # the Turbo's 10-minute level runs out behind
    qtbot.waitUntil(lambda: any(key == "level_changed" for key, _done in cues.heard), timeout=3000)
    assert cues.heard[-1] == ("level_changed", ["sound", "Turbo Side Event: level 2, blinds 75 and 150"])
    qtbot.waitUntil(lambda: cues.player.speaker.last_said == "Turbo Side Event: level 2, blinds 75 and 150",
                    timeout=5000)

    time_sources.advance(10 * 60)  # then the Main Event's own, in front
    qtbot.waitUntil(lambda: [key for key, _done in cues.heard].count("level_changed") == 3, timeout=3000)
    said = [done[1] for key, done in cues.heard if key == "level_changed"]
    assert said == ["Turbo Side Event: level 2, blinds 75 and 150", "Main Event Day 1A: level 2, blinds 150 and 300",
                    "Turbo Side Event: level 3, blinds 100 and 200"]
    window.close()
    session.close()
