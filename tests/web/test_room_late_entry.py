"""A late entry on the room display's results page in a real headless Chromium beside the real console: every
player out finishes one place lower, within a second of the registration typed at the console, and the room
display brings its kept results up to date for it instead of building the state whole."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QMessageBox

from tests.ui.console.formats_driving import bust, register
from tests.ui.tournament_setup import NAMES, show_console
from tests.web.browser import Browser
from tests.web.test_room_bounties import switch_on_room_display
from tests.web.test_room_pages import text_of, within_a_second
from tournament_director.services.session import DirectorSession, NewTournamentPlan


@pytest.fixture
def console(qtbot, tmp_path, ui_settings, monkeypatch):
    """Eighteen players at two tables, registration open, the clock running; the console with its room display on."""
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: pytest.fail(text))
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(8))
    session.create_from_plan(NewTournamentPlan("Saturday Deepstack", "regular", buy_in=100, fee=10, tables=2))
    floor = session.tournament
    for name in NAMES[:18]:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(session.clock.start)
    window = show_console(qtbot, session, ui_settings)
    url = switch_on_room_display(qtbot, window)
    yield window, url
    window.room_display_dialog.server.stop()
    window.close()
    session.close()


def results(browser: Browser) -> list[tuple[str, str]]:
    """The results as the page shows them: place and name."""
    return [tuple(row.split("\n")[:2]) for row in browser.texts("#results .result")]


def test_a_late_entry_moves_every_place_on_the_results_page(qtbot, console, browser, artifacts_dir) -> None:
    window, url = console
    for name, eliminator in (("Maya Patel", "Niamh Byrne"), ("Oskar Berg", "Priya Raman"),
                             ("Ana Souza", "Bernard Okafor")):
        bust(qtbot, window, name, eliminator)
    browser.open(url, 390, 844)
    browser.wait_for(lambda d: "Ana Souza" in text_of("#results")(d))
    assert results(browser) == [("16th", "Ana Souza"), ("17th", "Oskar Berg"), ("18th", "Maya Patel")]
    assert browser.text("#players-left") == "15"
    server = window.room_display_dialog.server
    kept = server._memory.lists.results

    register(qtbot, window, "Zoé Latecomer")
    within_a_second(browser, lambda d: "19th" in text_of("#results")(d), "the places after the late entry")
    assert results(browser) == [("17th", "Ana Souza"), ("18th", "Oskar Berg"), ("19th", "Maya Patel")]
    assert browser.text("#players-left") == "16"
    assert "eliminated by Bernard Okafor" in browser.texts("#results .result")[0]
    assert server._memory.lists.results is kept, "the kept results were brought up to date, not built again"
    browser.script("document.getElementById('results').scrollIntoView({block: 'center'})")
    browser.screenshot(artifacts_dir / "room-display-phone-after-a-late-entry.png")
