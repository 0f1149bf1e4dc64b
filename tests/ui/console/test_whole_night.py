"""A whole 30-player re-entry tournament played through the console's widgets only, over a real SQLite file, with the
projected clock beside it: the wizard, thirty buy-ins typed, the draw (the seating chart on the projector), the
clock, busts from the table map and from Find (one match selected, several asking which), a re-entry, balancing
and a table break accepted, two players out on the same hand with equal stacks sharing a place, a chip count, a
deal, the last bust asking to close registration, the winner on the projector, and the results exported.

Set TD_NIGHT_SHOTS to a folder to keep a screenshot of the console and the projector at every step; under a real X
server the screens are grabbed as well. The real-window run with two screens:
    Xvfb :98 -screen 0 1920x1080x24 -screen 1 1280x720x24 &   DISPLAY=:98 openbox &
    DISPLAY=:98 TD_NIGHT_SHOTS=artifacts/night QT_QPA_PLATFORM=xcb .venv/bin/python -m pytest tests/ui/console/test_whole_night.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit, QMessageBox

from tests.ui.console.formats_driving import active, answer, choose, field, page, set_spin
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession
from tournament_director.ui.projector.window import ProjectorWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton

FIRST = ("Ana", "Bruno", "Chloé", "Dmitri", "Esther", "Farid", "Grace", "Hiroshi", "Ingrid", "Jamal", "Katarzyna",
         "Luis", "Maya", "Niamh", "Oskar", "Priya", "Quentin", "Rosa", "Samir", "Tomasz", "Ursula", "Viktor",
         "Wanjiru", "Xavier", "Yusuf", "Zofia", "Aurelio", "Beatriz", "Cormac", "Delphine")
LAST = ("Souza", "Okafor", "Martin", "Volkov", "Lindqvist", "Haddad", "O'Malley", "Tanaka", "Bauer", "Carter",
        "Nowak", "Fernández", "Patel", "Byrne", "Berg", "Raman", "Dubois", "Jiménez", "Aziz", "Zieliński", "Meyer",
        "Petrov", "Kamau", "Laurent", "Demir", "Kowalska", "Rossi", "Alves", "Walsh", "Moreau")
PLAYERS = tuple(f"{first} {last}" for first, last in zip(FIRST, LAST))


class Shots:
    """Screenshots of every step when TD_NIGHT_SHOTS names a folder (nothing otherwise)."""

    def __init__(self, window, projector) -> None:
        folder = os.environ.get("TD_NIGHT_SHOTS")
        self.folder = Path(folder) if folder else None
        self.window, self.projector, self.count = window, projector, 0
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, step: str, *extra) -> None:
        if self.folder is None:
            return
        QApplication.processEvents()
        self.count += 1
        stem = f"{self.count:02d}-{step}"
        self.window.grab().save(str(self.folder / f"{stem}-console.png"))
        self.projector.refresh()
        self.projector.grab().save(str(self.folder / f"{stem}-projector.png"))
        for i, widget in enumerate(extra):
            widget.grab().save(str(self.folder / f"{stem}-dialog{i}.png"))
        if QGuiApplication.platformName() == "xcb":
            for i, screen in enumerate(QGuiApplication.screens()):
                screen.grabWindow(0).save(str(self.folder / f"{stem}-screen{i}.png"))


@pytest.fixture
def night(qtbot, tmp_path: Path, ui_settings, monkeypatch):
    shown: list[str] = []
    # a refusal box would wait for a click: record it instead, and the test fails on any refusal at the end
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    session = DirectorSession.open(tmp_path / "night.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(30))
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    window.projector = projector
    projector.place_on_screen()
    qtbot.waitExposed(projector)

    def console_has_the_keyboard() -> bool:
        if QGuiApplication.focusWindow() is not window.windowHandle():
            window.raise_()
            window.activateWindow()
        return QGuiApplication.focusWindow() is window.windowHandle() and window.isActiveWindow()

    qtbot.waitUntil(console_has_the_keyboard, timeout=5000)
    qtbot.wait(300 if QGuiApplication.platformName() == "xcb" else 0)   # a real window manager settles
    qtbot.waitUntil(console_has_the_keyboard, timeout=5000)
    window.keyboard_ready = lambda: qtbot.waitUntil(console_has_the_keyboard, timeout=5000)
    yield window, projector, shown
    window.close()
    projector.close()
    session.close()


def type_text(qtbot, widget, text: str) -> None:
    """QtTest only types ASCII; accented letters are inserted as a keyboard layout would."""
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
        else:
            widget.insert(char)


def ok(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def live_rows(window):
    window.refresh_stale_tabs()  # the Players tab may be in the back: read it as it is drawn when shown
    return [r for r in window.players_tab.model.rows if r.status != "busted"]


def row_named(window, name):
    window.refresh_stale_tabs()
    return next(r for r in reversed(window.players_tab.model.rows) if r.name == name)


def table_mate(window, row):
    return next(r for r in live_rows(window) if r.table == row.table and r.entry_id != row.entry_id)


def seat_on_map(window, name):
    for card in window.tables_tab.cards:
        for seat_row in card.seat_rows:
            if seat_row.seat.name == name:
                return seat_row
    raise AssertionError(f"{name} is not on the table map")


def tick_eliminator(qtbot, dialog, name) -> None:
    type_text(qtbot, dialog.filter, name)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)   # ticks the first player shown
    assert name in [dialog.candidates.item(i).text().split("    ")[0] for i in range(dialog.candidates.count())
                    if dialog.candidates.item(i).checkState() == Qt.CheckState.Checked]


def bust_on_map(qtbot, window, name: str, eliminator: str) -> None:
    """Tables tab, click the seat, B, type the eliminator, Enter to tick him, Enter to bust."""
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    seat = seat_on_map(window, name)
    qtbot.mouseClick(seat, LEFT)
    qtbot.keyClick(seat, Qt.Key.Key_B)
    dialog = window.busting.dialog
    assert dialog is not None and dialog.isVisible() and name in dialog.windowTitle()
    tick_eliminator(qtbot, dialog, eliminator)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert not dialog.isVisible(), dialog.error.text()


def find(qtbot, window, text: str) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F, CTRL)
    search = window.players_tab.search
    search.selectAll()
    qtbot.keyClick(search, Qt.Key.Key_Delete)
    type_text(qtbot, search, text)


def bust_from_players(qtbot, window, search: str, name: str, eliminator: str) -> None:
    """Find (part of a name), Ctrl+B; with several matches the director picks the player; then the dialog."""
    find(qtbot, window, search)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    tab = window.players_tab
    dialog = window.busting.dialog
    if dialog is None or not dialog.isVisible() or name not in dialog.windowTitle():
        which = tab.which_dialog
        assert which is not None and which.isVisible(), "several matches must ask which player"
        names = [which.list.item(i).text().split("    ")[0] for i in range(which.list.count())]
        which.list.setCurrentRow(names.index(name))
        qtbot.keyClick(which.list, Qt.Key.Key_Return)
        dialog = window.busting.dialog
    assert dialog is not None and dialog.isVisible() and name in dialog.windowTitle()
    tick_eliminator(qtbot, dialog, eliminator)
    qtbot.mouseClick(ok(dialog), LEFT)
    assert not dialog.isVisible(), dialog.error.text()


def accept_moves_if_any(qtbot, window) -> str:
    """Ctrl+Enter when the Tables tab says moves wait; returns the kind of proposal that was accepted."""
    proposal = window.tables_tab.proposal
    if proposal is None:
        return ""
    kind = proposal.kind
    qtbot.mouseClick(window.tables_tab.accept_move, LEFT)   # "Accept all (Ctrl+Enter)"
    assert window.tables_tab.proposal is None or window.tables_tab.proposal is not proposal
    return kind


def test_a_whole_re_entry_tournament_through_the_console(qtbot, night, tmp_path) -> None:
    window, projector, refusals = night
    shot = Shots(window, projector)

    # The wizard: four tables of nine, turbo, one re-entry per player, late registration closed by hand.
    window.keyboard_ready()
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    wizard = window.new_tournament_dialog
    active(qtbot, wizard)
    form = wizard.form
    qtbot.keyClicks(form.name, "Saturday Re-entry")
    choose(qtbot, form.structure, "turbo")
    set_spin(qtbot, form.tables, 4)
    page(qtbot, wizard, "Buy-in")
    set_spin(qtbot, field(wizard, "buy_in"), 50)
    page(qtbot, wizard, "Re-entry and late registration")
    set_spin(qtbot, field(wizard, "reentry_limit"), 1)
    shot("wizard", wizard)
    qtbot.mouseClick(ok(wizard), LEFT)
    assert window.windowTitle().startswith("Saturday Re-entry")
    window.keyboard_ready()

    # Thirty buy-ins typed, Enter after each.
    registration = window.players_tab.register_name
    for name in PLAYERS:
        type_text(qtbot, registration, name)
        qtbot.keyClick(registration, Qt.Key.Key_Return)
    assert window.players_tab.count_label.text() == "30 of 30 entries"
    shot("thirty-registered")

    # The draw: 8 / 8 / 7 / 7; the projector shows the seating chart until the clock starts.
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    window.refresh_stale_tabs()  # the Tables tab in the back, as it is drawn when shown
    assert sorted(len([s for s in card.seat_rows if s.entry_id]) for card in window.tables_tab.cards) == [7, 7, 8, 8]
    projector.refresh()
    assert len(projector.view.seating_chart) == 30 and projector.view.seating_chart[0][0] == "Ana Souza"
    shot("draw-seating-chart")

    # The clock: F8 on the Clock tab starts it; the projector is back to the clock with the chip leader.
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    projector.refresh()
    assert projector.view.running and projector.view.level_number == 1 and not projector.view.seating_chart
    shot("clock-running")

    # A bust from the table map, and the player re-enters (a seat from the pool: TDA 8-A).
    grace = row_named(window, "Grace O'Malley")
    mate = table_mate(window, grace)
    bust_on_map(qtbot, window, grace.name, mate.name)
    assert "Grace O'Malley is out in 30th place" in window.statusBar().currentMessage()
    shot("bust-from-the-map")
    find(qtbot, window, "grace")
    assert window.players_tab.selected_entry().name == "Grace O'Malley"      # one match: selected
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL_SHIFT)
    assert "Grace O'Malley re-entered (entry 2)" in window.statusBar().currentMessage()  # her second, as the Log says
    assert window.players_tab.count_label.text().endswith("of 31 entries")

    # A bust from Find with several matches ("an" is in many names): the console asks which player.
    luis = row_named(window, "Luis Fernández")
    bust_from_players(qtbot, window, "an", luis.name, table_mate(window, luis).name)
    assert "Luis Fernández is out" in window.statusBar().currentMessage()
    shot("bust-from-find")
    # Find matches names only: the eliminator's own name does not bring the busted player back.
    find(qtbot, window, "zzz")
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    assert window.players_tab.notice.isVisible() and "Find" in window.players_tab.notice.text()

    # Busts until a table breaks: every balancing proposal accepted with Ctrl+Enter, then the break itself.
    kinds = []
    rng = random.Random(5)
    while "break" not in kinds:
        victim = rng.choice(live_rows(window))
        bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
        kinds.append(accept_moves_if_any(qtbot, window))
    assert "balance" in kinds or kinds[-1] == "break"
    assert len(window.tables_tab.cards) == 3
    projector.refresh()
    assert projector.view.moves and "BREAKS" in projector.view.moves_title
    shot("table-broken-moves-on-projector")

    # Two players out on the same hand with equal stacks share the place (seed 004 T 11).
    first = live_rows(window)[0]
    second = table_mate(window, first)
    winner_of_pot = next(r for r in live_rows(window) if r.table == first.table
                         and r.entry_id not in (first.entry_id, second.entry_id))
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    seat = seat_on_map(window, first.name)
    qtbot.mouseClick(seat, LEFT)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = window.busting.dialog
    dialog.also_out.setCurrentIndex(dialog.also_out.findData(second.entry_id))
    qtbot.mouseClick(dialog.add_out, LEFT)
    for entry_id in (first.entry_id, second.entry_id):
        set_spin(qtbot, dialog._chips[entry_id], 20_000)
    tick_eliminator(qtbot, dialog, winner_of_pot.name)
    shot("same-hand-bust-dialog", dialog)
    qtbot.mouseClick(ok(dialog), LEFT)
    said = window.statusBar().currentMessage()
    assert "share" in said and first.name in said and second.name in said, said
    places = {r.name: r.place for r in window.players_tab.model.rows if r.name in (first.name, second.name)}
    assert len(set(places.values())) == 1
    qtbot.keyClick(window, Qt.Key.Key_6, CTRL)
    shared = [r for r in window.results_tab.model.rows if r.name in (first.name, second.name)]
    assert shared[0].place_text == shared[1].place_text and "–" in shared[0].place_text
    accept_moves_if_any(qtbot, window)

    # Busts down to the last five (balancing accepted as it comes, the final table drawn).
    while len(live_rows(window)) > 5:
        victim = rng.choice(live_rows(window))
        bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
        accept_moves_if_any(qtbot, window)
    assert len(window.tables_tab.cards) == 1
    projector.refresh()
    assert projector.view.final_table
    shot("final-table")

    # A chip count of the room: one stack typed too high first (the sheet says so), then the other corrected.
    qtbot.keyClick(window, Qt.Key.Key_K, CTRL)
    count = window.chip_count_dialog
    assert count is not None and count.isVisible() and count.scope.currentData() is None
    big, small = sorted(live_rows(window), key=lambda r: -r.chips)[:2]
    moved = small.chips // 2   # a pot the program could not know went from one to the other
    set_spin(qtbot, count.spins[big.entry_id], big.chips + moved)
    assert f"{moved:,} more than" in count.total.text()
    shot("chip-count-not-adding-up", count)
    set_spin(qtbot, count.spins[small.entry_id], small.chips - moved)
    assert "adds up" in count.total.text()
    qtbot.mouseClick(ok(count), LEFT)
    assert not count.isVisible(), count.error.text()
    assert "adds up to the chips in play" in window.statusBar().currentMessage()
    projector.refresh()
    leader = max(live_rows(window), key=lambda r: r.chips)
    assert projector.view.chip_leader == (leader.name, leader.chips)
    shot("chip-count-recorded")

    # Two more out, then a deal between the last three (ICM on the counted stacks).
    for _ in range(2):
        victim = min(live_rows(window), key=lambda r: r.chips)
        bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL)
    deal = window.payouts_tab.deal_dialog
    assert deal is not None and deal.isVisible() and deal.table.rowCount() == 3
    shot("deal", deal)
    qtbot.mouseClick(ok(deal), LEFT)
    answer(qtbot, deal.confirmation)                                      # the console asks before it records
    assert window.session.history()[-1].event_type == "deal.made"
    window.keyboard_ready()

    # The last busts: registration is still open, so the console asks to close it and finish.
    victim = min(live_rows(window), key=lambda r: r.chips)
    bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
    last = live_rows(window)
    bust_on_map(qtbot, window, last[0].name, last[1].name)
    question = window.busting.finish_question
    assert question is not None and question.isVisible() and last[1].name in question.text()
    shot("one-left-close-registration", question)
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), LEFT)

    # The winner: placed first and paid, the clock stopped, the console and the projector say so.
    champion = last[1].name
    assert window.tabs.currentWidget() is window.results_tab
    results = window.results_tab.model.rows
    assert results[0].name == champion and results[0].place == 1 and results[0].prize > 0
    assert f"{champion} wins" in window.results_tab.summary.text()
    projector.refresh()
    assert projector.view.winner[0] == champion and not projector.view.running
    assert window.mini_clock.time_label.text() == f"Winner: {champion}"
    shot("winner")

    # The results exported as a web page through the save dialog.
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL)
    save = window.results_tab.file_dialog
    save.setDirectory(str(tmp_path))   # the folder the director browses to
    name_field = save.findChild(QLineEdit, "fileNameEdit")
    target = tmp_path / "saturday-results.html"
    name_field.setFocus()
    name_field.selectAll()
    qtbot.keyClicks(name_field, target.name)
    qtbot.keyClick(name_field, Qt.Key.Key_Return)
    qtbot.waitUntil(target.exists, timeout=3000)
    exported = target.read_text(encoding="utf-8")
    assert champion.replace("'", "&#x27;") in exported and "–" in exported   # the shared place reads as a range
    assert refusals == []
    assert window.session.tournament.check_invariants() == []
