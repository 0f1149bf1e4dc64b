"""A re-entry progressive knockout set up and run from the console alone: the wizard sells 100 + 10 with half the
buy-in to the bounties and shows the price and its split as the fields change, pays 15 % of the field, sets the
level and break lengths, keeps its help line on the field in front, and draws the current item of every drop-down
list; the Log tab reads a late registration and a re-entry back as sentences."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QComboBox

from tests.ui.console.formats_driving import (
    CTRL, LEFT, active, bust, choose, click, field, ok, page, register, select_player, set_spin, type_text,
)
from tests.ui.tournament_setup import seated_tournament, show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.console.settings_fields import FIELD_BY_NAME
from tournament_director.ui.themes import apply_theme

THEMES = ("light", "dark")


@pytest.fixture
def dark_desktop():
    """The director's desktop in dark mode: the application's palette has white text on dark fields."""
    app = QApplication.instance()
    before = app.palette()
    palette = QPalette(before)
    for role, colour in ((QPalette.ColorRole.Window, "#202020"), (QPalette.ColorRole.WindowText, "#ffffff"),
                         (QPalette.ColorRole.Base, "#202020"), (QPalette.ColorRole.Text, "#ffffff"),
                         (QPalette.ColorRole.Button, "#303030"), (QPalette.ColorRole.ButtonText, "#ffffff")):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    yield
    app.setPalette(before)


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings, refusals):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(5))
    window = show_console(qtbot, session, ui_settings)
    yield window
    window.close()
    session.close()


def open_wizard(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    active(qtbot, wizard)
    return wizard


def shots(wizard, window, ui_settings, artifacts_dir: Path, name: str) -> None:
    for theme in THEMES:
        apply_theme(window, ui_settings, theme)
        QApplication.processEvents()
        wizard.grab().save(str(artifacts_dir / f"pko-{name}-{theme}.png"))
    apply_theme(window, ui_settings, "light")


def test_a_pko_of_100_plus_10_with_half_to_the_bounties_set_up_with_the_keys(qtbot, console, refusals, ui_settings,
                                                                            artifacts_dir) -> None:
    window = console
    wizard = open_wizard(qtbot, window)
    form = wizard.form
    type_text(qtbot, form.name, "Friday PKO")
    assert wizard.help_line.text() == form.help[form.name]
    choose(qtbot, form.structure, "regular")
    assert (form.level_minutes.value(), form.break_minutes.value()) == (20, 15)   # the structure's own lengths
    set_spin(qtbot, form.level_minutes, 25)
    assert "every level lasts" in wizard.help_line.text()
    set_spin(qtbot, form.break_minutes, 10)
    set_spin(qtbot, form.tables, 4)
    shots(wizard, window, ui_settings, artifacts_dir, "wizard-tournament")

    page(qtbot, wizard, "Buy-in")                        # the focus lands on the page's first field, the help with it
    assert field(wizard, "buy_in").hasFocus()
    assert wizard.help_line.text() == FIELD_BY_NAME["buy_in"].help
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert wizard.help_line.text() == FIELD_BY_NAME["fee"].help
    set_spin(qtbot, field(wizard, "buy_in"), 100)
    set_spin(qtbot, field(wizard, "fee"), 10)
    buy_in_price = form.price_lines[0]
    assert buy_in_price.isVisible() and buy_in_price.text() == "110 = 100 prize pool + 10 fee"

    page(qtbot, wizard, "Bounties")
    assert wizard.help_line.text() == FIELD_BY_NAME["bounty_mode"].help
    assert not form.bounty_set_as.isEnabled()             # nothing to split without bounties
    choose(qtbot, field(wizard, "bounty_mode"), "progressive")
    qtbot.keyClick(field(wizard, "bounty_mode"), Qt.Key.Key_Tab)   # down the page as it reads: how the bounty is set
    assert QApplication.focusWidget() is form.bounty_set_as
    assert wizard.help_line.text() == form.help[form.bounty_set_as]
    choose(qtbot, form.bounty_set_as, "share")
    set_spin(qtbot, form.bounty_percent, 50)
    bounty_price = form.price_lines[1]
    assert bounty_price.text() == "110 = 50 prize pool + 50 bounty + 10 fee"
    assert field(wizard, "bounty").value() == 50 and not field(wizard, "bounty").isEnabled()
    set_spin(qtbot, form.bounty_percent, 40)              # the split follows each key
    assert bounty_price.text() == "110 = 60 prize pool + 40 bounty + 10 fee"
    set_spin(qtbot, form.bounty_percent, 50)
    shots(wizard, window, ui_settings, artifacts_dir, "wizard-bounties")

    # the sections list in front: the help line names the section, not a field of another one
    wizard.sections.setFocus()
    qtbot.keyClick(wizard.sections, Qt.Key.Key_Up)
    assert wizard.page_titles()[wizard.sections.currentRow()] == "Re-entry and late registration"
    assert wizard.help_line.text().startswith("Re-entry and late registration: Tab moves through its fields")
    page(qtbot, wizard, "Re-entry and late registration")
    set_spin(qtbot, field(wizard, "reentry_limit"), 1)
    set_spin(qtbot, field(wizard, "late_registration_until_level"), 6)

    page(qtbot, wizard, "Buy-in")
    assert buy_in_price.text() == "110 = 50 prize pool + 50 bounty + 10 fee"
    shots(wizard, window, ui_settings, artifacts_dir, "wizard-buy-in")

    page(qtbot, wizard, "Payouts")
    assert wizard.help_line.text() == form.help[form.payouts]
    choose(qtbot, form.places_paid, "share")
    assert wizard.help_line.text() == form.help[form.places_paid] and not form.payouts.isEnabled()
    set_spin(qtbot, form.places_percent, 15)
    assert wizard.help_line.text() == form.help[form.places_percent]
    assert form.places_preview.text() == "30 entries: 5 paid · 100 entries: 15 paid"
    shots(wizard, window, ui_settings, artifacts_dir, "wizard-payouts")

    qtbot.mouseClick(ok(wizard), LEFT)
    assert not wizard.isVisible(), wizard.error.text()
    assert refusals == []
    session = window.session
    settings = session.tournament.settings
    assert (settings.name, settings.bounty_mode, settings.buy_in, settings.bounty, settings.fee) == \
        ("Friday PKO", "progressive", 50, 50, 10)
    assert (settings.reentry_limit, settings.late_registration_until_level) == (1, 6)
    table = session.payouts.table()
    assert [len(table.percentages_for(n)) for n in (7, 30, 100)] == [2, 5, 15]
    assert sum(table.percentages_for(30)) == 100
    structure = session.runner.state.schedule.structure
    assert {level.duration_seconds for level in structure.levels} == {25 * 60}
    assert {p.duration_seconds for p in structure.periods if p not in structure.levels} == {10 * 60}
    entry = session.run(session.tournament.register, "Ann Lee")
    assert (entry.paid, entry.bounty) == (110, 50)


def test_the_level_length_stops_at_one_minute_and_makes_one_minute_levels(qtbot, console, refusals) -> None:
    wizard = open_wizard(qtbot, console)
    type_text(qtbot, wizard.form.name, "Short night")
    set_spin(qtbot, wizard.form.level_minutes, 1)
    qtbot.keyClick(wizard.form.level_minutes, Qt.Key.Key_Down)   # the box stops at one minute
    assert wizard.form.level_minutes.value() == 1
    qtbot.mouseClick(ok(wizard), LEFT)
    assert not wizard.isVisible()
    assert {level.duration_seconds for level in console.session.runner.state.schedule.structure.levels} == {60}


def test_the_settings_dialog_gives_the_bounty_as_a_share_and_keeps_the_price(qtbot, console, refusals, ui_settings,
                                                                              artifacts_dir) -> None:
    session = console.session
    session.create_from_plan(NewTournamentPlan("Sunday PKO", "regular", buy_in=50, fee=10,
                                               settings={"bounty_mode": "progressive", "bounty": 50}))
    qtbot.keyClick(console, Qt.Key.Key_Comma, CTRL)                   # Tournament > Settings
    dialog = console.settings_dialog
    active(qtbot, dialog)
    page(qtbot, dialog, "Bounties")
    form = dialog.form
    assert form.price_lines[1].text() == "110 = 50 prize pool + 50 bounty + 10 fee"
    choose(qtbot, form.bounty_set_as, "share")                        # the same price, told as a share
    assert (field(dialog, "buy_in").value(), form.bounty_percent.value()) == (100, 50)
    assert form.price_lines[1].text() == "110 = 50 prize pool + 50 bounty + 10 fee"
    set_spin(qtbot, form.bounty_percent, 40)
    assert form.price_lines[1].text() == "110 = 60 prize pool + 40 bounty + 10 fee"
    shots(dialog, console, ui_settings, artifacts_dir, "settings-bounties")
    qtbot.mouseClick(ok(dialog), LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    settings = session.tournament.settings
    assert (settings.buy_in, settings.bounty, settings.fee) == (60, 40, 10)
    assert session.history()[-1].payload["changes"] == {"buy_in": 60, "bounty": 40}


def text_pixels(combo: QComboBox) -> int:
    """Pixels of the combo box that change when its current text is cleared: the text actually painted."""
    def picture() -> QImage:
        QApplication.processEvents()
        return combo.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)

    with_text = picture()
    index, text = combo.currentIndex(), combo.currentText()
    combo.setItemText(index, "")
    without = picture()
    combo.setItemText(index, text)
    changed = 0
    for y in range(with_text.height()):
        for x in range(with_text.width()):
            a, b = with_text.pixelColor(x, y), without.pixelColor(x, y)
            if abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) > 150:
                changed += 1
    return changed


def test_every_drop_down_of_the_wizard_draws_its_current_item_on_a_dark_desktop(qtbot, dark_desktop, console,
                                                                                 ui_settings, artifacts_dir) -> None:
    wizard = open_wizard(qtbot, console)
    choose(qtbot, field(wizard, "bounty_mode"), "progressive")   # every list of the Bounties page in use
    for theme in THEMES:
        apply_theme(console, ui_settings, theme)
        seen = 0
        for title in wizard.page_titles():
            page(qtbot, wizard, title)
            for combo in wizard.stack.currentWidget().findChildren(QComboBox):
                assert combo.currentText(), f"{title}: a list without a current item"
                assert text_pixels(combo) > 20, f"{theme} theme, {title}: {combo.currentText()!r} is not drawn"
                seen += 1
            if title == "Bounties":
                wizard.grab().save(str(artifacts_dir / f"pko-wizard-dark-desktop-{theme}.png"))
        assert seen >= 7


def test_a_late_registration_and_a_re_entry_read_as_sentences_in_the_log(qtbot, tmp_path, ui_settings, refusals,
                                                                         artifacts_dir) -> None:
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(8))
    seated_tournament(session, players=12, tables=2, close_registration=False,
                      settings={"reentry_limit": 1, "bounty_mode": "progressive", "bounty": 50, "buy_in": 50})
    session.run(session.clock.start)
    session.run(session.clock.next_level)
    window = show_console(qtbot, session, ui_settings)
    try:
        register(qtbot, window, "Bob Ray")
        bust(qtbot, window, "Ana Souza", "Bernard Okafor")
        select_player(qtbot, window, "Ana Souza", busted=True)
        click(qtbot, window.players_tab.buttons["re_entry"])
        assert refusals == []
        window.tabs.setCurrentWidget(window.log_tab)
        log = window.log_tab
        column = next(c for c in range(log.model.columnCount()) if
                      log.model.headerData(c, Qt.Orientation.Horizontal) == "Details")
        said = [log.model.index(row, column).data() for row in range(log.model.rowCount())]
        bob = next(e for e in session.tournament.entries() if e.name == "Bob Ray")
        ana = max((e for e in session.tournament.entries() if e.name == "Ana Souza"), key=lambda e: e.entry_number)
        assert f"Bob Ray registered late at level 2, seated at table {bob.table} seat {bob.seat}" in said
        assert f"Ana Souza re-entered (entry 2) at level 2, seated at table {ana.table} seat {ana.seat}" in said
        assert not [line for line in said if re.search(r"\b\w+=", line)], said
        for theme in THEMES:
            apply_theme(window, ui_settings, theme)
            QApplication.processEvents()
            log.grab().save(str(artifacts_dir / f"pko-log-{theme}.png"))
    finally:
        window.close()
        session.close()
