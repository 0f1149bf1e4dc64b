"""Set-up shared by the floor scenarios: an open floor service over a real SQLite file (a fixture) and players
seated by the recorded "seats.drawn" event, so each scenario starts from a known table."""

from __future__ import annotations

import random
from datetime import datetime, timezone
from typing import Any

import pytest

from tests.domain.floor.floor_helpers import seats_drawn_payload
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import ForcedBets, TournamentService
from tournament_director.store import Store

BLINDS = ForcedBets(50, 100)


@pytest.fixture
def open_service(tmp_path):
    stores: list[Store] = []

    def make(**settings: Any) -> TournamentService:
        store = Store.open(tmp_path / f"t{len(stores)}.sqlite", backup_dir=tmp_path / "backups")
        stores.append(store)
        runner = CommandRunner(store, store.create_tournament("Scenario"))
        svc = TournamentService(runner, rng=random.Random(11),
                                now=lambda: datetime(2025, 3, 7, 19, 30, tzinfo=timezone.utc))
        svc.configure({"name": "Scenario", **settings})
        return svc

    yield make
    for store in stores:
        store.close()


def seat_players(svc: TournamentService, layout: dict[int, list[int]], button: dict[int, int] | None = None,
                 seats: int = 9, close: bool = True) -> None:
    """Tables ``{number: [occupied seats]}``; entries 1, 2, ... in table and seat order; the first
    button on the lowest occupied seat unless ``button`` says otherwise."""
    svc.add_tables(len(layout), seats)
    count = sum(len(s) for s in layout.values())
    svc.register_many([f"P{i}" for i in range(1, count + 1)])
    svc.runner.execute("seats.drawn", seats_drawn_payload(layout, button))
    if close:
        svc.close_registration()
