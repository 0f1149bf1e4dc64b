"""A satellite run from the console: the wizard makes it a satellite to the main event (Payouts page, Satellite to),
the Payouts tab shows the seats and the cash remainder with the rule written out, the bust that leaves as many
players as seats makes the console say every player left wins a seat and offer to end the satellite, and the award
enters the winners in the main event paid by their seats: its Players tab and its money summary show them. Edit >
Undo takes the award back out of both."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.console.formats_driving import (
    CTRL, active, bust, choose, click, field, live_names, ok, page, register, set_spin, type_text,
)
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.models import PAID_BY_COLUMN

PLAYERS = ("Ana Souza", "Bernard Okafor", "Chloe Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
           "Grace Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter")


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings, refusals):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(11))
    main = session.create_from_plan(NewTournamentPlan("Main Event", "regular", buy_in=500, fee=50, tables=3))
    session.run(session.tournament.register, "Chloe Martin")  # already in: keeps her ticket if she wins a seat
    window = show_console(qtbot, session, ui_settings)
    window.main_event = main
    yield window
    window.close()
    session.close()


def payouts_text(window) -> str:
    return window.payouts_tab.payouts.toPlainText()


def open_from_menu(window, name: str) -> None:
    """Tournament > Open tournament > ``name``."""
    window.open_menu.aboutToShow.emit()
    action = next(a for a in window.open_menu.actions() if a.text() == name)
    action.trigger()
    assert window.session.tournament_name == name


def shot(widget, artifacts_dir: Path, name: str) -> None:
    QApplication.processEvents()
    widget.grab().save(str(artifacts_dir / f"satellite-{name}.png"))


def test_a_satellites_winners_are_entered_in_the_main_event_paid_by_their_seats(qtbot, console, refusals,
                                                                                 artifacts_dir) -> None:
    window = console
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    active(qtbot, wizard)
    type_text(qtbot, wizard.form.name, "Mega Satellite")
    choose(qtbot, wizard.form.structure, "regular")
    page(qtbot, wizard, "Buy-in")
    set_spin(qtbot, field(wizard, "buy_in"), 200)
    set_spin(qtbot, field(wizard, "fee"), 0)
    page(qtbot, wizard, "Payouts")
    choose(qtbot, field(wizard, "satellite_target"), window.main_event)
    assert field(wizard, "satellite_target").currentText() == f"Main Event (tournament {window.main_event})"
    shot(wizard, artifacts_dir, "wizard-target")
    click(qtbot, ok(wizard))
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=2000)
    assert window.session.tournament_name == "Mega Satellite"

    register(qtbot, window, *PLAYERS)
    click(qtbot, window.players_tab.buttons["draw"])
    click(qtbot, window.players_tab.buttons["close_registration"])
    window.tabs.setCurrentWidget(window.payouts_tab)
    text = payouts_text(window)
    # ten buy-ins of 200: 2,000 buys three seats of 550 (500 + 50 fee), 350 left in cash to 4th
    assert "Seats to Main Event" in text and "a seat is worth 550" in text and "buys 3 seats" in text
    assert "The 350 left over is paid in cash to place 4" in text
    for place in ("1st", "2nd", "3rd"):
        assert f"{place}\nSeat to Main Event\n550" in text
    assert "4th\n350 (cash remainder)\n350" in text
    assert not window.payouts_tab.award_button.isEnabled()  # ten players for three seats
    shot(window, artifacts_dir, "payouts-before")

    while len(live_names(window)) > 4:
        names = live_names(window)
        bust(qtbot, window, names[-1], names[0])
    assert window.busting.seats_question is None
    names = live_names(window)
    out = names[-1]
    bust(qtbot, window, out, names[0])       # 4th place: the cash remainder, and three players for three seats
    box = window.busting.seats_question
    qtbot.waitUntil(lambda: box.isVisible(), timeout=2000)
    assert "3 players left for 3 seats to Main Event: every player left wins a seat" in box.text()
    assert "every player left wins a seat to Main Event" in window.statusBar().currentMessage()
    shot(window, artifacts_dir, "offer")
    box.grab().save(str(artifacts_dir / "satellite-offer-box.png"))
    winners = set(live_names(window))
    click(qtbot, box.button(QMessageBox.StandardButton.Yes))
    qtbot.waitUntil(lambda: window.session.tournament.finished, timeout=2000)
    said = window.statusBar().currentMessage()
    assert said.startswith("Seats to Main Event awarded")
    assert ("Chloe Martin (already in Main Event)" in said) == ("Chloe Martin" in winners)

    results = {row.name: row for row in window.results_tab.model.rows}
    assert window.tabs.currentWidget() is window.results_tab
    assert {name for name, row in results.items() if row.award.startswith("Seat to Main Event")} == winners
    assert results[out].award == "Cash remainder" and results[out].prize == 350
    shot(window, artifacts_dir, "results")
    window.tabs.setCurrentWidget(window.payouts_tab)
    assert "Seats awarded" in payouts_text(window)
    shot(window, artifacts_dir, "payouts-awarded")

    open_from_menu(window, "Main Event")
    window.tabs.setCurrentWidget(window.players_tab)
    window.players_tab.search.clear()
    rows = {row.name: row for row in window.players_tab.model.rows}
    entered = winners - {"Chloe Martin"}
    assert {name for name, row in rows.items() if row.paid_by} == entered
    assert {rows[name].paid_by for name in entered} == {"Seat from Mega Satellite"}
    assert not window.players_tab.view.isColumnHidden(PAID_BY_COLUMN)
    shot(window, artifacts_dir, "main-event-players")
    window.tabs.setCurrentWidget(window.log_tab)
    said_in_log = [row.description for row in window.log_tab.model.rows]
    for name in entered:
        assert any(line.startswith(f"{name} bought in with a seat won in Mega Satellite") for line in said_in_log)
    shot(window, artifacts_dir, "main-event-log")
    window.tabs.setCurrentWidget(window.results_tab)
    export = window.results_tab.export_to(Path(artifacts_dir) / "satellite-main-event-results.csv")
    money = export.read_text(encoding="utf-8")
    assert f"Paid by satellite seats ({len(entered)}),{550 * len(entered)}" in money
    assert "Taken in,550" in money  # Chloe paid at the desk; the seats took no cash
    assert window.session.tournament.prize_pool().prize_pool == 500 * (len(entered) + 1)

    open_from_menu(window, "Mega Satellite")
    window.undo_action.trigger()
    assert not window.session.tournament.finished
    open_from_menu(window, "Main Event")
    window.tabs.setCurrentWidget(window.players_tab)
    assert [row.name for row in window.players_tab.model.rows] == ["Chloe Martin"]
    assert refusals == []


def test_settings_refuse_a_target_already_over_and_never_offer_the_satellite_itself(qtbot, console, refusals,
                                                                                      artifacts_dir) -> None:
    window = console
    session = window.session
    over = session.create_from_plan(NewTournamentPlan("Thursday Turbo", "regular", tables=1))
    for name in ("Ann", "Bob"):
        session.run(session.tournament.register, name)
    session.run(session.tournament.draw_seats)
    session.run(session.tournament.close_registration)
    session.run(session.tournament.bust, 2, [1])
    satellite = session.create_from_plan(NewTournamentPlan("Step Satellite", "regular", buy_in=200, tables=1))
    window.flush_refresh()
    qtbot.keyClick(window, Qt.Key.Key_Comma, CTRL)                     # Tournament > Settings
    dialog = window.settings_dialog
    active(qtbot, dialog)
    page(qtbot, dialog, "Payouts")
    target = field(dialog, "satellite_target")
    offered = [target.itemData(i) for i in range(target.count())]
    assert offered == [None, window.main_event, over] and satellite not in offered
    choose(qtbot, target, over)
    click(qtbot, ok(dialog))
    assert dialog.isVisible()
    assert dialog.error.text() == "Refused: Thursday Turbo is already over: a seat to it could never be used"
    shot(dialog, artifacts_dir, "settings-refused")
    remainder = field(dialog, "satellite_remainder")
    choose(qtbot, target, None)
    assert not remainder.isEnabled()                  # no satellite, no cash left over to give
    choose(qtbot, target, window.main_event)
    assert remainder.isEnabled()
    choose(qtbot, remainder, "seat_winners")
    shot(dialog, artifacts_dir, "settings-remainder")
    click(qtbot, ok(dialog))
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    assert session.settings.settings.satellite_seat_value == 550
    for name in ("Cy", "Di", "Ed"):                   # 3 x 200: one seat of 550, 50 left over
        session.run(session.tournament.register, name)
    window.tabs.setCurrentWidget(window.payouts_tab)
    text = payouts_text(window)
    assert "a seat is worth 550" in text and "The 50 left over goes in cash to the seat winner, beside the seat" in text
    assert "1st\nSeat to Main Event + 50 in cash\n600" in text
    assert not window.payouts_tab.hand_button.isEnabled()   # a payout table does not pay a satellite
    shot(window, artifacts_dir, "payouts-shared-remainder")
    assert refusals == []
