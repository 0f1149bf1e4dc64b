"""The program starts: ``python -m tournament_director --smoke-test`` migrates a temporary database, builds the main
window and the projector window headless, and exits 0; a failure exits 1 with the traceback. With ``--database``
the smoke test checks that file as a start would and runs on a copy; a refused file fails it, unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tournament_director.__main__ import DATABASE_FILE_NAME, build_parser, default_database

PROJECT = Path(__file__).resolve().parent.parent


def run_module(*args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}  # the smoke test must set it itself
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "tournament_director", *args]
    return subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120)


def test_smoke_test_builds_both_windows_on_a_fresh_database_and_exits_0():
    result = run_module("--smoke-test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke test passed" in result.stdout


def test_smoke_test_exits_1_with_the_traceback_when_the_application_cannot_start():
    result = run_module(code=(
        "import sys; sys.modules['tournament_director.app'] = None\n"
        "from tournament_director.__main__ import main\n"
        "sys.exit(main(['--smoke-test']))"))
    assert result.returncode == 1
    assert "Traceback" in result.stderr and "tournament_director.app" in result.stderr


def test_database_option_and_default_location(monkeypatch, tmp_path: Path):
    args = build_parser().parse_args(["--database", str(tmp_path / "club.sqlite")])
    assert args.database == tmp_path / "club.sqlite" and not args.smoke_test
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        assert default_database() == tmp_path / "data" / "TournamentDirector" / DATABASE_FILE_NAME


def test_an_unknown_option_is_refused_with_usage():
    result = run_module("--databse", "x.sqlite")
    assert result.returncode == 2 and "--databse" in result.stderr


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version(flag: str):
    result = run_module(flag)
    assert result.returncode == 0 and result.stdout.strip()


def test_smoke_test_with_database_refuses_random_bytes_and_leaves_the_file_alone(tmp_path: Path):
    database = tmp_path / "club.sqlite"
    database.write_bytes(bytes(range(256)) * 64)
    before = database.read_bytes()
    result = run_module("--smoke-test", "--database", str(database))
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"The database file {database} was refused: it is not a SQLite database" in result.stderr
    assert "Traceback" not in result.stderr and "smoke test passed" not in result.stdout
    assert database.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite"]


def test_smoke_test_with_database_checks_a_copy_and_never_changes_the_file(tmp_path: Path):
    """An older database passes (its copy is migrated) while the file itself keeps every byte."""
    from tournament_director.store.engine import make_engine
    from tournament_director.store.schema import migrate_to_head

    database = tmp_path / "club.sqlite"
    engine = make_engine(database)
    migrate_to_head(engine, "0001")
    engine.dispose()
    before = database.read_bytes()
    result = run_module("--smoke-test", "--database", str(database))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"smoke test passed on a copy of {database}" in result.stdout
    assert database.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite"]


def test_a_refused_database_started_normally_says_why_on_the_terminal(tmp_path: Path):
    """``make run ARGS="--database X"``: the refusal dialog waits, and the terminal already shows the reason."""
    database = tmp_path / "club.sqlite"
    database.write_bytes(b"")
    env = {**{k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}, "QT_QPA_PLATFORM": "offscreen"}
    program = subprocess.Popen([sys.executable, "-m", "tournament_director", "--database", str(database)],
                               cwd=PROJECT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = threading.Timer(60, program.kill)  # a program that never says why is stopped, and the test fails
    deadline.start()
    try:
        line = program.stderr.readline()
        while line and "Database refused" not in line:
            line = program.stderr.readline()
    finally:
        deadline.cancel()
        program.kill()
        program.wait(timeout=30)
    assert f"Database refused: The database file {database} was refused: it is empty (0 bytes)" in line
    assert database.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite"]
