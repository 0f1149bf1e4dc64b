"""Benchmark (``make bench``): the same hands replayed through this engine and through pokerkit 0.7.7 in one run;
prints hands per second for each and the ratio (target: at least 10x pokerkit), on two paths:

- the engine's API: random no-limit hands driven action by action;
- the PHH path a floor person, an importer and every check take: 1,183 hand-history files (pokerkit's 28 real
  WSOP and paper hands, and random hands of both structures written as PHH) read from disk and replayed, through
  ``load_file`` + ``replay`` (every guarded check of the reader kept) and through pokerkit's ``HandHistory``.

Never passes or fails on the stopwatch; it only checks that both engines agree on the finishing stacks."""

from __future__ import annotations

import gc
import random
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "domain" / "rules"))

from random_hands import (  # noqa: E402
    apply_action,
    Setup,
    board_for,
    deal_hole_cards,
    engine_script,
    play_engine_only,
    play_pokerkit_script,
    random_setup,
)
from pokerkit import HandHistory  # noqa: E402

from tournament_director.domain import cards  # noqa: E402
from tournament_director.domain.rules import phh_read  # noqa: E402
from tournament_director.domain.rules.hand import HandState, Phase  # noqa: E402
from tournament_director.domain.rules.phh import dumps, load_file, replay  # noqa: E402

HANDS = 400
PHH_FILES = 1183
REAL_HANDS = Path(__file__).resolve().parents[1] / "domain" / "rules" / "hands"


def replay_engine_script(setup: Setup, script: list[tuple]) -> HandState:
    hand = setup.engine()
    deal_hole_cards(hand, setup)
    for action in script:
        while hand.phase is Phase.DEALING_BOARD:
            hand.deal_board(board_for(hand.street, setup))
        apply_action(hand, action)
    while hand.phase is Phase.DEALING_BOARD:
        hand.deal_board(board_for(hand.street, setup))
    hand.resolve_showdown()
    return hand


def test_bench_engine_vs_pokerkit_hands_per_second() -> None:
    rng = random.Random(2024)
    games = []
    for _ in range(HANDS):
        setup = random_setup(rng, limit=False)
        games.append((setup, engine_script(play_engine_only(setup, rng))))

    # Whatever earlier benchmarks left on the heap would otherwise be walked by every collection of both engines.
    gc.collect()
    gc.freeze()
    started = time.perf_counter()
    ours = [replay_engine_script(setup, script) for setup, script in games]
    engine_seconds = time.perf_counter() - started

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        started = time.perf_counter()
        theirs = [play_pokerkit_script(setup, script) for setup, script in games]
        pokerkit_seconds = time.perf_counter() - started
    gc.unfreeze()

    agree = sum(list(a.stacks) == list(b.stacks) for a, b in zip(ours, theirs))
    engine_rate, pokerkit_rate = HANDS / engine_seconds, HANDS / pokerkit_seconds
    print(
        f"\nrules engine: {engine_rate:,.0f} hands/s   pokerkit 0.7.7: {pokerkit_rate:,.0f} hands/s   "
        f"ratio {engine_rate / pokerkit_rate:.1f}x (target >= 10x)   "
        f"same finishing stacks in {agree}/{HANDS} hands (the rest: documented odd-chip splits)"
    )
    assert agree >= HANDS * 0.95


def _pokerkit_replay(path: Path) -> list:
    with path.open("rb") as handle:
        state = None
        for state in HandHistory.load(handle):
            pass
    return list(state.stacks)


def _hand_history_folder(folder: Path) -> list[Path]:
    """The real hands, then random hands of both structures written as PHH, as many as make ``PHH_FILES``
    files that pokerkit also replays (it cannot repair a few hands whose big blind's option it asks for)."""
    folder.mkdir()
    files = []
    for real in sorted(REAL_HANDS.glob("*.phh")):
        files.append(folder / real.name)
        files[-1].write_bytes(real.read_bytes())
    rng = random.Random(27)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while len(files) < PHH_FILES:
            setup = random_setup(rng)
            path = folder / f"random-{len(files):04d}.phh"
            path.write_text(dumps(play_engine_only(setup, rng)), encoding="utf-8")
            try:
                _pokerkit_replay(path)
            except ValueError:
                path.unlink()
                continue
            files.append(path)
    return files


def test_bench_phh_files_read_and_replayed_vs_pokerkit(tmp_path: Path) -> None:
    files = _hand_history_folder(tmp_path / "hands")
    # Nothing this process read before may help: the action and card look-ups start empty.
    phh_read._parsed_actions.clear()
    cards._cards_by_list_text.clear()
    gc.collect()
    gc.freeze()
    # The two engines take turns, a hundred files each, so that a machine loaded by other work slows both alike.
    ours, theirs = [], []
    engine_seconds = pokerkit_seconds = 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for first in range(0, len(files), 100):
            chunk = files[first:first + 100]
            started = time.perf_counter()
            for path in chunk:
                state, illegal = replay(load_file(path))
                assert illegal is None, (path.name, illegal)
                ours.append(state.stacks)
            engine_seconds += time.perf_counter() - started
            started = time.perf_counter()
            theirs.extend(_pokerkit_replay(path) for path in chunk)
            pokerkit_seconds += time.perf_counter() - started
    gc.unfreeze()

    agree = sum(list(a) == [int(x) for x in b] for a, b in zip(ours, theirs))
    engine_rate, pokerkit_rate = len(files) / engine_seconds, len(files) / pokerkit_seconds
    print(
        f"\nPHH files read and replayed ({len(files):,} files): rules engine {engine_rate:,.0f} hands/s   "
        f"pokerkit 0.7.7 HandHistory {pokerkit_rate:,.0f} hands/s   "
        f"ratio {engine_rate / pokerkit_rate:.1f}x (target >= 10x)   "
        f"same finishing stacks in {agree}/{len(files)} hands (the rest: documented odd-chip splits)"
    )
    assert agree >= len(files) * 0.95
