"""``python -m tournament_director [--database PATH | --database postgresql://user@host/dbname] [--station NAME]
[--lan HOST:PORT] [--smoke-test] [COMMAND ...]``.

With a COMMAND (``import-tdt``, ``export-results``, ``export-summary``, ``seasons``, ``standings``,
``import-players``, ``export-players``; see ``cli.py``) the program runs it on the database and exits, without a
window.

Without ``--database`` the program uses its embedded default, a SQLite file in the user's data folder. With a
``postgresql://`` URL several stations run the same event on one PostgreSQL database; ``--station NAME`` (the
registration desk, the floor...) is the name this station's events and refusals carry.
``--lan HOST:PORT`` switches the room display on at that address (phones, TV, the director's remote).
``--smoke-test`` opens a temporary database (migrations run), builds the main window and the projector window
headless, and exits 0, or 1 with the traceback printed. With ``--database`` it checks that file as a start would
(a refused file fails with the refusal) and runs on a copy of it: the file itself is never changed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from tournament_director import __version__

APP_DIR_NAME = "TournamentDirector"
DATABASE_FILE_NAME = "tournament-director.sqlite"


def default_database() -> Path:
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False)) / DATABASE_FILE_NAME


def _listen_address(text: str) -> str:
    from tournament_director.domain.errors import DomainError
    from tournament_director.web.address import parse_listen_address

    try:
        parse_listen_address(text)
    except DomainError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None
    return text


class _Parser(argparse.ArgumentParser):
    """Refuses bad arguments on one line (exit code 2), naming the problem; ``--help`` shows the usage."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _database(text: str) -> Path | str:
    """A file path, or a PostgreSQL URL kept as text."""
    from tournament_director.store.server import is_server_url

    return text if is_server_url(text) else Path(text)


def _station(text: str) -> str:
    name = text.strip()
    if not name or len(name) > 60:
        raise argparse.ArgumentTypeError("a station's name is 1 to 60 characters")
    return name


def build_parser() -> argparse.ArgumentParser:
    from tournament_director.cli import add_subcommands

    parser = _Parser(
        prog="tournament-director",
        description="Run a live Texas Hold'em tournament: registration, seating, the blind clock, eliminations.")
    parser.add_argument("--database", type=_database, metavar="PATH|URL",
                        help=f"the SQLite database file to open or create (default: {default_database()}), or "
                             "postgresql://user@host/dbname for several stations on one PostgreSQL database")
    parser.add_argument("--station", type=_station, default="director", metavar="NAME",
                        help="this station's name, recorded with its commands and told in the other stations' "
                             "refusals (e.g. 'the registration desk'; default: director)")
    parser.add_argument("--lan", type=_listen_address, metavar="HOST:PORT",
                        help="switch the room display on, listening only on HOST:PORT (e.g. 192.168.1.10:8080)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="build the windows headless on a temporary database (with --database: check that file, read-only, "
                             "and use a copy of it) and exit (0 when all is well)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    add_subcommands(parser)
    return parser


def database_path(args: argparse.Namespace) -> Path | str:
    """The database the command line names (``--database``: a file, or a PostgreSQL URL kept as text), else the
    embedded default: the one place it is read."""
    if isinstance(args.database, str):
        return args.database
    return (args.database or default_database()).expanduser()


def _run_smoke_test(database: Path | None = None) -> int:
    """Build both windows headless on a temporary database, or on a copy of ``database``, which is first
    checked as a real start would check it (a refusal fails the smoke test) and never changed."""
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    try:
        from tournament_director.store import DatabaseRefused, Store

        with tempfile.TemporaryDirectory(prefix="td-smoke-") as folder:
            copy = Path(folder) / DATABASE_FILE_NAME
            if database is not None:
                try:
                    real = Store.check(database)
                except DatabaseRefused as refusal:
                    print(f"Database refused: {refusal}", file=sys.stderr)
                    print("smoke test failed: the database would be refused", file=sys.stderr)
                    return 1
                if real.exists():
                    from tournament_director.store.backups import copy_database

                    copy_database(real, copy, source_uri_read_only=True)
            Store.open(copy, backup_dir=Path(folder) / "backups").close()  # migrations run (on the copy)
            from tournament_director.app import run_app

            code = run_app(copy, smoke_test=True)
    except BaseException:
        traceback.print_exc()
        return 1
    if code != 0:
        print(f"smoke test failed: the application returned {code}", file=sys.stderr)
        return 1
    print("smoke test passed" + (f" on a copy of {database}" if database is not None else ""))
    return 0


def _check_options_before_the_command(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """An unknown option before the command is named as such, not taken for a command ("--databse x.sqlite")."""
    from tournament_director.cli import COMMANDS

    options = {o for action in parser._actions for o in action.option_strings}
    for token in argv:
        if token in COMMANDS:
            return
        if token.startswith("-") and token.split("=", 1)[0] not in options:
            parser.error(f"unrecognized arguments: {token}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    _check_options_before_the_command(parser, argv)
    args = parser.parse_args(argv)
    if args.smoke_test:
        if isinstance(args.database, str):
            print("the smoke test runs on a file; a PostgreSQL database is never touched by it", file=sys.stderr)
            return 1
        return _run_smoke_test(args.database.expanduser() if args.database else None)
    database = database_path(args)
    if args.command:
        from tournament_director.cli import run

        return run(args.command, args, database)
    from tournament_director.app import run_app

    return run_app(database, smoke_test=False, lan=args.lan, station=args.station)  # a missing folder made, or refused


if __name__ == "__main__":
    sys.exit(main())
