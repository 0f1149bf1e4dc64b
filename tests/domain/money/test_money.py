"""Entries and money: fees and rake, rebuys, add-on, re-entries, late registration, guarantee, payout
tables and rounding, deals by chip chop and ICM (Malmuth-Harville)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.standings import payout_table, prizes_by_place, standings
from tournament_director.domain.money.icm import chip_chop, icm_deal, icm_equities
from tournament_director.domain.money.payouts import parse_payout_table, prizes_from_percentages

from tests.domain.floor.floor_helpers import configured, drawn


def register(t, name, level=1, time_of_day=None, player_id=None):
    t.apply("entry.registered", {"entry_id": t.next_entry_id, "name": name, "player_id": player_id,
                                 "level": level, "time_of_day": time_of_day, "seat": None})


def test_fee_and_percentage_rake_stay_out_of_the_prize_pool():
    t = configured(buy_in=200, fee=20, rake_percent=10)
    for name in ("Ann", "Bob", "Cy"):
        register(t, name)
    assert t.prize_contributions == 3 * 180 and t.house_total == 3 * (20 + 20)


def test_the_house_tops_the_prize_pool_up_to_the_guarantee():
    t = configured(buy_in=100, guarantee=1_000)
    for name in ("Ann", "Bob", "Cy"):
        register(t, name)
    assert t.prize_pool == 1_000 and t.guarantee_top_up == 700
    assert sum(prizes_by_place(t)) == 1_000


def test_rebuys_respect_limit_level_and_chip_condition():
    t = drawn(3, 1, rebuy_limit=1, rebuy_price=100, rebuy_chips=5_000, rebuy_until_level=4)
    with pytest.raises(DomainError, match="ended after level 4"):
        t.apply("entry.rebuy", {"entry_id": 1, "level": 5})
    t.apply("chips.counted", {"counts": [[1, 12_000], [2, 8_000]]})
    with pytest.raises(DomainError, match="needs 10,000 or fewer"):
        t.apply("entry.rebuy", {"entry_id": 1, "level": 2})
    t.apply("entry.rebuy", {"entry_id": 2, "level": 2})
    with pytest.raises(DomainError, match="used all 1 rebuys"):
        t.apply("entry.rebuy", {"entry_id": 2, "level": 2})
    assert t.entries[2].chips == 13_000 and t.check_invariants() == []


def test_add_on_once_per_entry_until_its_level():
    t = drawn(2, 1, addon_enabled=True, addon_price=50, addon_chips=20_000, addon_until_level=6)
    t.apply("entry.addon", {"entry_id": 1, "level": 6})
    with pytest.raises(DomainError, match="already taken"):
        t.apply("entry.addon", {"entry_id": 1, "level": 6})
    with pytest.raises(DomainError, match="ended after level 6"):
        t.apply("entry.addon", {"entry_id": 2, "level": 7})
    assert t.prize_contributions == 2 * 100 + 50


def test_re_entry_only_after_the_bust_within_its_limit_WSOP_13():
    t = configured(reentry_limit=1, reentry_until_level=6)
    register(t, "Ann", player_id=7)
    register(t, "Bob")
    register(t, "Cy")
    with pytest.raises(DomainError, match="already has a live entry"):
        register(t, "Ann", player_id=7)
    t.apply("entry.busted", {"busts": [{"entry_id": 1, "eliminated_by": [2]}]})
    register(t, "Ann", player_id=7)
    assert t.entries[4].number == 2  # her second entry, with its own bust record
    t.apply("entry.busted", {"busts": [{"entry_id": 4, "eliminated_by": [2]}]})
    with pytest.raises(DomainError, match="used all 1 re-entries"):
        register(t, "Ann", player_id=7)


def test_late_registration_closes_after_its_level_and_at_its_time_of_day_TDA_8A():
    t = configured(late_registration_until_level=4, late_registration_until_time="21:00")
    register(t, "Ann", level=4, time_of_day="20:59")
    with pytest.raises(DomainError, match="registration is closed"):
        register(t, "Bob", level=5, time_of_day="20:00")
    with pytest.raises(DomainError, match="registration is closed"):
        register(t, "Bob", level=3, time_of_day="21:00")
    t.apply("registration.closed", {"closed": True})
    with pytest.raises(DomainError, match="registration is closed"):
        register(t, "Bob", level=1, time_of_day="19:00")


def test_late_registration_closing_after_midnight_is_open_in_the_evening_TDA_8A():
    """A 20:00 event whose late registration closes at 01:00 takes entries at 23:30, not at 01:00."""
    t = configured(scheduled_start="2026-11-27T20:00", late_registration_until_time="01:00")
    register(t, "Ann", level=1, time_of_day="20:05")
    register(t, "Bea", level=6, time_of_day="23:30")
    register(t, "Cal", level=8, time_of_day="00:59")
    with pytest.raises(DomainError, match="registration is closed"):
        register(t, "Dan", level=8, time_of_day="01:00")
    with pytest.raises(DomainError, match="registration is closed"):
        register(t, "Eve", level=9, time_of_day="02:10")


def test_registration_needs_a_name_and_refuses_without_recording():
    t = configured()
    with pytest.raises(DomainError, match="needs a name"):
        register(t, "  ")
    assert t.entries == {}


def test_bad_settings_are_refused_naming_the_field():
    with pytest.raises(DomainError, match="rake_percent"):
        configured(rake_percent=120)
    with pytest.raises(DomainError, match="unknown tournament setting"):
        configured(buyin=100)
    with pytest.raises(DomainError, match="late_registration_until_time"):
        configured(late_registration_until_time="9pm")


# --- payouts ---------------------------------------------------------------------------------------
def test_every_band_of_the_shipped_payout_table_adds_up_to_100():
    table = payout_table("standard")
    for band in table.bands:
        assert sum(band.percentages) == 100
        assert len(band.percentages) <= band.min_entries
    assert len(table.percentages_for(10_000)) >= 100


def test_a_payout_table_that_does_not_add_up_is_refused():
    with pytest.raises(DomainError, match="add up to 99"):
        parse_payout_table({"bands": [{"min_entries": 2, "max_entries": 10, "percentages": [60, 39]}]})


def test_prizes_are_rounded_to_the_unit_with_the_remainder_to_first_place():
    prizes = prizes_from_percentages(1_003, [Decimal(50), Decimal(30), Decimal(20)], unit=5)
    assert prizes == [503, 300, 200] and sum(prizes) == 1_003


def test_hand_edited_payouts_must_add_up_to_100():
    t = drawn(5, 1)
    with pytest.raises(DomainError, match="add up to 90"):
        t.apply("payouts.edited", {"percentages": ["60", "30"]})
    t.apply("payouts.edited", {"percentages": ["62.5", "37.5"]})
    assert prizes_by_place(t) == [313, 187]


# --- deals ----------------------------------------------------------------------------------------
def test_icm_equal_stacks_share_equally_and_equities_add_up_to_the_prizes():
    assert icm_equities([100, 100, 100], [50, 30, 20]) == pytest.approx([100 / 3] * 3)
    equities = icm_equities([5_000, 3_000, 2_000], [500, 300, 200])
    assert sum(equities) == pytest.approx(1_000)
    # Malmuth-Harville by hand for the big stack: first 0.5; second after 3k (0.3*5/7) or 2k (0.2*5/8).
    p_second = 0.3 * 5 / 7 + 0.2 * 5 / 8
    p_third = 1 - 0.5 - p_second
    assert equities[0] == pytest.approx(0.5 * 500 + p_second * 300 + p_third * 200)


def test_icm_and_chip_chop_deals_pay_exactly_the_prizes_left():
    assert sum(icm_deal([7_000, 2_000, 1_000], [500, 300, 200], unit=5)) == 1_000
    chop = chip_chop([7_000, 2_000, 1_000], [501, 300, 200])
    assert sum(chop) == 1_001 and chop == [200 + 280 + 1, 200 + 80, 200 + 40]


def test_a_recorded_deal_fixes_the_prizes_of_the_players_left_and_the_total_is_the_prize_pool():
    t = drawn(5, 1, buy_in=100)
    t.apply("payouts.edited", {"percentages": ["50", "30", "20"]})
    t.apply("entry.busted", {"busts": [{"entry_id": 5, "eliminated_by": [1]}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 4, "eliminated_by": [1]}]})
    with pytest.raises(DomainError, match="prizes left are 500"):
        t.apply("deal.made", {"method": "custom", "shares": [[1, 200], [2, 200], [3, 200]]})
    shares = icm_deal([t.entries[e].chips for e in (1, 2, 3)], [250, 150, 100])
    t.apply("deal.made", {"method": "icm", "shares": [[e, a] for e, a in zip((1, 2, 3), shares)]})
    t.apply("entry.busted", {"busts": [{"entry_id": 3, "eliminated_by": [1]}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 2, "eliminated_by": [1]}]})
    rows = {r.entry_id: r for r in standings(t)}
    assert [rows[e].prize for e in (1, 2, 3)] == shares
    assert sum(r.prize for r in rows.values()) == t.prize_pool == 500
    assert t.check_invariants() == []


def test_no_rebuy_or_add_on_after_a_deal_so_the_prizes_paid_stay_the_prize_pool():
    """A deal divides the prize money left; a rebuy or add-on after it would add money nobody is paid
    (found by the whole-tournament simulation: prizes paid fell short of the pool by the rebuy)."""
    t = drawn(5, 1, buy_in=100, rebuy_limit=2, rebuy_price=100, rebuy_chips=10_000,
              addon_enabled=True, addon_price=50, addon_chips=5_000)
    t.apply("payouts.edited", {"percentages": ["50", "30", "20"]})
    t.apply("entry.busted", {"busts": [{"entry_id": 5, "eliminated_by": [1]}]})
    t.apply("entry.busted", {"busts": [{"entry_id": 4, "eliminated_by": [1]}]})
    shares = icm_deal([t.entries[e].chips for e in (1, 2, 3)], [250, 150, 100])
    t.apply("deal.made", {"method": "icm", "shares": [[e, a] for e, a in zip((1, 2, 3), shares)]})
    pool = t.prize_pool
    with pytest.raises(DomainError, match="rebuy is closed: a deal"):
        t.apply("entry.rebuy", {"entry_id": 3, "level": 1})
    with pytest.raises(DomainError, match="add-on is closed: a deal"):
        t.apply("entry.addon", {"entry_id": 2, "level": 1})
    assert t.prize_pool == pool and t.entries[3].rebuys == 0 and t.entries[2].addons == 0
    for loser in (3, 2):
        t.apply("entry.busted", {"busts": [{"entry_id": loser, "eliminated_by": [1]}]})
    assert sum(r.prize for r in standings(t)) == t.prize_pool == 500
    assert t.check_invariants() == []
