"""The floor service's tables changed since a mark: a bust answers its own table (and the tables whose halt mark
came or went), a change of the settings every table shows or an undo asks for every table again; the halted tables
read from the index are those TDA 11-D's comparison of every table with the fullest gives."""

from __future__ import annotations

import random

from tournament_director.domain.floor.balancing import halting_flags
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store


def open_floor(tmp_path, tables: int, players: int) -> tuple[Store, CommandRunner, TournamentService]:
    store = Store.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    runner = CommandRunner(store, store.create_tournament("Monday Deepstack"))
    floor = TournamentService(runner, rng=random.Random(7))
    floor.configure({"name": "Monday Deepstack"})
    floor.add_tables(tables)
    floor.register_many([f"Player {n:03d}" for n in range(players)])
    floor.draw_seats()
    return store, runner, floor


def halted_by_comparison(runner: CommandRunner) -> set[int]:
    t = runner.state.floor
    return set(halting_flags(t.open_tables(), t.settings.halt_short_by))


def test_a_bust_answers_its_table_and_the_halts_it_moved(tmp_path) -> None:
    store, runner, floor = open_floor(tmp_path, 3, 25)   # 9, 8 and 8 players
    mark, everything = floor.tables_since(None)
    assert everything is None
    full = next(t.number for t in floor.tables() if t.players == 9)
    short = next(t.number for t in floor.tables() if t.number != full)
    for _ in range(2):
        seated = [s.entry_id for s in floor.table(short).seats if s.entry_id]
        floor.bust(seated[0], [seated[1]])
    mark, changed = floor.tables_since(mark)
    assert changed == {short} and floor.table(short).halt   # 9 against 6: halted (TDA 11-D)
    seated = [s.entry_id for s in floor.table(full).seats if s.entry_id]
    floor.bust(seated[0], [seated[1]])
    mark, changed = floor.tables_since(mark)
    assert changed == {full, short} and not floor.table(short).halt   # the fullest has 8 now: the halt is lifted
    assert floor.tables_since(mark)[1] == set()
    floor.configure({**floor.settings.to_dict(), "halt_short_by": 2})
    mark, changed = floor.tables_since(mark)
    assert changed is None   # every table's note may read otherwise
    runner.undo()
    assert floor.tables_since(mark)[1] is None   # the floor was rebuilt
    store.close()


def test_the_halted_tables_from_the_index_are_those_of_the_comparison(tmp_path) -> None:
    store, runner, floor = open_floor(tmp_path, 8, 70)
    rng = random.Random(3)
    halted_seen = 0
    for _ in range(40):
        tables = [t for t in floor.tables() if t.players >= 2]
        table = rng.choice(tables)
        seated = [s.entry_id for s in table.seats if s.entry_id]
        floor.bust(seated[0], [seated[1]])
        assert {t.number for t in floor.tables() if t.halt} == halted_by_comparison(runner)
        halted_seen += bool(halted_by_comparison(runner))
        if rng.random() < 0.3:
            proposal = floor.propose_moves()
            if not proposal.is_empty:
                floor.accept_moves(proposal)
                assert {t.number for t in floor.tables() if t.halt} == halted_by_comparison(runner)
        if floor.finished or len(tables) < 2:
            break
    assert halted_seen >= 3   # the comparison was put to the test with tables halted
    store.close()
