"""The floor service's entries changed since a mark: a bust answers only the entries it touched (with the new
place), the draw every entry it seated, an undo of the latest bust its player back in."""

from __future__ import annotations

from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store


def test_a_bust_answers_only_the_entries_it_changed(tmp_path) -> None:
    store = Store.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    runner = CommandRunner(store, store.create_tournament("Thursday Six-Max"))
    floor = TournamentService(runner)
    floor.configure({"name": "Thursday Six-Max"})
    floor.add_tables(20)
    mark, everything = floor.entries_since(None)
    assert everything is None
    floor.register_many([f"Player {n:03d}" for n in range(180)])
    floor.draw_seats()
    mark, seated = floor.entries_since(mark)
    assert seated is not None and len(seated) == 180 and all(e.table is not None for e in seated)
    first = next(e for e in floor.entries() if e.table is not None)
    mate = next(e for e in floor.entries() if e.table == first.table and e.entry_id != first.entry_id)
    floor.bust(first.entry_id, [mate.entry_id])
    mark, changed = floor.entries_since(mark)
    assert changed is not None
    ids = {e.entry_id for e in changed}
    assert {first.entry_id, mate.entry_id} <= ids and len(ids) <= 10   # the bust's table, not the field
    busted = next(e for e in changed if e.entry_id == first.entry_id)
    assert (busted.busted, busted.place) == (True, 180)
    assert floor.entries_since(mark)[1] == []    # nothing since
    runner.undo()
    back = floor.entries_since(mark)[1]  # the latest bust undone: its player back in, the others' places stand
    assert back is not None and first.entry_id in {e.entry_id for e in back} and len(back) <= 10
    undone = next(e for e in back if e.entry_id == first.entry_id)
    assert (undone.busted, undone.place) == (False, None) and not floor.entry(first.entry_id).busted
    store.close()
