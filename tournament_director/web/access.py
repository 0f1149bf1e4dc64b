"""Who may send remote commands: a PIN shown on the console, sessions that expire, and brakes on wrong PINs, per
address and for the whole room.

A device signs in with the PIN and a name ("Ann's iPhone") and gets a random token and a cookie (``proof``): every
remote command carries the token in a header and the cookie the sign-in set, so a token copied elsewhere is not
enough. The cookie is replaced every ``PROOF_SECONDS`` (``rotate``), the one before still taken for
``PROOF_OVERLAP_SECONDS`` so that requests already on their way get through. A session ends after
``IDLE_SECONDS`` without a command, after ``LONGEST_SECONDS`` in any case, and at once for every device when the
director changes the PIN. After ``FREE_TRIES`` wrong PINs from one address, that address waits
``FIRST_WAIT_SECONDS`` before the next try, twice as long after each further wrong PIN (at most
``LONGEST_WAIT_SECONDS``); a right PIN clears the count. Many addresses guessing together meet the room's brake:
past ``ROOM_FREE_TRIES`` wrong PINs within ``ROOM_WINDOW_SECONDS`` every sign-in waits ``ROOM_WAIT_SECONDS``. The
director always has a way in from the console: a new PIN or ``unlock`` lifts every wait. Time comes from a
monotonic source.
"""

from __future__ import annotations

import hmac
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

PIN_DIGITS = 6
FREE_TRIES = 3
FIRST_WAIT_SECONDS = 30.0
LONGEST_WAIT_SECONDS = 15 * 60.0
IDLE_SECONDS = 30 * 60.0
LONGEST_SECONDS = 12 * 3600.0
DEVICE_NAME_LIMIT = 40
PROOF_SECONDS = 10 * 60.0
PROOF_OVERLAP_SECONDS = 60.0
ROOM_FREE_TRIES = 20
ROOM_WINDOW_SECONDS = 60.0
ROOM_WAIT_SECONDS = 60.0
WAY_IN = "The director can let you in at once from the console (Tools > Room display: Unlock sign-in, or New PIN)."


class AccessRefused(Exception):
    """A sign-in or a command refused; ``status`` is the HTTP status, ``wait_seconds`` the wait before a retry."""

    def __init__(self, message: str, status: int = 403, wait_seconds: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.wait_seconds = wait_seconds


@dataclass(frozen=True)
class RemoteSession:
    token: str
    device: str
    address: str
    signed_in_at: float  # monotonic seconds
    last_seen: float
    proof: str = ""      # the cookie set on sign-in (or since replaced); the session's commands carry it
    proof_since: float = 0.0
    previous_proof: str = ""   # the cookie it replaced, taken until PROOF_OVERLAP_SECONDS after the change

    @property
    def operator(self) -> str:
        """How the event log names the device: phone 'Ann's iPhone' (192.168.1.20)."""
        return f"phone '{self.device}' ({self.address})"

    def expires_at(self) -> float:
        return min(self.last_seen + IDLE_SECONDS, self.signed_in_at + LONGEST_SECONDS)


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0  # monotonic seconds of the last wrong PIN
    wait_until: float = 0.0


def clean_device_name(text: object) -> str:
    """The device's name as typed, in one line; refused when empty or too long."""
    if not isinstance(text, str):
        raise AccessRefused("give this phone a name (for example Ann's iPhone)", 400)
    name = " ".join("".join(c for c in text if c.isprintable()).split())
    if not name:
        raise AccessRefused("give this phone a name (for example Ann's iPhone): the log names it", 400)
    if len(name) > DEVICE_NAME_LIMIT:
        raise AccessRefused(f"keep the phone's name under {DEVICE_NAME_LIMIT} characters", 400)
    return name


class RemoteAccess:
    def __init__(self, now: Callable[[], float] = time.monotonic, pin: str | None = None) -> None:
        self._now = now
        self._pin = pin if pin is not None else self._random_pin()
        self._sessions: dict[str, RemoteSession] = {}
        self._failures: dict[str, _Failures] = {}
        self._room_failures: list[float] = []   # monotonic times of the wrong PINs in the room's window
        self._room_wait_until = 0.0
        self.wrong_pins = 0                     # since the program started (or the last unlock), for the console

    # ----- the brakes ----------------------------------------------------------------------------------
    @property
    def room_locked(self) -> bool:
        """Whether every sign-in waits now (many wrong PINs from anywhere)."""
        return self._room_wait_until > self._now()

    def locked_addresses(self) -> list[str]:
        now = self._now()
        return sorted(a for a, f in self._failures.items() if f.wait_until > now)

    def unlock(self) -> None:
        """Lift every wait (the director, from the console)."""
        self._failures.clear()
        self._room_failures.clear()
        self._room_wait_until = 0.0

    # ----- the PIN -------------------------------------------------------------------------------------
    @property
    def pin(self) -> str:
        return self._pin

    def new_pin(self) -> str:
        """A fresh PIN; every device signed in with the old one must sign in again."""
        previous = self._pin
        while self._pin == previous:
            self._pin = self._random_pin()
        self._sessions.clear()
        self.unlock()
        return self._pin

    @staticmethod
    def _random_pin() -> str:
        return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"

    # ----- signing in ----------------------------------------------------------------------------------
    def sign_in(self, pin: object, address: str, device: object) -> RemoteSession:
        now = self._now()
        self._forget_old_failures(now)
        failures = self._failures.get(address)
        if failures is not None and failures.wait_until > now:
            raise self._wait_refusal(address, failures.wait_until - now)
        if self._room_wait_until > now:
            raise self._room_refusal(self._room_wait_until - now)
        name = clean_device_name(device)
        typed = pin.strip().replace(" ", "") if isinstance(pin, str) else ""
        if not hmac.compare_digest(typed.encode(), self._pin.encode()):
            self.wrong_pins += 1
            self._room_failures = [t for t in self._room_failures if t > now - ROOM_WINDOW_SECONDS] + [now]
            if len(self._room_failures) > ROOM_FREE_TRIES:
                self._room_wait_until = now + ROOM_WAIT_SECONDS
            failures = self._failures.setdefault(address, _Failures())
            failures.count += 1
            failures.last = now
            if failures.count >= FREE_TRIES:
                wait = min(FIRST_WAIT_SECONDS * 2 ** (failures.count - FREE_TRIES), LONGEST_WAIT_SECONDS)
                failures.wait_until = now + wait
                raise self._wait_refusal(address, wait, first="Wrong PIN. ")
            left = FREE_TRIES - failures.count
            raise AccessRefused(f"Wrong PIN: read it again on the console (Tools > Room display). "
                                f"{left} more {'try' if left == 1 else 'tries'} before a wait.", 403)
        self._failures.pop(address, None)
        session = RemoteSession(secrets.token_urlsafe(24), name, address, now, now, secrets.token_urlsafe(24), now)
        self._sessions[session.token] = session
        return session

    @staticmethod
    def _wait_refusal(address: str, seconds: float, first: str = "") -> AccessRefused:
        wait = max(1, math.ceil(seconds))
        return AccessRefused(f"{first}Too many wrong PINs from {address}: wait {_duration(wait)} before "
                             f"trying again. {WAY_IN}", 429, wait)

    @staticmethod
    def _room_refusal(seconds: float) -> AccessRefused:
        wait = max(1, math.ceil(seconds))
        return AccessRefused(f"Too many wrong PINs in the room: every sign-in waits {_duration(wait)}. {WAY_IN}",
                             429, wait)

    def _forget_old_failures(self, now: float) -> None:
        stale = [a for a, f in self._failures.items() if max(f.last, f.wait_until) + LONGEST_WAIT_SECONDS < now]
        for address in stale:
            del self._failures[address]

    # ----- sessions ------------------------------------------------------------------------------------
    def session(self, token: object, proof: object, *, touch: bool = True) -> RemoteSession:
        """The live session of ``token`` shown with the cookie its sign-in set (``proof``); its idle time starts
        again when ``touch``. Refused when gone or when the cookie is not the session's."""
        now = self._now()
        self._end_expired(now)
        found = self._sessions.get(token) if isinstance(token, str) else None
        if found is not None and not self._proves(found, proof, now):
            found = None
        if found is None:
            raise AccessRefused("Not signed in, or the session expired or the PIN changed: sign in with the PIN "
                                "shown on the console.", 401)
        if touch:
            found = replace(found, last_seen=now)
            self._sessions[found.token] = found
        return found

    @staticmethod
    def _proves(session: RemoteSession, proof: object, now: float) -> bool:
        if not isinstance(proof, str):
            return False
        if hmac.compare_digest(proof.encode(), session.proof.encode()):
            return True
        return (bool(session.previous_proof) and now - session.proof_since < PROOF_OVERLAP_SECONDS
                and hmac.compare_digest(proof.encode(), session.previous_proof.encode()))

    def rotate(self, session: RemoteSession) -> str | None:
        """A new cookie for ``session`` when its own is ``PROOF_SECONDS`` old (None: it keeps it)."""
        now = self._now()
        current = self._sessions.get(session.token)
        if current is None or now - current.proof_since < PROOF_SECONDS:
            return None
        renewed = replace(current, proof=secrets.token_urlsafe(24), proof_since=now, previous_proof=current.proof)
        self._sessions[renewed.token] = renewed
        return renewed.proof

    def sign_out(self, token: object) -> None:
        if isinstance(token, str):
            self._sessions.pop(token, None)

    def sessions(self) -> list[RemoteSession]:
        """The devices signed in now, the earliest first."""
        self._end_expired(self._now())
        return sorted(self._sessions.values(), key=lambda s: s.signed_in_at)

    def seconds_left(self, session: RemoteSession) -> float:
        return max(0.0, session.expires_at() - self._now())

    def _end_expired(self, now: float) -> None:
        for token in [t for t, s in self._sessions.items() if s.expires_at() <= now]:
            del self._sessions[token]


def _duration(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
