"""A TD3 save read into the model: players, fee profiles, entries (buy-in, rebuys, re-entries, add-ons, busts with
hitmen), the structure, the prizes as TD3 awarded them, league and season, and the finishing places, from small
synthetic saves written the way TD3 3.0 to 3.7 write them (tests/tdt_saves.py)."""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import pytest

from tdt_saves import START_MS, SaveBuilder, evening
from tournament_director.imports.tdt import (
    PurchaseKind, Status, TdtError, finishing_places, money_totals, parse_tdt, read_tdt,
)


def by_name(tournament):
    return {p.name: p for p in tournament.players}


@pytest.mark.parametrize("maps", ["from", "object"])
def test_both_map_syntaxes_give_the_same_tournament(maps: str) -> None:
    t = parse_tdt(evening(maps).data(maps=maps), "evening.tdt")
    reference = parse_tdt(evening().data(), "evening.tdt")
    assert t.players == reference.players
    assert [p.name for p in t.players] == ["Ada Quill", "Bo Marsh", "Cy Fenn", "Di Rook", "Ed Vale", "Fay Lune",
                                           "Gus Brae", "Hal Sorrel"]
    assert t.title == "Thursday Deepstack" and t.league == "River Club League" and t.season == "Autumn"
    assert t.version == "3.7.2" and t.status is Status.FINISHED and t.finished
    assert t.date == datetime.fromtimestamp(START_MS / 1000, timezone.utc).date()


def test_a_rebuy_after_a_bust_is_a_re_entry_and_a_rebuy_before_one_adds_to_the_entry() -> None:
    players = by_name(parse_tdt(evening().data(), "evening.tdt"))
    bo = players["Bo Marsh"]
    assert [e.opening.kind for e in bo.entries] == [PurchaseKind.BUY_IN, PurchaseKind.RE_ENTRY]
    assert bo.entries[0].bust is not None and bo.entries[0].bust.round == 2
    assert bo.entries[1].opening.profile == "Double Rebuy" and bo.entries[1].opening.amount == Decimal(200)
    assert bo.entries[1].opening.chips == 20_000
    cy = players["Cy Fenn"]
    assert len(cy.entries) == 1
    assert [p.kind for p in cy.entries[0].rebuys] == [PurchaseKind.REBUY]
    assert cy.entries[0].rebuys[0].profile == "Rebuy"


def test_add_ons_belong_to_the_entry_live_when_bought() -> None:
    players = by_name(parse_tdt(evening().data(), "evening.tdt"))
    assert [len(e.add_ons) for e in players["Bo Marsh"].entries] == [0, 1]
    ada_add_on = players["Ada Quill"].entries[0].add_ons[0]
    assert ada_add_on.kind is PurchaseKind.ADD_ON and ada_add_on.amount == 50 and ada_add_on.chips == 5_000
    assert ada_add_on.profile == "Add-on" and ada_add_on.round == 3


def test_busts_keep_their_time_round_and_hitmen() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    players = by_name(t)
    ed = players["Ed Vale"].last_bust
    assert ed.round == 6 and ed.time == datetime.fromtimestamp((START_MS + 150 * 60_000) / 1000, timezone.utc)
    assert ed.hitmen == (players["Ada Quill"].uuid, players["Bo Marsh"].uuid)
    assert players["Ada Quill"].last_bust is None
    assert t.warnings == ()


def test_places_as_td3_reckons_them_with_a_two_way_and_a_three_way_same_moment_bust() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    places = {p.name: place for p, place in zip(t.players, finishing_places(t).values())}
    assert places == {"Ada Quill": 1, "Di Rook": 2, "Cy Fenn": 2, "Bo Marsh": 2, "Ed Vale": 5, "Fay Lune": 6,
                      "Gus Brae": 6, "Hal Sorrel": 8}


def test_an_unfinished_game_places_only_its_busted_players() -> None:
    b = evening()
    b.ended = None
    t = parse_tdt(b.data(), "tonight.tdt")
    assert t.status is Status.IN_PROGRESS and not t.finished
    places = {t.player(uuid).name: place for uuid, place in finishing_places(t).items()}
    assert places == {"Ada Quill": None, "Bo Marsh": 2, "Cy Fenn": 2, "Di Rook": 2, "Ed Vale": 5, "Fay Lune": 6,
                      "Gus Brae": 6, "Hal Sorrel": 8}
    b.started = None
    assert parse_tdt(b.data(), "later.tdt").status is Status.NOT_STARTED


def test_fee_profiles_of_every_kind() -> None:
    money = parse_tdt(evening().data(), "evening.tdt").financials
    assert [(p.name, p.fee, p.rake, p.chips) for p in money.buy_ins.profiles] == [
        ("Standard", 110, 10, 10_000), ("Early Bird", 100, 0, 12_000)]
    assert [p.name for p in money.rebuys.profiles] == ["Rebuy", "Double Rebuy"]
    assert money.add_ons.profile("Add-on").chips == 5_000
    assert money.rebuys.last_round == 4 and money.rebuys_while_alive
    assert money.points_formula.startswith('assign("points", 1)')
    hal = by_name(parse_tdt(evening().data(), "evening.tdt"))["Hal Sorrel"]
    assert hal.entries[0].opening.profile == "Early Bird" and hal.entries[0].opening.rake == 0


def test_percentage_and_fixed_prizes_as_td3_awarded_them() -> None:
    b = evening()
    b.prizes = []
    players = {p.name: p.uuid for p in b.players}
    b.prize(1, 50, 600, players["Ada Quill"])
    b.prize(2, 400, 400, players["Di Rook"], percent=False)
    t = parse_tdt(b.data(), "prizes.tdt")
    first, second = t.prizes
    assert (first.place, first.percent, first.amount, first.awarded) == (1, True, 50, 600)
    assert (second.place, second.percent, second.amount, second.awarded) == (2, False, 400, 400)
    assert first.awarded_to == (players["Ada Quill"],) and first.shares_remainder
    assert money_totals(t).prizes_awarded == 1000


def test_money_totals_count_re_entries_among_td3_rebuys() -> None:
    totals = money_totals(parse_tdt(evening().data(), "evening.tdt"))
    assert (totals.players, totals.entries, totals.buy_ins, totals.rebuys, totals.re_entries, totals.add_ons) == (
        8, 9, 8, 1, 1, 2)
    assert totals.td3_rebuys == 2
    assert (totals.buy_ins_amount, totals.rebuys_amount, totals.add_ons_amount) == (870, 300, 100)
    assert totals.rake == 70 and totals.prize_pool == 1200 and totals.prizes_awarded == 1200


def test_house_contribution_fixed_rake_and_guarantee() -> None:
    b = evening()
    b.house_contribution, b.fixed_rake = 100, 20
    totals = money_totals(parse_tdt(b.data(), "house.tdt"))
    assert totals.pot_before_guarantee == 1200 - 20 + 100 and totals.house_adds == 0
    b.guaranteed_pot = 2000
    totals = money_totals(parse_tdt(b.data(), "guaranteed.tdt"))
    assert totals.house_adds == 2000 - 1280 and totals.prize_pool == 2000


def test_the_structure_keeps_rounds_breaks_and_antes() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    assert (t.current_level, t.level_elapsed_seconds, t.level_seconds, t.clock_running) == (3, 300, 1200, False)
    levels = t.levels
    assert [(lv.is_break, lv.round_number, lv.small_blind, lv.big_blind, lv.ante, lv.minutes) for lv in levels] == [
        (False, 1, 25, 50, 0, 20), (False, 2, 50, 100, 0, 20), (True, None, 0, 0, 0, 10), (False, 3, 100, 200, 25, 20)]


def test_a_td3_3_0_save_has_one_price_each_and_no_profile_names() -> None:
    b = evening("object")
    for player in b.players:
        for purchase in player.buyins + player.addons:
            purchase.pop("ProfileName", None)
    t = parse_tdt(b.data(version="3.0", maps="object", old=True), "demo.tdt")
    assert t.version == "3.0"
    assert [p.name for p in t.financials.buy_ins.profiles] == ["Buy-in"]
    assert t.financials.rebuys.profiles[0].fee == 100 and t.financials.add_ons.profiles[0].chips == 5_000
    assert all(p.profile is None for player in t.players for p in player.purchases())
    assert money_totals(t).prize_pool == 1200


def test_contact_and_names() -> None:
    b = SaveBuilder()
    uuid = b.player("Ivo Tarn")
    b.buy_in(uuid)
    player = parse_tdt(b.data(), "one.tdt").players[0]
    assert player.uuid == uuid and player.name == "Ivo Tarn" and player.contact.email == "ivo@example.org"


def test_doubtful_things_are_kept_and_named_in_warnings() -> None:
    b = evening()
    b.bust(b.players[0].uuid, 250, 9, "ffffffff-0000-4000-8000-000000000000")
    b.chops = [{"Players": []}]
    t = parse_tdt(b.data(), "odd.tdt")
    assert any("ffffffff" in w and "not a player" in w for w in t.warnings)
    assert any("deal" in w for w in t.warnings)


def test_read_tdt_reads_a_file_and_names_it_in_refusals(tmp_path: Path) -> None:
    good = tmp_path / "good.tdt"
    good.write_bytes(evening().data())
    assert read_tdt(good).source == "good.tdt"
    with pytest.raises(TdtError, match=r"^missing\.tdt: cannot be read"):
        read_tdt(tmp_path / "missing.tdt")
    with pytest.raises(TdtError, match=r"^folder: cannot be read"):
        (tmp_path / "folder").mkdir()
        read_tdt(tmp_path / "folder")


def test_a_newer_or_older_td3_version_is_refused() -> None:
    with pytest.raises(TdtError, match=r"TD3 version '3\.8' is not one read here \(3\.0 to 3\.7\)"):
        parse_tdt(evening().data(version="3.8"), "new.tdt")
    with pytest.raises(TdtError, match=r"version '2\.9'"):
        parse_tdt(evening().data(version="2.9"), "old.tdt")
