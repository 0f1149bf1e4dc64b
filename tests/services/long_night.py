"""A long random tournament played through the services on a real SQLite file, time moved by hand: registrations,
rebuys, add-ons, re-entries, busts and the moves they bring, hands at every table and hand-for-hand, the clock's
pauses, minutes, levels and breaks, settings, payouts, seat locks, presence, the table stations' reports and floor
calls, undo and redo. The same seed plays the same night, event for event.

``python -m tests.services.long_night`` writes the log of seed 2026 to tests/services/data/long_night.json: the
recorded JSON of every row and the state folded from them, kept as the program wrote them before events were
declared as classes (test_typed_events_replay.py reads it)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.services.test_clock_service import FakeTime
from tournament_director.domain.errors import DomainError
from tournament_director.services.chip_counts import call_chip_count
from tournament_director.services.session import DirectorSession, NewTournamentPlan

SEED = 2026
STEPS = 700
FIXTURE = Path(__file__).parent / "data" / "long_night.json"
OPS = ("bust", "bust", "bust", "rebuy", "add_on", "re_enter", "hand", "hand", "finish", "advance", "advance",
       "pause", "add_time", "next_level", "previous_level", "hand_for_hand", "presence", "lock", "settings",
       "payouts", "station_done", "station_bust", "station_call", "station_count", "count_call", "undo", "redo")


def play(path: Path, seed: int = SEED, steps: int = STEPS) -> DirectorSession:
    """The night of ``seed`` in the file ``path`` (the session is left open)."""
    rng = random.Random(seed)
    fake = FakeTime()
    session = DirectorSession.open(path, backup_dir=path.parent / "backups", rng=random.Random(seed),
                                   monotonic=fake.monotonic, wall=fake.wall)
    session.create_from_plan(NewTournamentPlan(
        "Long night", "turbo", tables=5, seats_per_table=9, late_registration_until_level=6,
        settings={"rebuy_limit": 2, "rebuy_price": 100, "rebuy_chips": 10_000, "rebuy_max_chips": 10**9,
                  "addon_enabled": True, "addon_price": 50, "addon_chips": 5_000, "addon_only_on_break": False,
                  "reentry_limit": 2, "reentry_until_level": 6}))
    floor, clock = session.tournament, session.clock
    for i in range(40):
        session.run(floor.register, f"Player {i:02d}")
    session.run(floor.draw_seats)
    session.run(clock.start)
    for _ in range(steps):
        op = rng.choice(OPS)
        try:
            _step(session, rng, fake, op)
        except DomainError:
            pass
        if session.tournament.finished:
            break
    return session


def _alive(session: DirectorSession) -> list[Any]:
    return [e for e in session.tournament.entries() if not e.busted]


def _step(session: DirectorSession, rng: random.Random, fake: FakeTime, op: str) -> None:
    floor, clock, run = session.tournament, session.clock, session.run
    alive = _alive(session)
    seated = [e for e in alive if e.table is not None]
    if op == "bust" and len(seated) > 2:
        victim = rng.choice(seated)
        mates = [e for e in seated if e.table == victim.table and e.entry_id != victim.entry_id] or seated
        result = run(floor.bust, victim.entry_id, [rng.choice(mates).entry_id])
        proposal = getattr(result, "proposal", None)
        if proposal is not None and not proposal.is_empty:
            run(session.accept_moves, proposal)
    elif op == "rebuy" and alive:
        run(floor.rebuy, rng.choice(alive).entry_id, level=clock.view().level.number if clock.view().level else 1)
    elif op == "add_on" and alive:
        run(floor.add_on, rng.choice(alive).entry_id)
    elif op == "re_enter":
        out = [e for e in session.tournament.entries() if e.busted]
        if out:
            run(floor.register, rng.choice(out).name)
    elif op == "hand":
        run(session.next_hand_all_tables)
    elif op == "finish":
        run(floor.finish_hand)
    elif op == "advance":
        fake.advance(rng.randint(5, 600))
        clock.tick()
    elif op == "pause":
        run(clock.pause if clock.view().running else clock.resume)
    elif op == "add_time":
        run(clock.add_time, rng.choice((-60, 60, 120)))
    elif op == "next_level":
        run(clock.next_level)
    elif op == "previous_level":
        run(clock.previous_level)
    elif op == "hand_for_hand":
        run(floor.set_hand_for_hand, not session.state.floor.hand_for_hand)
    elif op == "presence" and alive:
        entry = rng.choice(alive)
        run(floor.set_present, entry.entry_id, not session.state.floor.entries[entry.entry_id].present)
    elif op == "lock":
        table = rng.choice(session.tournament.tables())
        run(floor.lock_seat, table.number, rng.randint(1, 9), rng.random() < 0.5)
    elif op == "settings":
        run(session.settings.change, {"reentry_until_level": rng.randint(3, 8)})
    elif op == "payouts":
        run(floor.edit_payouts, rng.choice((["50", "30", "20"], ["60", "40"], None)))
    elif op.startswith("station_"):
        _station(session, rng, op, seated)
    elif op == "count_call":
        run(call_chip_count, session.runner, rng.choice(("", "before the break")), now=session._wall_now)
    elif op == "undo":
        run(session.undo)
    elif op == "redo" and session.can_redo():
        run(session.redo)


def _station(session: DirectorSession, rng: random.Random, op: str, seated: list[Any]) -> None:
    stations = session.stations
    tables = sorted({e.table for e in seated})
    if not tables:
        return
    table = rng.choice(tables)
    hand = session.state.floor.tables[table].hand_number
    if op == "station_done":
        stations.hand_done(table, hand)
    elif op == "station_bust":
        here = [e for e in seated if e.table == table]
        if len(here) > 2:
            victim, winner = rng.sample(here, 2)
            stations.bust(table, hand, [{"seat": victim.seat}], [winner.seat])
    elif op == "station_call":
        stations.call_floor(table, rng.randint(1, 9), rng.choice(("", "clock on seat 3")))
    elif op == "station_count":
        here = [e for e in seated if e.table == table]
        stations.count_chips(table, {e.seat: session.state.floor.entries[e.entry_id].chips for e in here})


def recorded(session: DirectorSession) -> dict[str, Any]:
    """Every row of the log as recorded (seq, kind, type, payload JSON text, undone) and the state folded from
    the log alone."""
    runner = session.runner
    rows = [[row.seq, row.kind, row.event_type, row.payload_json, row.undone]
            for row in runner._log.all_rows()]
    return {"rows": rows, "state": runner.rebuild().to_snapshot()}


if __name__ == "__main__":  # pragma: no cover - writes the fixture
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        night = play(Path(folder) / "night.sqlite", int(sys.argv[1]) if len(sys.argv) > 1 else SEED)
        FIXTURE.parent.mkdir(exist_ok=True)
        FIXTURE.write_text(json.dumps(recorded(night), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        night.close()
    print(f"wrote {FIXTURE}")
