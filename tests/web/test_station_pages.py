"""Table stations in real headless Chromium pages beside the real console, several pages open at once: a
hand-for-hand round across three tables that advances only when the third reports (with the clock's
hand-for-hand time taken off); busts with starting stacks confirmed on the console's Table stations panel
(places by the stacks) and undone from the console; two pages busting the same player at once, one refused; a
move accepted on the console shown on both tables and confirmed by the receiving dealer; a floor call raised on a
page, alerting the console and cleared by the director; a chip count entered per seat; the page on a phone."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.tournament_setup import open_session, running_tournament, show_console
from tests.web.browser import Browser
from tests.web.conftest import free_port
from tournament_director.ui.console.room_display import start_room_display

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton
SHOTS = Path("/tmp/shots-stations")


@dataclass
class Room:
    window: Any
    server: Any
    refusals: list[str]

    @property
    def session(self) -> Any:
        return self.window.session

    def url(self, table: int) -> str:
        return self.server.station_url(table)


@pytest.fixture
def room(qtbot, tmp_path, ui_settings, monkeypatch, browsers):
    """Twenty players at three tables playing hand 1 (one out, one absent), the clock running, the console
    shown with its room display on a free loopback port."""
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    running_tournament(session)
    window = show_console(qtbot, session, ui_settings)
    start_room_display(window, f"127.0.0.1:{free_port()}")
    yield Room(window, window.room_display.server, refusals)
    window.room_display.server.stop()
    window.close()
    session.close()
    for browser in browsers:   # the next test's pages start from nothing
        browser.open("about:blank")


def open_station(browser: Browser, room: Room, table: int) -> None:
    browser.open(room.url(table))
    browser.wait_for_text("#title", lambda text: text.startswith(f"Table {table} "))


def status_says(browser: Browser, words: str, timeout: float = 5.0) -> str:
    return browser.wait_for_text("#status", lambda text: words in text, timeout)


def message_says(browser: Browser, words: str, timeout: float = 5.0) -> str:
    return browser.wait_for_text("#message", lambda text: words in text, timeout)


def seated(session: Any, table: int) -> list[Any]:
    return [s for s in session.tournament.table(table).seats if s.entry_id is not None]


def open_panel(qtbot, window: Any) -> Any:
    qtbot.keyClick(window, Qt.Key.Key_T, CTRL_SHIFT)
    panel = window.stations_panel
    assert panel.isVisible()
    return panel


def test_a_hand_for_hand_round_advances_only_when_the_third_table_reports(qtbot, room, browsers) -> None:
    window, session = room.window, room.session
    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)          # hand-for-hand on
    qtbot.keyClick(window, Qt.Key.Key_F8)            # the clock paused, so its time is exact
    qtbot.keyClick(window, Qt.Key.Key_F5)               # the first hand-for-hand hand at every table
    assert not room.refusals, room.refusals
    hands = {n: session.tournament.table(n).hand_number for n in (1, 2, 3)}
    for browser, table in zip(browsers, (1, 2, 3)):
        open_station(browser, room, table)
        status_says(browser, f"Hand-for-hand: play hand {hands[table]}")
    left_before = session.clock.view().remaining_ms

    browsers[0].click("#hand-done")
    message_says(browsers[0], "waiting for tables 2, 3")
    browsers[1].click("#hand-done")
    message_says(browsers[1], "waiting for table 3")
    status_says(browsers[0], "Waiting for table 3")
    assert {n: session.tournament.table(n).hand_number for n in (1, 2, 3)} == hands   # nothing dealt yet
    assert session.clock.view().remaining_ms == left_before
    panel = open_panel(qtbot, window)
    qtbot.waitUntil(lambda: "2 of 3 tables done (waiting for 3)" in panel.summary.text(), timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)          # the Tables tab: the map marks the tables done
    window.activateWindow()
    marks = {card.number: card.hand_done for card in window.tables_tab.cards}
    assert marks == {1: True, 2: True, 3: False}
    assert "hand done" in window.tables_tab.cards[0].text() and "hand done" not in window.tables_tab.cards[2].text()
    SHOTS.mkdir(exist_ok=True)
    qtbot.wait(100)  # the new cards are shown on the next turn of the event loop
    panel.grab().save(str(SHOTS / "console-stations-panel-h4h.png"))
    window.grab().save(str(SHOTS / "console-tables-map-hand-done.png"))
    browsers[1].screenshot(SHOTS / "station-tablet-h4h-waiting.png")

    browsers[2].click("#hand-done")
    message_says(browsers[2], "the next hand-for-hand hand is dealt")
    assert {n: session.tournament.table(n).hand_number for n in (1, 2, 3)} == {n: h + 1 for n, h in hands.items()}
    assert session.clock.view().remaining_ms == left_before - session.hand_for_hand_ms   # TDA RP-8
    for browser, table in zip(browsers, (1, 2, 3)):
        status_says(browser, f"Hand-for-hand: play hand {hands[table] + 1}")
    qtbot.waitUntil(lambda: "0 of 3 tables done" in panel.summary.text(), timeout=3000)
    dealt = [e for e in session.history() if e.event_type == "hand.next"][-1]
    assert dealt.operator == "table 3 station"
    assert [e.operator for e in session.history() if e.event_type == "station.hand_done"][-3:] == [
        "table 1 station", "table 2 station", "table 3 station"]


def fill_bust(browser: Browser, busted: dict[int, int], winner: str) -> None:
    browser.click("#bust")
    for seat, stack in busted.items():
        browser.click(f".bust-tick[data-seat='{seat}']")
        browser.type(f".bust-stack[data-seat='{seat}']", str(stack))
    browser.choose("#bust-winner", winner)


def test_busts_with_starting_stacks_confirmed_on_the_console_and_undone(qtbot, room, browsers) -> None:
    window, session = room.window, room.session
    page = browsers[0]
    open_station(page, room, 1)
    small, big, winner = seated(session, 1)[:3]
    fill_bust(page, {small.seat: 3_000, big.seat: 8_000}, winner.name)
    page.screenshot(SHOTS / "station-tablet-bust-form.png")
    page.click("#bust-send")
    message_says(page, "sent to the director to confirm")
    page.wait_for_text("#proposals", lambda text: "waiting for the director" in text)
    assert not any(e.busted for e in session.tournament.entries() if e.entry_id in (small.entry_id, big.entry_id))

    panel = open_panel(qtbot, window)
    qtbot.waitUntil(lambda: panel.proposals.count() == 1, timeout=3000)
    assert panel.proposal_texts() == [
        f"Table 1, hand 1: {small.name} (3,000 chips at the start of the hand) and {big.name} (8,000 chips at the "
        f"start of the hand) out, pot won by {winner.name}"]
    panel.grab().save(str(SHOTS / "console-stations-panel-bust.png"))
    qtbot.mouseClick(panel.confirm_button, LEFT)
    assert not room.refusals, room.refusals
    entries = {e.entry_id: e for e in session.tournament.entries()}
    assert entries[small.entry_id].busted and entries[big.entry_id].busted
    places = {r.name: r.place for r in session.tournament.results()}
    assert places[big.name] < places[small.name]   # the bigger stack at the start of the hand finishes higher
    assert panel.proposals.count() == 0
    page.wait_for(lambda d: small.name not in d.find_element("css selector", "#seats").text, timeout=5)
    assert big.name not in page.text("#seats") and not page.displayed("#proposals")

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)          # undo the confirmation from the console
    entries = {e.entry_id: e for e in session.tournament.entries()}
    assert not entries[small.entry_id].busted and not entries[big.entry_id].busted
    qtbot.waitUntil(lambda: panel.proposals.count() == 1, timeout=3000)
    page.wait_for_text("#seats", lambda text: small.name in text and big.name in text)
    report = [e for e in session.history() if e.event_type == "station.bust_reported"][-1]
    assert report.operator == "table 1 station"


def test_two_pages_busting_the_same_player_at_once_one_is_refused(qtbot, room, browsers) -> None:
    session = room.session
    first, second = browsers[0], browsers[1]
    open_station(first, room, 3)
    open_station(second, room, 3)
    victim, winner = seated(session, 3)[:2]
    for page in (first, second):
        fill_bust(page, {victim.seat: 12_000}, winner.name)
    first.click("#bust-send")    # both requests leave before either answer comes back
    second.click("#bust-send")
    first.wait_for_text("#message", bool)
    second.wait_for_text("#message", bool)
    answers = sorted([first.text("#message"), second.text("#message")], key=lambda text: not text.startswith("R"))
    assert answers[0] == f"Refused: {victim.name} was already busted by table 3", answers
    assert answers[1] == f"{victim.name} out: sent to the director to confirm", answers
    refused = first if answers[0] == first.text("#message") else second
    assert refused.displayed("#bust-form")   # the refused page keeps its form, nothing was recorded for it
    assert refused.text("#bust-form .sheet-message") == answers[0]   # and says why over the form
    refused.screenshot(SHOTS / "station-tablet-bust-refused.png")
    assert len(session.stations.proposals()) == 1
    assert len([e for e in session.history() if e.event_type == "station.bust_reported"]) == 1


def test_a_move_accepted_on_the_console_shows_on_both_tables_and_the_dealer_confirms_it(qtbot, room,
                                                                                          browsers) -> None:
    window, session = room.window, room.session
    for browser, table in zip(browsers, (1, 2, 3)):
        open_station(browser, room, table)
        browser.click("#hand-done")                      # moves wait for the hand to end
        message_says(browser, "Hand 1 done")
    qtbot.waitUntil(lambda: all(not session.tournament.table(n).in_hand for n in (1, 2, 3)), timeout=3000)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F6)                # check the balance: 7, 7 and 5 players
    proposal = window.tables_tab.proposal
    assert proposal is not None and len(proposal.moves) == 1
    move = proposal.moves[0]
    qtbot.mouseClick(window.tables_tab.accept_move, LEFT)
    assert not room.refusals, room.refusals
    name = session.tournament.entry(move.entry_id).name
    leaving, receiving = browsers[move.from_table - 1], browsers[move.to_table - 1]
    leaving.wait_for_text("#moves", lambda text: f"{name} (seat {move.from_seat}): go to table {move.to_table} "
                                                 f"seat {move.to_seat}" in text)
    receiving.wait_for_text("#moves", lambda text: f"{name} moves here: seat {move.to_seat} (from table "
                                                   f"{move.from_table} seat {move.from_seat})" in text)
    receiving.screenshot(SHOTS / "station-tablet-move-in.png")
    receiving.click(".confirm-move")
    message_says(receiving, f"{name} has taken seat {move.to_seat}")
    receiving.wait_for(lambda d: not d.find_element("css selector", "#moves").is_displayed(), timeout=5)
    leaving.wait_for(lambda d: not d.find_element("css selector", "#moves").is_displayed(), timeout=5)
    confirmed = session.history()[-1]
    assert confirmed.event_type == "station.move_confirmed" and confirmed.operator == f"table {move.to_table} station"
    assert confirmed.description == f"Table {move.to_table}: {name} has taken the new seat"
    assert session.stations.view(move.to_table).moves == ()


def test_a_floor_call_alerts_the_console_and_is_cleared_when_answered(qtbot, room, browsers) -> None:
    window, session = room.window, room.session
    page = browsers[0]
    open_station(page, room, 2)
    seat = seated(session, 2)[3].seat
    page.click(f".seat[data-seat='{seat}']")
    page.click("#call-floor")
    message_says(page, f"The floor is called to seat {seat}")
    alert = window.floor_call_alert
    qtbot.waitUntil(alert.isVisible, timeout=3000)
    assert alert.texts() == [f"Table 2, seat {seat} calls the floor"] and alert.rung == 1
    assert f"Table 2, seat {seat} calls the floor" in window.statusBar().currentMessage()
    page.wait_for_text("#calls", lambda text: f"Floor called to seat {seat}: on the way" in text)
    page.screenshot(SHOTS / "station-tablet-floor-called.png")
    window.grab().save(str(SHOTS / "console-floor-call-alert.png"))
    page.click("#call-floor")                            # a second tap is refused: the floor is on the way
    message_says(page, "has already called the floor for seat")
    assert len(session.stations.calls()) == 1

    qtbot.mouseClick(alert.answer_button(session.stations.calls()[0].number), LEFT)
    assert not alert.isVisible() and session.stations.calls() == []
    page.wait_for(lambda d: not d.find_element("css selector", "#calls").is_displayed(), timeout=5)


def test_the_station_page_on_a_phone(qtbot, room, browsers) -> None:
    page = browsers[0]
    page.open(room.url(1), 390, 844)
    try:
        page.wait_for_text("#title", lambda text: text.startswith("Table 1 "))
        width = page.script("return document.documentElement.scrollWidth")
        assert width <= 390   # nothing runs off the side of a phone
        page.screenshot(SHOTS / "station-phone.png")
    finally:
        page.open("about:blank", 1024, 768)


def test_a_chip_count_entered_per_seat_at_the_table(qtbot, room, browsers) -> None:
    session = room.session
    page = browsers[0]
    open_station(page, room, 3)
    seats = seated(session, 3)
    page.click("#count")
    assert page.text("#count-occasion option:checked") == "as a count"
    page.choose("#count-occasion", "at the break")
    page.type(f".count-chips[data-seat='{seats[0].seat}']", "")
    page.click("#count-send")
    message_says(page, f"Refused: enter {seats[0].name}'s stack (seat {seats[0].seat})")
    assert page.displayed("#count-form")
    page.type(f".count-chips[data-seat='{seats[0].seat}']", "31500")
    page.click("#count-send")
    message_says(page, "Chip count of table 3 recorded")
    assert not page.displayed("#count-form")
    assert session.tournament.entry(seats[0].entry_id).chips == 31_500
    counted = session.history()[-1]
    assert counted.event_type == "chips.counted" and counted.operator == "table 3 station"
    assert counted.payload["occasion"] == "break" and counted.payload["tables"] == [3]
