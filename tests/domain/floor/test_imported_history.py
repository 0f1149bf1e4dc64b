"""A history brought over from another program (domain/floor/imported.py): purchases as they were paid there,
the pot's house money, the prizes as awarded; what would break the floor is still refused, changing nothing."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.standings import standings
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.money.settings import TournamentSettings


def entry(entry_id: int, name: str, paid: int = 100, house: int = 10, chips: int = 10_000) -> dict:
    return {"kind": "entry", "entry_id": entry_id, "name": name, "chips": chips, "paid_prize": paid,
            "paid_house": house, "option": "Early Bird" if entry_id == 2 else ""}


def floor() -> Tournament:
    t = Tournament.new()
    t.apply("tournament.configured", {"settings": TournamentSettings(rebuy_limit=0).to_dict()})
    t.apply("history.bought", entry(1, "Ada"))
    t.apply("history.bought", entry(2, "Bo", paid=90, house=0, chips=12_000))
    t.apply("history.bought", entry(3, "Cy"))
    return t


def test_purchases_keep_what_they_cost_whatever_the_settings_say() -> None:
    t = floor()  # the settings have no rebuys: the history's rebuy still counts, as it was paid
    t.apply("history.bought", {"kind": "rebuy", "entry_id": 3, "chips": 20_000, "paid_prize": 200, "paid_house": 0})
    t.apply("history.bought", {"kind": "addon", "entry_id": 1, "chips": 5_000, "paid_prize": 50, "paid_house": 5})
    assert (t.entries[3].rebuys, t.entries[3].chips, t.entries[1].addons) == (1, 30_000, 1)
    assert t.entries[2].buy_in_option == "Early Bird"
    assert (t.prize_contributions, t.house_total, t.chips_issued) == (540, 25, 57_000)
    t.apply("history.pot_set", {"fixed_rake": 40, "house_contribution": 100})
    assert (t.prize_pool, t.house_total) == (600, 65)


def test_a_re_entry_needs_the_earlier_entry_out_and_a_rebuy_a_live_one() -> None:
    t = floor()
    before = t.to_snapshot()
    with pytest.raises(DomainError, match="while his earlier entry is still in"):
        t.apply("history.bought", {**entry(4, "Ada"), "player_id": None})
    t.apply("entry.busted", {"busts": [{"entry_id": 1, "eliminated_by": [2], "start_chips": 0}]})
    with pytest.raises(DomainError, match="already out"):
        t.apply("history.bought", {"kind": "addon", "entry_id": 1, "chips": 1, "paid_prize": 1, "paid_house": 0})
    t.apply("history.bought", entry(4, "Ada"))
    assert t.entries[4].number == 2 and t.alive == 3
    assert before != t.to_snapshot()


def test_the_prizes_as_awarded_finish_the_tournament_and_show_in_the_standings() -> None:
    t = floor()
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1], "start_chips": 0},
                                       {"entry_id": 2, "eliminated_by": [1], "start_chips": 0}]})
    assert {t.entries[e].name for e in t.bust_groups[0].entries} == {"Bo", "Cy"}
    t.apply("history.awarded", {"awards": [[1, 250], [2, 25], [3, 25]], "time": "2023-11-14T23:00:00+00:00"})
    assert t.finished and t.registration_closed
    rows = {r.name: (r.place, r.prize) for r in standings(t)}
    assert rows == {"Ada": (1, 250), "Bo": (2, 25), "Cy": (2, 25)}  # out together with equal stacks: tied
    with pytest.raises(DomainError, match="over"):
        t.apply("history.bought", entry(4, "Di"))
    restored = Tournament.from_snapshot(t.to_snapshot())
    assert restored.deal == t.deal and restored.finished


@pytest.mark.parametrize("payload, words", [
    ({"kind": "gift", "entry_id": 4, "chips": 1, "paid_prize": 1, "paid_house": 0}, "not 'gift'"),
    ({**entry(9, "Di")}, "out of turn"),
    ({**entry(4, "Di"), "paid_prize": -5}, "money to the prize pool"),
    ({**entry(4, "Di"), "chips": 10**13}, "chips bought"),
])
def test_bad_purchases_are_refused_naming_the_problem(payload: dict, words: str) -> None:
    t = floor()
    before = t.to_snapshot()
    with pytest.raises(DomainError, match=words):
        t.apply("history.bought", payload)
    assert t.to_snapshot() == before


def test_a_fixed_rake_above_the_pot_and_awards_to_no_entry_are_refused() -> None:
    t = floor()
    with pytest.raises(DomainError, match="more than the pot"):
        t.apply("history.pot_set", {"fixed_rake": 10_000, "house_contribution": 0})
    with pytest.raises(DomainError, match="no entry 7"):
        t.apply("history.awarded", {"awards": [[7, 100]]})
    assert not t.finished and t.prize_pool == 290


def test_prizes_awarded_stand_alone_whatever_the_payout_table_would_pay() -> None:
    t = floor()
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1], "start_chips": 0}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 2, "eliminated_by": [1], "start_chips": 0}]})
    t.apply("history.pot_set", {"fixed_rake": 0, "house_contribution": 60})
    t.apply("history.awarded", {"awards": [[1, 500]]})  # a fixed prize, above the pot of 350
    assert {r.name: r.prize for r in standings(t)} == {"Ada": 500, "Bo": 0, "Cy": 0}
    assert t.prize_pool == 350 and t.check_invariants() == []
