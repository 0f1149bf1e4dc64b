"""An undo of the latest command puts back only what that command changed, and a redo applies it again, on the
live state itself instead of folding the tournament again from its newest checkpoint: for every kind of command,
at a field of 3,000 entries on a real SQLite file, the state after the undo is the state before the command and
a rebuild from the log alone, and after the redo the state after the command and a rebuild again (the records,
the figures the floor keeps as it goes, the chip leader, the biggest heads, the invariants), and the tournament
opened again from its checkpoints and log is the same."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tournament_director.domain.floor.days import SetPoint
from tournament_director.services.commands import CommandRunner
from tournament_director.services.days import DayService
from tournament_director.services.tournament import ForcedBets, TournamentService
from tournament_director.store import Store

ENTRIES = 3_000
BLINDS = ForcedBets(100, 200, 25)


def picture(state: Any) -> str:
    """Everything the state holds and keeps, as one comparable text."""
    floor = state.floor
    leader = floor.chip_leader()
    kept = {
        "alive": floor.alive, "reentries": floor.reentries, "rebuys": floor.rebuys, "addons": floor.addons,
        "options": {option: n for option, n in floor.options_bought.items() if n},
        "bounties_on_heads": floor.bounties_on_heads,
        "player_entries": {key: ids for key, ids in sorted(floor.player_entries.items())},
        "leader": leader.id if leader else None,
        "heads": [e.id for e in floor.biggest_heads()],
        "table_index": [floor.table_index().players, floor.table_index().capacity],
    }
    return json.dumps({"state": state.to_snapshot(), "kept": kept}, sort_keys=True, default=str)


@pytest.fixture(scope="module")
def field(tmp_path_factory) -> tuple[Store, CommandRunner, TournamentService]:
    path = tmp_path_factory.mktemp("undo") / "event.sqlite"
    store = Store.open(path)
    runner = CommandRunner(store, store.create_tournament("Undo in place"))
    floor = TournamentService(runner, rng=random.Random(27))
    floor.configure({"name": "Undo in place", "buy_in": 100, "fee": 10, "bounty_mode": "progressive", "bounty": 50,
                     "rebuy_limit": 3, "rebuy_price": 100, "rebuy_chips": 10_000, "rebuy_max_chips": 10**9,
                     "addon_enabled": True, "addon_price": 50, "addon_chips": 5_000, "addon_only_on_break": False,
                     "reentry_limit": 3, "late_registration_until_level": 9})
    floor.add_tables(-(-ENTRIES // 9) + 3, 9)
    floor.register_many([f"Player {i}" for i in range(1, ENTRIES + 1)])
    floor.draw_seats()
    for _ in range(40):  # some players out already, a few tables short
        live = [e.id for e in runner.state.floor.entries.values() if not e.busted]
        victim = live[len(live) // 3]
        table = runner.state.floor.entries[victim].table
        mates = [e for e in runner.state.floor.tables[table].seats.values() if e != victim]
        floor.bust(victim, [mates[0]])
    yield store, runner, floor
    store.close()


def _live(runner: CommandRunner) -> list[int]:
    return [e.id for e in runner.state.floor.entries.values() if not e.busted]


def _table_of(runner: CommandRunner, entry_id: int) -> int:
    return runner.state.floor.entries[entry_id].table


def _mate(runner: CommandRunner, entry_id: int) -> int:
    t = runner.state.floor
    return next(e for e in t.tables[t.entries[entry_id].table].seats.values() if e != entry_id)


def _empty_seat(runner: CommandRunner) -> tuple[int, int]:
    t = runner.state.floor
    for number in sorted(dict.keys(t.tables), reverse=True):
        table = dict.__getitem__(t.tables, number)
        if not table.broken:
            free = [s for s in range(1, (table.seat_count or 9) + 1) if s not in table.seats and s not in table.locked]
            if free:
                return number, free[0]
    raise AssertionError("no empty seat")


Command = Callable[[CommandRunner, TournamentService], Any]

COMMANDS: dict[str, Command] = {
    "entry.busted": lambda r, f: f.bust(_live(r)[7], [_mate(r, _live(r)[7])]),
    "entry.busted, two at once": lambda r, f: f.bust_many([(_live(r)[11], [_mate(r, _live(r)[11])]),
                                                           (_live(r)[500], [_mate(r, _live(r)[500])])]),
    "entry.busted, no eliminator": lambda r, f: f.bust(_live(r)[13]),
    "entry.registered, a late entry": lambda r, f: f.register("Late Comer"),
    "entry.registered, a re-entry": lambda r, f: f.register(
        r.state.floor.entries[next(e.id for e in r.state.floor.entries.values() if e.busted)].name),
    "entry.rebuy": lambda r, f: f.rebuy(_live(r)[17], level=1),
    "entry.addon": lambda r, f: f.add_on(_live(r)[19], level=1),
    "entry.presence": lambda r, f: f.set_present(_live(r)[23], False),
    "chips.counted": lambda r, f: f.record_chips({_live(r)[29]: 12_345}),
    "seat.locked": lambda r, f: f.lock_seat(*_empty_seat(r)),
    "table.button_set": lambda r, f: f.set_button(_table_of(r, _live(r)[31]),
                                                  r.state.floor.entries[_live(r)[31]].seat),
    "moves.accepted, a player moved": lambda r, f: f.move_player(_live(r)[37], *_empty_seat(r)),
    "moves.accepted, a balancing proposal": lambda r, f: f.accept_moves(f.propose_moves()),
    "hand.next at one table": lambda r, f: f.next_hand(_table_of(r, _live(r)[41]), BLINDS),
    "hand.finished at one table": lambda r, f: f.finish_hand(_table_of(r, _live(r)[41])),
    "payouts.edited": lambda r, f: f.edit_payouts(["50", "30", "20"]),
    "registration.closed": lambda r, f: f.close_registration(),
    "ruling.recorded": lambda r, f: r.execute("ruling.recorded", {"ruling": {"table": 3, "text": "dead hand"}}),
    "chip_count.called": lambda r, f: r.execute("chip_count.called", {"time": "21:30", "note": "colour-up"}),
    "station.floor_called": lambda r, f: r.execute("station.floor_called", {"table": _table_of(r, _live(r)[43]),
                                                                            "note": "clock"}),
    "hand_for_hand.set": lambda r, f: f.set_hand_for_hand(True),
    "day.planned, a set point": lambda r, f: DayService(r, lambda: None).set_set_point(SetPoint("players", 100)),
}


@pytest.mark.parametrize("kind", list(COMMANDS))
def test_an_undo_and_a_redo_of_each_kind_of_command_at_a_large_field_equal_a_rebuild_from_the_log(field,
                                                                                                   kind) -> None:
    store, runner, floor = field
    before = picture(runner.state)
    COMMANDS[kind](runner, floor)
    after = picture(runner.state)
    assert after != before
    live = runner.state

    runner.undo()
    assert runner.state is live  # put back in place, not folded again from a checkpoint
    assert picture(runner.state) == before == picture(runner.rebuild())
    assert runner.state.floor.check_invariants() == []
    assert picture(CommandRunner(store, runner.tournament_id).state) == before

    runner.redo()
    assert runner.state is live
    assert picture(runner.state) == after == picture(runner.rebuild())
    assert runner.state.floor.check_invariants() == []
    assert picture(CommandRunner(store, runner.tournament_id).state) == after

    runner.undo()  # and once more, the redo's own change put back
    assert picture(runner.state) == before == picture(runner.rebuild())
    runner.redo()
    assert picture(runner.state) == after


def test_a_command_that_changes_every_table_is_undone_by_folding_again_and_equals_a_rebuild(field) -> None:
    """A hand dealt at every table uses every table: nothing is kept for it, and the undo folds the state again
    from the newest checkpoint, as before."""
    store, runner, floor = field
    before = picture(runner.state)
    floor.next_hand(forced=BLINDS)
    live = runner.state
    runner.undo()
    assert runner.state is not live
    assert picture(runner.state) == before == picture(runner.rebuild())
    runner.redo()
    assert picture(runner.state) == picture(runner.rebuild())


def test_a_tables_bags_undone_and_redone_equal_a_rebuild_from_the_log(field) -> None:
    """A table's bags look at every entry for the players still in there (as a count sheet of a table does), so
    their undo folds again from the checkpoint: the same state all the same."""
    store, runner, floor = field
    days = DayService(runner, lambda: None)
    table = _table_of(runner, _live(runner)[47])
    before = picture(runner.state)
    days.bag_table(table, {line.entry_id: line.stack + 100 for line in days.bag_sheet(table)})
    after = picture(runner.state)
    assert after != before and days.view().tables_bagged == (table,)
    runner.undo()
    assert picture(runner.state) == before == picture(runner.rebuild())
    assert picture(CommandRunner(store, runner.tournament_id).state) == before
    runner.redo()
    assert picture(runner.state) == after == picture(runner.rebuild())
    assert runner.state.floor.check_invariants() == []
