"""Whole tournaments of the formats card rooms run, set up from the console alone and played to a winner over a real
SQLite file: keys typed into the wizard and the settings, buttons clicked, busts entered in the bust dialog, the deal
made in the deal dialog. The test bodies call no service; they read what the console shows (and the state, to
check it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

from tests.ui.console.formats_driving import (
    CTRL, CTRL_SHIFT, LEFT, active, answer, bust, choose, click, edit_cell, field, ok, page, pick_file,
    register, run_to_a_winner, select_player, set_spin, tick, type_text,
)
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession

def limit_night() -> str:
    """A room's own fixed-limit structure file: six levels (the big blind is the small bet, the big bet two small
    bets) and a break after level 4."""
    text = 'name = "Limit night"\ndescription = "Fixed limit hold\'em, 15-minute levels"\n'
    for number, small_blind in enumerate((50, 100, 150, 200, 300, 400), start=1):
        text += (f'\n[[periods]]\nkind = "level"\nnumber = {number}\nduration_seconds = 900\n'
                 f'small_blind = {small_blind}\nbig_blind = {2 * small_blind}\nsmall_bet = {2 * small_blind}\n'
                 f'big_bet = {4 * small_blind}\nbetting = "fixed_limit"\n')
        if number == 4:
            text += '\n[[periods]]\nkind = "break"\nduration_seconds = 600\nname = "Break"\n'
    return text


PLAYERS = ("Ana Souza", "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad")


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings, refusals):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(12))
    window = show_console(qtbot, session, ui_settings)
    yield window
    window.close()
    session.close()


def open_wizard(qtbot, window, name: str, structure: str, tables: int = 1):
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    active(qtbot, wizard)
    type_text(qtbot, wizard.form.name, name)
    choose(qtbot, wizard.form.structure, structure)
    set_spin(qtbot, wizard.form.tables, tables)
    return wizard


def create(qtbot, window, wizard) -> None:
    """Create; the console is the active window again (a window manager would hand it back)."""
    qtbot.mouseClick(ok(wizard), LEFT)
    assert not wizard.isVisible(), wizard.error.text()
    active(qtbot, window)


def entries(window, name: str):
    return [e for e in window.session.tournament.entries() if e.name == name]


def test_a_league_night_with_rebuys_and_an_add_on_at_the_break_to_a_winner(qtbot, console, refusals) -> None:
    window = console
    wizard = open_wizard(qtbot, window, "Tuesday League", "turbo")
    page(qtbot, wizard, "Buy-in")
    set_spin(qtbot, field(wizard, "buy_in"), 20)
    set_spin(qtbot, field(wizard, "fee"), 5)
    page(qtbot, wizard, "Rebuys and add-on")
    assert not field(wizard, "rebuy_price").isEnabled()          # nothing to price until rebuys are offered
    set_spin(qtbot, field(wizard, "rebuy_limit"), 2)
    set_spin(qtbot, field(wizard, "rebuy_price"), 20)
    set_spin(qtbot, field(wizard, "rebuy_chips"), 10_000)
    set_spin(qtbot, field(wizard, "rebuy_until_level"), 6)
    tick(qtbot, field(wizard, "addon_enabled"))
    set_spin(qtbot, field(wizard, "addon_price"), 20)
    set_spin(qtbot, field(wizard, "addon_chips"), 15_000)
    set_spin(qtbot, field(wizard, "addon_until_level"), 6)
    tick(qtbot, field(wizard, "addon_only_on_break"))
    page(qtbot, wizard, "Payouts")
    choose(qtbot, wizard.form.payouts, "flat")
    create(qtbot, window, wizard)
    assert refusals == []
    s = window.session.tournament.settings
    assert (s.buy_in, s.fee, s.rebuy_limit, s.addon_only_on_break, s.payout_table) == (20, 5, 2, True, "flat")

    register(qtbot, window, *PLAYERS)
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)                 # the seat draw
    qtbot.keyClick(window, Qt.Key.Key_F8)                         # the clock
    tab = window.players_tab
    assert tab.buttons["rebuy"].isVisible() and tab.buttons["add_on"].isVisible()
    assert tab.buttons["re_entry"].isHidden()                        # no re-entries in this format

    select_player(qtbot, window, "Ana Souza")
    click(qtbot, tab.buttons["rebuy"])
    assert "Ana Souza rebought: 20,000 chips" in window.statusBar().currentMessage()
    assert not tab.buttons["rebuy"].isEnabled()                      # above the stack bought now
    assert "has 20,000 chips; a rebuy needs 10,000 or fewer" in tab.buttons["rebuy"].toolTip()
    assert "taken on the break after level 6" in tab.buttons["add_on"].toolTip()
    select_player(qtbot, window, "Farid Haddad")
    click(qtbot, tab.buttons["rebuy"])
    bust(qtbot, window, "Farid Haddad", "Bernard Okafor")

    for _ in range(6):                                               # levels 2 to 6, then the break
        qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)
    assert window.session.clock.view().on_break
    for name in ("Ana Souza", "Chloé Martin"):
        select_player(qtbot, window, name)
        click(qtbot, tab.buttons["add_on"])
        assert not tab.buttons["add_on"].isEnabled() and "already taken the add-on" in tab.buttons["add_on"].toolTip()
    select_player(qtbot, window, "Dmitri Volkov")
    click(qtbot, tab.buttons["rebuy"])                                # the break still belongs to level 6
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)                   # level 7: the rebuys and the add-on are over
    select_player(qtbot, window, "Esther Lindqvist")
    assert not tab.buttons["rebuy"].isEnabled() and "rebuys ended after level 6" in tab.buttons["rebuy"].toolTip()
    assert "add-on ended after level 6" in tab.buttons["add_on"].toolTip()

    window.tabs.setCurrentWidget(window.payouts_tab)
    pool = window.session.tournament.prize_pool()
    assert (pool.entries, pool.rebuys, pool.addons) == (6, 3, 2)
    assert pool.prize_pool == 20 * (6 + 3 + 2) and pool.house == 5 * 6
    assert "Prize pool 220" in window.payouts_tab.pool.text() and "Flat" in window.payouts_tab.payouts.toHtml()

    winner = run_to_a_winner(qtbot, window)
    results = window.results_tab.model.rows
    assert [r.place for r in results] == [1, 2, 3, 4, 5, 6] and results[0].name == winner
    assert sum(r.prize for r in results) == 220
    assert refusals == [] and window.session.tournament.check_invariants() == []


def test_a_re_entry_progressive_knockout_with_a_guarantee_a_deep_stack_option_and_a_deal(qtbot, console, refusals,
                                                                                         tmp_path) -> None:
    window = console
    wizard = open_wizard(qtbot, window, "Sunday PKO", "regular")
    page(qtbot, wizard, "Buy-in")
    set_spin(qtbot, field(wizard, "buy_in"), 50)
    set_spin(qtbot, field(wizard, "fee"), 5)
    options = field(wizard, "buy_in_options")
    click(qtbot, options.add_button)
    for column, text in enumerate(("Deep stack", "75", "5", "40000")):
        edit_cell(qtbot, options.table, 0, column, text)
    set_spin(qtbot, field(wizard, "guarantee"), 1_000)
    page(qtbot, wizard, "Re-entry and late registration")
    set_spin(qtbot, field(wizard, "reentry_limit"), 1)
    set_spin(qtbot, field(wizard, "reentry_until_level"), 4)
    set_spin(qtbot, field(wizard, "late_registration_until_level"), 4)
    page(qtbot, wizard, "Bounties")
    assert not field(wizard, "bounty").isEnabled()
    choose(qtbot, field(wizard, "bounty_mode"), "progressive")
    set_spin(qtbot, field(wizard, "bounty"), 20)
    assert field(wizard, "pko_cash_percent").value() == 50
    create(qtbot, window, wizard)
    settings = window.session.tournament.settings
    assert (settings.bounty_mode, settings.guarantee, settings.buy_in_options[0].chips) == ("progressive", 1_000, 40_000)

    tab = window.players_tab
    assert tab.buy_in_choice.isVisible()
    choose(qtbot, tab.buy_in_choice, "Deep stack")
    register(qtbot, window, "Ana Souza")
    choose(qtbot, tab.buy_in_choice, "Standard")
    register(qtbot, window, "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist")
    [ana] = entries(window, "Ana Souza")
    assert ana.chips == 40_000 and ana.paid == 75 + 5 + 20
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    qtbot.keyClick(window, Qt.Key.Key_F8)

    select_player(qtbot, window, "Bernard Okafor")
    assert not tab.buttons["re_entry"].isEnabled() and "still in" in tab.buttons["re_entry"].toolTip()
    bust(qtbot, window, "Bernard Okafor", "Ana Souza")
    [ana] = entries(window, "Ana Souza")
    assert (ana.bounty_won, ana.bounty) == (10, 30)                   # half in cash, half onto her head
    select_player(qtbot, window, "Bernard Okafor", busted=True)
    click(qtbot, tab.buttons["re_entry"])
    assert [e.entry_number for e in entries(window, "Bernard Okafor")] == [1, 2]
    assert "Bernard Okafor re-entered" in window.statusBar().currentMessage()
    bust(qtbot, window, "Bernard Okafor", "Chloé Martin")
    select_player(qtbot, window, "Bernard Okafor", busted=True)
    assert not tab.buttons["re_entry"].isEnabled() and "used all 1 re-entries" in tab.buttons["re_entry"].toolTip()
    for _ in range(4):
        qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)               # level 5: late registration is over
    bust(qtbot, window, "Esther Lindqvist", "Dmitri Volkov")

    # Three left: the deal. The director corrects a count, picks the chip chop, and confirms.
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL)
    deal = window.payouts_tab.deal_dialog
    active(qtbot, deal)
    qtbot.mouseClick(deal.method_buttons.button(1), LEFT)            # Chip chop
    names = [deal.table.item(r, 0).text() for r in range(deal.table.rowCount())]
    row = names.index("Dmitri Volkov")
    counted = int(deal.table.item(row, 1).text().replace(",", "")) - 5_000
    edit_cell(qtbot, deal.table, row, 1, str(counted))
    click(qtbot, deal.record_chips_button)
    assert window.session.history()[-1].event_type == "chips.counted"
    assert entries(window, "Dmitri Volkov")[0].chips == counted
    view = deal.view
    assert view.method == "chip_chop" and sum(p.share for p in view.players) == view.total
    assert min(p.share for p in view.players) >= view.prizes_left[-1]   # nobody below the lowest place left
    click(qtbot, ok(deal))
    answer(qtbot, deal.confirmation)
    last = window.session.history()[-1]
    assert last.event_type == "deal.made" and last.payload["method"] == "chip_chop"
    shares = {p.name: p.share for p in view.players}
    active(qtbot, window)

    winner = run_to_a_winner(qtbot, window)
    results = {r.name: r for r in window.results_tab.model.rows}
    assert {name: results[name].prize for name in shares} == shares and winner in shares
    pool = window.session.tournament.prize_pool()
    assert (pool.entries, pool.reentries, pool.top_up) == (6, 1, 1_000 - (4 * 50 + 75 + 50))
    assert sum(r.prize for r in results.values()) == 1_000
    assert sum(r.bounties for r in window.results_tab.model.rows) == 6 * 20
    exported = window.results_tab.export_to(tmp_path / "results.csv").read_text(encoding="utf-8").splitlines()
    assert exported[0] == "place,player,prize,bounties,buy_in"
    assert [line.split(",")[-1] for line in exported[1:] if ",Ana Souza," in line] == ["Deep stack"]
    assert refusals == [] and window.session.tournament.check_invariants() == []


def test_a_fixed_limit_event_whose_structure_is_imported_edited_exported_and_saved_to_a_winner(
        qtbot, console, refusals, tmp_path) -> None:
    window = console
    wizard = open_wizard(qtbot, window, "Thursday Limit", "fixed_limit")
    create(qtbot, window, wizard)
    tab = window.structure_tab
    editor = tab.editor
    window.tabs.setCurrentWidget(tab)
    source = tmp_path / "limit-night.toml"
    source.write_text(limit_night(), encoding="utf-8")

    click(qtbot, tab.import_button)                                   # Import…: the room's own file
    pick_file(qtbot, tab.file_dialog, source)
    active(qtbot, window)
    structure = window.session.state.schedule.structure
    assert structure.name == "Limit night" and [p.label for p in structure.periods][3:5] == ["level 4", "Break"]
    assert "In play:</b> Limit night" in tab.in_play.text() and editor.table.rowCount() == 7

    def select_row(label: str) -> int:
        row = [editor.table.item(r, 0).text() for r in range(editor.table.rowCount())].index(label)
        rect = editor.table.visualRect(editor.table.model().index(row, 0))
        qtbot.mouseClick(editor.table.viewport(), LEFT, pos=rect.center())
        assert editor.panel.title() == label
        return row

    select_row("Level 2")                                             # longer, with a bigger big bet
    set_spin(qtbot, editor.minutes, 20)
    set_spin(qtbot, editor.big_bet, 500)
    qtbot.keyClick(editor.big_bet, Qt.Key.Key_Return)
    level_2 = window.session.state.schedule.structure.periods[1]
    assert (level_2.duration_seconds, level_2.small_bet, level_2.big_bet, level_2.betting) == (
        1200, 200, 500, "fixed_limit")
    events = len(window.session.history())
    select_row("Level 3")                                             # a big bet below the small bet is refused
    set_spin(qtbot, editor.big_bet, 100)
    qtbot.keyClick(editor.big_bet, Qt.Key.Key_Return)
    assert refusals and "level 3: the big bet (100) is below the small bet (300)" in refusals[-1]
    assert len(window.session.history()) == events
    refusals.clear()

    select_row("Level 3")
    click(qtbot, editor.add_break_button)                             # dinner after level 3, the 25s coloured up
    assert editor.panel.title() == "Break"
    editor.break_name.selectAll()
    type_text(qtbot, editor.break_name, "Dinner")
    set_spin(qtbot, editor.break_minutes, 20)
    type_text(qtbot, editor.colour_up, "25")
    qtbot.keyClick(editor.colour_up, Qt.Key.Key_Return)
    periods = window.session.state.schedule.structure.periods
    assert (periods[3].name, periods[3].duration_seconds, periods[3].colour_up) == ("Dinner", 1200, (25,))
    select_row("Level 6")
    click(qtbot, editor.add_level_button)                             # a seventh level, then taken out again
    assert len(window.session.state.schedule.structure.levels) == 7
    click(qtbot, editor.remove_button)
    assert len(window.session.state.schedule.structure.levels) == 6
    select_row("Break")
    click(qtbot, editor.down_button)                                  # the other break moves after level 5
    labels = [p.label for p in window.session.state.schedule.structure.periods]
    assert labels[-3:] == ["level 5", "Break", "level 6"]

    click(qtbot, tab.export_button)                                   # Export…
    pick_file(qtbot, tab.file_dialog, tmp_path / "exported")
    active(qtbot, window)
    exported = (tmp_path / "exported.toml").read_text(encoding="utf-8")
    assert 'name = "Dinner"' in exported and "big_bet = 500" in exported
    click(qtbot, tab.template_button)                                 # Save as template…
    name_dialog = tab.name_dialog
    active(qtbot, name_dialog)
    name_edit = name_dialog.findChild(QLineEdit)
    name_edit.selectAll()
    type_text(qtbot, name_edit, "Limit night 20")
    qtbot.keyClick(name_edit, Qt.Key.Key_Return)
    active(qtbot, window)
    assert tab.templates.findData("room:limit-night-20") >= 0
    assert (tmp_path / "templates" / "structures" / "limit-night-20.toml").is_file()
    wizard = window.new_tournament()                                 # the room's template beside the shipped ones
    assert wizard.form.structure.findText("Limit night 20 (room template)") >= 0
    wizard.reject()
    active(qtbot, window)

    register(qtbot, window, "Ana Souza", "Bernard Okafor", "Chloé Martin")
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    window.tabs.setCurrentWidget(tab)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)                   # level 2: level 1 has been played
    select_row("Level 1")
    assert not editor.apply_button.isEnabled() and "Level 1 has been played" in editor.locked.text()
    choose(qtbot, tab.templates, "turbo")
    click(qtbot, tab.apply_button)                                    # another template would rewrite the past
    assert refusals and "level 1 has been played" in refusals[-1]
    refusals.clear()
    assert window.session.state.schedule.structure.name == "Limit night"

    winner = run_to_a_winner(qtbot, window)
    assert [r.place for r in window.results_tab.model.rows] == [1, 2, 3] and winner
    assert refusals == [] and window.session.tournament.check_invariants() == []


def open_settings(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_Comma, CTRL)                   # Tournament > Settings
    dialog = window.settings_dialog
    active(qtbot, dialog)
    return dialog


def test_a_settings_change_refused_by_history_then_an_allowed_one_undone_and_played_to_a_winner(
        qtbot, console, refusals) -> None:
    window = console
    wizard = open_wizard(qtbot, window, "Wednesday Re-entry", "turbo")
    page(qtbot, wizard, "Re-entry and late registration")
    set_spin(qtbot, field(wizard, "reentry_limit"), 2)
    set_spin(qtbot, field(wizard, "late_registration_until_level"), 6)
    create(qtbot, window, wizard)
    register(qtbot, window, "Ana Souza", "Bernard Okafor", "Chloé Martin")
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    tab = window.players_tab
    for _ in range(2):                                               # Ana busts and re-enters twice
        bust(qtbot, window, "Ana Souza", "Bernard Okafor")
        select_player(qtbot, window, "Ana Souza", busted=True)
        click(qtbot, tab.buttons["re_entry"])
    assert len(entries(window, "Ana Souza")) == 3
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)                   # level 3
    events = len(window.session.history())

    # Fewer re-entries than Ana has used: refused, naming her; the dialog stays open and nothing is recorded.
    dialog = open_settings(qtbot, window)
    page(qtbot, dialog, "Buy-in")
    assert not field(dialog, "buy_in").isEnabled() and "5 entries have already paid" in field(dialog, "buy_in").toolTip()
    page(qtbot, dialog, "Re-entry and late registration")
    set_spin(qtbot, field(dialog, "reentry_limit"), 1)
    qtbot.mouseClick(ok(dialog), LEFT)
    assert dialog.isVisible()
    assert "re-entry limit cannot go below 2: Ana Souza has re-entered 2 times" in dialog.error.text()
    set_spin(qtbot, field(dialog, "reentry_limit"), 2)
    set_spin(qtbot, field(dialog, "reentry_until_level"), 2)          # closing at a level already passed
    qtbot.mouseClick(ok(dialog), LEFT)
    assert dialog.isVisible() and "level 3 is already being played" in dialog.error.text()
    assert len(window.session.history()) == events
    dialog.reject()
    active(qtbot, window)

    # An allowed change (a guarantee, and re-entry closing at level 3) is one event; Ctrl+Z takes it back.
    dialog = open_settings(qtbot, window)
    page(qtbot, dialog, "Buy-in")
    set_spin(qtbot, field(dialog, "guarantee"), 800)
    page(qtbot, dialog, "Re-entry and late registration")
    set_spin(qtbot, field(dialog, "reentry_until_level"), 3)
    qtbot.mouseClick(ok(dialog), LEFT)
    assert not dialog.isVisible()
    active(qtbot, window)
    last = window.session.history()[-1]
    assert last.event_type == "settings.changed" and last.payload["changes"] == {"guarantee": 800,
                                                                                 "reentry_until_level": 3}
    window.tabs.setCurrentWidget(window.payouts_tab)
    assert "Prize pool 800</b> (guarantee 800, house adds 300)" in window.payouts_tab.pool.text()
    window.tabs.setCurrentWidget(window.log_tab)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert "Undone: Settings changed: guarantee → 800" in window.statusBar().currentMessage()
    settings = window.session.tournament.settings
    assert (settings.guarantee, settings.reentry_until_level) == (0, None)
    window.tabs.setCurrentWidget(window.payouts_tab)
    assert "Prize pool 500</b>" in window.payouts_tab.pool.text()
    dialog = open_settings(qtbot, window)
    assert field(dialog, "guarantee").value() == 0
    dialog.reject()
    active(qtbot, window)

    winner = run_to_a_winner(qtbot, window)
    assert len(window.results_tab.model.rows) == 5 and winner
    assert refusals == [] and window.session.tournament.check_invariants() == []


def test_the_payout_table_edited_refused_fixed_rounded_exported_imported_and_saved_from_the_payouts_tab(
        qtbot, console, refusals, tmp_path) -> None:
    window = console
    wizard = open_wizard(qtbot, window, "Friday", "turbo")
    page(qtbot, wizard, "Payouts")
    choose(qtbot, wizard.form.payouts, "steep")
    create(qtbot, window, wizard)
    register(qtbot, window, *PLAYERS[:5], "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer")   # 8 entries
    tab = window.payouts_tab
    window.tabs.setCurrentWidget(tab)
    assert "Steep, the band for 7–10 entries" in tab.payouts.toHtml()

    click(qtbot, tab.edit_button)
    editor = tab.editor
    active(qtbot, editor)
    row = [editor.table.item(r, 0).text() for r in range(editor.table.rowCount())].index("7")
    edit_cell(qtbot, editor.table, row, 2, "50, 30, 15")
    assert editor.table.item(row, 3).text() == "3" and editor.table.item(row, 4).text() == "95 %"
    editor.name.selectAll()
    type_text(qtbot, editor.name, "Friday league")
    click(qtbot, ok(editor))
    assert editor.isVisible() and "band 2: percentages add up to 95, not 100" in editor.error.text()
    edit_cell(qtbot, editor.table, row, 2, "50, 30, 20")
    click(qtbot, ok(editor))
    assert not editor.isVisible()
    active(qtbot, window)
    assert window.session.tournament.prize_pool().prizes == (400, 240, 160)
    assert "Friday league, the band for 7–10 entries" in tab.payouts.toHtml()

    set_spin(qtbot, tab.unit, 25)
    click(qtbot, tab.unit_button)
    assert window.session.tournament.prize_pool().prizes == (425, 225, 150)   # down to 25s, what is left to 1st
    click(qtbot, tab.export_button)
    pick_file(qtbot, tab.file_dialog, tmp_path / "friday")
    active(qtbot, window)
    choose(qtbot, tab.templates, "standard")
    click(qtbot, tab.apply_button)
    assert "Standard, the band for 8–10 entries; prizes rounded to 25" in tab.payouts.toHtml()
    click(qtbot, tab.import_button)
    pick_file(qtbot, tab.file_dialog, tmp_path / "friday.toml")
    active(qtbot, window)
    assert "Friday league" in tab.payouts.toHtml()
    click(qtbot, tab.template_button)
    name_edit = tab.name_dialog.findChild(QLineEdit)
    active(qtbot, tab.name_dialog)
    qtbot.keyClick(name_edit, Qt.Key.Key_Return)                       # the name offered: the table's own
    active(qtbot, window)
    assert tab.templates.findData("room:friday-league") >= 0
    assert [e.event_type for e in window.session.history()].count("payouts.table_set") == 3
    assert refusals == []
