"""A save read as TD3 shows it: Windows-1252 saves and pre-release versions read, rebuys counted as TD3 counts them
(every purchase after the first buy-in) in the formula's variables, the busted players of an unfinished save
placed below those still in, a chop's prizes divided equally, and the points of a formula with a natural log and
halves rounded up."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest

from tdt_saves import SEASON_FINAL_FORMULA, evening, season_final
from tournament_director.imports.tdt import (
    TdtError, finishing_places, formula_variables, money_totals, parse_tdt, points_for_players, prize_shares,
)

OLD_SAVE = {"version": "3.4.3", "maps": "object", "encoding": "cp1252"}  # how TD3 before 3.7 wrote a save


def by_name(t, values: dict) -> dict:
    return {t.player(uuid).name: value for uuid, value in values.items()}


def half_up(x: float) -> int:
    """TD3's round (JavaScript's Math.round): halves go up, 2.5 is 3 (Python's round gives 2)."""
    return math.floor(x + 0.5)


def test_a_windows_1252_save_is_read_with_its_letters() -> None:
    data = season_final().data(**OLD_SAVE)
    assert "Björn".encode("cp1252") in data and b"\xc5rsfinal" in data  # one byte a letter: not UTF-8
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    t = parse_tdt(data, "arsfinal.tdt")
    assert (t.title, t.league, t.season) == ("Årsfinal", "Ölkällarens Liga", "Säsong 2019")
    assert [p.name for p in t.players] == ["Björn Ek", "Åsa Berg", "Zoë Lund", "Jörgen Öst", "Måns Ahl",
                                           "René Côté"]
    # the same save in UTF-8 reads the same
    again = parse_tdt(season_final().data(version="3.4.3", maps="object"), "arsfinal-utf8.tdt")
    assert [p.name for p in again.players] == [p.name for p in t.players] and again.title == t.title


def test_bytes_neither_utf_8_nor_windows_1252_are_refused_naming_the_byte() -> None:
    data = season_final().data(**OLD_SAVE).replace(b"Ek", b"E\x8f", 1)
    with pytest.raises(TdtError, match=r"^bad\.tdt: is neither UTF-8 nor Windows-1252 text \(byte 0x8f at byte "
                                       r"offset \d+\)"):
        parse_tdt(data, "bad.tdt")


def test_a_pre_release_is_read_like_its_version_and_one_of_a_version_not_read_here_is_refused() -> None:
    for version in ("3.7.0-beta.5", "3.7.0-beta", "3.5.0-rc.1", "3.6-alpha.2"):
        t = parse_tdt(evening().data(version=version), "beta.tdt")
        assert t.version == version and len(t.entrants) == 8 and t.finished
    for version in ("3.8.0-beta.1", "3.7.0-", "3.7.0-beta..1", "3.7.0 beta"):
        with pytest.raises(TdtError, match=r"is not one read here \(3\.0 to 3\.7\)"):
            parse_tdt(evening().data(version=version), "beta.tdt")


def test_every_purchase_after_the_first_buy_in_is_a_rebuy_to_the_formula() -> None:
    t = parse_tdt(season_final().data(**OLD_SAVE), "arsfinal.tdt")
    variables = by_name(t, formula_variables(t))
    # Måns rebought while in and again after his bust, René after his bust, Björn while in: all rebuys to TD3
    assert {name: v["numberOfRebuys"] for name, v in variables.items()} == {
        "Björn Ek": 1, "Åsa Berg": 0, "Zoë Lund": 0, "Jörgen Öst": 0, "Måns Ahl": 2, "René Côté": 1}
    assert {name: v["rebuyCost"] for name, v in variables.items() if v["rebuyCost"]} == {
        "Björn Ek": 100, "Måns Ahl": 200, "René Côté": 100}
    mans = variables["Måns Ahl"]
    assert (mans["buyins"], mans["totalRebuys"], mans["totalRebuysAmount"], mans["totalBuyinsAmount"]) == (
        6, 4, 400, 660)
    assert (mans["rank"], mans["position"], mans["pot"], mans["totalCost"]) == (4, 3, 1200, 310)
    totals = money_totals(t)
    assert (totals.td3_rebuys, totals.td3_entries, totals.buy_ins) == (4, 10, 6)


def test_the_points_of_a_formula_with_a_natural_log_and_halves_rounded_up() -> None:
    t = parse_tdt(season_final().data(**OLD_SAVE), "arsfinal.tdt")
    points = by_name(t, points_for_players(t))
    average = (660 + 400) / 6  # what the six paid, over the players who bought in
    top = half_up(10 * math.log(average))  # natural log: 10 × ln(176.67) = 51.74, so 52
    assert top == 52 and half_up(10 * math.log(average) / 4) == 13
    pool = half_up(400 / 160)  # 2.5 rounds up to 3
    assert points == {
        "Björn Ek": top + half_up(1 * 2.5) + pool,  # 52 + 3 + 3
        "Åsa Berg": top + 0 + pool, "Zoë Lund": top + 0 + pool,  # the chop: all three 1st
        "Måns Ahl": half_up(10 * math.log(average) / 4) + half_up(2 * 2.5) + pool,  # 13 + 5 + 3
        "René Côté": 1 + half_up(1 * 2.5) + pool,  # below the top four: 1 + 3 + 3
        "Jörgen Öst": 1 + 0 + pool}
    assert points == {"Björn Ek": 58, "Åsa Berg": 55, "Zoë Lund": 55, "Måns Ahl": 21, "René Côté": 7,
                      "Jörgen Öst": 4}
    # halves up, negative ones too, as JavaScript's Math.round: round(-2.5) is -2, round(0.5) is 1
    assert set(points_for_players(t, "round(-2.5) + 10 * round(0.5) + 100 * round(1.5)").values()) == {208.0}
    # log with a base is the logarithm in that base; ln is log
    assert set(points_for_players(t, "log(8, 2) + ln(exp(2))").values()) == {5.0}


def test_an_unfinished_save_places_its_busted_players_below_the_ones_still_in_and_scores_them() -> None:
    t = parse_tdt(season_final(finished=False).data(**OLD_SAVE), "arsfinal-half.tdt")
    assert not t.finished
    # three still in: the last one busted is 4th, and so on; the three have no place yet
    assert by_name(t, finishing_places(t)) == {"Björn Ek": None, "Åsa Berg": None, "Zoë Lund": None,
                                               "Måns Ahl": 4, "René Côté": 5, "Jörgen Öst": 6}
    variables = by_name(t, formula_variables(t))
    assert set(variables) == {"Måns Ahl", "René Côté", "Jörgen Öst"}
    assert variables["Måns Ahl"]["playersLeft"] == 3 and variables["Måns Ahl"]["state"] == 2
    assert by_name(t, points_for_players(t, SEASON_FINAL_FORMULA)) == {"Måns Ahl": 21, "René Côté": 7,
                                                                        "Jörgen Öst": 4}


def test_a_chop_is_each_prize_divided_equally() -> None:
    t = parse_tdt(season_final().data(**OLD_SAVE), "arsfinal.tdt")
    # 600, 400 and 200 each awarded to the three: 200 + 133.33… + 66.66… = 400 each, not 401, 400 and 399
    assert by_name(t, prize_shares(t)) == {"Björn Ek": 400, "Åsa Berg": 400, "Zoë Lund": 400}
    assert {v["prizeWinnings"] for v in formula_variables(t).values() if v["rank"] == 1} == {400}
    b = season_final()
    b.prizes = []
    b.prize(1, 100, 1000, *(p.uuid for p in b.players[:3]))  # 1,000 by three: TD3's own thirds, not rounded
    shares = prize_shares(parse_tdt(b.data(), "thirds.tdt"))
    assert set(shares.values()) == {Decimal("333.3333333333")}
