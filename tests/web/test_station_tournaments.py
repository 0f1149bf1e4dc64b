"""Table stations of several tournaments at once, in real headless Chromium pages beside the real console: the
Main Event Day 1A runs behind the Turbo side event in front, and each table's card opens its own tournament's table.
A bust reported from the Main Event's table 1 lands in the Main Event (the Turbo untouched), the console's status bar
names the Main Event, Edit > Undo in the Main Event (brought in front from the lobby) takes it back; a floor call
behind shows in the alert band naming the event and the table and is answered in its own tournament; a card of a
tournament that is over, and of a table broken since, are refused saying so."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tests.ui.tournament_setup import NAMES, show_console
from tests.web.browser import Browser
from tests.web.conftest import free_port
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.room_display import start_room_display

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton
MAIN, TURBO = "Main Event Day 1A", "Turbo Side Event"
TURBO_PLAYERS = tuple(f"{name.split()[0]} Turbo" for name in NAMES[:12])


def start_event(session: DirectorSession, name: str, players: tuple[str, ...], tables: int, **settings: Any) -> int:
    tournament = session.create_from_plan(NewTournamentPlan(name, "turbo", tables=tables, settings=settings))
    floor = session.tournament
    for player in players:
        session.run(floor.register, player)
    session.run(floor.draw_seats)
    session.run(floor.close_registration)
    session.run(session.clock.start)
    session.run(floor.next_hand)
    return tournament


@pytest.fixture
def evening(qtbot, tmp_path, ui_settings, monkeypatch, browsers):
    """The Main Event Day 1A (20 players at three tables, its stations trusted) behind the Turbo side event (12
    players at two tables) in front, both clocks running and a hand dealt; the console with its room display on."""
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(5))
    main = start_event(session, MAIN, NAMES[:20], 3, trust_table_stations=True)
    turbo = start_event(session, TURBO, TURBO_PLAYERS, 2)
    assert session.tournament_id == turbo
    window = show_console(qtbot, session, ui_settings)
    start_room_display(window, f"127.0.0.1:{free_port()}")
    window.refusals = refusals
    yield window, main, turbo
    window.room_display.server.stop()
    window.close()
    session.close()
    for browser in browsers:
        browser.open("about:blank")


def codes_of(qtbot, window: Any, name: str) -> dict[int, str]:
    """Tools > Table station codes (QR): the tournament chosen by typing its name; each table's card address."""
    window.station_codes_action.trigger()
    dialog = window.station_codes_dialog
    dialog.tournament_choice.setFocus()
    qtbot.wait(QApplication.keyboardInputInterval() + 50)   # a new search, not the end of the last one's letters
    qtbot.keyClicks(dialog.tournament_choice, name[:4])
    assert dialog.tournament_choice.currentText().startswith(name)
    return {table: label.text().replace("\n", "") for table, label in dialog.urls.items()}  # its lines as read


def open_station(browser: Browser, url: str, table: int, event: str) -> None:
    browser.open(url)
    browser.wait_for_text("#title", lambda text: text.startswith(f"Table {table} "))
    browser.wait_for_text("#event", lambda text: text == event)


def seated(session: DirectorSession, tournament: int, table: int) -> list[Any]:
    return [s for s in session.following(tournament).tournament.table(table).seats if s.entry_id is not None]


def fill_bust(browser: Browser, busted: dict[int, int], winner: str) -> None:
    browser.click("#bust")
    for seat, stack in busted.items():
        browser.click(f".bust-tick[data-seat='{seat}']")
        browser.type(f".bust-stack[data-seat='{seat}']", str(stack))
    browser.choose("#bust-winner", winner)


def station_events(session: DirectorSession, tournament: int) -> list[tuple[str, str]]:
    return [(e.event_type, e.operator) for e in session.following(tournament).runner.history()
            if e.operator.endswith(" station")]


def test_a_bust_from_a_table_of_the_tournament_behind_lands_there_and_is_undone_there(
        qtbot, evening, browsers, artifacts_dir, tmp_path, monkeypatch) -> None:
    window, main, turbo = evening
    session = window.session
    main_cards = codes_of(qtbot, window, MAIN)
    assert sorted(main_cards) == [1, 2, 3] and all(f"tournament={main}&" in url for url in main_cards.values())
    window.station_codes_dialog.grab().save(str(artifacts_dir / "station_codes_of_the_event_behind.png"))
    cards = tmp_path / "main-event-cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(cards), "PDF (*.pdf)"))
    qtbot.mouseClick(window.station_codes_dialog.save_button, LEFT)
    pages = [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split())
             for page in PdfReader(str(cards)).pages]
    assert [page.split(" Table station")[0] for page in pages] == [f"{MAIN} Table {n}" for n in (1, 2, 3)]
    assert all(main_cards[n].split("token=")[1] in "".join(page.split()) for n, page in zip((1, 2, 3), pages))
    turbo_cards = codes_of(qtbot, window, TURBO)
    assert sorted(turbo_cards) == [1, 2] and turbo_cards[1] != main_cards[1]
    window.station_codes_dialog.close()

    main_table, turbo_table, main_table_2 = browsers
    open_station(main_table, main_cards[1], 1, MAIN)
    open_station(turbo_table, turbo_cards[1], 1, TURBO)
    open_station(main_table_2, main_cards[2], 2, MAIN)
    assert session.tournament_id == turbo   # the Turbo stays in front throughout
    main_seats = seated(session, main, 1)
    assert all(s.name in main_table.text("#seats") for s in main_seats)
    assert not any(s.name in turbo_table.text("#seats") for s in main_seats)
    turbo_before = session.following(turbo).runner.last_seq

    # a floor call from the Main Event's table 2: the band names the event and the table, the status bar too
    main_table_2.click("#call-floor")
    main_table_2.wait_for_text("#message", lambda text: "The floor is called" in text)
    alert = window.floor_call_alert
    qtbot.waitUntil(alert.isVisible, timeout=3000)
    assert alert.texts() == [f"{MAIN} — Table 2 calls the floor"]
    assert f"{MAIN} — Table 2 calls the floor" in window.statusBar().currentMessage()
    assert session.stations.calls() == [] and len(session.following(main).stations.calls()) == 1
    QApplication.processEvents()
    window.grab().save(str(artifacts_dir / "station_call_behind_alert.png"))
    qtbot.mouseClick(alert.answer_button(session.following(main).stations.calls()[0].number, main), LEFT)
    assert session.following(main).stations.calls() == [] and not alert.isVisible()
    assert MAIN in window.statusBar().currentMessage() and "answered" in window.statusBar().currentMessage()

    # the bust from the Main Event's table 1 (trusted: recorded at once)
    victim, winner = main_seats[0], main_seats[1]
    fill_bust(main_table, {victim.seat: 4_000}, winner.name)
    main_table.screenshot(artifacts_dir / "station_event_behind_bust_form.png")
    main_table.click("#bust-send")
    main_table.wait_for_text("#message", lambda text: f"{victim.name} out: recorded" in text)
    main_table.wait_for(lambda d: victim.name not in d.find_element("css selector", "#seats").text, timeout=5)
    main_table.screenshot(artifacts_dir / "station_event_behind_bust_recorded.png")
    behind = session.following(main)
    assert behind.state.floor.entries[victim.entry_id].busted
    assert station_events(session, main)[-1] == ("station.bust_reported", "table 1 station")
    assert session.following(turbo).runner.last_seq == turbo_before   # nothing went into the one in front
    assert session.tournament_id == turbo and not any(e.busted for e in session.tournament.entries())
    told = window.statusBar().currentMessage()
    assert told.startswith(f"{MAIN}: table 1 station: {victim.name} out: recorded"), told
    QApplication.processEvents()
    window.grab().save(str(artifacts_dir / "station_bust_behind_console.png"))

    # the Turbo's own table still reports to the Turbo
    turbo_table.click("#call-floor")
    turbo_table.wait_for_text("#message", lambda text: "The floor is called" in text)
    qtbot.waitUntil(lambda: alert.texts() == ["Table 1 calls the floor"], timeout=3000)
    assert len(session.stations.calls()) == 1 and behind.stations.calls() == []

    # Edit > Undo in the Main Event, brought in front from the lobby, takes the bust back
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_L, CTRL_SHIFT)
    lobby = window.lobby_window
    qtbot.waitUntil(lobby.isVisible)
    lobby.select(main)
    qtbot.keyClick(lobby.table, Qt.Key.Key_Return)
    assert session.tournament_id == main
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert victim.name in session.undo_name()   # what Edit > Undo names: the station's bust
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert not window.refusals, window.refusals
    assert not session.state.floor.entries[victim.entry_id].busted
    assert f"{victim.name}" in window.statusBar().currentMessage()
    main_table.wait_for_text("#seats", lambda text: victim.name in text)
    assert len(session.following(turbo).stations.calls()) == 1   # the Turbo's call is still its own

    # the Turbo behind now: a bust from its table 1 (not trusted) waits in the band naming the Turbo; "Confirm or
    # refuse…" brings the Turbo in front with its Table stations panel, where the director confirms it
    turbo_victim, turbo_winner = seated(session, turbo, 1)[:2]
    fill_bust(turbo_table, {turbo_victim.seat: 6_000}, turbo_winner.name)
    turbo_table.click("#bust-send")
    turbo_table.wait_for_text("#message", lambda text: "sent to the director to confirm" in text)
    qtbot.waitUntil(lambda: len(alert.bust_texts()) == 1, timeout=3000)
    assert alert.bust_texts()[0].startswith(f"Bust waiting for you: {TURBO} — Table 1, hand 1: {turbo_victim.name}")
    assert alert.texts() == [f"{TURBO} — Table 1 calls the floor"]   # the Turbo's call, named now it is behind
    QApplication.processEvents()
    window.grab().save(str(artifacts_dir / "station_bust_behind_waiting.png"))
    qtbot.mouseClick(alert.bust_rows[0][2], LEFT)
    assert session.tournament_id == turbo
    panel = window.stations_panel
    qtbot.waitUntil(lambda: panel.isVisible() and panel.proposals.count() == 1, timeout=3000)
    qtbot.mouseClick(panel.confirm_button, LEFT)
    assert not window.refusals, window.refusals
    assert session.state.floor.entries[turbo_victim.entry_id].busted
    assert not session.following(main).state.floor.entries[victim.entry_id].busted


def test_a_card_of_a_tournament_over_or_of_a_table_broken_since_is_refused_by_name(
        qtbot, evening, browsers, artifacts_dir) -> None:
    window, main, turbo = evening
    session = window.session
    heads_up = start_event(session, "Late Satellite", NAMES[:2], 1)   # in front now
    satellite_card = codes_of(qtbot, window, "Late Satellite")[1]
    main_cards = codes_of(qtbot, window, MAIN)
    window.station_codes_dialog.close()
    page = browsers[0]

    # the satellite plays out: its card no longer opens a station
    first, second = seated(session, heads_up, 1)
    assert window.attempt(session.tournament.bust, first.entry_id, [second.entry_id]).ok
    assert session.state.floor.finished
    page.open(satellite_card)
    page.wait_for_text("body", lambda text: "Late Satellite is over: this table card no longer opens a station"
                       in text)
    page.screenshot(artifacts_dir / "station_card_of_a_tournament_over.png")

    # two busts in the Main Event, behind the one in front, and a table broken (its players moved): its card says so
    behind = session.following(main)
    third = seated(session, main, 3)
    for victim in third[:2]:
        behind.run(behind.tournament.bust, victim.entry_id, [third[-1].entry_id])
    proposal = behind.tournament.propose_moves()
    assert proposal.kind == "break" and len(proposal.broken_tables) == 1, proposal
    broken = proposal.broken_tables[0]
    open_station(page, main_cards[broken], broken, MAIN)
    behind.run(behind.accept_moves, proposal)
    page.wait_for_text("#connection", lambda text: f"There is no table {broken} in play" in text)
    assert not page.displayed("#seats") and not page.displayed("#bust")   # nothing left to tap on a closed table
    page.screenshot(artifacts_dir / "station_card_of_a_table_broken.png")
    assert session.tournament_id == heads_up and turbo in session.open_tournaments
