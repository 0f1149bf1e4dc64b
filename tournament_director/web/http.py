"""HTTP/1.1 on Qt's own sockets: h11 reads the requests and frames the responses, in the event loop.

``HttpConnection`` serves one accepted socket: each complete request goes to ``handler(Request) -> Response``
and the answer is written back; keep-alive is honoured, an idle connection closes after ``IDLE_MS``, a body
over ``BODY_LIMIT`` bytes is refused, and a malformed request gets 400 and the connection closes. A request must
arrive whole within ``REQUEST_MS`` of its first byte, however steadily it trickles in: a slow sender gets 408 and
is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import h11
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QTcpSocket

log = logging.getLogger(__name__)

REASONS = {200: b"OK", 400: b"Bad Request", 401: b"Unauthorized", 403: b"Forbidden", 404: b"Not Found",
           405: b"Method Not Allowed", 408: b"Request Timeout", 409: b"Conflict", 413: b"Payload Too Large",
           415: b"Unsupported Media Type", 421: b"Misdirected Request", 429: b"Too Many Requests",
           500: b"Internal Server Error", 503: b"Service Unavailable"}


@dataclass(frozen=True)
class Request:
    method: str  # "GET", "POST", ...
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]  # lower-case names
    body: bytes
    client: str  # the peer's IP address


@dataclass(frozen=True)
class Response:
    status: int = 200
    content_type: str = "text/plain; charset=utf-8"
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = field(default_factory=tuple)


Handler = Callable[[Request], Response]


class HttpConnection(QObject):
    finished = Signal()  # closed: the connection is going away

    BODY_LIMIT = 8192
    HEAD_LIMIT = 16384
    IDLE_MS = 30_000
    REQUEST_MS = 10_000
    CLOSING_MS = 5_000

    def __init__(self, socket: QTcpSocket, client: str, handler: Handler, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._socket = socket
        self._client = client
        self._handler = handler
        self._h11 = h11.Connection(h11.SERVER, max_incomplete_event_size=self.HEAD_LIMIT)
        self._request: h11.Request | None = None
        self._body = bytearray()
        self._closing = False
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.timeout.connect(self.close)
        self._idle.start(self.IDLE_MS)
        self._deadline = QTimer(self)   # from a request's first byte to its end
        self._deadline.setSingleShot(True)
        self._deadline.timeout.connect(self._too_slow)
        # told when it sends or is answered (False) and when it closes (True): the listener sheds the idlest
        self.on_activity: Callable[[bool], None] = lambda _closing: None
        socket.setParent(self)
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self.close)

    def start(self) -> None:
        """Read what the socket already holds (the listener looked at the request head before handing it over)."""
        self._read()

    def abort(self) -> None:
        """Drop the connection at once (the server is switched off, or room is made for another)."""
        if self._closing:   # its answer was still going out: it goes now
            self._socket.abort()
            self.deleteLater()
            return
        self._closing = True
        self._idle.stop()
        self._deadline.stop()
        self._socket.readyRead.disconnect(self._read)
        self._socket.disconnected.disconnect(self.close)
        self._socket.abort()
        self.finished.emit()
        self.deleteLater()

    def close(self) -> None:
        """Close once what was written has gone out (or after a few seconds), then go away."""
        if self._closing:
            return
        self._closing = True
        self._deadline.stop()
        self.on_activity(True)   # the first to go if room is needed
        self.finished.emit()
        socket = self._socket
        socket.readyRead.disconnect(self._read)
        socket.disconnected.disconnect(self.close)
        socket.disconnected.connect(self.deleteLater)
        self._idle.timeout.disconnect(self.close)
        self._idle.timeout.connect(socket.abort)
        self._idle.start(self.CLOSING_MS)
        socket.disconnectFromHost()
        if socket.state() == QAbstractSocket.SocketState.UnconnectedState:
            self.deleteLater()

    def _read(self) -> None:
        if self._closing:
            return
        self._idle.start(self.IDLE_MS)
        self.on_activity(False)
        data = bytes(self._socket.readAll().data())
        if data and not self._deadline.isActive():
            self._deadline.start(self.REQUEST_MS)
        self._h11.receive_data(data)
        try:
            self._next_events()
        except h11.RemoteProtocolError as error:
            self._refuse(error.error_status_hint, f"the request could not be read: {error}")

    def _next_events(self) -> None:
        while not self._closing:
            event = self._h11.next_event()
            if event is h11.NEED_DATA or event is h11.PAUSED:
                if event is h11.PAUSED and self._h11.their_state is h11.MIGHT_SWITCH_PROTOCOL:
                    self._refuse(400, "open WebSocket connections at /ws on a fresh connection")
                return
            if isinstance(event, h11.Request):
                self._request, self._body = event, bytearray()
            elif isinstance(event, h11.Data):
                self._body += event.data
                if len(self._body) > self.BODY_LIMIT:
                    self._refuse(413, f"the request is longer than {self.BODY_LIMIT} bytes")
                    return
            elif isinstance(event, h11.EndOfMessage):
                self._answer()
            elif isinstance(event, h11.ConnectionClosed):
                self.close()
                return

    def _answer(self) -> None:
        event = self._request
        assert event is not None
        target = urlsplit(event.target.decode("latin-1"))
        request = Request(
            method=event.method.decode("ascii", "replace").upper(), path=target.path or "/",
            query=parse_qs(target.query), body=bytes(self._body), client=self._client,
            headers={name.decode("latin-1").lower(): value.decode("latin-1") for name, value in event.headers},
        )
        try:
            response = self._handler(request)
        except Exception:  # never a traceback to the browser; the log keeps it
            log.exception("answering %s %s failed", request.method, request.path)
            response = Response(500, body=b"The room display could not answer; the console's log has the details.")
        self._send(response, head_only=request.method == "HEAD")
        self._deadline.stop()
        self.on_activity(False)
        if self._h11.our_state is h11.MUST_CLOSE:
            self.close()
        elif self._h11.our_state is h11.DONE and self._h11.their_state is h11.DONE:
            self._h11.start_next_cycle()

    def _send(self, response: Response, *, head_only: bool = False) -> None:
        headers = [("content-type", response.content_type), ("content-length", str(len(response.body))),
                   *response.headers]
        out = self._h11.send(h11.Response(status_code=response.status, headers=headers,
                                          reason=REASONS.get(response.status, b"")))
        if response.body and not head_only:
            out += self._h11.send(h11.Data(data=response.body))
        out += self._h11.send(h11.EndOfMessage())
        self._socket.write(out)

    def _too_slow(self) -> None:
        self._refuse(408, f"the request did not arrive within {self.REQUEST_MS // 1000} s")

    def _refuse(self, status: int, text: str) -> None:
        if self._closing:
            return
        if self._h11.our_state in (h11.IDLE, h11.SEND_RESPONSE):
            try:
                self._send(Response(status, body=text.encode(), headers=(("connection", "close"),)))
            except h11.LocalProtocolError:
                pass
        self.close()
