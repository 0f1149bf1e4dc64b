"""The console wired to the session's cross-cutting behaviour, offscreen over a real SQLite file: wall-clock jobs
with real sub-second delays (issue 5), hand-for-hand from the button and F5 (TDA RP-8), spoken level announcements,
and the restart choice after a crash with the clock running (both options)."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from tournament_director.services.clock import ClockService
from tournament_director.services.scheduler import LATE_REGISTRATION_CLOSES, SCHEDULED_START
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.window import ANNOUNCE_SETTING, MainWindow
from tournament_director.ui.projector.layout import paint_projector
from tournament_director.ui.projector.view import format_clock, view_from_session
from tournament_director.ui.projector.window import ProjectorWindow
from tournament_director.ui.sounds import announcement_for

NAMES = ("Ana Souza", "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
         "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández")


def open_session(folder: Path, **options: object) -> DirectorSession:
    return DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(11),
                                **options)


def new_tournament(session: DirectorSession, name: str = "Friday Night Hold'em", **settings: object) -> int:
    tid = session.create_from_plan(NewTournamentPlan(name, "turbo", tables=2))
    floor = session.tournament
    if settings:
        session.run(floor.configure, {**floor.settings.to_dict(), **settings})
    return tid


def seat_players(session: DirectorSession, players: int = 12) -> None:
    floor = session.tournament
    for name in NAMES[:players]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)


def console(qtbot, session: DirectorSession, ui_settings, **options: object) -> MainWindow:
    window = MainWindow(session, settings=ui_settings, sounds=False, **options)
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    window.windowHandle().requestActivate()  # shortcuts reach only the active window
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return window


def save_projector(view, path: Path, size: tuple[int, int] = (1280, 720)) -> None:
    image = QImage(*size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    paint_projector(painter, QRectF(0, 0, *size), view)
    painter.end()
    assert image.save(str(path))


def minute_ago_hhmm(minutes: int) -> str:
    now = datetime.now().astimezone()
    if now.hour == 0 and now.minute < minutes + 1:
        pytest.skip("a time of day minutes ago would fall on yesterday")
    return (now - timedelta(minutes=minutes)).strftime("%H:%M")


# ----- wall-clock jobs (issue 5) -------------------------------------------------------------------------------
def test_countdown_to_the_scheduled_start_on_mini_clock_and_projector_then_the_start_is_announced(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session = open_session(tmp_path)
    start = datetime.now(UTC) + timedelta(seconds=1.6)
    new_tournament(session, scheduled_start=start.isoformat())
    window = console(qtbot, session, ui_settings)
    handled_on: list[threading.Thread] = []
    handle = session.handle_wall_clock
    session.handle_wall_clock = lambda notice: (handled_on.append(threading.current_thread()), handle(notice))[1]
    scheduler = window.start_wall_clock(countdown_every_seconds=0.5)

    window.mini_clock.refresh()
    assert window.mini_clock.time_label.text() in ("Starts in 00:02", "Starts in 00:01")
    view = view_from_session(session)
    assert 0 < view.starts_in_seconds <= 1.6
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    projector.refresh()
    assert projector.view.starts_in_seconds is not None
    qtbot.wait(30)  # let the layouts take the new texts
    projector.grab().save(str(artifacts_dir / "projector-start-countdown.png"))
    window.grab().save(str(artifacts_dir / "console-start-countdown.png"))

    qtbot.waitUntil(lambda: "scheduled start" in window.statusBar().currentMessage(), timeout=4000)
    assert handled_on and all(t is threading.main_thread() for t in handled_on)  # the job never touched a widget
    assert window.mini_clock.time_label.text() == "Starting now"
    assert any("scheduled start" in m for m in window.log_tab.message_texts())

    window.toggle_clock()  # F8: the director starts the clock; the countdown gives way to the level
    window.mini_clock.refresh()
    assert session.seconds_to_start() is None
    assert window.mini_clock.time_label.text().startswith(format_clock(session.clock.view().remaining_seconds)[:2])
    assert SCHEDULED_START not in scheduler.pending()
    projector.close()
    window.close()
    session.close()


def test_late_registration_closes_at_its_time_of_day_once_and_says_so(qtbot, tmp_path, ui_settings) -> None:
    """Due a few seconds ago, within the misfire grace: the job runs at once and records the floor's command."""
    session = open_session(tmp_path)
    new_tournament(session, late_registration_until_time=minute_ago_hhmm(0))
    window = console(qtbot, session, ui_settings)
    window.start_wall_clock()
    qtbot.waitUntil(lambda: session.state.floor.registration_closed, timeout=4000)
    assert "Late registration closed" in window.statusBar().currentMessage()
    closes = [e for e in session.history() if e.event_type == "registration.closed"]
    assert len(closes) == 1 and closes[0].operator == session.operator
    assert LATE_REGISTRATION_CLOSES not in session.wall_clock_plan()
    window.close()
    session.close()


def test_late_registration_already_closed_by_the_floor_is_not_recorded_twice(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    new_tournament(session, late_registration_until_time=minute_ago_hhmm(0))
    window = console(qtbot, session, ui_settings)
    window.players_tab.close_registration()  # the floor closed it first
    window.start_wall_clock()
    qtbot.wait(600)
    closes = [e for e in session.history() if e.event_type == "registration.closed"]
    assert len(closes) == 1
    window.close()
    session.close()


def test_a_missed_job_is_reported_in_the_status_bar_and_the_message_log(qtbot, tmp_path, ui_settings, caplog,
                                                                        artifacts_dir) -> None:
    """The laptop slept through the close of late registration: the director is told, and it is closed now."""
    session = open_session(tmp_path)
    new_tournament(session, late_registration_until_time=minute_ago_hhmm(2))
    window = console(qtbot, session, ui_settings)
    window.start_wall_clock(misfire_grace_seconds=1)
    qtbot.waitUntil(lambda: "missed" in window.statusBar().currentMessage(), timeout=4000)
    message = window.statusBar().currentMessage()
    assert "Late registration" in message and "asleep" in message
    assert any("missed" in m for m in window.log_tab.message_texts())
    assert session.state.floor.registration_closed
    assert any("missed" in r.getMessage() for r in caplog.records)
    window.tabs.setCurrentWidget(window.log_tab)
    qtbot.wait(30)
    window.grab().save(str(artifacts_dir / "console-log-missed-job.png"))
    window.close()
    session.close()


def test_jobs_follow_the_settings_and_the_tournament_and_stop_when_the_session_closes(
        qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    first_start = datetime.now(UTC) + timedelta(hours=2)
    first = new_tournament(session, scheduled_start=first_start.isoformat())
    window = console(qtbot, session, ui_settings)
    scheduler = window.start_wall_clock()
    assert scheduler.pending()[SCHEDULED_START] == first_start

    moved = first_start + timedelta(minutes=30)  # the director changes the start time
    floor = session.tournament
    window.attempt(floor.configure, {**floor.settings.to_dict(), "scheduled_start": moved.isoformat()})
    assert scheduler.pending()[SCHEDULED_START] == moved

    new_tournament(session, "Satellite")  # another tournament in front, without a scheduled start
    assert SCHEDULED_START not in scheduler.pending()
    assert session.seconds_to_start() is None
    window.open_tournament(first)
    assert scheduler.pending()[SCHEDULED_START] == moved

    soon = datetime.now(UTC) + timedelta(seconds=0.6)
    window.attempt(floor.configure, {**floor.settings.to_dict(), "scheduled_start": soon.isoformat()})
    handled: list[object] = []
    handle = session.handle_wall_clock
    session.handle_wall_clock = lambda notice: (handled.append(notice), handle(notice))[1]
    window.close()
    session.close()  # stops the scheduler: the start due in 0.6 s never fires
    qtbot.wait(1000)
    assert handled == []


# ----- hand-for-hand from the console (TDA RP-8) ---------------------------------------------------------------
def test_f5_and_the_button_deal_hand_for_hand_with_two_minutes_off_the_clock_tda_rp8(qtbot, tmp_path,
                                                                                      ui_settings) -> None:
    frozen = [100.0]
    session = open_session(tmp_path, monotonic=lambda: frozen[0])
    new_tournament(session)
    seat_players(session)
    window = console(qtbot, session, ui_settings)
    window.toggle_clock()
    frozen[0] += 30
    full = session.clock.view().remaining_ms
    tables = window.tables_tab
    tables.hand_for_hand.click()
    assert session.state.floor.hand_for_hand
    tables.next_hand_all.click()
    assert session.clock.view().remaining_ms == full - 120_000
    assert "2 minutes off the clock" in window.statusBar().currentMessage()
    session.run(session.tournament.finish_hand)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert session.clock.view().remaining_ms == full - 240_000
    session.run(session.tournament.finish_hand)
    tables.hand_for_hand.click()  # off again: a hand takes nothing off
    tables.next_hand_all.click()
    assert session.clock.view().remaining_ms == full - 240_000
    assert [t.hand_number for t in session.tournament.tables()] == [3, 3]
    window.close()
    session.close()


# ----- spoken announcements ------------------------------------------------------------------------------------
def test_announce_new_levels_is_off_by_default_and_remembered(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings, speech_engine="mock")
    assert not window.announce_action.isChecked()
    window.toggle_clock()
    window.clock_command(ClockService.next_level)
    assert window.announcer is None  # nothing is spoken unless the director asked for it
    window.announce_action.trigger()
    assert ui_settings.value(ANNOUNCE_SETTING, type=bool) is True
    window.close()
    again = console(qtbot, session, ui_settings, speech_engine="mock")
    assert again.announce_action.isChecked()
    again.close()
    session.close()


def test_each_level_change_is_spoken_with_the_new_blinds(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    new_tournament(session)
    window = console(qtbot, session, ui_settings, speech_engine="mock")
    window.announce_action.trigger()
    if not window.announcer.available:
        pytest.skip(f"Qt's mock speech engine is missing here: {window.announcer.unavailable_reason}")
    window.toggle_clock()
    assert window.announcer.last_said == ""  # starting the clock is not a level change
    window.clock_command(ClockService.next_level)  # the director moves the level on
    structure = session.state.schedule.structure
    second = structure.periods[1]
    assert window.announcer.last_said == announcement_for(second)
    assert window.announcer.last_said.startswith(f"Blinds are now {second.small_blind}, {second.big_blind}")

    # and the time runs out by itself: the repaint timer notices
    window.clock_command(lambda clock: clock.set_remaining(0.3))
    third = structure.periods[2]
    qtbot.waitUntil(lambda: window.announcer.last_said == announcement_for(third), timeout=3000)
    assert any(m.startswith("Announced: Blinds are now") for m in window.log_tab.message_texts())
    window.close()
    session.close()


# ----- the restart choice after a crash (issue 5) ------------------------------------------------------------
def crashed_with_the_clock_running(folder: Path) -> tuple[int, int]:
    """A session with the clock running closes without pausing (as a crash would); returns the tournament and
    the milliseconds the clock had at its last saved transition."""
    session = open_session(folder)
    tid = new_tournament(session)
    seat_players(session, 6)
    session.run(session.clock.start)
    session.run(session.clock.set_remaining, 600)  # ten minutes left in level 1, saved with the clock running
    saved = session.state.schedule.saved_clock()
    assert saved.running
    session.close()
    return tid, saved.remaining_ms


def reopened_after(folder: Path, qtbot, ui_settings, minutes: float, frozen: list[float]):
    session = open_session(folder, monotonic=lambda: frozen[0],
                           wall=lambda: datetime.now(UTC) + timedelta(minutes=minutes))
    session.select_tournament(session.list_tournaments()[-1].id)
    window = console(qtbot, session, ui_settings)
    return session, window


def check_paused_until_the_director_chooses(session, window, artifacts_dir: Path, name: str) -> None:
    assert window.tabs.currentWidget() is window.clock_tab
    assert window.clock_tab.restart_banner.isVisible()
    assert "5 min ago" in window.clock_tab.restart_text.text()
    view = view_from_session(session)
    assert view.restart_pending and not view.running
    assert window.mini_clock.time_label.text().endswith("waiting for the director")
    save_projector(view, artifacts_dir / f"projector-{name}.png")
    window.grab().save(str(artifacts_dir / f"console-{name}.png"))
    window.toggle_clock()  # F8 cannot skip the choice
    assert session.clock.restart_pending is not None


def test_restart_resume_paused_keeps_the_saved_time(qtbot, tmp_path, ui_settings, artifacts_dir,
                                                     monkeypatch) -> None:
    monkeypatch.setattr("tournament_director.ui.console.window.QMessageBox.warning", lambda *a, **k: None)
    _tid, saved_ms = crashed_with_the_clock_running(tmp_path)
    frozen = [50.0]
    session, window = reopened_after(tmp_path, qtbot, ui_settings, 5, frozen)
    check_paused_until_the_director_chooses(session, window, artifacts_dir, "restart-choice")

    assert "Resume paused: 10:00 left in level 1" in window.clock_tab.resume_saved.text()
    window.clock_tab.resume_saved.click()
    assert not window.clock_tab.restart_banner.isVisible()
    view = session.clock.view()
    # the time left when the program stopped: its last heartbeat, written as it closed just after the save
    stopped = view.remaining_ms
    assert not view.running and saved_ms - 2_000 <= stopped <= saved_ms
    frozen[0] += 60
    assert session.clock.view().remaining_ms == stopped  # paused: no time passes
    window.toggle_clock()
    frozen[0] += 10
    assert session.clock.view().running and session.clock.view().remaining_ms == stopped - 10_000
    assert [e.payload.get("choice") for e in session.history() if e.event_type == "clock.restored"] == ["paused"]
    window.close()
    session.close()


def test_restart_continue_counts_the_time_that_passed(qtbot, tmp_path, ui_settings, artifacts_dir,
                                                      monkeypatch) -> None:
    monkeypatch.setattr("tournament_director.ui.console.window.QMessageBox.warning", lambda *a, **k: None)
    _tid, saved_ms = crashed_with_the_clock_running(tmp_path)
    frozen = [50.0]
    session, window = reopened_after(tmp_path, qtbot, ui_settings, 5, frozen)
    check_paused_until_the_director_chooses(session, window, artifacts_dir, "restart-choice-continue")

    window.clock_tab.continue_clock.click()
    assert not window.clock_tab.restart_banner.isVisible()
    view = session.clock.view()
    assert view.running
    # Five minutes of wall time (and the moment the test itself took) came off the ten saved.
    assert saved_ms - 300_000 - 5_000 <= view.remaining_ms <= saved_ms - 300_000
    assert not view_from_session(session).restart_pending
    assert [e.payload.get("choice") for e in session.history() if e.event_type == "clock.restored"] == ["continued"]
    window.close()
    session.close()
