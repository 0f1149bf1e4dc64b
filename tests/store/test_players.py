"""The player registry shared by every tournament in the file: search as you type and duplicate warnings."""

from __future__ import annotations

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.store import Store


@pytest.fixture
def registry(store: Store) -> Store:
    for name, nickname, contact in [("José García", "Pepe", "555-0101"), ("Anna Schmidt", None, "anna@club.example"),
                                    ("John Smith", "Smitty", None), ("Mary O'Connor", None, None)]:
        store.add_player(name, nickname=nickname, contact=contact)
    return store


def names(players) -> list[str]:
    return sorted(p.name for p in players)


def test_search_ignores_case_accents_and_word_order(registry: Store):
    assert names(registry.find_players("jose")) == ["José García"]
    assert names(registry.find_players("GARCIA jos")) == ["José García"]
    assert names(registry.find_players("oconnor")) == ["Mary O'Connor"]
    assert names(registry.find_players("smitty")) == ["John Smith"]
    assert names(registry.find_players("club.example")) == ["Anna Schmidt"]
    assert registry.find_players("nobody here") == []
    assert len(registry.find_players("", limit=2)) == 2


def test_possible_duplicates_catch_the_same_person_typed_differently(registry: Store):
    assert names(registry.possible_duplicates("jose garcia")) == ["José García"]
    assert names(registry.possible_duplicates("Smith, John")) == ["John Smith"]
    assert names(registry.possible_duplicates("Ana Schmidt")) == ["Anna Schmidt"]
    assert names(registry.possible_duplicates("pepe")) == ["José García"]
    assert registry.possible_duplicates("Peter Jones") == []
    assert registry.possible_duplicates("   ") == []


def test_the_registry_is_shared_by_every_tournament_and_survives_reopening(db_path):
    with Store.open(db_path) as store:
        store.create_tournament("Monday")
        store.create_tournament("Tuesday")
        player = store.add_player("  Lena   Berg ", contact=" 555-0199 ")
        assert (player.name, player.contact) == ("Lena Berg", "555-0199")
    with Store.open(db_path) as store:
        assert store.get_player(player.id) == player
        assert len(store.list_tournaments()) == 2


@pytest.mark.parametrize(("name", "problem"), [("", "needs a name"), ("   ", "needs a name"),
                                               ("x" * 201, "at most 200")])
def test_a_player_without_a_usable_name_is_refused(store: Store, name: str, problem: str):
    with pytest.raises(DomainError, match=problem):
        store.add_player(name)
    assert store.find_players("") == []


def test_an_unknown_player_number_is_refused(store: Store):
    with pytest.raises(DomainError, match="no player number 7"):
        store.get_player(7)


def test_a_tournament_needs_a_name(store: Store):
    with pytest.raises(DomainError, match="needs a name"):
        store.create_tournament(" ")
    assert store.list_tournaments() == []
