"""The schema revisions this program knows, and migrating a file to the newest one (``inspection`` reads a
file's revision without changing it).

Alembic is only imported when a migration is actually due, so opening an up-to-date file stays quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory

# The newest schema revision this program knows (tests check it against migrations/versions).
SCHEMA_HEAD = "0009"
MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_HEADER = b"SQLite format 3\x00"


class FileProblem(Exception):
    """Why an existing file cannot be opened: ``reason`` is a keyword, ``problem`` a sentence for people."""

    def __init__(self, reason: str, problem: str) -> None:
        super().__init__(problem)
        self.reason = reason
        self.problem = problem


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in _script_directory(ScriptDirectory).walk_revisions()}


def _script_directory(script_directory_class: type[ScriptDirectory]) -> ScriptDirectory:
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
