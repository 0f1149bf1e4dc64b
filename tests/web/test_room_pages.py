"""The room display's pages in a real headless Chromium, beside the real console: the director clicks the
console's buttons and the phone page follows within a second; a player finds a seat typing without accents; the
director's phone signs in with the PIN read off the console (wrong PINs are refused and braked), pauses the clock
and busts a player, and the console's Log tab shows the phone's name and undoes both; a page that loses the
connection says so and comes back by itself. One browser serves the whole module."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.ui.tournament_setup import open_session, running_tournament, show_console
from tests.web.browser import Browser
from tests.web.conftest import free_port
from tournament_director.ui.projector.view import format_clock

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton
XSS_NAME = "<img src=x onerror=alert(1)>"


@dataclass
class Room:
    window: Any
    dialog: Any
    url: str
    refusals: list[str]

    @property
    def session(self) -> Any:
        return self.window.session

    @property
    def server(self) -> Any:
        return self.dialog.server


@pytest.fixture
def room(qtbot, tmp_path, ui_settings, monkeypatch):
    """The console over a running tournament (hands finished), its room display switched on through
    Tools > Room display on a free loopback port, and the console active again."""
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    running_tournament(session)
    session.run(session.tournament.finish_hand)
    window = show_console(qtbot, session, ui_settings)
    window.room_display_action.trigger()
    dialog = window.room_display_dialog
    assert dialog.isVisible() and dialog.switch.text() == "Switch on"
    assert dialog.address.currentData() == "127.0.0.1"  # this computer only, unless the director chooses
    dialog.port.lineEdit().selectAll()
    qtbot.keyClicks(dialog.port, str(free_port()))
    qtbot.mouseClick(dialog.switch, LEFT)
    assert dialog.switch.text() == "Switch off", refusals
    url = dialog.url.text()
    assert url == dialog.server.url and url.startswith("http://127.0.0.1:")
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close), LEFT)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    yield Room(window, dialog, url, refusals)
    dialog.server.stop()
    window.close()
    session.close()


def seconds(clock_text: str) -> int:
    parts = [int(p) for p in clock_text.split(":")]
    return sum(value * 60 ** power for power, value in enumerate(reversed(parts)))


def within_a_second(browser: Browser, condition, what: str) -> float:
    """Wait for ``condition`` in the page; it must hold within one second of the console's click."""
    from selenium.common.exceptions import TimeoutException

    started = time.monotonic()
    try:
        browser.wait_for(condition, timeout=1.0)
    except TimeoutException:
        pytest.fail(f"the page did not show {what} within a second of the console")
    return time.monotonic() - started


def text_of(css: str):
    from selenium.webdriver.common.by import By

    return lambda driver: driver.find_element(By.CSS_SELECTOR, css).text


def shown(css: str):
    from selenium.webdriver.common.by import By

    return lambda driver: driver.find_element(By.CSS_SELECTOR, css).is_displayed()


def bust_on_console(qtbot, window, name: str, eliminator: str) -> None:
    """Players tab: find the player, Ctrl+B, type the eliminator, Enter ticks him, Enter busts."""
    tab = window.players_tab
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    tab.search.clear()
    qtbot.keyClicks(tab.search, name)
    tab.view.selectRow(0)
    assert tab.selected_entry().name == name
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = tab.bust_dialog
    qtbot.keyClicks(dialog.filter, eliminator)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert not dialog.isVisible()


def test_the_phone_page_follows_a_pause_a_level_change_and_a_bust_on_the_console(qtbot, room, browser) -> None:
    window = room.window
    browser.open(room.url, 390, 844)
    browser.wait_for(lambda d: text_of("#level-name")(d) == "Level 1")
    assert browser.text("#blinds") == "100 / 200"
    assert browser.text("#players-left") == "19"
    assert not browser.displayed("#paused")

    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)  # the Clock tab, and its buttons
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)
    within_a_second(browser, shown("#paused"), "the clock paused")
    assert not room.session.clock.view().running

    qtbot.mouseClick(window.clock_tab.buttons["next"], LEFT)
    within_a_second(browser, lambda d: text_of("#level-name")(d) == "Level 2" and text_of("#blinds")(d) == "150 / 300",
                    "level 2")
    assert browser.text("#next-level") == "Next: Level 3: 200 / 400 · BB ante 400"

    bust_on_console(qtbot, window, "Maya Patel", "Niamh")
    within_a_second(browser, lambda d: "Maya Patel" in text_of("#results")(d) and text_of("#players-left")(d) == "18",
                    "the bust")
    assert browser.texts("#results .result")[0].splitlines()[:2] == ["19th", "Maya Patel"]
    assert "eliminated by Niamh Byrne" in browser.text("#results")


def test_the_time_counts_down_on_the_page_between_pushes_and_keeps_to_the_console(qtbot, room, browser) -> None:
    pushes: list[int] = []
    room.server.pushed.connect(pushes.append)
    browser.open(room.url, 390, 844)
    first = browser.wait_for(lambda d: text_of("#time-left")(d) not in ("", "--:--") and text_of("#time-left")(d))
    pushes.clear()
    later = browser.wait_for(lambda d: text_of("#time-left")(d) != first and text_of("#time-left")(d), timeout=3)
    assert seconds(later) < seconds(first)
    assert pushes == []  # nothing was sent: the page counted by itself
    on_console = room.session.clock.view().remaining_seconds
    on_page = seconds(browser.text("#time-left"))
    assert abs(on_page - on_console) <= 1.5, (on_page, format_clock(on_console))


def test_the_seat_finder_ignores_accents_follows_a_move_and_shows_names_as_text(qtbot, room, browser) -> None:
    session = room.session
    floor = session.tournament
    session.run(floor.close_registration, False)
    jose = session.run(floor.register, "José Álvarez")
    mallory = session.run(floor.register, XSS_NAME)
    browser.open(room.url, 390, 844)
    browser.type("#seat-search", "jose alv")
    browser.wait_for(lambda d: "José Álvarez" in text_of("#seat-results")(d))
    assert browser.texts("#seat-results .seat") == [f"José Álvarez\nTable {jose.table} · Seat {jose.seat}"]

    # The director moves him on the console (Floor > Move a player, Ctrl+M): the player's phone shows it.
    target = next((t.number, s.seat) for t in floor.tables() if t.number != jose.table
                  for s in t.seats if s.entry_id is None and not s.locked)
    qtbot.keyClick(room.window, Qt.Key.Key_M, CTRL)
    move = room.window.tables_tab.move_dialog
    move.choose(jose.entry_id, *target)
    qtbot.mouseClick(move.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    within_a_second(browser, lambda d: f"Table {target[0]} · Seat {target[1]}" in text_of("#seat-results")(d),
                    "the move")
    assert f"Moved here from table {jose.table}, seat {jose.seat}" in browser.text("#seat-results")

    browser.type("#seat-search", "onerror")
    browser.wait_for(lambda d: XSS_NAME in text_of("#seat-results")(d))
    session.run(floor.bust, mallory.entry_id, [])
    browser.wait_for(lambda d: XSS_NAME in text_of("#results")(d))
    assert browser.count("img[src='x']") == 0
    assert browser.script("return document.querySelectorAll('#results img, #seat-results img').length") == 0
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        browser.run(lambda: browser.driver.switch_to.alert.text)


def test_a_wrong_pin_is_refused_and_then_braked(qtbot, room, browser) -> None:
    browser.open(room.url + "remote", 390, 844)
    browser.type("#device-name", "Ann's iPhone")
    for left in ("2 more tries", "1 more try"):
        browser.type("#pin", "000000")
        browser.click("#sign-in-button")
        browser.wait_for(lambda d, left=left: left in text_of("#sign-in .message")(d))
        assert browser.text("#sign-in .message").startswith("Wrong PIN: read it again on the console")
    browser.type("#pin", "000000")
    browser.click("#sign-in-button")
    browser.wait_for(lambda d: "Too many wrong PINs" in text_of("#sign-in .message")(d))
    assert browser.text("#sign-in .message") == ("Wrong PIN. Too many wrong PINs from 127.0.0.1: wait 30 seconds "
                                                 "before trying again. The director can let you in at once from "
                                                 "the console (Tools > Room display: Unlock sign-in, or New PIN).")
    assert re.fullmatch(r"Wait \d+ s", browser.text("#sign-in-button"))
    assert not browser.find("#sign-in-button").is_enabled()
    assert not browser.displayed("#controls")
    assert not [e for e in room.session.history() if e.operator.startswith("phone")]


def sign_in_from_the_phone(room: Room, browser: Browser) -> None:
    pin = room.dialog.pin.text()  # what the director reads off the console
    assert re.fullmatch(r"\d{3} \d{3}", pin)
    browser.open(room.url + "remote", 390, 844)
    browser.type("#pin", pin)
    browser.type("#device-name", "Ann's iPhone")
    browser.click("#sign-in-button")
    browser.wait_for(shown("#controls"))
    assert browser.text("#device") == "Signed in as Ann's iPhone"


def log_rows(window) -> list[tuple[str, str, bool]]:
    window.log_tab.refresh()
    return [(r.event_type, r.operator, r.undone) for r in window.log_tab.model.rows]


def test_remote_commands_land_in_the_log_with_the_phone_and_undo_from_the_console(qtbot, room, browser) -> None:
    window, session = room.window, room.session
    phone = "phone 'Ann's iPhone' (127.0.0.1)"
    sign_in_from_the_phone(room, browser)
    browser.wait_for(lambda d: text_of("#toggle-clock")(d) == "Pause the clock")

    browser.click("#toggle-clock")
    browser.wait_for(lambda d: text_of("#message")(d) == "Clock paused")
    assert log_rows(window)[0] == ("clock.paused", phone, False)
    assert "Clock paused" in window.statusBar().currentMessage()
    browser.wait_for(lambda d: text_of("#toggle-clock")(d) == "Resume the clock")
    browser.click("#toggle-clock")  # already paused on the console meanwhile? the page says so
    browser.wait_for(lambda d: text_of("#message")(d) == "Clock resumed")
    browser.click("#toggle-clock")
    browser.wait_for(lambda d: text_of("#message")(d) == "Clock paused")

    # A bust from the phone, with who busted him; tapping twice confirms.
    browser.type("#bust-filter", "Oskar")
    browser.choose("#bust-player", "Oskar Berg")
    browser.choose("#bust-eliminator", "Priya Raman")
    browser.click("#bust-button")
    assert browser.text("#bust-button") == "Tap again: Oskar Berg is out, eliminated by Priya Raman"
    browser.click("#bust-button")
    browser.wait_for(lambda d: text_of("#message")(d).startswith("Oskar Berg is out in 19th place, eliminated by "
                                                                 "Priya Raman"))
    assert log_rows(window)[0] == ("entry.busted", phone, False)
    oskar = next(e for e in session.tournament.entries() if e.name == "Oskar Berg")
    assert oskar.busted and oskar.eliminated_by == (
        next(e.entry_id for e in session.tournament.entries() if e.name == "Priya Raman"),)

    # The proposal the bust made is the console's: the phone shows it and accepts it.
    proposal = window.tables_tab.proposal
    assert proposal is not None and proposal.moves
    mover = next(e.name for e in session.tournament.entries() if e.entry_id == proposal.moves[0].entry_id)
    browser.wait_for(lambda d: mover in text_of("#proposal")(d))
    browser.click("#accept-moves")
    browser.wait_for(lambda d: text_of("#message")(d).startswith(f"Moved: {mover} to table {proposal.moves[0].to_table}"))
    assert log_rows(window)[0] == ("moves.accepted", phone, False)
    assert window.tables_tab.proposal is None or window.tables_tab.proposal != proposal
    qtbot.mouseClick(window.log_tab.undo_button, LEFT)  # the moves first, as the console would
    assert log_rows(window)[1] == ("moves.accepted", phone, True)

    browser.click("#call-count")
    browser.wait_for(lambda d: text_of("#message")(d) == "Chip count called")
    assert room.window.room_display.chip_count_notice.isVisible()
    assert "Chip count called" in room.window.room_display.chip_count_notice.text()
    qtbot.mouseClick(window.log_tab.undo_button, LEFT)
    assert [r for r in log_rows(window) if r[0] == "chip_count.called"] == [("chip_count.called", phone, True)]

    # Undo from the console: the last bust with Undo last, the pause by choosing it in the history.
    qtbot.keyClick(window, Qt.Key.Key_7, CTRL)
    qtbot.mouseClick(window.log_tab.undo_button, LEFT)
    assert not next(e for e in session.tournament.entries() if e.name == "Oskar Berg").busted
    assert ("entry.busted", phone, True) in log_rows(window)
    browser.wait_for(lambda d: "Oskar Berg" not in text_of("#notices")(d)
                     and "Oskar Berg" in " ".join(o.text for o in d.find_elements("css selector", "#bust-player option")))
    pause_row = next(i for i, r in enumerate(window.log_tab.model.rows)
                     if r.event_type == "clock.paused" and not r.undone)
    window.log_tab.view.selectRow(pause_row)
    qtbot.mouseClick(window.log_tab.undo_selected_button, LEFT)
    confirm = window.log_tab.confirm_box   # an earlier event is undone once the director confirms
    qtbot.mouseClick(confirm.button(QMessageBox.StandardButton.Yes), LEFT)
    assert session.clock.view().running
    browser.wait_for(lambda d: text_of("#toggle-clock")(d) == "Pause the clock")
    assert room.refusals == []


def test_a_page_that_loses_the_connection_says_so_and_comes_back_by_itself(qtbot, room, browser) -> None:
    browser.open(room.url, 390, 844)
    browser.wait_for(lambda d: text_of("#level-name")(d) == "Level 1")
    assert not browser.displayed("#connection")
    room.window.room_display_action.trigger()
    qtbot.mouseClick(room.dialog.switch, LEFT)  # off
    browser.wait_for(lambda d: text_of("#connection")(d) == "Connection to the tournament lost: reconnecting…")
    qtbot.mouseClick(room.dialog.switch, LEFT)  # on again, same address and port
    assert room.dialog.url.text() == room.url
    browser.wait_for(lambda d: not shown("#connection")(d), timeout=8)
    room.session.run(room.session.clock.pause)
    browser.wait_for(shown("#paused"), timeout=2)


def test_screenshots_of_the_phone_and_tv_pages_and_the_dialog(qtbot, room, browser, artifacts_dir) -> None:
    """Looked at by a person: saved in artifacts/. The pages must fit their screens without scrolling sideways,
    and the TV page must fit without scrolling at all."""
    window, session = room.window, room.session
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    qtbot.mouseClick(window.tables_tab.hand_for_hand, LEFT)
    browser.open(room.url, 390, 844)
    browser.type("#seat-search", "chloe")
    browser.wait_for(lambda d: "Chloé Martin" in text_of("#seat-results")(d))
    assert "Hand-for-hand" in browser.text("#notices")
    assert browser.script("return document.documentElement.scrollWidth") <= 390
    browser.screenshot(artifacts_dir / "room-display-phone.png")

    browser.open(room.url + "tv", 1920, 1080)
    browser.wait_for(lambda d: text_of("#players-left")(d) == "19")
    assert "Hand-for-hand" in browser.text("#notices")
    assert browser.script("return document.documentElement.scrollHeight") <= 1080
    assert browser.script("return document.documentElement.scrollWidth") <= 1920
    time_box = browser.script("return document.getElementById('time-left').getBoundingClientRect().height")
    assert time_box >= 250  # readable across the room
    browser.screenshot(artifacts_dir / "room-display-tv.png")

    sign_in_from_the_phone(room, browser)
    browser.screenshot(artifacts_dir / "room-display-remote.png")
    room.window.room_display_action.trigger()
    qtbot.waitUntil(lambda: any("Director's remote" in t for t in room.dialog.device_texts()), timeout=3000)
    room.dialog.grab().save(str(artifacts_dir / "room-display-dialog.png"))
    assert any(t.startswith("Remote signed in: phone 'Ann's iPhone' (127.0.0.1)") for t in room.dialog.device_texts())
