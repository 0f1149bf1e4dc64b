"""Benchmark of the TD3 import (run with ``make bench``; it prints figures, it never passes or fails on time).

A season folder of 200 synthetic saves of realistic size (the reader benchmark's ``season_save``: 15 to 30
invented players, rebuys, re-entries, add-ons, busts, a history and a screen layout) is imported file by file into
one SQLite database, each save in its own transaction (players matched or added, the tournament's events, its
season). The reference, measured in the same run: only reading the same files (``read_tdt``). Then the season's
standings over the 200 tournaments (every tournament's log folded, the points formula worked out per player).
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

from test_bench_tdt import FILES, season_save
from tournament_director.imports.tdt import read_tdt
from tournament_director.services.league_results import season_standings
from tournament_director.services.tdt_import import import_file, saves_in
from tournament_director.store import Store


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def _line(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{label:<28} p50 {statistics.median(ms):7.1f} ms  p99 {_percentile(ms, 0.99):7.1f} ms  "
            f"total {sum(seconds):6.2f} s")


def test_bench_import_a_season_folder_of_200_saves(tmp_path: Path) -> None:
    rng = random.Random(17)
    folder = tmp_path / "season"
    folder.mkdir()
    for number in range(FILES):
        (folder / f"club-night-{number:03d}.tdt").write_bytes(season_save(rng, number).data())
    files = saves_in(folder)
    size_mb = sum(f.stat().st_size for f in files) / 1e6

    parse = []
    for file in files:
        started = time.perf_counter()
        read_tdt(file)
        parse.append(time.perf_counter() - started)

    imported = []
    with Store.open(tmp_path / "club.sqlite", backup_dir=tmp_path / "backups") as store:
        for file in files:
            started = time.perf_counter()
            import_file(store, file)
            imported.append(time.perf_counter() - started)
        season = store.leagues.seasons()[0]
        started = time.perf_counter()
        standings = season_standings(store, season.id)
        standings_seconds = time.perf_counter() - started
        events = store.engine.connect().exec_driver_sql("SELECT COUNT(*) FROM event").scalar()
    assert len(standings.tournaments) == FILES and standings.lines

    print(f"\n{FILES} saves, {size_mb:.1f} MB, {events:,} events written")
    print(_line("import (read + write), a file", imported))
    print(_line("read only (reference)", parse))
    print(f"{'import / read, median':<28} {statistics.median(imported) / statistics.median(parse):.2f}x")
    print(f"season standings over {FILES} tournaments, {len(standings.lines)} players: {standings_seconds:.2f} s")
