"""The one path every change to a tournament takes: apply to the live state, then append one event.

``CommandRunner`` keeps the live aggregate of one tournament. ``execute`` folds the event into the live state
first (a refusal raises DomainError and nothing is written), then appends it in one short durable transaction.
``undo`` and ``redo`` rebuild the state without (or with) the event from the newest snapshot before it (an undo of
the latest command alone puts back what it changed instead, and its redo applies it again), refuse when a later
event would no longer apply, and record themselves in the log; they take a director's action whole
(``one_action``: each command it records carries the seq of its first, so a hand-for-hand hand and the minutes it
takes off the clock are one step; a command recorded alone is its own step). The runner is used from one thread
(the GUI thread); background jobs hand their work over instead of calling it.
"""

from __future__ import annotations

import gc
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from collections.abc import Callable
from typing import Any, Protocol, Self, cast

from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.floor.entry_rows import EntryText
from tournament_director.store import EventInfo, Store
from tournament_director.store.batches import batch_parts
from tournament_director.store.draft import TournamentDraft
from tournament_director.store.errors import SeqTaken
from tournament_director.store.event_log import CheckpointSlice, EventLog, LogRow
from tournament_director.store.models import KIND_COMMAND, KIND_UNDO
from tournament_director.store.server import connection_lost
from tournament_director.store.store import utc_now_text

log = logging.getLogger(__name__)

__all__ = ["Aggregate", "ChangedElsewhere", "CommandRunner", "EventInfo", "SNAPSHOT_EVERY", "UNDO_EVENT",
           "REDO_EVENT"]

SNAPSHOT_EVERY = 200  # checkpoints in parts are small: often, so each writes little and an undo refolds little
# A command that changed this many entries and tables (registrations imported, the draw, a hand at every table)
# is followed by its checkpoint at once, so that writing is part of a command that is long anyway and never of
# the next bust's.
CHECKPOINT_AFTER_CHANGES = 2_000
# A periodic checkpoint (some hundreds of parts) is written in slices of this many parts, each in the transaction
# of one of the next commands, so no single command pays for all of it; it counts once its last slice is in.
CHECKPOINT_SLICE = 100
# A checkpoint in batches writes, besides what changed, one of R regions of the floor (the entries, tables and
# bust-group chunks whose number is r modulo R) in turn, R chosen (at the whole checkpoint and at each turn of the
# regions, as the field grows) so a region holds about REGION_PARTS parts: the batches of the last R checkpoints
# hold every part, so opening reads the field once plus
# those checkpoints' changes (linear in the field), older batches are dropped, no checkpoint writes the whole field
# again (after the first), and a command's share of the regions does not grow with the field.
REGION_PARTS = 2_000
UNDO_EVENT = "log.undo"
REDO_EVENT = "log.redo"
_EVENT_TYPE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")


class ChangedElsewhere(DomainError):
    """Another station recorded first: this station's command was not recorded, and its state now holds the other
    station's events (``events``); DirectorSession.run tries the command again, or refuses it naming them."""

    def __init__(self, events: list[EventInfo]) -> None:
        self.events = events
        super().__init__("another station recorded a change first; this one was not recorded: look again")


@dataclass(frozen=True)
class Write:
    """A row being appended to the log: when the server stops answering before saying it was recorded, whether it
    was is read back from the log once it answers again."""

    seq: int
    event_type: str
    payload_json: str


class Aggregate(Protocol):
    @classmethod
    def new(cls) -> Self: ...

    def apply(self, event_type: str, payload: dict[str, Any]) -> None: ...

    def to_snapshot(self) -> dict[str, Any]: ...

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Self: ...


def _event_info(row: LogRow) -> EventInfo:
    return EventInfo(
        seq=row.seq,
        event_type=row.event_type,
        payload=json.loads(row.payload_json),
        operator=row.operator,
        recorded_at=datetime.fromisoformat(row.recorded_at),
        undone=row.undone,
    )


def _describe(row: LogRow) -> str:
    return f"#{row.seq} ({row.event_type})"


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Fold a state without the cyclic collector, and freeze what was built before it resumes (a state folded lives
    as long as the tournament is open): its checkpoint's JSON alone is millions of new objects at a large field, and
    the collector walking the growing heap again and again took three times as long as the reading."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if was_enabled:
            gc.enable()


def _as_json(parts: list[tuple[str, int, Any]]) -> list[tuple[str, int, str]]:
    """A checkpoint's parts with each part's row written as JSON (an entry not used since it was read from a
    checkpoint: the text it was read from)."""
    encode = _PART_ENCODER.encode
    return [(kind, number, value.text if type(value) is EntryText else encode(value)) for kind, number, value in parts]


def _by_number(parts: dict[int, Any]) -> dict[int, Any]:
    """``parts`` in the order of their numbers (a part first written in a later batch comes last)."""
    numbers = list(parts)
    ordered = sorted(numbers)
    return parts if numbers == ordered else dict(zip(ordered, map(parts.__getitem__, ordered)))


_PART_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)

Describer = Callable[[str, dict[str, Any]], str]


class CommandRunner:
    def __init__(self, store: Store | TournamentDraft, tournament_id: int, aggregate_type: type | None = None,
                 operator: str = "director", *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        if aggregate_type is None:
            from tournament_director.domain.state import TournamentState

            aggregate_type = TournamentState
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be at least 1, not {snapshot_every}")
        self.tournament_id = tournament_id
        self.operator = operator
        self.snapshot_every = snapshot_every
        # an Aggregate; a tournament's state also reads and writes its checkpoints in parts (from_checkpoint)
        self._aggregate_type: Any = aggregate_type
        # how a logged event is named in a refusal ("Ana Souza out, eliminated by Bob"); set by the session
        self.describe: Describer | None = None
        self.in_flight: Write | None = None  # the row being appended, until it is
        # a director's action being recorded (``one_action``), and the seq of its first command once recorded
        self._action_open = False
        self._action_seq: int | None = None
        # what each command of the action being recorded changed, as it was (the state's image): the action is
        # undone by putting them back, latest first, while nothing came after it
        self._action_images: dict[int, Any] = {}
        # a draft's log (store/draft.py) answers the part of EventLog a runner uses while a tournament is set up
        self._log = cast(EventLog, store.event_log(tournament_id))
        self._load()

    # ----- loading ---------------------------------------------------------------------------------------
    def _load(self) -> None:
        self._pending_checkpoint: CheckpointSlice | None = None
        # the command whose change the state can put back by itself (``_undo_in_place``), and the seq of the
        # newest checkpoint it wrote, which an undo from that seq on drops (and with it what the state stands on)
        self._undoable_seq: int | None = None
        self._checkpoint_seq = 0
        self._last_seq = self._log.last_seq()
        try:  # up to that seq only: what another station appends meanwhile is caught up once, not folded twice
            self.state, self._applied_since_snapshot, self._batches = self._fold(before_seq=self._last_seq + 1,
                                                                                 upto=self._last_seq)
        except _NoLongerApplies as failure:
            raise DomainError(f"tournament {self.tournament_id} cannot be loaded: its logged event "
                              f"{_describe(failure.row)} no longer applies ({failure.error.message})",
                              failure.error.rule) from failure.error
        self._redo_stack: list[int] = []
        for record in self._log.trailing_records():
            if record.kind == KIND_UNDO:
                self._redo_stack.append(record.target_seq)  # type: ignore[arg-type]
            elif self._redo_stack and self._redo_stack[-1] == record.target_seq:
                self._redo_stack.pop()
        # the state just folded lives as long as the tournament is open: keep the collector from walking its
        # hundreds of thousands of objects again and again (pauses in the commands of a large event)
        gc.freeze()

    def _base(self, before_seq: int | None) -> tuple[Any, int, "_Batches"]:
        """The newest usable snapshot before ``before_seq`` (or the empty state), the seq it stands at, and the
        batches the next checkpoint can stand on."""
        found = self._log.newest_snapshot(before_seq)
        if found is not None:
            seq, data = found
            try:
                snapshot = json.loads(data)
                if isinstance(snapshot, dict) and snapshot.get("parts") is True:
                    if "regions" in snapshot:
                        state = self._from_batches(seq, snapshot["base"], snapshot["core"])
                        return state, seq, _Batches(list(snapshot["regions"]), snapshot["next_region"])
                    return self._whole_next(self._from_parts(seq, snapshot["core"])), seq, _Batches()
                return self._whole_next(self._aggregate_type.from_snapshot(snapshot)), seq, _Batches()
            except Exception:  # a snapshot from an older aggregate format: the log alone still tells all
                log.warning("snapshot at #%s of tournament %s cannot be read; folding the whole log", seq,
                            self.tournament_id, exc_info=True)
        return self._whole_next(self._aggregate_type.new()), 0, _Batches()

    @staticmethod
    def _whole_next(state: Any) -> Any:
        """A state not standing on a whole checkpoint in batches: its next checkpoint holds every part."""
        everything = getattr(state, "everything_changed", None)
        if callable(everything):
            everything()
        return state

    def _from_batches(self, seq: int, base_seq: int, core: dict[str, Any]) -> Any:
        """The checkpoint at ``seq``: every batch from ``base_seq`` on (where the oldest region it stands on was
        written), the newest version of each part winning."""
        found: dict[str, dict[int, Any]] = {"entry": {}, "table": {}, "groups": {}}
        for _, data in self._log.checkpoint_batches(base_seq, seq):  # each part's text, not decoded yet
            for kind, numbers, parts in batch_parts(data):
                found[kind].update(zip(numbers, parts))
        tables = found["table"]
        return self._aggregate_type.from_checkpoint(core, _by_number(found["entry"]),
                                                    [tables[number] for number in sorted(tables)], found["groups"])

    def _from_parts(self, seq: int, core: dict[str, Any]) -> Any:
        """A checkpoint in parts as written before batches (one row per part and version)."""
        parts = self._log.checkpoint_parts(seq)
        return self._aggregate_type.from_checkpoint(core, dict(parts.get("entry", ())),
                                                    [data for _, data in parts.get("table", ())],
                                                    dict(parts.get("groups", ())))

    def _fold(self, before_seq: int | None, flip: LogRow | list[LogRow] | None = None, *,
              use_snapshots: bool = True, upto: int | None = None) -> tuple[Any, int, "_Batches"]:
        """Fold the active commands (up to seq ``upto``, or all); ``flip`` is a command (or the commands of one
        action) counted as if its undone flag were reversed.

        Raises DomainError naming the event that no longer applies.
        """
        with _collector_paused():
            state, base_seq, batches = (self._base(before_seq) if use_snapshots
                                        else (self._aggregate_type.new(), 0, _Batches()))
            applied = 0
            flipped = {flip.seq} if isinstance(flip, LogRow) else {row.seq for row in flip or ()}
            for row in self._log.commands_after(base_seq):
                if upto is not None and row.seq > upto:
                    break
                active = row.undone if row.seq in flipped else not row.undone
                if not active:
                    continue
                try:
                    state.apply(row.event_type, json.loads(row.payload_json))
                except DomainError as error:
                    raise _NoLongerApplies(row, error) from error
                applied += 1
        return state, applied, batches

    # ----- commands --------------------------------------------------------------------------------------
    @contextmanager
    def operated_by(self, operator: str) -> Iterator[None]:
        """Record the commands run inside the block under ``operator`` (a remote device), then the usual one."""
        if not isinstance(operator, str) or not operator.strip():
            raise DomainError("a command needs an operator to record it under")
        usual, self.operator = self.operator, operator
        try:
            yield
        finally:
            self.operator = usual

    @contextmanager
    def one_action(self) -> Iterator[None]:
        """Record the commands run inside the block as one director's action: one undo step, however many events
        it records (a hand-for-hand hand and the minutes it takes off the clock). Blocks nest: the outermost is
        the action."""
        if self._action_open:
            yield
            return
        self._action_open, self._action_seq = True, None
        try:
            yield
        finally:
            self._action_open, self._action_seq = False, None

    @contextmanager
    def apart_from_the_action(self) -> Iterator[None]:
        """Record the commands run inside the block each as its own step, even inside an action (the level
        changes a running clock crossed before the director's command)."""
        action_open, self._action_open = self._action_open, False
        try:
            yield
        finally:
            self._action_open = action_open

    def record(self, event: Event) -> EventInfo:
        """``execute`` an event declared as a class (domain/events.py): its type name and its payload."""
        return self.execute(event.type_name, event.to_payload())

    def execute(self, event_type: str, payload: dict[str, Any]) -> EventInfo:
        """Apply one event to the live state, then record it durably; DomainError leaves everything unchanged."""
        if not isinstance(event_type, str) or not _EVENT_TYPE.match(event_type):
            raise DomainError(f"{event_type!r} is not an event type (a dotted lower-case name like 'entry.busted')")
        if event_type.startswith("log."):
            raise DomainError(f"{event_type} is reserved for the log's own undo and redo records")
        if not isinstance(payload, dict):
            raise DomainError(f"the payload of {event_type} must be a mapping, not {type(payload).__name__}")
        try:
            payload_json = json.dumps(payload, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as error:
            problem = "a number too long to record" if "digits" in str(error) else str(error)
            raise DomainError(f"the payload of {event_type} cannot be recorded as JSON: {problem}") from error
        try:
            payload_json.encode("utf-8")
        except UnicodeEncodeError as error:  # a lone surrogate, which no database can store
            raise DomainError(f"the payload of {event_type} holds a broken character (U+"
                              f"{ord(payload_json[error.start]):04X}, a lone surrogate): type it again") from None
        # the state sees exactly what a rebuild from the log will see (tuples become lists, keys strings, ...);
        # it keeps what the event changed as it was, so that undoing it puts back only that
        self._undoable_seq = None
        keeping = getattr(self.state, "apply_keeping_image", None)
        (keeping or self.state.apply)(event_type, json.loads(payload_json))
        seq = self._last_seq + 1
        recorded_at = utc_now_text()
        piece = self._next_slice()
        action_seq = (self._action_seq or seq) if self._action_open else None
        self.in_flight = Write(seq, event_type, payload_json)
        try:
            if action_seq is None:
                self._log.append_command(seq, event_type, payload_json, self.operator, recorded_at, piece)
            else:
                self._log.append_command(seq, event_type, payload_json, self.operator, recorded_at, piece,
                                         action_seq=action_seq)
        except SeqTaken:
            raise self._changed_elsewhere(seq - 1) from None
        except BaseException as error:
            self._reload_after_failed_write(error)
            raise
        self.in_flight = None
        self._slice_written(piece)
        self._last_seq = seq
        if action_seq is not None:
            self._action_seq = action_seq
            if action_seq == seq:
                self._action_images = {}
            if keeping is not None:
                self._action_images[seq] = getattr(self.state, "last_image", None)
        self._undoable_seq = seq if keeping is not None else None
        self._redo_stack.clear()
        self._applied_since_snapshot += 1
        if self._applied_since_snapshot >= self.snapshot_every or self._many_changes():
            self._snapshot(seq)
        return EventInfo(seq, event_type, json.loads(payload_json), self.operator,
                         datetime.fromisoformat(recorded_at), False)

    def _snapshot(self, seq: int) -> None:
        """A checkpoint: in parts (only what changed since the last one) when the aggregate keeps them, else whole."""
        self._checkpoint_seq = seq
        try:
            if hasattr(self.state, "checkpoint"):
                self.flush_checkpoint()
                self._checkpoint_in_parts(seq)
                # what the commands since the last checkpoint built (a field registered, tables drawn) stays
                # for the event's life: out of the collector's walks, which grow with the field
                gc.freeze()
            else:
                data = json.dumps(self.state.to_snapshot(), ensure_ascii=False, allow_nan=False)
                self._log.save_snapshot(seq, data, utc_now_text())
            self._applied_since_snapshot = 0
        except Exception:  # the event is recorded; a missing snapshot only makes the next opening slower
            log.warning("snapshot at #%s of tournament %s failed", seq, self.tournament_id, exc_info=True)
            self._checkpoint_lost()

    def _many_changes(self) -> bool:
        changed = getattr(self.state, "changed_since_checkpoint", None)
        return changed is not None and changed() >= CHECKPOINT_AFTER_CHANGES

    def _checkpoint_in_parts(self, seq: int) -> None:
        """The changed parts and the next region as JSON now (the state moves on), appended as batches (every part
        when the state stands on no checkpoint in batches); written at once when few or after a command that
        changed many, else a slice with each of the next commands (``_next_slice``)."""
        batches = self._batches
        many = self._many_changes()
        regions = max(1, -(-self.state.checkpoint_size() // REGION_PARTS))
        if batches.regions is None:  # whole: every region written at this seq
            parts = self.state.checkpoint()
            written, next_region = [seq] * regions, 0
        else:
            written, next_region = batches.regions, batches.next_region
            now = len(written)
            if regions != now and (next_region >= now or regions >= 2 * now or 2 * regions <= now):
                # a new number of regions (at the end of a turn, or at once when the field doubled or halved):
                # each part was written whole at or after the oldest region, so that is where each new region
                # stands until it is written
                written, next_region = [min(written)] * regions, 0
            region = next_region % len(written)
            parts = self.state.checkpoint((region, len(written)))
            written, next_region = written[:region] + [seq] + written[region + 1:], region + 1
        batches = self._batches = _Batches(written, next_region)
        base = min(written)
        core = json.dumps({"parts": True, "base": base, "regions": batches.regions,
                           "next_region": batches.next_region, "core": parts["core"]},
                          ensure_ascii=False, allow_nan=False)
        # the parts' rows are new lists and tuples of values no later event changes in place (an entry's list of
        # eliminators is replaced, never added to): written as JSON only when their slice goes out, so the command
        # that takes the checkpoint does not also pay for the JSON of a whole region
        rows = [(kind, number, value) for kind in ("entry", "table", "groups") for number, value in parts[kind].items()]
        self.state.checkpoint_taken()
        piece = CheckpointSlice(seq, rows, core, utc_now_text(), base)
        if many or len(rows) <= CHECKPOINT_SLICE:
            self._log.save_checkpoint(seq, core, _as_json(rows), piece.recorded_at, base)
        else:
            self._pending_checkpoint = piece

    def _next_slice(self) -> CheckpointSlice | None:
        pending = self._pending_checkpoint
        if pending is None:
            return None
        last = len(pending.parts) <= CHECKPOINT_SLICE
        return replace(pending, parts=_as_json(pending.parts[:CHECKPOINT_SLICE]),
                       core_json=pending.core_json if last else None)

    def _slice_written(self, piece: CheckpointSlice | None) -> None:
        pending = self._pending_checkpoint
        if piece is None or pending is None:
            return
        rest = pending.parts[len(piece.parts):]
        self._pending_checkpoint = replace(pending, parts=rest) if piece.core_json is None else None

    def flush_checkpoint(self) -> None:
        """Write what is left of a checkpoint being written in slices (before an undo, a redo or closing)."""
        pending = self._pending_checkpoint
        if pending is None:
            return
        self._pending_checkpoint = None
        try:
            self._log.save_checkpoint(pending.seq, pending.core_json, _as_json(pending.parts), pending.recorded_at,
                                      pending.base_seq)
        except Exception:  # the events are recorded; without this checkpoint the next opening folds more
            log.warning("checkpoint at #%s of tournament %s failed", pending.seq, self.tournament_id,
                        exc_info=True)
            self._checkpoint_lost()

    def _checkpoint_lost(self) -> None:
        """A checkpoint was not written: the next one must hold every part, standing on no earlier one."""
        self._whole_next(self.state)
        self._batches = _Batches()

    def _changed_elsewhere(self, built_on: int) -> ChangedElsewhere:
        """Another station appended after ``built_on``: refold with its events, and say which they were."""
        self._load()
        return ChangedElsewhere([_event_info(row) for row in self._log.rows_after(built_on)])

    @contextmanager
    def own_turn(self, timeout_seconds: float) -> Iterator[None]:
        """Hold this station's turn to record, caught up with everything recorded before it: no other station
        appends until the block ends, so a command run in it is not lost to another race. Raises TimeoutError
        when the turn does not come within ``timeout_seconds``."""
        with self._log.turn(timeout_seconds):
            self.catch_up()
            yield

    def catch_up(self) -> list[EventInfo]:
        """Fold in what other stations appended since this state was built (commands one by one; an undo or a
        redo by another station refolds); returns those events, [] when there were none."""
        rows = self._log.rows_after(self._last_seq)
        if not rows:
            return []
        self.flush_checkpoint()
        if any(row.kind != KIND_COMMAND for row in rows):
            self._load()
        else:
            for row in rows:
                try:
                    self.state.apply(row.event_type, json.loads(row.payload_json))
                except DomainError:  # cannot happen with one fold order; refold from the log to be sure
                    log.warning("%s from another station did not fold here; refolding", _describe(row))
                    self._load()
                    break
                self._last_seq = row.seq
                self._applied_since_snapshot += 1
            self._redo_stack.clear()
        return [_event_info(row) for row in rows]

    def _reload_after_failed_write(self, error: BaseException) -> None:
        if connection_lost(error):  # nothing can be read either: reload_after_reconnect comes when it answers
            return
        try:
            self._load()
        except Exception:
            log.exception("reloading tournament %s after a failed write failed", self.tournament_id)

    def reload_after_reconnect(self) -> bool | None:
        """Fold the log again once the server answers again after it stopped; returns whether the write in flight
        when it stopped was recorded (None: none was in flight)."""
        self._load()
        sent, self.in_flight = self.in_flight, None
        if sent is None:
            return None
        row = self._log.row(sent.seq)
        return (row is not None and row.event_type == sent.event_type and row.payload_json == sent.payload_json
                and row.operator == self.operator)

    # ----- undo and redo ---------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self._log.latest_active_command() is not None

    def can_redo(self) -> bool:
        return bool(self._redo_stack)

    def undo(self, seq: int | None = None) -> EventInfo:
        """Undo the latest active command, or the command ``seq``; returns that command, now marked undone."""
        self.flush_checkpoint()
        if seq is None:
            target = self._log.latest_active_command()
            if target is None:
                raise DomainError("there is nothing to undo")
        else:
            target = self._command(seq, "undo")
            if target.undone:
                raise DomainError(f"{self._said(target)} is already undone")
        action = self._action_of(target, undone=False)
        if len(action) > 1:
            return self._undo_action(action)
        if self._can_undo_in_place(target):
            self._record(target, undo=True)
            self._undoable_seq = None
            self.state.undo_last()
            self._redo_stack.append(target.seq)
            return _event_info(replace(target, undone=True))
        try:
            state, applied, batches = self._fold(before_seq=target.seq, flip=target)
        except _NoLongerApplies as failure:
            raise DomainError(
                f"{self._said(target)} cannot be undone: what came after it, {self._said(failure.row)}, "
                f"would no longer fit ({failure.error.message}). Undo that first, or leave both",
                failure.error.rule) from failure.error
        self._record(target, undo=True)
        self.state, self._applied_since_snapshot, self._batches = state, applied, batches
        self._undoable_seq = None
        gc.freeze()  # the state just folded, out of the collector's walks as after opening
        self._redo_stack.append(target.seq)
        return _event_info(replace(target, undone=True))

    def redo(self) -> EventInfo:
        """Redo the most recently undone command (only while nothing new was done since)."""
        self.flush_checkpoint()
        if not self._redo_stack:
            raise DomainError("there is nothing to redo")
        target = self._command(self._redo_stack[-1], "redo")
        if not target.undone:  # pragma: no cover - the stack is rebuilt from the log, so this means a bug
            self._redo_stack.pop()
            raise DomainError(f"event {_describe(target)} is not undone")
        action = self._redo_stack_action(target)
        if len(action) > 1:
            return self._redo_action(action)
        if self._can_redo_in_place(target):
            return self._redo_in_place(target)
        try:
            state, applied, batches = self._fold(before_seq=target.seq, flip=target)
        except _NoLongerApplies as failure:
            what = "it" if failure.row.seq == target.seq else f"what came after it, {self._said(failure.row)},"
            raise DomainError(f"{self._said(target)} cannot be redone: {what} would no longer fit "
                              f"({failure.error.message})", failure.error.rule) from failure.error
        self._record(target, undo=False)
        self.state, self._applied_since_snapshot, self._batches = state, applied, batches
        self._undoable_seq = None
        gc.freeze()
        self._redo_stack.pop()
        return _event_info(replace(target, undone=False))

    # ----- a director's action of several commands: one undo step ----------------------------------------------
    def next_undo(self) -> EventInfo | None:
        """The first command of the action the next undo takes (it names the step), or None."""
        latest = self._log.latest_active_command()
        return None if latest is None else _event_info(self._action_of(latest, undone=False)[0])

    def next_redo(self) -> EventInfo | None:
        """The first command of the action the next redo takes, or None."""
        return _event_info(self._command(self._redo_stack[-1], "redo")) if self._redo_stack else None

    def _action_of(self, target: LogRow, *, undone: bool) -> list[LogRow]:
        """The commands of ``target``'s action still ``undone`` (or not), in order; a command recorded alone (or
        before actions were recorded) is its own."""
        if target.action_seq is None:
            return [target]
        return [row for row in self._log.action_commands(target.action_seq) if row.undone == undone] or [target]

    def _redo_stack_action(self, target: LogRow) -> list[LogRow]:
        """``target`` and the commands of its action undone with it, next on the redo stack, in order."""
        action = [target]
        if target.action_seq is None:
            return action
        for seq in reversed(self._redo_stack[:-1]):
            row = self._command(seq, "redo")
            if row.action_seq != target.action_seq or not row.undone:
                break
            action.append(row)
        return action

    def _undo_action(self, action: list[LogRow]) -> EventInfo:
        images = [self._action_images.get(row.seq) for row in action]
        if (self._undoable_seq == action[-1].seq and self._checkpoint_seq < action[0].seq
                and action[-1].seq - action[0].seq == len(action) - 1
                and all(image is not None and image.floor.usable for image in images)):
            for row, image in zip(reversed(action), reversed(images)):  # in place, latest first
                self._record(row, undo=True)
                self.state.last_image = image
                self.state.undo_last()
            self._undoable_seq = None
            self._redo_stack.extend(row.seq for row in reversed(action))
            return _event_info(replace(action[0], undone=True))
        try:
            state, applied, batches = self._fold(before_seq=action[0].seq, flip=action)
        except _NoLongerApplies as failure:
            raise DomainError(
                f"{self._said(action[0])} cannot be undone: what came after it, {self._said(failure.row)}, "
                f"would no longer fit ({failure.error.message}). Undo that first, or leave both",
                failure.error.rule) from failure.error
        for row in reversed(action):
            self._record(row, undo=True)
        self.state, self._applied_since_snapshot, self._batches = state, applied, batches
        self._undoable_seq = None
        gc.freeze()
        self._redo_stack.extend(row.seq for row in reversed(action))
        return _event_info(replace(action[0], undone=True))

    def _redo_action(self, action: list[LogRow]) -> EventInfo:
        if self._can_redo_in_place(action[0]):
            return self._redo_action_in_place(action)
        try:
            state, applied, batches = self._fold(before_seq=action[0].seq, flip=action)
        except _NoLongerApplies as failure:
            what = ("it" if failure.row.seq in {row.seq for row in action}
                    else f"what came after it, {self._said(failure.row)},")
            raise DomainError(f"{self._said(action[0])} cannot be redone: {what} would no longer fit "
                              f"({failure.error.message})", failure.error.rule) from failure.error
        for row in action:
            self._record(row, undo=False)
        self.state, self._applied_since_snapshot, self._batches = state, applied, batches
        self._undoable_seq = None
        gc.freeze()
        del self._redo_stack[-len(action):]
        return _event_info(replace(action[0], undone=False))

    def _redo_action_in_place(self, action: list[LogRow]) -> EventInfo:
        """Apply the action's commands again, each keeping what it changes (so it can be undone in place again)."""
        images: dict[int, Any] = {}
        for row in action:
            try:
                self.state.apply_keeping_image(row.event_type, json.loads(row.payload_json))
            except DomainError as error:
                self._load()  # the commands applied before it: the state as the log still says
                what = "it" if row is action[0] else f"its {self._said(row)}"
                raise DomainError(f"{self._said(action[0])} cannot be redone: {what} would no longer fit "
                                  f"({error.message})", error.rule) from error
            images[row.seq] = self.state.last_image
        for row in action:
            self._record(row, undo=False)
        self._action_images = images
        self._undoable_seq = action[-1].seq
        del self._redo_stack[-len(action):]
        return _event_info(replace(action[0], undone=False))

    # An undo of the latest command puts back what it changed, kept when it was applied (domain/state.py), instead
    # of folding the state again from the newest checkpoint (a second at 100,000 entries); a redo of a command
    # that comes after every active one applies it again. Both only while no checkpoint was written from the
    # command's seq on: recording the undo or redo drops those, and the state's next checkpoint stands on them.
    def _can_undo_in_place(self, target: LogRow) -> bool:
        can = getattr(self.state, "can_undo_last", None)
        return (self._undoable_seq == target.seq and self._checkpoint_seq < target.seq and can is not None
                and can())

    def _can_redo_in_place(self, target: LogRow) -> bool:
        if getattr(self.state, "apply_keeping_image", None) is None or self._checkpoint_seq >= target.seq:
            return False
        latest = self._log.latest_active_command()
        return latest is None or latest.seq < target.seq

    def _redo_in_place(self, target: LogRow) -> EventInfo:
        state = self.state
        try:
            state.apply_keeping_image(target.event_type, json.loads(target.payload_json))
        except DomainError as error:
            raise DomainError(f"{self._said(target)} cannot be redone: it would no longer fit ({error.message})",
                              error.rule) from error
        try:
            self._record(target, undo=False)
        except BaseException:
            if self.state is state and state.can_undo_last():  # not recorded: the state without it again
                state.undo_last()
            raise
        self._undoable_seq = target.seq
        self._redo_stack.pop()
        return _event_info(replace(target, undone=False))

    def _said(self, row: LogRow) -> str:
        """The event in a sentence the director reads ('“Ana Souza out, eliminated by Bob”'), or its number."""
        if self.describe is not None:
            try:
                return f"“{self.describe(row.event_type, json.loads(row.payload_json))}”"
            except Exception:  # a refusal must still be told when the description fails
                log.warning("describing %s failed", _describe(row), exc_info=True)
        return f"event {_describe(row)}"

    def _command(self, seq: int, verb: str) -> LogRow:
        row = self._log.row(seq) if isinstance(seq, int) else None
        if row is None:
            raise DomainError(f"there is no event #{seq} to {verb} in this tournament")
        if row.kind != KIND_COMMAND:
            raise DomainError(f"event #{seq} is itself an undo or redo record; undo or redo the command instead")
        return row

    def _record(self, target: LogRow, *, undo: bool) -> None:
        self._action_images = {}  # kept for the latest action only, until anything is undone or redone
        record_seq = self._last_seq + 1
        payload = json.dumps({"seq": target.seq, "event_type": target.event_type}, ensure_ascii=False)
        self.in_flight = Write(record_seq, UNDO_EVENT if undo else REDO_EVENT, payload)
        try:
            self._log.record_undo_or_redo(
                target_seq=target.seq, undo=undo, record_seq=record_seq,
                record_type=UNDO_EVENT if undo else REDO_EVENT, payload_json=payload,
                operator=self.operator, recorded_at=utc_now_text())
        except SeqTaken:
            raise self._changed_elsewhere(self._last_seq) from None
        except BaseException as error:
            self._reload_after_failed_write(error)
            raise
        self.in_flight = None
        self._last_seq = record_seq

    # ----- reading ---------------------------------------------------------------------------------------
    def history(self) -> list[EventInfo]:
        """Every row of the log in order: commands (with their undone flag) and the undo/redo records."""
        return [_event_info(row) for row in self._log.all_rows()]

    def rebuild(self) -> Any:
        """A fresh aggregate folded from the log alone (no snapshots): for checks; the live state is kept."""
        try:
            return self._fold(before_seq=None, use_snapshots=False)[0]
        except _NoLongerApplies as failure:
            raise DomainError(f"the logged event {_describe(failure.row)} no longer applies "
                              f"({failure.error.message})", failure.error.rule) from failure.error

    @property
    def last_seq(self) -> int:
        return self._last_seq


@dataclass
class _Batches:
    """Where the state's last checkpoint in batches wrote each region whole (None: the next checkpoint is whole),
    and the region the next one writes."""

    regions: list[int] | None = None
    next_region: int = 0


class _NoLongerApplies(Exception):
    def __init__(self, row: LogRow, error: DomainError) -> None:
        super().__init__(f"{_describe(row)}: {error}")
        self.row = row
        self.error = error
