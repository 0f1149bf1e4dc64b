"""The night's money summary over a real SQLite file: a re-entry progressive knockout with a guarantee the field
does not reach, played to its winner (the winner keeps his own bounty) and read back by ``export-summary``'s
service; re-entries numbered in the results."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.money_summary import money_summary, tournament_money
from tournament_director.services.results import numbered_name
from tournament_director.services.session import DirectorSession, NewTournamentPlan

SETTINGS = {"bounty_mode": "progressive", "bounty": 40, "pko_cash_percent": 50, "guarantee": 1_000,
            "reentry_limit": 1, "addon_enabled": True, "addon_price": 30, "addon_fee": 5, "addon_chips": 5_000,
            "rake_percent": 10}


def pko(tmp_path: Path) -> DirectorSession:
    """Four players at 100 + 10 fee + 40 bounty, 10 % rake on the buy-in, one re-entry each, the add-on at 30 + 5."""
    session = DirectorSession.open(tmp_path / "pko.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(3))
    session.create_from_plan(NewTournamentPlan("Monday PKO", "turbo", buy_in=100, fee=10, tables=1,
                                               settings=SETTINGS))
    floor = session.tournament
    for name in ("Ann Lee", "Bob Cole", "Cy Fenn", "Di Rook"):
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    return session


def test_the_money_of_a_pko_played_to_its_winner(tmp_path: Path) -> None:
    session = pko(tmp_path)
    floor = session.tournament
    ids = {e.name: e.entry_id for e in floor.entries()}
    session.run(floor.add_on, ids["Bob Cole"])
    session.run(floor.bust, ids["Ann Lee"], [ids["Bob Cole"]])        # Bob: 20 cash, his bounty 60
    again = session.run(floor.register, "Ann Lee")                     # Ann's re-entry
    money = money_summary(session.state.floor)
    assert (money.taken_in, money.rake, money.bounties_paid_in, money.bounties_paid_out) == (
        5 * 150 + 35, 5 * (10 + 10) + 5 + 3, 5 * 40, 20)
    assert money.prize_pool == 1_000 and money.guarantee_added == 1_000 - (5 * 90 + 27)
    assert money.prizes_paid == 0
    session.run(floor.close_registration)
    for loser in (again.entry_id, ids["Cy Fenn"], ids["Di Rook"]):
        session.run(floor.bust, loser, [ids["Bob Cole"]])
    assert session.tournament.finished
    money = money_summary(session.state.floor)
    assert money.bounties_paid_out == money.bounties_paid_in == 200   # every bounty paid, the winner's his own
    assert money.prizes_paid == sum(r.prize for r in session.results.lines()) == 1_000
    assert [line.entry_name for line in session.results.lines()][-2:] == ["Ann Lee (2)", "Ann Lee"]
    session.close()

    from tournament_director.store import Store

    with Store.open(tmp_path / "pko.sqlite") as store:
        assert tournament_money(store, 1) == money
        with pytest.raises(DomainError, match="by its number"):
            tournament_money(store, "1")  # type: ignore[arg-type]


def test_a_re_entry_is_numbered_and_a_first_entry_stays_plain() -> None:
    assert numbered_name("Ann Lee", 1) == "Ann Lee"
    assert (numbered_name("Ann Lee", 2), numbered_name("Ann Lee", 3)) == ("Ann Lee (2)", "Ann Lee (3)")
