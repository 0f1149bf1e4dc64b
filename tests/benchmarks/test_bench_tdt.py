"""Benchmark of the TD3 reader (run with ``make bench``; it prints figures, it never passes or fails on time).

A season folder of 200 synthetic saves of realistic size (15 to 30 invented players with buy-ins, rebuys,
re-entries, add-ons and busts, a history, and a screen layout, so each is about as large as a real save: 150 to
250 kB) is read file by file with ``read_tdt`` (and its places, totals and points worked out). The reference,
measured in the same run on the same machine: ``json.loads`` of each save's twin in JSON (the same values; JSON
spells them about a third longer, so the rates in MB/s are printed too) read from a file of its own.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from tdt_saves import New, Pairs, Raw, SaveBuilder
from tournament_director.imports.tdt import finishing_places, money_totals, points_for_players, read_tdt

FILES = 200


def season_save(rng: random.Random, number: int) -> SaveBuilder:
    b = SaveBuilder(title=f"Club Night {number}", season="Season One")
    b.uuid = f"11111111-2222-4333-8444-{number:012d}"  # each night its own game
    b.layout_screens = rng.randint(28, 45)
    players = [b.player(f"Player {number}-{i}") for i in range(rng.randint(15, 30))]
    for i, uuid in enumerate(players):
        b.buy_in(uuid, minute=i * 0.3)
    minute, alive = 20.0, list(players)
    while len(alive) > 1:
        minute += rng.uniform(2, 12)
        out = rng.choice(alive)
        hitman = rng.choice([p for p in alive if p != out])
        b.bust(out, minute, 1 + int(minute // 20), hitman)
        if minute < 120 and rng.random() < 0.5:
            b.rebuy(out, minute + 0.1, round_number=1 + int(minute // 20))
        else:
            alive.remove(out)
        if 100 < minute < 110:
            for uuid in alive:
                b.add_on(uuid, minute)
    b.finish(minute + 1)
    b.history = [(m, f"Event {m} of the evening, with a line of text as long as TD3's are") for m in range(150)]
    b.prize(1, 50, 0, alive[0])
    return b


def as_json(value):
    """The same values in JSON: constructors as {"new": name, "args": ...}, maps as lists of pairs."""
    if isinstance(value, New):
        return {"new": value.name, "args": as_json(value.fields)}
    if isinstance(value, Pairs):
        return [[k, as_json(v)] for k, v in value.items]
    if isinstance(value, Raw):
        return None
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def report(label: str, samples: list[float], sizes: list[int]) -> None:
    ms = [s * 1000 for s in samples]
    mb_per_s = sum(sizes) / sum(samples) / 1e6
    print(f"  {label:<44} p50 {statistics.median(ms):7.2f} ms   mean {statistics.mean(ms):7.2f} ms"
          f"   max {max(ms):7.2f} ms   {mb_per_s:5.1f} MB/s")


def test_bench_read_a_season_folder_of_200_saves(tmp_path: Path) -> None:
    rng = random.Random(20240501)
    folder, twins = tmp_path / "season", tmp_path / "json"
    folder.mkdir()
    twins.mkdir()
    for number in range(1, FILES + 1):
        b = season_save(rng, number)
        (folder / f"night-{number:03d}.tdt").write_bytes(b.data())
        document = {"V": "3.7.2", "T": as_json(b.tournament()), "L": as_json(b._layout())}
        (twins / f"night-{number:03d}.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    saves, jsons = sorted(folder.iterdir()), sorted(twins.iterdir())
    tdt_sizes = [p.stat().st_size for p in saves]
    json_sizes = [p.stat().st_size for p in jsons]

    reads, whole, refs = [], [], []
    players = 0
    for save, twin in zip(saves, jsons):
        started = time.perf_counter()
        tournament = read_tdt(save)
        read_done = time.perf_counter()
        finishing_places(tournament)
        money_totals(tournament)
        points_for_players(tournament)
        whole.append(time.perf_counter() - started)
        reads.append(read_done - started)
        players += len(tournament.players)
        started = time.perf_counter()
        json.loads(twin.read_bytes())
        refs.append(time.perf_counter() - started)

    print(f"\nReading {FILES} TD3 saves ({players} players; .tdt {statistics.mean(tdt_sizes) / 1000:.0f} kB a file"
          f" on average, JSON twin {statistics.mean(json_sizes) / 1000:.0f} kB)")
    report("read_tdt (parse, check, model)", reads, tdt_sizes)
    report("read_tdt + places + totals + points", whole, tdt_sizes)
    report("reference: json.loads of the JSON twin", refs, json_sizes)
    print(f"  the whole folder: {sum(whole):.2f} s (reference {sum(refs):.2f} s); "
          f"read_tdt is {statistics.median(reads) / statistics.median(refs):.0f}x json.loads")
