"""Events declared as classes record what the program recorded before, byte for byte, so no log needs a migration.

data/long_night.json is a long random tournament (tests/services/long_night.py, seed 2026: 600 rows of registrations,
busts and moves, hands and hand-for-hand, the clock's pauses, minutes and levels, stations' reports, undo and redo)
as the program wrote it before its events were declared as classes. Each payload of a declared type reads into its
class and back to the same bytes; the log folds to the same state; and the same night played now writes the same
rows. (A setting added to the tournament later adds its key to the settings it records, and to nothing else.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.services.long_night import FIXTURE, play, recorded
from tournament_director.domain.events import declared_events
from tournament_director.domain.state import TournamentState
from tournament_director.store.models import KIND_COMMAND


TIME_OF_DAY = re.compile(r'"time_of_day": "\d\d:\d\d"')


@pytest.fixture(scope="module")
def before() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def same_allowing_new_settings(expected: Any, found: Any, where: str = "") -> None:
    """``found`` equals ``expected``, except that a settings mapping may hold settings added since."""
    if isinstance(expected, dict) and isinstance(found, dict):
        missing = set(expected) - set(found)
        assert not missing, f"{where}: {sorted(missing)} missing"
        if not where.endswith("settings"):
            assert set(found) == set(expected), f"{where}: {sorted(set(found) - set(expected))} new"
        for key, value in expected.items():
            same_allowing_new_settings(value, found[key], f"{where}.{key}")
    else:
        assert found == expected, f"{where}: {found!r} instead of {expected!r}"


def without_time_of_day(row: list[Any]) -> list[Any]:
    """The row with the room's time of day a setting or an entry records (read from the computer's clock, not
    from the night's) blanked out."""
    return [*row[:3], TIME_OF_DAY.sub('"time_of_day": "--:--"', row[3]), *row[4:]]


def test_every_recorded_payload_of_a_declared_event_reads_back_to_the_same_bytes(before) -> None:
    declared = declared_events()
    seen: set[str] = set()
    for seq, kind, event_type, payload_json, _undone in before["rows"]:
        event = declared.get(event_type)
        if kind != KIND_COMMAND or event is None:
            continue
        again = json.dumps(event.from_payload(json.loads(payload_json)).to_payload(), ensure_ascii=False,
                           allow_nan=False)
        assert again == payload_json, f"#{seq} {event_type}"
        seen.add(event_type)
    assert {"clock.started", "clock.paused", "clock.resumed", "clock.jumped", "clock.level_changed",
            "clock.time_adjusted", "clock.hand_for_hand_deducted", "structure.replaced",
            "chip_count.called"} <= seen


def test_the_recorded_log_folds_to_the_state_it_folded_to_before(before) -> None:
    state = TournamentState.new()
    for _seq, kind, event_type, payload_json, undone in before["rows"]:
        if kind == KIND_COMMAND and not undone:
            state.apply(event_type, json.loads(payload_json))
    same_allowing_new_settings(before["state"], json.loads(json.dumps(state.to_snapshot())), "state")


def test_the_same_night_played_now_records_the_same_rows(before, tmp_path: Path) -> None:
    session = play(tmp_path / "night.sqlite")
    try:
        now = recorded(session)
    finally:
        session.close()
    assert len(now["rows"]) == len(before["rows"])
    for old, new in zip(before["rows"], now["rows"]):
        old, new = without_time_of_day(old), without_time_of_day(new)
        if old[2] == "tournament.configured":
            assert new[:3] == old[:3] and new[4] == old[4]
            same_allowing_new_settings(json.loads(old[3]), json.loads(new[3]), "configured")
        else:
            assert new == old, f"#{old[0]} {old[2]}"
    same_allowing_new_settings(before["state"], json.loads(json.dumps(now["state"])), "state")


def test_a_td3_evening_is_brought_over_as_the_same_rows(tmp_path: Path) -> None:
    """data/td3_evening_events.json: the rows the TD3 import wrote for the test evening (finished, twice) before
    its events were classes."""
    import sqlite3

    from tdt_saves import evening
    from tournament_director.services.tdt_import import import_file
    from tournament_director.store import Store

    written = []
    for n in range(2):
        save = tmp_path / f"evening-{n}.tdt"
        save.write_text(evening().text(), encoding="utf-8")
        store = Store.open(tmp_path / f"room-{n}.sqlite", backup_dir=tmp_path / "backups")
        try:
            import_file(store, save)
        finally:
            store.close()
        with sqlite3.connect(tmp_path / f"room-{n}.sqlite") as connection:
            written += [list(row) for row in connection.execute("SELECT type, payload FROM event ORDER BY seq")]
    before = json.loads((FIXTURE.parent / "td3_evening_events.json").read_text(encoding="utf-8"))
    for old, new in zip(before, written):
        if old[0] == "tournament.configured":
            same_allowing_new_settings(json.loads(old[1]), json.loads(new[1]), "configured")
        else:
            assert new == old
    assert len(written) == len(before)
