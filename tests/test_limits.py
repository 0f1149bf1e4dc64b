"""The limits on names, counts, amounts and durations (tournament_director/domain/limits.py), stated once and
enforced where a name, a count or an amount comes in: a refusal names the field and the problem, nothing is
recorded, and no other exception (UnicodeEncodeError, OverflowError, ValueError) reaches the director.

The store applies them to the registry; the services apply them at their entry points, and the domain again where
each event is applied.
"""

from __future__ import annotations

import math
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.store import Store

LONG = "A" * 10_000
LONE_SURROGATE = "Jos\udce9"  # what a file decoded with surrogateescape gives for a Latin-1 "José"


# ----- the limits themselves -------------------------------------------------------------------------------------

def test_a_name_is_trimmed_and_kept_within_200_characters():
    assert limits.check_name("  Zoë \t Ångström  ", "player name") == "Zoë Ångström"
    assert limits.check_name("😀" * 200, "player name") == "😀" * 200
    with pytest.raises(DomainError, match=r"the player name is 201 characters long; at most 200"):
        limits.check_name("x" * 201, "player name")
    with pytest.raises(DomainError, match="the player name is empty"):
        limits.check_name(" \t ", "player name")


@pytest.mark.parametrize("name, problem", [
    ("Ann\x00Lee", "control character (U+0000) at position 4"),
    ("Ann\x1b[31mLee", "control character (U+001B)"),
    (LONE_SURROGATE, "lone surrogate, U+DCE9"),
    (42, "must be text, not int"),
])
def test_a_name_with_a_control_character_or_a_lone_surrogate_is_refused(name, problem: str):
    with pytest.raises(DomainError, match="the entry name.*" + re_escape(problem)):
        limits.check_name(name, "entry name")


def test_free_text_keeps_its_lines_but_not_nul_or_surrogates():
    assert limits.check_text("line one\nline two\tend", "notes") == "line one\nline two\tend"
    for bad in ("a\x00b", "a\ud800b"):
        with pytest.raises(DomainError, match="the notes holds"):
            limits.check_text(bad, "notes")
    with pytest.raises(DomainError, match="at most 10,000"):
        limits.check_text("n" * 10_001, "notes")


@pytest.mark.parametrize("value, problem", [
    (10**30, "is too large: at most 1,000,000,000,000, not a number of 31 digits"),
    (10**12 + 1, "is too large: at most 1,000,000,000,000, not 1,000,000,000,001"),
    (-1, "must be at least 0, not -1"),
    (True, "must be a whole amount"),
    (2.5, "must be a whole amount"),
])
def test_amounts_are_whole_and_at_most_a_trillion(value, problem: str):
    with pytest.raises(DomainError, match=re_escape(f"the buy-in {problem}")):
        limits.check_amount(value, "buy-in")
    assert limits.check_amount(10**12, "buy-in") == 10**12


def test_counts_have_bounds_and_a_huge_count_is_named_by_its_size():
    assert limits.check_count(2000, "number of tables", limits.MIN_TABLES, limits.MAX_TABLES) == 2000
    with pytest.raises(DomainError, match="the number of tables must be 1 to 12,000, not 1,000,000"):
        limits.check_count(10**6, "number of tables", limits.MIN_TABLES, limits.MAX_TABLES)
    with pytest.raises(DomainError, match="thousands of digits"):
        limits.check_count(10**50_000, "number of tables", limits.MIN_TABLES, limits.MAX_TABLES)


@pytest.mark.parametrize("value, problem", [
    (math.nan, "must be a finite number of seconds, not nan"),
    (math.inf, "must be a finite number of seconds, not inf"),
    (1e300, "must be 0 s to 24 hours, not 1e+300 s"),
    (10**400, "must be 0 s to 24 hours, not a number of 401 digits s"),
    (Decimal("1e5000"), "must be 0 s to 24 hours, not 1.000E+5000 s"),
    (-1, "must be 0 s to 24 hours"),
    ("90", "must be a number of seconds"),
])
def test_durations_are_finite_and_bounded(value, problem: str):
    with pytest.raises(DomainError, match=re_escape(f"the remaining time {problem}")):
        limits.check_seconds(value, "remaining time")
    assert limits.check_seconds(90, "remaining time") == 90.0
    assert limits.check_seconds(-60, "time added", minimum=-limits.MAX_DURATION_SECONDS) == -60.0


def re_escape(text: str) -> str:
    return re.escape(text)


# ----- the store applies them -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, problem", [
    (LONG, "the player name is 10,000 characters long; at most 200"),
    ("Ann\x00Lee", "control character"),
    (LONE_SURROGATE, "lone surrogate"),
])
def test_the_registry_refuses_bad_player_names_and_records_nothing(store: Store, name: str, problem: str):
    with pytest.raises(DomainError, match=re_escape(problem)):
        store.add_player(name)
    with pytest.raises(DomainError, match=re_escape(problem.replace("player", "tournament"))):
        store.create_tournament(name)
    assert store.find_players("") == [] and store.list_tournaments() == []


def test_the_registry_refuses_bad_nicknames_contacts_and_notes(store: Store):
    with pytest.raises(DomainError, match="the nickname holds a broken character"):
        store.add_player("Ann Lee", nickname=LONE_SURROGATE)
    with pytest.raises(DomainError, match="the contact is 201 characters long"):
        store.add_player("Ann Lee", contact="c" * 201)
    with pytest.raises(DomainError, match="the notes holds a control character"):
        store.add_player("Ann Lee", notes="owes\x00nothing")
    kept = store.add_player("Ann Lee", notes="table 4\nprefers seat 1")
    assert kept.notes == "table 4\nprefers seat 1"


def test_a_search_is_never_refused_whatever_is_typed(store: Store):
    store.add_player("José Ramírez")
    assert [p.name for p in store.find_players("jos" + "\udce9" + "\x00")] == ["José Ramírez"]
    assert store.find_players(LONG) == []


# ----- the service entry points ------------------------------------------------------------------------------------

@pytest.fixture
def session(tmp_path: Path):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups",
                                  rng=random.Random(7))
    opened.create_from_plan(NewTournamentPlan("Limits night", "turbo", tables=2))
    yield opened
    opened.close()


def recorded(session: DirectorSession) -> int:
    return session.runner.last_seq


@pytest.mark.parametrize("name, problem", [
    (LONG, "the entry name is 10,000 characters long"),
    ("Ann\x00Lee", "the entry name holds a control character"),
    (LONE_SURROGATE, "the entry name holds a broken character"),
])
def test_registering_an_entry_checks_its_name(session: DirectorSession, name: str, problem: str):
    before = recorded(session)
    with pytest.raises(DomainError, match=re_escape(problem)):
        session.tournament.register(name)
    assert recorded(session) == before


def test_registering_a_player_who_is_not_in_the_registry_is_refused(session: DirectorSession):
    before = recorded(session)
    with pytest.raises(DomainError, match="999999"):
        session.tournament.register("Ann Lee", player_id=999999)
    assert recorded(session) == before


def test_adding_more_tables_than_the_limit_is_refused_at_once(session: DirectorSession):
    before = recorded(session)
    with pytest.raises(DomainError, match="2,000"):
        session.tournament.add_tables(limits.MAX_TABLES + 1 - 2)  # the tournament has 2 tables already
    assert recorded(session) == before


def test_a_buy_in_beyond_the_limit_is_refused(session: DirectorSession):
    settings = session.tournament.settings.to_dict() | {"buy_in": 10**30}
    with pytest.raises(DomainError, match="buy-in"):
        session.tournament.configure(settings)


@pytest.mark.parametrize("seconds", [1e300, math.inf, math.nan])
def test_setting_the_remaining_time_beyond_the_limit_is_refused(session: DirectorSession, seconds: float):
    with pytest.raises(DomainError, match="remaining time"):
        session.clock.set_remaining(seconds)


@pytest.mark.parametrize("seconds", [math.nan, math.inf, 1e300])
def test_adding_time_that_is_not_a_finite_bounded_number_is_refused(session: DirectorSession, seconds: float):
    with pytest.raises(DomainError, match="time"):
        session.clock.add_time(seconds)
