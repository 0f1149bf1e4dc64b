"""The log of the tournament in front as the director reads it: each event in a sentence, what Edit > Undo and
Edit > Redo say, and the undo and the redo themselves (an award of satellite seats and the target's entries it
paid undone or redone as one step, services/satellites.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tournament_director.domain.clock.structure import Level
from tournament_director.domain.errors import DomainError
from tournament_director.services.busy_room import held_elsewhere
from tournament_director.services.commands import REDO_EVENT, UNDO_EVENT, ChangedElsewhere
from tournament_director.services.event_text import describe_event, step_name
from tournament_director.services.satellites import AWARD_EVENT, check_not_seat_entries, redo_award, undo_award
from tournament_director.services.session_base import SessionBase


@dataclass(frozen=True)
class HistoryEntry:
    """One event of the log as the Log tab shows it."""

    seq: int
    event_type: str
    payload: dict[str, Any]
    operator: str
    recorded_at: Any  # datetime (UTC)
    undone: bool
    description: str


class _EntryNames(Mapping):  # type: ignore[type-arg]
    """Entry id -> name (or another field of the entry: ``number``, the player's count of entries), looked up when
    asked (a 100,000-entry event is not copied to describe one event)."""

    def __init__(self, entries: Mapping[int, Any], field: str = "name") -> None:
        self._entries = entries
        self._field = field

    def __getitem__(self, entry_id: int) -> Any:
        return getattr(self._entries[entry_id], self._field)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)



class SessionHistory(SessionBase):
    """The session's log, undo and redo of the tournament in front."""

    def can_undo(self) -> bool:
        return self._runner is not None and not self.server_down and self._runner.can_undo()

    def can_redo(self) -> bool:
        return self._runner is not None and self._runner.can_redo()

    def undo_name(self) -> str:
        """What Edit > Undo says: "Undo Ann Lee out, eliminated by Bob" (the action the next undo takes)."""
        return self._step_name("Undo", lambda: self._open_runner.next_undo() if self.can_undo() else None)

    def redo_name(self) -> str:
        return self._step_name("Redo", lambda: self._open_runner.next_redo() if self.can_redo() else None)

    def _step_name(self, verb: str, step: Callable[[], Any]) -> str:
        event = self._read_while_the_server_answers(step, None) if self._runner is not None else None
        return step_name(verb, event, self.describe_logged)

    def undo(self, seq: int | None = None) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        award = self._award_undone_by(seq)
        if award is not None:  # the seats and the target's entries they paid: one step
            return self._in_both(award.payload["target"], lambda: self._not_retried(
                lambda: undo_award(self._db, self._open_runner, award.seq, operator=self.operator), "undone"))
        return self._not_retried(lambda: self._open_runner.undo(seq), "undone")

    def redo(self) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        step = self._runner.next_redo() if self._runner.can_redo() else None
        check_not_seat_entries(step, "redo")
        if step is not None and step.event_type == AWARD_EVENT:
            return self._in_both(step.payload["target"], lambda: self._not_retried(
                lambda: redo_award(self._db, self._open_runner, operator=self.operator), "redone"))
        return self._not_retried(self._runner.redo, "redone")

    def _award_undone_by(self, seq: int | None) -> Any:
        """The award of satellite seats an undo of ``seq`` (None: the latest action) takes, or None."""
        runner = self._open_runner
        if seq is None:
            step = runner.next_undo()
        else:
            step = next((e for e in runner.history() if e.seq == seq), None)
        if step is not None and not step.undone:
            check_not_seat_entries(step, "undo")
        return step if step is not None and step.event_type == AWARD_EVENT and not step.undone else None

    def _not_retried(self, step: Callable[[], Any], verb: str) -> Any:
        """An undo or a redo is meant for what this station showed: when another station recorded first it is
        refused, never done on the log the director has not seen yet."""
        try:
            event = step()
        except ChangedElsewhere as changed:
            self.notify("state")
            raise DomainError(f"{self._said_elsewhere(changed.events)}, so nothing was {verb}: look at the log "
                              "again") from None
        except TimeoutError:
            raise DomainError(held_elsewhere(f"nothing was {verb}")) from None
        self.notify("state")
        return event

    def describe_logged(self, event_type: str, payload: Mapping[str, Any]) -> str:
        """One logged event as the director reads it ("Ana Souza out, eliminated by Bob")."""
        entries = self._open_runner.state.floor.entries
        return describe_event(event_type, payload, _EntryNames(entries), self._period_label,
                              _EntryNames(entries, "number"))

    def _period_label(self, index: int) -> str:
        structure = self._runner.state.schedule.structure if self._runner is not None else None
        if structure is None or not 0 <= index < len(structure.periods):
            return f"period {index + 1}"
        period = structure.periods[index]
        if isinstance(period, Level):
            return f"level {period.number} ({period.small_blind:,}/{period.big_blind:,})"
        return period.name.lower() if period.name else "the break"

    def history(self) -> list[HistoryEntry]:
        """The log of the selected tournament, each event with a sentence a director can read back (an undo
        or a redo names what it undid or redid)."""
        if self._runner is None:
            return []
        state = self._runner.state
        names = {entry_id: entry.name for entry_id, entry in state.floor.entries.items()}
        numbers = _EntryNames(state.floor.entries, "number")
        said: dict[object, str] = {}  # by seq; an undo names the seq it undid
        rows: list[HistoryEntry] = []
        events = self._read_while_the_server_answers(self._runner.history, None)
        if events is None:  # the server is not answering: the rows last shown
            shown_for, shown = self._last_read.get("history", (None, []))
            return shown if shown_for == self._tournament_id else []
        for e in events:
            if e.event_type in (UNDO_EVENT, REDO_EVENT):
                what = said.get(e.payload.get("seq"), "an earlier event")
                text = f"{'Undone' if e.event_type == UNDO_EVENT else 'Redone'}: {what}"
            else:
                text = describe_event(e.event_type, e.payload, names, self._period_label, numbers,
                                      bounties=None if e.undone else self.bust_bounties)
                said[e.seq] = text
            rows.append(HistoryEntry(e.seq, e.event_type, e.payload, e.operator, e.recorded_at, e.undone, text))
        if self.on_server:
            self._last_read["history"] = (self._tournament_id, rows)
        return rows
