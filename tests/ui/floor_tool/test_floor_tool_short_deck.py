"""The floor tool's "Deck a card short" button (TDA 35-E): the floor person names the missing card and gets the
ruling that the hand plays on, with the rule, headless at 1366x768; the screenshot goes to artifacts/."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.ui.floor_tool.opening import open_floor_tool


def test_a_deck_found_a_card_short_after_action_plays_on_tda_35_e(qtbot, ui_settings, artifacts_dir: Path) -> None:
    window = open_floor_tool(qtbot, ui_settings)
    window.players_spin.setValue(4)
    qtbot.keyClick(window, Qt.Key.Key_F4)
    for key in ("h", "r"):  # the deal, then a bet and calls: substantial action (TDA 36)
        qtbot.keyClick(window, key)
        if key == "r":
            qtbot.keyClicks(window.amount, "400")
            qtbot.keyClick(window.amount, Qt.Key.Key_Return)
    qtbot.keyClick(window, "c")
    qtbot.keyClick(window, "c")
    button = window.irregularity_buttons["deck_short"]
    assert button.text().startswith("Deck a card short")
    bottom = button.mapTo(window, button.rect().bottomLeft()).y()
    assert bottom <= window.height(), "the new button falls below the window"
    qtbot.keyClick(window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.pages.currentIndex() == 1 and window.ruling_title.text() == "Deck a card short"
    qtbot.keyClicks(window._facts.widgets["missing_card"][1], "7c")
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    summary = window.ruling_panel.summary.text()
    assert summary.startswith("The hand plays on") and "7c is missing" in summary, summary
    assert window.ruling_panel.rule.text() == "TDA 35-E  ·  TDA 2024"
    assert "SUBSTANTIAL ACTION: YES" in window.ruling_panel.badge.text().upper()
    qtbot.wait(30)
    folder = artifacts_dir / "floor_tool"
    folder.mkdir(exist_ok=True)
    window.grab().save(str(folder / "deck_a_card_short.png"))
