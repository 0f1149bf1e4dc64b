"""Checkpoints in batches: a checkpoint writes only the entries, tables and bust groups changed since the last one,
appended as batches standing on the newest whole checkpoint, and a tournament opened from one (with the log after
it) is the tournament the commands built, through busts, moves, breaks, rebuys, undo and redo; so is one opened
from a checkpoint in parts written before batches."""

from __future__ import annotations

import copy
import gc
import json
import random
import sqlite3

import pytest
from sqlalchemy import text

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import BustGroup, Entry
from tournament_director.domain.floor.snapshot import UnreadChunk
from tournament_director.services import commands
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store
from tournament_director.store.batches import batch_parts


def _same(a, b) -> None:
    assert json.dumps(a.to_snapshot(), sort_keys=True) == json.dumps(b.to_snapshot(), sort_keys=True)
    assert _running_counts(a.floor) == _running_counts(b.floor)


def _running_counts(floor) -> dict:
    """What a checkpoint does not hold and opening counts again: the players left, the purchases, the bounties."""
    return {"alive": floor.alive, "rebuys": floor.rebuys, "addons": floor.addons, "reentries": floor.reentries,
            "options_bought": list(floor.options_bought.items()), "bounties_on_heads": floor.bounties_on_heads}


def _parts_at(store, seq: int) -> list[tuple[str, int]]:
    """The parts the batches written at ``seq`` hold."""
    with store.engine.connect() as connection:
        batches = connection.execute(text("SELECT data FROM snapshot_batch WHERE seq = :seq"), {"seq": seq})
        return sorted((kind, number) for (data,) in batches for kind, numbers, _ in batch_parts(data)
                      for number in numbers)


def _bases(store) -> list[int]:
    """The whole checkpoints the checkpoints kept stand on."""
    with store.engine.connect() as connection:
        return [r[0] for r in connection.execute(text("SELECT DISTINCT base_seq FROM snapshot ORDER BY base_seq"))]


def _floor(store, snapshot_every: int, entries: int = 90, tables: int = 10) -> tuple[CommandRunner, TournamentService]:
    runner = CommandRunner(store, store.create_tournament("Checkpoints"), snapshot_every=snapshot_every)
    floor = TournamentService(runner, rng=random.Random(7))
    floor.configure({"name": "Checkpoints", "buy_in": 100, "rebuy_until_level": 3, "rebuy_limit": 5, "rebuy_chips": 10_000, "rebuy_max_chips": 10**9, "rebuy_price": 100,
                     "bounty_mode": "progressive", "bounty": 20})
    floor.add_tables(tables, 9)
    floor.register_many([f"Player {i}" for i in range(1, entries + 1)])
    floor.draw_seats()
    floor.close_registration()
    return runner, floor


def _bust_first_alive(runner, floor) -> None:
    """The first player still in out, eliminated by a player of his table."""
    t = runner.state.floor
    victim = next(e for e in t.entries.values() if not e.busted)
    floor.bust(victim.id, [next(e for e in t.tables[victim.table].seats.values() if e != victim.id)])


@pytest.mark.parametrize("snapshot_every", [5, 40])  # 40: checkpoints of more than a slice, written in slices
def test_a_tournament_opened_from_checkpoints_in_parts_is_the_one_played(store, snapshot_every) -> None:
    runner, floor = _floor(store, snapshot_every=snapshot_every)
    rng = random.Random(11)
    for step in range(150):
        t = runner.state.floor  # an undo puts a new state in place
        if t.finished:
            break
        alive = [e.id for e in t.entries.values() if not e.busted]
        roll = rng.random()
        if roll < 0.1 and runner.can_undo():
            runner.undo()
            if rng.random() < 0.5 and runner.can_redo():
                runner.redo()
        elif roll < 0.2:
            floor.rebuy(rng.choice(alive), level=1)
        else:
            victim = rng.choice(alive)
            mates = [e for e in t.tables[t.entries[victim].table].seats.values() if e != victim] or alive
            result = floor.bust(victim, [rng.choice([m for m in mates if m != victim])])
            if not result.proposal.is_empty:
                floor.accept_moves(result.proposal)
        if step % 10 == 0:
            opened = CommandRunner(store, runner.tournament_id)  # maybe half way through writing a checkpoint
            _same(opened.state, runner.state)
            _same(opened.state, runner.rebuild())
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM snapshot_batch")).scalar() > 0
        assert connection.execute(text("SELECT COUNT(*) FROM snapshot_part")).scalar() == 0
    assert None not in _bases(store)
    _same(CommandRunner(store, runner.tournament_id).state, runner.rebuild())


def test_each_checkpoint_writes_one_region_whole_and_batches_older_than_every_region_are_dropped(store, monkeypatch):
    monkeypatch.setattr(commands, "REGION_PARTS", 34)  # 90 entries and 10 tables: 3 regions
    runner, floor = _floor(store, snapshot_every=2)
    first_base = _bases(store)
    rng = random.Random(3)
    bases_seen = set(first_base)
    for step in range(60):
        t = runner.state.floor
        if t.finished:
            break
        alive = [e.id for e in t.entries.values() if not e.busted]
        victim = rng.choice(alive)
        mates = [e for e in t.tables[t.entries[victim].table].seats.values() if e != victim] or alive
        result = floor.bust(victim, [rng.choice([m for m in mates if m != victim])])
        if not result.proposal.is_empty:
            floor.accept_moves(result.proposal)
        if step == 30:
            runner.undo()
            runner.redo()
        bases_seen.update(_bases(store))
        if step % 7 == 0:
            _same(CommandRunner(store, runner.tournament_id).state, runner.state)
    assert len(bases_seen) >= 10  # each checkpoint stands on the last three, not on the first whole one
    with store.engine.connect() as connection:  # batches older than every kept checkpoint's base are gone
        oldest = connection.execute(text("SELECT MIN(seq) FROM snapshot_batch")).scalar()
    assert oldest == min(_bases(store)) > min(first_base)
    _same(CommandRunner(store, runner.tournament_id).state, runner.state)
    _same(runner.state, runner.rebuild())


def test_a_checkpoint_writes_only_what_changed_since_the_last_one_and_one_region(store, monkeypatch) -> None:
    monkeypatch.setattr(commands, "REGION_PARTS", 4)  # 200 parts: 50 regions; region 0: entries 50, 100, 150
    runner, floor = _floor(store, snapshot_every=10_000, entries=180, tables=20)
    runner._snapshot(runner.last_seq)  # the first checkpoint holds every part (in slices: flushed here)
    assert _parts_at(store, runner.last_seq) == []
    runner.flush_checkpoint()
    first = _parts_at(store, runner.last_seq)
    assert len([p for p in first if p[0] == "entry"]) == 180 and len([p for p in first if p[0] == "table"]) == 20
    t = runner.state.floor
    victim = next(e for e in t.entries.values() if not e.busted)
    killer = next(e for s, e in sorted(t.tables[victim.table].seats.items()) if e != victim.id)
    floor.bust(victim.id, [killer])  # the proposal is not accepted: one bust, two entries and one table change
    runner._snapshot(runner.last_seq)
    changed = {("entry", victim.id), ("entry", killer), ("groups", 0),
               ("table", victim.table if victim.table else t.bust_groups[-1].tables[victim.id])}
    assert _parts_at(store, runner.last_seq) == sorted(changed | {("entry", 50), ("entry", 100), ("entry", 150)})
    floor.bust(killer, [next(e for e in t.tables[t.entries[killer].table].seats.values() if e != killer)])
    runner._snapshot(runner.last_seq)  # region 1: entries 1, 51, 101 and 151, table 1
    assert {("entry", 1), ("entry", 51), ("entry", 101), ("entry", 151), ("table", 1)} <= set(
        _parts_at(store, runner.last_seq))
    assert len(_parts_at(store, runner.last_seq)) <= 10
    _same(CommandRunner(store, runner.tournament_id).state, runner.state)


def test_undo_before_a_checkpoint_drops_it_and_the_next_one_is_whole_again(store) -> None:
    runner, floor = _floor(store, snapshot_every=3)
    first_bust = None
    for _ in range(7):
        _bust_first_alive(runner, floor)
        first_bust = first_bust or runner.last_seq
    runner.undo(first_bust)  # every checkpoint after the first bust goes
    for _ in range(5):
        _bust_first_alive(runner, floor)
    _same(CommandRunner(store, runner.tournament_id).state, runner.rebuild())
    _same(runner.state, runner.rebuild())


def test_a_whole_snapshot_of_an_older_version_still_opens_and_the_next_checkpoint_has_every_part(store) -> None:
    runner, floor = _floor(store, snapshot_every=10_000)
    runner._log.save_snapshot(runner.last_seq, json.dumps(runner.state.to_snapshot()), "2025-01-01T00:00:00+00:00")
    opened = CommandRunner(store, runner.tournament_id, snapshot_every=1)
    _same(opened.state, runner.state)
    _bust_first_alive(opened, TournamentService(opened, rng=random.Random(1)))
    opened.flush_checkpoint()
    assert len([p for p in _parts_at(store, opened.last_seq) if p[0] == "entry"]) == 90
    _same(CommandRunner(store, runner.tournament_id).state, opened.rebuild())


def _downgrade(path, revision: str) -> None:
    """Take the file back to an older schema, as an older version of the program left it."""
    from alembic import command
    from alembic.config import Config

    from tournament_director.store.engine import make_engine
    from tournament_director.store.schema import MIGRATIONS_DIR

    engine = make_engine(path)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    engine.dispose()


def test_a_file_with_checkpoints_in_parts_is_migrated_and_opens_and_its_next_checkpoint_is_whole(db_path) -> None:
    store = Store.open(db_path)
    runner, floor = _floor(store, snapshot_every=10_000)
    seq, parts = runner.last_seq, runner.state.checkpoint()  # the layout of 0005: one row per part and version
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM snapshot"))
        connection.execute(text("DELETE FROM snapshot_batch"))
        connection.execute(
            text("INSERT INTO snapshot (tournament_id, seq, recorded_at, data) VALUES (:tid, :seq, :at, :data)"),
            {"tid": runner.tournament_id, "seq": seq, "at": "2025-01-01T00:00:00+00:00",
             "data": json.dumps({"parts": True, "core": parts["core"]})})
        connection.execute(
            text("INSERT INTO snapshot_part (tournament_id, kind, number, seq, data) "
                 "VALUES (:tid, :kind, :number, :seq, :data)"),
            [{"tid": runner.tournament_id, "kind": kind, "number": number, "seq": seq, "data": json.dumps(value)}
             for kind in ("entry", "table", "groups") for number, value in parts[kind].items()])
    played = json.dumps(runner.state.to_snapshot(), sort_keys=True)
    tournament_id = runner.tournament_id
    store.close()
    _downgrade(db_path, "0005")
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == ("0005",)
    connection.close()

    with Store.open(db_path) as store:  # migrated to the newest schema on opening
        opened = CommandRunner(store, tournament_id, snapshot_every=1)
        assert json.dumps(opened.state.to_snapshot(), sort_keys=True) == played
        _bust_first_alive(opened, TournamentService(opened, rng=random.Random(1)))
        opened.flush_checkpoint()
        assert len([p for p in _parts_at(store, opened.last_seq) if p[0] == "entry"]) == 90
        assert _bases(store)[-1] == opened.last_seq
        _same(CommandRunner(store, tournament_id).state, opened.rebuild())
        opened.undo()
        _same(CommandRunner(store, tournament_id).state, opened.rebuild())


def test_the_regions_follow_the_field_when_it_grows_after_the_first_checkpoint(store, monkeypatch) -> None:
    monkeypatch.setattr(commands, "REGION_PARTS", 10)
    runner, floor = _floor(store, snapshot_every=1)  # the first checkpoint holds the ten tables: one region

    def regions() -> list[int]:
        return json.loads(runner._log.newest_snapshot()[1])["regions"]

    assert len(regions()) == 10  # 90 entries and 10 tables
    for _ in range(12):
        _bust_first_alive(runner, floor)
        runner.flush_checkpoint()
        assert len(_parts_at(store, runner.last_seq)) <= 20  # a region and what the bust changed, not the field
        _same(CommandRunner(store, runner.tournament_id).state, runner.state)
    assert min(regions()) > runner.last_seq - 12  # a whole turn of the regions since the field grew
    _same(runner.state, runner.rebuild())


def test_a_station_whose_regions_stood_still_while_another_turned_them_over_checkpoints_what_was_played(
        store, monkeypatch) -> None:
    """Its checkpoint stands on batches already dropped; those kept hold every part as of the other station's
    last checkpoint, and its own batches everything changed since its own last one."""
    monkeypatch.setattr(commands, "REGION_PARTS", 34)  # 90 entries and 10 tables: 3 regions
    here, floor_here = _floor(store, snapshot_every=2)
    there = CommandRunner(store, here.tournament_id, snapshot_every=2)  # a second station on the same event
    floor_there = TournamentService(there, rng=random.Random(5))

    for _ in range(24):  # the other station's checkpoints turn the regions over and drop the older batches
        _bust_first_alive(there, floor_there)
        there.flush_checkpoint()
    stood_on = min(here._batches.regions)
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT MIN(seq) FROM snapshot_batch")).scalar() > stood_on
    here.catch_up()
    for _ in range(4):
        _bust_first_alive(here, floor_here)
        here.flush_checkpoint()
        _same(CommandRunner(store, here.tournament_id).state, here.rebuild())
    _same(here.state, here.rebuild())


def test_a_checkpoint_no_longer_stood_on_is_dropped_a_few_batches_at_a_time(store, monkeypatch) -> None:
    """A command never pays for dropping a whole field's checkpoint at once (megabytes at 100,000 entries): the
    draw's checkpoint, once no checkpoint kept stands on it, goes a few batches with each checkpoint."""
    from tournament_director.store import event_log

    monkeypatch.setattr(event_log, "BATCH_PARTS", 2)      # the checkpoint of the draw: some 50 batches
    monkeypatch.setattr(commands, "REGION_PARTS", 34)     # 90 entries and 10 tables: 3 regions
    runner, floor = _floor(store, snapshot_every=2)
    with store.engine.connect() as connection:
        drawn = connection.execute(text("SELECT seq FROM snapshot_batch GROUP BY seq ORDER BY COUNT(*) DESC")).scalar()

    def left_of_the_whole() -> int:
        with store.engine.connect() as connection:
            return connection.execute(text("SELECT COUNT(*) FROM snapshot_batch WHERE seq = :seq"),
                                      {"seq": drawn}).scalar()

    counts = [left_of_the_whole()]
    assert counts[0] > 4 * event_log.BATCHES_DROPPED_AT_ONCE
    while counts[-1] and len(counts) < 200:
        _bust_first_alive(runner, floor)
        runner.flush_checkpoint()
        counts.append(left_of_the_whole())
        _same(CommandRunner(store, runner.tournament_id).state, runner.state)   # leftovers are never read
    assert counts[-1] == 0   # all gone in the end
    drops = [a - b for a, b in zip(counts, counts[1:])]
    assert max(drops) == event_log.BATCHES_DROPPED_AT_ONCE and min(drops) >= 0
    _same(runner.state, runner.rebuild())


def test_opening_a_large_field_and_undoing_from_its_checkpoint_run_without_the_cyclic_collector_walking_it(
        store) -> None:
    runner, floor = _floor(store, snapshot_every=50, entries=3_000, tables=334)
    for _ in range(60):
        _bust_first_alive(runner, floor)
    runner.flush_checkpoint()
    opening, opened = _collections_during(lambda: CommandRunner(store, runner.tournament_id))
    _same(opened.state, runner.state)
    # a runner just opened kept nothing to put back: the undo folds the state again from the checkpoint
    undoing, _undone = _collections_during(opened.undo)
    assert (opening, undoing) == ([], [])  # some hundred thousand new objects each time, the collector never ran
    assert gc.isenabled()
    _same(opened.state, opened.rebuild())
    runner = CommandRunner(store, runner.tournament_id)
    _same(runner.state, opened.state)
    runner.redo()
    _same(runner.state, runner.rebuild())


def _collections_during(work):  # type: ignore[no-untyped-def]
    """The generations the cyclic collector walked while ``work()`` ran, and what it returned."""
    collections: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        done = work()
    finally:
        gc.callbacks.remove(count)
    return collections, done


def test_the_command_that_takes_a_checkpoint_leaves_its_parts_json_to_the_commands_writing_its_slices(
        store, monkeypatch) -> None:
    runner, floor = _floor(store, snapshot_every=10_000, entries=900, tables=100)
    runner._snapshot(runner.last_seq)
    runner.flush_checkpoint()  # the whole first checkpoint: the next ones write what changed and one region
    monkeypatch.setattr(commands, "REGION_PARTS", 500)  # 1,000 parts: 2 regions, each of some hundred parts
    encoded: list[int] = []
    as_json = commands._as_json
    monkeypatch.setattr(commands, "_as_json", lambda parts: encoded.append(len(parts)) or as_json(parts))
    runner.snapshot_every = 1
    _bust_first_alive(runner, floor)  # its checkpoint: a region of about 500 parts, written in slices
    assert runner._pending_checkpoint is not None
    taken_by = list(encoded)
    encoded.clear()
    runner.snapshot_every = 10_000
    while runner._pending_checkpoint is not None:
        _bust_first_alive(runner, floor)
    assert taken_by == [] and len(encoded) >= 4 and max(encoded) <= commands.CHECKPOINT_SLICE
    _same(CommandRunner(store, runner.tournament_id).state, runner.state)


def _groups_read(groups) -> int:  # type: ignore[no-untyped-def]
    """How many of the floor's bust groups are built (the others are still the rows of the checkpoint)."""
    return sum(type(group) is BustGroup for group in list.__iter__(groups))


def test_opening_reads_no_bust_group_until_one_is_used_and_each_read_is_the_one_played(store) -> None:
    runner, floor = _floor(store, snapshot_every=1)  # a checkpoint at every command: opening folds no event
    for _ in range(40):
        _bust_first_alive(runner, floor)
    runner.flush_checkpoint()
    played = runner.rebuild().floor.bust_groups
    opened = CommandRunner(store, runner.tournament_id)
    groups = opened.state.floor.bust_groups
    assert len(groups) == len(played) == 40 and groups
    assert _groups_read(groups) == 0
    assert all(type(group) is UnreadChunk for group in list.__iter__(groups))  # not even decoded
    assert groups[7] == played[7] and groups[10:14] == played[10:14] and groups[-3:-1] == played[-3:-1]
    assert _groups_read(groups) == 7
    _bust_first_alive(opened, TournamentService(opened, rng=random.Random(7)))  # reads the newest group only
    assert _groups_read(groups) == 9 and len(groups) == 41
    _same(opened.state, opened.rebuild())
    opened.undo()  # put back in place: the newest group dropped
    assert len(opened.state.floor.bust_groups) == 40
    _same(opened.state, opened.rebuild())


def test_the_bust_groups_read_when_used_answer_as_the_list_they_come_from(store) -> None:
    runner, floor = _floor(store, snapshot_every=1)
    for _ in range(12):
        _bust_first_alive(runner, floor)
    runner.flush_checkpoint()
    played = runner.rebuild().floor.bust_groups

    def opened_groups():  # type: ignore[no-untyped-def]
        groups = CommandRunner(store, runner.tournament_id).state.floor.bust_groups
        assert len(groups) == 12 and _groups_read(groups) == 0
        return groups

    assert opened_groups() == played and played == opened_groups() and not opened_groups() != played
    assert list(opened_groups()) == played and list(reversed(opened_groups())) == played[::-1]
    assert opened_groups()[::-2] == played[::-2] and opened_groups()[-1] == played[-1]
    assert opened_groups().copy() == played and played[5] in opened_groups()
    assert opened_groups().index(played[5]) == 5 and opened_groups().count(played[5]) == 1
    assert opened_groups().pop() == played[-1] and opened_groups().pop(3) == played[3]
    assert copy.deepcopy(opened_groups()) == played
    groups = opened_groups()
    del groups[-2:]  # what an undo does: the groups before stay where they are, unread
    assert _groups_read(groups) == 0 and groups == played[:-2]
    groups = opened_groups()
    del groups[3]
    groups.insert(5, played[0])
    assert groups == played[:3] + played[4:6] + [played[0]] + played[6:]
    groups = opened_groups()
    groups[2:4] = [played[9]]
    assert groups == played[:2] + [played[9]] + played[4:]
    with pytest.raises(IndexError):
        opened_groups()[12]


def _entries_built(floor) -> int:  # type: ignore[no-untyped-def]
    """How many of the floor's entries are built (the others are still their rows in the checkpoint)."""
    return sum(type(entry) is Entry for entry in dict.values(floor.entries))


def _bust_alive_of(played, runner, service) -> None:  # type: ignore[no-untyped-def]
    """The first player still in (found in ``played``, the same floor rebuilt) out, eliminated by a player of his
    table: no walk of the opened floor's entries."""
    t = runner.state.floor
    victim = next(e.id for e in played.entries.values() if not e.busted and e.id in t.entries
                  and not t.entries[e.id].busted)
    service.bust(victim, [next(e for e in t.tables[t.entries[victim].table].seats.values() if e != victim)])


def test_opening_builds_no_entry_until_one_is_used_and_each_one_built_is_the_one_played(store) -> None:
    runner, floor = _floor(store, snapshot_every=1)  # a checkpoint at every command: opening folds no event
    for _ in range(20):
        _bust_first_alive(runner, floor)
    runner.flush_checkpoint()
    played = runner.rebuild().floor
    opened = CommandRunner(store, runner.tournament_id)
    t = opened.state.floor
    assert _entries_built(t) == 0
    assert len(t.entries) == 90 and list(t.entries) == list(range(1, 91)) and 45 in t.entries and 91 not in t.entries
    assert _running_counts(t) == _running_counts(played)  # from the checkpoint, not counted from the entries
    assert t.entries[45] == played.entries[45] and t.entry(12) == played.entries[12]
    assert t.entries.get(91) is None and t.entries.get(7) == played.entries[7]
    assert _entries_built(t) == 3
    _bust_alive_of(played, opened, TournamentService(opened, rng=random.Random(7)))  # the bust's players only
    assert 0 < _entries_built(t) <= 12
    assert sorted(e.id for e in t.entries.values() if e.busted) == sorted(
        e.id for e in played.entries.values() if e.busted) + [t.bust_groups[-1].entries[0]]  # a walk builds all
    assert _entries_built(t) == 90
    _same(opened.state, opened.rebuild())
    opened.undo()  # put back in place
    _same(opened.state, runner.rebuild())


def test_a_checkpoint_written_after_opening_keeps_the_entries_not_used_as_they_were_read(store, monkeypatch) -> None:
    monkeypatch.setattr(commands, "REGION_PARTS", 34)  # 90 entries and 10 tables: 3 regions
    runner, floor = _floor(store, snapshot_every=2)
    for _ in range(6):
        _bust_first_alive(runner, floor)
    runner.flush_checkpoint()
    played = runner.rebuild().floor
    opened = CommandRunner(store, runner.tournament_id, snapshot_every=2)
    service = TournamentService(opened, rng=random.Random(7))
    for _ in range(6):  # three checkpoints: every region written again
        _bust_alive_of(played, opened, service)
        opened.flush_checkpoint()
        played = opened.rebuild().floor
    assert _entries_built(opened.state.floor) < 45  # the regions' entries not used were written as they were read
    _same(CommandRunner(store, runner.tournament_id).state, opened.rebuild())
    _same(opened.state, opened.rebuild())


def test_a_player_out_since_the_checkpoint_was_written_buys_in_again_after_opening(store) -> None:
    runner = CommandRunner(store, store.create_tournament("Re-entries"), snapshot_every=1)
    floor = TournamentService(runner, rng=random.Random(7))
    floor.configure({"name": "Re-entries", "buy_in": 100, "reentry_limit": 2, "late_registration_until_level": 9})
    floor.add_tables(3, 9)
    floor.register_many([f"Player {i}" for i in range(1, 21)])
    floor.draw_seats()
    t = runner.state.floor
    out = t.entries[5]
    floor.bust(out.id, [next(e for e in t.tables[out.table].seats.values() if e != out.id)])
    runner.flush_checkpoint()
    opened = CommandRunner(store, runner.tournament_id)
    assert _entries_built(opened.state.floor) == 0
    again = TournamentService(opened, rng=random.Random(7)).register("Player 5")  # counts each player's entries
    assert (again.entry_id, opened.state.floor.entries[again.entry_id].number) == (21, 2)
    assert opened.state.floor.player_entries["name:player 5"] == [5, 21]
    _same(opened.state, opened.rebuild())
    with pytest.raises(DomainError, match="already has a live entry"):
        TournamentService(CommandRunner(store, runner.tournament_id)).register("player 5")


def _as_written_before(store) -> None:  # type: ignore[no-untyped-def]
    """The checkpoints as the version before wrote them: each batch one JSON list of [kind, number, part], and
    a core without the floor's running counts."""
    with store.engine.begin() as connection:
        for batch_id, data in connection.execute(text("SELECT id, data FROM snapshot_batch")).all():
            old = "[" + ",".join(f'["{kind}",{number},{part}]' for kind, numbers, parts in batch_parts(data)
                                 for number, part in zip(numbers, parts)) + "]"
            connection.execute(text("UPDATE snapshot_batch SET data = :data WHERE id = :id"),
                               {"data": old, "id": batch_id})
        for snapshot_id, data in connection.execute(text("SELECT id, data FROM snapshot")).all():
            core = json.loads(data)
            del core["core"]["floor"]["counts"]
            connection.execute(text("UPDATE snapshot SET data = :data WHERE id = :id"),
                               {"data": json.dumps(core), "id": snapshot_id})


def _shapes(store) -> set[str]:  # type: ignore[no-untyped-def]
    with store.engine.connect() as connection:
        return {data[0] for (data,) in connection.execute(text("SELECT data FROM snapshot_batch"))}


def test_checkpoints_written_before_batches_in_lines_open_and_the_next_ones_stand_on_them(store, monkeypatch):
    monkeypatch.setattr(commands, "REGION_PARTS", 34)  # 90 entries and 10 tables: 3 regions
    runner, floor = _floor(store, snapshot_every=4)
    for _ in range(20):
        _bust_first_alive(runner, floor)
        if runner.state.floor.alive % 7 == 0:
            floor.rebuy(next(e.id for e in runner.state.floor.entries.values() if not e.busted), level=1)
    runner.flush_checkpoint()
    _as_written_before(store)
    assert _shapes(store) == {"["}
    opened = CommandRunner(store, runner.tournament_id, snapshot_every=4)
    _same(opened.state, runner.rebuild())
    _same(opened.state, runner.state)
    service = TournamentService(opened, rng=random.Random(3))
    seen = []
    for _ in range(12):  # checkpoints in lines, standing on regions still written the older way
        _bust_first_alive(opened, service)
        opened.flush_checkpoint()
        seen.append(_shapes(store))
        _same(CommandRunner(store, runner.tournament_id).state, opened.rebuild())
    assert {"[", "{"} in seen  # the opened ones read both shapes together
    opened.undo()
    _same(CommandRunner(store, runner.tournament_id).state, opened.rebuild())
    _same(opened.state, opened.rebuild())


def test_names_with_quotes_backslashes_and_line_breaks_come_back_from_a_checkpoint_in_lines(store) -> None:
    runner = CommandRunner(store, store.create_tournament("Names"), snapshot_every=1)
    floor = TournamentService(runner, rng=random.Random(7))
    floor.configure({"name": "Names", "buy_in": 100})
    floor.add_tables(2, 9)
    names = ['Zoë "the \\ Rock"\nO’Brien', "Ana\u2028Souza\u2029", 'tab\there", ["x", 1]]\r', "ünï ✓ 漢字", "Bob"]
    floor.register_many(names)
    floor.draw_seats()
    runner.flush_checkpoint()
    assert all(len(data.split("\n")) == 1 + 5 + 2 for data in _shapes_data(store, runner.last_seq))
    opened = CommandRunner(store, runner.tournament_id).state.floor
    assert [opened.entries[n].name for n in range(1, 6)] == [name.strip() for name in names]
    _same(CommandRunner(store, runner.tournament_id).state, runner.rebuild())


def _shapes_data(store, seq: int) -> list[str]:  # type: ignore[no-untyped-def]
    with store.engine.connect() as connection:
        return [data for (data,) in connection.execute(text("SELECT data FROM snapshot_batch WHERE seq = :seq"),
                                                        {"seq": seq})]
