"""TD3 saves, leagues and the registry on a PostgreSQL event (tests/pg_server.py), through the command line as
on a file: the same save imported twice counts once in its season, an adjustment moves the standings, the
registry's CSV goes in and out with a duplicate merged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tdt_saves import evening
from tournament_director.store import Store

PROJECT = Path(__file__).resolve().parents[2]


def td(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_director", *args], cwd=PROJECT, capture_output=True,
                          text=True, timeout=120)


def test_a_season_on_the_server_from_the_command_line(pg_url: str, tmp_path: Path) -> None:
    save = tmp_path / "thursday.tdt"
    save.write_bytes(evening().data())
    first = td("--database", pg_url, "import-tdt", str(save))
    assert first.returncode == 0, first.stderr
    again = td("--database", pg_url, "import-tdt", str(save))  # the same game saved again: the latest counts
    assert again.returncode == 0, again.stderr
    latest = again.stdout.strip().splitlines()[-1]
    assert latest != first.stdout.strip().splitlines()[-1]

    results = td("--database", pg_url, "export-results", "--tournament", latest, "--format", "csv")
    assert results.returncode == 0, results.stderr
    assert results.stdout.splitlines()[1].split(",")[:3] == ["1", "Ada Quill", "720"]
    standings = td("--database", pg_url, "standings", "--season", "1")
    assert standings.returncode == 0, standings.stderr
    rows = [line.split(",") for line in standings.stdout.splitlines()[1:]]
    assert rows[0][1] == "Ada Quill" and len(rows) == 8  # one event each, not two

    with Store.open(pg_url) as store:
        bo = next(p.id for p in store.find_players("Bo Marsh"))
        store.leagues.add_adjustment(1, bo, 1000, "league champion last year")
    moved = td("--database", pg_url, "standings", "--season", "1")
    assert moved.stdout.splitlines()[1].split(",")[1] == "Bo Marsh"

    registry = tmp_path / "players.csv"
    registry.write_text("name,nickname,contact\nada quill,Ace,ada@example.org\nNew Player,,\n", encoding="utf-8")
    imported = td("--database", pg_url, "import-players", str(registry))
    assert imported.returncode == 0, imported.stderr
    exported = td("--database", pg_url, "export-players")
    assert exported.returncode == 0, exported.stderr
    names = [line.split(",")[0] for line in exported.stdout.splitlines()[1:]]
    assert names.count("Ada Quill") == 1 and "New Player" in names
    assert "ada@example.org" in exported.stdout
