"""The room display's door: accepts connections, holds at most a bounded number of them, and passes each on by its
request head (WebSocket upgrades to the WebSocket server, the rest to an ``HttpConnection``).

Nobody on the room's network may take the file descriptors the database, its log and its backups need:

- the process's soft limit on open files is raised to its hard limit when the server starts, and ``RESERVED_FDS``
  of it are left to the rest of the program whatever the web traffic (``ConnectionLimits.for_this_process``);
- connections on the HTTP side (still sending their head, or served over HTTP) are capped in all and per address:
  past a cap, the connection idle the longest (of that address first) is shed to make room for the new one, so a
  flood of held connections churns through itself while a page that just connected is served;
- a request's head must arrive within ``HEAD_TIMEOUT_MS`` (its body, in ``HttpConnection``, within its own time);
- WebSocket pages are capped in all and per address; one past a cap is refused with 503.
"""

from __future__ import annotations

import resource
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer
from PySide6.QtNetwork import QHostAddress, QTcpServer, QTcpSocket
from PySide6.QtWebSockets import QWebSocketServer

from tournament_director.web.http import REASONS, HttpConnection, Request, Response

RESERVED_FDS = 256   # for SQLite, its journal, backups, sounds, fonts, Qt itself: never used by web traffic


def client_address(address: QHostAddress) -> str:
    text = address.toString()
    return text[7:] if text.startswith("::ffff:") else text


def raise_open_file_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; returns the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)   # the hard limit itself stays
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


@dataclass(frozen=True)
class ConnectionLimits:
    """How many connections the room display holds at once (HTTP side, WebSocket pages), in all and per address."""

    connections: int = 512
    connections_per_address: int = 128
    pages: int = 2000
    pages_per_address: int = 500

    @classmethod
    def for_this_process(cls) -> ConnectionLimits:
        """The usual limits, lowered when the open files left after ``RESERVED_FDS`` cannot hold them all."""
        budget = max(64, raise_open_file_limit() - RESERVED_FDS)
        usual = cls()
        if usual.connections + usual.pages <= budget:
            return usual
        connections = max(16, budget // 4)
        pages = max(16, budget - connections)
        return cls(connections, min(usual.connections_per_address, connections),
                   pages, min(usual.pages_per_address, pages))


@dataclass(frozen=True)
class _Held:
    address: str
    shed: Callable[[], None]


class Listener(QTcpServer):
    """Accepts connections within ``limits`` and hands each on by its request head. ``check_upgrade(headers)``
    returns why a WebSocket upgrade is refused (None: accepted)."""

    HEAD_LIMIT = 16384
    HEAD_TIMEOUT_MS = 10_000
    PAGE_READ_BUFFER = 65536
    ACCEPT_BATCH = 32

    def __init__(self, websockets: QWebSocketServer, http: Callable[[Request], Response], limits: ConnectionLimits,
                 check_upgrade: Callable[[dict[str, str]], str | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._websockets = websockets
        self._http = http
        self.limits = limits
        self._check_upgrade = check_upgrade
        self._waiting: dict[QTcpSocket, tuple[QTimer, Callable[[], None], Callable[[], None]]] = {}
        # Every connection on the HTTP side, waiting or served, the idlest first (in all, and per address): making
        # room costs the same with 10 connections held or 500.
        self._held: OrderedDict[object, _Held] = OrderedDict()
        self._held_by_address: dict[str, OrderedDict[object, None]] = {}
        self._pages_by_address: Counter[str] = Counter()
        self._page_sockets: dict[tuple[str, int], QTcpSocket] = {}   # (address, port) -> socket, until taken
        self.shed = 0       # connections dropped to make room, since the start
        self._admitting = False
        self.setMaxPendingConnections(self.ACCEPT_BATCH)
        self.refused = 0    # WebSocket pages refused past a cap, or for their Host or Origin

    # ----- what it holds ---------------------------------------------------------------------------------------
    def held(self) -> int:
        """Connections on the HTTP side now (waiting for their head, or served over HTTP)."""
        return len(self._held)

    def pages(self) -> int:
        """WebSocket connections handed over (open or still shaking hands)."""
        return sum(self._pages_by_address.values())

    def _hold(self, key: object, held: _Held) -> None:
        self._held[key] = held
        self._held_by_address.setdefault(held.address, OrderedDict())[key] = None

    def _active(self, key: object, *, closing: bool = False) -> None:
        """``key`` sent something or was answered (the idlest last), or is closing (the first to go)."""
        held = self._held.get(key)
        if held is not None:
            self._held.move_to_end(key, last=not closing)
            self._held_by_address[held.address].move_to_end(key, last=not closing)

    def _release(self, key: object) -> None:
        held = self._held.pop(key, None)
        if held is not None:
            same = self._held_by_address[held.address]
            del same[key]
            if not same:
                del self._held_by_address[held.address]

    def _make_room(self, address: str) -> None:
        """Shed the idlest connections until one more from ``address`` fits under both caps."""
        while len(self._held_by_address.get(address, ())) >= self.limits.connections_per_address:
            self._shed(next(iter(self._held_by_address[address])))
        while len(self._held) >= self.limits.connections:
            self._shed(next(iter(self._held)))

    def _shed(self, key: object) -> None:
        held = self._held[key]
        self._release(key)
        self.shed += 1
        held.shed()

    # ----- accepting -----------------------------------------------------------------------------------------------
    def incomingConnection(self, handle: int) -> None:  # noqa: N802 - Qt override
        """Qt accepts until the system's queue is empty, or until ``ACCEPT_BATCH`` wait here: each batch is
        admitted on the next turn of the event loop, so a flood of connections cannot hold the loop (the clock,
        the pushes to the pages) for longer than a batch."""
        socket = QTcpSocket(self)
        if not socket.setSocketDescriptor(handle):
            socket.deleteLater()
            return
        self.addPendingConnection(socket)
        if not self._admitting:
            self._admitting = True
            QTimer.singleShot(0, self._admit_batch)

    def _admit_batch(self) -> None:
        self._admitting = False
        while self.hasPendingConnections():
            self._admit(self.nextPendingConnection())

    def _admit(self, socket: QTcpSocket) -> None:
        address = client_address(socket.peerAddress())
        self._make_room(address)
        timer = QTimer(socket)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda: self._drop(socket, abort=True))
        timer.start(self.HEAD_TIMEOUT_MS)
        look, drop = (lambda: self._look(socket)), (lambda: self._drop(socket))
        self._waiting[socket] = (timer, look, drop)
        self._hold(socket, _Held(address, lambda: self._drop(socket, abort=True)))
        socket.readyRead.connect(look)
        socket.disconnected.connect(drop)

    def _drop(self, socket: QTcpSocket, abort: bool = False) -> None:
        waiting = self._waiting.pop(socket, None)
        self._release(socket)
        if waiting is None:
            return
        timer, look, drop = waiting
        timer.stop()
        socket.readyRead.disconnect(look)
        socket.disconnected.disconnect(drop)
        if abort:
            socket.abort()
        socket.deleteLater()

    def _look(self, socket: QTcpSocket) -> None:
        head = socket.peek(self.HEAD_LIMIT).data()
        end = head.find(b"\r\n\r\n")
        if end < 0 and len(head) < self.HEAD_LIMIT:
            return  # the rest of the head is still on its way
        timer, look, drop = self._waiting.pop(socket)
        self._release(socket)
        timer.stop()
        timer.deleteLater()
        socket.readyRead.disconnect(look)
        socket.disconnected.disconnect(drop)
        lines = head[:max(end, 0)].split(b"\r\n")
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, sep, value = line.partition(b":")
            if sep:
                headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
        if "websocket" in headers.get("upgrade", "").lower():
            self._upgrade(socket, headers)
        else:  # HTTP; a head too long is refused there
            address = client_address(socket.peerAddress())
            connection = HttpConnection(socket, address, self._http, self)
            self._make_room(address)
            self._hold(connection, _Held(address, connection.abort))
            connection.on_activity = lambda closing: self._active(connection, closing=closing)
            # held until its socket is gone: an answer still going out holds a file descriptor too
            connection.destroyed.connect(lambda _object=None: self._release(connection))
            connection.start()

    def _upgrade(self, socket: QTcpSocket, headers: dict[str, str]) -> None:
        address = client_address(socket.peerAddress())
        refusal = self._check_upgrade(headers)
        if refusal is None and self._pages_by_address[address] >= self.limits.pages_per_address:
            refusal = f"the room display serves at most {self.limits.pages_per_address} pages to one address"
        if refusal is None and self.pages() >= self.limits.pages:
            refusal = f"the room display serves at most {self.limits.pages} pages at once"
        if refusal is not None:
            self.refused += 1
            status = 403 if "serves at most" not in refusal else 503
            body = refusal.encode()
            socket.write(b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n"
                         b"connection: close\r\n\r\n%s" % (status, REASONS[status], len(body), body))
            socket.disconnectFromHost()
            socket.disconnected.connect(socket.deleteLater)
            return
        self._pages_by_address[address] += 1
        socket.setReadBufferSize(self.PAGE_READ_BUFFER)   # a page's flood is read a piece at a time, between events
        port = socket.peerPort()
        self._page_sockets[(address, port)] = socket
        # The WebSocket server disconnects every signal of the socket it takes: a child tells when it goes.
        sentinel = QObject(socket)
        sentinel.destroyed.connect(lambda _object=None, a=address, p=port: self._page_gone(a, p))
        self._websockets.handleConnection(socket)

    def take_page_socket(self, address: QHostAddress, port: int) -> QTcpSocket | None:
        """The TCP socket under a page's WebSocket, once (the WebSocket server keeps it out of sight)."""
        return self._page_sockets.pop((client_address(address), port), None)

    def _page_gone(self, address: str, port: int) -> None:
        self._page_sockets.pop((address, port), None)
        self._pages_by_address[address] -= 1
        if self._pages_by_address[address] <= 0:
            del self._pages_by_address[address]

    def shutdown(self) -> None:
        """Stop listening and drop every connection still on the HTTP side or still sending its head."""
        self.close()
        while self.hasPendingConnections():
            self.nextPendingConnection().abort()
        for key, held in list(self._held.items()):
            self._release(key)
            held.shed()
        self._held.clear()
        self.deleteLater()
