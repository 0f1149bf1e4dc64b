"""Importing TD3 saves (issue 17): a synthetic save becomes a tournament of this program, in one transaction, with
its players matched to the registry, its purchases, busts and prizes as TD3 recorded them, its places as TD3
reckons them, its league and season; an unfinished save is continued here; a hostile file is refused with the
file and the problem named and nothing written."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import text

from tdt_saves import SaveBuilder, evening
from tournament_director.domain.errors import DomainError
from tournament_director.domain.state import TournamentState
from tournament_director.imports.tdt import TdtError, parse_tdt
from tournament_director.services.commands import CommandRunner
from tournament_director.services.league_results import (
    results_csv, season_standings, tournament_results, tournament_summary,
)
from tournament_director.services.tdt_import import import_file, import_files, import_save
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

HOSTILE = Path(__file__).parent.parent / "imports" / "tdt" / "hostile"


def write(tmp_path: Path, builder: SaveBuilder, name: str = "evening.tdt", **how: object) -> Path:
    path = tmp_path / name
    path.write_bytes(builder.data(**how))  # type: ignore[arg-type]
    return path


def by_name(store: Store, tournament_id: int) -> dict[str, object]:
    return {row.name: row for row in tournament_results(store, tournament_id).rows}


def counts(store: Store) -> dict[str, int]:
    with store.engine.connect() as c:
        return {table: c.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar()
                for table in ("tournament", "event", "player", "league", "season", "tournament_import",
                              "player_external_id")}


@pytest.mark.parametrize("how", [{"maps": "from"}, {"maps": "object", "version": "3.4.3"}])
def test_the_evening_comes_in_with_places_prizes_hits_and_money_as_td3_recorded_them(store: Store, tmp_path: Path,
                                                                                    how: dict) -> None:
    report = import_file(store, write(tmp_path, evening(), **how))
    assert (report.status, report.players, report.entries, report.new_players) == ("finished", 8, 10, 8)
    rows = by_name(store, report.tournament_id)
    places = {name: row.place for name, row in rows.items()}
    # Di, Cy and Bo out at the same moment share 2nd; Gus and Fay share 6th; the places they cover are used up
    assert places == {"Ada Quill": 1, "Di Rook": 2, "Cy Fenn": 2, "Bo Marsh": 2, "Ed Vale": 5, "Fay Lune": 6,
                      "Gus Brae": 6, "Hal Sorrel": 8}
    assert {n: r.prize for n, r in rows.items() if r.prize} == {"Ada Quill": 720, "Di Rook": 160, "Cy Fenn": 160,
                                                                "Bo Marsh": 160}
    # Ed's shared pot counts a hit for both hitmen
    assert rows["Ada Quill"].hits == 6 and rows["Bo Marsh"].hits == 1 and rows["Cy Fenn"].hits == 2
    # Cy's rebuy while in and Bo's rebuy after his bust are both rebuys to TD3; entries are buy-in plus rebuys
    assert (rows["Cy Fenn"].entries, rows["Cy Fenn"].rebuys) == (2, 1)
    assert (rows["Bo Marsh"].entries, rows["Bo Marsh"].rebuys, rows["Bo Marsh"].addons) == (2, 1, 1)
    summary = tournament_summary(store, report.tournament_id)
    assert summary == {"players": 8, "entries": 10, "rebuys": 2, "addons": 2, "prize_pool": 1200,
                       "prizes_total": 1200, "rounds": 3, "breaks": 1, "title": "Thursday Deepstack",
                       "date": "2023-11-14", "league": "River Club League", "season": "Autumn"}
    lines = results_csv(tournament_results(store, report.tournament_id)).splitlines()
    assert lines[0] == "place,name,prize,hits,entries,rebuys,addons,points"
    assert lines[1].startswith("1,Ada Quill,720,6,1,0,1,")
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2", "2", "2", "5", "6", "6", "8"]


def test_each_entry_keeps_what_it_paid_and_its_profile(store: Store, tmp_path: Path) -> None:
    report = import_file(store, write(tmp_path, evening()))
    floor = CommandRunner(store, report.tournament_id, TournamentState).state.floor
    hal = next(e for e in floor.entries.values() if e.name == "Hal Sorrel")
    assert (hal.buy_in_option, hal.paid_prize, hal.paid_house, hal.chips) == ("Early Bird", 100, 0, 0)
    bo = [e for e in floor.entries.values() if e.name == "Bo Marsh"]
    assert [(e.number, e.paid_prize) for e in bo] == [(1, 100), (2, 250)]  # 110 less 10 rake; 200 + the add-on
    assert floor.house_total == 70 and floor.prize_pool == 1200
    assert floor.check_invariants() == []


def test_bounty_chips_are_paid_on_top_and_stay_out_of_the_pot(store: Store, tmp_path: Path) -> None:
    b = evening()
    b.players[0].buyins[0]["PersonalBounty"] = 25
    report = import_file(store, write(tmp_path, b))
    floor = CommandRunner(store, report.tournament_id, TournamentState).state.floor
    ada = next(e for e in floor.entries.values() if e.name == "Ada Quill")
    assert (ada.paid_bounty, floor.bounty_pool, floor.prize_pool) == (25, 25, 1200)
    assert floor.check_invariants() == []


def test_the_old_financials_of_td3_3_0_are_read_too(store: Store, tmp_path: Path) -> None:
    report = import_file(store, write(tmp_path, evening(), version="3.0", maps="object", old=True))
    assert tournament_summary(store, report.tournament_id)["prize_pool"] == 1200


def test_house_money_fixed_rake_and_the_guarantee_change_the_pot(store: Store, tmp_path: Path) -> None:
    b = evening()
    b.house_contribution, b.fixed_rake, b.guaranteed_pot = 100, 50, 2000
    report = import_file(store, write(tmp_path, b))
    assert tournament_summary(store, report.tournament_id)["prize_pool"] == 2000
    b.guaranteed_pot = 0
    report = import_file(store, write(tmp_path, b, "again.tdt"))
    assert tournament_summary(store, report.tournament_id)["prize_pool"] == 1250


def test_fixed_prizes_come_in_as_awarded_even_beyond_the_pot(store: Store, tmp_path: Path) -> None:
    b = evening()
    b.prizes = []
    b.prize(1, 1000, 1000, b.players[0].uuid, percent=False)
    b.prize(2, 500, 500, b.players[3].uuid, percent=False)
    report = import_file(store, write(tmp_path, b))
    summary = tournament_summary(store, report.tournament_id)
    assert (summary["prize_pool"], summary["prizes_total"]) == (1200, 1500)
    assert by_name(store, report.tournament_id)["Di Rook"].prize == 500


def test_players_are_matched_by_td3_uuid_then_by_name(store: Store, tmp_path: Path) -> None:
    known = store.add_player("ada  QUILL")  # the registry's folding: case and spaces ignored
    swapped = store.add_player("Marsh, Bo")  # the same words in another order
    store.add_player("Cy Fen")  # a typo apart: not merged, but said
    first = import_file(store, write(tmp_path, evening()))
    assert (first.new_players, first.matched_players) == (6, 2)
    assert any("Cy Fenn is added to the registry; it has a similar name already (cy fen)" == w
               for w in first.warnings)
    rows = by_name(store, first.tournament_id)
    assert rows["Ada Quill"].player_id == known.id and rows["Bo Marsh"].player_id == swapped.id
    b = evening()
    b.players[1].name = "Bo Marsh-Renamed"  # same TD3 UUID, another name: still the same player
    second = import_file(store, write(tmp_path, b, "second.tdt"))
    assert (second.new_players, second.matched_players) == (0, 8)
    again = {r.name: r.player_id for r in tournament_results(store, second.tournament_id).rows}
    assert again["Bo Marsh-Renamed"] == rows["Bo Marsh"].player_id
    assert len(store.all_players()) == 9


def test_an_unfinished_save_is_continued_here(store: Store, tmp_path: Path) -> None:
    b = SaveBuilder()
    ada, bo, cy = (b.player(n) for n in ("Ada Quill", "Bo Marsh", "Cy Fenn"))
    for i, uuid in enumerate((ada, bo, cy)):
        b.buy_in(uuid, minute=i)
    b.bust(cy, 40, 2, ada)
    report = import_file(store, write(tmp_path, b))
    assert report.status == "in progress"
    # the busted player is placed below the two still in, who have no place yet
    assert [(r.name, r.place) for r in tournament_results(store, report.tournament_id).rows] == [
        ("Cy Fenn", 3), ("Ada Quill", None), ("Bo Marsh", None)]
    runner = CommandRunner(store, report.tournament_id, TournamentState)
    assert runner.state.schedule.current_period_index == 3 and not runner.state.schedule.running
    assert runner.state.schedule.remaining_ms == (20 - 5) * 60_000  # TD3's clock had run 300 s of round 3
    service = TournamentService(runner)
    bo_entry = next(e.id for e in runner.state.floor.entries.values() if e.name == "Bo Marsh")
    ada_entry = next(e.id for e in runner.state.floor.entries.values() if e.name == "Ada Quill")
    service.close_registration()
    service.bust(bo_entry, eliminated_by=[ada_entry])
    assert runner.state.floor.finished
    # finished here: the places and the season's formula (its variables from this program's floor) follow
    assert [(r.name, r.place, r.hits, r.points) for r in tournament_results(store, report.tournament_id).rows] == [
        ("Ada Quill", 1, 2, 12.0), ("Bo Marsh", 2, 0, 1.0), ("Cy Fenn", 3, 0, 1.0)]
    season = store.leagues.season_of(report.tournament_id)
    store.leagues.set_season_formula(season.id, 'assign("monies", totalBuyInsAmount + totalRebuysAmount + '
                                                'totalAddOnsAmount)\nassign("points", monies / buyins + nh - r)')
    assert [r.points for r in tournament_results(store, report.tournament_id).rows] == [111.0, 108.0, 107.0]


def test_a_save_never_started_comes_in_with_its_players(store: Store, tmp_path: Path) -> None:
    b = SaveBuilder(league=None, season=None)
    for name in ("Ada Quill", "Bo Marsh"):
        b.buy_in(b.player(name))
    b.started = None
    report = import_file(store, write(tmp_path, b))
    assert report.status == "not started" and report.league is None
    assert tournament_summary(store, report.tournament_id)["players"] == 2


def test_season_standings_from_several_saves_with_an_adjustment(store: Store, tmp_path: Path) -> None:
    b = evening()
    ids = [import_file(store, write(tmp_path, b, "night0.tdt")).tournament_id]
    b.players[4].points_adjustment = 3  # Ed's TD3 points adjustment, in the second save
    b.uuid = "22222222-2222-4333-8444-555555555555"  # another night
    ids.append(import_file(store, write(tmp_path, b, "night1.tdt")).tournament_id)
    season = store.leagues.seasons()[0]
    assert (season.league, season.name) == ("River Club League", "Autumn")
    ada = by_name(store, ids[0])["Ada Quill"]
    store.leagues.add_adjustment(season.id, ada.player_id, -5, "late")
    standings = season_standings(store, season.id)
    top = standings.lines[0]
    assert (top.name, top.events, top.wins, top.money_won, top.hits) == ("Ada Quill", 2, 2, 1440, 12)
    assert top.points == 2 * ada.points - 5 and ada.points > 0
    assert len(standings.tournaments) == 2
    # Ed's TD3 adjustment is part of his points in the second night, as TD3 shows them, not a season adjustment
    first_night, second_night = (by_name(store, i)["Ed Vale"].points for i in ids)
    assert second_night == first_night + 3
    ed = next(line for line in standings.lines if line.name == "Ed Vale")
    assert ed.adjustment == 0 and ed.points == 2 * first_night + 3


@pytest.mark.parametrize("name", sorted(p.name for p in HOSTILE.glob("*.tdt")))
def test_a_hostile_file_is_refused_naming_it_and_nothing_is_written(store: Store, name: str) -> None:
    before = counts(store)
    with pytest.raises(TdtError) as refusal:
        import_file(store, HOSTILE / name)
    assert str(refusal.value).startswith(name)
    assert counts(store) == before


@pytest.mark.parametrize("damage", ["truncated", "binary", "huge", "wrong type"])
def test_a_damaged_save_is_refused_and_nothing_is_written(store: Store, tmp_path: Path, damage: str) -> None:
    data = evening().data()
    data = {"truncated": data[: len(data) // 2], "binary": bytes(range(256)) * 8,
            "huge": data[:-1] + b", X: \"" + b"x" * (70 * 2**20) + b"\" }",
            "wrong type": data.replace(b'Amount: 110', b'Amount: "110"', 1)}[damage]
    path = tmp_path / f"{damage}.tdt"
    path.write_bytes(data)
    before = counts(store)
    with pytest.raises(TdtError) as refusal:
        import_file(store, path)
    assert str(refusal.value).startswith(path.name)
    assert counts(store) == before


def test_a_history_that_cannot_be_brought_over_leaves_no_player_behind(store: Store) -> None:
    b = evening()
    b.add_on(b.players[5].uuid, -10)  # Fay's add-on before anyone bought in
    before = counts(store)
    with pytest.raises(TdtError, match="evening.tdt: Fay Lune's add-on at .* comes while he is not in play"):
        import_save(store, parse_tdt(b.data(), "evening.tdt"))
    assert counts(store) == before


def test_a_bust_before_the_buy_in_it_ends_is_refused(store: Store) -> None:
    b = evening()
    b.players[1].buyins[-1]["BustOut"].fields["Time"] = b.players[1].buyins[-1]["Time"] - 60_000
    with pytest.raises(TdtError, match="Bo Marsh's bust at .* comes before the buy-in it ends"):
        import_save(store, parse_tdt(b.data(), "evening.tdt"))
    assert counts(store)["player"] == 0


def test_a_prize_split_to_the_cent_is_rounded_and_said(store: Store, tmp_path: Path) -> None:
    b = evening()
    b.prizes = []
    b.prize(1, 57.5, 690.5, b.players[0].uuid)
    b.prize(2, 42.5, 509.5, b.players[3].uuid)
    report = import_file(store, write(tmp_path, b))
    rows = by_name(store, report.tournament_id)
    # the results show TD3's own figures; the floor, which keeps whole units, has them rounded, as said
    assert (rows["Ada Quill"].prize, rows["Di Rook"].prize) == (Decimal("690.5"), Decimal("509.5"))
    floor = CommandRunner(store, report.tournament_id, TournamentState).state.floor
    assert sorted(floor.deal.values()) == [510, 691]
    assert "Ada Quill's prize was 690.50; here it is 691" in report.warnings


def test_cents_are_refused_naming_the_amount(store: Store) -> None:
    b = evening()
    b.players[0].buyins[0]["Amount"] = 110.5
    with pytest.raises(TdtError, match="whole amounts, not cents"):
        import_save(store, parse_tdt(b.data(), "cents.tdt"))
    assert counts(store)["tournament"] == 0


def test_a_folder_imports_each_file_and_reports_the_refused(store: Store, tmp_path: Path) -> None:
    write(tmp_path, evening(), "a.tdt")
    (tmp_path / "b.tdt").write_bytes(b"not a save")
    write(tmp_path, evening(), "c.tdt")
    seen: list[tuple[int, int]] = []
    report = import_files(store, sorted(tmp_path.glob("*.tdt")), progress=lambda d, t, f: seen.append((d, t)) or True)
    assert [r.source for r in report.imported] == ["a.tdt", "c.tdt"]
    assert report.refused[0][0] == "b.tdt" and "is not a TD3 save" in report.refused[0][1]
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_a_tournament_that_does_not_exist_is_refused(store: Store) -> None:
    with pytest.raises(DomainError, match="no tournament number 7"):
        tournament_results(store, 7)


def test_the_log_tells_the_imported_history_in_sentences(store: Store, tmp_path: Path) -> None:
    from tournament_director.services.session import DirectorSession

    report = import_file(store, write(tmp_path, evening()))
    session = DirectorSession(store)
    session.select_tournament(report.tournament_id)
    texts = [h.description for h in session.history()]
    assert "Hal Sorrel bought in (Early Bird) for 100 (entry 8)" in texts
    assert "Cy Fenn rebought (Rebuy) for 100" in texts
    assert "Bo Marsh bought in (Double Rebuy) for 200 (entry 9)" in texts  # his re-entry
    assert "Fay Lune out, eliminated by Cy Fenn; Gus Brae out, eliminated by Cy Fenn" in texts  # one moment
    assert "Ed Vale out, eliminated by Ada Quill and Bo Marsh" in texts
    assert texts[-1] == "Prizes awarded as recorded: 1,200 to 4 player(s)"


def test_an_add_on_typed_in_after_the_bust_counts_before_it(store: Store, tmp_path: Path) -> None:
    b = evening()
    b.add_on(b.players[7].uuid, 95)  # Hal's add-on, recorded five minutes after his bust
    report = import_file(store, write(tmp_path, b))
    assert by_name(store, report.tournament_id)["Hal Sorrel"].addons == 1
    assert tournament_summary(store, report.tournament_id)["prize_pool"] == 1250
    assert any("recorded after his bust" in w for w in report.warnings)


def random_night(rng, number: int) -> SaveBuilder:
    """A random finished night: buy-ins, rebuys while in, re-entries, add-ons, same-moment busts, shared pots."""
    import random as _random

    assert isinstance(rng, _random.Random)
    b = SaveBuilder(title=f"Night {number}")
    players = [b.player(f"Player {number} {chr(65 + i)}") for i in range(rng.randint(3, 12))]
    for i, uuid in enumerate(players):
        b.buy_in(uuid, minute=i * 0.5)
    alive, minute = list(players), 10.0
    for uuid in alive:
        if rng.random() < 0.3:
            b.rebuy(uuid, minute)
    reentered = False
    while len(alive) > 1:
        minute += rng.choice([1, 3, 7] if reentered else [0, 1, 3, 7])  # 0: at the same moment as the last
        reentered = False
        out = rng.sample(alive, k=min(len(alive) - 1, rng.choice([1, 1, 1, 2, 3])))
        winners = [p for p in alive if p not in out]
        for uuid in out:
            b.bust(uuid, minute, 1 + int(minute // 20), *rng.sample(winners, k=min(len(winners), rng.randint(0, 2))))
        if minute < 60 and rng.random() < 0.4:
            b.rebuy(out[0], minute + 0.5)  # a rebuy after the bust: a re-entry
            out, reentered = out[1:], True
        alive = [p for p in alive if p not in out]
        if 40 < minute < 50:
            for uuid in alive:
                b.add_on(uuid, minute + 0.2)
    b.finish(minute + 1)
    b.prize(1, 100, 500, alive[0])
    return b


def test_random_nights_give_the_readers_places_counts_and_pot(store: Store, tmp_path: Path) -> None:
    import random

    from tournament_director.imports.tdt import finishing_places, money_totals, read_tdt

    rng = random.Random(1717)
    for number in range(25):
        path = write(tmp_path, random_night(rng, number), f"night-{number}.tdt")
        save = read_tdt(path)
        report = import_file(store, path)
        expected = {save.player(u).name: place for u, place in finishing_places(save).items()}
        rows = tournament_results(store, report.tournament_id).rows
        assert {r.name: r.place for r in rows} == expected, path.name
        totals = money_totals(save)
        summary = tournament_summary(store, report.tournament_id)
        assert (summary["players"], summary["entries"], summary["rebuys"], summary["addons"],
                summary["prize_pool"]) == (totals.players, totals.td3_entries, totals.td3_rebuys, totals.add_ons,
                                           int(totals.prize_pool)), path.name
        floor = CommandRunner(store, report.tournament_id, TournamentState).state.floor
        assert floor.check_invariants() == [], path.name


def test_odd_rounds_are_made_runnable_and_busts_keep_their_rounds(store: Store, tmp_path: Path) -> None:
    b = evening()
    skipped = SaveBuilder.round(40, 80, minutes=0)  # never played
    no_blinds = SaveBuilder.round(0, 0)
    endless = SaveBuilder.round(200, 400, minutes=2000)
    odd_break = SaveBuilder.pause(10)
    odd_break.fields["Notes"] = "colour up\nthe 25s"
    b.levels = [b.round(25, 50), skipped, b.round(50, 100), odd_break, no_blinds, b.round(100, 200), b.round(150, 300),
                b.round(200, 400), endless]
    report = import_file(store, write(tmp_path, b))
    assert any("round 4 has blinds 0/0; here its big blind is 100" in w for w in report.warnings)
    assert any("lasts 2000 minutes; here it lasts 24 hours" in w for w in report.warnings)
    state = CommandRunner(store, report.tournament_id, TournamentState).state
    levels = state.schedule.structure.levels
    assert [(lv.number, lv.big_blind) for lv in levels] == [(1, 50), (2, 100), (3, 100), (4, 200), (5, 300), (6, 400),
                                                           (7, 400)]
    hal = next(e for e in state.floor.entries.values() if e.name == "Hal Sorrel")
    assert hal.bust_level == 3  # busted in TD3's round 4, the 3rd level played here (round 2 lasted 0 minutes)


def test_the_latest_save_of_one_game_counts_in_the_season_once(store: Store, tmp_path: Path) -> None:
    half = evening()
    half.ended = None  # saved half-way through the night ...
    for player in half.players:
        for buyin in player.buyins:
            if buyin.get("BustOut") and buyin["BustOut"].fields["Time"] > half.players[0].buyins[0]["Time"] + 100 * 60_000:
                del buyin["BustOut"]
    half.history = half.history[:1]
    first = import_file(store, write(tmp_path, half, "half.tdt"))
    whole_night = import_file(store, write(tmp_path, evening(), "whole.tdt"))  # ... and again at its end
    assert any(f"later save of tournament {first.tournament_id}" in w for w in whole_night.warnings)
    season = store.leagues.seasons()[0]
    assert [t.tournament_id for t in store.leagues.tournaments(season.id)] == [whole_night.tournament_id]
    again = import_file(store, write(tmp_path, half, "half-again.tdt"))  # the older save once more: stays out
    assert any("holds a later save of this game" in w for w in again.warnings)
    assert [t.tournament_id for t in store.leagues.tournaments(season.id)] == [whole_night.tournament_id]
    assert season_standings(store, season.id).lines[0].events == 1
