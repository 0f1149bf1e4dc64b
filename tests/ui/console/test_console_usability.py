"""What a director in a hurry relies on at the console: colours that read at a glance (WCAG AA 4.5:1), busting a
player with the eliminator at the keyboard alone, and undoing an earlier bust from the Log tab."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tournament_director.ui.console.table_card import MARKER_COLOURS, QUIET_GREY, WAITING_ORANGE
from tournament_director.ui.console.window import MainWindow
from tournament_director.ui.models import STATUS_COLOURS_BY_THEME
from tournament_director.ui.themes import stylesheet
from tests.ui.tournament_setup import open_session, running_tournament

CTRL = Qt.KeyboardModifier.ControlModifier
AA = 4.5


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _table_row_backgrounds(theme: str) -> list[str]:
    """The Players table's row colours in a console theme's stylesheet (plain and alternate rows)."""
    rule = re.search(r"QTableView\s*\{([^}]*)\}", stylesheet(theme)).group(1)
    found = re.findall(r"(?:^|;)\s*(?:alternate-)?background(?:-color)?:\s*(#[0-9a-fA-F]{6}|white)", rule)
    return ["#ffffff" if colour == "white" else colour for colour in found]


@pytest.mark.parametrize("marker", sorted(MARKER_COLOURS))
def test_button_and_blind_markers_read_at_a_glance(marker) -> None:
    background, text = MARKER_COLOURS[marker]
    assert contrast(background, text) >= AA


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_empty_seats_and_waiting_players_stay_readable_on_the_table_card(theme) -> None:
    card = re.search(r"QFrame#tableCard\s*\{[^}]*background:\s*(#[0-9a-fA-F]{6})", stylesheet(theme)).group(1)
    for colour in (QUIET_GREY, WAITING_ORANGE):
        assert contrast(colour, card) >= AA, f"{colour} on the {theme} theme's card {card}"


@pytest.mark.parametrize("theme", sorted(STATUS_COLOURS_BY_THEME))
def test_player_status_colours_keep_their_contrast_in_each_theme(theme) -> None:
    backgrounds = _table_row_backgrounds(theme)
    assert len(backgrounds) == 2, backgrounds
    for status, colour in STATUS_COLOURS_BY_THEME[theme].items():
        for background in backgrounds:
            assert contrast(colour, background) >= AA, f"{status} {colour} on {background} ({theme})"


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings):
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    yield window
    window.close()
    session.close()


def test_the_status_colours_follow_the_theme(console) -> None:
    busted = next(r for r in range(console.players_tab.model.rowCount())
                  if console.players_tab.model.rows[r].status == "busted")
    index = console.players_tab.model.index(busted, 1)
    console.set_theme("dark")
    assert console.players_tab.model.data(index, Qt.ItemDataRole.ForegroundRole).name() == \
        STATUS_COLOURS_BY_THEME["dark"]["busted"]
    console.set_theme("light")
    assert console.players_tab.model.data(index, Qt.ItemDataRole.ForegroundRole).name() == \
        STATUS_COLOURS_BY_THEME["light"]["busted"]


def test_bust_with_the_eliminator_at_the_keyboard_alone(qtbot, console) -> None:
    """Ctrl+B, type part of the eliminator's name, Enter ticks him, Enter busts: the eliminator is recorded
    (bounties and the Log depend on it); a first Enter never busts with nobody ticked."""
    floor = console.session.tournament
    live = [e for e in floor.entries() if not e.busted and e.table is not None]
    out, eliminator = live[0], next(e for e in live[1:] if e.name.startswith("Maya"))
    console.players_tab.select_entry(out.entry_id)
    qtbot.keyClick(console, Qt.Key.Key_B, CTRL)
    dialog = console.players_tab.bust_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    assert dialog.focusWidget() is dialog.filter          # the next keystroke goes to the name filter
    qtbot.keyClicks(dialog.filter, "maya")
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert not floor.entry(out.entry_id).busted           # the first Enter only ticked the eliminator
    assert dialog.eliminators() == [eliminator.entry_id]
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    busted = floor.entry(out.entry_id)
    assert busted.busted and list(busted.eliminated_by) == [eliminator.entry_id]


def test_undo_an_earlier_bust_from_the_log_tab_keeps_what_came_after(qtbot, console) -> None:
    """The bust was followed by another event (a player marked absent): select the bust in the Log tab, press
    Delete, and the player is back in while the later event still stands."""
    floor = console.session.tournament
    absent = next(e for e in floor.entries() if not e.present and not e.busted)
    busted = next(e for e in floor.entries() if e.busted)
    console.tabs.setCurrentWidget(console.log_tab)
    log = console.log_tab
    row = next(r for r, e in enumerate(log.model.rows) if e.event_type == "entry.busted")
    assert row > 0                                         # not the latest event: Ctrl+Z would undo another
    log.view.selectRow(row)
    log.view.setFocus()
    qtbot.keyClick(log.view, Qt.Key.Key_Delete)
    box = log.confirm_box                                  # an earlier event is undone only when confirmed
    assert box is not None and busted.name in box.text() and floor.entry(busted.entry_id).busted
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert not floor.entry(busted.entry_id).busted
    assert not floor.entry(absent.entry_id).present
    assert log.message_texts()[0].startswith(f"Undone: {busted.name} out")
    assert "entry.busted" not in " ".join(log.message_texts()) and "#" not in log.message_texts()[0]


LONG_NAME = "The Grand Annual Championship of the Riverside Card Room — Main Event Day 1A (re-entry, bounty)"


def test_a_long_tournament_name_never_pushes_the_clock_off_a_laptop_screen(qtbot, tmp_path: Path, ui_settings) -> None:
    from tournament_director.services.session import NewTournamentPlan

    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan(LONG_NAME, "regular", tables=1))
    session.run(session.tournament.register, "Ana Souza")
    session.run(session.clock.start)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    assert window.width() == 1366 and window.minimumSizeHint().width() <= 1366
    clock = window.mini_clock
    time = clock.time_label
    assert time.geometry().right() <= clock.width()
    assert time.fontMetrics().horizontalAdvance(time.text()) <= time.width()        # 20:00 in full
    name = clock.name_label
    assert name.full_text() == LONG_NAME and name.toolTip() == LONG_NAME
    assert name.fontMetrics().horizontalAdvance(name.text()) <= name.width()         # shortened with '…'
    window.close()
    session.close()


def test_the_mini_clock_counts_players_with_thousands_separators(qtbot, tmp_path: Path, ui_settings) -> None:
    from tournament_director.services.session import NewTournamentPlan

    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Sunday Million", "regular", tables=1))
    session.run(session.tournament.register_many, [f"Player {n}" for n in range(1, 1251)])
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    assert window.mini_clock.figures_label.text().startswith("1,250 / 1,250 left")
    window.close()
    session.close()
