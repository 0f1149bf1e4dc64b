"""A tournament created at one station of a PostgreSQL event (by name, by the wizard's plan, or imported from a TD3
save by the command line in a process of its own) is announced to the others: their list of tournaments shows it,
with the station that created it, and the tournament in front of them stays in front. A creation that was refused
(rolled back) is announced to nobody."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdt_saves import evening
from tournament_director.domain.errors import DomainError
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.store.store import insert_tournament

ROOT = Path(__file__).resolve().parents[2]


def _watch(session: DirectorSession, timeout: float = 5.0) -> list:
    """What ``session``'s console would do when its feed's socket becomes readable: wait for it, then look."""
    import select

    feed = session.change_feed()
    told: list = []
    while not told:
        readable, _, _ = select.select([feed.fileno()], [], [], timeout)
        if not readable:
            break
        session.take_changes()
        told = session.take_created_elsewhere()
    return told


def test_tournaments_created_or_imported_elsewhere_are_announced_with_their_station(pg_url, tmp_path) -> None:
    floor = DirectorSession.open(pg_url, operator="the floor")
    desk = DirectorSession.open(pg_url, operator="the registration desk")
    topics: list[str] = []
    try:
        day_one = floor.create_tournament("Festival day 1")
        floor.select_tournament(day_one)
        floor.change_feed()  # each station listens from the moment its console is up
        desk.change_feed()
        floor.subscribe(topics.append)

        desk.create_tournament("Festival day 2")
        told = _watch(floor)
        assert [(t.name, t.created_by) for t in told] == [("Festival day 2", "the registration desk")]
        assert "tournaments" in topics and floor.tournament_id == day_one

        desk.create_from_plan(NewTournamentPlan("Festival high roller", "regular", buy_in=1000))
        assert [(t.name, t.created_by) for t in _watch(floor)] == [("Festival high roller", "the registration desk")]

        save = tmp_path / "evening.tdt"
        save.write_bytes(evening().data())
        imported = subprocess.run(
            [sys.executable, "-m", "tournament_director", "--database", pg_url, "import-tdt", str(save)],
            cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert imported.returncode == 0, imported.stderr
        told = _watch(floor)
        assert len(told) == 1 and told[0].name in {t.name for t in floor.list_tournaments()}
        assert told[0].id == max(t.id for t in floor.list_tournaments())
        assert floor.tournament_id == day_one and floor.state is not None  # still in front, not switched

        floor.create_tournament("Festival day 3")  # the floor's own creation is not told back to it
        assert _watch(floor, timeout=0.5) == []
        # the desk hears of the import and of the floor's day 3, never of its own two
        assert [t.name for t in _watch(desk)] == [told[0].name, "Festival day 3"]
    finally:
        desk.close()
        floor.close()


def test_a_creation_rolled_back_is_announced_to_nobody(pg_url) -> None:
    floor = DirectorSession.open(pg_url, operator="the floor")
    desk = DirectorSession.open(pg_url, operator="the registration desk")
    try:
        floor.change_feed()
        with pytest.raises(DomainError, match="a tournament needs a name"):
            with desk._store.transaction() as connection:  # as an import that fails after writing its tournament
                insert_tournament(connection, "Festival day 9", "the registration desk", ())
                insert_tournament(connection, " ", "the registration desk", ())
        assert _watch(floor, timeout=0.5) == [] and floor.list_tournaments() == []
    finally:
        desk.close()
        floor.close()
