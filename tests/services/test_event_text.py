"""The Log tab reads back as sentences a director can check a dispute against, with names, not entry numbers."""

from __future__ import annotations

import random
from pathlib import Path

from tournament_director.services.event_text import describe_event
from tournament_director.services.session import DirectorSession, NewTournamentPlan


def test_the_history_names_the_players_the_levels_and_the_undo(tmp_path: Path) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(7))
    try:
        session.create_from_plan(NewTournamentPlan("Sunday Six-Max", "turbo", tables=2, seats_per_table=6))
        floor = session.tournament
        for name in ("Ana Souza", "Ben Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lind", "Farid Haddad"):
            session.run(floor.register, name)
        session.run(floor.draw_seats)
        session.run(floor.close_registration)
        session.run(session.clock.start)
        ana, ben = (next(e.entry_id for e in floor.entries() if e.name == n) for n in ("Ana Souza", "Ben Okafor"))
        session.run(floor.bust, ana, [ben])
        session.run(floor.set_present, ben, False)
        session.undo()
        lines = [e.description for e in session.history()]
    finally:
        session.close()
    assert "Ana Souza bought in (entry 1)" in lines
    assert "Seats drawn for 6 players" in lines
    assert any(line.startswith("Clock started at level 1 (") for line in lines)
    assert "Ana Souza out, eliminated by Ben Okafor" in lines
    assert "Ben Okafor marked absent" in lines
    assert lines[-1] == "Undone: Ben Okafor marked absent"


def test_an_unknown_or_older_event_shape_shows_its_fields_rather_than_nothing() -> None:
    assert describe_event("something.new", {"a": 1}, {}) == "a=1"
    assert describe_event("entry.busted", {"busts": "not a list of busts"}, {}) == "busts=not a list of busts"


def test_a_settings_change_is_told_in_the_settings_words_with_levels_named() -> None:
    line = describe_event("settings.changed", {"changes": {"rebuy_until_level": 6, "addon_enabled": True,
                                                           "guarantee": 1_500, "trust_table_stations": False}}, {})
    assert line == ("Settings changed: rebuy period → level 6; add-on offered → yes; guarantee → 1,500; "
                    "trust table stations → no")
