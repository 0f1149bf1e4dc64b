"""One tournament's rows in the event log and its snapshots: short SQL statements, each write one transaction.

The command runner (services/commands.py) decides what to write; this module only reads and writes rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contextlib import contextmanager
from collections.abc import Iterator

from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError

from tournament_director.store.batches import batch_text
from tournament_director.store.errors import SeqTaken
from tournament_director.store import server
from tournament_director.store.server import announce

from tournament_director.store.models import KIND_COMMAND, KIND_REDO, KIND_UNDO


@dataclass(frozen=True)
class LogRow:
    seq: int
    kind: str
    event_type: str
    payload_json: str
    operator: str
    recorded_at: str
    undone: bool
    target_seq: int | None
    action_seq: int | None = None  # the first command of the director's action it belongs to (None: alone)


_COLUMNS = "seq, kind, type, payload, operator, recorded_at, undone, target_seq, action_seq"

_INSERT = text(
    "INSERT INTO event (tournament_id, seq, recorded_at, kind, type, payload, operator, undone, target_seq, "
    "action_seq) VALUES (:tid, :seq, :at, :kind, :type, :payload, :operator, false, :target, :action)"
)
_LAST_SEQ = text("SELECT MAX(seq) FROM event WHERE tournament_id = :tid")
_COMMAND = text(f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND seq = :seq")
_LATEST_ACTIVE = text(
    f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND kind = '{KIND_COMMAND}' AND undone = false "
    "ORDER BY seq DESC LIMIT 1"
)
_COMMANDS_AFTER = text(
    f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND seq > :after AND kind = '{KIND_COMMAND}' "
    "ORDER BY seq"
)
_TRAILING_RECORDS = text(
    f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND seq > COALESCE("
    f"(SELECT MAX(seq) FROM event WHERE tournament_id = :tid AND kind = '{KIND_COMMAND}'), 0) ORDER BY seq"
)
# the commands of one director's action: they follow its first command, so the seq index finds them
_ACTION_COMMANDS = text(
    f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND seq >= :action AND action_seq = :action "
    f"AND kind = '{KIND_COMMAND}' ORDER BY seq"
)
_ALL = text(f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid ORDER BY seq")
_ROWS_AFTER = text(f"SELECT {_COLUMNS} FROM event WHERE tournament_id = :tid AND seq > :after ORDER BY seq")
_SET_UNDONE = text(
    f"UPDATE event SET undone = :undone WHERE tournament_id = :tid AND seq = :seq AND kind = '{KIND_COMMAND}' "
    "AND undone = :was"
)
_DROP_SNAPSHOTS_FROM = text("DELETE FROM snapshot WHERE tournament_id = :tid AND seq >= :seq")
_NEWEST_SNAPSHOT = text(
    "SELECT seq, data FROM snapshot WHERE tournament_id = :tid AND seq < :before ORDER BY seq DESC LIMIT 1"
)
_PRUNE_SNAPSHOTS = text(
    "DELETE FROM snapshot WHERE tournament_id = :tid AND seq NOT IN "
    "(SELECT seq FROM snapshot WHERE tournament_id = :tid ORDER BY seq DESC LIMIT :keep)"
)
# Keep the newest few checkpoints (enough for undoing recent commands; in parts they share unchanged parts).
SNAPSHOTS_KEPT = 8
_SAVE_SNAPSHOT = text(
    "INSERT INTO snapshot (tournament_id, seq, recorded_at, data, base_seq) VALUES (:tid, :seq, :at, :data, :base) "
    "ON CONFLICT (tournament_id, seq) DO UPDATE SET recorded_at = excluded.recorded_at, data = excluded.data, "
    "base_seq = excluded.base_seq"
)
# Checkpoints in batches: a checkpoint's changed parts (entries, tables, chunks of bust groups) are appended as
# one row per slice; the checkpoint at seq S standing on the whole one at B is every batch with B <= seq <= S,
# the newest version of each part winning. Appending in seq order keeps each write on the last pages.
BATCH_PARTS = 5_000  # a whole checkpoint of a large field in rows of at most this many parts
_SAVE_BATCH = text("INSERT INTO snapshot_batch (tournament_id, seq, data) VALUES (:tid, :seq, :data)")
_BATCHES = text(
    "SELECT seq, data FROM snapshot_batch WHERE tournament_id = :tid AND seq >= :base AND seq <= :seq "
    "ORDER BY seq, id"
)
_DROP_BATCHES_FROM = text("DELETE FROM snapshot_batch WHERE tournament_id = :tid AND seq >= :seq")
# batches older than the base of every checkpoint kept are no longer anyone's; a few are dropped with each
# checkpoint, so a command never pays for dropping a whole field's checkpoint at once (megabytes at a large field)
BATCHES_DROPPED_AT_ONCE = 4
_PRUNE_BATCHES = text(
    "DELETE FROM snapshot_batch WHERE id IN (SELECT id FROM snapshot_batch WHERE tournament_id = :tid AND seq < "
    "(SELECT MIN(base_seq) FROM (SELECT base_seq FROM snapshot WHERE tournament_id = :tid ORDER BY seq DESC "
    "LIMIT :keep) kept) ORDER BY seq, id LIMIT :most)"
)
# Checkpoints in parts as written before batches (one row per part and version): still read to open them.
_DROP_PARTS_FROM = text("DELETE FROM snapshot_part WHERE tournament_id = :tid AND seq >= :seq")
_PARTS_AT = text(
    "SELECT kind, number, data FROM snapshot_part p WHERE tournament_id = :tid AND seq = ("
    "SELECT MAX(seq) FROM snapshot_part q WHERE q.tournament_id = :tid AND q.kind = p.kind "
    "AND q.number = p.number AND q.seq <= :seq)"
)


@contextmanager
def _seq_guard() -> Iterator[None]:
    """A seq already taken (by another station on the same server) is SeqTaken, the transaction rolled back."""
    try:
        yield
    except IntegrityError as error:
        if "uq_event_tournament_seq" in str(error.orig) or "event.tournament_id, event.seq" in str(error.orig):
            raise SeqTaken(str(error.orig)) from None
        raise


@dataclass(frozen=True)
class CheckpointSlice:
    """Some parts of the checkpoint at ``seq``, and its core when this slice completes it."""

    seq: int
    parts: list[tuple[str, int, str]]  # (kind, number, the part's JSON)
    core_json: str | None = None
    recorded_at: str = ""
    base_seq: int | None = None  # the whole checkpoint this one stands on (its own seq when it is whole)


def insert_command(connection: Any, tournament_id: int, row: LogRow) -> None:
    """Append one command row inside the caller's transaction."""
    connection.execute(
        _INSERT,
        {"tid": tournament_id, "seq": row.seq, "at": row.recorded_at, "kind": KIND_COMMAND,
         "type": row.event_type, "payload": row.payload_json, "operator": row.operator, "target": None,
         "action": row.action_seq},
    )


class EventLog:
    def __init__(self, engine: Engine, tournament_id: int) -> None:
        self._engine = engine
        self.tournament_id = tournament_id
        self._turn_held = False  # this station holds its turn to record (its appends do not wait for it)

    @contextmanager
    def turn(self, timeout_seconds: float) -> Iterator[None]:
        """Hold this station's turn to record (store/server.py turn): the other stations' appends wait."""
        with server.turn(self._engine, self.tournament_id, timeout_seconds):
            self._turn_held = True
            try:
                yield
            finally:
                self._turn_held = False

    def _wait_for_turn(self, connection: Any) -> None:
        if not self._turn_held:
            server.wait_for_turn(connection, self.tournament_id)

    # ----- reading ---------------------------------------------------------------------------------------
    def _rows(self, statement: Any, **params: Any) -> list[LogRow]:
        with self._engine.connect() as connection:
            result = connection.execute(statement, {"tid": self.tournament_id, **params})
            return [LogRow(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7], r[8]) for r in result]

    def last_seq(self) -> int:
        with self._engine.connect() as connection:
            return connection.execute(_LAST_SEQ, {"tid": self.tournament_id}).scalar() or 0

    def row(self, seq: int) -> LogRow | None:
        rows = self._rows(_COMMAND, seq=seq)
        return rows[0] if rows else None

    def latest_active_command(self) -> LogRow | None:
        rows = self._rows(_LATEST_ACTIVE)
        return rows[0] if rows else None

    def commands_after(self, seq: int) -> list[LogRow]:
        """Every command (active or undone) with a higher seq, in order."""
        return self._rows(_COMMANDS_AFTER, after=seq)

    def action_commands(self, action_seq: int) -> list[LogRow]:
        """The commands (active or undone) of the director's action whose first command is ``action_seq``."""
        return self._rows(_ACTION_COMMANDS, action=action_seq)

    def trailing_records(self) -> list[LogRow]:
        """The undo and redo records after the last command: they decide what can be redone."""
        return self._rows(_TRAILING_RECORDS)

    def all_rows(self) -> list[LogRow]:
        return self._rows(_ALL)

    def rows_after(self, seq: int) -> list[LogRow]:
        """Every row (commands, undo and redo records) after ``seq``: what other stations appended."""
        return self._rows(_ROWS_AFTER, after=seq)

    def newest_snapshot(self, before_seq: int | None = None) -> tuple[int, str] | None:
        """(seq, JSON) of the newest snapshot taken at a seq lower than ``before_seq`` (any, if None)."""
        limit = before_seq if before_seq is not None else 2**62
        with self._engine.connect() as connection:
            found = connection.execute(_NEWEST_SNAPSHOT, {"tid": self.tournament_id, "before": limit}).first()
        return (found[0], found[1]) if found else None

    # ----- writing (each call is one BEGIN IMMEDIATE ... COMMIT) -----------------------------------------
    def append_command(self, seq: int, event_type: str, payload_json: str, operator: str, recorded_at: str,
                       checkpoint: "CheckpointSlice | None" = None, action_seq: int | None = None) -> None:
        """Append one command; ``checkpoint``: a slice of a checkpoint written in the same transaction.

        Raises SeqTaken when another station appended ``seq`` first (the unique (tournament, seq) constraint)."""
        with _seq_guard(), self._engine.begin() as connection:
            self._wait_for_turn(connection)
            insert_command(connection, self.tournament_id,
                           LogRow(seq, KIND_COMMAND, event_type, payload_json, operator, recorded_at, False, None,
                                  action_seq))
            if checkpoint is not None:
                self._write_checkpoint(connection, checkpoint)
            announce(connection, self.tournament_id, seq)

    def record_undo_or_redo(self, *, target_seq: int, undo: bool, record_seq: int, record_type: str,
                            payload_json: str, operator: str, recorded_at: str) -> None:
        """Flip the command's undone flag, append the undo/redo record, drop snapshots it invalidates."""
        with _seq_guard(), self._engine.begin() as connection:
            self._wait_for_turn(connection)
            changed = connection.execute(
                _SET_UNDONE, {"tid": self.tournament_id, "seq": target_seq, "undone": bool(undo), "was": not undo}
            ).rowcount
            if changed != 1:  # another station undid or redid it first
                raise SeqTaken(f"event #{target_seq} of tournament {self.tournament_id} was changed elsewhere")
            connection.execute(
                _INSERT,
                {"tid": self.tournament_id, "seq": record_seq, "at": recorded_at,
                 "kind": KIND_UNDO if undo else KIND_REDO, "type": record_type, "payload": payload_json,
                 "operator": operator, "target": target_seq, "action": None},
            )
            connection.execute(_DROP_SNAPSHOTS_FROM, {"tid": self.tournament_id, "seq": target_seq})
            connection.execute(_DROP_BATCHES_FROM, {"tid": self.tournament_id, "seq": target_seq})
            connection.execute(_DROP_PARTS_FROM, {"tid": self.tournament_id, "seq": target_seq})
            announce(connection, self.tournament_id, record_seq)

    def save_snapshot(self, seq: int, data_json: str, recorded_at: str) -> None:
        with self._engine.begin() as connection:
            connection.execute(_SAVE_SNAPSHOT, {"tid": self.tournament_id, "seq": seq, "at": recorded_at,
                                                "data": data_json, "base": None})
            connection.execute(_PRUNE_SNAPSHOTS, {"tid": self.tournament_id, "keep": SNAPSHOTS_KEPT})

    def save_checkpoint(self, seq: int, core_json: str | None, parts: list[tuple[str, int, str]],
                        recorded_at: str, base_seq: int | None = None) -> None:
        """Parts of the checkpoint at ``seq`` and, with ``core_json``, its core: a checkpoint once that is in."""
        with self._engine.begin() as connection:
            self._write_checkpoint(connection, CheckpointSlice(seq, parts, core_json, recorded_at, base_seq))

    def _write_checkpoint(self, connection: Any, piece: "CheckpointSlice") -> None:
        tid, seq = self.tournament_id, piece.seq
        for start in range(0, len(piece.parts), BATCH_PARTS):
            data = batch_text(piece.parts[start:start + BATCH_PARTS])
            connection.execute(_SAVE_BATCH, {"tid": tid, "seq": seq, "data": data})
        if piece.core_json is not None:
            connection.execute(_SAVE_SNAPSHOT, {"tid": tid, "seq": seq, "at": piece.recorded_at,
                                                "data": piece.core_json, "base": piece.base_seq})
            connection.execute(_PRUNE_SNAPSHOTS, {"tid": tid, "keep": SNAPSHOTS_KEPT})
            connection.execute(_PRUNE_BATCHES, {"tid": tid, "keep": SNAPSHOTS_KEPT, "most": BATCHES_DROPPED_AT_ONCE})

    def checkpoint_batches(self, base_seq: int, seq: int) -> list[tuple[int, str]]:
        """The batches of the checkpoint at ``seq`` standing on the whole one at ``base_seq``, oldest first:
        (seq, the batch's text: batches.py)."""
        with self._engine.connect() as connection:
            return [(row[0], row[1]) for row in connection.execute(
                _BATCHES, {"tid": self.tournament_id, "base": base_seq, "seq": seq})]

    def checkpoint_parts(self, seq: int) -> dict[str, list[tuple[int, str]]]:
        """Every part of the checkpoint in parts (as written before batches) at ``seq``: kind -> [(number, JSON)],
        in number order."""
        found: dict[str, list[tuple[int, str]]] = {"entry": [], "table": [], "groups": []}
        with self._engine.connect() as connection:
            for kind, number, data in connection.execute(_PARTS_AT, {"tid": self.tournament_id, "seq": seq}):
                found.setdefault(kind, []).append((number, data))
        for rows in found.values():
            rows.sort()
        return found
