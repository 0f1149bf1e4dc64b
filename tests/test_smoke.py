"""The program starts: ``python -m tournament_director --smoke-test`` migrates a temporary database, builds the main
window and the projector window headless, and exits 0; a failure exits 1 with the traceback."""

from __future__ import annotations

import os
import subprocess
import sys
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
