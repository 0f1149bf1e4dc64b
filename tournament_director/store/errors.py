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
