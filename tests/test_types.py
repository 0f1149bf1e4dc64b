"""The type checker runs in every run of the suite: mypy reads the whole package with the configuration in
pyproject.toml ([tool.mypy]: the domain and the services strictly, the screens, the pages and the readers at the
default level with every function body checked), so a renamed method of the session or a field of a view that
changed is an error here, named with its file and line, before a director meets it."""

from __future__ import annotations

import sys
from pathlib import Path

from mypy import api

PROJECT = Path(__file__).resolve().parent.parent


def run_mypy(*arguments: str) -> tuple[str, int]:
    limit = sys.getrecursionlimit()
    try:
        stdout, stderr, status = api.run(["--config-file", str(PROJECT / "pyproject.toml"),
                                          "--cache-dir", str(PROJECT / ".mypy_cache"), "--no-error-summary",
                                          "--show-error-codes", *arguments])
    finally:  # mypy raises the interpreter's recursion limit; the tests of deeply nested files run after it
        sys.setrecursionlimit(limit)
    return stdout + stderr, status


def test_the_package_type_checks(monkeypatch) -> None:
    monkeypatch.chdir(PROJECT)
    report, status = run_mypy()
    errors = [line for line in report.splitlines() if ": error:" in line]
    assert status == 0 and not errors, f"{len(errors)} type errors:\n" + report


def test_the_domain_and_the_services_are_checked_strictly(tmp_path: Path, monkeypatch) -> None:
    """An untyped function in the services is an error, one in the screens is not (the strict part of the
    configuration reaches the domain and the services only)."""
    monkeypatch.chdir(PROJECT)
    probe = "def untyped(value):\n    return value\n"
    services = tmp_path / "tournament_director" / "services"
    screens = tmp_path / "tournament_director" / "ui"
    for folder in (services, screens):
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
        (folder / "probe.py").write_text(probe)
    (tmp_path / "tournament_director" / "__init__.py").write_text("")
    report, status = run_mypy("--no-incremental", "--cache-dir", "/dev/null",
                              str(services / "probe.py"), str(screens / "probe.py"))
    assert status == 1
    assert "services/probe.py:1: error: Function is missing a type annotation" in report
    assert "ui/probe.py" not in report


def test_a_screen_calling_a_command_the_session_does_not_have_is_an_error(tmp_path: Path, monkeypatch) -> None:
    """A screen holds the session typed: a misspelled command, or a command given the wrong arguments through
    ``session.run``, is named by the type checker."""
    monkeypatch.chdir(PROJECT)
    screen = tmp_path / "probe_screen.py"
    screen.write_text(
        "from tournament_director.services.session import DirectorSession\n"
        "def register(session: DirectorSession) -> None:\n"
        "    floor = session.tournament\n"
        "    assert floor is not None\n"
        "    floor.regster('Ann Lee')\n"
        "    session.run(floor.register, 'Ann Lee', 'not a player number')\n")
    report, status = run_mypy("--cache-dir", str(tmp_path / "cache"), str(screen))
    assert status == 1
    assert 'probe_screen.py:5: error: "TournamentService" has no attribute "regster"' in report
    assert "probe_screen.py:6: error: Argument 3 to \"run\" of \"DirectorSession\"" in report

