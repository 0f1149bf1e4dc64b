"""The room display server: pages, the JSON state and remote commands over HTTP, live pushes over WebSocket,
all in the program's own Qt event loop beside the console (no threads, so the state is read where it lives).

One port serves both. A small listener (listener.py) reads each new connection's request head without consuming it
and hands a WebSocket upgrade to QWebSocketServer (``handleConnection``) and everything else to an
``HttpConnection`` (h11 on the same Qt socket); it bounds the connections it holds, so nobody on the room's network
can take the file descriptors the database and its backups need. QHttpServer is not used: PySide6 6.11 binds its
routes to plain strings only (served as text/plain, status 200, no headers) and leaves its WebSocket upgrade calls
unbound.

Every request names one of the room display's own addresses as its Host, and every change comes as JSON from
the room display's own pages (guard.py); a WebSocket page sends nothing bigger than ``MOST_MESSAGE_BYTES`` (the
pages send nothing at all) or is closed.

The state is pushed when the session reports a change and when the event log moves on (the console's clock
timer records level changes itself), checked every ``POLL_MS``; a heartbeat every ``HEARTBEAT_MS`` lets a
page notice a silent loss of the connection. A change is pushed on the next turn of the event loop, however many
come in it; the table stations' changes are also coalesced in time: the first is pushed on the next turn, those
that follow within ``PUSH_MS`` together once that time is up (a hundred stations reporting at once cost a few
builds of the state a second, not one a report). The director's and the phones' changes are never held back.
The state is built even with no page connected: it notes the seats, so that a move shows on the pages
(MoveMemory).
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import segno
from PySide6.QtCore import QByteArray, QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface
from PySide6.QtWebSockets import QWebSocket, QWebSocketProtocol, QWebSocketServer

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.services.lobby import running_events
from tournament_director.services.stations import is_station
from tournament_director.web.access import AccessRefused, RemoteAccess
from tournament_director.web.address import parse_listen_address
from tournament_director.web.guard import RequestGuard, json_object, own_hosts
from tournament_director.web.http import Request, Response
from tournament_director.web.listener import ConnectionLimits, Listener, client_address
from tournament_director.web.remote import ProposalDesk, RemoteCommands, proposal_view
from tournament_director.web.state import RoomMemory, build_room_state, room_state_message, room_state_text
from tournament_director.web.stations import StationRoutes, cookies

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

log = logging.getLogger(__name__)

__all__ = ["PageClient", "RoomServer", "local_addresses", "parse_listen_address"]

PAGES = Path(__file__).with_name("pages")
HTML, CSS, JS = "text/html; charset=utf-8", "text/css; charset=utf-8", "text/javascript; charset=utf-8"
STATIC = {  # path -> (file in pages/, content type)
    "/": ("room.html", HTML), "/tv": ("tv.html", HTML), "/remote": ("remote.html", HTML),
    "/room.css": ("room.css", CSS), "/room.js": ("room.js", JS), "/remote.js": ("remote.js", JS),
    "/station.css": ("station.css", CSS), "/station.js": ("station.js", JS),
}
SECURITY_HEADERS = (
    ("cache-control", "no-store"),
    ("content-security-policy", "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
)
PAGE_KINDS = ("phone", "tv", "remote")


def local_addresses() -> list[tuple[str, str]]:
    """(address, label) of the IPv4 addresses this computer can listen on; this computer only comes first."""
    found = [("127.0.0.1", "this computer only")]
    for interface in QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QNetworkInterface.InterfaceFlag.IsUp or flags & QNetworkInterface.InterfaceFlag.IsLoopBack:
            continue
        for entry in interface.addressEntries():
            address = entry.ip()
            if address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                found.append((address.toString(), f"network {interface.humanReadableName()}"))
    return found


@dataclass(frozen=True)
class PageClient:
    """A page connected over WebSocket, as the console's Room display lists it."""

    address: str
    page: str  # "phone", "tv", "remote" or "other"
    since: datetime
    tournament: int | None = None  # the tournament the page asked for (?tournament=ID); None: the one in front
    binary: bool = False  # the state as its UTF-8 bytes in a binary message (?binary=1, as the room's own pages ask)


class RoomServer(QObject):
    """Serves the room display for ``session``; ``start(host, port)`` listens only on that address."""

    clients_changed = Signal()  # a page connected or left, a phone signed in or out, the PIN changed
    remote_action = Signal(str, str)  # action, "phone 'Ann's iPhone' (192.168.1.20): Clock paused": for the console
    pushed = Signal(int)  # a state was sent to this many pages
    # tournament, table, action, what was done, a balancing proposal or None
    station_action = Signal(int, int, str, str, object)
    sign_in_refused = Signal(str, str)  # address, why: a wrong PIN, or a wait (the console counts and warns)

    POLL_MS = 250
    PUSH_MS = 250   # at most one build of the state for the pages in this time
    HEARTBEAT_MS = 10_000
    MOST_BUFFERED_BYTES = 4 * 1024 * 1024  # a page this far behind has stopped reading: it is dropped
    MOST_MESSAGE_BYTES = 4096  # what a page may send over its WebSocket, in all its fragments (it sends nothing)
    LISTEN_BACKLOG = 256  # connections waiting to be accepted: a room's tablets and phones all at once (Qt: 50)
    REMOTE_COOKIE = "td_remote"

    def __init__(self, session: DirectorSession, *, desk: ProposalDesk | None = None, access: RemoteAccess | None = None,
                 wall: Callable[[], datetime] = lambda: datetime.now(UTC), parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.access = access if access is not None else RemoteAccess()
        self.commands = RemoteCommands(session, desk)
        self.stations = StationRoutes(session, on_action=self._station_acted)
        self._wall = wall
        self._memory = RoomMemory()  # the tournament in front's
        self._memories: dict[int, RoomMemory] = {}  # a tournament's a page asked for by number
        self._clients: dict[QWebSocket, PageClient] = {}
        self._websockets: QWebSocketServer | None = None
        self._listener: Listener | None = None
        self._host = ""
        self._port = 0
        self._own_hosts: frozenset[str] = frozenset()
        self.guard = RequestGuard(lambda: self._own_hosts)
        self.limits: ConnectionLimits | None = None   # None: ConnectionLimits.for_this_process() at start
        self._acting_from = ""   # the address of the station request being answered
        self._state_bytes = 0  # the size of the last state pushed: a page taking it in is not behind
        self._switching_off = False
        self._join_message: dict[int | None, QByteArray] = {}  # by the tournament the pages joining now asked for
        # each tournament's parts kept for its change, as bytes and the same in Qt's hands
        self._kept_for_qt: dict[int | None, tuple[bytes, QByteArray]] = {}
        self.states_built = 0   # how many times the state was built for the pages
        self._last_key: tuple[Any, ...] | None = None
        self._last_push = float("-inf")   # time.monotonic() of the last state built for the pages
        self._push_timer = QTimer(self)
        self._push_timer.setSingleShot(True)
        self._push_timer.timeout.connect(self._push_if_changed)
        self._unsubscribe: Callable[[], None] = lambda: None
        self._routes: dict[str, Callable[[Request], Response]] = {
            "/qr.svg": self._qr, "/api/state": self._api_state, "/api/remote/sign-in": self._sign_in,
            "/api/remote/sign-out": self._sign_out, "/api/remote/status": self._remote_status,
            "/api/remote/command": self._remote_command,
        }
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._push_if_changed)
        self._heartbeat = QTimer(self)
        self._heartbeat.setInterval(self.HEARTBEAT_MS)
        self._heartbeat.timeout.connect(self._send_heartbeat)

    # ----- switching on and off ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._listener is not None

    @property
    def host(self) -> str:
        return self._host

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        """The phone page's address, as people type it or scan it ('' while off)."""
        if not self.running:
            return ""
        host = self._host
        if host in ("0.0.0.0", "::"):
            host = next((a for a, _label in local_addresses()[1:]), "127.0.0.1")
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self._port}/"

    def start(self, host: str, port: int) -> str:
        """Listen on ``host``:``port`` only (port 0: any free port); returns the phone page's address."""
        if self.running:
            self.stop()
        address = QHostAddress(host)
        if address.isNull():
            raise DomainError(f"{host!r} is not an IP address of this computer")
        websockets = QWebSocketServer("Tournament Director room display",
                                      QWebSocketServer.SslMode.NonSecureMode, self)
        websockets.newConnection.connect(self._accept_websockets)
        limits = self.limits if self.limits is not None else ConnectionLimits.for_this_process()
        listener = Listener(websockets, self._answer, limits, self.guard.upgrade_refusal, self)
        listener.setListenBacklogSize(self.LISTEN_BACKLOG)
        if not listener.listen(address, port):
            problem = listener.errorString()
            listener.deleteLater()
            websockets.deleteLater()
            raise DomainError(f"the room display cannot listen on {host}:{port}: {problem} (choose another "
                              "address or port)")
        self._websockets, self._listener = websockets, listener
        self._host, self._port = host, listener.serverPort()
        self._own_hosts = own_hosts(host, self._port, [a for a, _label in local_addresses()])
        self._unsubscribe = self.session.subscribe(lambda _topic: self._schedule_push(self._by_station()))
        self._last_key = self._change_key()  # a page is sent the state as it connects: nothing to push until a change
        self._poll.start()
        self._heartbeat.start()
        self.clients_changed.emit()
        QTimer.singleShot(0, self, self._prepare_the_state)
        return self.url

    def _prepare_the_state(self) -> None:
        """Build the state as the room display starts, a moment the director chose: the first page to join (a
        phone in the middle of a level) then takes it as it is kept instead of stalling the console while it is
        built whole (about a second at 100,000 entries)."""
        if self.running and self.session.tournament_id is not None:
            self._state_message()

    def stop(self) -> None:
        """Stop listening and close every page's connection (the pages say so and try again by themselves)."""
        self._poll.stop()
        self._push_timer.stop()
        self._heartbeat.stop()
        self._unsubscribe()
        self._unsubscribe = lambda: None
        self._switching_off = True
        for socket in list(self._clients):
            socket.close(QWebSocketProtocol.CloseCode.CloseCodeGoingAway, "the room display was switched off")
        self._clients.clear()
        self._switching_off = False
        if self._listener is not None:
            self._listener.shutdown()
        if self._websockets is not None:
            self._websockets.close()
            self._websockets.deleteLater()
        self._listener = self._websockets = None
        self._host, self._port = "", 0
        self._own_hosts = frozenset()
        self.clients_changed.emit()

    # ----- who is connected -------------------------------------------------------------------------------
    def clients(self) -> list[PageClient]:
        return sorted(self._clients.values(), key=lambda c: c.since)

    def new_pin(self) -> str:
        pin = self.access.new_pin()
        self.clients_changed.emit()
        if self.running:
            self.push()   # a remote page looks at its session with each state: it signs out at once
        return pin

    def unlock_sign_in(self) -> None:
        """Lift every wait on sign-in (the room's and each address's) without changing the PIN."""
        self.access.unlock()
        self.clients_changed.emit()

    @property
    def listener(self) -> Listener | None:
        return self._listener

    # ----- the state ----------------------------------------------------------------------------------------
    # Every running tournament is served: a page asks for one by number (the phone page picks among the running
    # events each state lists, the TV page is told by its address, /tv?tournament=ID); without, the one in front.
    def state(self, tournament: int | None = None) -> dict[str, Any]:
        reading, memory = self._reading(tournament)
        return {**build_room_state(reading, memory, self._wall()), **self._served()}

    def _state_text(self, tournament: int | None = None) -> str:
        self.states_built += 1
        reading, memory = self._reading(tournament)
        return room_state_text(reading, memory, self._wall(), self._served())

    def _state_message(self, tournament: int | None = None) -> QByteArray:
        """The state as the pages are sent it: its JSON in UTF-8, in a binary message. Qt sends bytes as they are,
        where a text message of the same megabytes is converted twice on the way; the parts kept for the change are
        handed to Qt once per change, so a page joining costs the console one copy of them (at 100,000 entries a
        join took three times as long as a text message)."""
        self.states_built += 1
        reading, memory = self._reading(tournament)
        pieces = room_state_message(reading, memory, self._wall(), self._served())
        if len(pieces) == 1:
            return QByteArray(pieces[0])
        own, kept, closing = pieces
        message = QByteArray(own)
        message.reserve(len(own) + len(kept) + len(closing))
        message.append(self._kept_in_qt(tournament, kept))
        message.append(QByteArray(closing))
        return message

    def _kept_in_qt(self, tournament: int | None, kept: bytes) -> QByteArray:
        """A tournament's kept parts as Qt holds them, made again only when they are another change's."""
        held = self._kept_for_qt.get(tournament)
        if held is None or held[0] is not kept:
            held = self._kept_for_qt[tournament] = (kept, QByteArray(kept))
        return held[1]

    def _reading(self, tournament: int | None) -> tuple[DirectorSession, RoomMemory]:
        if tournament is None:
            return self.session, self._memory
        return self.session.following(tournament), self._memories.setdefault(tournament, RoomMemory())

    def _served(self) -> dict[str, Any]:
        """What every page's state adds: the phone page's address and the running events a page may choose."""
        return {"address": self.url or None, "events": running_events(self.session)}

    def _joining_message(self, tournament: int | None = None) -> QByteArray:
        """The state for the pages joining now: built once for all that join in this turn of the event loop (a
        thousand phones joining at once cost a few builds, not a thousand)."""
        if tournament not in self._join_message:
            if not self._join_message:
                QTimer.singleShot(0, self, self._forget_join_message)
            self._join_message[tournament] = self._state_message(tournament)
        return self._join_message[tournament]

    def _forget_join_message(self) -> None:
        self._join_message = {}

    def _change_key(self) -> tuple[Any, ...]:
        runner = self.session.runner
        behind = tuple((tournament, self.session.following(tournament).runner.last_seq)
                       for tournament in self.session.open_tournaments if tournament != self.session.tournament_id)
        return (self.session.tournament_id, runner.last_seq if runner is not None else None, behind)

    def tournament_asked(self, query: dict[str, list[str]]) -> int | None:
        """The tournament a page's address asks for (``tournament=ID``); None without one. Refused by name when it
        is not a tournament of this database."""
        asked = query.get("tournament", [""])[-1]
        if not asked:
            return None
        if not asked.isdigit() or len(asked) > 12:
            raise DomainError(f"tournament={limits.shown(asked)} is not a tournament number")
        number = int(asked)
        self.session.following(number)  # refused by name when there is no such tournament
        return number

    def _by_station(self) -> bool:
        runner = self.session.runner
        return runner is not None and is_station(runner.operator)

    def _schedule_push(self, coalesce: bool = False) -> None:
        """Push on the next turn of the event loop; ``coalesce`` (a station's change): not before ``PUSH_MS``
        after the last push."""
        wait_ms = (self._last_push + self.PUSH_MS / 1000 - time.monotonic()) * 1000 if coalesce else 0.0
        if self._push_timer.isActive() and self._push_timer.remainingTime() <= wait_ms:
            return   # already due as soon: this change goes with it
        self._push_timer.start(round(max(0.0, wait_ms)))

    def _push_if_changed(self) -> None:
        if not self.running or not self.session.store_is_open or self._push_timer.isActive():
            return   # (a push is due: the poll leaves the change to it)
        key = self._change_key()
        if key == self._last_key:
            return
        self._last_key = key
        self.push()

    def push(self) -> int:
        """Send the state to every connected page now (each page its tournament's); returns how many it went to."""
        self._last_push = time.monotonic()
        asked = {client.tournament for client in self._clients.values()} | {None}
        sent = 0
        for tournament in sorted(asked, key=lambda t: -1 if t is None else t):
            try:
                message = self._state_message(tournament)
            except Exception:  # a page must never take the console down: log it and try again at the next change
                log.exception("the room state of tournament %s could not be built", tournament or "in front")
                continue
            sent += self._send_to_all(message, tournament)
        self.pushed.emit(sent)
        return sent

    def _send_to_all(self, message: str | QByteArray, tournament: Any = ...) -> int:
        """``message`` to every page (``tournament`` given: to the pages of that tournament); text as a text message,
        the state's bytes as a binary one."""
        sent = 0
        # A page still taking in the last state (a heartbeat may come meanwhile) is not behind: at 100,000 entries one
        # state is megabytes.
        if not isinstance(message, str):
            self._state_bytes = message.size()
        most = max(self.MOST_BUFFERED_BYTES, 2 * self._state_bytes)
        for socket, client in list(self._clients.items()):
            if tournament is not ... and client.tournament != tournament:
                continue
            if socket.bytesToWrite() > most:
                socket.abort()
                continue
            self._send(socket, client, message)
            sent += 1
        return sent

    @staticmethod
    def _send(socket: QWebSocket, client: PageClient, message: str | QByteArray) -> None:
        """Text as a text message; the state's bytes as a binary message to a page that asked for it, else as the
        JSON text message the documented protocol promises (signage, a stream overlay)."""
        if isinstance(message, str):
            socket.sendTextMessage(message)
        elif client.binary:
            socket.sendBinaryMessage(message)
        else:
            socket.sendTextMessage(bytes(message.data()).decode("utf-8"))

    def _send_heartbeat(self) -> None:
        self._send_to_all(json.dumps({"heartbeat": self._wall().astimezone(UTC).isoformat(timespec="seconds")}))

    # ----- WebSocket pages ---------------------------------------------------------------------------------
    def _accept_websockets(self) -> None:
        server = self._websockets
        while server is not None and server.hasPendingConnections():
            socket = server.nextPendingConnection()
            socket.setMaxAllowedIncomingMessageSize(self.MOST_MESSAGE_BYTES)
            socket.setMaxAllowedIncomingFrameSize(self.MOST_MESSAGE_BYTES)
            socket.textFrameReceived.connect(lambda _text, _last, socket=socket: self._unasked(socket))
            socket.binaryFrameReceived.connect(lambda _data, _last, socket=socket: self._unasked(socket))
            # A frame past the size closes the socket from Qt's side, which then reads on until the page answers
            # the close: nothing of a page is worth waiting for.
            socket.stateChanged.connect(lambda state, socket=socket: self._closing(socket, state))
            url = socket.requestUrl()
            if url.path() != "/ws":
                socket.close(QWebSocketProtocol.CloseCode.CloseCodePolicyViolated, "the room state is at /ws")
                socket.deleteLater()
                continue
            query = dict(pair.split("=", 1) for pair in url.query().split("&") if "=" in pair)
            page = query.get("page", "")
            try:
                tournament = self.tournament_asked({"tournament": [query.get("tournament", "")]})
            except DomainError as refusal:
                socket.close(QWebSocketProtocol.CloseCode.CloseCodePolicyViolated, str(refusal)[:120])
                socket.deleteLater()
                continue
            client = PageClient(client_address(socket.peerAddress()), page if page in PAGE_KINDS else "other",
                                datetime.now().astimezone(), tournament, query.get("binary") == "1")
            self._clients[socket] = client
            socket.disconnected.connect(lambda socket=socket: self._forget(socket))
            # Qt leaves unread what a page sent with its request: the page's own socket says it has sent anything.
            raw = self._listener.take_page_socket(socket.peerAddress(), socket.peerPort()) if self._listener else None
            if raw is not None:
                raw.readyRead.connect(lambda socket=socket: self._unasked(socket))
                if raw.bytesAvailable():
                    self._unasked(socket)
                    continue
            try:
                joining = self._joining_message(tournament)
                self._state_bytes = max(self._state_bytes, joining.size())
                self._send(socket, client, joining)
            except Exception:
                log.exception("the room state could not be built for a new page")
            self.clients_changed.emit()

    def _closing(self, socket: QWebSocket, state: QAbstractSocket.SocketState) -> None:
        if state == QAbstractSocket.SocketState.ClosingState and not self._switching_off:
            socket.abort()

    @staticmethod
    def _unasked(socket: QWebSocket) -> None:
        """A page sent a message (the pages send nothing): dropped at once, without reading what follows."""
        socket.abort()

    def _forget(self, socket: QWebSocket) -> None:
        with contextlib.suppress(RuntimeError):   # gone already: the server switched off, or the program closing
            if self._clients.pop(socket, None) is not None:
                self.clients_changed.emit()
            socket.deleteLater()

    # ----- HTTP -----------------------------------------------------------------------------------------------
    def _answer(self, request: Request) -> Response:
        refusal = self.guard.host_refusal(request.headers) or self.guard.change_refusal(request.method,
                                                                                        request.headers)
        if refusal is not None:
            if request.method != "GET":
                log.warning("refused %s %s from %s: %s", request.method, request.path, request.client,
                            refusal.message)
            return self._refused(refusal)
        # every request is logged with the address it came from: a change at INFO, a read at DEBUG
        log.log(logging.DEBUG if request.method in ("GET", "HEAD") else logging.INFO, "%s %s from %s",
                request.method, request.path, request.client)
        static = STATIC.get(request.path)
        if static is not None:
            if request.method not in ("GET", "HEAD"):
                return self._text(405, "pages are read with GET")
            name, content_type = static
            return Response(200, content_type, (PAGES / name).read_bytes(), SECURITY_HEADERS)
        if self.stations.handles(request.path):
            try:
                return self._station(request)
            except AccessRefused as refused:
                return self._refused(refused)
        route = self._routes.get(request.path)
        if route is None:
            return self._text(404, f"there is no page {request.path} here: the room display is at /, /tv and "
                                   "/remote")
        try:
            return route(request)
        except AccessRefused as refused:
            return self._refused(refused)

    @staticmethod
    def _text(status: int, text: str) -> Response:
        return Response(status, "text/plain; charset=utf-8", text.encode(), SECURITY_HEADERS)

    @staticmethod
    def _json(data: dict[str, Any], status: int = 200, headers: tuple[tuple[str, str], ...] = ()) -> Response:
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        return Response(status, "application/json; charset=utf-8", body, (*SECURITY_HEADERS, *headers))

    def _qr(self, request: Request) -> Response:
        """The phone page's address as a QR code, for the TV page."""
        buffer = io.BytesIO()
        segno.make(self.url or "http://127.0.0.1/", error="m").save(buffer, kind="svg", scale=8, border=2)
        return Response(200, "image/svg+xml", buffer.getvalue(), SECURITY_HEADERS)

    def _api_state(self, request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return self._text(405, "the room state is read with GET")
        try:
            tournament = self.tournament_asked(request.query)
        except DomainError as refusal:
            return self._text(404, str(refusal))
        return self._json(self.state(tournament))

    # ----- table stations -------------------------------------------------------------------------------
    def station_url(self, table: int, tournament: int | None = None) -> str:
        """Table ``table``'s station page of ``tournament`` (the one in front by default) with its token ('' while
        off): what its QR code carries."""
        return self.stations.url(self.url, table, tournament) if self.running else ""

    def _station(self, request: Request) -> Response:
        if request.path.startswith("/table/"):
            try:
                self.stations.answer_page(request)
            except AccessRefused as refusal:   # a page, not JSON: the tablet's screen says what to do
                return Response(refusal.status, HTML, _refusal_page(refusal.message), SECURITY_HEADERS)
            return Response(200, HTML, (PAGES / "station.html").read_bytes(), SECURITY_HEADERS)
        table_and_action = request.path.removeprefix("/api/station/").split("/")
        if len(table_and_action) == 2 and table_and_action[1] == "session":
            data, cookie = self.stations.open_session(request, int(table_and_action[0]))
            log.info("table %s's station signed in from %s", table_and_action[0], request.client)
            return self._json(data, headers=(("set-cookie", cookie),))
        self._acting_from = request.client
        try:
            status, data = self.stations.answer_api(request)
        finally:
            self._acting_from = ""
        return self._json(data, status)

    def _station_acted(self, tournament: int, table: int, action: str, text: str, proposal: Any) -> None:
        if proposal is not None and tournament == self.session.tournament_id:   # the Tables tab is the one in front's
            self.commands.desk.show(proposal)
        log.info("table %s's station of tournament %s (%s): %s", table, tournament, self._acting_from, text)
        self.station_action.emit(tournament, table, action,
                                 f"{text} (from {self._acting_from})" if self._acting_from else text, proposal)
        self._schedule_push(coalesce=True)

    # ----- remote commands ----------------------------------------------------------------------------------
    @staticmethod
    def _token(request: Request) -> str:
        value = request.headers.get("authorization", "")
        return value[7:].strip() if value.lower().startswith("bearer ") else ""

    @staticmethod
    def _body(request: Request) -> dict[str, Any]:
        if request.method != "POST":
            raise AccessRefused("send this as a POST request", 405)
        return json_object(request.body)

    def _signed(self, request: Request, *, touch: bool = True) -> Any:
        """The remote session of the request: its token (header) with the cookie its sign-in set, named by the
        address the request comes from."""
        signed = self.access.session(self._token(request), cookies(request).get(self.REMOTE_COOKIE), touch=touch)
        return replace(signed, address=request.client)

    def _refused(self, refusal: AccessRefused) -> Response:
        headers = (("retry-after", str(refusal.wait_seconds)),) if refusal.wait_seconds else ()
        return self._json({"ok": False, "error": refusal.message, "wait_seconds": refusal.wait_seconds},
                          refusal.status, headers)

    def _sign_in(self, request: Request) -> Response:
        data = self._body(request)
        wrong_before = self.access.wrong_pins
        try:
            signed = self.access.sign_in(data.get("pin"), request.client, data.get("device"))
        except AccessRefused as refusal:
            if self.access.wrong_pins != wrong_before or refusal.status == 429:
                log.warning("sign-in refused from %s: %s", request.client, refusal.message)
                self.sign_in_refused.emit(request.client, refusal.message)
            raise
        self.clients_changed.emit()
        self.remote_action.emit("sign_in", f"{signed.operator} signed in to the remote")
        return self._json({"ok": True, "token": signed.token, "device": signed.device,
                           "operator": signed.operator, "seconds_left": round(self.access.seconds_left(signed))},
                          headers=(("set-cookie", self._remote_cookie(signed.proof)),))

    def _remote_cookie(self, proof: str) -> str:
        return f"{self.REMOTE_COOKIE}={proof}; Path=/; HttpOnly; SameSite=Strict"

    def _sign_out(self, request: Request) -> Response:
        self._body(request)
        try:
            self.access.sign_out(self._signed(request).token)
        except AccessRefused:
            pass   # signed out already
        self.clients_changed.emit()
        return self._json({"ok": True})

    def _remote_status(self, request: Request) -> Response:
        signed = self._signed(request, touch=False)
        floor = self.session.tournament
        proposal = None
        if floor is not None:
            names = {e.entry_id: e.name for e in floor.entries()}
            proposal = proposal_view(self.commands.desk.current(), names)
        renewed = self.access.rotate(signed)   # the page looks at its status with every state: it gets the new one
        headers = (("set-cookie", self._remote_cookie(renewed)),) if renewed is not None else ()
        return self._json({"ok": True, "device": signed.device, "operator": signed.operator,
                           "seconds_left": round(self.access.seconds_left(signed)), "proposal": proposal}, 200, headers)

    def _remote_command(self, request: Request) -> Response:
        data = self._body(request)
        signed = self._signed(request)
        try:
            text = self.commands.run(signed.operator, data.get("action"), data)
        except DomainError as refusal:
            return self._json({"ok": False, "error": f"Refused: {refusal}"}, 409)
        except Exception:  # never a traceback on the phone: the console's log keeps the details
            log.exception("remote command %r from %s failed", data.get("action"), signed.operator)
            return self._json({"ok": False, "error": "The console could not complete this command: look at the "
                                                     "console's Log tab before trying again."}, 500)
        self.remote_action.emit(str(data.get("action")), f"{signed.operator}: {text}")
        self._schedule_push()
        return self._json({"ok": True, "message": text})


def _refusal_page(message: str) -> bytes:
    """A station page refused: the reason on the tablet's screen, in the station's style."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Table station</title><link rel=\"stylesheet\" href=\"/station.css\"></head>"
            f"<body class=\"station\"><div class=\"refused-page\" role=\"alert\"><h1>This table card does not "
            f"open a station</h1><p>{html.escape(message, quote=False)}</p></div></body></html>\n").encode()
