"""The console's side of the room display: Tools > Room display switches it on at the address chosen (a taken port
is refused in words), shows the address, QR code and PIN, and a new PIN signs every phone out; ``--lan HOST:PORT``
switches it on from the command line; a phone's call for a chip count opens a notice on the console, with the
phone's name shown as plain text."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.tournament_setup import console_in_play
from tests.web.conftest import Client, free_port

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


def choose_port(qtbot, dialog, port: int) -> None:
    dialog.port.lineEdit().selectAll()
    qtbot.keyClicks(dialog.port, str(port))
    assert dialog.port.value() == port


def test_the_dialog_switches_on_at_the_chosen_address_and_a_new_pin_signs_phones_out(qtbot, console) -> None:
    console.room_display_action.trigger()
    dialog = console.room_display_dialog
    assert dialog.status.text().startswith("OFF")
    assert dialog.url.text() == "—" and not dialog.copy_button.isEnabled()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        choose_port(qtbot, dialog, taken.getsockname()[1])
        qtbot.mouseClick(dialog.switch, LEFT)
        assert dialog.switch.text() == "Switch on"
        [refusal] = console.refusals
        assert refusal.startswith(f"the room display cannot listen on 127.0.0.1:{taken.getsockname()[1]}: ")
        assert refusal.endswith("(choose another address or port)")
    port = free_port()
    choose_port(qtbot, dialog, port)
    qtbot.mouseClick(dialog.switch, LEFT)
    assert dialog.switch.text() == "Switch off"
    assert dialog.status.text().startswith(f"ON, listening on 127.0.0.1:{port} (this computer only")
    assert dialog.url.text() == f"http://127.0.0.1:{port}/"
    assert f"http://127.0.0.1:{port}/tv" in dialog.pages.text()
    assert not dialog.qr.pixmap().isNull() and dialog.qr.pixmap().width() >= 150
    assert not dialog.address.isEnabled() and not dialog.port.isEnabled()
    assert f"Room display on: http://127.0.0.1:{port}/" in console.statusBar().currentMessage()

    client = Client(qtbot, dialog.server.url)
    token = client.sign_in(dialog.pin.text(), "Floor phone")
    qtbot.waitUntil(lambda: any("Floor phone" in t for t in dialog.device_texts()), timeout=2000)
    old_pin = dialog.pin.text()
    qtbot.mouseClick(dialog.new_pin_button, LEFT)
    assert dialog.pin.text() != old_pin
    assert not any("Floor phone" in t for t in dialog.device_texts())
    status, answer = client.command(token, "pause")
    assert status == 401 and "sign in with the PIN" in answer["error"]
    assert console.session.clock.view().running


def test_lan_on_the_command_line_is_checked_and_switches_the_room_display_on(qtbot, console, capsys) -> None:
    from tournament_director.__main__ import main
    from tournament_director.ui.console.room_display import start_room_display

    with pytest.raises(SystemExit) as stopped:
        main(["--lan", "pokerroom.local:8080"])
    assert stopped.value.code == 2
    assert "'pokerroom.local' is not an IP address" in capsys.readouterr().err
    port = free_port()
    url = start_room_display(console, f"127.0.0.1:{port}")
    assert url == f"http://127.0.0.1:{port}/"
    assert console.room_display.server.running and console.room_display.server.port == port
    assert Client(qtbot, url).json("/api/state")[1]["tournament"]["name"] == "Friday Night Hold'em"


def test_a_chip_count_called_from_a_phone_opens_a_notice_with_the_phone_as_plain_text(qtbot, console) -> None:
    from tournament_director.ui.console.room_display import start_room_display

    url = start_room_display(console, f"127.0.0.1:{free_port()}")
    client = Client(qtbot, url)
    token = client.sign_in(console.room_display.server.access.pin, "<b>Bold</b> phone")
    assert client.command(token, "call_chip_count")[0] == 200
    notice = console.room_display.chip_count_notice
    qtbot.waitUntil(notice.isVisible, timeout=2000)
    assert notice.textFormat() == Qt.TextFormat.PlainText
    assert notice.text() == "phone '<b>Bold</b> phone' (127.0.0.1): Chip count called"
    console.log_tab.refresh()
    newest = console.log_tab.model.rows[0]
    assert (newest.event_type, newest.operator) == ("chip_count.called", "phone '<b>Bold</b> phone' (127.0.0.1)")
    qtbot.mouseClick(notice.button(QMessageBox.StandardButton.Ok), LEFT)
    qtbot.waitUntil(lambda: not notice.isVisible(), timeout=2000)
