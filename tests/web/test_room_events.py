"""The room display serves every running tournament, in a real headless Chromium beside the real console: the phone
page lists the running events and the player picks one (remembered when the page opens again), the TV page is told
which by its address (/tv?tournament=ID), and each follows its own tournament within a second of the console,
whichever the console has in front. A tournament asked for that is not one of the database is refused by name."""

from __future__ import annotations

import json
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.ui.tournament_setup import NAMES, show_console
from tests.web.conftest import Client, free_port
from tournament_director.services.session import DirectorSession, NewTournamentPlan

LEFT = Qt.MouseButton.LeftButton


def text_of(css: str):
    from selenium.webdriver.common.by import By

    return lambda driver: driver.find_element(By.CSS_SELECTOR, css).text


def button_texts(driver) -> list[str]:
    from selenium.webdriver.common.by import By

    return [button.text for button in driver.find_elements(By.CSS_SELECTOR, "#events button")]


def test_the_phone_page_chooses_between_two_running_events_and_the_tv_is_told_which(
        qtbot, tmp_path, ui_settings, monkeypatch, browser, artifacts_dir) -> None:
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(9))
    ids = {}
    for name, players in (("Main Event Day 1A", 12), ("Turbo Side Event", 8)):
        ids[name] = session.create_from_plan(NewTournamentPlan(name, "turbo", tables=2))
        for player in NAMES[:players]:
            session.run(session.tournament.register, player)
        session.run(session.tournament.draw_seats)
        session.run(session.clock.start)
    main, turbo = ids["Main Event Day 1A"], ids["Turbo Side Event"]
    window = show_console(qtbot, session, ui_settings)  # the Turbo in front
    window.room_display_action.trigger()
    dialog = window.room_display_dialog
    dialog.port.lineEdit().selectAll()
    qtbot.keyClicks(dialog.port, str(free_port()))
    qtbot.mouseClick(dialog.switch, LEFT)
    url = dialog.server.url
    assert url, refusals
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close), LEFT)
    try:
        browser.open(url, 390, 844)
        browser.wait_for(lambda driver: button_texts(driver) == ["Main Event Day 1A", "Turbo Side Event"])
        assert browser.text("#tournament-name") == "Turbo Side Event"  # the one in front until the player picks
        assert browser.text("#events button.chosen") == "Turbo Side Event"

        browser.click("#events button:not(.chosen)")  # the Main Event
        browser.wait_for(lambda driver: text_of("#tournament-name")(driver) == "Main Event Day 1A")
        assert browser.text("#players-left") == "12" and browser.text("#events button.chosen") == "Main Event Day 1A"
        assert browser.script("return location.search") == f"?tournament={main}"
        browser.screenshot(artifacts_dir / "room-display-phone-events.png")

        # the console busts a player of the Turbo in front: the phone on the Main Event stays on it
        floor = session.tournament
        seated = [seat.entry_id for table in floor.tables() for seat in table.seats if seat.entry_id is not None]
        window.attempt(floor.bust, seated[0], [seated[1]])
        qtbot.wait(600)
        assert browser.text("#tournament-name") == "Main Event Day 1A" and browser.text("#players-left") == "12"

        # the console brings the Main Event in front through the lobby and pauses it: the phone shows it paused
        window.lobby_action.trigger()  # Tournament > Lobby
        lobby = window.lobby_window
        lobby.select(main)
        qtbot.keyClick(lobby.table, Qt.Key.Key_Return)
        assert session.tournament_id == main
        window.toggle_clock_action.trigger()
        browser.wait_for(lambda driver: driver.find_element("css selector", "#paused").is_displayed(), timeout=1.0)

        # opened again, the phone page remembers the event it chose
        browser.open(url, 390, 844)
        browser.wait_for(lambda driver: text_of("#tournament-name")(driver) == "Main Event Day 1A")

        # the TV by the door shows the Turbo, told by its address, though the Main Event is in front
        browser.open(f"{url}tv?tournament={turbo}", 1920, 1080)
        browser.wait_for(lambda driver: text_of("#tournament-name")(driver) == "Turbo Side Event")
        assert browser.text("#players-left") == "7" and not browser.displayed("#paused")
        browser.screenshot(artifacts_dir / "room-display-tv-told-which.png")
        # the console's Room display names each event's TV address, and the event each page follows
        window.room_display_action.trigger()
        assert f"TV of Turbo Side Event: {url}tv?tournament={turbo}" in dialog.pages.text()
        assert f"TV of Main Event Day 1A: {url}tv?tournament={main}" in dialog.pages.text()
        qtbot.waitUntil(lambda: any(text.startswith("TV page  ·  Turbo Side Event  ·  127.0.0.1")
                                    for text in dialog.device_texts()), timeout=3000)
        dialog.grab().save(str(artifacts_dir / "room-display-dialog-events.png"))
        dialog.close()

        # a tournament that is not one of the database is refused by name; the page falls back to the one in front
        client = Client(qtbot, url)
        status, _headers, said = client.request("/api/state?tournament=99")
        assert status == 404 and said.decode() == "there is no tournament number 99 in this database"
        status, _headers, said = client.request("/api/state?tournament=abc")
        assert status == 404 and "'abc' is not a tournament number" in said.decode()
        status, _headers, said = client.request(f"/api/state?tournament={turbo}")
        state = json.loads(said)
        assert status == 200 and state["tournament"]["name"] == "Turbo Side Event"
        assert [event["name"] for event in state["events"]] == ["Main Event Day 1A", "Turbo Side Event"]
        browser.open(f"{url}tv?tournament=99", 1920, 1080)
        browser.wait_for(lambda driver: text_of("#tournament-name")(driver) == "Main Event Day 1A")
    finally:
        dialog.server.stop()
        window.close()
        session.close()
