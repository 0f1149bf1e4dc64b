"""Who may send remote commands: the PIN, sessions that expire, the brake on wrong PINs per address, and the
address the room display listens on as the director writes it."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.web.access import (
    FIRST_WAIT_SECONDS,
    FREE_TRIES,
    IDLE_SECONDS,
    LONGEST_SECONDS,
    PROOF_OVERLAP_SECONDS,
    PROOF_SECONDS,
    ROOM_FREE_TRIES,
    ROOM_WAIT_SECONDS,
    ROOM_WINDOW_SECONDS,
    AccessRefused,
    RemoteAccess,
)
from tournament_director.web.address import parse_listen_address


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
def access(clock: FakeTime) -> RemoteAccess:
    return RemoteAccess(now=clock, pin="482913")


def test_the_right_pin_signs_a_named_phone_in_and_its_commands_carry_its_name(access: RemoteAccess) -> None:
    signed = access.sign_in("482 913", "192.168.1.20", "  Ann's   iPhone ")
    assert signed.device == "Ann's iPhone"
    assert signed.operator == "phone 'Ann's iPhone' (192.168.1.20)"
    assert access.session(signed.token, signed.proof).device == "Ann's iPhone"
    assert [s.device for s in access.sessions()] == ["Ann's iPhone"]


def test_a_phone_needs_a_name(access: RemoteAccess) -> None:
    with pytest.raises(AccessRefused, match="give this phone a name"):
        access.sign_in("482913", "192.168.1.20", "   ")
    with pytest.raises(AccessRefused, match="under 40 characters"):
        access.sign_in("482913", "192.168.1.20", "x" * 41)


def test_wrong_pins_are_counted_per_address_and_then_make_that_address_wait(access: RemoteAccess,
                                                                            clock: FakeTime) -> None:
    for left in range(FREE_TRIES - 1, 0, -1):
        with pytest.raises(AccessRefused, match=f"Wrong PIN.*{left} more tr") as refused:
            access.sign_in("000000", "192.168.1.66", "Mallory")
        assert refused.value.status == 403
    with pytest.raises(AccessRefused) as refused:
        access.sign_in("000000", "192.168.1.66", "Mallory")
    assert refused.value.status == 429
    assert refused.value.wait_seconds == FIRST_WAIT_SECONDS
    assert str(refused.value) == ("Wrong PIN. Too many wrong PINs from 192.168.1.66: wait 30 seconds before "
                                  "trying again. The director can let you in at once from the console (Tools > "
                                  "Room display: Unlock sign-in, or New PIN).")
    # even the right PIN waits, and the message gives the time still to wait
    clock.now += 10
    with pytest.raises(AccessRefused, match="wait 20 seconds") as refused:
        access.sign_in("482913", "192.168.1.66", "Mallory")
    assert refused.value.wait_seconds == 20
    # another address is not held up
    assert access.sign_in("482913", "192.168.1.20", "Ann").device == "Ann"
    # after the wait, a further wrong PIN doubles it
    clock.now += 21
    with pytest.raises(AccessRefused, match="wait 1 minute") as refused:
        access.sign_in("111111", "192.168.1.66", "Mallory")
    assert refused.value.wait_seconds == 2 * FIRST_WAIT_SECONDS
    clock.now += 61
    assert access.sign_in("482913", "192.168.1.66", "Mallory").device == "Mallory"
    # a right PIN clears the count
    with pytest.raises(AccessRefused, match="2 more tries"):
        access.sign_in("000000", "192.168.1.66", "Mallory")


def test_sessions_end_when_idle_after_a_long_day_and_when_the_pin_changes(access: RemoteAccess,
                                                                         clock: FakeTime) -> None:
    idle = access.sign_in("482913", "10.0.0.2", "Idle phone")
    busy = access.sign_in("482913", "10.0.0.3", "Busy phone")
    clock.now += IDLE_SECONDS - 1
    access.session(busy.token, busy.proof)  # a command: the idle time starts again
    clock.now += 2
    with pytest.raises(AccessRefused, match="session expired") as refused:
        access.session(idle.token, idle.proof)
    assert refused.value.status == 401
    assert access.session(busy.token, busy.proof).device == "Busy phone"
    while clock.now + IDLE_SECONDS / 2 < 1000 + LONGEST_SECONDS:  # a command every quarter of an hour ...
        clock.now += IDLE_SECONDS / 2
        access.session(busy.token, busy.proof)
    clock.now = 1000 + LONGEST_SECONDS  # ... still ends after the longest day
    with pytest.raises(AccessRefused):
        access.session(busy.token, busy.proof)
    again = access.sign_in("482913", "10.0.0.3", "Busy phone")
    old_pin = access.pin
    assert access.new_pin() != old_pin
    with pytest.raises(AccessRefused):
        access.session(again.token, again.proof)
    with pytest.raises(AccessRefused, match="Wrong PIN"):
        access.sign_in(old_pin, "10.0.0.3", "Busy phone")


def test_guesses_from_a_thousand_addresses_meet_the_rooms_brake(access: RemoteAccess, clock: FakeTime) -> None:
    refused = []
    for n in range(1000):   # each address tries its three free PINs: 3,000 guesses
        for _ in range(FREE_TRIES):
            try:
                access.sign_in(f"{n:06d}", f"10.{n // 250}.{n % 250}.9", "Guess")
            except AccessRefused as refusal:
                refused.append(refusal)
    assert len(refused) == 3000
    assert access.wrong_pins == ROOM_FREE_TRIES + 1   # after that nobody got to try a PIN
    assert access.room_locked
    assert refused[-1].status == 429 and str(refused[-1]).startswith("Too many wrong PINs in the room: every "
                                                                    "sign-in waits 1 minute.")
    with pytest.raises(AccessRefused, match="in the room") as waiting:   # the director too, from a fresh address
        access.sign_in("482913", "192.168.1.20", "Director")
    assert "Unlock sign-in, or New PIN" in str(waiting.value)
    clock.now += ROOM_WAIT_SECONDS + 1
    assert access.sign_in("482913", "192.168.1.20", "Director").device == "Director"


def test_the_director_lets_a_shared_address_in_from_the_console(access: RemoteAccess, clock: FakeTime) -> None:
    for _ in range(FREE_TRIES):   # three wrong PINs from the guest Wi-Fi the director's phone is on too
        with pytest.raises(AccessRefused):
            access.sign_in("000000", "192.168.1.66", "Guest")
    assert access.locked_addresses() == ["192.168.1.66"]
    with pytest.raises(AccessRefused, match="The director can let you in at once from the console"):
        access.sign_in("482913", "192.168.1.66", "Director")
    access.unlock()
    assert access.locked_addresses() == [] and not access.room_locked
    assert access.sign_in("482913", "192.168.1.66", "Director").device == "Director"
    for n in range(ROOM_FREE_TRIES + 1):   # the room's brake, lifted by a new PIN
        clock.now += ROOM_WINDOW_SECONDS / (2 * ROOM_FREE_TRIES)
        with pytest.raises(AccessRefused):
            access.sign_in("000000", f"10.0.0.{n + 1}", "Guess")
    assert access.room_locked
    pin = access.new_pin()
    assert not access.room_locked and access.sign_in(pin, "10.0.0.1", "Director").device == "Director"


def test_the_cookie_of_a_session_is_replaced_and_the_old_one_soon_stops(access: RemoteAccess,
                                                                       clock: FakeTime) -> None:
    signed = access.sign_in("482913", "192.168.1.20", "Ann")
    with pytest.raises(AccessRefused, match="Not signed in"):   # the token alone, or with another cookie
        access.session(signed.token, None)
    with pytest.raises(AccessRefused, match="Not signed in"):
        access.session(signed.token, "guessed")
    assert access.rotate(signed) is None   # young yet
    clock.now += PROOF_SECONDS
    access.session(signed.token, signed.proof)   # a command: the session goes on
    renewed = access.rotate(signed)
    assert renewed is not None and renewed != signed.proof
    assert access.rotate(signed) is None
    access.session(signed.token, renewed)
    clock.now += PROOF_OVERLAP_SECONDS - 1
    access.session(signed.token, signed.proof)   # a request already on its way with the old cookie
    clock.now += 2
    with pytest.raises(AccessRefused, match="Not signed in"):
        access.session(signed.token, signed.proof)
    assert access.session(signed.token, renewed).device == "Ann"


def test_a_random_pin_has_six_digits() -> None:
    pin = RemoteAccess().pin
    assert len(pin) == 6 and pin.isdigit()


@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.10:8080", ("192.168.1.10", 8080)),
    ("localhost:9000", ("127.0.0.1", 9000)),
    ("[::1]:8080", ("::1", 8080)),
])
def test_the_listen_address_is_an_ip_address_and_a_port(text: str, expected: tuple[str, int]) -> None:
    assert parse_listen_address(text) == expected


@pytest.mark.parametrize(("text", "problem"), [
    ("8080", "is not HOST:PORT"),
    ("pokerroom.local:8080", "is not an IP address"),
    ("192.168.1.10:http", "is not a port"),
    ("192.168.1.10:70000", "is not a port"),
])
def test_a_bad_listen_address_is_refused_naming_the_problem(text: str, problem: str) -> None:
    with pytest.raises(DomainError, match=problem):
        parse_listen_address(text)
