"""A realistic tournament for console tests and screenshots, set up through the services as the console would."""

from __future__ import annotations

import random
from pathlib import Path

from tournament_director.services.session import DirectorSession, NewTournamentPlan

NAMES = (
    "Ana Souza", "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
    "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández",
    "Maya Patel", "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez",
    "Sam <The Rock> O'Brien", "Tomasz Zieliński",
)


def open_session(folder: Path, seed: int = 2024) -> DirectorSession:
    return DirectorSession.open(folder / "room.sqlite", backup_dir=folder / "backups", rng=random.Random(seed))


def seated_tournament(session: DirectorSession, *, players: int = 20, tables: int = 3, close_registration: bool = True,
                      **plan: object) -> int:
    """Friday Night Hold'em: wizard plan, buy-ins, the seat draw and (unless told) registration closed."""
    tournament_id = session.create_from_plan(NewTournamentPlan("Friday Night Hold'em", str(plan.pop("structure", "regular")),
                                                               tables=tables, **plan))  # type: ignore[arg-type]
    floor = session.tournament
    for name in NAMES[:players]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    if close_registration:
        session.run(floor.close_registration)
    return tournament_id


def running_tournament(session: DirectorSession) -> None:
    """Twenty players at three tables, clock running, a hand dealt, one player out, absent and moving seats."""
    seated_tournament(session)
    floor = session.tournament
    session.run(session.clock.start)
    session.run(floor.next_hand)
    short = min(floor.tables(), key=lambda t: t.players)
    seated = [s for s in short.seats if s.entry_id is not None]
    session.run(floor.bust, seated[0].entry_id, [seated[1].entry_id])
    session.run(floor.set_present, seated[2].entry_id, False)
