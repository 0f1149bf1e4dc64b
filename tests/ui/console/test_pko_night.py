"""A 30-player re-entry progressive-knockout night, from the wizard to the winner, through the console's widgets only
and with the projected clock beside it, over a real SQLite file: the price and its split in the wizard, players
bought in from a CSV and typed at the desk, the seat cards saved as PDF and read back, the clock on F8, busts with and
without an eliminator (a repeated Enter busts nobody), each knockout's cash and new bounty said and shown, re-entries
seated away from the table that breaks next and the proposals always describing the tables as they are, add-ons at
the break, the Log read as sentences, a crash with the screens showing the live clock while the director decides,
hand-for-hand ending at the final table, and the results exported with their money and the re-entries numbered.

Set TD_PKO_SHOTS to a folder to keep a screenshot of the console and the projector at every step.
"""

from __future__ import annotations

import os
import random
import re
import unicodedata
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from tests.ui.console.crash_clock import MovedTime
from tests.ui.console.formats_driving import (
    CTRL, CTRL_SHIFT, LEFT, active, choose, field, ok, page, pick_file, select_player, set_spin, tick, type_text,
)
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession
from tournament_director.ui.models import BOUNTY_COLUMN
from tournament_director.ui.projector.window import ProjectorWindow

FIRST = ("Ann", "Bruno", "Chloé", "Dmitri", "Esther", "Farid", "Grace", "Hiroshi", "Ingrid", "Jamal", "Katarzyna",
         "Luis", "Maya", "Niamh", "Oskar", "Priya", "Quentin", "Rosa", "Samir", "Tomasz", "Uma", "Viktor", "Wanjiru",
         "Xavier", "Yusuf", "Zofia", "Aurelio", "Beatriz", "Cormac", "Delphine")
LAST = ("Lee", "Alves", "Martin", "Volkov", "Lindqvist", "Haddad", "O'Malley", "Tanaka", "Bauer", "Carter", "Nowak",
        "Fernández", "Patel", "Byrne", "Berg", "Raman", "Dubois", "Jiménez", "Aziz", "Zieliński", "Iyer", "Petrov",
        "Kamau", "Laurent", "Demir", "Kowalska", "Rossi", "Souza", "Walsh", "Moreau")
PLAYERS = tuple(f"{first} {last}" for first, last in zip(FIRST, LAST))
FROM_CSV, AT_THE_DESK = PLAYERS[:24], PLAYERS[24:]
BUY_IN, FEE, BOUNTY, ADD_ON, ADD_ON_CHIPS = 50, 10, 50, 20, 5_000   # sold as 110 = 50 + 50 bounty + 10 fee
WAITING = "waiting for the director"


class Shots:
    """Screenshots of the console and the projector at every step when TD_PKO_SHOTS names a folder."""

    def __init__(self) -> None:
        folder = os.environ.get("TD_PKO_SHOTS")
        self.folder = Path(folder) if folder else None
        self.count = 0
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, step: str, window, projector, *extra) -> None:
        if self.folder is None:
            return
        QApplication.processEvents()
        self.count += 1
        stem = f"{self.count:02d}-{step}"
        window.grab().save(str(self.folder / f"{stem}-console.png"))
        projector.refresh()
        projector.grab().save(str(self.folder / f"{stem}-projector.png"))
        for i, widget in enumerate(extra):
            widget.grab().save(str(self.folder / f"{stem}-dialog{i}.png"))
        window.activateWindow()


def open_console(qtbot, path: Path, ui_settings, **time_sources):
    session = DirectorSession.open(path, backup_dir=path.parent / "backups", rng=random.Random(28), **time_sources)
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    window.attach_projector(projector)
    projector.place_on_screen()
    qtbot.wait(50)   # the projector placed: the console comes back in front
    keyboard_to(qtbot, window)
    return session, window, projector


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key of the console's menus, pressed with the console in front."""
    keyboard_to(qtbot, window)
    qtbot.keyClick(window, key, modifiers)


def keyboard_to(qtbot, window) -> None:
    """The console is the active window (the projector beside it does not take the keyboard)."""
    def console_has_the_keyboard() -> bool:
        if QGuiApplication.focusWindow() is not window.windowHandle():
            window.raise_()
            window.activateWindow()
        return QGuiApplication.focusWindow() is window.windowHandle() and window.isActiveWindow()
    qtbot.waitUntil(console_has_the_keyboard, timeout=5000)


def crash(session: DirectorSession) -> None:
    """What a crash leaves behind: the log as committed, no last heartbeat, no final backup; the operating system
    drops the program's connections and its lock on the file."""
    session._wall_clock.shutdown()
    store = session._store
    store._engine.dispose()
    if store._lock is not None:
        store._lock.release()
    session._store = None


def said(window) -> str:
    return window.statusBar().currentMessage()


def live(session) -> list:
    return [e for e in session.tournament.entries() if not e.busted]


def mates(session, entry) -> list:
    return [e for e in live(session) if e.table == entry.table and e.entry_id != entry.entry_id]


def show_tab(qtbot, window, tab) -> None:
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(window.tabs.indexOf(tab)).center())
    assert window.tabs.currentWidget() is tab


def seat_on_map(window, entry_id: int):
    window.refresh_stale_tabs()
    row = window.tables_tab.seat_row(entry_id)
    assert row is not None, f"entry {entry_id} is not on the table map"
    return row


def bust_on_map(qtbot, window, session, victim, eliminator) -> None:
    """Tables tab: click the seat, Ctrl+B, type the eliminator's name, Enter ticks him, Enter busts."""
    show_tab(qtbot, window, window.tables_tab)
    qtbot.mouseClick(seat_on_map(window, victim.entry_id), LEFT)
    press(qtbot, window, Qt.Key.Key_B, CTRL)
    dialog = window.busting.dialog
    assert dialog is not None and dialog.isVisible() and victim.name in dialog.windowTitle()
    type_text(qtbot, dialog.filter, eliminator.name)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert [e for e in dialog.eliminators()] == [eliminator.entry_id]
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert not dialog.isVisible(), dialog.error.text()
    assert session.tournament.entry(victim.entry_id).busted


def assert_describes_the_tables_now(session, proposal) -> None:
    """Every move starts where its player sits now and ends on a seat that is open or left by another move; a table
    it breaks sends every one of its players away."""
    floor = session.tournament
    left = {(m.from_table, m.from_seat) for m in proposal.moves}
    for m in proposal.moves:
        entry = floor.entry(m.entry_id)
        assert (entry.table, entry.seat) == (m.from_table, m.from_seat), (entry.name, m)
        taken_by = next(s.entry_id for s in floor.table(m.to_table).seats if s.seat == m.to_seat)
        assert taken_by is None or (m.to_table, m.to_seat) in left, (m, taken_by)
    for number in proposal.broken_tables:
        assert {e.entry_id for e in live(session) if e.table == number} <= {m.entry_id for m in proposal.moves}


def accept_all(qtbot, window, session, refusals) -> None:
    """The panel's proposal, checked against the tables as they are, then Accept all."""
    tab = window.tables_tab
    if tab.proposal is None:
        return
    assert_describes_the_tables_now(session, tab.proposal)
    show_tab(qtbot, window, tab)
    qtbot.mouseClick(tab.accept_move, LEFT)
    assert refusals == [], refusals


def bounty_cell(window, entry_id: int) -> str:
    window.refresh_stale_tabs()
    model = window.players_tab.model
    row = next(i for i, r in enumerate(model.rows) if r.entry_id == entry_id)
    return model.data(model.index(row, BOUNTY_COLUMN))


def log_lines(qtbot, window) -> list[str]:
    show_tab(qtbot, window, window.log_tab)
    model = window.log_tab.view.model()
    return [" ".join(str(model.index(r, c).data() or "") for c in range(model.columnCount()))
            for r in range(model.rowCount())]


def pdf_pages(path: Path) -> list[str]:
    return [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split()) for p in PdfReader(str(path)).pages]


def test_a_re_entry_pko_night_from_the_wizard_to_the_winner(qtbot, tmp_path, ui_settings, refusals) -> None:
    shot = Shots()
    database = tmp_path / "thursday.sqlite"
    session, window, projector = open_console(qtbot, database, ui_settings)

    # ---- The wizard: 110 = 50 prize pool + 50 bounty + 10 fee, half the buy-in set as the bounty ----------------
    press(qtbot, window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    active(qtbot, wizard)
    form = wizard.form
    type_text(qtbot, form.name, "Thursday PKO")
    choose(qtbot, form.structure, "turbo")
    set_spin(qtbot, form.tables, 4)
    page(qtbot, wizard, "Buy-in")
    set_spin(qtbot, field(wizard, "buy_in"), BUY_IN + BOUNTY)
    set_spin(qtbot, field(wizard, "fee"), FEE)
    page(qtbot, wizard, "Bounties")
    choose(qtbot, field(wizard, "bounty_mode"), "progressive")
    choose(qtbot, form.bounty_set_as, "share")
    set_spin(qtbot, form.bounty_percent, 50)
    assert form.price_lines[1].text() == "110 = 50 prize pool + 50 bounty + 10 fee"
    page(qtbot, wizard, "Re-entry and late registration")
    set_spin(qtbot, field(wizard, "reentry_limit"), 2)
    set_spin(qtbot, field(wizard, "late_registration_until_level"), 4)
    page(qtbot, wizard, "Rebuys and add-on")
    tick(qtbot, field(wizard, "addon_enabled"))
    set_spin(qtbot, field(wizard, "addon_price"), ADD_ON)
    set_spin(qtbot, field(wizard, "addon_chips"), ADD_ON_CHIPS)
    shot("wizard", window, projector, wizard)
    qtbot.mouseClick(ok(wizard), LEFT)
    assert not wizard.isVisible(), wizard.error.text()
    settings = session.state.floor.settings
    assert (settings.buy_in, settings.bounty, settings.fee) == (BUY_IN, BOUNTY, FEE)
    keyboard_to(qtbot, window)

    # ---- 24 players from the league's CSV, bought in at once; six typed at the desk (Space types a space) --------
    csv_file = tmp_path / "thursday-list.csv"
    csv_file.write_text("name,nickname,contact\n" + "".join(f"{n},,\n" for n in FROM_CSV), encoding="utf-8")
    players_menu = next(a for a in window.menuBar().actions() if a.text() == "&Players").menu()
    next(a for a in players_menu.actions() if a.text() == "Import players from CSV…").trigger()
    dialog = window.registry_file_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    qtbot.mouseClick(window.registry_buy_in, LEFT)
    qtbot.mouseClick(dialog.findChild(QLineEdit, "fileNameEdit"), LEFT)   # back to the file's name
    pick_file(qtbot, dialog, csv_file)
    assert "24 bought in" in said(window)
    keyboard_to(qtbot, window)
    press(qtbot, window, Qt.Key.Key_R, CTRL)
    register = window.players_tab.register_name
    for name in AT_THE_DESK:
        first, last = name.split(" ")
        type_text(qtbot, register, first)
        QTest.keyClick(register, Qt.Key.Key_Space)
        type_text(qtbot, register, last)
        qtbot.keyClick(register, Qt.Key.Key_Return)
    assert not session.clock.view().running
    assert sorted(e.name for e in session.tournament.entries()) == sorted(PLAYERS)
    assert window.players_tab.count_label.text() == "30 of 30 entries"

    # ---- The draw, and the seat cards saved as PDF and read back ------------------------------------------------
    press(qtbot, window, Qt.Key.Key_D, CTRL_SHIFT)
    assert all(e.table is not None for e in session.tournament.entries()), said(window)
    tables = window.tables_tab
    show_tab(qtbot, window, tables)
    next(a for a in tables.print_seats.menu().actions() if a.text() == "Save as PDF…").trigger()
    pick_file(qtbot, tables.pdf_dialog, tmp_path / "seat-cards.pdf")
    keyboard_to(qtbot, window)
    cards = pdf_pages(tmp_path / "seat-cards.pdf")
    assert len(cards) == 30
    for entry in session.tournament.entries():
        assert any(entry.name in card and f"Table {entry.table} Seat {entry.seat}" in card for card in cards), entry
    shot("draw", window, projector)

    # ---- F8 starts the clock from the Find field and types nothing there ---------------------------------------
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    find = window.players_tab.search
    qtbot.keyClick(find, Qt.Key.Key_F8)
    assert session.clock.view().running and find.text() == ""
    assert window.toggle_clock_action.shortcut().toString() == "F8"

    # ---- A knockout: the eliminator takes half the bounty in cash, the other half goes on his head --------------
    victim = live(session)[0]
    hunter = mates(session, victim)[0]
    bust_on_map(qtbot, window, session, victim, hunter)
    assert f"{hunter.name} takes 25 in cash, bounty now 75" in said(window), said(window)
    assert bounty_cell(window, hunter.entry_id) == "75"
    projector.refresh()
    assert projector.view.bounties_in_play == 30 * BOUNTY - 25   # the cash paid is off the heads
    shot("first-knockout", window, projector)

    # ---- Enter, Enter on the chip leader's seat busts nobody; asked on purpose, the bounty goes unclaimed -------
    show_tab(qtbot, window, tables)
    leader = max(live(session), key=lambda e: (e.chips, -e.entry_id))
    seat = seat_on_map(window, leader.entry_id)
    qtbot.mouseClick(seat, LEFT)
    QTest.keyClick(seat, Qt.Key.Key_Return)
    dialog = window.busting.dialog
    qtbot.waitUntil(lambda: dialog.isVisible() and QApplication.focusWidget() is dialog.filter, timeout=2000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    question = dialog.no_eliminator_question
    assert question is not None and question.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is question.button(QMessageBox.StandardButton.No), timeout=2000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert not session.tournament.entry(leader.entry_id).busted
    dialog.reject()
    quiet = next(e for e in live(session) if e.entry_id != hunter.entry_id and e.chips == min(x.chips for x in live(session)))
    show_tab(qtbot, window, tables)
    qtbot.mouseClick(seat_on_map(window, quiet.entry_id), LEFT)
    press(qtbot, window, Qt.Key.Key_B, CTRL)
    dialog = window.busting.dialog
    qtbot.mouseClick(ok(dialog), LEFT)
    qtbot.mouseClick(dialog.no_eliminator_question.button(QMessageBox.StandardButton.Yes), LEFT)
    assert session.tournament.entry(quiet.entry_id).busted
    assert "unclaimed" in said(window), said(window)

    # ---- Re-entries: seated away from the table that breaks next; the panel always describes the tables now -----
    rng = random.Random(6)
    re_entered = []
    for name in (victim.name, quiet.name):
        select_player(qtbot, window, name, busted=True)
        qtbot.mouseClick(window.players_tab.buttons["re_entry"], LEFT)
        assert f"{name} re-entered" in said(window), said(window)
        fresh = max((e for e in session.tournament.entries() if e.name == name), key=lambda e: e.entry_id)
        assert bounty_cell(window, fresh.entry_id) == str(BOUNTY)
        proposal = tables.proposal
        if proposal is not None:
            assert_describes_the_tables_now(session, proposal)
            if proposal.kind == "break":
                assert fresh.table not in proposal.broken_tables
        re_entered.append(fresh)
    lines = log_lines(qtbot, window)
    assert any(f"{victim.name} re-entered (entry 2)" in line for line in lines), lines[-5:]
    shot("re-entries", window, projector)

    # ---- Busts until a table breaks; each proposal accepted as it stands, never stale --------------------------
    while len(window.tables_tab.cards) == 4:
        target = rng.choice(live(session))
        bust_on_map(qtbot, window, session, target, rng.choice(mates(session, target)))
        accept_all(qtbot, window, session, refusals)
    projector.refresh()
    breaking_level = session.state.schedule.current_level().number
    shot("table-broken", window, projector)

    # ---- To the break after level 6: late registration is over, the old breaks list is gone, add-ons sold -------
    active(qtbot, window)
    while not session.clock.view().on_break:
        press(qtbot, window, Qt.Key.Key_Right, CTRL)
    players_menu.aboutToShow.emit()
    assert not next(a for a in players_menu.actions() if a.text() == "Close registration").isEnabled()
    projector.refresh()
    assert breaking_level < 6 and "BREAKS" not in (projector.view.moves_title or "")
    buyers = live(session)[:3]
    for buyer in buyers:
        select_player(qtbot, window, buyer.name, busted=False)
        press(qtbot, window, Qt.Key.Key_A, CTRL_SHIFT)
        assert said(window) == f"{buyer.name} took the add-on: {ADD_ON_CHIPS:,} chips for {ADD_ON}"
    shot("add-ons-at-the-break", window, projector)

    # ---- Every line of the Log reads as a sentence ------------------------------------------------------------
    for line in log_lines(qtbot, window):
        assert not re.search(r"\b\w+=\S", line), line

    # ---- A crash: the screens show the live clock, waiting for the director, until he chooses ----------------
    press(qtbot, window, Qt.Key.Key_Right, CTRL)   # level 7 starts
    entries_before = sorted((e.entry_id, e.busted, e.chips) for e in session.tournament.entries())
    heads_before = session.state.floor.bounties_on_heads
    crash(session)
    window.close()
    projector.close()
    time_sources = MovedTime(45)
    session, window, projector = open_console(qtbot, database, ui_settings, monotonic=time_sources.monotonic,
                                              wall=time_sources.wall)
    session.select_tournament(session.list_tournaments()[-1].id)
    window.refresh_stale_tabs()
    assert sorted((e.entry_id, e.busted, e.chips) for e in session.tournament.entries()) == entries_before
    assert session.state.floor.bounties_on_heads == heads_before
    qtbot.waitUntil(lambda: window.mini_clock.time_label.text().endswith(WAITING), timeout=3000)
    shown = window.mini_clock.time_label.text().split()[0]
    minutes, seconds = (int(p) for p in shown.split(":"))
    assert 9 * 60 - 60 <= minutes * 60 + seconds <= 10 * 60 - 45, shown      # about 45 s gone, not 10:00 paused
    projector.refresh()
    assert projector.view.restart_pending and projector.view.level_number == 7
    shot("restart-waiting", window, projector)
    time_sources.advance(20)
    qtbot.waitUntil(lambda: window.mini_clock.time_label.text().split()[0] != shown, timeout=3000)
    later = window.mini_clock.time_label.text().split()[0]
    m2, s2 = (int(p) for p in later.split(":"))
    assert m2 * 60 + s2 == minutes * 60 + seconds - 20
    qtbot.mouseClick(window.clock_tab.continue_clock, LEFT)
    clock = session.clock.view()
    assert clock.running and round(clock.remaining_seconds) == m2 * 60 + s2

    # ---- Down to the bubble and the final table: hand-for-hand, Next hand off at each table, over at one table ---
    final_size = (session.state.floor.settings.final_table_size
                  or max(len(t.seats) for t in session.tournament.tables()))
    while len(live(session)) > final_size + 1:
        target = rng.choice(live(session))
        bust_on_map(qtbot, window, session, target, rng.choice(mates(session, target)))
        accept_all(qtbot, window, session, refusals)
    tables = window.tables_tab
    show_tab(qtbot, window, tables)
    assert len(tables.cards) == 2   # the bubble of the final table: hand-for-hand (TDA RP-8)
    press(qtbot, window, Qt.Key.Key_H, CTRL)
    assert session.state.floor.hand_for_hand
    window.refresh_stale_tabs()
    assert all(not card.next_hand.isEnabled() for card in tables.cards)
    shot("hand-for-hand", window, projector)
    target = min(live(session), key=lambda e: e.chips)
    bust_on_map(qtbot, window, session, target, mates(session, target)[0])
    accept_all(qtbot, window, session, refusals)
    assert len(window.tables_tab.cards) == 1 and not session.state.floor.hand_for_hand
    projector.refresh()
    assert projector.view.final_table and not projector.view.hand_for_hand
    shot("final-table", window, projector)

    # ---- To a winner ------------------------------------------------------------------------------------------
    while len(live(session)) > 2:
        target = min(live(session), key=lambda e: e.chips)
        bust_on_map(qtbot, window, session, target, mates(session, target)[0])
    last, champion = sorted(live(session), key=lambda e: e.chips)
    bust_on_map(qtbot, window, session, last, champion)
    question = window.busting.finish_question
    if question is not None and question.isVisible():
        qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), LEFT)
    projector.refresh()
    assert projector.view.winner[0] == champion.name
    shot("winner", window, projector)

    # ---- The results exported with their money, the re-entries numbered ----------------------------------------
    active(qtbot, window)
    press(qtbot, window, Qt.Key.Key_E, CTRL)
    pick_file(qtbot, window.results_tab.file_dialog, tmp_path / "thursday.csv")
    rows = (tmp_path / "thursday.csv").read_text(encoding="utf-8").splitlines()
    assert any(f"{victim.name} (2)" in row for row in rows)
    money = dict(line.rsplit(",", 1) for line in rows[rows.index("money,amount") + 1:])
    entries = len(session.tournament.entries())
    assert entries == 32
    assert int(money["Taken in"]) == entries * (BUY_IN + BOUNTY + FEE) + len(buyers) * ADD_ON
    assert int(money["Rake (fees)"]) == entries * FEE
    assert int(money["Bounties paid in"]) == entries * BOUNTY
    assert int(money["Prize pool"]) == int(money["Paid in prizes"]) == entries * BUY_IN + len(buyers) * ADD_ON
    assert int(money["Bounties unclaimed"]) == BOUNTY   # the player out with nobody named
    assert int(money["Bounties paid out"]) + int(money["Bounties unclaimed"]) == int(money["Bounties paid in"])
    assert int(money["Taken in"]) == int(money["Prize pool"]) + int(money["Rake (fees)"]) \
        + int(money["Bounties paid in"])   # the books balance
    assert refusals == []
    assert session.tournament.check_invariants() == []
    window.close()
    projector.close()
    session.close()
    assert QGuiApplication.primaryScreen() is not None
