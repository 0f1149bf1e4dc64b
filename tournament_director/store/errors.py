"""Why a database file was refused, with what the director needs to decide what to do next."""

from __future__ import annotations

from pathlib import Path


class DatabaseRefused(Exception):
    """The database file cannot be used: corrupt, locked by another instance, or from a newer program.

    The file has not been changed. ``reason`` is a short keyword ("corrupt", "locked", "newer", "foreign",
    "unreadable"); ``newest_backup`` is the newest backup of that file, if there is one, so the refusal dialog
    can offer a copy of it.
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
        self.message = f"The database file {self.path} was refused: {problem}. It has not been changed. {offer}"
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message
