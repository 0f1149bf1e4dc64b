"""What every request to the room display must show before it is answered, and what a change must show besides.

- ``Host`` names one of the room display's own addresses (a page of another site whose name was pointed at this
  computer, DNS rebinding, is refused);
- a request that changes anything (a POST: stations, the remote) is ``application/json``, which a form of another
  site cannot send, and comes from the room display's own pages: its ``Origin`` (or, without one, its ``Referer``)
  is the room display's own address;
- a WebSocket page that names its origin names the room display's.

Its body is then read as one JSON object (``json_object``): malformed, nested too deeply or not an object is a 400
naming the problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from tournament_director.web.access import AccessRefused

CHANGING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def own_hosts(listen_host: str, port: int, local_addresses: list[str]) -> frozenset[str]:
    """The ``host:port`` values a page of the room display is addressed by when it listens on ``listen_host``."""
    if listen_host in ("0.0.0.0", "::"):
        names = {*local_addresses, "127.0.0.1", "localhost", "::1"}
    elif listen_host.startswith("127.") or listen_host == "::1":
        names = {listen_host, "localhost"}
    else:
        names = {listen_host}
    return frozenset(f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names)


class RequestGuard:
    """Checks requests against ``hosts()`` (the room display's own ``host:port`` values, lower case)."""

    def __init__(self, hosts: Callable[[], frozenset[str]]) -> None:
        self._hosts = hosts

    def host_refusal(self, headers: dict[str, str]) -> AccessRefused | None:
        host = headers.get("host", "").strip().lower()
        if host not in self._hosts():
            shown = ", ".join(sorted(self._hosts())) or "nowhere"
            return AccessRefused(f"this is the room display of {shown}: it does not answer for {host or 'no host'}",
                                 421)
        return None

    def _origin(self, headers: dict[str, str]) -> str | None:
        """The origin a request names (``http://host:port``), from Origin or else Referer; None without either."""
        origin = headers.get("origin")
        if origin is not None:
            return origin.strip().lower()
        referer = headers.get("referer")
        if referer:
            parts = urlsplit(referer.strip())
            return f"{parts.scheme}://{parts.netloc}".lower()
        return None

    def _own(self, origin: str) -> bool:
        return origin.startswith("http://") and origin[len("http://"):] in self._hosts()

    def change_refusal(self, method: str, headers: dict[str, str]) -> AccessRefused | None:
        """Why a request that changes something is refused (None: it may go on)."""
        if method not in CHANGING_METHODS:
            return None
        media_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type != "application/json":
            return AccessRefused("a change is sent as JSON (content-type: application/json) by the room "
                                 "display's own pages", 415)
        origin = self._origin(headers)
        if origin is None:
            return AccessRefused("a change must come from the room display's own pages (the request names no "
                                 "Origin)", 403)
        if not self._own(origin):
            return AccessRefused(f"a change must come from the room display's own pages, not from {origin}", 403)
        return None

    def upgrade_refusal(self, headers: dict[str, str]) -> str | None:
        refusal = self.host_refusal(headers)
        if refusal is not None:
            return refusal.message
        origin = headers.get("origin")
        if origin is not None and not self._own(origin.strip().lower()):
            return f"the room state is for the room display's own pages, not for {origin.strip()}"
        return None


def json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object; AccessRefused (400) naming what is wrong."""
    try:
        data = json.loads(body.decode("utf-8") or "{}")
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise AccessRefused("the request is not JSON", 400) from None
    except RecursionError:
        raise AccessRefused("the request is not JSON the room display reads: it is nested too deeply", 400) from None
    if not isinstance(data, dict):
        raise AccessRefused("the request must be a JSON object", 400)
    return data
