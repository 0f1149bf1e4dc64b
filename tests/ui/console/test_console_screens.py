"""Screenshots of every console tab with a realistic tournament loaded (20 players, 3 tables, clock running), in
the light and the dark theme, saved into artifacts/ so anyone can look at them."""

from __future__ import annotations

import pytest

from tournament_director.ui.console.window import TAB_TITLES, MainWindow
from tests.ui.tournament_setup import open_session, running_tournament


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshot_of_every_console_tab_with_a_running_tournament(qtbot, tmp_path, ui_settings, artifacts_dir,
                                                                   theme) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.set_theme(theme)
    window.resize(1600, 900)
    window.show()
    window.tables_tab.recheck_quietly()     # the balancing proposal after the bust
    for i, title in enumerate(TAB_TITLES):
        window.tabs.setCurrentIndex(i)
        qtbot.wait(20)
        image = window.grab()
        assert not image.isNull() and image.width() >= 1600
        suffix = "" if theme == "light" else "-dark"
        image.save(str(artifacts_dir / f"console-{i + 1}-{title.lower()}{suffix}.png"))
    assert "Level 1" in window.mini_clock.level_label.text()
    assert window.tabs.tabText(1) == "Tables (1 move)"
    window.close()
    session.close()
