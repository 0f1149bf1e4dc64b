"""Finishing places as TD3 reckons them, and the league points of a save's own formula with the variables TD3's
formula sees."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from tdt_saves import evening
from tournament_director.domain.leagues import FormulaError
from tournament_director.imports.tdt import (
    TdtError, finishing_places, formula_variables, parse_tdt, places_from_last_busts, points_for_players,
)

T0 = datetime(2024, 3, 1, 19, 0, tzinfo=timezone.utc)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_later_busts_place_higher_and_the_never_busted_on_top() -> None:
    assert places_from_last_busts({"a": None, "b": at(50), "c": at(10), "d": at(30)}) == {
        "a": 1, "b": 2, "d": 3, "c": 4}


def test_players_out_at_the_same_moment_share_the_best_place_of_their_block() -> None:
    two_way = places_from_last_busts({"a": None, "b": at(40), "c": at(40), "d": at(20)})
    assert two_way == {"a": 1, "b": 2, "c": 2, "d": 4}
    three_way = places_from_last_busts({"a": None, "b": at(9), "c": at(9), "d": at(9), "e": at(5), "f": at(1)})
    assert three_way == {"a": 1, "b": 2, "c": 2, "d": 2, "e": 5, "f": 6}


def test_several_never_busted_share_first_and_a_field_all_busted_is_ranked_by_time() -> None:
    assert places_from_last_busts({"a": None, "b": None, "c": at(5)}) == {"a": 1, "b": 1, "c": 3}
    assert places_from_last_busts({"a": at(9), "b": at(5)}) == {"a": 1, "b": 2}
    assert places_from_last_busts({}) == {}


def test_the_variables_td3s_formula_sees() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    uuid = {p.name: p.uuid for p in t.players}
    variables = formula_variables(t)
    ada, bo, ed = variables[uuid["Ada Quill"]], variables[uuid["Bo Marsh"]], variables[uuid["Ed Vale"]]
    assert ada["buyins"] == 8 and ada["rank"] == 1 and ada["position"] == 8
    assert ada["numberOfHits"] == 6 and bo["numberOfHits"] == 1  # Ed's pot was shared: each hitman counts a hit
    assert bo["numberOfRebuys"] == 1 and bo["rebuyCost"] == 200 and bo["totalCost"] == 110 + 200 + 50
    assert bo["rank"] == 2 and bo["roundOut"] == 7 and ed["rank"] == 5
    assert ada["prizeWinnings"] == 720 and bo["prizeWinnings"] == 160 and ada["inTheMoney"] == 1
    assert ed["inTheMoney"] == 0 and ed["take"] == -110
    assert ada["totalBuyinsAmount"] == 870 and ada["totalRebuysAmount"] == 300 and ada["totalAddOnsAmount"] == 100
    assert ada["pot"] == 1200 and ada["inTheMoneyRank"] == 2 and ada["totalRebuys"] == 2 and ada["state"] == 3
    assert ada["playingTime"] == 201 * 60 - 1  # from her buy-in, 17 ms after the start, to the end


def test_points_by_the_saves_own_formula() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    points = {p.name: points_for_players(t)[p.uuid] for p in t.players}
    # top = round(8 / 4) = 2 places score 10 per place above the line plus one per hit; the rest score 1
    assert points == {"Ada Quill": 26, "Bo Marsh": 11, "Cy Fenn": 12, "Di Rook": 10, "Ed Vale": 1, "Fay Lune": 1,
                      "Gus Brae": 1, "Hal Sorrel": 1}


def test_a_league_style_formula_with_logarithms_gives_sensible_points() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    formula = ('assign("points", 0)\nassign("third", Round(n/3))\nassign("money", totalBuyInsAmount + '
               'totalRebuysAmount + totalAddOnsAmount)\nassign("avg", money/buyins)\n'
               'IF (third >= r, assign("points", round(10*(sqrt(n)/sqrt(r))*(1+log(avg+0.25))) + numberofHits*5))')
    points = {p.name: points_for_players(t, formula)[p.uuid] for p in t.players}
    assert points["Ada Quill"] > points["Bo Marsh"] > 0 and points["Ed Vale"] == 0
    assert points["Ada Quill"] == round(10 * (8 ** 0.5) * (1 + __import__("math").log(1270 / 8 + 0.25))) + 30


def test_points_need_a_place_a_formula_and_known_variables() -> None:
    b = evening()
    b.ended = None
    unfinished = parse_tdt(b.data(), "tonight.tdt")
    # Ada is still in: no place, no points yet; the busted players score from their places below her
    assert {unfinished.player(u).name for u in points_for_players(unfinished)} == {
        "Bo Marsh", "Cy Fenn", "Di Rook", "Ed Vale", "Fay Lune", "Gus Brae", "Hal Sorrel"}
    t = parse_tdt(evening().data(), "evening.tdt")
    with pytest.raises(FormulaError, match="the variable 'secondsLeft' .* has no value here at 1:1"):
        points_for_players(t, "secondsLeft + r")
    with pytest.raises(FormulaError, match="unknown variable 'rr2' at 1:5"):
        points_for_players(t, "n - rr2")
    with pytest.raises(TdtError, match="has no points formula"):
        points_for_players(t, "  ")


def test_profile_functions_read_the_saves_profiles() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    points = points_for_players(t, 'buyinProfileFee() + buyinProfileChips("Early Bird") / 1000 + totalForRake()')
    assert set(points.values()) == {110 + 12 + 70}
    with pytest.raises(FormulaError, match="there is no buyin profile named 'Nope'"):
        points_for_players(t, 'buyinProfileFee("Nope")')


def test_the_readers_are_pure_python() -> None:
    code = ("import sys, tournament_director.imports.tdt, tournament_director.domain.leagues; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('PySide6', 'sqlalchemy', 'sqlmodel', 'alembic', 'apscheduler') "
            "or m.startswith(('tournament_director.store', 'tournament_director.services', "
            "'tournament_director.ui'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_places_of_the_evening_match_the_prizes_td3_awarded() -> None:
    t = parse_tdt(evening().data(), "evening.tdt")
    places = finishing_places(t)
    for prize in t.prizes:
        assert all(places[uuid] == prize.place for uuid in prize.awarded_to)
