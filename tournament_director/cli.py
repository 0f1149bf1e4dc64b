"""The program's subcommands (``tournament-director --database DB import-tdt FILE.tdt`` and friends), the same
services the console's menus use.

Every subcommand prints its result on standard output. Bad input (a file that is not a TD3 save, a tournament that
does not exist, a database that is refused) ends with exit code 2 and one line on standard error naming the
problem, never a traceback, and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

EXIT_REFUSED = 2
EXIT_FAILED = 1
COMMANDS = ("import-tdt", "export-results", "export-summary", "seasons", "standings", "import-players",
            "export-players")


def add_subcommands(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    one = commands.add_parser("import-tdt", help="import TD3 saves (.tdt files or season folders); prints the new "
                                                 "tournament's id on the last line")
    one.add_argument("files", nargs="+", type=Path, metavar="FILE.tdt")
    results = commands.add_parser("export-results", help="a tournament's results, one row per player")
    results.add_argument("--tournament", type=int, required=True, metavar="ID")
    results.add_argument("--format", choices=("csv",), default="csv")
    summary = commands.add_parser("export-summary", help="a tournament's counts and money (taken in, rake, prize "
                                                         "pool, overlay, bounties, prizes) as one JSON object")
    summary.add_argument("--tournament", type=int, required=True, metavar="ID")
    commands.add_parser("seasons", help="the leagues' seasons: id, league, season, tournaments")
    standings = commands.add_parser("standings", help="a season's standings")
    standings.add_argument("--season", type=int, required=True, metavar="ID")
    standings.add_argument("--format", choices=("csv", "html"), default="csv")
    players_in = commands.add_parser("import-players", help="add players from a CSV file (name, nickname, contact)")
    players_in.add_argument("file", type=Path, metavar="FILE.csv")
    commands.add_parser("export-players", help="the player registry as CSV (id, name, nickname, contact)")


def refuse(message: str) -> int:
    print(f"tournament-director: {message}", file=sys.stderr)
    return EXIT_REFUSED


def run(command: str, args: argparse.Namespace, database: Path | str) -> int:
    """Run ``command`` on the database at ``database`` (a file, or a PostgreSQL URL); exit code 0, or 2 with the
    refusal on one line."""
    from tournament_director.domain.errors import DomainError
    from tournament_director.store import DatabaseRefused, Store

    handler = _HANDLERS[command]
    if command not in _WRITERS and isinstance(database, Path) and not database.exists():
        return refuse(f"the database {database} does not exist")
    try:
        _read_before_opening(command, args)  # a file refused leaves the database alone, not even created
    except DomainError as problem:
        return refuse(problem.message.splitlines()[0])
    try:
        store = Store.open(database)
    except DatabaseRefused as refusal:
        return refuse(str(refusal).splitlines()[0])
    try:
        with store:
            code = handler(store, args)
            sys.stdout.flush()
            return code
    except DomainError as problem:
        return refuse(problem.message.splitlines()[0] if problem.message else type(problem).__name__)
    except (OSError, UnicodeError) as problem:
        return refuse(f"{type(problem).__name__}: {problem}".splitlines()[0])
    except Exception as problem:  # a fault of the program, not of the input: still one line, no traceback
        print(f"tournament-director: {command} could not finish ({type(problem).__name__}: {problem})".splitlines()[0],
              file=sys.stderr)
        return EXIT_FAILED


def _read_before_opening(command: str, args: argparse.Namespace) -> None:
    """Read what a single file holds before the database is opened: a TD3 save, or a CSV of players."""
    if command == "import-tdt" and len(args.files) == 1 and not args.files[0].is_dir():
        from tournament_director.imports.tdt import read_tdt

        args.save = read_tdt(args.files[0])
    elif command == "import-players":
        from tournament_director.domain.reading import read_bytes
        from tournament_director.services.registry_csv import check_players_csv

        args.data = read_bytes(args.file)
        check_players_csv(args.data, args.file.name)


def _import_tdt(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.tdt_import import import_file, import_save, saves_in
    from tournament_director.domain.errors import DomainError

    files: list[Path] = []
    for path in args.files:
        files.extend(saves_in(path) if path.is_dir() else [path])
    if not files:
        return refuse("no .tdt file to import")
    refused = 0
    last_id = None
    for file in files:
        try:
            report = import_save(store, args.save) if getattr(args, "save", None) else import_file(store, file)
        except DomainError as problem:
            if len(files) == 1:
                raise
            print(f"refused: {problem.message}", file=sys.stderr)
            refused += 1
            continue
        for warning in report.warnings:
            print(f"{report.source}: note: {warning}", file=sys.stderr)
        print(f"{report.source}: {report.title} ({report.status}), {report.players} players, {report.entries} "
              f"entries; {report.new_players} new in the registry, {report.matched_players} known")
        last_id = report.tournament_id
    if last_id is None:
        return refuse(f"none of the {len(files)} files could be imported")
    print(last_id)
    return 0 if not refused else EXIT_REFUSED


def _export_results(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.league_results import results_csv, tournament_results

    sys.stdout.write(results_csv(tournament_results(store, args.tournament)))
    return 0


def _export_summary(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.league_results import tournament_summary
    from tournament_director.services.money_summary import tournament_money

    summary = tournament_summary(store, args.tournament)
    summary.update(tournament_money(store, args.tournament).as_json())  # the money beside the counts
    print(json.dumps(summary, ensure_ascii=False))
    return 0


def _seasons(store: Any, args: argparse.Namespace) -> int:
    for season in store.leagues.seasons():
        print(f"{season.id}\t{season.league}\t{season.name}\t{len(store.leagues.tournaments(season.id))}")
    return 0


def _standings(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.league_results import season_standings, standings_csv, standings_html

    standings = season_standings(store, args.season)
    sys.stdout.write(standings_csv(standings) if args.format == "csv" else standings_html(standings) + "\n")
    return 0


def _import_players(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.registry_csv import import_players_csv

    report = import_players_csv(store, args.data, args.file.name)
    print(f"{report.added} added, {report.merged} merged with a registered player")
    return 0


def _export_players(store: Any, args: argparse.Namespace) -> int:
    from tournament_director.services.registry_csv import export_players_csv

    sys.stdout.write(export_players_csv(store))
    return 0


_WRITERS = ("import-tdt", "import-players")
_HANDLERS: dict[str, Callable[[Any, argparse.Namespace], int]] = {
    "import-tdt": _import_tdt, "export-results": _export_results, "export-summary": _export_summary,
    "seasons": _seasons, "standings": _standings, "import-players": _import_players,
    "export-players": _export_players,
}
