"""The room display's pages of a progressive knockout in a real headless Chromium beside the real console: the TV
page shows the bounties still in play and the three biggest heads, and follows a knockout made in the console's
bust dialog within a second; the phone page shows them too; a tournament without bounties shows none of it."""

from __future__ import annotations

import random
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.ui.console.formats_driving import CTRL, LEFT, bust
from tests.ui.tournament_setup import running_tournament, show_console
from tests.web.browser import Browser
from tests.web.conftest import free_port
from tournament_director.services.session import DirectorSession, NewTournamentPlan

NAMES = ("Ann Lee", "Bruno Alves", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
         "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández",
         "Maya Patel", "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez")
PKO = {"bounty_mode": "progressive", "bounty": 50, "pko_cash_percent": 50, "reentry_limit": 2}


def switch_on_room_display(qtbot, window) -> str:
    """Tools > Room display, on a free loopback port; the console active again. Returns the pages' address."""
    window.room_display_action.trigger()
    dialog = window.room_display_dialog
    dialog.port.lineEdit().selectAll()
    qtbot.keyClicks(dialog.port, str(free_port()))
    qtbot.mouseClick(dialog.switch, LEFT)
    assert dialog.switch.text() == "Switch off"
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close), LEFT)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    return dialog.url.text()


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    """A function that puts the console on a tournament made by ``setup`` with its room display switched on."""
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: pytest.fail(text))
    opened = []

    def make(setup):
        session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups",
                                       rng=random.Random(5))
        setup(session)
        window = show_console(qtbot, session, ui_settings)
        opened.append((window, session))
        return window, switch_on_room_display(qtbot, window)

    yield make
    for window, session in opened:
        window.room_display_dialog.server.stop()
        window.close()
        session.close()


def pko_night(session: DirectorSession) -> None:
    session.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=50, fee=10, tables=2,
                                               settings=PKO))
    floor = session.tournament
    for name in NAMES:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(session.clock.start)


def heads(browser: Browser) -> list[list[str]]:
    """The biggest heads as the page shows them: name, table, bounty."""
    return [row.split("\n") for row in browser.texts("#biggest-heads .head")]


def test_the_tv_page_shows_the_bounties_in_play_and_the_biggest_heads(qtbot, console, browser,
                                                                       artifacts_dir) -> None:
    window, url = console(pko_night)
    browser.open(url + "tv", 1920, 1080)
    browser.wait_for(lambda d: browser_text(d, "#bounties-in-play") == "900")  # 18 heads of 50
    assert browser.displayed("#bounties") and browser.text("#heads-title") == "BIGGEST BOUNTIES"
    assert [head[0] for head in heads(browser)] == ["Ann Lee", "Bruno Alves", "Chloé Martin"]  # equal: entry order

    bust(qtbot, window, "Bruno Alves", "Ann Lee")
    bust(qtbot, window, "Chloé Martin", "Ann Lee")
    bust(qtbot, window, "Esther Lindqvist", "Dmitri Volkov")
    table = {r.name: r.table for r in window.players_tab.model.rows}
    started = time.monotonic()
    browser.wait_for(lambda d: browser_text(d, "#bounties-in-play") == "825", timeout=2)
    assert time.monotonic() - started < 1.5
    assert heads(browser) == [["Ann Lee", f"table {table['Ann Lee']}", "100"],
                              ["Dmitri Volkov", f"table {table['Dmitri Volkov']}", "75"],
                              ["Farid Haddad", f"table {table['Farid Haddad']}", "50"]]
    assert browser.script("return document.documentElement.scrollHeight") <= 1080
    assert browser.script("return document.documentElement.scrollWidth") <= 1920
    amount_height = browser.script(
        "return document.getElementById('bounties-in-play').getBoundingClientRect().height")
    assert amount_height >= 40  # as large as the other figures: read from across the room
    shown = [text for text in browser.texts("#results li") if text]
    assert shown and "Esther Lindqvist" in shown[0]  # the latest result, though the bounties take its room
    browser.screenshot(artifacts_dir / "room-display-tv-pko.png")

    browser.open(url, 390, 844)
    browser.wait_for(lambda d: browser_text(d, "#bounties-in-play") == "825")
    assert heads(browser)[0] == ["Ann Lee", f"table {table['Ann Lee']}", "100"]
    assert browser.script("return document.documentElement.scrollWidth") <= 390
    browser.script("document.getElementById('bounties').scrollIntoView({block: 'center'})")
    browser.screenshot(artifacts_dir / "room-display-phone-pko.png")


def test_a_fixed_bounty_shows_the_bounties_in_play_without_biggest_heads(qtbot, console, browser) -> None:
    def fixed_night(session: DirectorSession) -> None:
        session.create_from_plan(NewTournamentPlan("Thursday KO", "regular", buy_in=50, tables=2,
                                                   settings={"bounty_mode": "fixed", "bounty": 50}))
        for name in NAMES:
            session.run(session.tournament.register, name)
        session.run(session.tournament.draw_seats)

    window, url = console(fixed_night)
    browser.open(url + "tv", 1920, 1080)
    browser.wait_for(lambda d: browser_text(d, "#bounties-in-play") == "900")
    bust(qtbot, window, "Bruno Alves", "Ann Lee")  # the whole bounty in cash: it leaves play
    browser.wait_for(lambda d: browser_text(d, "#bounties-in-play") == "850", timeout=2)
    assert not browser.displayed("#heads-title") and heads(browser) == []


def test_a_tournament_without_bounties_shows_none_on_the_pages(qtbot, console, browser) -> None:
    window, url = console(running_tournament)
    qtbot.keyClick(window, Qt.Key.Key_1, CTRL)
    for page, size in (("tv", (1920, 1080)), ("", (390, 844))):
        browser.open(url + page, *size)
        browser.wait_for(lambda d: browser_text(d, "#players-left") == "19")
        assert not browser.displayed("#bounties")
        assert "bount" not in browser.text("body").casefold()


def browser_text(driver, css: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css).text
