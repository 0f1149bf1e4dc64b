"""The bounties of a knockout tournament as the screens read them, on a real SQLite file: the bounties on heads and
the biggest heads the floor keeps equal a look at every entry, live, reopened from checkpoints and rebuilt from the
log, through random busts (split pots, several players out on one hand, nobody named), re-entries, undo and redo;
what a bust paid is told as the domain split it; the money adds up once it is over (prizes and bounties are what was
taken in less the house's share, the unclaimed bounties beside them)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.services.bounties import bounty_board, bust_bounties_text
from tournament_director.services.commands import CommandRunner
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

OPS = ("bust", "bust", "split", "two_out", "nobody", "reenter", "undo", "redo")


def kept(floor: Any) -> tuple[Any, ...]:
    """What the screens read, as the floor keeps it."""
    board = bounty_board(floor)
    return board.in_play, tuple((head.name, head.bounty) for head in board.biggest)


def recounted(floor: Any) -> tuple[Any, ...]:
    live = sorted((e for e in floor.entries.values() if not e.busted and e.bounty > 0),
                  key=lambda e: (-e.bounty, e.id))
    biggest = () if floor.finished else tuple((e.name, e.bounty) for e in live[:3])
    return sum(e.bounty for e in floor.entries.values() if not e.busted), biggest


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), cash_percent=st.sampled_from([0, 33, 50, 100]),
       ops=st.lists(st.sampled_from(OPS), min_size=5, max_size=25))
def test_the_kept_bounties_are_a_recount_live_reopened_and_rebuilt(tmp_path_factory, seed, cash_percent,
                                                                   ops) -> None:
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("bounties") / "t.sqlite"
    store = Store.open(path, backup_dir=path.parent / "backups")
    try:
        runner = CommandRunner(store, store.create_tournament("PKO"), snapshot_every=3)
        svc = TournamentService(runner, rng=rng)
        svc.configure({"name": "PKO", "buy_in": 50, "bounty_mode": "progressive", "bounty": 51,
                       "pko_cash_percent": cash_percent, "reentry_limit": 3, "late_registration_until_level": 9})
        svc.add_tables(2, 6)
        for i in range(10):
            svc.register(f"P{i}")
        svc.draw_seats()
        for op in ops:
            floor = runner.state.floor  # an undo puts a new state in place
            live = [e.id for e in floor.entries.values() if not e.busted]
            try:
                if op in ("bust", "split", "nobody") and len(live) > 2:
                    victim = rng.choice(live)
                    others = [e for e in live if e != victim]
                    by = {"bust": 1, "split": min(3, len(others)), "nobody": 0}[op]
                    svc.bust(victim, rng.sample(others, by))
                elif op == "two_out" and len(live) > 3:
                    a, b, winner = rng.sample(live, 3)
                    svc.bust_many([(a, [winner]), (b, [winner])])
                elif op == "reenter":
                    out = [e for e in floor.entries.values() if e.busted]
                    if out:
                        svc.register(rng.choice(out).name, level=1)
                elif op == "undo" and runner.can_undo():
                    runner.undo()
                elif op == "redo" and runner.can_redo():
                    runner.redo()
            except DomainError:
                pass
            floor = runner.state.floor
            figures = kept(floor)
            assert figures == recounted(floor), op
            assert floor.check_invariants() == []
            assert kept(CommandRunner(store, runner.tournament_id).state.floor) == figures
            assert kept(runner.rebuild().floor) == figures
    finally:
        store.close()


def pko_session(tmp_path, mode: str = "progressive", players: int = 6) -> DirectorSession:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(2))
    session.create_from_plan(NewTournamentPlan("PKO", "regular", buy_in=50, tables=1,
                                               settings={"bounty_mode": mode, "bounty": 50, "pko_cash_percent": 50}))
    floor = session.tournament
    for name in ("Ann Lee", "Bo Li", "Cy Mo", "Di Ng", "Ed Oh", "Flo Pi")[:players]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    return session


def test_what_each_bust_paid_is_told_as_the_domain_split_it(tmp_path) -> None:
    session = pko_session(tmp_path)
    floor = session.tournament
    try:
        session.run(floor.bust, 2, [1])
        assert session.bust_bounties([2]) == "Ann Lee takes 25 in cash, bounty now 75"
        # a split pot: each half split evenly, the odd unit to the first named; two out on one hand: Ann told once
        session.run(floor.bust_many, [(3, [4, 1]), (5, [1])])
        assert session.bust_bounties([3, 5]) == ("Di Ng takes 13 in cash, bounty now 63; "
                                                 "Ann Lee takes 37 in cash, bounty now 112")
        t = session.runner.state.floor
        assert (t.entries[1].bounty_won, t.entries[4].bounty_won) == (25 + 12 + 25, 13)
        session.run(floor.bust, 6, [])
        assert session.bust_bounties([6]) == "the bounty of 50 on Flo Pi goes unclaimed"
        assert bounty_board(t).in_play == 112 + 63
        session.run(floor.close_registration)
        session.run(floor.bust, 4, [1])
        assert session.bust_bounties([4]) == ("Ann Lee takes 31 in cash, and as the winner also the bounty of 144 on "
                                              "the winner's own head")
        # the money: prizes and bounties won are what was taken in less the house's share, the unclaimed aside
        won = sum(e.bounty_won for e in t.entries.values())
        prizes = sum(r.prize for r in floor.results())
        assert won + t.bounty_unclaimed == t.bounty_pool == 6 * 50
        assert prizes + won + t.bounty_unclaimed == sum(e.paid_total for e in t.entries.values()) - t.house_total
        assert bounty_board(t).in_play == 0 and bounty_board(t).biggest == ()
        # the Log: each bust's sentence with what it paid; a bust undone says nothing of bounties
        sentences = [h.description for h in session.history() if h.event_type == "entry.busted"]
        assert sentences[0] == "Bo Li out, eliminated by Ann Lee. Ann Lee takes 25 in cash, bounty now 75"
        session.undo()
        undone = [h for h in session.history() if h.event_type == "entry.busted" and h.undone]
        assert undone and undone[-1].description == "Di Ng out, eliminated by Ann Lee"
    finally:
        session.close()


def test_a_fixed_bounty_is_all_cash_and_a_tournament_without_bounties_says_nothing(tmp_path) -> None:
    (tmp_path / "fixed").mkdir()
    session = pko_session(tmp_path / "fixed", "fixed")
    try:
        floor = session.tournament
        session.run(floor.bust, 2, [1])
        session.run(floor.bust, 3, [1, 4])
        assert session.bust_bounties([2]) == "Ann Lee takes 50 bounty"
        assert session.bust_bounties([3]) == "Ann Lee takes 25 bounty; Di Ng takes 25 bounty"
        board = bounty_board(session.runner.state.floor)
        assert board.in_play == 4 * 50 and board.biggest == () and not board.progressive
    finally:
        session.close()
    plain = DirectorSession.open(tmp_path / "plain.sqlite", backup_dir=tmp_path / "backups")
    try:
        plain.create_from_plan(NewTournamentPlan("Friday", "regular", tables=1))
        for name in ("Ann Lee", "Bo Li", "Cy Mo"):
            plain.run(plain.tournament.register, name)
        plain.run(plain.tournament.bust, 2, [1])
        t = plain.runner.state.floor
        assert bust_bounties_text(t, [2]) == "" and bounty_board(t) is None
        assert plain.room_news().bounties is None
    finally:
        plain.close()
