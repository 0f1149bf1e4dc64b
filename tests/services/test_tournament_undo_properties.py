"""Random command sequences through TournamentService over a real SQLite file, with undos: after every
step the floor keeps its invariants (one seat per live entry, chips and money accounted for), an undo
of a bust restores the seat, the chips, the prize pool and the places, and a rebuild from the log
equals the live state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import ForcedBets, TournamentService
from tournament_director.store import Store

OPS = ("bust", "bust", "register", "rebuy", "accept", "hand", "undo", "undo")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), ops=st.lists(st.sampled_from(OPS), min_size=1, max_size=14))
def test_commands_and_undos_keep_the_floor_consistent(tmp_path_factory, seed, ops):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("floor") / "t.sqlite"
    store = Store.open(path, backup_dir=path.parent / "backups")
    try:
        runner = CommandRunner(store, store.create_tournament("Prop"))
        svc = TournamentService(runner, rng=rng)
        svc.configure({"name": "Prop", "buy_in": 50, "rebuy_limit": 1, "rebuy_price": 50, "rebuy_chips": 5_000,
                       "late_registration_until_level": 9, "bounty_mode": "fixed", "bounty": 10})
        svc.add_tables(3, 6)
        svc.register_many([f"P{i}" for i in range(12)])
        svc.draw_seats()
        for op in ops:
            floor = runner.state.floor
            live = [e.id for e in floor.entries.values() if not e.busted]
            try:
                if op == "bust" and len(live) > 2:
                    victim = rng.choice(live)
                    before = svc.entry(victim)
                    pool_before = svc.prize_pool()
                    svc.bust(victim, [rng.choice([e for e in live if e != victim])])
                    if rng.random() < 0.5:
                        runner.undo()
                        after = svc.entry(victim)
                        assert (after.table, after.seat, after.chips, after.busted) == (
                            before.table, before.seat, before.chips, False)
                        assert svc.prize_pool() == pool_before
                elif op == "register":
                    svc.register(f"Late {rng.randrange(10**6)}", level=2)
                elif op == "rebuy" and live:
                    svc.rebuy(rng.choice(live), level=1)
                elif op == "accept":
                    proposal = svc.propose_moves()
                    if not proposal.is_empty:
                        svc.accept_moves(proposal)
                elif op == "hand":
                    svc.next_hand(None, ForcedBets(100, 200, 200, True))
                    svc.finish_hand()
                elif op == "undo" and runner.can_undo():
                    runner.undo()
            except DomainError:
                pass
            assert runner.state.floor.check_invariants() == [], op
        assert runner.rebuild().floor.to_snapshot() == runner.state.floor.to_snapshot()
    finally:
        store.close()
