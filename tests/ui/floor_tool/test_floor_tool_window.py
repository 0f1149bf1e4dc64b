"""The floor tool window walking real disputes with the keyboard, headless, at 1366x768; each saves a screenshot
to artifacts/floor_tool/ for review."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.floor_tool.opening import open_floor_tool
from tests.ui.tournament_setup import open_tournament
from tournament_director.ui.floor_tool.window import RULEBOOK_SETTING, FloorToolWindow


@pytest.fixture
def shots(artifacts_dir: Path) -> Path:
    folder = artifacts_dir / "floor_tool"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture
def session(tmp_path: Path):
    opened = open_tournament(tmp_path, players=10)
    yield opened
    opened.close()


def open_window(qtbot, ui_settings, session=None, rulebook: str | None = None) -> FloorToolWindow:
    if rulebook:
        ui_settings.setValue(RULEBOOK_SETTING, rulebook)
    return open_floor_tool(qtbot, ui_settings, session)


def keys(qtbot, window, *sequence: str) -> None:
    """Press single keys on the window, as a floor person would (no mouse)."""
    for key in sequence:
        qtbot.keyClick(window, key)


def enter_cards(qtbot, window, text: str) -> None:
    """K focuses the cards field; Enter deals what is due."""
    qtbot.keyClick(window, "k")
    assert window.focusWidget() is window.cards
    qtbot.keyClicks(window.cards, text)
    qtbot.keyClick(window.cards, Qt.Key.Key_Return)


def type_stack(window, seat: int, chips: int) -> None:
    window.seats.item(seat - 1, 3).setText(str(chips))


def snap(qtbot, window, path: Path) -> None:
    """Let the layouts settle (as the event loop does on screen), then save the screenshot."""
    qtbot.wait(30)
    window.grab().save(str(path))


def fits_without_scrolling(window: FloorToolWindow) -> None:
    """Every seat row and the whole right panel are visible at 1366x768."""
    assert window.minimumSizeHint().width() <= 1366 and window.minimumSizeHint().height() <= 768
    assert (window.width(), window.height()) == (1366, 768)
    table = window.seats
    for row in range(10):
        rect = table.visualRect(table.model().index(row, 0))
        assert rect.bottom() <= table.viewport().height(), f"seat row {row + 1} is cut off"
    for button in window.irregularity_buttons.values():
        bottom = button.mapTo(window, button.rect().bottomLeft()).y()
        assert bottom <= window.height(), f"{button.text()} falls below the window"


def test_short_all_in_does_not_reopen_tda_47a_example_3a(qtbot, ui_settings, shots) -> None:
    """TDA Add. 47 Ex. 3-A: 2,000-4,000; A calls, C all-in 7,500, SB folds, BB calls: A may call or fold only."""
    window = open_window(qtbot, ui_settings)
    window.players_spin.setValue(4)
    window._situation = window.service.blank_situation(4, button=4, small_blind=2000, big_blind=4000)
    window._show_setup()
    for seat, stack in ((1, 50_000), (2, 50_000), (3, 60_000), (4, 7_500)):
        type_stack(window, seat, stack)
    qtbot.keyClick(window, Qt.Key.Key_F4)
    keys(qtbot, window, "h", "c", "a", "f")
    assert window.options.text() == "call 3,500; raise to at least 11,500, at most 50,000; fold"
    keys(qtbot, window, "c")
    assert window.to_act.text() == "Seat 3 to act"
    assert window.options.text() == "call 3,500; fold"
    assert "(TDA 47-A)" in window.refusal.text() and "not reopened" in window.refusal.text()
    qtbot.keyClick(window, "r")
    qtbot.keyClicks(window.amount, "20000")
    qtbot.keyClick(window.amount, Qt.Key.Key_Return)
    assert window.message.text().startswith("Refused:") and "TDA 47-A" in window.message.text()
    assert window.to_act.text() == "Seat 3 to act", "the refused raise changed nothing"
    snap(qtbot, window, shots / "tda47a_short_all_in.png")
    fits_without_scrolling(window)


def test_exposed_first_card_is_a_misdeal_and_is_recorded(qtbot, ui_settings, session, shots) -> None:
    window = open_window(qtbot, ui_settings, session)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.title.text().startswith("Table 1 · Level 1")
    qtbot.keyClick(window, Qt.Key.Key_F4)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)  # Exposed card
    assert window.pages.currentIndex() == 1 and window.ruling_title.text() == "Exposed card"
    qtbot.keyClicks(window._facts.widgets["exposed_card_numbers"][1], "1")
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.ruling_panel.summary.text().startswith("Misdeal")
    assert window.ruling_panel.rule.text() == "TDA 35-A(7), 35-C  ·  TDA 2024"
    assert "Substantial action: no" in window.ruling_panel.badge.text()
    assert window.ruling_panel.procedure.text().startswith("1. Stop dealing")
    qtbot.keyClick(window, "s", Qt.KeyboardModifier.ControlModifier)
    assert window.message.text() == "Ruling recorded in the tournament's log."
    assert session.state.rulings[-1]["table"] == 1
    assert session.state.rulings[-1]["ruling"]["decision"] == "misdeal"
    snap(qtbot, window, shots / "exposed_first_card_misdeal.png")
    fits_without_scrolling(window)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.pages.currentIndex() == 0


@pytest.mark.parametrize("rulebook, rule", [("tda2024", "TDA RP-5"), ("rrop", "RRoP Hold'em")])
def test_premature_turn_under_each_rulebook(qtbot, ui_settings, shots, rulebook, rule) -> None:
    window = open_window(qtbot, ui_settings, rulebook=rulebook)
    assert window.rulebook_combo.currentData() == rulebook
    window.players_spin.setValue(3)
    qtbot.keyClick(window, Qt.Key.Key_F4)
    keys(qtbot, window, "h", "c", "c", "c")
    enter_cards(qtbot, window, "9h8d2c")
    keys(qtbot, window, "r")
    qtbot.keyClicks(window.amount, "400")
    qtbot.keyClick(window.amount, Qt.Key.Key_Return)
    enter_cards(qtbot, window, "Ks")
    assert window.message.text().startswith("Refused:") and "premature" in window.message.text()
    qtbot.keyClick(window, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)  # Premature flop / turn / river
    window._facts.widgets["street"][1].setCurrentText("turn")
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.ruling_panel.rule.text().startswith(rule)
    assert "SUBSTANTIAL ACTION: YES" in window.ruling_panel.badge.text()
    snap(qtbot, window, shots / f"premature_turn_{rulebook}.png")
    fits_without_scrolling(window)


def test_three_way_split_with_an_odd_chip(qtbot, ui_settings, shots) -> None:
    window = open_window(qtbot, ui_settings)
    window.service._smallest_chip = 25
    window._situation = window.service.blank_situation(4, button=4, small_blind=25, big_blind=50)
    window._show_setup()
    for seat in range(1, 5):
        type_stack(window, seat, 5000)
    qtbot.keyClick(window, Qt.Key.Key_F4)
    enter_cards(qtbot, window, "2 2c3c 3 4d5d 4 6s7s")
    keys(qtbot, window, "c", "c", "f", "c")
    for board in ("AhKhQh", "Jh", "Th"):
        enter_cards(qtbot, window, board)
        keys(qtbot, window, "c", "c", "c")
    for _ in range(3):
        keys(qtbot, window, "s")
    assert "seat 2 wins 75, seat 3 wins 50, seat 4 wins 50" in window.pots.text()
    assert "1 odd chip of 25 to seat 2, the first winner left of the button (TDA 20)" in window.pots.text()
    assert "1. seat 2: Royal flush" in window.options.text()
    snap(qtbot, window, shots / "three_way_split_odd_chip.png")
    fits_without_scrolling(window)


def test_absent_players_hand_is_killed(qtbot, ui_settings, session, shots) -> None:
    table = session.tournament.table(1)
    absent = next(s for s in table.seats if s.seat == table.big_blind)
    session.tournament.set_present(absent.entry_id, False)
    window = open_window(qtbot, ui_settings, session)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.seats.item(absent.seat - 1, 6).text() == "absent"
    qtbot.keyClick(window, Qt.Key.Key_F4)
    keys(qtbot, window, "h", *["c"] * 9)
    assert window.seats.item(absent.seat - 1, 6).text() == "killed (absent, TDA 30)"
    assert "seats " in window.pots.text() and str(absent.seat) not in window.pots.text().split(":")[1].split("\n")[0].split(", ")
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.ruling_title.text() == "Absent player's hand"
    window._facts.widgets["seat"][1].setCurrentText(str(absent.seat))
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "hand is dead" in window.ruling_panel.summary.text()
    assert window.ruling_panel.rule.text() == "TDA 30  ·  TDA 2024"
    snap(qtbot, window, shots / "absent_player_killed.png")
    fits_without_scrolling(window)


def test_rulebook_choice_is_kept_in_the_settings(qtbot, ui_settings) -> None:
    window = open_window(qtbot, ui_settings)
    window.rulebook_combo.setCurrentIndex(1)
    assert ui_settings.value(RULEBOOK_SETTING) == "rrop" and window.service.rulebook == "rrop"
    again = open_window(qtbot, ui_settings)
    assert again.rulebook_combo.currentText() == "Robert's Rules of Poker"
