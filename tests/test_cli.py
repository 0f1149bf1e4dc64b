"""The command line's subcommands, run as a director runs them (``python -m tournament_director --database DB
COMMAND``, in a subprocess): a TD3 save imported, its results and summary exported, the registry as CSV; bad
input refused with exit code 2 and one line naming the problem, never a traceback, nothing written."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from tdt_saves import evening

PROJECT = Path(__file__).resolve().parent.parent


def td(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tournament_director", *args], cwd=PROJECT, capture_output=True,
                          text=True, timeout=120)


def tournaments(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT COUNT(*) FROM tournament").fetchone()[0]


def test_import_then_export_results_and_summary(tmp_path: Path) -> None:
    save = tmp_path / "thursday.tdt"
    save.write_bytes(evening().data())
    db = tmp_path / "club.sqlite"
    imported = td("--database", str(db), "import-tdt", str(save))
    assert imported.returncode == 0, imported.stderr
    tournament_id = imported.stdout.strip().splitlines()[-1]
    assert tournament_id == "1"
    results = td("--database", str(db), "export-results", "--tournament", tournament_id, "--format", "csv")
    assert results.returncode == 0, results.stderr
    lines = results.stdout.splitlines()
    assert lines[0] == "place,name,prize,hits,entries,rebuys,addons,points"
    rows = [line.split(",") for line in lines[1:]]
    assert [(r[0], r[1], r[2]) for r in rows[:4]] == [("1", "Ada Quill", "720"), ("2", "Bo Marsh", "160"),
                                                       ("2", "Cy Fenn", "160"), ("2", "Di Rook", "160")]
    assert rows[1][4:7] == ["2", "1", "1"]  # Bo: a rebuy after his bust (TD3's count), so two entries; one add-on
    assert all(r[7] and float(r[7]) >= 0 for r in rows)  # points by the save's own formula
    summary = td("--database", str(db), "export-summary", "--tournament", tournament_id)
    assert summary.returncode == 0, summary.stderr
    data = json.loads(summary.stdout)
    assert {k: data[k] for k in ("players", "entries", "rebuys", "addons", "prize_pool", "prizes_total", "rounds",
                                 "breaks", "league", "season")} == {
        "players": 8, "entries": 10, "rebuys": 2, "addons": 2, "prize_pool": 1200, "prizes_total": 1200,
        "rounds": 3, "breaks": 1, "league": "River Club League", "season": "Autumn"}
    standings = td("--database", str(db), "standings", "--season", "1")
    assert standings.returncode == 0 and standings.stdout.splitlines()[1].startswith("1,Ada Quill,")


def test_a_file_that_is_not_a_save_is_refused_on_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    td("--database", str(db), "import-players", str(_csv(tmp_path, "name\nAda Quill\n")))
    bad = tmp_path / "notes.tdt"
    bad.write_bytes(b"\x00\x01 binary junk")
    result = td("--database", str(db), "import-tdt", str(bad))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "notes.tdt" in result.stderr
    assert "Traceback" not in result.stderr and tournaments(db) == 0


def test_unknown_tournaments_databases_and_arguments_are_refused_with_exit_code_2(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    td("--database", str(db), "seasons")  # reading a database that does not exist: refused, not created
    assert not db.exists()
    (tmp_path / "cut.tdt").write_bytes(evening().data()[:500])
    cut = td("--database", str(db), "import-tdt", str(tmp_path / "cut.tdt"))
    assert cut.returncode == 2 and "cut.tdt" in cut.stderr and not db.exists()  # refused before opening it
    td("--database", str(db), "import-players", str(_csv(tmp_path, "name\nAda Quill\n")))
    for args, words in ((("export-results", "--tournament", "4"), "no tournament number 4"),
                        (("export-summary", "--tournament", "x"), "invalid int value"),
                        (("export-results", "--tournament", "1", "--format", "xml"), "invalid choice")):
        result = td("--database", str(db), *args)
        assert result.returncode == 2 and words in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    missing = td("--database", str(tmp_path / "none.sqlite"), "export-summary", "--tournament", "1")
    assert missing.returncode == 2 and "does not exist" in missing.stderr


def _csv(folder: Path, content: str, name: str = "players.csv") -> Path:
    path = folder / name
    path.write_text(content, encoding="utf-8")
    return path


def test_the_registry_goes_out_and_back_in_as_csv_with_a_duplicate_merged(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    first = td("--database", str(db), "import-players", str(_csv(
        tmp_path, "name,nickname,contact\nAda Quill,Ace,ada@example.org\nBo Marsh,,\nADA quill,,other@example.org\n")))
    assert first.returncode == 0 and "2 added, 1 merged" in first.stdout
    exported = td("--database", str(db), "export-players")
    assert exported.stdout.splitlines() == ["name,nickname,contact", "Ada Quill,Ace,ada@example.org", "Bo Marsh,,"]
    other = tmp_path / "other.sqlite"
    back = td("--database", str(other), "import-players", str(_csv(tmp_path, exported.stdout, "out.csv")))
    assert back.returncode == 0 and "2 added, 0 merged" in back.stdout
    again = td("--database", str(other), "import-players", str(_csv(tmp_path, "name,contact\nbo marsh,bo@x.org\n")))
    assert "0 added, 1 merged" in again.stdout
    assert td("--database", str(other), "export-players").stdout.splitlines()[2] == "Bo Marsh,,bo@x.org"
    bad = td("--database", str(other), "import-players", str(_csv(tmp_path, "who,what\nx,y\n", "bad.csv")))
    assert bad.returncode == 2 and "bad.csv" in bad.stderr and "'name'" in bad.stderr


def test_export_summary_adds_the_money_of_a_pko_night_beside_its_counts(tmp_path: Path) -> None:
    import random

    from tournament_director.services.session import DirectorSession, NewTournamentPlan

    db = tmp_path / "pko.sqlite"
    session = DirectorSession.open(db, backup_dir=tmp_path / "backups", rng=random.Random(5))
    session.create_from_plan(NewTournamentPlan("Monday PKO", "turbo", buy_in=100, fee=10, tables=1, settings={
        "bounty_mode": "progressive", "bounty": 40, "pko_cash_percent": 50, "guarantee": 1_000, "reentry_limit": 1}))
    floor = session.tournament
    ann, bob, _cy = (session.run(floor.register, name).entry_id for name in ("Ann Lee", "Bob Cole", "Cy Fenn"))
    session.run(floor.draw_seats)
    session.run(floor.bust, ann, [bob])
    session.run(floor.register, "Ann Lee")
    session.close()

    summary = td("--database", str(db), "export-summary", "--tournament", "1")
    assert summary.returncode == 0, summary.stderr
    data = json.loads(summary.stdout)
    assert {k: data[k] for k in ("players", "entries", "prize_pool", "prizes_total", "title")} == {
        "players": 3, "entries": 4, "prize_pool": 1_000, "prizes_total": 0, "title": "Monday PKO"}
    assert {k: data[k] for k in ("taken_in", "rake", "guarantee_added", "bounties_paid_in", "bounties_paid_out",
                                 "bounties_unclaimed", "prizes_paid")} == {
        "taken_in": 4 * 150, "rake": 4 * 10, "guarantee_added": 1_000 - 4 * 100, "bounties_paid_in": 4 * 40,
        "bounties_paid_out": 20, "bounties_unclaimed": 0, "prizes_paid": 0}
