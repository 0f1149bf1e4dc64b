"""The room state kept from one change to the next (the players and the results brought up to date from the entries
a change touched) is, byte for byte, the state built whole again: after every step of a random evening of busts,
late entries, re-entries, moves, balancing, chip counts, undos and redos, on a field of a few hundred."""

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
