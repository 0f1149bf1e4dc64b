"""The room state kept from one change to the next (the players and the results brought up to date from the entries
a change touched) is, byte for byte, the state built whole again: after every step of a random evening of busts,
late entries, re-entries, moves, balancing, chip counts, undos and redos, on a field of a few hundred; and after each
kind of change near the money and its undo and redo, each followed but the undo of an entry."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.ui.tournament_setup import open_session
from tournament_director.domain.errors import DomainError
from tournament_director.services.new_tournament import NewTournamentPlan
from tournament_director.web.state import MoveMemory, RoomMemory, build_room_state, room_state_message

FIELD = 320
STEPS = 500
FIRST = ["Ann", "Bo", "Chloé", "Dev", "Émile", "Fay", "Gus", "Hana", "Ivo", "José"]
LAST = ["Lee", "Moreau", "Novak", "O'Hara", "Park", "Quinn", "Rossi", "Søren", "Tanaka", "Ueda"]


def _name(rng: random.Random, number: int) -> str:
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {number % 7}{number}"
    return name.upper() if rng.random() < 0.1 else name   # capitals sort among the others


class _History:
    """How many of the evening's commands an undo may take back (the draw stays) and a redo may bring back."""

    def __init__(self) -> None:
        self.undoable = 0
        self.redoable = 0


def _step(session, rng: random.Random, history: _History) -> str:
    """One thing the floor does, at random; returns what it was."""
    roll = rng.random()
    if roll < 0.12 and history.undoable:
        session.undo()
        history.undoable, history.redoable = history.undoable - 1, history.redoable + 1
        return "undo"
    if roll < 0.18 and history.redoable:
        session.redo()
        history.undoable, history.redoable = history.undoable + 1, history.redoable - 1
        return "redo"
    what = _command(session, rng)
    history.undoable, history.redoable = history.undoable + 1, 0
    return what


def _command(session, rng: random.Random) -> str:
    """A command of the floor, at random; returns what it was."""
    floor = session.tournament
    live = [e for e in floor.entries() if not e.busted and e.table is not None]
    busted = [e for e in floor.entries() if e.busted]
    roll = rng.random()
    if roll < 0.30 and len(live) > 12:
        out = rng.choice(live)
        mates = [e.entry_id for e in live if e.table == out.table and e.entry_id != out.entry_id]
        session.run(floor.bust, out.entry_id, mates[:1])
        return "bust"
    if roll < 0.36 and len(live) > 12:
        table = rng.choice(live).table
        at_table = [e.entry_id for e in live if e.table == table]
        if len(at_table) >= 3:
            session.run(floor.bust_many, [(at_table[0], [at_table[2]]), (at_table[1], [at_table[2]])])
            return "two out on a hand"
    if roll < 0.44:
        session.run(floor.register, _name(rng, len(floor.entries()) + 1))
        return "late entry"
    if roll < 0.50 and busted:
        session.run(floor.register, rng.choice(busted).name)
        return "re-entry"
    if roll < 0.60 and live:
        empty = floor.open_table_seats()
        if empty:
            table, seat = rng.choice(empty)
            session.run(floor.move_player, rng.choice(live).entry_id, table, seat)
            return "move"
    if roll < 0.66:
        proposal = floor.propose_moves()
        if proposal.moves:
            session.run(floor.accept_moves, proposal)
            return "balancing"
    if roll < 0.74 and live:
        session.run(floor.record_chips, {e.entry_id: rng.randrange(1_000, 90_000) for e in rng.sample(live, 5)})
        return "chip counts"
    session.run(floor.register, _name(rng, len(floor.entries()) + 1))
    return "late entry"


def test_the_state_kept_from_change_to_change_is_the_state_built_whole(tmp_path: Path, qapp) -> None:
    rng = random.Random(27)
    session = open_session(tmp_path, seed=27)
    try:
        session.create_from_plan(NewTournamentPlan(
            "Thursday Bounty", "regular", tables=FIELD // 9 + 12, seats_per_table=9,
            settings={"bounty_mode": "progressive", "bounty": 50, "reentry_limit": 3}))
        floor = session.tournament
        floor.register_many([_name(rng, number) for number in range(1, FIELD + 1)])
        session.run(floor.draw_seats)
        kept, whole = RoomMemory(), RoomMemory()
        wall = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)
        done: dict[str, int] = {}
        followed = 0
        history = _History()
        for step in range(STEPS):
            try:
                what = _step(session, rng, history)
            except DomainError:
                continue  # nothing to undo or redo, a seat taken meanwhile: the evening goes on
            done[what] = done.get(what, 0) + 1
            wall += timedelta(seconds=7)
            lists_before = kept.lists.players
            sent = b"".join(room_state_message(session, kept, wall))
            whole.keep(None, {})  # nothing kept: the state is built whole
            rebuilt = b"".join(room_state_message(session, whole, wall))
            assert sent == rebuilt, f"step {step}, after a {what}"
            followed += kept.lists.players is lists_before
        state = json.loads(sent)
        assert state == build_room_state(session, MoveMemory(), wall) | {"moves": state["moves"],
                                                                          "players": state["players"]}
        assert state["moves"] and state["results"] and state["bounties"]["biggest"]
        assert any(player["moved"] for player in state["players"])
        assert {"bust", "two out on a hand", "late entry", "re-entry", "move", "balancing", "chip counts", "undo",
                "redo"} <= set(done), done
        assert followed > STEPS // 3, f"only {followed} of the changes were followed, the others built whole"
    finally:
        session.close()


def _brought_up_to_date(session, kept: RoomMemory, whole: RoomMemory, wall: datetime) -> bool:
    """The state kept from the last change brought up to date is, byte for byte, the state built whole; returns
    whether it was followed (its lists kept and brought up to date) rather than built whole."""
    players, results = kept.lists.players, kept.lists.results
    sent = b"".join(room_state_message(session, kept, wall))
    whole.keep(None, {})  # nothing kept: the state is built whole
    assert sent == b"".join(room_state_message(session, whole, wall))
    return kept.lists.players is players and kept.lists.results is results


def test_each_kind_of_change_and_its_undo_and_redo_is_followed_as_the_state_built_whole(
        tmp_path: Path, qapp) -> None:
    """A bust, two players out on one hand (their stacks equal: they tie and share the prize), a late entry and a
    re-entry near the money, and the undo and the redo of each: the state brought up to date is the state built
    whole. Each is followed, the lists kept; only the undo of an entry, which takes it off, builds the state whole.
    A late entry moves every place down one and grows the prizes: the places paid are read again."""
    session = open_session(tmp_path, seed=5)
    try:
        session.create_from_plan(NewTournamentPlan(
            "Sunday Deepstack", "regular", buy_in=100, fee=10, tables=4, seats_per_table=9,
            settings={"reentry_limit": 2}))
        floor = session.tournament
        floor.register_many([f"{FIRST[n % 10]} {LAST[n // 3 % 10]} {n}" for n in range(30)])
        session.run(floor.draw_seats)
        kept, whole = RoomMemory(), RoomMemory()
        wall = datetime(2026, 12, 6, 21, 0, tzinfo=UTC)
        _brought_up_to_date(session, kept, whole, wall)

        def still_in() -> list:
            return [e for e in floor.entries() if not e.busted]

        def out_on_one_hand(count: int) -> list[tuple[int, list[int]]]:
            """``count`` players of one table out on one hand, eliminated by the last one in seat order."""
            table = max({e.table for e in still_in()}, key=lambda n: sum(e.table == n for e in still_in()))
            seated = sorted((e for e in still_in() if e.table == table), key=lambda e: e.seat)
            return [(seated[i].entry_id, [seated[-1].entry_id]) for i in range(count)]

        while len(still_in()) > 6:  # the short tables first, so the last six sit together
            table = min({e.table for e in still_in()}, key=lambda n: sum(e.table == n for e in still_in()))
            session.run(floor.bust, next(e.entry_id for e in still_in() if e.table == table), [])
            assert _brought_up_to_date(session, kept, whole, wall), "a bust"
        paid = len(floor.prize_pool().prizes)
        assert paid >= 5, "the next places out are paid"

        def each_way(what: str, command, *args, undo_followed: bool = True) -> None:
            session.run(command, *args)
            assert _brought_up_to_date(session, kept, whole, wall), what
            session.undo()
            followed = _brought_up_to_date(session, kept, whole, wall)
            assert followed == undo_followed, f"the undo of {what}"
            session.redo()
            assert _brought_up_to_date(session, kept, whole, wall), f"the redo of {what}"

        each_way("a bust", floor.bust_many, out_on_one_hand(1))
        each_way("two out on one hand", floor.bust_many, out_on_one_hand(2))
        tied = json.loads(b"".join(room_state_message(session, kept, wall)))["results"]
        assert [(r["place"], r["place_to"]) for r in tied[:3]] == [(4, 5), (4, 5), (6, 6)]
        assert tied[0]["prize"] == tied[1]["prize"] > 0 and tied[2]["prize"] == 0

        each_way("a late entry", floor.register, "Zoé Late", undo_followed=False)
        results = json.loads(b"".join(room_state_message(session, kept, wall)))["results"]
        assert [(r["place"], r["place_to"]) for r in results[:3]] == [(5, 6), (5, 6), (7, 7)]
        assert 0 < results[0]["prize"] != tied[0]["prize"] and results[2]["prize"] == 0

        each_way("a re-entry", floor.register, results[-1]["name"], undo_followed=False)
        assert json.loads(b"".join(room_state_message(session, kept, wall)))["results"][0]["place"] == 6
    finally:
        session.close()
