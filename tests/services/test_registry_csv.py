"""The registry CSV import names each player of the file once, as registered (a row merged into a registered
player gives that player), and the list to buy in from it leaves out the players already entered, by their
registry number or by their name."""

from __future__ import annotations

from dataclasses import dataclass

from tournament_director.services.registry_csv import buy_in_list, import_players_csv
from tournament_director.store import Store


@dataclass(frozen=True)
class Entered:
    name: str
    player_id: int | None


def test_the_import_names_each_player_of_the_file_once_as_registered(store: Store) -> None:
    ada = store.add_player("Ada Quill")
    report = import_players_csv(store, "name\nada  QUILL\nBo Marsh\nBo Marsh\nCy Fenn\n".encode(), "list.csv")
    assert (report.added, report.merged) == (2, 2)
    registered = {p.name: p.id for p in store.all_players()}
    assert report.players == (("Ada Quill", ada.id), ("Bo Marsh", registered["Bo Marsh"]),
                              ("Cy Fenn", registered["Cy Fenn"]))


def test_players_already_entered_are_not_bought_in_again() -> None:
    players = (("Ada Quill", 1), ("Bo Marsh", 2), ("Cy Fenn", 3), ("Di Rook", 4))
    entries = [Entered("Ada Quill", 1), Entered("cy  fenn", None)]   # Cy typed in without the registry
    listed = buy_in_list(players, entries)
    assert listed.to_buy_in == (("Bo Marsh", 2), ("Di Rook", 4))
    assert listed.already_in == ("Ada Quill", "Cy Fenn")
