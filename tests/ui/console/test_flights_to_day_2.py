"""A multi-day event through the console's widgets only, over a real SQLite file: Tournament > New multi-day event…
with three Day 1 flights stopping at the end of level 2, flights of 40, 30 and 50 players typed in at the desk, one
player trying a second flight (refused naming his flight under first stack forward; let in under best stack
forward, his smaller bag forfeited), each flight played to its set point (the console says so and offers the end
of the day), its survivors bagged table by table in End of day: bag and tag (a count short confirmed once, a bag
sheet per table printed through the print dialog and read back), the day's end undone and redone, and Tournament >
Next day from the bags… drawing Day 2 of the survivors, each with his bag, the combined prize pool paid there.
Screenshots of every new window go to artifacts/."""

from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit, QMessageBox

from tests.ui.console.formats_driving import active, choose, click, pick_file, set_spin, type_text
from tests.ui.console.test_whole_night import FIRST, LAST, bust_on_map, live_rows, table_mate
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession
from tournament_director.store.names import name_key, names_look_alike

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton
BUY_IN = 300
ANN = "Ann Lee"


@pytest.fixture
def console(qtbot, tmp_path: Path, ui_settings, monkeypatch):
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    asked: list[str] = []
    answers: list[QMessageBox.StandardButton] = []

    def question(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    session = DirectorSession.open(tmp_path / "festival.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(26))
    window = show_console(qtbot, session, ui_settings)
    window.refusals, window.asked, window.answers = refusals, asked, answers
    yield window
    window.close()
    session.close()


def trigger(window, action) -> None:
    assert action.isEnabled(), action.text()
    action.trigger()
    QApplication.processEvents()


def open_flight(qtbot, window, name: str) -> None:
    """Tournament > Open tournament > the flight."""
    active(qtbot, window)
    window._fill_open_menu()
    action = next(a for a in window.open_menu.actions() if a.text() == name)
    action.trigger()
    assert window.session.tournament_name == name


def register(qtbot, window, names: list[str]) -> None:
    registration = window.players_tab.register_name
    for name in names:
        type_text(qtbot, registration, name)
        qtbot.keyClick(registration, Qt.Key.Key_Return)


def _field() -> list[str]:
    """Distinct names, none a look-alike of another (the desk would ask whether two are the same player)."""
    chosen = [ANN]
    for i in range(len(LAST)):
        for j, first in enumerate(FIRST):
            name = f"{first} {LAST[(i + j) % len(LAST)]}"
            if all(not names_look_alike(name_key(name), name_key(other)) for other in chosen):
                chosen.append(name)
    return chosen[1:]


FIELD = _field()
SLICES = {"A": (0, 39), "B": (39, 69), "C": (69, 119), "D": (119, 131)}


def players(flight: str, count: int) -> list[str]:
    start, end = SLICES[flight]
    return FIELD[start:end][:count]


def play_to_the_set_point(qtbot, window, shots: Path, flight: str) -> QMessageBox:
    """Draw (Ctrl+Shift+D), start the clock (F8), two busts at the first table, then the levels played out with
    Ctrl+Right until the console says the set point is reached."""
    active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    assert all(e.table is not None for e in window.session.tournament.entries())
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    for _ in range(2):  # from the table map: the seat clicked, B, the eliminator ticked, Enter
        victim = next(r for r in live_rows(window) if r.table == 1 and r.name != ANN)
        bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
    assert window.set_point_notice is None or not window.set_point_notice.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)  # level 2
    assert window.session.days.set_point_reached() is None
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)  # level 2 played out
    qtbot.waitUntil(lambda: window.set_point_notice is not None and window.set_point_notice.isVisible(),
                    timeout=3000)
    notice = window.set_point_notice
    assert f"Main Event, Day {flight} has reached its set point: the end of level 2" in notice.text()
    notice.grab().save(str(shots / f"flights-set-point-{flight}.png"))
    return notice


def bag_every_table(qtbot, window, short_by: int = 0):
    """In the bag dialog: each table chosen, a count typed per survivor, Record; ``short_by`` chips missing from
    the last table's first bag."""
    dialog = window.bag_dialog
    tables = [dialog.table_choice.itemData(i) for i in range(dialog.table_choice.count())]
    for number in tables:
        choose(qtbot, dialog.table_choice, number)
        lines = window.session.days.bag_sheet(number)
        for i, line in enumerate(lines):
            count = line.stack - (short_by if number == tables[-1] and i == 0 else 0)
            set_spin(qtbot, dialog.spins[line.entry_id], count)
        click(qtbot, dialog.record_button)
        assert not dialog.error.isVisible(), dialog.error.text()
        assert f"Table {number} bagged" in window.statusBar().currentMessage()
    return dialog


def end_the_day(qtbot, window, notice: QMessageBox | None, shots: Path, flight: str, *, short_by: int = 0,
                pdf: Path | None = None) -> None:
    """From the set point's notice ("End the day…"), or with the bag dialog already open (None)."""
    if notice is not None:
        qtbot.mouseClick(notice.end_day_button, LEFT)  # "End the day…"
        assert "the end of level 2" in window.bag_dialog.heading.text()
    dialog = window.bag_dialog
    assert dialog is not None and dialog.isVisible()
    active(qtbot, dialog)
    bag_every_table(qtbot, window, short_by)
    QApplication.processEvents()  # the dialog laid out again as the director sees it
    dialog.grab().save(str(shots / f"flights-bag-and-tag-{flight}.png"))
    if pdf is not None:
        click(qtbot, dialog.print_button)
        print_dialog = window.tables_tab.print_dialog
        print_dialog.grab().save(str(shots / "flights-bag-sheets-print-dialog.png"))
        active(qtbot, print_dialog)
        name = print_dialog.findChild(QLineEdit, "filename")
        assert name is not None and name.isVisible(), "the print dialog offers no output file"
        name.selectAll()
        type_text(qtbot, name, str(pdf))
        qtbot.mouseClick(print_dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT)
        qtbot.waitUntil(lambda: pdf.exists() and pdf.stat().st_size > 0, timeout=5000)
        active(qtbot, dialog)
    if short_by:
        window.answers.append(QMessageBox.StandardButton.Yes)  # end the day with the difference
    click(qtbot, dialog.end_button)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    if short_by:
        assert f"{short_by:,} short" in window.asked[-1]
    assert window.session.days.view().ended is not None
    assert not window.session.clock.view().running  # play stops: the clock keeps where the day ended


@pytest.mark.parametrize("policy", ["first", "best"])
def test_three_flights_bagged_to_day_2_with_the_combined_pool_and_a_random_draw(qtbot, console, tmp_path,
                                                                                artifacts_dir, policy) -> None:
    window = console
    shots = artifacts_dir
    # Tournament > New multi-day event…: three flights to the end of level 2.
    trigger(window, window.new_festival_action)
    dialog = window.new_festival_dialog
    active(qtbot, dialog)
    dialog.name.selectAll()
    type_text(qtbot, dialog.name, "Main Event")
    choose(qtbot, dialog.structure, "turbo")
    set_spin(qtbot, dialog.buy_in, BUY_IN)
    set_spin(qtbot, dialog.tables, 6)
    choose(qtbot, dialog.set_point_kind, "level")
    set_spin(qtbot, dialog.set_point_value, 2)
    qtbot.mouseClick(dialog.best_stack if policy == "best" else dialog.first_stack, LEFT)
    dialog.grab().save(str(shots / "flights-new-multi-day-event.png"))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    assert window.session.tournament_name == "Main Event Day 1A"
    assert [t.name for t in window.session.list_tournaments()] == [f"Main Event Day 1{x}" for x in "ABC"]

    # Day 1A: forty players, Ann Lee among them; played to the end of level 2, bagged, the bag sheets printed.
    register(qtbot, window, [ANN] + players("A", 39))
    assert window.players_tab.count_label.text() == "40 of 40 entries"
    assert window.session.tournament.prize_pool().prizes == ()  # a flight pays nothing itself
    notice = play_to_the_set_point(qtbot, window, shots, "1A")
    pdf = tmp_path / "bag-sheets-1A.pdf"
    end_the_day(qtbot, window, notice, shots, "1A", pdf=pdf)
    pages = [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split())  # "ﬁ" read back as "fi"
             for page in PdfReader(str(pdf)).pages]
    survivors = [e for e in window.session.tournament.entries() if not e.busted]
    assert len(pages) == len({e.table for e in survivors}) == 6  # one bag sheet per table
    for entry in survivors:
        page = pages[sorted({e.table for e in survivors}).index(entry.table)]
        assert f"Table {entry.table}" in page and entry.name in page and f"{entry.chips:,}" in page
    # one undo takes the day's end back (the clock runs again), one redo ends it again
    active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert window.session.days.view().ended is None and window.session.clock.view().running
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
    assert window.session.days.view().ended is not None and not window.session.clock.view().running
    ann_1a = next(e.chips for e in window.session.tournament.entries() if e.name == ANN)

    # Day 1B: thirty players; Ann Lee comes to play it too.
    open_flight(qtbot, window, "Main Event Day 1B")
    if policy == "first":
        register(qtbot, window, [ANN])
        assert any("Ann Lee qualified from Day 1A" in text and "first stack forward" in text
                   for text in window.refusals), window.refusals
        assert window.session.tournament.entries() == []
        register(qtbot, window, players("B", 30))
    else:
        register(qtbot, window, players("B", 29) + [ANN])
        assert not window.refusals
    assert len(window.session.tournament.entries()) == 30, window.session.tournament_name
    window.refresh_stale_tabs()
    assert window.players_tab.count_label.text() == "30 of 30 entries"
    notice = play_to_the_set_point(qtbot, window, shots, "1B")
    if policy == "best":  # her Day 1B stack grows past her Day 1A bag
        active(qtbot, notice)
        qtbot.mouseClick(notice.not_yet_button, LEFT)  # "Not yet": one more hand
        ann = next(r for r in live_rows(window) if r.name == ANN)
        bust_on_map(qtbot, window, table_mate(window, ann).name, ANN)
        trigger(window, window.bag_action)
    end_the_day(qtbot, window, notice if policy == "first" else None, shots, "1B", short_by=500)
    assert window.session.days.view().ended["difference"] == -500

    # Day 1C: fifty players.
    open_flight(qtbot, window, "Main Event Day 1C")
    register(qtbot, window, players("C", 50))
    notice = play_to_the_set_point(qtbot, window, shots, "1C")
    end_the_day(qtbot, window, notice, shots, "1C")

    # Tournament > Next day from the bags…: the flights, the combined pool, the bags forfeited; Day 2 drawn.
    trigger(window, window.next_day_action)
    next_day = window.next_day_dialog
    active(qtbot, next_day)
    assert next_day.flights.rowCount() == 3
    assert "prize pool 36,000 from 120 entries" in next_day.summary.text()
    if policy == "best":
        assert next_day.forfeited.isVisible() and f"Ann Lee: Day 1A bag of {ann_1a:,}" in next_day.forfeited.text()
    else:
        assert not next_day.forfeited.isVisible()
    next_day.grab().save(str(shots / f"flights-next-day-{policy}.png"))
    flights = window.session.festivals.next_day_plan(1)
    qtbot.mouseClick(next_day.create_button, LEFT)
    assert not next_day.isVisible(), next_day.error.text()
    session = window.session
    assert session.tournament_name == "Main Event Day 2"
    entries = session.tournament.entries()
    going = {b.name: b.chips for b in flights.going}
    # two busts a flight (one more in Day 1B under best stack forward) and Ann Lee's smaller bag forfeited
    assert len(entries) == 120 - 3 * 2 - (2 if policy == "best" else 0)
    assert {e.name: e.chips for e in entries} == going
    assert all(e.table is not None and e.seat is not None for e in entries)
    pool = session.tournament.prize_pool()
    assert pool.prize_pool == 120 * BUY_IN and sum(pool.prizes) == 120 * BUY_IN
    assert session.clock.view().period_index == 2 and not session.clock.view().running  # where the flights stopped
    # the draw follows the seating rules: tables balanced within one player (TDA 7)
    sizes = [sum(1 for e in entries if e.table == n) for n in {e.table for e in entries}]
    assert max(sizes) - min(sizes) <= 1
    active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # one undo takes the draw back
    assert all(e.table is None for e in session.tournament.entries())
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
    assert [(e.table, e.seat) for e in session.tournament.entries()] == [(e.table, e.seat) for e in entries]
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    window.refresh_stale_tabs()
    window.grab().save(str(shots / f"flights-day-2-tables-{policy}.png"))
    assert not window.refusals or policy == "first"


def test_one_tournament_ends_its_day_and_the_next_day_starts_the_clock_where_it_stopped(
        qtbot, tmp_path, ui_settings, monkeypatch, artifacts_dir) -> None:
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(f"refused: {a[2]}"))
    session = DirectorSession.open(tmp_path / "deepstack.sqlite", backup_dir=tmp_path / "backups",
                                   rng=random.Random(3))
    from tournament_director.services.session import NewTournamentPlan

    session.create_from_plan(NewTournamentPlan("Deepstack", "turbo", tables=2, seats_per_table=9))
    window = show_console(qtbot, session, ui_settings)
    register(qtbot, window, players("D", 12))
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)
    qtbot.keyClick(window, Qt.Key.Key_Down, CTRL)  # a minute off: level 2, 9 minutes left
    # Tournament > Where the day stops…: ten players left
    trigger(window, window.set_point_action)
    stops = window.set_point_dialog
    active(qtbot, stops)
    choose(qtbot, stops.set_point_kind, "players")
    set_spin(qtbot, stops.set_point_value, 10)
    QApplication.processEvents()
    stops.grab().save(str(artifacts_dir / "end-of-day-where-the-day-stops.png"))
    qtbot.mouseClick(stops.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert not stops.isVisible(), stops.error.text()
    active(qtbot, window)
    first = next(r for r in live_rows(window) if r.table == 1)
    bust_on_map(qtbot, window, first.name, table_mate(window, first).name)
    assert window.set_point_notice is None
    second = next(r for r in live_rows(window) if r.table == 2)
    bust_on_map(qtbot, window, second.name, table_mate(window, second).name)
    notice = window.set_point_notice
    assert notice is not None and "Deepstack, Day 1 has reached its set point: 10 players left" in notice.text()
    qtbot.mouseClick(notice.end_day_button, LEFT)
    dialog = window.bag_dialog
    active(qtbot, dialog)
    assert "10 players left" in dialog.heading.text()
    click(qtbot, dialog.end_button)  # nobody bagged yet: refused inside the dialog
    assert dialog.isVisible() and "10 player(s) still in have no bag" in dialog.error.text()
    bag_every_table(qtbot, window)
    assert "the bags add up" in dialog.total.text()
    click(qtbot, dialog.pdf_button)  # Save the bag sheets as PDF…
    pick_file(qtbot, window.tables_tab.pdf_dialog, tmp_path / "deepstack-bags.pdf")
    pages = [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split())
             for page in PdfReader(str(tmp_path / "deepstack-bags.pdf")).pages]
    assert [page.split(" Seat ")[0] for page in pages] == ["Deepstack, Day 1: bag sheet Table 1",
                                                           "Deepstack, Day 1: bag sheet Table 2"]
    assert all(f"Table total {sum(line.bag for line in session.days.bag_sheet(n)):,}" in pages[n - 1]
               for n in (1, 2))
    active(qtbot, dialog)
    QApplication.processEvents()
    dialog.grab().save(str(artifacts_dir / "end-of-day-one-tournament.png"))
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # closed: the bags stay recorded
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # one undo: the last table's bags
    assert len(session.days.view().tables_bagged) == 1
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
    trigger(window, window.bag_action)
    dialog = window.bag_dialog
    active(qtbot, dialog)
    assert "Tables bagged: 1, 2" in dialog.heading.text()
    click(qtbot, dialog.end_button)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
    stopped = session.clock.view()
    assert stopped.period_index == 1 and not stopped.running and 8 * 60_000 < stopped.remaining_ms <= 9 * 60_000
    window.close()
    session.close()

    # the next day: the program opened again on the same file
    session = DirectorSession.open(tmp_path / "deepstack.sqlite", backup_dir=tmp_path / "backups")
    session.select_tournament(1)
    window = show_console(qtbot, session, ui_settings)
    assert not session.clock.view().running and session.clock.view().period_index == 1
    trigger(window, window.start_next_day_action)
    view = session.clock.view()
    assert view.period_index == 1 and view.running and 0 <= stopped.remaining_ms - view.remaining_ms < 2_000
    assert session.days.view().day == 2 and "Day 2 started" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the day's start and the clock started: one undo
    assert session.days.view().day == 1 and not session.clock.view().running
    window.close()
    session.close()


def test_a_bad_plan_and_two_bags_of_one_player_are_said_in_the_dialogs(qtbot, console, artifacts_dir) -> None:
    window = console
    session = window.session
    trigger(window, window.new_festival_action)
    dialog = window.new_festival_dialog
    active(qtbot, dialog)
    dialog.flights.selectAll()
    type_text(qtbot, dialog.flights, "1A, 1a")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert dialog.isVisible() and "each flight needs a label of its own" in dialog.error.text()
    assert session.list_tournaments() == [] and session.festivals.all() == []
    dialog.flights.selectAll()
    type_text(qtbot, dialog.flights, "1A, 1B")
    set_spin(qtbot, dialog.tables, 1)
    choose(qtbot, dialog.set_point_kind, "players")
    set_spin(qtbot, dialog.set_point_value, 3)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    # Ann Lee plays both flights before either has bagged: first stack forward cannot carry both bags
    for flight, others in (("1A", FIELD[140:143]), ("1B", FIELD[143:146])):
        open_flight(qtbot, window, f"Main Event Day {flight}")
        register(qtbot, window, [ANN] + others)
        assert window.set_point_notice is None  # a field registering is not yet down to three
    assert not window.refusals
    for flight in ("1A", "1B"):
        open_flight(qtbot, window, f"Main Event Day {flight}")
        qtbot.keyClick(window, Qt.Key.Key_D, CTRL_SHIFT)
        qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
        qtbot.keyClick(window, Qt.Key.Key_F8)
        victim = next(r for r in live_rows(window) if r.name != ANN)
        bust_on_map(qtbot, window, victim.name, table_mate(window, victim).name)
        qtbot.waitUntil(lambda: window.set_point_notice is not None, timeout=2000)
        qtbot.mouseClick(window.set_point_notice.end_day_button, LEFT)
        end_the_day(qtbot, window, None, artifacts_dir, f"refusals-{flight}")
    trigger(window, window.next_day_action)
    next_day = window.next_day_dialog
    active(qtbot, next_day)
    assert "Ann Lee bagged in Day 1A, Day 1B: under first stack forward" in next_day.summary.text()
    assert not next_day.create_button.isEnabled()
    QApplication.processEvents()
    next_day.grab().save(str(artifacts_dir / "flights-next-day-refused.png"))
