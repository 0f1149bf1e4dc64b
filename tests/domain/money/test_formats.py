"""The formats card rooms run: buy-in options (each entry records which it bought), rebuys at or below a chip
count, an add-on on the break, re-entries, the card rooms' chip chop, payout tables chosen or edited for one
tournament, and the shipped flatter and steeper tables."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import entries as entry_rules
from tournament_director.domain.floor.standings import payout_table, prizes_by_place
from tournament_director.domain.money.icm import chip_chop
from tournament_director.domain.money.payouts import parse_payout_table, payout_table_from_toml, payout_table_to_toml
from tournament_director.domain.money.settings import TournamentSettings

from tests.domain.floor.floor_helpers import configured, drawn

DEEP = {"name": "Deep stack", "buy_in": 150, "fee": 15, "chips": 40_000}


def register(t, name, option=None, level=1, **extra):
    payload = {"entry_id": t.next_entry_id, "name": name, "level": level, "seat": None, **extra}
    if option:
        payload["option"] = option
    t.apply("entry.registered", payload)
    return t.entries[t.next_entry_id - 1]


def test_each_entry_pays_and_gets_the_chips_of_the_buy_in_option_it_bought() -> None:
    t = configured(buy_in=100, fee=10, starting_stack=20_000, rake_percent=10, buy_in_options=[DEEP])
    standard = register(t, "Ann")
    deep = register(t, "Bob", option="Deep stack")
    assert (standard.chips, standard.buy_in_option, standard.paid_prize, standard.paid_house) == (20_000, "", 90, 20)
    assert (deep.chips, deep.buy_in_option, deep.paid_prize, deep.paid_house) == (40_000, "Deep stack", 135, 30)
    assert t.prize_contributions == 225 and t.chips_issued == 60_000 and t.check_invariants() == []
    with pytest.raises(DomainError, match="no buy-in option 'Turbo'.*Standard, Deep stack"):
        register(t, "Cy", option="Turbo")


def test_buy_in_options_need_their_own_names_and_chips() -> None:
    with pytest.raises(DomainError, match="its own name"):
        TournamentSettings.from_dict({"buy_in_options": [DEEP, {**DEEP, "name": "deep STACK"}]})
    with pytest.raises(DomainError, match="'Standard' is the standard buy-in"):
        TournamentSettings.from_dict({"buy_in_options": [{**DEEP, "name": "Standard"}]})
    with pytest.raises(DomainError, match="needs chips above zero"):
        TournamentSettings.from_dict({"buy_in_options": [{**DEEP, "chips": 0}]})


def test_a_rebuy_is_at_or_below_the_stack_the_entry_bought_unless_the_settings_name_a_count() -> None:
    t = configured(starting_stack=20_000, buy_in_options=[DEEP], rebuy_limit=3, rebuy_price=100, rebuy_chips=20_000)
    t.apply("tables.added", {"tables": [{"number": 1, "seats": 9}]})
    ann, bob = register(t, "Ann"), register(t, "Bob", option="Deep stack")
    t.apply("chips.counted", {"counts": [[ann.id, 25_000], [bob.id, 35_000]]})
    with pytest.raises(DomainError, match="Ann has 25,000 chips; a rebuy needs 20,000 or fewer"):
        entry_rules.check_rebuy(t, ann, 1)
    entry_rules.check_rebuy(t, bob, 1)   # at or below his own 40,000
    t.apply("settings.changed", {"changes": {"rebuy_max_chips": 30_000}})
    entry_rules.check_rebuy(t, ann, 1)


def test_an_add_on_only_on_the_break_is_refused_during_play_and_taken_on_the_break_after_its_level() -> None:
    t = drawn(2, 1, addon_enabled=True, addon_price=50, addon_chips=20_000, addon_until_level=4,
              addon_only_on_break=True)
    with pytest.raises(DomainError, match="taken on the break after level 4, not during play"):
        t.apply("entry.addon", {"entry_id": 1, "level": 4})
    with pytest.raises(DomainError, match="the add-on ended after level 4"):
        t.apply("entry.addon", {"entry_id": 1, "level": None, "on_break": True, "after_level": 5})
    t.apply("entry.addon", {"entry_id": 1, "level": None, "on_break": True, "after_level": 4})
    assert t.entries[1].addons == 1 and t.entries[1].chips == t.settings.starting_stack + 20_000


def test_a_break_belongs_to_the_level_before_it_for_rebuys_and_late_registration_TDA_8A() -> None:
    t = drawn(2, 1, rebuy_limit=2, rebuy_price=10, rebuy_chips=1_000, rebuy_until_level=2,
              late_registration_until_level=2)
    t.apply("entry.rebuy", {"entry_id": 1, "level": None, "on_break": True, "after_level": 2})
    with pytest.raises(DomainError, match="rebuys ended after level 2"):
        t.apply("entry.rebuy", {"entry_id": 1, "level": None, "on_break": True, "after_level": 3})
    assert not t.registration_open(3, None)


def test_the_re_entry_question_gives_the_refusals_words_WSOP_13() -> None:
    t = configured(reentry_limit=1, reentry_until_level=3)
    ann = register(t, "Ann", player_id=4)
    register(t, "Bob")
    with pytest.raises(DomainError, match="Ann is still in"):
        entry_rules.check_reentry(t, ann, 1, None)
    t.apply("entry.busted", {"busts": [{"entry_id": ann.id, "eliminated_by": [2]}]})
    entry_rules.check_reentry(t, ann, 3, None)
    with pytest.raises(DomainError, match="re-entry closed after level 3"):
        entry_rules.check_reentry(t, ann, 4, None)
    freezeout = configured()
    cy = register(freezeout, "Cy")
    register(freezeout, "Dee")
    freezeout.apply("entry.busted", {"busts": [{"entry_id": cy.id, "eliminated_by": [2]}]})
    with pytest.raises(DomainError, match="no re-entries"):
        entry_rules.check_reentry(freezeout, cy, 1, None)


def test_the_card_rooms_chip_chop_gives_everyone_the_lowest_prize_left_first() -> None:
    """Issue 12's case: stacks 900,000 / 90,000 / 10,000 share 10,000 with third place paying 2,000: by chips alone
    the short stack would get 100; the card rooms' chop gives each 2,000 and shares the other 4,000 by chips."""
    shares = chip_chop([900_000, 90_000, 10_000], [5_000, 3_000, 2_000])
    assert shares == [2_000 + 3_600, 2_000 + 360, 2_000 + 40] and sum(shares) == 10_000
    assert min(shares) >= 2_000
    assert chip_chop([500, 500], [700, 300], unit=25) == [500, 500]
    four_left_three_paid = chip_chop([4_000, 3_000, 2_000, 1_000], [500, 300, 200])
    assert sum(four_left_three_paid) == 1_000 and four_left_three_paid[3] == 100


def test_a_chosen_payout_table_pays_instead_of_the_settings_one_and_survives_a_snapshot() -> None:
    t = drawn(10, 2, buy_in=100)
    table = {"name": "Room's own", "bands": [{"min_entries": 2, "max_entries": 50, "percentages": ["60", "40"]}]}
    t.apply("payouts.table_set", {"table": table})
    assert prizes_by_place(t) == [600, 400]
    again = type(t).from_snapshot(t.to_snapshot())
    assert prizes_by_place(again) == [600, 400] and again.payout_table.name == "Room's own"
    t.apply("payouts.table_set", {"table": None})
    assert prizes_by_place(t) == [500, 300, 200]
    with pytest.raises(DomainError, match="band 1: percentages add up to 90"):
        t.apply("payouts.table_set", {"table": {"name": "Bad", "bands": [
            {"min_entries": 2, "max_entries": 9, "percentages": [60, 30]}]}})


def test_a_payout_table_must_start_at_two_entries_and_a_larger_field_pays_as_its_last_band() -> None:
    with pytest.raises(DomainError, match="starts at 5 entries; the first band starts at 2"):
        parse_payout_table({"bands": [{"min_entries": 5, "max_entries": 9, "percentages": [100]}]})
    table = parse_payout_table({"bands": [{"min_entries": 2, "max_entries": 9, "percentages": [70, 30]}]})
    assert table.percentages_for(500) == (Decimal(70), Decimal(30))


@pytest.mark.parametrize("name", ["standard", "flat", "steep"])
def test_the_shipped_tables_add_up_and_round_trip_through_their_toml(name: str) -> None:
    table = payout_table(name)
    for band in table.bands:
        assert sum(band.percentages) == 100 and len(band.percentages) <= band.min_entries
        assert list(band.percentages) == sorted(band.percentages, reverse=True), f"{name} {band.min_entries}"
    assert payout_table_from_toml(payout_table_to_toml(table)) == table


def test_flat_pays_more_places_and_a_smaller_first_prize_than_standard_and_steep_fewer_and_bigger() -> None:
    for entries in (30, 60, 150, 1_000):
        flat, standard, steep = (payout_table(n).percentages_for(entries) for n in ("flat", "standard", "steep"))
        assert len(flat) > len(standard) > len(steep), entries
        assert flat[0] < standard[0] < steep[0], entries
