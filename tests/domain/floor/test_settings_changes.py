"""Settings changed after the set-up ("settings.changed"): one event, checked against what already happened, with a
refusal that names who or what is in the way and changes nothing."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.tournament import Tournament

from tests.domain.floor.floor_helpers import configured, drawn


def change(t: Tournament, level: int | None = None, **changes) -> None:
    t.apply("settings.changed", {"changes": changes, "level": level})


def register(t: Tournament, name: str, level: int = 1, option: str | None = None, time_of_day: str | None = None):
    payload = {"entry_id": t.next_entry_id, "name": name, "level": level, "time_of_day": time_of_day, "seat": None}
    if option:
        payload["option"] = option
    t.apply("entry.registered", payload)
    return t.entries[t.next_entry_id - 1]


def refused(t: Tournament, match: str, level: int | None = None, **changes) -> None:
    before = t.to_snapshot()
    with pytest.raises(DomainError, match=match):
        change(t, level, **changes)
    assert t.to_snapshot() == before, "a refused change must leave the tournament as it was"


def test_before_anyone_bought_in_every_setting_may_change() -> None:
    t = configured(buy_in=100)
    change(t, buy_in=150, fee=15, starting_stack=30_000, bounty_mode="fixed", bounty=25, button_mode="moving")
    assert (t.settings.buy_in, t.settings.bounty, t.settings.button_mode) == (150, 25, "moving")


def test_the_price_of_an_entry_is_fixed_once_someone_has_paid_it() -> None:
    t = configured(buy_in=100, fee=10)
    register(t, "Ann")
    refused(t, "the buy-in cannot change: 1 entry has already paid", buy_in=120)
    refused(t, "the starting stack cannot change", starting_stack=5_000)
    refused(t, "the rake cannot change", rake_percent=5)
    change(t, guarantee=1_000, name="Renamed")   # what is not paid yet may change
    assert t.settings.guarantee == 1_000


def test_the_rebuy_limit_cannot_go_below_what_a_player_has_used() -> None:
    t = drawn(3, 1, rebuy_limit=2, rebuy_price=50, rebuy_chips=5_000, rebuy_max_chips=100_000)
    t.apply("entry.rebuy", {"entry_id": 1, "level": 1})
    t.apply("entry.rebuy", {"entry_id": 1, "level": 1})
    refused(t, "rebuy limit cannot go below 2: P1 has rebought 2 times", rebuy_limit=1)
    refused(t, "the rebuy price cannot change: P1 has already rebought", rebuy_price=60)
    change(t, rebuy_limit=3, rebuy_max_chips=20_000)
    assert t.settings.rebuy_limit == 3


def test_re_entry_cannot_close_at_a_level_already_passed_nor_below_the_re_entries_made_WSOP_13() -> None:
    t = configured(reentry_limit=2, reentry_until_level=8)
    ann = register(t, "Ann")
    register(t, "Bob")
    t.apply("entry.busted", {"busts": [{"entry_id": ann.id, "eliminated_by": [2]}], "level": 3})
    register(t, "Ann", level=4)
    refused(t, "re-entry period cannot close after level 3: level 5 is already being played", level=5,
            reentry_until_level=3)
    refused(t, "re-entry limit cannot go below 1: Ann has re-entered 1 time", level=5, reentry_limit=0)
    refused(t, "re-entry cannot close after level 3: Ann re-entered at level 4", reentry_until_level=3)
    change(t, level=5, reentry_until_level=5)
    assert t.settings.reentry_until_level == 5


def test_late_registration_cannot_close_before_an_entry_already_made_TDA_8A() -> None:
    t = configured(late_registration_until_level=6)
    register(t, "Ann", level=1, time_of_day="20:05")
    register(t, "Cy", level=4, time_of_day="21:10")
    refused(t, "late registration cannot close after level 3: Cy bought in at level 4",
            late_registration_until_level=3)
    refused(t, "cannot close at 21:00: Cy bought in at 21:10", late_registration_until_time="21:00")
    with pytest.raises(DomainError, match="it is already 21:30"):
        t.apply("settings.changed", {"changes": {"late_registration_until_time": "21:15"}, "time_of_day": "21:30"})
    change(t, level=4, late_registration_until_level=4)


def test_the_add_on_cannot_be_taken_away_once_taken_and_its_price_is_fixed() -> None:
    t = drawn(2, 1, addon_enabled=True, addon_price=50, addon_chips=20_000)
    t.apply("entry.addon", {"entry_id": 2, "level": 2})
    refused(t, "the add-on cannot be taken away: P2 has already taken it", addon_enabled=False)
    refused(t, "the add-on chips cannot change: P2 has already taken the add-on", addon_chips=25_000)


def test_the_prizes_are_fixed_once_a_player_finishes_in_the_money() -> None:
    t = drawn(5, 1, buy_in=100)
    change(t, guarantee=1_000)
    t.apply("entry.busted", {"busts": [{"entry_id": 5, "eliminated_by": [1]}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 4, "eliminated_by": [1]}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1]}]})   # 5 entries pay two places
    change(t, payout_unit=5)
    t.apply("entry.busted", {"busts": [{"entry_id": 2, "eliminated_by": [1]}]})
    refused(t, "guarantee cannot change: the tournament is over", guarantee=2_000)


def test_a_paid_place_fixes_the_payout_table_and_the_guarantee() -> None:
    t = drawn(8, 1, buy_in=100)   # 8 entries: three places paid
    for victim in (8, 7, 6, 5, 4):
        t.apply("entry.busted", {"busts": [{"entry_id": victim, "eliminated_by": [1]}]})
    change(t, guarantee=2_000)
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1]}]})
    refused(t, "the guarantee cannot change: P3 has finished 3rd, in the money", guarantee=3_000)
    refused(t, "rounding unit cannot change: P3 has finished 3rd", payout_unit=10)
    with pytest.raises(DomainError, match="payout table can no longer change: P3 has finished 3rd"):
        t.apply("payouts.table_set", {"table": {"name": "Mine", "bands": [
            {"min_entries": 2, "max_entries": 100, "percentages": [100]}]}})


def test_the_button_rule_is_fixed_once_hands_are_dealt_TDA_32() -> None:
    t = drawn(4, 1)
    change(t, button_mode="moving")
    t.apply("hand.next", {"tables": [1], "small_blind": 50, "big_blind": 100, "ante": 0, "big_blind_ante": False})
    refused(t, "button rule cannot change: hands have been dealt .*TDA 32", button_mode="dead")


def test_a_bought_buy_in_option_stays_as_it_was_and_a_new_one_may_be_added() -> None:
    deep = {"name": "Deep stack", "buy_in": 150, "fee": 10, "chips": 30_000}
    t = configured(buy_in=100, buy_in_options=[deep])
    register(t, "Ann", option="Deep stack")
    refused(t, "option 'Deep stack' cannot change or go: Ann has bought it", buy_in_options=[{**deep, "buy_in": 160}])
    refused(t, "option 'Deep stack' cannot change or go", buy_in_options=[])
    change(t, buy_in_options=[deep, {"name": "Late", "buy_in": 120, "chips": 20_000}])
    assert [o.name for o in t.settings.buy_in_options] == ["Deep stack", "Late"]


def test_a_change_is_validated_like_the_settings_and_names_the_field() -> None:
    t = configured()
    refused(t, "unknown tournament setting", rebuys=3)
    refused(t, "rake_percent must be between 0 and 100", rake_percent=150)
    t.apply("tables.added", {"tables": [{"number": 1, "seats": 9}, {"number": 2, "seats": 9}]})
    refused(t, "break order names table 7", break_order=[2, 7])
    change(t, break_order=[2, 1])
    with pytest.raises(DomainError, match="names at least one setting"):
        t.apply("settings.changed", {"changes": {}})


def test_what_history_fixes_is_listed_with_the_reason() -> None:
    t = drawn(3, 1, rebuy_limit=1, rebuy_price=50, rebuy_chips=5_000)
    t.apply("entry.rebuy", {"entry_id": 2, "level": 1})
    fixed = t.fixed_settings()
    assert fixed["buy_in"] == "3 entries have already paid"
    assert fixed["rebuy_chips"] == "P2 has already rebought"
    assert "guarantee" not in fixed and "rebuy_limit" not in fixed
