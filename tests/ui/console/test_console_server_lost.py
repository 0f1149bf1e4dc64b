"""A PostgreSQL server that stops answering under a console in play: a private server of this test's own (the
session's server is shared by other tests) stopped with ``pg_ctl stop -m immediate`` and started again.

The console says so in a band (when it stopped, that nothing recorded before was lost, read-only, retrying), refuses
commands with that message instead of a traceback, and reconnects by itself once the server is back: the band
goes, the other stations' commands show again, and the command that was being recorded when the server stopped is
told as recorded once, or as not recorded, as the log read back says. Two moments of death are tried on the
command's own commit: just before it reaches the server (lost), and just after the server committed it but before
the console heard so (the console's connection is cut there, then the server is stopped: recorded).
"""

from __future__ import annotations

import logging
import random

import pytest
from PySide6.QtWidgets import QMessageBox
from sqlalchemy import event

from tests.pg_server import PostgresServer, binaries
from tests.ui.console.formats_driving import register
from tests.ui.tournament_setup import seated_tournament, show_console
from tournament_director.services.session import DirectorSession

pytestmark = pytest.mark.skipif(binaries() is None, reason="PostgreSQL is not installed (scripts/system-deps.sh)")


@pytest.fixture
def own_server():
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


class DeathOnCommit:
    """Stops the server during the next commit of the console's engine: ``before`` the COMMIT reaches it, or
    ``after`` the server committed (the console's connection is then cut before it hears the answer)."""

    def __init__(self, engine, server: PostgresServer) -> None:
        self.server = server
        self.when: str | None = None
        event.listen(engine, "before_cursor_execute", self._on_statement)
        event.listen(engine, "commit", self._on_commit)

    def _on_statement(self, connection, _cursor, statement: str, *_args) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO EVENT "):
            connection.info["appends"] = True

    def _on_commit(self, connection) -> None:
        if not connection.info.pop("appends", False):  # the registry's own commit comes first: not that one
            return
        when, self.when = self.when, None
        if when == "after":
            driver = connection.connection.dbapi_connection
            driver.commit()
            self.server.stop_now()
            driver.close()
        elif when == "before":
            self.server.stop_now()


def registrations(url: str, name: str) -> int:
    reader = DirectorSession.open(url, operator="a reader")
    try:
        reader.select_tournament(reader.list_tournaments()[0].id)
        return sum(1 for entry in reader.state.floor.entries.values() if entry.name == name)
    finally:
        reader.close()


def test_a_server_that_stops_answering_is_told_and_the_console_reconnects_by_itself(
        qtbot, ui_settings, artifacts_dir, own_server, monkeypatch, caplog) -> None:
    caplog.set_level(logging.INFO)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *_a, **_k: warned.append(text) or QMessageBox.StandardButton.Ok)
    url = own_server.create_database("festival")
    floor = DirectorSession.open(url, operator="the floor", rng=random.Random(5))
    desk = DirectorSession.open(url, operator="the registration desk", rng=random.Random(6))
    closing: list = []
    try:
        seated_tournament(floor, players=12, close_registration=False)
        desk.select_tournament(floor.tournament_id)
        console = show_console(qtbot, floor, ui_settings)
        closing.append(console)
        banner = console.server_banner
        death = DeathOnCommit(floor._store.engine, own_server)

        # stopped between two commands: the console notices by itself, says so, and stays read-only
        own_server.stop_now()
        qtbot.waitUntil(banner.isVisible, timeout=5000)
        assert "The database server stopped answering at" in banner.text()
        assert "nothing recorded before then was lost" in banner.text() and "read-only" in banner.text()
        console.grab().save(str(artifacts_dir / "console-server-stopped.png"))
        register(qtbot, console, "Late Larry")
        assert "the database server is not answering" in warned[-1]
        assert "nothing can be recorded until it answers again" in warned[-1]
        own_server.start_again()
        qtbot.waitUntil(lambda: not banner.isVisible(), timeout=10_000)
        assert "The database server answers again" in console.statusBar().currentMessage()
        register(qtbot, console, "Late Larry")
        assert registrations(url, "Late Larry") == 1

        # the server dies after committing a registration, before the console hears it: recorded, once
        death.when = "after"
        register(qtbot, console, "Mia Night")
        assert "The database server stopped answering at" in warned[-1]
        assert "Whether “" in warned[-1] and "Mia Night" in warned[-1], warned[-1]
        qtbot.waitUntil(banner.isVisible, timeout=2000)
        console.grab().save(str(artifacts_dir / "console-server-stopped-in-flight.png"))
        own_server.start_again()
        qtbot.waitUntil(lambda: not banner.isVisible(), timeout=10_000)
        told = console.statusBar().currentMessage()
        assert "Mia Night" in told and "was recorded, once" in told, told
        assert registrations(url, "Mia Night") == 1
        assert [row.name for row in console.players_tab.model.rows].count("Mia Night") == 1

        # the server dies before the registration's commit reaches it: not recorded, and the console says so
        death.when = "before"
        register(qtbot, console, "Ned Gone")
        assert "Whether “" in warned[-1] and "Ned Gone" in warned[-1], warned[-1]
        qtbot.waitUntil(banner.isVisible, timeout=2000)
        own_server.start_again()
        qtbot.waitUntil(lambda: not banner.isVisible(), timeout=10_000)
        told = console.statusBar().currentMessage()
        assert "Ned Gone" in told and "was not recorded" in told, told
        assert registrations(url, "Ned Gone") == 0
        assert "Ned Gone" not in [row.name for row in console.players_tab.model.rows]

        # and the other stations' commands show again without a command of this console's own
        desk.take_changes()
        desk.run(desk.tournament.register, "Olga Back")
        qtbot.waitUntil(lambda: "Olga Back" in [row.name for row in console.players_tab.model.rows], timeout=3000)
        qtbot.wait(100)  # the band's room given back
        console.grab().save(str(artifacts_dir / "console-server-answers-again.png"))
    finally:
        for console in closing:
            console.close()
        desk.close()
        floor.close()
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR or "after a failed write" in r.getMessage()]
    assert failures == [], [f"{r.name}: {r.getMessage()}" for r in failures]
