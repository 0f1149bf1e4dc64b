"""The console's Room display dialog when the room's network is busy or hostile: hundreds of pages joining cost no
redraw while it is hidden and a few a second while it is shown; wrong PINs are counted and warned of, and Unlock
sign-in lets a shared address in again at once; New PIN takes the controls off a signed-in phone's page without a
tap; the address box says where the server really listens."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.ui.tournament_setup import console_in_play
from tests.web.conftest import Client, free_port

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


def switched_on(qtbot, console: Any) -> Any:
    console.room_display_action.trigger()
    dialog = console.room_display_dialog
    dialog.port.lineEdit().selectAll()
    qtbot.keyClicks(dialog.port, str(free_port()))
    qtbot.mouseClick(dialog.switch, LEFT)
    assert dialog.switch.text() == "Switch off", console.refusals
    return dialog


class Pages:
    """``count`` WebSocket pages held open on a worker thread until ``close()``."""

    def __init__(self, url: str, count: int) -> None:
        import websockets.sync.client as ws

        self.opened = 0
        self._stop = threading.Event()
        self._error: list[BaseException] = []

        def hold() -> None:
            try:
                with contextlib.ExitStack() as held:
                    for _ in range(count):
                        connection = held.enter_context(ws.connect(url, open_timeout=10))
                        json.loads(connection.recv(timeout=10))
                        self.opened += 1
                    self._stop.wait(60)
            except BaseException as error:
                self._error.append(error)
        self._thread = threading.Thread(target=hold, daemon=True)
        self._thread.start()

    def close(self, qtbot) -> None:
        self._stop.set()
        qtbot.waitUntil(lambda: not self._thread.is_alive(), timeout=20_000)
        assert not self._error, self._error


def test_pages_joining_and_leaving_redraw_the_dialog_only_while_shown(qtbot, console) -> None:
    dialog = switched_on(qtbot, console)
    url = dialog.server.url.replace("http://", "ws://") + "ws?page=phone"
    dialog.close()
    hidden_redraws = dialog.redraws
    pages = Pages(url, 300)
    qtbot.waitUntil(lambda: pages.opened == 300, timeout=30_000)
    assert dialog.redraws == hidden_redraws   # 300 pages joined: nothing redrawn while hidden

    console.room_display_action.trigger()   # shown again: everything that joined is there
    assert dialog.isVisible()
    assert len([t for t in dialog.device_texts() if t.startswith("Phone page")]) == 300
    shown_redraws = dialog.redraws
    started = time.monotonic()
    pages.close(qtbot)   # 300 pages leave while it is shown
    qtbot.waitUntil(lambda: dialog.device_texts() == ["Nobody yet"], timeout=5000)
    seconds = time.monotonic() - started
    assert dialog.redraws - shown_redraws <= 2 + seconds / 0.3, (dialog.redraws - shown_redraws, seconds)


def test_wrong_pins_are_counted_warned_of_and_unlock_lets_the_director_in(qtbot, console, artifacts_dir) -> None:
    dialog = switched_on(qtbot, console)
    client = Client(qtbot, dialog.server.url)
    for _ in range(3):
        client.json("/api/remote/sign-in", {"pin": "000000", "device": "Guest Wi-Fi"})
    assert "Room display: wrong PIN from 127.0.0.1 (1 wrong PIN so far)" in console.statusBar().currentMessage()
    qtbot.waitUntil(lambda: "3 wrong PINs since the start" in dialog.pin_guesses.text(), timeout=2000)
    assert "Waiting after wrong PINs: 127.0.0.1" in dialog.pin_guesses.text()
    assert dialog.unlock_button.isEnabled()
    status, answer = client.json("/api/remote/sign-in", {"pin": dialog.server.access.pin, "device": "Director"})
    assert status == 429 and "Unlock sign-in" in answer["error"]   # the refusal says the way in

    qtbot.mouseClick(dialog.unlock_button, LEFT)
    assert "sign-in unlocked" in console.statusBar().currentMessage()
    assert not dialog.unlock_button.isEnabled()
    assert client.sign_in(dialog.server.access.pin, "Director")
    qtbot.waitUntil(lambda: any("'Director'" in text for text in dialog.device_texts()), timeout=2000)
    dialog.grab().save(str(artifacts_dir / "console-room-display-pins.png"))


def test_guesses_from_many_addresses_meet_the_rooms_brake_and_the_console_warns(qtbot, console,
                                                                              artifacts_dir) -> None:
    from tournament_director.web.access import ROOM_FREE_TRIES, AccessRefused

    dialog = switched_on(qtbot, console)
    access = dialog.server.access
    client = Client(qtbot, dialog.server.url)
    for n in range(ROOM_FREE_TRIES):   # a guest Wi-Fi's guesses from many phones (never the same address twice)
        with pytest.raises(AccessRefused):
            access.sign_in("000000", f"10.0.{n // 250}.{n % 250 + 1}", "Guess")
    status, answer = client.json("/api/remote/sign-in", {"pin": "111111", "device": "One more"})
    assert status == 403   # the room's brake engages on the guess past the free ones
    status, answer = client.json("/api/remote/sign-in", {"pin": access.pin, "device": "Director"})
    assert status == 429 and answer["error"].startswith("Too many wrong PINs in the room: every sign-in waits")
    assert "someone keeps guessing the PIN" in console.statusBar().currentMessage()
    qtbot.waitUntil(lambda: "Someone keeps guessing" in dialog.pin_guesses.text(), timeout=2000)
    dialog.grab().save(str(artifacts_dir / "console-room-display-guessing.png"))
    qtbot.mouseClick(dialog.new_pin_button, LEFT)   # a new PIN also lifts every wait
    assert client.sign_in(access.pin, "Director")


def test_the_address_box_says_where_the_server_listens(qtbot, console, monkeypatch, ui_settings) -> None:
    from tournament_director.ui.console import room_display
    from tournament_director.ui.console.room_display import ADDRESS_SETTING, start_room_display

    monkeypatch.setattr(room_display, "local_addresses",
                        lambda: [("127.0.0.1", "this computer only"), ("10.9.8.7", "network eth0")])
    ui_settings.setValue(ADDRESS_SETTING, "10.9.8.7")   # the director's choice last time
    start_room_display(console, f"127.0.0.1:{free_port()}")   # --lan 127.0.0.1:PORT this time
    console.room_display_action.trigger()
    dialog = console.room_display_dialog
    assert dialog.address.currentData() == "127.0.0.1"
    assert dialog.address.currentText() == "127.0.0.1  (this computer only)"


def test_a_new_pin_takes_the_controls_off_the_phone_at_once(qtbot, console, browser, artifacts_dir) -> None:
    dialog = switched_on(qtbot, console)
    browser.open(dialog.server.url + "remote", 390, 844)
    browser.type("#device-name", "Floor phone")
    browser.type("#pin", dialog.server.access.pin)
    browser.click("#sign-in-button")
    browser.wait_for(lambda d: d.find_element("css selector", "#controls").is_displayed())
    qtbot.mouseClick(dialog.new_pin_button, LEFT)
    # no tap on the phone: its page learns at once that its session ended
    browser.wait_for(lambda d: d.find_element("css selector", "#sign-in").is_displayed(), timeout=2.0)
    assert not browser.displayed("#controls")
    assert "PIN changed" in browser.text("#sign-in .message")
    browser.screenshot(artifacts_dir / "remote-signed-out-by-new-pin.png")


def test_pages_joining_at_once_share_the_builds_of_the_state(qtbot, room_server) -> None:
    """A room's phones opening the page together (after a break, a QR code on the TV) get the state built once for
    all that join in the same turn of the event loop, not once each."""
    import concurrent.futures

    import websockets.sync.client as ws

    url = room_server.url.replace("http://", "ws://") + "ws?page=phone"
    start = threading.Barrier(50)

    def join() -> int:
        start.wait(10)
        with ws.connect(url, open_timeout=20) as connection:
            return json.loads(connection.recv(timeout=20))["sequence"]

    before = room_server.states_built
    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        joined = [pool.submit(join) for _ in range(50)]
        qtbot.waitUntil(lambda: all(f.done() for f in joined), timeout=30_000)
    assert {f.result() for f in joined} == {room_server.session.runner.last_seq}   # each got its first state
    built = room_server.states_built - before
    print(f"50 pages joining at once: the state built {built} times")
    assert built <= 25, built
