"""The floor's figures kept as it goes instead of counted at every change (entries, re-entries, rebuys, add-ons,
entries by buy-in option, the chip leader, the latest knockouts) are a full recount's, on a real SQLite file,
through random busts, rebuys, add-ons, re-entries, chip counts, undo and redo: in the live state, in the
tournament opened again from its checkpoints and log, and in a rebuild from the log alone."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.results import Results
from tournament_director.services.settings import SettingsService
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

OPS = ("bust", "bust", "bust", "rebuy", "addon", "reenter", "count", "undo", "redo")


def kept(floor: Any) -> tuple[Any, ...]:
    """What the screens read, as the floor keeps it."""
    leader = floor.chip_leader()
    return (len(floor.entries), floor.reentries, floor.rebuys, floor.addons,
            {option: n for option, n in floor.options_bought.items() if n},
            leader.id if leader else None, tuple(Results(floor).recent_knockouts(5)))


def recounted(floor: Any) -> tuple[Any, ...]:
    """The same, counted from every entry and the full standings."""
    entries = list(floor.entries.values())
    by_option: dict[str, int] = {}
    for e in entries:
        by_option[e.buy_in_option] = by_option.get(e.buy_in_option, 0) + 1
    live = [e for e in entries if not e.busted]
    leader = max(live, key=lambda e: (e.chips, -e.id)).id if live else None
    out = [line for line in Results(floor).lines() if floor.entries[line.entry_id].busted][:5]
    return (len(entries), sum(e.number > 1 for e in entries), sum(e.rebuys for e in entries),
            sum(e.addons for e in entries), by_option, leader,
            tuple((k.name, k.place, k.place_to, k.prize, k.eliminated_by) for k in out))


def as_recounted(figures: tuple[Any, ...]) -> tuple[Any, ...]:
    *counts, knockouts = figures
    return (*counts, tuple((k.name, k.place, k.place_to, k.prize, k.eliminated_by) for k in knockouts))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), ops=st.lists(st.sampled_from(OPS), min_size=5, max_size=30))
def test_the_kept_figures_are_a_recount_live_reopened_and_rebuilt(tmp_path_factory, seed, ops) -> None:
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("figures") / "t.sqlite"
    store = Store.open(path, backup_dir=path.parent / "backups")
    try:
        runner = CommandRunner(store, store.create_tournament("Figures"), snapshot_every=4)
        svc = TournamentService(runner, rng=rng)
        svc.configure({"name": "Figures", "buy_in": 100, "rebuy_limit": 3, "rebuy_price": 100,
                       "rebuy_chips": 10_000, "rebuy_max_chips": 10**9, "addon_enabled": True, "addon_price": 50,
                       "addon_chips": 5_000, "addon_only_on_break": False, "reentry_limit": 3,
                       "late_registration_until_level": 9,
                       "buy_in_options": [{"name": "Deep", "buy_in": 150, "fee": 10, "chips": 30_000}]})
        svc.add_tables(3, 6)
        for i in range(14):
            svc.register(f"P{i}", option="Deep" if i % 4 == 0 else None)
        svc.draw_seats()
        for op in ops:
            floor = runner.state.floor  # an undo puts a new state in place
            live = [e.id for e in floor.entries.values() if not e.busted]
            try:
                if op == "bust" and len(live) > 2:
                    victim = rng.choice(live)
                    svc.bust(victim, [rng.choice([e for e in live if e != victim])])
                elif op == "rebuy":
                    svc.rebuy(rng.choice(live), level=1)
                elif op == "addon":
                    svc.add_on(rng.choice(live), level=1)
                elif op == "reenter":
                    out = [e for e in floor.entries.values() if e.busted]
                    if out:
                        svc.register(rng.choice(out).name, level=1, option=rng.choice([None, "Deep"]))
                elif op == "count":
                    leader = floor.chip_leader()
                    svc.record_chips({leader.id: rng.choice([100, leader.chips * 2])})
                elif op == "undo" and runner.can_undo():
                    runner.undo()
                elif op == "redo" and runner.can_redo():
                    runner.redo()
            except DomainError:
                pass
            floor = runner.state.floor
            figures = kept(floor)
            assert as_recounted(figures) == recounted(floor), op
            assert kept(CommandRunner(store, runner.tournament_id).state.floor) == figures
            assert kept(runner.rebuild().floor) == figures
            pool = svc.prize_pool()
            assert (pool.entries, pool.reentries, pool.rebuys, pool.addons) == figures[:4]
            bought = {o.name: o.bought for o in SettingsService(runner).buy_in_options()}
            assert bought["Deep"] == figures[4].get("Deep", 0)
            assert sum(bought.values()) == figures[0]
    finally:
        store.close()
