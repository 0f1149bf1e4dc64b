"""The director's evening, driven through the console as a director would, over a real SQLite file:
the wizard, twenty buy-ins typed at the keyboard, the seat draw, the clock, busts with eliminators, a balancing
move accepted, a bust undone, and the results exported."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession
from tournament_director.ui.console.window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier

PLAYERS = (
    "Ana Souza", "Bernard Okafor", "Chloé Martin", "Dmitri Volkov", "Esther Lindqvist", "Farid Haddad",
    "Grace O'Malley", "Hiroshi Tanaka", "Ingrid Bauer", "Jamal Carter", "Katarzyna Nowak", "Luis Fernández",
    "Maya Patel", "Niamh Byrne", "Oskar Berg", "Priya Raman", "Quentin Dubois", "Rosa Jiménez",
    "Sam <The Rock> O'Brien", "Tomasz Zieliński",
)


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    """Refusal boxes are recorded instead of waiting for a click; any 'same player?' question fails the test."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))

    def unexpected_question(*args, **kwargs):
        raise AssertionError(f"unexpected question: {args[2] if len(args) > 2 else args}")

    monkeypatch.setattr(QMessageBox, "question", unexpected_question)
    return shown


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings, refusals):
    session = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(2024))
    window = show_console(qtbot, session, ui_settings)
    yield window
    window.close()
    session.close()


def type_text(qtbot, widget, text: str) -> None:
    """Type as a director would; QtTest only simulates ASCII keys, so accented letters are inserted."""
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
        else:
            widget.insert(char)


def ok_button(dialog) -> object:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def select_player(qtbot, window: MainWindow, name: str) -> None:
    """Find the player by typing in the search field, then pick the row."""
    tab = window.players_tab
    tab.search.clear()
    type_text(qtbot, tab.search, name)
    assert tab.proxy.rowCount() >= 1, f"{name} not found"
    tab.view.selectRow(0)
    assert tab.selected_entry().name == name


def bust_through_dialog(qtbot, window: MainWindow, name: str, eliminator: str | None) -> None:
    select_player(qtbot, window, name)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = window.players_tab.bust_dialog
    assert dialog is not None and dialog.isVisible()
    if eliminator is not None:
        type_text(qtbot, dialog.filter, eliminator)
        visible = [dialog.candidates.item(i) for i in range(dialog.candidates.count())
                   if not dialog.candidates.item(i).isHidden()]
        assert len(visible) == 1
        visible[0].setCheckState(Qt.CheckState.Checked)
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)


def entry_named(window: MainWindow, name: str):
    [entry] = [e for e in window.session.tournament.entries() if e.name == name and not e.busted] or \
              [e for e in window.session.tournament.entries() if e.name == name][-1:]
    return entry


def test_a_nightly_tournament_from_wizard_to_exported_results(qtbot, console, refusals, tmp_path) -> None:
    window = console
    session = window.session

    # The wizard: name, structure template, buy-in, three tables of nine.
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    form = wizard.form
    qtbot.keyClicks(form.name, "Friday Night Hold'em")
    form.structure.setCurrentIndex(form.structure.findData("turbo"))
    form.buy_in.setValue(50)
    form.entry_fee.setValue(5)
    qtbot.mouseClick(ok_button(wizard), Qt.MouseButton.LeftButton)
    assert not wizard.isVisible()
    assert window.windowTitle().startswith("Friday Night Hold'em")
    assert session.state.schedule.structure.name == "Turbo"
    assert [t.number for t in session.tournament.tables()] == [1, 2, 3]
    assert session.tournament.settings.buy_in == 50
    window.refresh_stale_tabs()  # the Structure tab in the back, as it is drawn when shown
    assert "In play:</b> Turbo" in window.structure_tab.in_play.text()

    # Twenty buy-ins typed at the keyboard, Enter after each name (Ctrl+R puts the cursor in the field).
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    assert window.players_tab.register_name.hasFocus()
    for name in PLAYERS:
        type_text(qtbot, window.players_tab.register_name, name)
        qtbot.keyClick(window.players_tab.register_name, Qt.Key.Key_Return)
    assert window.players_tab.model.rowCount() == 20
    assert window.players_tab.count_label.text() == "20 of 20 entries"
    assert "bought in" in window.statusBar().currentMessage()
    assert {p.name for p in session.find_players("", limit=100)} == set(PLAYERS)   # and in the player registry
    assert "prize pool 1,000" in window.players_tab.figures_label.text()          # 20 × 50, the fee to the house

    # The seat draw (TDA 7): balanced 7 / 7 / 6, every player at a table card.
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    sizes = {t.number: t.players for t in session.tournament.tables()}
    assert sorted(sizes.values()) == [6, 7, 7]
    window.refresh_stale_tabs()  # the Tables tab in the back, as it is drawn when shown
    cards = " ".join(window.tables_tab.grid.itemAt(i).widget().text()
                     for i in range(window.tables_tab.grid.count()))
    assert "Ana Souza" in cards and "Sam &lt;The Rock&gt; O&#x27;Brien" in cards
    window.players_tab.buttons["close_registration"].click()
    assert session.state.floor.registration_closed

    # The clock: F8 starts it; the mini clock on every tab shows level 1 running.
    window.tabs.setCurrentWidget(window.clock_tab)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    view = session.clock.view()
    assert view.running and view.level.number == 1
    window.mini_clock.refresh()
    assert "Level 1" in window.mini_clock.level_label.text()
    assert "paused" not in window.mini_clock.time_label.text()
    assert window.clock_tab.buttons["toggle"].text().startswith("Pause")
    assert "20 / 20 left" in window.mini_clock.figures_label.text()

    # A bust at the short table, with its eliminator: the program proposes the balancing move (TDA 11-A).
    short = min(sizes, key=lambda n: sizes[n])
    at_short = [s for s in session.tournament.table(short).seats if s.name]
    victim, winner = at_short[0].name, at_short[1].name
    bust_through_dialog(qtbot, window, victim, winner)
    assert f"{victim} is out in 20th place" in window.statusBar().currentMessage()
    assert entry_named(window, winner).chips == 2 * session.tournament.settings.starting_stack
    assert window.tabs.tabText(1) == "Tables (1 move)"
    move = window.tables_tab.selected_move()
    assert move is not None and move.to_table == short and "TDA 11-A" in move.reason

    # The director accepts it (Ctrl+Enter); the tables are within one player of each other (seed 004 T 6).
    window.tabs.setCurrentWidget(window.tables_tab)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    after = [t.players for t in session.tournament.tables()]
    assert max(after) - min(after) <= 1
    moved = entry_named(window, move.name)
    assert (moved.table, moved.seat) == (move.to_table, move.to_seat)
    assert window.tabs.tabText(1) == "Tables"

    # A bust entered by mistake is undone with Ctrl+Z: seat, chips and the eliminator's chips come back.
    sam_before = entry_named(window, "Sam <The Rock> O'Brien")
    other = next(s.name for s in session.tournament.table(sam_before.table).seats
                 if s.name and s.name != sam_before.name)
    other_chips = entry_named(window, other).chips
    bust_through_dialog(qtbot, window, sam_before.name, other)
    assert entry_named(window, sam_before.name).busted
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    sam = entry_named(window, sam_before.name)
    assert not sam.busted and (sam.table, sam.seat, sam.chips) == (sam_before.table, sam_before.seat, sam_before.chips)
    assert entry_named(window, other).chips == other_chips
    assert f"Undone: {sam_before.name} out, eliminated by {other}" in window.statusBar().currentMessage()

    # Two more busts; the Results tab shows places and prizes from the floor service.
    for loser in (sam_before.name, "Ana Souza" if victim != "Ana Souza" else "Bernard Okafor"):
        live = [e.name for e in session.tournament.entries() if not e.busted and e.name != loser]
        bust_through_dialog(qtbot, window, loser, live[-1])
    window.tabs.setCurrentWidget(window.results_tab)
    results = window.results_tab.model.rows
    assert [r.place for r in results] == [18, 19, 20]
    assert results[1].name == sam_before.name and results[2].name == victim
    assert "17 players still in" in window.results_tab.summary.text()

    # Export: CSV and an HTML page with every name escaped.
    html_file = window.results_tab.export_to(tmp_path / "results.html")
    csv_file = window.results_tab.export_to(tmp_path / "results.csv")
    page = html_file.read_text(encoding="utf-8")
    assert "Sam &lt;The Rock&gt; O&#x27;Brien" in page and "<The Rock>" not in page
    assert f"20,{victim},0,0" in csv_file.read_text(encoding="utf-8")

    assert refusals == []
    assert session.tournament.check_invariants() == []


def test_a_refused_command_shows_the_rule_and_records_nothing(qtbot, console, refusals) -> None:
    """No rebuys in this freezeout: the Rebuy button and menu item are not there at all, so nothing is refused and
    the log is unchanged; a second buy-in for a player still in is refused with the reason."""
    from tournament_director.services.session import NewTournamentPlan

    window = console
    assert window.create_tournament(NewTournamentPlan("Monday Turbo", "turbo", tables=1)) is not None
    for name in ("Ana Souza", "Bernard Okafor"):
        window.players_tab.register(name)
    before = len(window.session.history())
    select_player(qtbot, window, "Ana Souza")
    assert window.players_tab.buttons["rebuy"].isHidden()
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL_SHIFT)
    assert refusals == []
    assert len(window.session.history()) == before

    # A second buy-in for a player still in is refused too (one live entry per player).
    refusals.clear()
    assert window.players_tab.register("Ana Souza") is None
    assert "already has a live entry" in refusals[-1]
    assert len(window.session.history()) == before


def test_the_wizard_refuses_a_tournament_without_a_name_and_stays_open(qtbot, console, refusals) -> None:
    window = console
    dialog = window.new_tournament()
    qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert refusals and "name" in refusals[-1]
    assert window.session.list_tournaments() == []
    dialog.reject()


def test_a_new_database_opens_the_wizard_and_an_existing_tournament_does_not(qtbot, console) -> None:
    """The first start has only one thing to do: create a tournament. Later starts go straight to the console."""
    wizard = console.welcome()
    assert wizard is not None and wizard.isVisible()
    wizard.reject()
    console.session.create_tournament("Thursday Deepstack")
    assert console.welcome() is None


def test_the_wizard_takes_the_starting_stack_from_the_chosen_structure(qtbot, console) -> None:
    """The dealers hand out the structure's chip set: the stack on the form must match it unless changed."""
    dialog = console.new_tournament()
    form = dialog.form
    stacks = {}
    for name in ("turbo", "deep_stack"):
        form.structure.setCurrentIndex(form.structure.findData(name))
        stacks[name] = form.plan().starting_stack
    assert stacks["deep_stack"] > stacks["turbo"] > 0
    form.starting_stack.setValue(25_000)  # the director may still choose another stack
    assert form.plan().starting_stack == 25_000
    dialog.reject()
