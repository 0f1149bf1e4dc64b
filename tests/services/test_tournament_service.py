"""The floor service over a real SQLite store: commands record one event each, refusals record nothing,
undo of a bust restores seat, chips, prize pool and places, and a rebuild from the log gives the same floor."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import ForcedBets, TournamentService
from tournament_director.store import Store


@pytest.fixture
def service(tmp_path):
    store = Store.open(tmp_path / "t.sqlite", backup_dir=tmp_path / "backups")
    tid = store.create_tournament("Friday")
    runner = CommandRunner(store, tid)
    svc = TournamentService(runner, rng=random.Random(7),
                            now=lambda: datetime(2025, 3, 7, 19, 30, tzinfo=timezone.utc))
    svc.configure({"name": "Friday", "buy_in": 100, "fee": 10, "bounty_mode": "progressive", "bounty": 50,
                   "late_registration_until_level": 6})
    yield svc
    store.close()


def floor_of(svc):
    return svc.runner.state.floor


def start(svc, players=20, tables=3):
    svc.add_tables(tables, 9)
    svc.register_many([f"Player {i}" for i in range(1, players + 1)])
    svc.draw_seats()


def test_seat_draw_is_balanced_and_every_entry_has_one_seat_TDA_7(service):
    start(service, 20, 3)
    sizes = [t.players for t in service.tables()]
    assert sorted(sizes) == [6, 7, 7]
    assert all(e.table is not None for e in service.entries())
    assert service.check_invariants() == []


def test_late_registration_draws_a_seat_and_says_whether_the_player_waits_TDA_8A(service):
    start(service, 20, 3)
    late = service.register("Late Larry", level=3)
    assert late.table is not None and late.seat is not None
    # drawn into the seat pool of the shortest table, but never table 3, the table that breaks next (seed 004 T 5)
    assert late.table != 3
    shortest = min(t.players for t in service.tables() if t.number not in (late.table, 3))
    assert service.table(late.table).players - 1 <= shortest
    assert isinstance(late.waiting_for_button, bool)


def test_a_bust_returns_its_place_and_a_proposal_and_undo_restores_everything(service):
    start(service, 20, 3)
    service.close_registration()
    victim, winner = service.entries()[0], service.entries()[1]
    before_floor = floor_of(service).to_snapshot()
    result = service.bust(victim.entry_id, [winner.entry_id])
    assert result.busted[0].place == 20
    assert service.entry(winner.entry_id).chips == 2 * 10_000
    assert service.entry(winner.entry_id).bounty_won == 25  # PKO: half the 50 bounty in cash
    service.runner.undo()
    assert floor_of(service).to_snapshot() == before_floor
    restored = service.entry(victim.entry_id)
    assert (restored.table, restored.seat, restored.chips) == (victim.table, victim.seat, 10_000)


def test_refused_command_records_nothing(service):
    start(service, 6, 1)
    history = len(service.runner.history())
    with pytest.raises(DomainError):
        service.rebuy(1)  # no rebuys in this tournament
    with pytest.raises(DomainError):
        service.bust(999)
    assert len(service.runner.history()) == history


def test_accepted_proposal_is_one_event_and_balances_the_tables_TDA_11A(service):
    start(service, 18, 2)  # 9 + 9
    service.close_registration()
    table_one = [e for e in service.entries() if e.table == 1]
    for e in table_one[:2]:
        result = service.bust(e.entry_id, [table_one[-1].entry_id])
    assert result.proposal.kind == "balance"
    due = service.table(2).next_big_blind
    assert result.proposal.moves[0].entry_id == due
    events = len(service.runner.history())
    service.accept_moves(result.proposal)
    assert len(service.runner.history()) == events + 1
    assert sorted(t.players for t in service.tables()) == [8, 8]


def test_next_hand_reads_the_blinds_given_and_blinds_out_an_absent_player(service):
    start(service, 4, 1)
    service.close_registration()
    view = service.table(1)
    bb_entry = next(s.entry_id for s in view.seats if s.marker == "BB")
    service.record_chips({bb_entry: 150})
    service.set_present(bb_entry, False)
    service.next_hand(1, ForcedBets(100, 200))
    gone = service.entry(bb_entry)
    assert gone.busted and gone.place == 4  # seed 004 T 7: all in for what is left, hand killed
    assert service.check_invariants() == []


def test_whole_small_tournament_to_a_winner_pays_the_prize_pool_and_rebuilds_the_same(service):
    rng = random.Random(3)
    start(service, 30, 4)
    service.close_registration()
    while not service.finished:
        alive = [e for e in service.entries() if not e.busted]
        victim = rng.choice(alive)
        killer = rng.choice([e for e in alive if e.entry_id != victim.entry_id])
        result = service.bust(victim.entry_id, [killer.entry_id])
        if not result.proposal.is_empty:
            service.accept_moves(result.proposal)
        assert service.check_invariants() == []
    results = service.results()
    assert [r.place for r in results] == list(range(1, 31))
    assert sum(r.prize for r in results) == service.prize_pool().prize_pool == 3_000
    assert sum(r.bounty_won for r in results) == service.prize_pool().bounty_pool
    rebuilt = service.runner.rebuild().floor
    assert rebuilt.to_snapshot() == floor_of(service).to_snapshot()


def test_icm_deal_proposed_and_recorded_as_one_event(service):
    start(service, 5, 1)
    service.close_registration()
    service.edit_payouts(["50", "30", "20"])
    service.bust(5, [1])
    service.bust(4, [2])
    deal = service.propose_deal("icm")
    assert sum(a for _, a in deal.shares) == deal.total == 500
    service.make_deal(deal)
    assert service.runner.history()[-1].event_type == "deal.made"


def test_reopening_from_snapshots_gives_the_same_floor(tmp_path):
    """A snapshot after every event (JSON through SQLite) must bring back exactly the live floor."""
    store = Store.open(tmp_path / "snap.sqlite", backup_dir=tmp_path / "b")
    tid = store.create_tournament("Snap")
    runner = CommandRunner(store, tid, snapshot_every=1)
    svc = TournamentService(runner, rng=random.Random(1))
    svc.configure({"name": "Snap", "bounty_mode": "fixed", "bounty": 20, "reentry_limit": 1,
                   "late_registration_until_level": 4})
    start(svc, 14, 2)
    svc.set_present(3, False)
    svc.next_hand(None, ForcedBets(100, 200, 25))
    svc.finish_hand()
    svc.bust_many([(1, [2], 5_000), (4, [2], 9_000)])
    svc.register("Player 1", level=2)  # a re-entry, drawn into the seat pool
    proposal = svc.propose_moves()
    if not proposal.is_empty:
        svc.accept_moves(proposal)
    live = floor_of(svc).to_snapshot()
    reopened = CommandRunner(store, tid)
    assert reopened.state.floor.to_snapshot() == live
    assert reopened.state.floor.check_invariants() == []
    store.close()
