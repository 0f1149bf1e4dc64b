"""A gallery of every console window in both themes, for comparing the look before and after a change of the
design (docs/design.md): the seven tabs, the main dialogs and the floor tool, saved under
artifacts/design-after/ (or the folder named by TD_DESIGN_SHOTS, e.g. design-before)."""

from __future__ import annotations

import os

import pytest

from tests.ui.tournament_setup import open_session, running_tournament
from tournament_director.ui.console.screen_layouts import open_screen_layouts
from tournament_director.ui.console.sound_cues import open_sounds_dialog
from tournament_director.ui.console.window import TAB_TITLES, MainWindow
from tournament_director.ui.console.wizard import open_settings


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_console_window_in_the_theme_is_saved_for_a_look(qtbot, tmp_path, ui_settings, artifacts_dir,
                                                               theme) -> None:
    shots = artifacts_dir / os.environ.get("TD_DESIGN_SHOTS", "design-after")
    shots.mkdir(exist_ok=True)
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.set_theme(theme)
    window.resize(1600, 900)
    window.show()
    window.tables_tab.recheck_quietly()

    def save(widget, name: str) -> None:
        qtbot.wait(30)
        image = widget.grab()
        assert not image.isNull() and image.width() > 100, name
        assert image.save(str(shots / f"{name}-{theme}.png"))

    for i, title in enumerate(TAB_TITLES):
        window.tabs.setCurrentIndex(i)
        save(window, f"console-{i + 1}-{title.lower()}")
    window.tabs.setCurrentIndex(0)
    window.players_tab.view.selectRow(0)
    dialogs = {
        "dialog-bust": window.players_tab.open_bust_dialog,
        "dialog-wizard": window.new_tournament,
        "dialog-settings": lambda: open_settings(window),
        "dialog-move": window.tables_tab.open_move_dialog,
        "dialog-chip-count": window.open_chip_count,
        "dialog-deal": window.payouts_tab.open_deal_dialog,
        "dialog-sounds": lambda: open_sounds_dialog(window),
        "dialog-screen-layouts": lambda: open_screen_layouts(window),
    }
    for name, opener in dialogs.items():
        dialog = opener()
        assert dialog is not None and dialog.isVisible(), name
        save(dialog, name)
        dialog.reject()
    floor_tool = window.open_floor_tool()
    floor_tool.resize(1366, 768)
    save(floor_tool, "floor-tool")
    floor_tool.close()
    window.close()
    session.close()
