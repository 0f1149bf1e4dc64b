"""What a database file is, decided before anything is written: the one place the program looks at a file.

``inspect_database(path)`` follows symbolic links to the real file and reads it without changing a byte or
adding a file beside it. It returns an ``Inspection`` for a missing file (a new database is created there) or a
Tournament Director database of a known revision, and raises ``FileProblem`` for everything else:

======================  ========================================================================================
reason                  the file
======================  ========================================================================================
``not-a-file``          is a folder, a device, a pipe or a socket
``linked``              has several names on disk (hard links): another window could open it under another name
``empty``               has 0 bytes: most likely a copy that did not finish (a new database is never left empty)
``corrupt``             is not SQLite, or SQLite finds it damaged
``foreign``             is another program's SQLite database (even with an Alembic revision such as ``0001``)
``no-revision``         is ours but its schema revision record is gone: which migrations it needs is unknown
``newer``               is ours, from a newer program (a revision of our numbering above ``SCHEMA_HEAD``)
``unknown-revision``    is ours with a revision this program never had
``locked``              is locked by another program
``unreadable``          cannot be read (permissions, a loop of links)
``read-only``           is read-only, or its folder is: the program writes every change as it happens
``cannot-create``       is missing and cannot be created in its folder
======================  ========================================================================================

A file is recognised as ours by its tables and their columns, never by its revision string alone.

The file is read as SQLite's own open will read it, its ``-wal`` included: a file left by a power cut in the middle
of a checkpoint (some of the log's pages already copied into the file, the log still whole beside it, its ``-shm``
lost) is damaged on its own and whole with its log, and only what SQLite cannot recover is refused.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tournament_director.store.schema import SCHEMA_HEAD, SQLITE_HEADER, FileProblem, known_revisions

# The tables every revision of our schema has, with columns no other program is likely to share.
OUR_COLUMNS = {
    "app_info": {"key", "value"},
    "tournament": {"id", "name", "created_at", "created_by"},
    "player": {"id", "name", "created_at"},
    "event": {"tournament_id", "seq", "recorded_at", "kind", "type", "payload", "operator", "undone"},
    "snapshot": {"tournament_id", "seq", "recorded_at", "data"},
}
_OUR_NUMBERING = re.compile(r"^\d{4}$")
_WAL_FORMAT = 2  # bytes 18 and 19 of the header: 1 for a rollback journal, 2 for WAL


@dataclass(frozen=True)
class Inspection:
    path: Path  # the real file, links resolved: the one to lock and open
    exists: bool  # False: no file yet, a new database will be created there
    revision: str | None = None  # the schema revision of an existing database
    written_by: str | None = None  # the program version that last opened it, when recorded


def real_path(path: Path) -> Path:
    """``path`` with every symbolic link followed; a dangling link or a loop of links is a FileProblem."""
    path = Path(path).expanduser().absolute()
    try:
        real = path.resolve(strict=False)
    except (RuntimeError, OSError) as error:  # a loop of links
        raise FileProblem("unreadable", f"it cannot be reached ({_reason(error)})") from None
    if path.is_symlink() and not real.exists():
        raise FileProblem("cannot-create", f"it is a link to {real}, which does not exist")
    return real


def inspect_database(path: Path, *, for_writing: bool = True) -> Inspection:
    """Look at the file at ``path`` read-only; raises FileProblem naming what is wrong with it.

    With ``for_writing`` a read-only file or folder is a problem too (the program writes every change).
    """
    real = real_path(path)
    try:
        info = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):
        _check_can_create(real)
        return Inspection(real, exists=False)
    except OSError as error:
        raise FileProblem("unreadable", f"it cannot be reached ({_reason(error)})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem("not-a-file", "it is a folder, not a database file")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem("not-a-file", "it is not a regular file (a device, a pipe or a socket)")
    if info.st_nlink > 1:
        raise FileProblem("linked", f"it has {info.st_nlink} names on disk (hard links), so another window could "
                                    "open it under another name at the same time; copy it to a new file and open "
                                    "the copy")
    if info.st_size == 0:
        raise FileProblem("empty", "it is empty (0 bytes), most likely a copy that did not finish; to start a new "
                                   "database, delete this empty file or give a file name that does not exist yet")
    header = _header(real)
    if not header.startswith(SQLITE_HEADER):
        raise FileProblem("corrupt", "it is not a SQLite database (its first bytes are not a SQLite header)")
    found = _read_schema(real, header)
    if for_writing:
        _check_writable(real)
    return found


@contextlib.contextmanager
def reading(real: Path, header: bytes | None = None, *, timeout: float = 1.0) -> Iterator[sqlite3.Connection]:
    """A connection that reads ``real`` as SQLite's own open will, without writing anything, beside it included.

    Both files of a WAL database beside it (``-wal`` and ``-shm``): ``mode=ro``, which reads through the log as
    another program's open would. No ``-wal``, or an empty one: nobody has it open and nothing waits in a log, so
    ``immutable=1`` reads the file exactly and touches nothing. A ``-wal`` without its ``-shm`` (what a power cut
    can leave): the log must be replayed, which a read-only open cannot do without creating the ``-shm`` beside it,
    so the file and its log are copied to a temporary folder and the copy is opened the way the program will open
    the original.
    """
    header = header if header is not None else _header(real)
    in_wal_mode = len(header) >= 20 and _WAL_FORMAT in (header[18], header[19])
    wal, shm = (real.with_name(real.name + suffix) for suffix in ("-wal", "-shm"))
    if in_wal_mode and _has_content(wal) and not shm.exists():
        def no_copy(error: OSError) -> FileProblem:
            return FileProblem("unreadable", f"its log {wal.name} is to be replayed (its {shm.name} is missing), and "
                                             f"the copy read for that could not be made in {tempfile.gettempdir()} "
                                             f"({_reason(error)}); make room there, or set TMPDIR to a folder with "
                                             "room")

        try:
            scratch = tempfile.TemporaryDirectory(prefix="td-inspect-")
        except OSError as error:
            raise no_copy(error) from None
        with scratch as folder:
            copy = Path(folder) / real.name
            try:
                shutil.copyfile(real, copy)
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
            except OSError as error:
                raise no_copy(error) from None
            connection = _connect(copy.as_uri(), timeout)
            try:
                yield connection
            finally:
                connection.close()
        return
    uri = real.as_uri()
    in_use = wal.exists() and shm.exists()
    connection = _connect(f"{uri}?mode=ro" if not in_wal_mode or in_use else f"{uri}?immutable=1", timeout)
    try:
        yield connection
    finally:
        connection.close()


def _connect(uri: str, timeout: float) -> sqlite3.Connection:
    try:
        return sqlite3.connect(uri, uri=True, timeout=timeout)
    except sqlite3.Error as error:
        raise FileProblem("unreadable", f"it cannot be opened for reading ({error})") from error


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def _header(real: Path) -> bytes:
    try:
        with real.open("rb") as handle:
            return handle.read(100)
    except OSError as error:
        raise FileProblem("unreadable", f"it cannot be read ({_reason(error)})") from None


def _read_schema(real: Path, header: bytes) -> Inspection:
    with reading(real, header) as connection:
        return _read_open_schema(real, connection)


def _read_open_schema(real: Path, connection: sqlite3.Connection) -> Inspection:
    try:
        problems = [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            found = "; ".join(" ".join(str(problem).split()) for problem in problems[:3])
            raise FileProblem("corrupt", f"it is damaged (SQLite's check found: {found})")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            raise FileProblem("empty", "it is an empty SQLite database (it holds no tables), not a Tournament "
                                       "Director database; to start a new database, delete it or give a file name "
                                       "that does not exist yet")
        if not _is_ours(connection, tables):
            raise FileProblem("foreign", _foreign(connection, tables))
        revisions = _revisions(connection, tables)
        if len(revisions) != 1:
            raise FileProblem("no-revision", "it is a Tournament Director database, but its record of the schema "
                                             "revision (the alembic_version table) is missing or damaged, so this "
                                             "program cannot tell how to bring it up to date; open the newest "
                                             "backup instead")
        revision = revisions[0]
        found = connection.execute("SELECT value FROM app_info WHERE key = 'last_opened_by'").fetchone()
        written_by = found[0] if found else None
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise FileProblem("locked", "another program holds a lock on it") from error
        raise FileProblem("corrupt", f"it cannot be read as a database ({error})") from error
    except sqlite3.DatabaseError as error:
        raise FileProblem("corrupt", f"it cannot be read as a database ({error})") from error
    if revision != SCHEMA_HEAD and revision not in known_revisions():
        if _OUR_NUMBERING.match(revision) and revision > SCHEMA_HEAD:
            by = f" by Tournament Director {written_by}" if written_by else ""
            raise FileProblem("newer", f"it was written{by} with a newer schema (revision {revision}); "
                                       f"this program ({_version()}) knows schema revisions up to {SCHEMA_HEAD}")
        raise FileProblem("unknown-revision", f"it is a Tournament Director database with the schema revision "
                                              f"{revision[:40]!r}, which no release of this program has had "
                                              f"(it knows revisions up to {SCHEMA_HEAD})")
    return Inspection(real, exists=True, revision=revision, written_by=written_by)


def _is_ours(connection: sqlite3.Connection, tables: set[str]) -> bool:
    for table, columns in OUR_COLUMNS.items():
        if table not in tables:
            return False
        found = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        if not columns <= found:
            return False
    return True


def _revisions(connection: sqlite3.Connection, tables: set[str]) -> list[str]:
    if "alembic_version" not in tables:
        return []
    rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    return [row[0] for row in rows if isinstance(row[0], str)]


def _foreign(connection: sqlite3.Connection, tables: set[str]) -> str:
    listed = ", ".join(sorted(t for t in tables if t != "alembic_version")[:5]) or "alembic_version"
    problem = f"it is not a Tournament Director database (it holds the tables {listed})"
    revisions = _revisions(connection, tables) if "alembic_version" in tables else []
    if revisions:
        problem += (f"; its schema revision {revisions[0][:40]!r} belongs to the other program's own migrations, "
                    "not to this program's")
    return problem


def _check_writable(real: Path) -> None:
    folder = real.parent
    if not os.access(real, os.W_OK):
        raise FileProblem("read-only", "it is read-only, and the program records every change as it happens; "
                                       "make it writable, or copy it to a folder you can write to and open the copy")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileProblem("read-only", f"its folder {folder} is read-only, and the program keeps its lock and "
                                       "SQLite's journal beside the file; copy the file to a folder you can write "
                                       "to and open the copy")


def _check_can_create(real: Path) -> None:
    """A new database can be made at ``real``: its nearest existing folder is a folder we may write in."""
    folder = real.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise FileProblem("cannot-create", f"it cannot be created: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileProblem("cannot-create", f"it cannot be created: the folder {folder} is read-only; choose a "
                                           "folder you can write to")


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


def _version() -> str:
    from tournament_director import __version__

    return __version__
