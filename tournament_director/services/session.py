"""The director's session: one open database, the tournament in front of the director, its services.

The UI talks to this facade only. It opens the store, lists, creates and selects tournaments, hands out the
command runner and the area services of the selected tournament, and tells listeners (plain callbacks, which
the UI wraps in Qt signals) when something changed.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tournament_director.domain.errors import DomainError

log = logging.getLogger(__name__)

try:  # the services-level name for a refused database, so the UI never imports the store
    from tournament_director.store import DatabaseRefused
except ImportError:  # pragma: no cover - only while the store package is incomplete

    class DatabaseRefused(Exception):  # type: ignore[no-redef]
        """The database file was refused (corrupt, locked, newer version); it was not touched."""

        def __init__(self, message: str, newest_backup: Path | None = None) -> None:
            super().__init__(message)
            self.newest_backup = newest_backup


__all__ = ["DatabaseRefused", "DirectorSession", "DomainError", "Listener"]

# A listener receives a topic: "tournaments" (the list changed), "selected" (another tournament is in front),
# "state" (a command, an undo or a redo changed the selected tournament).
Listener = Callable[[str], None]


def _optional_service(module: str, class_name: str) -> type | None:
    """An area service class, or None while its module has not landed yet."""
    try:
        return getattr(importlib.import_module(module), class_name)
    except (ImportError, AttributeError):
        return None


class DirectorSession:
    def __init__(self, store: Any, *, operator: str = "director") -> None:
        self._store = store
        self.operator = operator
        self._listeners: list[Listener] = []
        self._tournament_id: int | None = None
        self._runner: Any = None
        self._services: dict[str, Any] = {}

    # ----- opening and closing -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, operator: str = "director", backup_dir: Path | None = None) -> "DirectorSession":
        """Open (creating it if needed) the database at ``path``; raises DatabaseRefused for a refused file."""
        from tournament_director.store import Store

        kwargs: dict[str, Any] = {}
        if backup_dir is not None:
            kwargs["backup_dir"] = backup_dir
        return cls(Store.open(Path(path), **kwargs), operator=operator)

    def close(self) -> None:
        """Stop the area services' background work and close the store (which takes a backup)."""
        for service in self._services.values():
            stop = getattr(service, "shutdown", None) or getattr(service, "close", None)
            if callable(stop):
                try:
                    stop()
                except Exception:  # closing must go on even when one service misbehaves
                    log.exception("closing %s failed", type(service).__name__)
        self._services.clear()
        if self._store is not None:
            self._store.close()
            self._store = None

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    # ----- change notification --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(topic)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def notify(self, topic: str = "state") -> None:
        for listener in list(self._listeners):
            listener(topic)

    # ----- tournaments ----------------------------------------------------------------------------------
    def list_tournaments(self) -> list[Any]:
        return list(self._store.list_tournaments())

    def create_tournament(self, name: str) -> int:
        name = name.strip()
        if not name:
            raise DomainError("a tournament needs a name")
        tournament_id = self._store.create_tournament(name, operator=self.operator)
        self.notify("tournaments")
        return tournament_id

    def select_tournament(self, tournament_id: int) -> None:
        from tournament_director.domain.state import TournamentState
        from tournament_director.services.commands import CommandRunner

        known = {t.id for t in self.list_tournaments()}
        if tournament_id not in known:
            raise DomainError(f"there is no tournament number {tournament_id} in this database")
        for service in self._services.values():
            stop = getattr(service, "shutdown", None)
            if callable(stop):
                stop()
        self._services.clear()
        self._runner = CommandRunner(self._store, tournament_id, TournamentState, operator=self.operator)
        self._tournament_id = tournament_id
        self.notify("selected")

    @property
    def tournament_id(self) -> int | None:
        return self._tournament_id

    @property
    def tournament_name(self) -> str:
        if self._tournament_id is None:
            return ""
        for info in self.list_tournaments():
            if info.id == self._tournament_id:
                return info.name
        return ""

    @property
    def runner(self) -> Any:
        """The command runner of the selected tournament (None when none is selected)."""
        return self._runner

    @property
    def state(self) -> Any:
        return self._runner.state if self._runner is not None else None

    def _service(self, key: str, module: str, class_name: str) -> Any:
        if self._runner is None:
            return None
        if key not in self._services:
            cls = _optional_service(module, class_name)
            if cls is None:
                return None
            self._services[key] = cls(self._runner)
        return self._services[key]

    @property
    def tournament(self) -> Any:
        """The floor service (TournamentService) of the selected tournament, or None."""
        return self._service("tournament", "tournament_director.services.tournament", "TournamentService")

    @property
    def clock(self) -> Any:
        """The clock service (ClockService) of the selected tournament, or None."""
        return self._service("clock", "tournament_director.services.clock", "ClockService")

    # ----- commands, undo and redo ---------------------------------------------------------------------
    def run(self, command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run one service command and tell listeners; a refusal (DomainError) propagates, nothing changes."""
        result = command(*args, **kwargs)
        self.notify("state")
        return result

    def can_undo(self) -> bool:
        return self._runner is not None and self._runner.can_undo()

    def can_redo(self) -> bool:
        return self._runner is not None and self._runner.can_redo()

    def undo(self, seq: int | None = None) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        event = self._runner.undo(seq)
        self.notify("state")
        return event

    def redo(self) -> Any:
        if self._runner is None:
            raise DomainError("no tournament is open")
        event = self._runner.redo()
        self.notify("state")
        return event

    def history(self) -> list[Any]:
        return list(self._runner.history()) if self._runner is not None else []

    # ----- player registry (shared by every tournament) -------------------------------------------------
    def find_players(self, text: str, limit: int = 50) -> list[Any]:
        return list(self._store.find_players(text, limit=limit))

    def add_player(self, name: str, nickname: str | None = None, contact: str | None = None,
                   notes: str | None = None) -> Any:
        player = self._store.add_player(name, nickname=nickname, contact=contact, notes=notes)
        self.notify("players")
        return player

    def possible_duplicates(self, name: str) -> list[Any]:
        return list(self._store.possible_duplicates(name))

    def backup_now(self) -> Path:
        return self._store.backup_now()
