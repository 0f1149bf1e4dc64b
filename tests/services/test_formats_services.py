"""The formats' services over a real SQLite file: settings changed as one undoable event, what an entry may buy
now, the room's templates beside the database, the structure editor keeping what was played, payout tables
edited and exported, and deals (custom amounts checked, chip counts corrected)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournament_director.domain.clock.structure import Break, Level
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession, NewTournamentPlan


@pytest.fixture
def session(tmp_path: Path):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(5))
    yield opened
    opened.close()


def new(session, structure: str = "turbo", **settings) -> None:
    session.create_from_plan(NewTournamentPlan("Nightly", structure, tables=1, buy_in=100, starting_stack=20_000,
                                               settings=settings))


def test_a_plan_carries_every_setting_and_a_room_payout_table(session, tmp_path) -> None:
    new(session, rebuy_limit=2, rebuy_price=100, rebuy_chips=20_000, guarantee=5_000, bounty_mode="progressive",
        bounty=25)
    s = session.tournament.settings
    assert (s.rebuy_limit, s.guarantee, s.bounty_mode, s.bounty) == (2, 5_000, "progressive", 25)
    session.payouts.save_as_template("Thursday league")
    assert (tmp_path / "templates" / "payouts" / "thursday-league.toml").is_file()
    keys = [t.key for t in session.templates.payout_tables()]
    assert keys[:3] == ["flat", "standard", "steep"] and "room:thursday-league" in keys
    session.create_from_plan(NewTournamentPlan("League", "regular", payout_table="room:thursday-league"))
    assert session.payouts.view().name == "Thursday league" and session.payouts.view().chosen
    assert [e.event_type for e in session.history()][:2] == ["tournament.configured", "payouts.table_set"]


def test_a_settings_change_is_one_event_and_undo_takes_it_back(session) -> None:
    new(session)
    assert session.settings.change({"guarantee": 0, "reentry_limit": 0}) is None   # nothing differs
    session.run(session.settings.change, {"guarantee": 2_000, "reentry_limit": 1})
    last = session.history()[-1]
    assert last.event_type == "settings.changed" and last.payload["changes"] == {"guarantee": 2_000, "reentry_limit": 1}
    assert "guarantee → 2,000" in last.description
    session.undo()
    assert session.tournament.settings.guarantee == 0


def test_entry_actions_hide_what_the_format_lacks_and_say_why_a_button_is_off(session) -> None:
    new(session, rebuy_limit=1, rebuy_price=100, rebuy_chips=20_000, reentry_limit=1)
    floor = session.tournament
    ann = session.run(floor.register, "Ann")
    session.run(floor.register, "Bob")
    actions = session.settings.entry_actions(ann.entry_id)
    assert actions.rebuy.offered and actions.rebuy.allowed
    assert not actions.add_on.offered                        # no add-on in this format: the button is hidden
    assert actions.re_entry.offered and not actions.re_entry.allowed and "still in" in actions.re_entry.why
    session.run(floor.rebuy, ann.entry_id)
    actions = session.settings.entry_actions(ann.entry_id)
    assert not actions.rebuy.allowed and actions.rebuy.why.startswith("Ann has used all 1 rebuys")


def test_the_structure_editor_keeps_what_was_played(session) -> None:
    new(session)
    editor = session.structures
    first = editor.in_play().structure
    editor.insert_period(1, Break(600, name="Dinner"))
    assert session.state.schedule.structure.periods[1].name == "Dinner"
    editor.move_period(1, 3)
    assert session.state.schedule.structure.periods[3].name == "Dinner"
    session.run(session.clock.start)
    session.run(session.clock.next_level)
    with pytest.raises(DomainError, match="level 1 has been played"):
        editor.edit_period(0, Level(1, 60, 10, 20))
    with pytest.raises(DomainError, match="can be added after the period in play"):
        editor.insert_period(1, Level(1, 600, 10, 20))
    with pytest.raises(DomainError, match="level 1 has been played"):
        editor.use_template("deep_stack")
    editor.use(first, session.state.schedule.chip_set)   # the same past: the Dinner break goes again
    level_2 = session.state.schedule.structure.periods[1]
    editor.edit_period(1, Level(2, level_2.duration_seconds + 300, level_2.small_blind, level_2.big_blind))
    assert session.clock.view().period_index == 1


def test_a_structure_exported_imports_again_and_saves_as_a_room_template(session, tmp_path) -> None:
    new(session, structure="fixed_limit")
    editor = session.structures
    path = editor.export_file(tmp_path / "limit")
    assert path.name == "limit.toml" and 'betting = "fixed_limit"' in path.read_text(encoding="utf-8")
    session.structures.remove_period(0)
    assert editor.import_file(path).levels[0].big_bet == 200
    info = editor.save_as_template("Limit night")
    assert info.key == "room:limit-night" and any(t.key == info.key for t in editor.templates())
    with pytest.raises(DomainError, match="not valid TOML"):
        (tmp_path / "broken.toml").write_text("periods = [", encoding="utf-8")
        editor.import_file(tmp_path / "broken.toml")


def test_payout_bands_edited_exported_and_the_unit_set(session, tmp_path) -> None:
    new(session)
    payouts = session.payouts
    with pytest.raises(DomainError, match="band 2: percentages add up to 95"):
        payouts.set_bands("Mine", [(2, 9, ["100"]), (10, 99, ["60", "35"])])
    payouts.set_bands("Mine", [(2, 9, ["100"]), (10, 99, ["60", "40"])])
    path = payouts.export_file(tmp_path / "mine.toml")
    payouts.use_table("steep")
    assert payouts.view().name == "Steep"
    assert payouts.import_file(path).name == "Mine"
    payouts.set_unit(5)
    assert payouts.view().unit == 5


def test_a_custom_deal_must_share_exactly_the_prizes_left_and_chips_can_be_corrected(session) -> None:
    new(session)
    floor = session.tournament
    for name in ("Ann", "Bob", "Cy"):
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(floor.close_registration)
    deals = session.deals
    view = deals.propose("custom", {1: 100, 2: 100, 3: 50})
    assert view.problem.startswith("the shares add up to 250; the prizes left are 300 (give out 50)")
    with pytest.raises(DomainError, match="cannot be recorded"):
        deals.record(view)
    deals.correct_chips({1: 30_000, 2: 20_000, 3: 10_000})
    assert session.history()[-1].event_type == "chips.counted"
    assert deals.correct_chips({1: 30_000}) is None
    chop = deals.propose("chip_chop")
    assert [p.name for p in chop.players] == ["Ann", "Bob", "Cy"] and not chop.problem
    deals.record(deals.propose("custom", {1: 150, 2: 100, 3: 50}))
    assert session.history()[-1].event_type == "deal.made"


def test_structure_and_payout_files_go_the_guarded_way_and_the_refusal_names_the_file(session, tmp_path) -> None:
    new(session)
    before = len(session.history())
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('name = "Soirée"\n'.encode("latin-1"))
    with pytest.raises(DomainError, match="latin1.toml: the file is not UTF-8 text"):
        session.structures.import_file(latin1)
    huge = tmp_path / "huge.toml"
    huge.write_text('[[periods]]\nkind = "level"\nnumber = 1\nduration_seconds = 600\nsmall_blind = 10\n'
                    f"big_blind = {10 ** 40}\n", encoding="utf-8")
    with pytest.raises(DomainError, match="huge.toml: the big blind of level 1 is too large"):
        session.structures.import_file(huge)
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (2 * 1024 * 1024))
    with pytest.raises(DomainError, match="big.toml: is too large"):
        session.payouts.import_file(big)
    bad_band = tmp_path / "bands.toml"
    bad_band.write_text('name = "Ours"\n[[bands]]\nmin_entries = 2\nmax_entries = 9\npercentages = [60, 30]\n',
                        encoding="utf-8")
    with pytest.raises(DomainError, match="bands.toml, band 1: percentages add up to 90"):
        session.payouts.import_file(bad_band)
    with_bom = tmp_path / "bom.toml"
    with_bom.write_bytes(b"\xef\xbb\xbf" + b'name = "Ours"\n[[bands]]\nmin_entries = 2\nmax_entries = 9\n'
                         b"percentages = [62.5, 37.5]\n")
    assert session.payouts.import_file(with_bom).name == "Ours"
    assert len(session.history()) == before + 1
