"""Reading a database file's schema revision without changing it, and migrating it to the newest revision.

Alembic is only imported when a migration is actually due, so opening an up-to-date file stays quick.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

# The newest schema revision this program knows (tests check it against migrations/versions).
SCHEMA_HEAD = "0003"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_HEADER = b"SQLite format 3\x00"


class FileProblem(Exception):
    """Why an existing file cannot be opened: ``reason`` is a keyword, ``problem`` a sentence for people."""

    def __init__(self, reason: str, problem: str) -> None:
        super().__init__(problem)
        self.reason = reason
        self.problem = problem


@dataclass(frozen=True)
class FileSchema:
    revision: str | None  # None: an empty database (no tables yet)
    written_by: str | None  # the program version that last opened it, when recorded


def read_schema(path: Path) -> FileSchema:
    """Inspect an existing file read-only; raises FileProblem for a corrupt, locked or foreign file."""
    with path.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise FileProblem("corrupt", "it is not a SQLite database (its first bytes are not a SQLite header)")
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error as error:
        raise FileProblem("unreadable", f"it cannot be opened for reading ({error})") from error
    try:
        problems = [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise FileProblem("corrupt", f"it is damaged (SQLite's check found: {'; '.join(problems[:3])})")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return FileSchema(revision=None, written_by=None)
        if "alembic_version" not in tables:
            listed = ", ".join(sorted(tables)[:5])
            raise FileProblem("foreign", f"it is not a Tournament Director database (it holds the tables {listed})")
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        written_by = None
        if "app_info" in tables:
            found = connection.execute("SELECT value FROM app_info WHERE key = 'last_opened_by'").fetchone()
            written_by = found[0] if found else None
        return FileSchema(revision=row[0] if row else None, written_by=written_by)
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise FileProblem("locked", "another program holds a lock on it") from error
        raise FileProblem("corrupt", f"it cannot be read as a database ({error})") from error
    except sqlite3.DatabaseError as error:
        raise FileProblem("corrupt", f"it cannot be read as a database ({error})") from error
    finally:
        connection.close()


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in _script_directory(ScriptDirectory).walk_revisions()}


def _script_directory(script_directory_class):  # type: ignore[no-untyped-def]
    return script_directory_class(str(MIGRATIONS_DIR))


def alembic_head() -> str:
    from alembic.script import ScriptDirectory

    head = _script_directory(ScriptDirectory).get_current_head()
    assert head is not None
    return head


def migrate_to_head(engine: Engine, target: str = "head") -> None:
    """Upgrade the schema in one BEGIN IMMEDIATE transaction (a crash part way leaves the old schema)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, target)
