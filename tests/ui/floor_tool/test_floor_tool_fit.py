"""The floor tool on a 1366x768 laptop with a ten-handed table of long names: every ruling, however many
procedure steps it has, is read in full without the window growing past the screen or scrolling."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest

from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.floor_tool.window import FloorToolWindow

LONG_NAMES = ["Maximilian Alexander von Hohenzollern", "Bartholomew Montgomery-Fitzgerald III",
              "Anastasia Konstantinopoulou", "Chloé Martin", "Farid Haddad", "Ana Souza", "Grace O'Malley",
              "Esther Lindqvist", "Hiroshi Tanaka", "Dmitri Volkov"]
SAMPLE_FACTS = {"card_numbers": "1", "card": "Ah"}


@pytest.fixture
def floor_window(qtbot, tmp_path: Path, ui_settings):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    session.create_from_plan(NewTournamentPlan("Friday", "regular", tables=1, seats_per_table=10))
    for name in LONG_NAMES:
        session.run(session.tournament.register, name)
    session.run(session.tournament.draw_seats)
    window = FloorToolWindow(session, settings=ui_settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.load_table()
    window.start_hand()
    yield window
    window.close()
    session.close()


def _fill_required_facts(window: FloorToolWindow) -> None:
    for fact, widget in window._facts.widgets.values():
        if fact.kind in SAMPLE_FACTS and hasattr(widget, "setText"):
            widget.setText(SAMPLE_FACTS[fact.kind])


def test_every_ruling_fits_a_laptop_screen_without_scrolling(floor_window, artifacts_dir) -> None:
    window = floor_window
    shots = artifacts_dir / "ux"
    shots.mkdir(exist_ok=True)
    for key in window.irregularity_buttons:
        window.open_irregularity(key)
        _fill_required_facts(window)
        window.make_ruling()
        QTest.qWait(10)
        assert window._ruling is not None, f"{key}: no ruling ({window.message.text()})"
        assert window.height() == 768, f"{key}: the window grew to {window.height()} px"
        assert window.ruling_scroll.verticalScrollBar().maximum() == 0, f"{key}: the procedure needs scrolling"
        assert window.message.geometry().bottom() < window.centralWidget().height()
        window.grab().save(str(shots / f"floor-ruling-{key}.png"))
        window.back_to_hand()
        QTest.qWait(10)
        assert window.height() == 768, f"back from {key}: the window grew to {window.height()} px"


def test_long_player_names_are_readable_in_the_seats_grid(floor_window) -> None:
    window = floor_window
    width = window.seats.columnWidth(1)
    metrics = QFontMetrics(window.seats.font())
    widest = max(LONG_NAMES[1:], key=metrics.horizontalAdvance)
    assert metrics.horizontalAdvance(widest) + 12 <= width, f"{widest!r} is cut off in a {width}px column"
    row = next(r for r in range(10) if window.seats.item(r, 1) and window.seats.item(r, 1).text() == LONG_NAMES[0])
    assert window.seats.item(row, 1).toolTip() == LONG_NAMES[0]   # the longest one in full on hover
