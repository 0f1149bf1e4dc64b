"""Several tournaments at once from one console: the lobby (Tournament > Lobby, Ctrl+Shift+L) lists every tournament
of the database with its state, level and players; Enter or a double-click brings one in front, and the clocks of
the others keep running behind it: their levels are recorded as they come due, and coming back to one shows it
where it truly is (not a clock read again as after a restart)."""

from __future__ import annotations

import random
from datetime import timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.console.crash_clock import MovedTime
from tests.ui.tournament_setup import NAMES, show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def festival_evening(folder, time_sources: MovedTime) -> tuple[DirectorSession, int, int, int]:
    """Main Event Day 1A (12 players), a Turbo side event (8 players), both clocks running, a satellite to the Main
    Event and a tournament of tomorrow not started; the Turbo in front."""
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(7),
                                   monotonic=time_sources.monotonic, wall=time_sources.wall)
    ids = []
    for name, players in (("Main Event Day 1A", 12), ("Turbo Side Event", 8)):
        ids.append(session.create_from_plan(NewTournamentPlan(name, "turbo", tables=2)))
        floor = session.tournament
        for player in NAMES[:players]:
            session.run(floor.register, player)
        session.run(floor.draw_seats)
        session.run(session.clock.start)
        time_sources.advance(120)  # the Turbo starts two minutes after the Main Event
    session.create_from_plan(NewTournamentPlan("Main Event Satellite", "turbo", tables=1,
                                               settings={"satellite_target": ids[0]}))
    tomorrow = session.create_tournament("Sunday Deepstack")
    session.select_tournament(ids[1])
    return session, ids[0], ids[1], tomorrow


def lobby_cells(lobby) -> dict[str, list[str]]:
    table = lobby.table
    return {table.item(r, 0).text(): [table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())}


def level_changes(session: DirectorSession, tournament_id: int) -> list[int]:
    runner = session.following(tournament_id).runner
    return [e.payload["period_index"] for e in runner.history() if e.event_type == "clock.level_changed"]


def test_the_lobby_switches_tournaments_and_every_clock_runs_on_behind_the_one_in_front(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    time_sources = MovedTime(0)
    session, main, turbo, tomorrow = festival_evening(tmp_path, time_sources)
    window = show_console(qtbot, session, ui_settings)

    qtbot.keyClick(window, Qt.Key.Key_L, CTRL_SHIFT)
    lobby = window.lobby_window
    qtbot.waitUntil(lobby.isVisible)
    cells = lobby_cells(lobby)
    assert cells["▶ Turbo Side Event"][2:6] == ["running", "Level 1 · 50/100", "08:00", "8 / 8"]
    assert cells["Main Event Day 1A"][2:6] == ["running", "Level 1 · 50/100", "06:00", "12 / 12"]
    assert cells["Sunday Deepstack"][2:6] == ["not started", "", "", "0 / 0"]
    assert cells["Main Event Satellite"][1:4] == ["Satellite to Main Event Day 1A", "not started", "Level 1 · 50/100"]
    lobby.grab().save(str(artifacts_dir / "lobby_two_running.png"))

    # the Main Event in front: Up from the Turbo's row, then Enter
    qtbot.keyClick(lobby.table, Qt.Key.Key_Up)
    assert lobby.selected_id() == main
    qtbot.keyClick(lobby.table, Qt.Key.Key_Return)
    assert session.tournament_id == main and window.windowTitle().startswith("Main Event Day 1A")
    assert window.mini_clock is not None and session.clock.view().running

    # eleven minutes on: both clocks cross into level 2, the Turbo's behind the Main Event
    time_sources.advance(11 * 60)
    qtbot.waitUntil(lambda: level_changes(session, turbo) == [1], timeout=3000)
    qtbot.waitUntil(lambda: level_changes(session, main) == [1], timeout=3000)
    assert any(window.log_tab.messages.item(i).text().endswith("Turbo Side Event: level 2 (75/150)")
               for i in range(window.log_tab.messages.count()))
    lobby.refresh()
    cells = lobby_cells(lobby)
    assert cells["Turbo Side Event"][2:5] == ["running", "Level 2 · 75/150", "07:00"]
    assert cells["▶ Main Event Day 1A"][2:5] == ["running", "Level 2 · 75/150", "05:00"]

    # the Turbo comes back in front by a double-click: running, in its level 2 with 7 minutes left, no restart
    turbo_row = next(r for r, row in enumerate(lobby.rows) if row.tournament_id == turbo)
    rect = lobby.table.visualItemRect(lobby.table.item(turbo_row, 0))
    qtbot.mouseClick(lobby.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(lobby.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert session.tournament_id == turbo
    view = session.clock.view()
    assert view.running and not view.restart_pending
    assert view.level.number == 2 and round(view.remaining_seconds) == 7 * 60
    assert "program stopped" not in window.statusBar().currentMessage()
    # the Main Event, behind now, is still running too
    main_view = session.following(main).clock.view()
    assert main_view.running and main_view.level.number == 2 and round(main_view.remaining_seconds) == 5 * 60

    # the Main Event's own projector, shown and closed from the lobby while the Turbo is in front
    lobby.select(main)
    qtbot.mouseClick(lobby.projector_button, Qt.MouseButton.LeftButton)
    projector = window.tournament_projectors[main]
    assert projector.isVisible() and projector.view.tournament_name == "Main Event Day 1A"
    assert projector.view.running and projector.view.level_number == 2
    qtbot.mouseClick(lobby.close_projector_button, Qt.MouseButton.LeftButton)
    assert main not in window.tournament_projectors and not projector.isVisible()
    lobby.select(turbo)

    # pausing the one in front pauses it alone
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert not session.clock.view().running and session.following(main).clock.view().running
    lobby.refresh()
    cells = lobby_cells(lobby)
    assert cells["▶ Turbo Side Event"][2] == "paused" and cells["Main Event Day 1A"][2] == "running"
    QApplication.processEvents()
    lobby.grab().save(str(artifacts_dir / "lobby_one_paused.png"))
    window.grab().save(str(artifacts_dir / "lobby_console_behind.png"))


def test_the_lobby_finds_a_player_of_the_registry_in_every_event_he_plays(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session, main, turbo, _tomorrow = festival_evening(tmp_path, MovedTime(0))
    window = show_console(qtbot, session, ui_settings)
    players = window.players_tab

    def buy_in_on_the_players_tab(name: str) -> None:
        players.register_name.setFocus()
        qtbot.keyClicks(players.register_name, name)
        qtbot.keyClick(players.register_name, Qt.Key.Key_Return)

    buy_in_on_the_players_tab("Zofia Kowalczyk")  # in the Turbo, in front
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL_SHIFT)
    lobby = window.lobby_window
    lobby.select(main)
    qtbot.keyClick(lobby.table, Qt.Key.Key_Return)
    window.activateWindow()
    buy_in_on_the_players_tab("Zofia Kowalczyk")  # the same player of the registry, in the Main Event too
    registry = session.find_players("Zofia Kowalczyk")
    assert len(registry) == 1
    in_main = next(e for e in session.tournament.entries() if e.player_id == registry[0].id)
    in_turbo = next(e for e in session.following(turbo).tournament.entries() if e.player_id == registry[0].id)

    qtbot.keyClicks(lobby.player_search, "zofia kow")  # case ignored
    found = [lobby.player_events.item(i).text() for i in range(lobby.player_events.count())]
    assert found == [f"Zofia Kowalczyk — 2 events: Main Event Day 1A: table {in_main.table}, seat {in_main.seat} · "
                     f"Turbo Side Event: table {in_turbo.table}, seat {in_turbo.seat}"]

    # out of the Turbo: the lobby says so, and where he still plays
    behind = session.following(turbo)
    eliminator = next(e.entry_id for e in behind.tournament.entries() if not e.busted and e.entry_id != in_turbo.entry_id)
    behind.run(behind.tournament.bust, in_turbo.entry_id, [eliminator])
    lobby.player_search.clear()
    qtbot.keyClicks(lobby.player_search, "Kowalczyk")
    found = [lobby.player_events.item(i).text() for i in range(lobby.player_events.count())]
    assert found == [f"Zofia Kowalczyk — 2 events: Main Event Day 1A: table {in_main.table}, seat {in_main.seat} · "
                     "Turbo Side Event: out, 9th"]
    lobby.grab().save(str(artifacts_dir / "lobby_player_in_two_events.png"))

    # a player entered by name alone (not from the registry) is found by his name in every event he is in
    lobby.player_search.clear()
    qtbot.keyClicks(lobby.player_search, "ana sou")
    found = [lobby.player_events.item(i).text() for i in range(lobby.player_events.count())]
    ana_main = next(e for e in session.tournament.entries() if e.name == "Ana Souza")
    ana_turbo = next(e for e in behind.tournament.entries() if e.name == "Ana Souza")
    assert found == [f"Ana Souza (not in the registry) — 2 events: Main Event Day 1A: table {ana_main.table}, "
                     f"seat {ana_main.seat} · Turbo Side Event: table {ana_turbo.table}, seat {ana_turbo.seat}"]

    lobby.player_search.clear()
    qtbot.keyClicks(lobby.player_search, "Nobody Here")
    assert lobby.player_events.item(0).text() == "Nobody is called “Nobody Here”, in the registry or in an event"


def test_late_registration_of_a_tournament_behind_closes_at_its_time_of_day(qtbot, tmp_path, ui_settings) -> None:
    time_sources = MovedTime(0)
    session, main, turbo, _tomorrow = festival_evening(tmp_path, time_sources)
    floor = session.tournament  # the Turbo, in front
    until = (time_sources.wall() + timedelta(minutes=5)).astimezone().strftime("%H:%M")
    session.run(floor.configure, {**floor.settings.to_dict(), "late_registration_until_time": until})
    window = show_console(qtbot, session, ui_settings)
    window.lobby_action.trigger()
    lobby = window.lobby_window
    lobby.select(main)
    qtbot.keyClick(lobby.table, Qt.Key.Key_Return)  # the Turbo goes behind, registration still open
    assert session.tournament_id == main and not session.following(turbo).state.floor.registration_closed

    time_sources.advance(6 * 60)
    qtbot.waitUntil(lambda: session.following(turbo).state.floor.registration_closed, timeout=3000)
    said = [window.log_tab.messages.item(i).text() for i in range(window.log_tab.messages.count())]
    assert any(text.endswith(f"Turbo Side Event: Late registration closed at {until}") for text in said), said
    assert not session.state.floor.registration_closed  # the Main Event in front keeps its own
    assert [e.event_type for e in session.following(turbo).runner.history()][-1] == "registration.closed"


def test_the_lobby_labels_the_flights_of_an_event_and_says_when_a_day_ended(
        qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    from tests.services.test_clock_service import FakeTime
    from tests.services.test_festival_days import bag_and_end, create_event, field, open_session, play_flight

    session = open_session(tmp_path / "festival.sqlite", FakeTime())
    day_1a, day_1b, day_1c = create_event(session, "best")
    play_flight(session, day_1a, field("A", 8))  # to its set point, then bagged and ended
    bag_and_end(session)
    play_flight(session, day_1b, field("B", 6))  # playing on, in front
    window = show_console(qtbot, session, ui_settings)
    window.lobby_action.trigger()
    lobby = window.lobby_window
    cells = {row[0].removeprefix("▶ "): row[1:4] for row in (
        [lobby.table.item(r, c).text() for c in range(lobby.table.columnCount())] for r in range(lobby.table.rowCount()))}
    assert cells["Main Event Day 1A"] == ["Day 1A", "day ended", cells["Main Event Day 1A"][2]]
    assert cells["Main Event Day 1B"][:2] == ["Day 1B", "running"]
    assert cells["Main Event Day 1C"][:2] == ["Day 1C", "not started"]
    lobby.grab().save(str(artifacts_dir / "lobby_flights.png"))
