"""A league's TD3 history comes in as TD3 shows it: a season final saved by TD3 3.4 in Windows-1252 (accented
names, rebuys before and after a bust, a three-way chop) imported, its results, summary and standings exported with
TD3's counts, prizes and points (its stored adjustments too); the same game saved half-way, with its busted players
placed and scored; a pre-release save through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from tdt_saves import season_final
from tournament_director.domain.state import TournamentState
from tournament_director.services.commands import CommandRunner
from tournament_director.services.league_results import (
    results_csv, season_standings, standings_csv, tournament_results, tournament_summary,
)
from tournament_director.services.tdt_import import import_file
from tournament_director.store import Store

PROJECT = Path(__file__).resolve().parents[2]
OLD_SAVE = {"version": "3.4.3", "maps": "object", "encoding": "cp1252"}  # how TD3 before 3.7 wrote a save


def write(tmp_path: Path, name: str, finished: bool = True, **how: object) -> Path:
    path = tmp_path / name
    path.write_bytes(season_final(finished).data(**{**OLD_SAVE, **how}))  # type: ignore[arg-type]
    return path


def test_the_season_final_comes_in_with_td3s_counts_prizes_and_points(store: Store, tmp_path: Path) -> None:
    report = import_file(store, write(tmp_path, "arsfinal.tdt"))
    assert (report.title, report.status, report.players, report.entries) == ("Årsfinal", "finished", 6, 10)
    assert (report.league, report.season) == ("Ölkällarens Liga", "Säsong 2019")
    assert not [w for w in report.warnings if "prize" in w]  # the chop's shares are whole: nothing rounded
    # the chop: 600, 400 and 200 each divided by three is 400 each (not 401, 400 and 399); every rebuy, bought
    # while in (Björn, Måns) or after a bust (René, Måns), counts; entries are the buy-in plus the rebuys
    assert results_csv(tournament_results(store, report.tournament_id)).splitlines() == [
        "place,name,prize,hits,entries,rebuys,addons,points",
        "1,Björn Ek,400,2,2,1,0,58",
        "1,Zoë Lund,400,1,1,0,0,55",
        "1,Åsa Berg,400,2,1,0,0,55",
        "4,Måns Ahl,0,0,3,2,0,21",
        "5,René Côté,0,0,2,1,0,7",
        "6,Jörgen Öst,0,0,1,0,0,4"]
    assert tournament_summary(store, report.tournament_id) == {
        "players": 6, "entries": 10, "rebuys": 4, "addons": 0, "prize_pool": 1200, "prizes_total": 1200,
        "rounds": 3, "breaks": 1, "title": "Årsfinal", "date": "2023-11-14", "league": "Ölkällarens Liga",
        "season": "Säsong 2019"}
    floor = CommandRunner(store, report.tournament_id, TournamentState).state.floor
    assert sorted(floor.deal.values()) == [400, 400, 400]
    season = store.leagues.season_of(report.tournament_id)
    assert standings_csv(season_standings(store, season.id)).splitlines()[1:] == [
        "1,Björn Ek,58,1,2,1,1,400,0", "2,Zoë Lund,55,1,1,1,1,400,0", "3,Åsa Berg,55,1,2,1,1,400,0",
        "4,Måns Ahl,21,1,0,0,4,0,0", "5,René Côté,7,1,0,0,5,0,0", "6,Jörgen Öst,4,1,0,0,6,0,0"]


def test_the_adjustments_td3_stored_count_in_the_tournament_as_there(store: Store, tmp_path: Path) -> None:
    b = season_final()
    jorgen = b.players[3]
    jorgen.points_adjustment, jorgen.hits_adjustment = 5, 2
    path = tmp_path / "arsfinal-adjusted.tdt"
    path.write_bytes(b.data(**OLD_SAVE))  # type: ignore[arg-type]
    report = import_file(store, path)
    assert results_csv(tournament_results(store, report.tournament_id)).splitlines()[-1] == "6,Jörgen Öst,0,2,1,0,0,9"
    season = store.leagues.season_of(report.tournament_id)
    line = next(line for line in season_standings(store, season.id).lines if line.name == "Jörgen Öst")
    assert (line.points, line.hits, line.adjustment) == (9, 2, 0)  # counted once, in the tournament


def test_the_game_saved_half_way_places_and_scores_its_busted_players(store: Store, tmp_path: Path) -> None:
    report = import_file(store, write(tmp_path, "arsfinal-halfway.tdt", finished=False))
    assert report.status == "in progress"
    results = tournament_results(store, report.tournament_id)
    # three still in: no place, no points yet; the last one busted is 4th, and so on
    assert [(r.name, r.place, r.entries, r.rebuys, r.points) for r in results.rows] == [
        ("Måns Ahl", 4, 3, 2, 21), ("René Côté", 5, 2, 1, 7), ("Jörgen Öst", 6, 1, 0, 4),
        ("Björn Ek", None, 2, 1, None), ("Zoë Lund", None, 1, 0, None), ("Åsa Berg", None, 1, 0, None)]
    season = store.leagues.season_of(report.tournament_id)
    assert {line.name: line.points for line in season_standings(store, season.id).lines} == {
        "Måns Ahl": 21, "René Côté": 7, "Jörgen Öst": 4, "Björn Ek": 0, "Zoë Lund": 0, "Åsa Berg": 0}


def test_a_prize_td3_awarded_before_the_game_was_saved_half_way_is_shown(store: Store, tmp_path: Path) -> None:
    b = season_final(finished=False)
    b.prize(4, 10, 120.5, b.players[4].uuid)  # Måns was paid 4th place as he busted, to the cent
    path = tmp_path / "arsfinal-paid-4th.tdt"
    path.write_bytes(b.data(**OLD_SAVE))  # type: ignore[arg-type]
    report = import_file(store, path)
    rows = {r.name: r for r in tournament_results(store, report.tournament_id).rows}
    assert (rows["Måns Ahl"].place, rows["Måns Ahl"].prize) == (4, Decimal("120.5"))
    assert tournament_summary(store, report.tournament_id)["prizes_total"] == 120.5


def test_a_pre_release_windows_save_through_the_command_line(tmp_path: Path) -> None:
    save = write(tmp_path, "arsfinal-beta.tdt", version="3.7.0-beta.5")
    db = tmp_path / "club.sqlite"

    def td(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tournament_director", "--database", str(db), *args],
                              cwd=PROJECT, capture_output=True, text=True, encoding="utf-8", timeout=120)

    imported = td("import-tdt", str(save))
    assert imported.returncode == 0, imported.stderr
    lines = imported.stdout.splitlines()
    assert lines[0].startswith("arsfinal-beta.tdt: Årsfinal (finished), 6 players, 10 entries;") and lines[-1] == "1"
    results = td("export-results", "--tournament", "1", "--format", "csv")
    assert results.returncode == 0, results.stderr
    assert results.stdout.splitlines()[4] == "4,Måns Ahl,0,0,3,2,0,21"
    summary = json.loads(td("export-summary", "--tournament", "1").stdout)
    assert (summary["title"], summary["entries"], summary["rebuys"], summary["prizes_total"]) == (
        "Årsfinal", 10, 4, 1200)
