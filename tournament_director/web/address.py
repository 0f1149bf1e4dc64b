"""The address the room display listens on, as the director writes it (``--lan HOST:PORT``); no Qt, so the
command line can check it before anything starts."""

from __future__ import annotations

import ipaddress

from tournament_director.domain.errors import DomainError

DEFAULT_PORT = 8080


def parse_listen_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` with HOST an IP address of this computer (``[v6]:PORT`` for IPv6); DomainError naming what
    is wrong. ``localhost`` means 127.0.0.1."""
    host, sep, port_text = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host:
        raise DomainError(f"{text!r} is not HOST:PORT (for example 192.168.1.10:{DEFAULT_PORT}, or "
                          f"127.0.0.1:{DEFAULT_PORT} for this computer only)")
    if host == "localhost":
        host = "127.0.0.1"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise DomainError(f"{host!r} is not an IP address: give one of this computer's addresses "
                          "(for example 192.168.1.10), or 127.0.0.1 for this computer only") from None
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise DomainError(f"{port_text!r} is not a port: give a number from 1 to 65535 (for example {DEFAULT_PORT})")
    return host, int(port_text)
