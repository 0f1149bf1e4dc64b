"""What the console says of the stations without the Table stations panel open: a bust a station reports, waiting
for the director's confirmation, shows in the console's band above every tab with the floor call's sound, and its
button opens the panel where it is confirmed; the band goes once it is decided. What a station does is kept in
the Log tab's messages with the address it came from."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.tournament_setup import open_session, running_tournament, show_console
from tests.web.browser import Browser, chromium_missing
from tests.web.conftest import free_port
from tournament_director.ui.console.room_display import start_room_display

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(scope="module")
def page(qapp):
    problem = chromium_missing()
    if problem:
        pytest.fail(problem)
    opened = Browser(1024, 768)
    yield opened
    opened.close()


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    running_tournament(session)
    window = show_console(qtbot, session, ui_settings)
    start_room_display(window, f"127.0.0.1:{free_port()}")
    window.sounds_played = []
    original = window.play_sound
    window.play_sound = lambda kind: window.sounds_played.append(kind) or original(kind)
    yield window
    assert not refusals, refusals
    window.room_display.server.stop()
    window.close()
    session.close()


def seated(session: Any, table: int) -> list[Any]:
    return [s for s in session.tournament.table(table).seats if s.entry_id is not None]


def test_a_bust_waiting_for_the_director_shows_on_the_console_with_a_sound(qtbot, console, page,
                                                                           artifacts_dir) -> None:
    window, session = console, console.session
    server = window.room_display.server
    page.open(server.station_url(2))
    page.wait_for_text("#title", lambda text: text.startswith("Table 2 "))
    victim, winner = seated(session, 2)[:2]
    page.click("#bust")
    page.click(f".bust-tick[data-seat='{victim.seat}']")
    page.type(f".bust-stack[data-seat='{victim.seat}']", "12000")
    page.choose("#bust-winner", winner.name)
    page.click("#bust-send")
    page.wait_for_text("#message", lambda text: "waiting for the director" in text.lower() or "sent" in text.lower())

    alert = window.floor_call_alert
    qtbot.waitUntil(alert.isVisible, timeout=3000)
    waiting = (f"Bust waiting for you: Table 2, hand 1: {victim.name} (12,000 chips at the start of the hand) out, "
               f"pot won by {winner.name}")
    assert alert.bust_texts() == [waiting]
    assert alert.texts() == []   # no floor call: the band holds the bust only
    assert window.sounds_played == ["floor_called"] and alert.rung == 1
    assert waiting in window.statusBar().currentMessage()
    said = window.log_tab.message_texts()
    assert f"Table 2 station: {victim.name} out: sent to the director to confirm (from 127.0.0.1)" in said
    window.grab().save(str(artifacts_dir / "console-bust-waiting-band.png"))

    [(_number, _label, button)] = alert.bust_rows
    qtbot.mouseClick(button, LEFT)
    panel = window.stations_panel
    assert panel.isVisible() and panel.proposal_texts() == [waiting.removeprefix("Bust waiting for you: ")]
    qtbot.mouseClick(panel.confirm_button, LEFT)
    qtbot.waitUntil(lambda: not alert.isVisible(), timeout=3000)
    assert session.tournament.entry(victim.entry_id).busted
    assert window.sounds_played == ["floor_called"]   # once for the bust, not again when it is decided


def test_a_wrong_or_replaced_card_code_shows_a_page_that_says_what_to_do(qtbot, console, page, artifacts_dir) -> None:
    server = console.room_display.server
    old = server.station_url(3)
    server.stations.tokens.revoke(3)   # the director printed a new card for table 3
    page.open(old)
    page.wait_for_text("h1", lambda text: "does not open a station" in text)
    assert page.text(".refused-page p") == ("This is not table 3's code, or the director has replaced it: scan the QR "
                                            "code on the table card again.")
    assert '"ok"' not in page.run(lambda: page.driver.page_source)   # words on the screen, not raw JSON
    page.screenshot(artifacts_dir / "station-card-code-replaced.png")
