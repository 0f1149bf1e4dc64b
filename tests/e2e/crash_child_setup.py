"""The crash tests' second child: ``python crash_child_setup.py tournaments|backups DATABASE``.

``tournaments``: creates tournaments with the new-tournament wizard's plan (DirectorSession.create_from_plan) in a
loop and prints ``created <id>`` after each one returned. ``backups``: takes backups of the database in a loop,
with a small write between them, and prints ``backup <file>`` after each. Both print ``ready`` once the database
is open, flushed, and run until the parent kills them with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.store import Store

BACKUPS_KEPT = 3


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def create_tournaments(database: Path) -> None:
    session = DirectorSession.open(database, backup_dir=database.parent / "backups")
    say("ready")
    number = len(session.list_tournaments())
    while True:
        number += 1
        tournament_id = session.create_from_plan(NewTournamentPlan(f"Crash night {number}", "turbo", tables=4))
        say(f"created {tournament_id}")


def take_backups(database: Path) -> None:
    store = Store.open(database, backup_dir=database.parent / "backups", keep_backups=BACKUPS_KEPT)
    say("ready")
    while True:
        store.add_player(f"Player {len(store.find_players('', limit=10_000))}")
        say(f"backup {store.backup_now()}")


if __name__ == "__main__":
    {"tournaments": create_tournaments, "backups": take_backups}[sys.argv[1]](Path(sys.argv[2]))
