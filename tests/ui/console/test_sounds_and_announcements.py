"""Tools > Sounds and announcements… through the real widgets, over a real SQLite file: the room chooses a sound
and types a sentence per event, tests it (the sound really plays through the suite's private PulseAudio server and
espeak-ng really writes the sentence as sound), saves it with the room's templates and finds it again after a
restart; a file that is no sound and a token nobody knows are refused, naming them; the night's events (the start,
a level change, a break with its colour-up, a bust, the bubble, the final table, the winner, a floor call) play
the room's choices; quiet mode silences them all and says so in the status bar."""

from __future__ import annotations

import random
import shutil
import subprocess
import time
import wave
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT, active, bust, type_text
from tournament_director.domain.clock.structure import Break
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.services.sound_scheme import SCHEME_FILE
from tournament_director.ui.console.sounds_dialog import CHOOSE_FILE
from tournament_director.ui.console.window import MainWindow
from tournament_director.ui.sound_output import output_available

NAMES = ("Ana Souza", "Bernard Okafor", "Chloe Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
         "Grace Omalley", "Hiroshi Tanaka")


def open_session(folder: Path) -> DirectorSession:
    return DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(11))


def new_tournament(session: DirectorSession, players: int = 0) -> None:
    session.create_from_plan(NewTournamentPlan("Friday Night Hold'em", "turbo", tables=2))
    floor = session.tournament
    for name in NAMES[:players]:
        session.run(floor.register, name)
    if players:
        session.run(floor.draw_seats)


def console(qtbot, session: DirectorSession, ui_settings, **options: object) -> MainWindow:
    window = MainWindow(session, settings=ui_settings, sounds=True, **options)
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    return window


def needs_audio() -> None:
    if not output_available():
        pytest.skip("no sound player (PulseAudio missing: run bash scripts/system-deps.sh)")


def needs_espeak() -> None:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is missing: run bash scripts/system-deps.sh")


def silent_sink_state() -> str:
    """The private server's silent output: RUNNING while something plays into it, IDLE or SUSPENDED otherwise."""
    listed = subprocess.run(["pactl", "list", "short", "sinks"], capture_output=True, text=True, timeout=5).stdout
    line = next((line for line in listed.splitlines() if "silent" in line), "")
    return line.split()[-1] if line else ""


def menu_item(window: MainWindow, menu_title: str, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == menu_title)
    return next(a for a in menu.actions() if a.text() == text)


def open_dialog(qtbot, window: MainWindow):
    menu_item(window, "T&ools", "Sounds and announcements…").trigger()
    dialog = window.sounds_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    return dialog


def choose_file(qtbot, dialog, row, path: Path) -> None:
    """Open the row's list with Alt+Down, go down to "Choose a file…", Enter; then the file in the file dialog."""
    row.sound.setFocus()
    qtbot.keyClick(row.sound, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    popup = row.sound.view()
    qtbot.waitUntil(popup.isVisible, timeout=2000)
    for _step in range(row.sound.findText(CHOOSE_FILE) - row.sound.currentIndex()):
        qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    file_dialog = dialog.file_dialog
    assert file_dialog is not None and file_dialog.isVisible()
    file_dialog.selectFile(str(path))
    file_dialog.accept()


def run_out_the_level(session: DirectorSession) -> None:
    """The level's time runs out: a third of a second left on the clock."""
    session.clock.set_remaining(0.3)


def jump_to_level(qtbot, window: MainWindow, number: int) -> None:
    """The Clock tab's Jump: the level's number typed, the button clicked."""
    window.tabs.setCurrentWidget(window.clock_tab)
    window.clock_tab.jump_level.setValue(number)
    qtbot.mouseClick(window.clock_tab.jump_button, LEFT)


def room_wav(path: Path, seconds: float = 0.6) -> Path:
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(22050)
        sound.writeframes(b"\x00\x10" * int(22050 * seconds))
    return path


def shot(widget, artifacts_dir: Path, name: str) -> None:
    QApplication.processEvents()
    widget.grab().save(str(artifacts_dir / name))


# ----- the dialog -------------------------------------------------------------------------------------------
def test_a_sound_and_a_sentence_chosen_tested_saved_and_kept_after_a_restart(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    needs_audio()
    needs_espeak()
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings)
    dialog = open_dialog(qtbot, window)
    row = dialog.rows["level_changed"]
    assert row.sound.currentText() == "Chime" and row.text.text() == ""  # the program's own until the room chooses

    gong = room_wav(tmp_path / "room gong.wav")
    choose_file(qtbot, dialog, row, gong)
    assert row.sound.currentText() == "room gong.wav"
    row.text.setFocus()
    type_text(qtbot, row.text, "Level {level}: blinds {small} and {big}, ante {ante}")
    dialog.volume.setFocus()
    qtbot.keyClick(dialog.volume, Qt.Key.Key_PageDown)  # 80 % -> 70 %
    assert dialog.volume_value.text() == "70 %"

    qtbot.waitUntil(lambda: silent_sink_state() != "RUNNING", timeout=5000)  # an earlier sound has ended
    pressed = time.monotonic()
    qtbot.mouseClick(row.test, LEFT)
    player = window.sound_cues.player
    assert dialog.last_test == ["sound", "Level 1: blinds 50 and 100, ante 0"]
    assert player.last_effect.path == gong
    assert abs(player.last_effect.volume - 0.7) < 0.01
    qtbot.waitUntil(player.last_effect.is_playing, timeout=3000)  # the room's own file really plays
    qtbot.waitUntil(lambda: silent_sink_state() == "RUNNING", timeout=3000)  # into the sound server's output
    speaker = player.speaker
    qtbot.waitUntil(lambda: speaker.last_said == "Level 1: blinds 50 and 100, ante 0", timeout=5000)
    with wave.open(str(speaker.last_file)) as spoken:  # espeak-ng wrote the sentence as sound
        assert spoken.getnframes() / spoken.getframerate() > 1.0
    qtbot.waitUntil(speaker.effect.is_playing, timeout=3000)  # and it plays, at the dialog's volume,
    assert time.monotonic() - pressed >= 0.6  # once the 0.6-second gong has played, not over it
    assert abs(speaker.effect.volume - 0.7) < 0.01
    assert "reading “Level 1: blinds 50 and 100, ante 0”" in dialog.problem.text()

    qtbot.mouseClick(dialog.save_button, LEFT)
    assert dialog.problem.text().startswith("Saved with the room's templates")
    copy = tmp_path / "templates" / "sounds" / "room gong.wav"  # the room's file kept beside its templates
    saved = (tmp_path / "templates" / SCHEME_FILE).read_text(encoding="utf-8")
    assert str(copy) in saved and "Level {level}: blinds {small} and {big}, ante {ante}" in saved
    assert copy.read_bytes() == gong.read_bytes()
    dialog.close()
    gong.unlink()  # the USB stick it came from is taken away

    again = open_dialog(qtbot, window)  # reopened: as it was saved
    kept = again.rows["level_changed"]
    assert kept.sound.currentText() == "room gong.wav" and kept.chosen_sound() == str(copy)
    assert [kept.sound.itemText(i) for i in range(kept.sound.count())].count("room gong.wav") == 1
    assert kept.text.text() == "Level {level}: blinds {small} and {big}, ante {ante}"
    assert again.volume.value() == 70
    again.close()
    window.close()

    restarted = console(qtbot, session, ui_settings)  # and after a restart
    scheme = restarted.sound_cues.scheme
    assert scheme.cue("level_changed").sound == str(copy) and scheme.volume == 70
    restarted.toggle_clock()
    run_out_the_level(session)  # the next level change plays the room's gong
    qtbot.waitUntil(lambda: any(key == "level_changed" for key, _done in restarted.sound_cues.heard), timeout=3000)
    assert restarted.sound_cues.player.last_effect.path == copy
    restarted.close()
    session.close()


def test_the_dialog_in_the_light_and_the_dark_theme(qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings)
    for theme in ("light", "dark"):
        window.set_theme(theme)
        dialog = open_dialog(qtbot, window)
        dialog.rows["player_busted"].text.setText("{player} is out in {place} place")
        assert dialog.width() <= 1280 and dialog.height() <= 680  # fits a laptop's screen, task bar aside
        for row in dialog.rows.values():  # nothing clipped: every event's name, text and Test button shown whole
            assert row.label.width() >= row.label.sizeHint().width()
            assert row.text.height() >= row.text.sizeHint().height()
            assert row.test.isVisible() and row.test.width() >= row.test.sizeHint().width()
        shot(dialog, artifacts_dir, f"sounds-dialog-{theme}.png")
        first, second = dialog.rows["tournament_started"], dialog.rows["level_changed"]
        assert QApplication.focusWidget() is first.sound  # the keyboard starts on the first row
        for expected in (first.text, first.test, second.sound):  # and Tab walks each row left to right
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            assert QApplication.focusWidget() is expected
        dialog.close()
    window.close()
    session.close()


def test_a_file_that_is_no_sound_and_an_unknown_token_are_refused_naming_them(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings)
    dialog = open_dialog(qtbot, window)
    row = dialog.rows["break_started"]
    notes = tmp_path / "notes.wav"
    notes.write_text("not a sound at all", encoding="utf-8")
    choose_file(qtbot, dialog, row, notes)
    assert dialog.problem.text().startswith("Break: the sound file 'notes.wav' is not a WAV sound")
    assert row.sound.currentText() == "Break bell"  # the choice stays as it was

    bust_row = dialog.rows["player_busted"]
    bust_row.text.setFocus()
    type_text(qtbot, bust_row.text, "{player} goes home, {colour} chips")
    qtbot.mouseClick(bust_row.test, LEFT)
    assert dialog.problem.text() == ("A bust: the text for a bust has the unknown token {colour} (known: "
                                     "{tournament}, {level}, {small}, {big}, {ante}, {players}, {entries}, {player}, "
                                     "{place}, {prize})")
    qtbot.mouseClick(dialog.save_button, LEFT)
    assert dialog.problem.text().startswith("Not saved: A bust: the text for a bust has the unknown token {colour}")
    shot(dialog, artifacts_dir, "sounds-dialog-refused.png")
    assert not (tmp_path / "templates" / SCHEME_FILE).exists()  # nothing kept

    gone = tmp_path / "exported.toml"  # an exported scheme whose sound file was since removed
    gone.write_text('version = 1\n[events.winner]\nsound = "/no/such/folder/fanfare.wav"\ntext = ""\n',
                    encoding="utf-8")
    qtbot.mouseClick(dialog.import_button, LEFT)
    dialog.file_dialog.selectFile(str(gone))
    dialog.file_dialog.accept()
    assert dialog.problem.text() == ("Not imported: 'exported.toml': the sound file 'fanfare.wav' does not exist "
                                     "(looked in /no/such/folder)")
    assert dialog.rows["winner"].sound.currentText() == "No sound"
    dialog.close()
    window.close()
    session.close()


def test_export_then_import_brings_the_same_sounds_back(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings)
    dialog = open_dialog(qtbot, window)
    dialog.rows["winner"].text.setText("{player} wins {prize}")
    dialog.quiet.setChecked(True)
    qtbot.mouseClick(dialog.export_button, LEFT)
    dialog.file_dialog.selectFile(str(tmp_path / "our sounds"))
    dialog.file_dialog.accept()
    assert (tmp_path / "our sounds.toml").is_file()
    dialog.rows["winner"].text.clear()
    dialog.quiet.setChecked(False)
    qtbot.mouseClick(dialog.import_button, LEFT)
    dialog.file_dialog.selectFile(str(tmp_path / "our sounds.toml"))
    dialog.file_dialog.accept()
    assert dialog.rows["winner"].text.text() == "{player} wins {prize}" and dialog.quiet.isChecked()
    dialog.close()
    window.close()
    session.close()


# ----- the night's events ------------------------------------------------------------------------------------
def test_the_nights_events_play_the_rooms_sounds_and_sentences(qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    needs_audio()
    needs_espeak()
    session = open_session(tmp_path)
    new_tournament(session, players=8)
    window = console(qtbot, session, ui_settings)
    dialog = open_dialog(qtbot, window)
    texts = {"tournament_started": "Shuffle up and deal: {players} players",
             "player_busted": "{player} is out in {place} place", "bubble": "We are on the bubble: {paid} paid",
             "final_table": "The final table: {players} players", "winner": "{player} wins {prize}",
             "floor_called": "Floor to table {table}", "colour_up": "Colour-up: the {chips} chips come off"}
    for key, text in texts.items():
        dialog.rows[key].text.setText(text)
    qtbot.mouseClick(dialog.save_button, LEFT)
    dialog.close()
    cues = window.sound_cues
    said = lambda: [text for _key, done in cues.heard for text in done if text != "sound"]  # noqa: E731

    window.toggle_clock()
    assert cues.heard[-1] == ("tournament_started", ["Shuffle up and deal: 8 players"])
    run_out_the_level(session)  # the repaint timer notices
    qtbot.waitUntil(lambda: cues.heard[-1][0] == "level_changed", timeout=3000)
    assert cues.heard[-1] == ("level_changed", ["sound"])  # the Chime, nothing read (no text for it)
    qtbot.waitUntil(cues.player.last_effect.is_playing, timeout=3000)
    qtbot.wait(300)  # the console's refresh after the change: the level change is heard once, not twice
    assert [key for key, _done in cues.heard].count("level_changed") == 1

    structure = session.state.schedule.structure
    first_break = next(i for i, p in enumerate(structure.periods) if isinstance(p, Break))
    heard_before = len(cues.heard)
    jump_to_level(qtbot, window, structure.periods[first_break - 1].number)
    assert cues.heard[heard_before:] == [("level_changed", ["sound"])]  # the director moved the level: heard
    run_out_the_level(session)
    qtbot.waitUntil(lambda: cues.heard[-1][0] == "colour_up", timeout=3000)
    assert [key for key, _done in cues.heard[-2:]] == ["break_started", "colour_up"]
    assert cues.heard[-1][1] == ["Colour-up: the 25 chips come off"]
    qtbot.wait(300)
    assert [key for key, _done in cues.heard].count("break_started") == 1
    qtbot.mouseClick(window.clock_tab.buttons["next"], LEFT)  # the director ends the break early
    assert cues.heard[-1] == ("break_ended", ["sound"])

    order = list(NAMES)
    active(qtbot, window)
    bust(qtbot, window, order[0], order[1])
    assert cues.heard[-1] == ("player_busted", [f"{order[0]} is out in 8th place"])
    for name in order[2:5]:  # 7, 6, 5 players left; then 4 with 3 places paid: the bubble
        bust(qtbot, window, name, order[1])
    assert [key for key, _done in cues.heard[-4:]] == ["player_busted"] * 3 + ["bubble"]
    assert cues.heard[-1][1] == ["We are on the bubble: 3 paid"]
    if window.tables_tab.proposal is not None and window.tables_tab.proposal.moves:
        qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)  # Accept proposed moves: one table left
    qtbot.waitUntil(lambda: cues.heard[-1][0] == "final_table", timeout=2000)
    assert cues.heard[-1][1] == ["The final table: 4 players"]

    table = session.tournament.entries()[1].table
    session.stations.call_floor(table, 2, "")  # a dealer calls the floor from the table's station
    window.floor_call_alert.refresh()
    assert cues.heard[-1] == ("floor_called", ["sound", f"Floor to table {table}"])

    survivors = [e.name for e in session.tournament.entries() if not e.busted]
    winner = survivors[0]
    for name in survivors[1:]:
        bust(qtbot, window, name, winner)
    question = window.busting.finish_question  # late registration still open: the director closes it
    if question is not None and question.isVisible():
        qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), LEFT)
    assert cues.heard[-1][0] == "winner" and cues.heard[-1][1][0].startswith(f"{winner} wins ")
    qtbot.waitUntil(lambda: cues.player.speaker.last_said == cues.heard[-1][1][0], timeout=5000)
    assert any(text.startswith(f"Announced: {winner} wins") for text in window.log_tab.message_texts())
    assert len(said()) >= 8
    window.close()
    session.close()


def test_quiet_mode_silences_everything_shows_in_the_status_bar_and_is_kept(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings, speech_engine="mock")
    window.announce_action.trigger()  # View > Announce new levels is on as well
    if not window.announcer.available:
        pytest.skip(f"Qt's mock speech engine is missing here: {window.announcer.unavailable_reason}")
    assert not window.quiet_label.isVisible()
    active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Q, CTRL_SHIFT)  # View > Quiet mode
    assert window.quiet_action.isChecked() and window.quiet_label.isVisible()
    assert window.quiet_label.text() == "Quiet: no sounds"
    shot(window.statusBar(), artifacts_dir, "console-quiet-mode-status.png")
    window.toggle_clock()
    run_out_the_level(session)
    qtbot.waitUntil(lambda: any(key == "level_changed" for key, _done in window.sound_cues.heard), timeout=3000)
    assert all(done == [] for _key, done in window.sound_cues.heard)  # the level changed, nothing played
    assert window.announcer.last_said == ""  # and nothing was read aloud
    dialog = open_dialog(qtbot, window)
    assert dialog.quiet.isChecked()
    qtbot.mouseClick(dialog.rows["level_changed"].test, LEFT)
    assert dialog.last_test == [] and dialog.problem.text().startswith("Quiet mode is on")
    dialog.close()
    window.close()

    restarted = console(qtbot, session, ui_settings)  # still quiet after a restart
    assert restarted.quiet_action.isChecked() and restarted.quiet_label.isVisible()
    menu_item(restarted, "&View", "Quiet mode (no sounds)").trigger()
    assert not restarted.quiet_label.isVisible()
    restarted.close()
    session.close()


def test_without_a_database_save_says_where_the_sounds_would_be_kept(qtbot, ui_settings) -> None:
    window = MainWindow(None, settings=ui_settings, sounds=True)
    qtbot.addWidget(window)
    window.show()
    dialog = open_dialog(qtbot, window)
    qtbot.mouseClick(dialog.save_button, LEFT)
    assert dialog.problem.text() == "Not saved: no database is open: the room's sounds are kept beside it"
    dialog.close()
    window.close()
