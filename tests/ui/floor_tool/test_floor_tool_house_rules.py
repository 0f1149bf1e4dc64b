"""The floor tool's house rules [Ctrl+H], headless at 1366x768: the floor person sets a deck found a card short to
count as fouled (a house rule beside TDA 35-E), the ruling on the screen follows, the choice is remembered by the
program, and a recorded ruling names the house rule. A fifteenth irregularity, past the fourteen shortcuts, gets
a button without a key that still opens its ruling. Screenshots go to artifacts/floor_tool/."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from tests.ui.floor_tool.opening import open_floor_tool
from tests.ui.tournament_setup import open_tournament
from tournament_director.domain.rules import irregularities
from tournament_director.services.floor_tool import service as floor_tool_service
from tournament_director.ui.floor_tool.house_rules import HOUSE_SETTING
from tournament_director.ui.floor_tool.layout import IRREGULARITY_KEYS
from tournament_director.ui.floor_tool.window import FloorToolWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def shots(artifacts_dir: Path) -> Path:
    folder = artifacts_dir / "floor_tool"
    folder.mkdir(exist_ok=True)
    return folder


def rule_on_a_short_deck(qtbot, window: FloorToolWindow) -> None:
    """Start a hand, open "Deck a card short" [Ctrl+Shift+4], name the missing card and rule [Ctrl+Return]."""
    qtbot.keyClick(window, Qt.Key.Key_F4)
    qtbot.keyClick(window, Qt.Key.Key_4, CTRL_SHIFT)
    assert window.ruling_title.text() == "Deck a card short"
    qtbot.keyClicks(window._facts.widgets["missing_card"][1], "7c")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def choose_house_rule(qtbot, window: FloorToolWindow, name: str, label: str) -> None:
    """Ctrl+H, pick ``label`` in the option's drop-down with the keyboard, click OK."""
    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)
    dialog = window.house_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    combo = dialog.choices[name]
    combo.setFocus()
    target = combo.findText(label)
    assert target >= 0, [combo.itemText(k) for k in range(combo.count())]
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up)
    with qtbot.waitSignal(dialog.finished, timeout=3000):
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    back_to(window)


def back_to(window: FloorToolWindow) -> None:
    """The window is active again once its dialog has closed (the desktop does this; headless, the test)."""
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window, 3000)


def test_a_short_deck_counts_as_fouled_once_the_house_says_so_and_the_choice_is_remembered(
        qtbot, ui_settings, shots: Path) -> None:
    window = open_floor_tool(qtbot, ui_settings)
    assert window.house_button.text() == "House rules  [Ctrl+H]"
    rule_on_a_short_deck(qtbot, window)
    assert window.ruling_panel.summary.text().startswith("The hand plays on")
    assert window.ruling_panel.rule.text() == "TDA 35-E  ·  TDA 2024"

    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)
    dialog = window.house_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    assert dialog.choices["short_deck"].currentText() == "As the rulebook: plays on (TDA 35-E)"
    qtbot.wait(30)
    dialog.grab().save(str(shots / "house_rules_dialog.png"))
    with qtbot.waitSignal(dialog.finished, timeout=3000):
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    back_to(window)

    choose_house_rule(qtbot, window, "short_deck", "is fouled: the hand is void (house rule)")
    summary = window.ruling_panel.summary.text()
    assert summary.startswith("The house treats a short deck as fouled: the hand is void"), summary
    assert "(house rule)" in window.ruling_panel.rule.text()
    assert window.house_button.text() == "House rules: 1 set  [Ctrl+H]"
    assert window.message.text() == "House rules saved: 1 differ from TDA 2024."
    assert ui_settings.value(HOUSE_SETTING + "short_deck") == "fouled"
    qtbot.wait(30)
    assert (window.width(), window.height()) == (1366, 768)
    window.grab().save(str(shots / "house_rule_short_deck_fouled.png"))

    again = open_floor_tool(qtbot, ui_settings)  # the next time the program opens the floor tool
    assert again.house_button.text() == "House rules: 1 set  [Ctrl+H]"
    rule_on_a_short_deck(qtbot, again)
    assert again.ruling_panel.summary.text().startswith("The house treats a short deck as fouled")

    choose_house_rule(qtbot, again, "short_deck", "As the rulebook: plays on (TDA 35-E)")
    assert again.ruling_panel.summary.text().startswith("The hand plays on")
    assert ui_settings.value(HOUSE_SETTING + "short_deck") is None


def test_a_recorded_ruling_names_the_house_rule_it_applied(qtbot, ui_settings, tmp_path: Path) -> None:
    session = open_tournament(tmp_path, players=10)
    try:
        window = open_floor_tool(qtbot, ui_settings, session)
        choose_house_rule(qtbot, window, "short_deck", "is fouled: the hand is void (house rule)")
        rule_on_a_short_deck(qtbot, window)
        qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
        assert window.message.text() == "Ruling recorded in the tournament's log."
        recorded = session.state.rulings[-1]
        assert recorded["house_options"] == {"short_deck": "fouled"}
        assert recorded["ruling"]["decision"] == "void_hand" and "(house rule)" in recorded["ruling"]["rule"]
    finally:
        session.close()


def test_a_fifteenth_irregularity_gets_a_button_without_a_key_that_still_opens_its_ruling(
        qtbot, ui_settings, monkeypatch, shots: Path) -> None:
    assert len(irregularities.IRREGULARITIES) == len(IRREGULARITY_KEYS)  # every key is taken today
    extra = irregularities.Irregularity("fouled_deck_found_later", "Fouled deck found after the hand",
                                        irregularities.IRREGULARITIES_BY_KEY["fouled_deck"].facts,
                                        irregularities.fouled_deck)
    monkeypatch.setattr(floor_tool_service, "IRREGULARITIES", irregularities.IRREGULARITIES + (extra,))
    monkeypatch.setattr(floor_tool_service, "IRREGULARITIES_BY_KEY",
                        {**irregularities.IRREGULARITIES_BY_KEY, extra.key: extra})
    window = open_floor_tool(qtbot, ui_settings)
    buttons = list(window.irregularity_buttons.values())
    assert len(buttons) == 15
    assert all(f"[{key}]" in button.text() for button, key in zip(buttons, IRREGULARITY_KEYS))
    fifteenth = window.irregularity_buttons[extra.key]
    assert fifteenth.text() == "Fouled deck found after the hand" and "[" not in fifteenth.text()
    bottom = fifteenth.mapTo(window, fifteenth.rect().bottomLeft()).y()
    assert fifteenth.isVisible() and bottom <= window.height(), "the fifteenth button falls below the window"
    qtbot.wait(30)
    assert (window.width(), window.height()) == (1366, 768)
    window.grab().save(str(shots / "fifteen_irregularities.png"))
    qtbot.keyClick(window, Qt.Key.Key_F4)
    qtbot.mouseClick(fifteenth, Qt.MouseButton.LeftButton)
    assert window.pages.currentIndex() == 1 and window.ruling_title.text() == "Fouled deck found after the hand"
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert window.ruling_panel.rule.text().startswith("TDA 35-E")
