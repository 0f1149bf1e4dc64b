"""A new tournament set up in memory and written in one transaction: it appears whole or not at all.

``store.draft_tournament(name)`` gives a draft that stands in for the store of one tournament: a command
runner built on it (``CommandRunner(draft, draft.tournament_id)``) applies its commands to the live state as
usual and appends them to the draft's in-memory log. ``draft.commit()`` then writes the tournament row and
every command in one BEGIN IMMEDIATE transaction and returns the tournament's id. A crash before the commit
leaves nothing; one after it leaves the whole set-up (the new-tournament wizard's settings, tables and
structure).
"""

from __future__ import annotations

from collections.abc import Callable

from tournament_director.domain.errors import DomainError
from tournament_director.store.event_log import LogRow
from tournament_director.store.models import KIND_COMMAND

# writes the tournament row and its first commands in one transaction: Store.create_tournament
CreateTournament = Callable[[str, str, list[LogRow]], int]

DRAFT_ID = 0  # no tournament row has id 0 (SQLite numbers rows from 1)


class TournamentDraft:
    def __init__(self, create: CreateTournament, name: str, operator: str) -> None:
        self._create = create
        self.name = name
        self.operator = operator
        self.tournament_id = DRAFT_ID
        self._log = DraftLog()
        self.committed_id: int | None = None

    def event_log(self, tournament_id: int) -> DraftLog:
        if tournament_id != DRAFT_ID:
            raise DomainError(f"a tournament draft has no tournament number {tournament_id}")
        return self._log

    def commit(self) -> int:
        """Write the tournament and its commands in one transaction; returns its id. Once only."""
        if self.committed_id is not None:
            raise RuntimeError(f"the draft of {self.name!r} was already written as tournament {self.committed_id}")
        self.committed_id = self._create(self.name, self.operator, self._log.rows)
        return self.committed_id


class DraftLog:
    """The part of ``EventLog`` a command runner uses, in memory: commands only (no undo in a draft)."""

    def __init__(self) -> None:
        self.rows: list[LogRow] = []

    def last_seq(self) -> int:
        return self.rows[-1].seq if self.rows else 0

    def row(self, seq: int) -> LogRow | None:
        return next((row for row in self.rows if row.seq == seq), None)

    def latest_active_command(self) -> LogRow | None:
        return self.rows[-1] if self.rows else None

    def commands_after(self, seq: int) -> list[LogRow]:
        return [row for row in self.rows if row.seq > seq]

    def action_commands(self, action_seq: int) -> list[LogRow]:
        return [row for row in self.rows if row.action_seq == action_seq]

    def trailing_records(self) -> list[LogRow]:
        return []

    def all_rows(self) -> list[LogRow]:
        return list(self.rows)

    def newest_snapshot(self, before_seq: int | None = None) -> None:
        return None

    def append_command(self, seq: int, event_type: str, payload_json: str, operator: str, recorded_at: str,
                       checkpoint: object = None, action_seq: int | None = None) -> None:
        if seq != self.last_seq() + 1:
            raise RuntimeError(f"draft commands are numbered in order: {seq} after {self.last_seq()}")
        self.rows.append(LogRow(seq, KIND_COMMAND, event_type, payload_json, operator, recorded_at, False, None,
                                action_seq))

    def record_undo_or_redo(self, **_: object) -> None:
        raise DomainError("a tournament being set up cannot undo: it is written whole once set up")

    def save_snapshot(self, seq: int, data_json: str, recorded_at: str) -> None:
        """Snapshots are not needed: a draft holds a handful of commands."""

    def save_checkpoint(self, *_: object) -> None:
        """Checkpoints are not needed either."""

    def rows_after(self, seq: int) -> list[LogRow]:
        return [row for row in self.rows if row.seq > seq]
