"""Every service command given hostile arguments: any text (NUL, lone surrogates, 10,000 characters), integers of
any size, floats (NaN, infinities, 1e300), Decimals, None, booleans, lists, mappings and bytes. Whatever is given,
the only exception that may escape is the program's refusal (DomainError), and a refused command records nothing:
the log's last sequence number and the live state are as they were, and the log rebuilt from the database gives
the live state (tournament_director/domain/limits.py holds the limits).

The calls run against one real session (a SQLite file) per test, so accepted calls pile up as they would in a
room; the commands' own tests cover what an accepted call does.
"""

from __future__ import annotations

import random
from dataclasses import fields
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.services.tournament import ForcedBets

HOSTILE_TEXT = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=12),  # surrogates and control characters included
    st.sampled_from(["A" * 10_000, "Ann\x00Lee", "Jos\udce9", "", "   ", "\u202eevil", "turbo", "standard",
                     "icm", "chip_chop", "1", "nan", "1e5000"]),
)
HOSTILE_NUMBER = st.one_of(
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([10**6, 10**12 + 1, 10**30, -(10**30), 2**63, 2**64, 10**5000, -(10**5000)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e300, -1e300, float("nan"), float("inf"), float("-inf"), 0.5, 60.0]),
    st.decimals(allow_nan=True, allow_infinity=True),
)
HOSTILE = st.one_of(
    HOSTILE_TEXT, HOSTILE_NUMBER, st.none(), st.booleans(), st.binary(max_size=4),
    st.lists(st.one_of(st.integers(-2, 30), HOSTILE_TEXT), max_size=3),
    st.dictionaries(st.integers(-2, 30), st.one_of(st.integers(-2, 10**6), HOSTILE_TEXT), max_size=2),
    st.tuples(st.integers(-2, 30), st.lists(st.integers(-2, 30), max_size=2)),
)
ARGS = st.tuples(HOSTILE, HOSTILE, HOSTILE, HOSTILE)


def open_session(folder: Path) -> DirectorSession:
    session = DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(3))
    session.create_from_plan(NewTournamentPlan("Hostile night", "turbo", tables=2))
    floor = session.tournament
    floor.register_many([f"Player {n}" for n in range(1, 9)])
    floor.draw_seats()
    return session


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory):
    opened = open_session(tmp_path_factory.mktemp("hostile"))
    yield opened
    opened.close()


@pytest.fixture
def fresh(tmp_path: Path):
    opened = open_session(tmp_path)
    yield opened
    opened.close()


def refused_or_done(session: DirectorSession, call: Callable[[], Any]) -> None:
    """Run ``call``: it succeeds, or raises DomainError having recorded nothing; anything else fails the test."""
    runner = session.runner
    before_seq, before = runner.last_seq, runner.state.to_snapshot()
    try:
        call()
    except DomainError as refusal:
        assert str(refusal) and len(str(refusal)) < 1000, "a refusal is a sentence, not a dump"
        assert runner.last_seq == before_seq, "a refused command recorded an event"
        assert runner.state.to_snapshot() == before, "a refused command changed the live state"


def each_refused_in_these_words(session: DirectorSession, cases: list[tuple[Callable[[], Any], str]]) -> None:
    """Each call is refused with a message holding its words, and records nothing."""
    for call, message in cases:
        before = session.runner.last_seq
        with pytest.raises(DomainError) as refused:
            call()
        assert message in str(refused.value), (message, str(refused.value))
        assert session.runner.last_seq == before


def level(a: Any, b: Any, c: Any, d: Any) -> Level:
    return Level(number=a, duration_seconds=b, small_blind=c, big_blind=d)


FLOOR_CALLS: dict[str, Callable[[DirectorSession, tuple], Any]] = {
    "register": lambda s, a: s.tournament.register(a[0], a[1], level=a[2]),
    "register a player number": lambda s, a: s.tournament.register("Ann Lee", a[0]),
    "register_many": lambda s, a: s.tournament.register_many(a[0]),
    "register_many of pairs": lambda s, a: s.tournament.register_many([(a[0], a[1])]),
    "add_tables": lambda s, a: s.tournament.add_tables(a[0], a[1], first_number=a[2]),
    "add_tables locked": lambda s, a: s.tournament.add_tables(1, 9, locked=a[0]),
    "lock_seat": lambda s, a: s.tournament.lock_seat(a[0], a[1], a[2]),
    "close_registration": lambda s, a: s.tournament.close_registration(a[0]),
    "set_button": lambda s, a: s.tournament.set_button(a[0], a[1]),
    "rebuy": lambda s, a: s.tournament.rebuy(a[0], level=a[1]),
    "add_on": lambda s, a: s.tournament.add_on(a[0], level=a[1]),
    "set_present": lambda s, a: s.tournament.set_present(a[0], a[1]),
    "record_chips": lambda s, a: s.tournament.record_chips(a[0]),
    "record_chips of one": lambda s, a: s.tournament.record_chips({1: a[0]}),
    "bust": lambda s, a: s.tournament.bust(a[0], a[1], start_chips=a[2], level=a[3]),
    "bust with chips": lambda s, a: s.tournament.bust(2, [3], start_chips=a[0]),
    "bust_many": lambda s, a: s.tournament.bust_many(a[0]),
    "accept_moves": lambda s, a: s.tournament.accept_moves(a[0]),
    "move_player": lambda s, a: s.tournament.move_player(a[0], a[1], a[2]),
    "next_hand": lambda s, a: s.tournament.next_hand(a[0], a[1]),
    "next_hand with blinds": lambda s, a: s.tournament.next_hand(None, ForcedBets(a[0], a[1], a[2], a[3])),
    "finish_hand": lambda s, a: s.tournament.finish_hand(a[0]),
    "set_hand_for_hand": lambda s, a: s.tournament.set_hand_for_hand(a[0]),
    "edit_payouts": lambda s, a: s.tournament.edit_payouts(a[0]),
    "edit_payouts of two": lambda s, a: s.tournament.edit_payouts([a[0], a[1]]),
    "propose_deal": lambda s, a: s.tournament.propose_deal(a[0]),
    "make_deal": lambda s, a: s.tournament.make_deal(a[0], a[1]),
    "entry": lambda s, a: s.tournament.entry(a[0]),
    "table": lambda s, a: s.tournament.table(a[0]),
    "configure": lambda s, a: s.tournament.configure(a[0]),
}

SETTING_NAMES = [f.name for f in fields(TournamentSettings)]

CLOCK_CALLS: dict[str, Callable[[DirectorSession, tuple], Any]] = {
    "add_time": lambda s, a: s.clock.add_time(a[0]),
    "set_remaining": lambda s, a: s.clock.set_remaining(a[0]),
    "jump_to_level": lambda s, a: s.clock.jump_to_level(a[0]),
    "jump_to_period": lambda s, a: s.clock.jump_to_period(a[0]),
    "hand_for_hand": lambda s, a: s.clock.hand_for_hand(a[0]),
    "load_template": lambda s, a: s.clock.load_template(a[0]),
    "load_structure": lambda s, a: s.clock.load_structure(a[0], a[1]),
    "load_structure of a level": lambda s, a: s.clock.load_structure(Structure((level(*a),))),
    "load_structure named": lambda s, a: s.clock.load_structure(Structure((level(1, 600, 50, 100),), a[0], a[1])),
    "edit_period": lambda s, a: s.clock.edit_period(a[0], level(1, 600, 50, 100)),
    "edit_period to a level": lambda s, a: s.clock.edit_period(0, level(*a)),
    "insert_period": lambda s, a: s.clock.insert_period(a[0], a[1]),
    "insert_period a break": lambda s, a: s.clock.insert_period(1, Break(a[0], a[1], a[2])),
    "insert_period a limit level": lambda s, a: s.clock.insert_period(
        1, Level(2, 600, 50, 100, ante=a[0], small_bet=a[1], big_bet=a[2], betting="fixed_limit", game=a[3])),
    "remove_period": lambda s, a: s.clock.remove_period(a[0]),
}

def export_path(s: DirectorSession, value: Any) -> Any:
    """A hostile file name, kept inside the test's folder (a name of text); any other value as it is."""
    if not isinstance(value, str):
        return value
    return s.templates.folder.parent / "exports" / value.replace("/", "_")


# The formats' commands: settings changed after the start, buy-in options, the structure editor, the payout-table
# editor, the deal dialog and the count sheets.
FORMATS_CALLS: dict[str, Callable[[DirectorSession, tuple], Any]] = {
    "settings change": lambda s, a: s.settings.change(a[0]),
    "settings change of a buy-in option": lambda s, a: s.settings.change(
        {"buy_in_options": [{"name": a[0], "buy_in": a[1], "fee": a[2], "chips": a[3]}]}),
    "settings change of buy-in options": lambda s, a: s.settings.change({"buy_in_options": a[0]}),
    "settings entry_actions": lambda s, a: s.settings.entry_actions(a[0]),
    "register an option": lambda s, a: s.tournament.register("Ann Lee", option=a[0]),
    "structure edit_period": lambda s, a: s.structures.edit_period(a[0], a[1]),
    "structure edit_period of a level": lambda s, a: s.structures.edit_period(
        1, {"duration_seconds": a[0], "small_blind": a[1], "big_blind": a[2], "ante": a[3]}),
    "structure edit_period of a break": lambda s, a: s.structures.edit_period(
        1, {"kind": "break", "duration_seconds": a[0], "colour_up": a[1], "name": a[2]}),
    "structure edit_period of a kind": lambda s, a: s.structures.edit_period(1, {"kind": a[0], a[1]: a[2]}
                                                                             if isinstance(a[1], str) else a[3]),
    "structure insert_period": lambda s, a: s.structures.insert_period(a[0], a[1]),
    "structure add_after": lambda s, a: s.structures.add_after(a[0], a[1]),
    "structure remove_period": lambda s, a: s.structures.remove_period(a[0]),
    "structure move_period": lambda s, a: s.structures.move_period(a[0], a[1]),
    "structure use": lambda s, a: s.structures.use(a[0], a[1]),
    "structure use_template": lambda s, a: s.structures.use_template(a[0]),
    "structure import_file": lambda s, a: s.structures.import_file(a[0]),
    "structure export_file": lambda s, a: s.structures.export_file(export_path(s, a[0])),
    "structure save_as_template": lambda s, a: s.structures.save_as_template(a[0]),
    "payouts set_bands": lambda s, a: s.payouts.set_bands(a[0], a[1]),
    "payouts set_bands of a band": lambda s, a: s.payouts.set_bands("Ours", [(a[0], a[1], a[2])]),
    "payouts set_bands of percentages": lambda s, a: s.payouts.set_bands("Ours", [(2, 9, a[0]), (10, 20, a[1])]),
    "payouts set_table": lambda s, a: s.payouts.set_table(a[0]),
    "payouts use_table": lambda s, a: s.payouts.use_table(a[0]),
    "payouts set_unit": lambda s, a: s.payouts.set_unit(a[0]),
    "payouts band_summary": lambda s, a: s.payouts.band_summary(a[0]),
    "payouts import_file": lambda s, a: s.payouts.import_file(a[0]),
    "payouts export_file": lambda s, a: s.payouts.export_file(export_path(s, a[0])),
    "payouts save_as_template": lambda s, a: s.payouts.save_as_template(a[0]),
    "deals propose": lambda s, a: s.deals.propose(a[0], a[1]),
    "deals propose custom": lambda s, a: s.deals.propose("custom", {1: a[0], 2: a[1], 3: a[2]}),
    "deals record": lambda s, a: s.deals.record(a[0]),
    "deals record custom": lambda s, a: s.deals.record(s.deals.propose("custom", a[0])),
    "deals correct_chips": lambda s, a: s.deals.correct_chips(a[0]),
    "deals correct_chips of one": lambda s, a: s.deals.correct_chips({1: a[0]}),
    "chip sheet record": lambda s, a: s.chip_sheets.record(a[0], a[1], a[2]),
    "chip sheet record of one": lambda s, a: s.chip_sheets.record({1: a[0]}, [1], "break"),
    "chip sheet preview": lambda s, a: s.chip_sheets.preview(a[0], a[1], a[2]),
    "chip sheet sheet": lambda s, a: s.chip_sheets.sheet(a[0]),
}


@settings(max_examples=800, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(FLOOR_CALLS | FORMATS_CALLS)), args=ARGS)
def test_floor_and_formats_commands_refuse_hostile_arguments_and_record_nothing(session, name: str,
                                                                                args: tuple) -> None:
    call = FLOOR_CALLS.get(name) or FORMATS_CALLS[name]
    refused_or_done(session, lambda: call(session, args))


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(setting=st.sampled_from(SETTING_NAMES), value=HOSTILE, after_the_start=st.booleans())
def test_every_setting_refuses_hostile_values_and_records_nothing(session, setting: str, value: Any,
                                                                  after_the_start: bool) -> None:
    """In the set-up (tournament.configured) and as a change after the start (settings.changed)."""
    floor = session.tournament
    if after_the_start:
        refused_or_done(session, lambda: session.settings.change({setting: value}))
    else:
        refused_or_done(session, lambda: floor.configure({**floor.settings.to_dict(), setting: value}))


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(CLOCK_CALLS)), args=ARGS, started=st.booleans())
def test_clock_commands_refuse_hostile_arguments_and_record_nothing(session, name: str, args: tuple,
                                                                     started: bool) -> None:
    clock = session.clock
    if started and not clock.view().started:
        clock.start()
    refused_or_done(session, lambda: CLOCK_CALLS[name](session, args))


def test_the_log_rebuilt_from_the_database_still_gives_the_live_state(session) -> None:
    """After every hostile call above, the events the log holds fold into exactly the live state."""
    assert session.runner.rebuild().to_snapshot() == session.runner.state.to_snapshot()
    assert session.tournament.check_invariants() == []


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(args=ARGS, which=st.integers(0, 5))
def test_the_session_refuses_hostile_tournaments_and_players(session, args: tuple, which: int) -> None:
    known = [t.id for t in session.list_tournaments()]
    selected = session.tournament_id
    calls = [
        lambda: session.create_tournament(args[0]),
        lambda: session.add_player(args[0], nickname=args[1], contact=args[2], notes=args[3]),
        lambda: session.find_players(args[0]),
        lambda: session.create_from_plan(NewTournamentPlan(args[0], "turbo", tables=args[1],
                                                           seats_per_table=args[2])),
        lambda: session.create_from_plan(NewTournamentPlan("Plan", args[0], payout_table=args[1], buy_in=args[2],
                                                           starting_stack=args[3])),
        lambda: session.create_from_plan(args[0]),
    ]
    try:
        calls[which]()
    except DomainError:
        assert [t.id for t in session.list_tournaments()] == known
    if session.tournament_id != selected:
        session.select_tournament(selected)  # an accepted plan opened its tournament: back to the one under test


def test_the_listed_cases_are_refused_naming_the_field(fresh) -> None:
    """The cases of the issue, one by one, with the words the director reads."""
    session = fresh
    floor, clock = session.tournament, session.clock
    cases = [
        (lambda: floor.register("A" * 10_000), "the entry name is 10,000 characters long; at most 200"),
        (lambda: floor.register("Ann\x00Lee"), "the entry name holds a control character (U+0000) at position 4"),
        (lambda: floor.register("Jos\udce9"), "the entry name holds a broken character at position 4"),
        (lambda: floor.register("Ann Lee", player_id=999999), "there is no player number 999999 in the registry"),
        (lambda: floor.add_tables(10**6), "the number of tables to add must be 1 to 12,000, not 1,000,000"),
        (lambda: floor.configure({**floor.settings.to_dict(), "buy_in": 10**30}),
         "the buy-in is too large: at most 1,000,000,000,000, not a number of 31 digits"),
        (lambda: floor.configure({**floor.settings.to_dict(), "bounty_mode": "fixed", "bounty": 10**13}),
         "the bounty is too large"),
        (lambda: floor.record_chips({1: 10**13}), "the chip count is too large"),
        (lambda: floor.bust(1, [2], start_chips=-5), "the chips at the start of the hand must be at least 0"),
        (lambda: floor.edit_payouts(["50", "1e999999999"]), "place 2: percentage '1e999999999' is more than 100"),
        (lambda: floor.make_deal({1: 10**13}), "the deal amount is too large"),
        (lambda: floor.lock_seat(1, 10**5000), "table 1 has no seat a number of thousands of digits"),
        (lambda: floor.move_player(1, 100_000, 1), "the table number must be 1 to 99,999, not 100,000"),
        (lambda: floor.add_tables(1, 11), "a table has 2 to 10 seats, not 11"),
        (lambda: clock.set_remaining(1e300), "the remaining time must be 0 s to 24 hours, not 1e+300 s"),
        (lambda: clock.add_time(float("nan")), "the time added must be a finite number of seconds, not nan"),
        (lambda: clock.add_time(float("inf")), "the time added must be a finite number of seconds, not inf"),
        (lambda: clock.jump_to_level("3"), "the level number must be a whole number"),
        (lambda: clock.load_structure(Structure((Level(1, 600, 50, 10**13),))),
         "the big blind of level 1 is too large"),
        (lambda: clock.load_structure(Structure((Level(1, 10**9, 50, 100),))),
         "the duration of level 1 (seconds) must be 1 to 86,400"),
    ]
    each_refused_in_these_words(session, cases)


def test_the_formats_listed_cases_are_refused_naming_the_field(fresh) -> None:
    """The formats' own entry points hold the same limits, in the words the director reads."""
    session = fresh
    settings, structures, payouts, deals = session.settings, session.structures, session.payouts, session.deals
    option = {"name": "Deep stack", "buy_in": 200, "fee": 20, "chips": 40_000}
    cases = [
        (lambda: settings.change({"buy_in_options": [{**option, "buy_in": 10**30}]}),
         "the buy-in of the buy-in option 'Deep stack' is too large: at most 1,000,000,000,000"),
        (lambda: settings.change({"buy_in_options": [{**option, "name": "Deep\x00stack"}]}),
         "buy-in option 1's name holds a control character (U+0000)"),
        (lambda: settings.change({"buy_in_options": [option] * 7}), "at most 6 buy-in options"),
        (lambda: settings.change({"rebuy_chips": 10**13}), "the rebuy chips is too large"),
        (lambda: settings.change({"late_registration_until_level": 10**4}), "late registration until level"),
        (lambda: settings.change({10**5000: 1}), "unknown tournament setting(s): "),
        (lambda: session.tournament.register("Ann Lee", option="Turbo"), "there is no buy-in option 'Turbo'"),
        (lambda: structures.edit_period(0, {"duration_seconds": 600, "small_blind": 50, "big_blind": 10**13}),
         "the big blind of level 1 is too large"),
        (lambda: structures.edit_period(0, {"duration_seconds": 10**9, "small_blind": 50, "big_blind": 100}),
         "the duration of level 1 (seconds) must be 1 to 86,400"),
        (lambda: structures.insert_period("2", Break(600)), "a period can be inserted at 0 to"),
        (lambda: structures.move_period(0, 10**5000), "a period can move to position 1 to"),
        (lambda: structures.save_as_template("Jos\udce9"), "the template name holds a broken character"),
        (lambda: payouts.set_bands("Ours", [(2, 10**30, "100")]),
         "max_entries must be 1 to 100,000, not a number of 31 digits"),
        (lambda: payouts.set_bands("Ours", [(2, 9, "50, 2.5 x99999, 2.5 x99999")]),
         "the percentages pay more than 100,000 places"),
        (lambda: payouts.set_bands("Ann\x00", [(2, 9, "100")]), "the name holds a control character (U+0000)"),
        (lambda: payouts.set_bands("Ours", [(2, 9, "50, 1e999999999")]), "percentage '1e999999999' is more than 100"),
        (lambda: payouts.export_file(10**5000), "a file is named by its path, not a number of thousands of digits"),
        (lambda: deals.propose("custom", {1: 10**30}), "the share of Player 1 is too large"),
        (lambda: deals.propose("custom", {1: float("nan")}), "the share of Player 1 must be a whole amount"),
        (lambda: deals.correct_chips({1: 10**13}), "the chip count is too large"),
        (lambda: session.chip_sheets.record({1: 10**13}, [1], "break"), "the chip count is too large"),
        (lambda: session.chip_sheets.record({1: 100}, [10**6], "break"), "the table number must be 1 to 99,999"),
    ]
    each_refused_in_these_words(session, cases)


def test_a_crafted_event_is_refused_by_the_domain_too(fresh) -> None:
    """The limits hold where the event is applied, so an event built by hand cannot pass what a command refuses."""
    runner = fresh.runner
    before = runner.last_seq
    crafted = [
        ("entry.registered", {"entry_id": runner.state.floor.next_entry_id, "name": "A" * 10_000, "seat": None},
         "the entry name is 10,000 characters long"),
        ("tables.added", {"tables": [{"number": n, "seats": 9} for n in range(100, 12_100)]}, "at most 12,000 tables"),
        ("hand.next", {"tables": [1], "small_blind": 10**13, "big_blind": 10**13}, "the small blind is too large"),
        ("chips.counted", {"counts": [[1, 10**13]]}, "the chip count is too large"),
        ("deal.made", {"shares": [[1, -1]]}, "the deal amount must be at least 0"),
        ("payouts.edited", {"percentages": ["100.5"]}, "percentage '100.5' is more than 100"),
        ("payouts.table_set", {"table": {"name": "Ours", "bands": [{"min_entries": 2, "max_entries": 10**30,
                                                                    "percentages": [100]}]}},
         "max_entries must be 1 to 100,000"),
        ("settings.changed", {"changes": {"buy_in_options": [{"name": "Deep", "buy_in": 10**30, "chips": 1}]}},
         "the buy-in of the buy-in option 'Deep' is too large"),
        ("settings.changed", {"changes": {"guarantee": 10**13}}, "the guarantee is too large"),
        ("chips.counted", {"counts": [[1, 100]], "scope": "tables", "tables": "1"},
         "a count of tables lists the tables counted"),
        ("entry.presence", {"entry_id": 1, "present": "no"}, "the presence must be true or false"),
        ("clock.time_adjusted", {"period_index": 0, "remaining_ms": 10**15, "running": False},
         "the remaining time is at most 24 hours"),
        ("clock.time_adjusted", {"period_index": 0, "remaining_ms": float("inf"), "running": False},
         "a clock event must record period_index"),
        ("moves.accepted", {"kind": "manual", "moves": [{"entry_id": 1, "from": [1, 1], "to": ["x", 1]}]},
         "malformed payload"),
        ("entry.registered", {"entry_id": runner.state.floor.next_entry_id, "name": "Jos\udce9", "seat": None},
         "broken character"),
    ]
    state = TournamentState.from_snapshot(runner.state.to_snapshot())  # as a log read back from a file would be
    for event_type, payload, message in crafted:
        with pytest.raises(DomainError) as refused:
            state.apply(event_type, payload)
        assert message in str(refused.value), (event_type, str(refused.value))
        assert state.to_snapshot() == runner.state.to_snapshot()
        if event_type != "clock.time_adjusted" or payload["remaining_ms"] != float("inf"):  # JSON has no infinity
            with pytest.raises(DomainError):
                runner.execute(event_type, payload)
    assert runner.last_seq == before
