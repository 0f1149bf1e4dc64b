"""Fixtures shared by the whole suite: a temporary database path, an open store and a seeded random source,
throwaway console settings and the screenshots folder, and a private sound server so the clock's sounds really
play during the tests.

Area test folders add their own fixtures in their own conftest.py files.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_director.store import Store

TEST_SEED = 20240501
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

_sound_server: subprocess.Popen | None = None


def pytest_configure(config: pytest.Config) -> None:
    """Start a private PulseAudio server with a silent output, where PulseAudio is installed and none is set.

    The sounds then play for real on a machine with no sound card (CI included).
    """
    global _sound_server
    pulseaudio = shutil.which("pulseaudio")
    if pulseaudio is None or os.environ.get("PULSE_SERVER") or _sound_server is not None:
        return
    runtime = Path(tempfile.mkdtemp(prefix="td-test-audio-"))
    runtime.chmod(0o700)
    socket = runtime / "pulse" / "native"
    _sound_server = subprocess.Popen(
        [pulseaudio, "--daemonize=no", "-n", "--exit-idle-time=-1", "--disallow-exit",
         "--load=module-null-sink sink_name=silent", f"--load=module-native-protocol-unix socket={socket}"],
        env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 5
    while not socket.exists() and time.monotonic() < deadline and _sound_server.poll() is None:
        time.sleep(0.05)
    if socket.exists():
        os.environ["PULSE_SERVER"] = f"unix:{socket}"


def pytest_unconfigure(config: pytest.Config) -> None:
    global _sound_server
    if _sound_server is not None:
        _sound_server.terminate()
        _sound_server.wait(5)
        _sound_server = None


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a test's database file goes (it does not exist yet)."""
    return tmp_path / "tournament-director.sqlite"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    """A freshly migrated store on a real SQLite file, closed (with its final backup) after the test."""
    opened = Store.open(db_path)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[object]:
    """A private PostgreSQL server for the whole run (tests/pg_server.py), stopped at the end."""
    from tests.pg_server import PostgresServer, binaries

    if binaries() is None:
        pytest.fail("PostgreSQL is not installed: run bash scripts/system-deps.sh")
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server) -> str:
    """The URL of a new, empty database on the private server."""
    from tests.pg_server import fresh_database_name

    return pg_server.create_database(fresh_database_name())


@pytest.fixture
def rng() -> random.Random:
    """A seeded random source, for code that accepts an injected ``random.Random``."""
    return random.Random(TEST_SEED)


@pytest.fixture
def artifacts_dir() -> Path:
    """Where screenshots go (ignored by git) so anyone can look at them after a test run."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def ui_settings(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A QSettings in a temporary INI file, so tests never read or write the director's real settings."""
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "ui-settings.ini"), QSettings.Format.IniFormat)
    yield settings
    settings.sync()
