"""Tools > Room display: the room display's switch on the console.

The director switches it on or off, chooses the address it listens on (this computer only by default), reads
the address and its QR code to put on the projector or print, the PIN for the director's phone (and makes a
new one), and sees the devices connected. What a phone does reaches the console's status bar and messages; a
call for a chip count also opens a notice. The balancing proposal the phone decides on is the Tables tab's.
Wrong PINs are counted, and the console warns when someone keeps guessing; Unlock sign-in (or New PIN) lifts
every wait, so a shared address never locks the director out. The list of devices is redrawn only while the
dialog is shown, at most a few times a second (a thousand pages joining at once cost nothing hidden).
"""

from __future__ import annotations

import io
import time
from typing import Any, TypeVar

import segno
from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_director.services.lobby import running_events
from tournament_director.ui.console.menus import tools_menu
from tournament_director.web.access import IDLE_SECONDS
from tournament_director.web.address import DEFAULT_PORT, parse_listen_address
from tournament_director.web.remote import ProposalDesk
from tournament_director.web.server import RoomServer, local_addresses

Shown = TypeVar("Shown", bound=QWidget)
ADDRESS_SETTING = "room_display/address"
PORT_SETTING = "room_display/port"
PAGE_NAMES = {"phone": "Phone page", "tv": "TV page", "remote": "Director's remote", "other": "Page"}
WARN_EVERY_SECONDS = 10.0   # the console says a wrong PIN at most this often (with the count so far)
REDRAW_MS = 300             # the devices' list at most this often while many pages join or leave


class ConsoleProposalDesk(ProposalDesk):
    """The Tables tab's proposal is the one a phone accepts or rejects, and a phone's bust proposes there."""

    def __init__(self, window: Any) -> None:
        super().__init__()
        self._window = window

    def current(self) -> Any:
        return self._window.tables_tab.current_proposal()   # worked out again if the tables changed since

    def show(self, proposal: Any) -> None:
        self._window.tables_tab.show_proposal(proposal)


class RoomDisplay(QObject):
    """The console's room display server (one per console window), created when first needed."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.server = RoomServer(window.session, desk=ConsoleProposalDesk(window), parent=self)
        self.server.remote_action.connect(self._remote_action)
        self.server.sign_in_refused.connect(self._sign_in_refused)
        self.server.station_action.connect(self._station_action)
        self.chip_count_notice: QMessageBox | None = None
        self._warned_at = float("-inf")
        self._warned_locked = False

    def start(self, host: str, port: int) -> str:
        url = self.server.start(host, port)
        self.window.tell(f"Room display on: {url} (TV: {url}tv, director's remote: {url}remote)")
        projector = getattr(self.window, "projector", None)
        if projector is not None:  # a layout's QR code cell on the projector opens the phone page
            projector.pictures.room_address = url
        return url

    def stop(self) -> None:
        if self.server.running:
            self.server.stop()
            self.window.tell("Room display off")
            projector = getattr(self.window, "projector", None)
            if projector is not None:
                projector.pictures.room_address = ""

    def _sign_in_refused(self, address: str, _why: str) -> None:
        access = self.server.access
        locked = access.room_locked
        now = time.monotonic()
        if (locked and not self._warned_locked) or now - self._warned_at >= WARN_EVERY_SECONDS:
            self._warned_at = now
            count = f"{access.wrong_pins} wrong PIN{'s' if access.wrong_pins != 1 else ''} so far"
            if locked:
                self.window.tell(f"Room display: someone keeps guessing the PIN ({count}): every sign-in waits a "
                                 "minute. Tools > Room display: Unlock sign-in, or New PIN")
            else:
                self.window.tell(f"Room display: wrong PIN from {address} ({count})")
        self._warned_locked = locked

    def _station_action(self, tournament: int, table: int, _action: str, text: str, proposal: Any) -> None:
        """What a table's station did, from which address: in the Log tab's messages for the tournament in front
        (its console shows the change); for a tournament behind also in the status bar naming it, and its floor
        call or bust in the alert band."""
        session = self.window.session
        if tournament == session.tournament_id:
            self.window.log_tab.add_message(f"Table {table} station: {text}")
            return
        name = session.following(tournament).tournament_name
        moves = (f" (tables to balance: bring {name} in front, Ctrl+Shift+L)"
                 if getattr(proposal, "moves", None) else "")
        self.window.tell(f"{name}: table {table} station: {text}{moves}")
        self.window.floor_call_alert.refresh()

    def _remote_action(self, action: str, text: str) -> None:
        self.window.tell(text)
        if action == "call_chip_count":
            notice = QMessageBox(QMessageBox.Icon.Information, "Chip count called", text,
                                 QMessageBox.StandardButton.Ok, self.window)
            notice.setTextFormat(Qt.TextFormat.PlainText)  # the phone's name is whatever its owner typed
            notice.setWindowModality(Qt.WindowModality.NonModal)
            notice.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            notice.show()
            self.chip_count_notice = notice


def room_display(window: Any) -> RoomDisplay:
    display = getattr(window, "room_display", None)
    if display is None:
        display = RoomDisplay(window)
        window.room_display = display
    return display


def start_room_display(window: Any, listen: str) -> str:
    """Switch the room display on at ``HOST:PORT`` (the command line's ``--lan``); DomainError when it cannot."""
    host, port = parse_listen_address(listen)
    return room_display(window).start(host, port)


def add_room_display_action(window: Any) -> QAction:
    """Tools > Room display… in the console's menu bar."""
    tools = tools_menu(window)
    action = QAction("Room display (phones, TV, remote)…", window)
    action.triggered.connect(lambda _checked=False: open_room_display(window))
    tools.addAction(action)
    window.room_display_action = action
    return action


def open_room_display(window: Any) -> "RoomDisplayDialog":
    dialog = getattr(window, "room_display_dialog", None)
    if dialog is None:
        dialog = RoomDisplayDialog(room_display(window), getattr(window, "_settings", None), window)
        window.room_display_dialog = dialog
    dialog.refresh()
    dialog.show()
    dialog.raise_()
    return dialog


def qr_pixmap(url: str, scale: int = 6) -> QPixmap:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


def _big(label: Shown, points: int, bold: bool = True) -> Shown:
    font = label.font()
    font.setPointSize(points)
    font.setBold(bold)
    label.setFont(font)
    return label


class RoomDisplayDialog(QDialog):
    def __init__(self, display: RoomDisplay, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.display = display
        self.server = display.server
        self._settings = settings if settings is not None else QSettings()
        self.setWindowTitle("Room display")
        layout = QVBoxLayout(self)

        self.status = _big(QLabel(), 13)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        where = QGroupBox("Where it listens")
        form = QFormLayout(where)
        self.address = QComboBox()
        for address, label in local_addresses():
            self.address.addItem(f"{address}  ({label})", address)
        saved = self._settings.value(ADDRESS_SETTING, "127.0.0.1")
        index = self.address.findData(saved)
        self.address.setCurrentIndex(max(index, 0))
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(int(str(self._settings.value(PORT_SETTING, DEFAULT_PORT))))
        form.addRow("Address", self.address)
        form.addRow("Port", self.port)
        self.switch = _big(QPushButton(), 12)
        self.switch.setMinimumHeight(40)
        self.switch.clicked.connect(self.toggle)
        form.addRow(self.switch)
        layout.addWidget(where)

        shown = QHBoxLayout()
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setMinimumSize(220, 220)
        self.qr.setStyleSheet("background: white;")
        shown.addWidget(self.qr)
        addresses = QVBoxLayout()
        self.url = _big(QLabel(), 16)
        self.url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pages = QLabel()
        self.pages.setWordWrap(True)
        self.pages.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy_row = QHBoxLayout()
        self.copy_button = QPushButton("Copy address")
        self.copy_button.clicked.connect(self.copy_address)
        self.save_qr_button = QPushButton("Save QR code…")
        self.save_qr_button.setToolTip("As PNG, SVG or PDF, to print on table cards or show on the projector")
        self.save_qr_button.clicked.connect(self.save_qr)
        copy_row.addWidget(self.copy_button)
        copy_row.addWidget(self.save_qr_button)
        copy_row.addStretch(1)
        addresses.addWidget(QLabel("Players open (or scan):"))
        addresses.addWidget(self.url)
        addresses.addWidget(self.pages)
        addresses.addLayout(copy_row)
        addresses.addStretch(1)
        pin_box = QGroupBox("PIN for the director's phone")
        pin_row = QHBoxLayout(pin_box)
        self.pin = _big(QLabel(), 26)
        self.pin.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.new_pin_button = QPushButton("New PIN")
        self.new_pin_button.setToolTip("Signs every phone out: each signs in again with the new PIN")
        self.new_pin_button.clicked.connect(self.new_pin)
        self.unlock_button = QPushButton("Unlock sign-in")
        self.unlock_button.setToolTip("Lets every address try the PIN again at once (the PIN stays)")
        self.unlock_button.clicked.connect(self.unlock)
        pin_buttons = QVBoxLayout()
        pin_buttons.addWidget(self.new_pin_button)
        pin_buttons.addWidget(self.unlock_button)
        pin_column = QVBoxLayout()
        pin_column.addWidget(self.pin)
        self.pin_guesses = QLabel()
        self.pin_guesses.setWordWrap(True)
        pin_column.addWidget(self.pin_guesses)
        pin_row.addLayout(pin_column, 1)
        pin_row.addLayout(pin_buttons)
        addresses.addWidget(pin_box)
        shown.addLayout(addresses, 1)
        layout.addLayout(shown)

        layout.addWidget(QLabel("<b>Connected</b>"))
        self.devices = QListWidget()
        self.devices.setMinimumHeight(110)
        layout.addWidget(self.devices, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

        self.redraws = 0
        self._redraw = QTimer(self)   # many pages joining at once: one redraw for them all
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self.refresh)
        self.server.clients_changed.connect(self._clients_changed)
        self.server.sign_in_refused.connect(lambda *_: self._clients_changed())
        self._expiry = QTimer(self)  # sessions and waits run out without a signal: look again now and then
        self._expiry.setInterval(5000)
        self._expiry.timeout.connect(lambda: self.refresh() if self.isVisible() else None)
        self._expiry.start()
        self._qr_for = ""
        self.resize(720, 660)
        self.refresh()

    def _clients_changed(self) -> None:
        if self.isVisible() and not self._redraw.isActive():
            self._redraw.start()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self.refresh()   # what changed while it was hidden
        super().showEvent(event)

    # ----- actions ---------------------------------------------------------------------------------------------
    def toggle(self) -> None:
        if self.server.running:
            self.display.stop()
        else:
            host, port = self.address.currentData(), self.port.value()
            try:
                self.display.start(host, port)
            except Exception as error:  # DomainError: the address is taken or not this computer's
                QMessageBox.warning(self, "Room display", str(error))
                return
            self._settings.setValue(ADDRESS_SETTING, host)
            self._settings.setValue(PORT_SETTING, port)
        self.refresh()

    def new_pin(self) -> None:
        self.server.new_pin()
        self.display.window.tell("Room display: new PIN; every phone signs in again")
        self.refresh()

    def unlock(self) -> None:
        self.server.unlock_sign_in()
        self.display.window.tell("Room display: sign-in unlocked; every address may try the PIN again")
        self.refresh()

    def copy_address(self) -> None:
        if self.server.url:
            QGuiApplication.clipboard().setText(self.server.url)

    def save_qr(self) -> None:
        if not self.server.url:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save the QR code", "room-display-qr.png",
                                              "PNG image (*.png);;SVG image (*.svg);;PDF (*.pdf)")
        if path:
            segno.make(self.server.url, error="m").save(path, scale=10, border=4)
            self.display.window.tell(f"QR code saved: {path}")

    # ----- what it shows ------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.redraws += 1
        self._redraw.stop()
        server = self.server
        on = server.running
        self.switch.setText("Switch off" if on else "Switch on")
        self.address.setEnabled(not on)
        self.port.setEnabled(not on)
        self.copy_button.setEnabled(on)
        self.save_qr_button.setEnabled(on)
        pin = server.access.pin
        self.pin.setText(f"{pin[:3]} {pin[3:]}")
        self._show_guesses()
        if on:
            self._show_listening_address(server.host)
            url = server.url
            local = server.host.startswith("127.")
            self.status.setText(f"ON, listening on {server.host}:{server.port}"
                                + (" (this computer only: switch off and choose a network address for the "
                                   "room's phones)" if local else ""))
            self.status.setStyleSheet(f"color: {'#ef6c00' if local else '#43a047'};")
            self.url.setText(url)
            lines = [f"TV or projector: {url}tv", f"Director's remote: {url}remote"]
            events = running_events(server.session)
            if len(events) > 1:  # a TV told which event it shows
                lines += [f"TV of {event['name']}: {url}tv?tournament={event['id']}" for event in events]
            self.pages.setText("\n".join(lines))
            if self._qr_for != url:
                self.qr.setPixmap(qr_pixmap(url))
                self._qr_for = url
        else:
            self.status.setText("OFF: no page can be opened. Choose the address and switch it on.")
            self.status.setStyleSheet("")
            self.url.setText("—")
            self.pages.setText("")
            self.qr.clear()
            self.qr.setText("QR code shows here\nwhen it is on")
            self._qr_for = ""
        self._show_devices()

    def _show_listening_address(self, host: str) -> None:
        """The address box says where the server listens (the command line's --lan may have chosen it)."""
        index = self.address.findData(host)
        if index < 0:
            label = "every network of this computer" if host in ("0.0.0.0", "::") else "given at start"
            self.address.addItem(f"{host}  ({label})", host)
            index = self.address.count() - 1
        self.address.setCurrentIndex(index)

    def _show_guesses(self) -> None:
        access = self.server.access
        locked = access.locked_addresses()
        lines = []
        if access.wrong_pins:
            lines.append(f"{access.wrong_pins} wrong PIN{'s' if access.wrong_pins != 1 else ''} since the start")
        if access.room_locked:
            lines.append("Someone keeps guessing: every sign-in waits a minute")
        elif locked:
            lines.append(f"Waiting after wrong PINs: {', '.join(locked[:3])}{' …' if len(locked) > 3 else ''}")
        self.pin_guesses.setText("\n".join(lines))
        self.pin_guesses.setStyleSheet("color: #c62828; font-weight: bold;" if access.room_locked or locked
                                       else "")
        self.unlock_button.setEnabled(access.room_locked or bool(locked))

    def _show_devices(self) -> None:
        rows = []
        for client in self.server.clients():
            event = ""
            if client.tournament is not None:  # a page following one event, whichever is in front
                event = f"  ·  {self.server.session.following(client.tournament).tournament_name}"
            rows.append(f"{PAGE_NAMES.get(client.page, 'Page')}{event}  ·  {client.address}  ·  since "
                        f"{client.since.strftime('%H:%M')}")
        for signed in self.server.access.sessions():
            minutes = round(self.server.access.seconds_left(signed) / 60)
            rows.append(f"Remote signed in: {signed.operator}  ·  ends in {minutes} min "
                        f"(after {round(IDLE_SECONDS / 60)} min without a command)")
        if not rows:
            rows.append("Nobody yet" if self.server.running else "—")
        if [self.devices.item(i).text() for i in range(self.devices.count())] != rows:
            self.devices.clear()
            self.devices.addItems(rows)

    def device_texts(self) -> list[str]:
        return [self.devices.item(i).text() for i in range(self.devices.count())]


__all__ = ["ConsoleProposalDesk", "RoomDisplay", "RoomDisplayDialog", "add_room_display_action",
           "open_room_display", "room_display", "start_room_display"]
