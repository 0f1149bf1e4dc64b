"""Why a database file was refused, with what the director needs to decide what to do next."""

from __future__ import annotations

from pathlib import Path


class DatabaseRefused(Exception):
    """The database file cannot be used: corrupt, empty, another program's, locked, read-only, from a newer
    program...

    The file has not been changed and nothing was added beside it. ``reason`` is a short keyword (the table in
    ``store/inspection.py``, and "backup-failed" or "migration-failed" when bringing an older file up to date
    failed); ``newest_backup`` is the newest backup of that file, if there is one, so the refusal dialog can
    offer a copy of it.
    """

    def __init__(self, path: Path, reason: str, problem: str, newest_backup: Path | None) -> None:
        self.path = Path(path)
        self.reason = reason
        self.problem = problem
        self.newest_backup = newest_backup
        if newest_backup is not None:
            offer = f"The newest backup is {newest_backup}."
        else:
            offer = "No backup of it was found."
        unchanged = "" if reason == "cannot-create" else " It has not been changed."
        self.message = f"The database file {self.path} was refused: {problem}.{unchanged} {offer}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class ServerRefused(DatabaseRefused):
    """A PostgreSQL database that cannot be used (unreachable, another program's, a newer schema): nothing was
    changed on it. ``path`` is the URL with its password hidden; there are no backups of the program's own."""

    def __init__(self, where: str, reason: str, problem: str) -> None:
        Exception.__init__(self)
        self.path = where  # type: ignore[assignment]
        self.reason = reason
        self.problem = problem
        self.newest_backup = None
        self.message = f"The database {where} was refused: {problem}. Nothing was changed on it."
        self.args = (self.message,)


class SeqTaken(Exception):
    """Another station appended to the tournament's log first: this station's state is behind the log."""
