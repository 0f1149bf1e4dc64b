"""A 30-player re-entry progressive knockout in the console: seat cards and move slips printed and saved as PDF
from every place the console offers them (the buttons' menus, the Floor and Players menus, their shortcuts), each
PDF read back; printing with nothing to print says so. The results exports with their money summary and the
re-entries numbered, players bought in from a CSV, Close registration as registration stands, the add-on's
message. Files are chosen in the real file dialog, printing goes through the real print dialog to its PDF output."""

from __future__ import annotations

import random
import subprocess
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT, active, pick_file, select_player, type_text
from tests.ui.console.pko_players import NAMES
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan

PKO = {"bounty_mode": "progressive", "bounty": 50, "pko_cash_percent": 50, "guarantee": 5_000,
       "reentry_limit": 2, "reentry_until_level": 6, "addon_enabled": True, "addon_price": 20, "addon_fee": 0,
       "addon_chips": 5_000, "rake_percent": 0}


@pytest.fixture
def session(tmp_path: Path):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(7))
    yield opened
    opened.close()


def pko_night(session: DirectorSession, *, players: int = 30, draw: bool = True) -> None:
    """The Thursday PKO: 100 + 10 fee + 50 bounty, 5,000 guaranteed, two re-entries, a 5,000-chip add-on for 20;
    late registration until level 4; four tables of nine."""
    session.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=100, fee=10, tables=4,
                                               late_registration_until_level=4, settings=PKO))
    floor = session.tournament
    for name in NAMES[:players]:
        session.run(floor.register, name)
    if draw:
        session.run(floor.draw_seats)


@pytest.fixture
def console(qtbot, session, ui_settings, refusals):
    window = show_console(qtbot, session, ui_settings)
    yield window
    window.close()


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of the PDF, spaces run together (ligatures such as "ﬁ" read as their letters)."""
    return [" ".join(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in PdfReader(str(path)).pages]


def render(path: Path, artifacts_dir: Path, name: str) -> Path:
    """The first page as a PNG in the artifacts, to look at."""
    out = artifacts_dir / name
    subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", str(path), str(out)],
                   check=True, timeout=60)
    return out.with_suffix(".png")


def menu_item(button, text: str):
    found = [a for a in button.menu().actions() if a.text() == text]
    assert found, f"{button.text()!r} offers {[a.text() for a in button.menu().actions()]}"
    return found[0]


def window_action(window, text: str):
    return next(a for a in window.actions() if a.text() == text)


def print_to_file(qtbot, dialog, path: Path) -> None:
    """In the print dialog: the file name typed into its output file field, then Print."""
    active(qtbot, dialog)
    name = dialog.findChild(QLineEdit, "filename")
    assert name is not None and name.isVisible(), "the print dialog offers no output file"
    name.selectAll()
    type_text(qtbot, name, str(path))
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT)
    qtbot.waitUntil(lambda: path.exists() and path.stat().st_size > 0, timeout=5000)


def seats_by_name(session) -> dict[str, tuple[int, int]]:
    return {e.name: (e.table, e.seat) for e in session.tournament.entries() if not e.busted}


def assert_seat_cards(pages: list[str], session) -> None:
    seats = seats_by_name(session)
    assert len(pages) == len(seats) == 30
    for text in pages:
        name = next(n for n in seats if n in text)
        table, seat = seats[name]
        assert "Thursday PKO" in text and f"Table {table} Seat {seat}" in text, text


# ----- 1. Seat cards and move slips: every path prints, every PDF reads back -----------------------------------
def test_seat_cards_save_as_pdf_from_the_tables_tab_button_menu(qtbot, console, session, tmp_path, artifacts_dir,
                                                               refusals) -> None:
    pko_night(session)
    tab = console.tables_tab
    console.tabs.setCurrentWidget(tab)
    menu_item(tab.print_seats, "Save as PDF…").trigger()
    pick_file(qtbot, tab.pdf_dialog, tmp_path / "thursday-seats.pdf")
    pages = pdf_pages(tmp_path / "thursday-seats.pdf")
    assert_seat_cards(pages, session)
    assert "Saved" in console.statusBar().currentMessage() and refusals == []
    render(tmp_path / "thursday-seats.pdf", artifacts_dir, "pko-seat-card")


def test_seat_cards_as_pdf_from_the_floor_menu_and_ctrl_p(qtbot, console, session, tmp_path) -> None:
    pko_night(session)
    window_action(console, "Seat cards as PDF…").trigger()
    pick_file(qtbot, console.tables_tab.pdf_dialog, tmp_path / "from-menu.pdf")
    assert_seat_cards(pdf_pages(tmp_path / "from-menu.pdf"), session)
    console.tabs.setCurrentWidget(console.players_tab)   # the shortcut works on every tab
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_P, CTRL)
    pick_file(qtbot, console.tables_tab.pdf_dialog, tmp_path / "ctrl-p")   # ".pdf" added to the name
    assert_seat_cards(pdf_pages(tmp_path / "ctrl-p.pdf"), session)


def test_seat_cards_print_through_the_print_dialog(qtbot, console, session, tmp_path, artifacts_dir) -> None:
    pko_night(session)
    tab = console.tables_tab
    console.tabs.setCurrentWidget(tab)
    menu_item(tab.print_seats, "Print…").trigger()
    tab.print_dialog.grab().save(str(artifacts_dir / "pko-print-dialog.png"))
    print_to_file(qtbot, tab.print_dialog, tmp_path / "printed-seats.pdf")
    assert_seat_cards(pdf_pages(tmp_path / "printed-seats.pdf"), session)


def test_one_players_seat_card_from_the_players_tab_menu_shortcut_and_print(qtbot, console, session,
                                                                           tmp_path) -> None:
    pko_night(session)
    table, seat = seats_by_name(session)["Grace O'Malley"]
    select_player(qtbot, console, "Grace O'Malley")
    button = console.players_tab.buttons["seat_card"]
    menu_item(button, "Save as PDF…").trigger()
    pick_file(qtbot, console.players_tab.pdf_dialog, tmp_path / "grace.pdf")
    assert pdf_pages(tmp_path / "grace.pdf") == [f"Thursday PKO Grace O'Malley Table {table} Seat {seat}"]

    select_player(qtbot, console, "Luis Fernández")
    table, seat = seats_by_name(session)["Luis Fernández"]
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_S, CTRL_SHIFT)
    pick_file(qtbot, console.players_tab.pdf_dialog, tmp_path / "luis.pdf")
    assert pdf_pages(tmp_path / "luis.pdf") == [f"Thursday PKO Luis Fernández Table {table} Seat {seat}"]

    window_action(console, "Seat card of the selected player as PDF…").trigger()
    pick_file(qtbot, console.players_tab.pdf_dialog, tmp_path / "luis-again.pdf")
    assert pdf_pages(tmp_path / "luis-again.pdf") == pdf_pages(tmp_path / "luis.pdf")

    menu_item(button, "Print…").trigger()
    print_to_file(qtbot, console.players_tab.print_dialog, tmp_path / "luis-printed.pdf")
    assert pdf_pages(tmp_path / "luis-printed.pdf") == [f"Thursday PKO Luis Fernández Table {table} Seat {seat}"]


def bust_for_a_move(qtbot, console, session) -> None:
    """A bust at the shortest table leaves the room to balance: the proposal shows on the Tables tab."""
    floor = session.tournament
    short = min(floor.tables(), key=lambda t: (t.players, -t.number))
    seated = [s for s in short.seats if s.entry_id]
    console.players_tab.bust(seated[0].entry_id, [seated[1].entry_id])
    short = min(floor.tables(), key=lambda t: (t.players, -t.number))
    seated = [s for s in short.seats if s.entry_id]
    console.players_tab.bust(seated[0].entry_id, [seated[1].entry_id])
    console.tabs.setCurrentWidget(console.tables_tab)
    qtbot.keyClick(console, Qt.Key.Key_F6)
    assert console.tables_tab.proposal is not None and console.tables_tab.proposal.moves


def test_move_slips_of_the_proposal_and_of_the_moves_accepted(qtbot, console, session, tmp_path,
                                                             artifacts_dir, refusals) -> None:
    pko_night(session)
    bust_for_a_move(qtbot, console, session)
    tab = console.tables_tab
    moves = tab.proposal.moves
    names = {e.entry_id: e.name for e in session.tournament.entries()}
    menu_item(tab.print_slip, "Save as PDF…").trigger()
    pick_file(qtbot, tab.pdf_dialog, tmp_path / "slips.pdf")
    pages = pdf_pages(tmp_path / "slips.pdf")
    assert len(pages) == len(moves)
    for move, text in zip(moves, pages):
        assert names[move.entry_id] in text
        assert f"from table {move.from_table}, seat {move.from_seat}" in text
        assert f"to Table {move.to_table} Seat {move.to_seat}" in text
    render(tmp_path / "slips.pdf", artifacts_dir, "pko-move-slip")

    active(qtbot, console)
    qtbot.mouseClick(tab.accept_move, LEFT)   # the moves are made: the slips are printed for the players moving
    assert refusals == []
    assert tab.print_slip.isEnabled()
    menu_item(tab.print_slip, "Print…").trigger()
    print_to_file(qtbot, tab.print_dialog, tmp_path / "slips-printed.pdf")
    printed = pdf_pages(tmp_path / "slips-printed.pdf")
    assert len(printed) == len(moves)
    for move, text in zip(moves, printed):
        assert names[move.entry_id] in text and f"to Table {move.to_table} Seat {move.to_seat}" in text

    # Undone, and the director keeps everyone where they are: the moves no longer stand, there is no slip to print.
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_Z, CTRL)
    while tab.proposal is not None:
        tab.proposals.setCurrentRow(0)
        qtbot.mouseClick(tab.reject_move, LEFT)
    menu_item(tab.print_slip, "Save as PDF…").trigger()
    assert "No move slips to print" in tab.notice.text()


def test_printing_with_nothing_to_print_says_so(qtbot, console, session, artifacts_dir) -> None:
    pko_night(session, draw=False)
    tables = console.tables_tab
    console.tabs.setCurrentWidget(tables)
    for item in ("Print…", "Save as PDF…"):
        tables.notice.clear()
        menu_item(tables.print_seats, item).trigger()
        assert "No seat cards to print" in tables.notice.text() and tables.notice.isVisible()
        assert "Draw the seats" in tables.notice.text()
    for item in ("Print…", "Save as PDF…"):
        tables.notice.clear()
        assert tables.print_slip.isEnabled()
        menu_item(tables.print_slip, item).trigger()
        assert "No move slips to print" in tables.notice.text()
    console.grab().save(str(artifacts_dir / "pko-nothing-to-print.png"))
    qtbot.keyClick(console, Qt.Key.Key_P, CTRL)
    assert "No seat cards to print" in console.statusBar().currentMessage()
    assert getattr(tables, "pdf_dialog", None) is None and getattr(tables, "print_dialog", None) is None

    players = console.players_tab
    console.tabs.setCurrentWidget(players)
    qtbot.keyClick(console, Qt.Key.Key_S, CTRL_SHIFT)   # nobody selected
    assert "No seat card to print" in players.notice.text() and players.notice.isVisible()
    select_player(qtbot, console, "Ann Lee")   # selected, but the seats are not drawn yet
    qtbot.keyClick(console, Qt.Key.Key_S, CTRL_SHIFT)
    assert "No seat card to print" in console.statusBar().currentMessage()
    assert getattr(players, "pdf_dialog", None) is None


# ----- 2. Exports, registration, the add-on -------------------------------------------------------------------
def players_menu(window):
    return next(a for a in window.menuBar().actions() if a.text() == "&Players").menu()


def re_enter(qtbot, console, name: str) -> None:
    select_player(qtbot, console, name, busted=True)
    qtbot.mouseClick(console.players_tab.buttons["re_entry"], LEFT)


def test_the_results_exports_carry_the_money_and_number_the_re_entries(qtbot, console, session, tmp_path,
                                                                      artifacts_dir, refusals) -> None:
    from tests.ui.console.formats_driving import bust

    pko_night(session)
    bust(qtbot, console, "Ann Lee", "Bruno Alves")
    re_enter(qtbot, console, "Ann Lee")
    bust(qtbot, console, "Ann Lee", "Bruno Alves")
    re_enter(qtbot, console, "Ann Lee")
    bust(qtbot, console, "Ann Lee", "Chloé Martin")
    select_player(qtbot, console, "Dmitri Volkov")
    qtbot.keyClick(console, Qt.Key.Key_A, CTRL_SHIFT)
    assert refusals == []

    results = console.results_tab
    console.tabs.setCurrentWidget(results)
    assert [r.name for r in results.model.rows] == ["Ann Lee (3)", "Ann Lee (2)", "Ann Lee"]
    console.grab().save(str(artifacts_dir / "pko-results-re-entries.png"))
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_E, CTRL)
    pick_file(qtbot, results.file_dialog, tmp_path / "thursday.csv")
    rows = (tmp_path / "thursday.csv").read_text(encoding="utf-8").splitlines()
    assert rows[1:4] == ["30,Ann Lee (3),0,0", "31,Ann Lee (2),0,0", "32,Ann Lee,0,0"]

    entries, add_ons = 32, 1   # 30 buy-ins and two re-entries; Dmitri's add-on
    s = PKO
    bounty_cash = s["bounty"] * s["pko_cash_percent"] // 100
    expected = {
        "Taken in": entries * (100 + 10 + s["bounty"]) + add_ons * (s["addon_price"] + s["addon_fee"]),
        "Rake (fees)": entries * 10,
        "Prize pool": s["guarantee"],
        "Guarantee added (overlay)": s["guarantee"] - (entries * 100 + add_ons * s["addon_price"]),
        "Bounties paid in": entries * s["bounty"],
        "Bounties paid out": 3 * bounty_cash,
        "Bounties unclaimed": 0,
        "Paid in prizes": 0,
    }
    money = rows[rows.index("money,amount") + 1:]
    assert dict(line.rsplit(",", 1) for line in money) == {k: str(v) for k, v in expected.items()}
    assert rows[rows.index("money,amount") - 1] == ""

    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_E, CTRL)
    pick_file(qtbot, results.file_dialog, tmp_path / "thursday.html")
    page = (tmp_path / "thursday.html").read_text(encoding="utf-8")
    assert "<td>Ann Lee (2)</td>" in page and "<td>Ann Lee (3)</td>" in page and "<td>Ann Lee</td>" in page
    for label, amount in expected.items():
        assert f"<tr><td>{label}</td><td class=num>{amount:,}</td></tr>" in page


def test_the_add_on_message_names_the_add_ons_chips(qtbot, console, session) -> None:
    pko_night(session)
    select_player(qtbot, console, "Ann Lee")
    stack = next(e.chips for e in session.tournament.entries() if e.name == "Ann Lee")
    qtbot.keyClick(console, Qt.Key.Key_A, CTRL_SHIFT)
    assert next(e.chips for e in session.tournament.entries() if e.name == "Ann Lee") == stack + 5_000
    assert console.statusBar().currentMessage() == "Ann Lee took the add-on: 5,000 chips for 20"


def test_close_registration_is_off_once_late_registration_ended_and_on_again_after_an_undo(qtbot, console, session,
                                                                                         artifacts_dir) -> None:
    pko_night(session)
    tab = console.players_tab
    console.tabs.setCurrentWidget(tab)
    action = window_action(console, "Close registration")
    players_menu(console).aboutToShow.emit()
    assert tab.buttons["close_registration"].isEnabled() and action.isEnabled()

    qtbot.mouseClick(tab.buttons["close_registration"], LEFT)
    assert session.state.floor.registration_closed
    players_menu(console).aboutToShow.emit()
    assert not tab.buttons["close_registration"].isEnabled() and not action.isEnabled()
    assert "closed already" in tab.buttons["close_registration"].toolTip()

    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_Z, CTRL)   # the undo reopens registration
    assert not session.state.floor.registration_closed
    players_menu(console).aboutToShow.emit()
    assert tab.buttons["close_registration"].isEnabled() and action.isEnabled()

    # Late registration ends after level 4: at level 5 there is nothing to close.
    console.toggle_clock_action.trigger()   # Clock > Start / pause
    active(qtbot, console)
    for _ in range(4):
        qtbot.keyClick(console, Qt.Key.Key_Right, CTRL)
    assert session.state.schedule.current_level().number == 5
    console.tabs.setCurrentWidget(tab)
    players_menu(console).aboutToShow.emit()
    assert not tab.buttons["close_registration"].isEnabled() and not action.isEnabled()
    assert "closed already" in action.toolTip()
    console.grab().save(str(artifacts_dir / "pko-registration-ended.png"))


def write_players(tmp_path: Path, names) -> Path:
    path = tmp_path / "thursday-list.csv"
    path.write_text("name,nickname,contact\n" + "".join(f"{name},,\n" for name in names), encoding="utf-8")
    return path


def open_import(qtbot, console):
    next(a for a in players_menu(console).actions() if a.text() == "Import players from CSV…").trigger()
    dialog = console.registry_file_dialog
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    return dialog


def test_a_csv_of_players_buys_them_all_in_at_once(qtbot, console, session, tmp_path, artifacts_dir,
                                                  refusals) -> None:
    pko_night(session, players=4, draw=False)   # four typed at the desk already
    csv_file = write_players(tmp_path, NAMES[2:30])   # two of them again, and 26 more
    before = len(session.history())
    dialog = open_import(qtbot, console)
    box = console.registry_buy_in
    assert box.text().startswith("Also buy them in") and box.isEnabled() and box.isVisible()
    dialog.resize(900, 560)
    qtbot.mouseClick(box, LEFT)
    assert box.isChecked()
    dialog.grab().save(str(artifacts_dir / "pko-import-players-buy-in.png"))
    qtbot.mouseClick(dialog.findChild(QLineEdit, "fileNameEdit"), LEFT)   # back to the file's name
    pick_file(qtbot, dialog, csv_file)

    entries = session.tournament.entries()
    assert sorted(e.name for e in entries) == sorted(NAMES[:30])
    assert all(e.entry_number == 1 for e in entries)
    registered = {p.name: p.id for p in session.find_players("", limit=1000)}
    assert {e.name: e.player_id for e in entries[4:]} == {name: registered[name] for name in NAMES[4:30]}
    added = session.history()[before:]
    assert [h.event_type for h in added] == ["entry.registered"] * 26   # one undo step each, as typed
    assert len(refusals) == 1 and "already entered" in refusals[0]
    assert "Chloé Martin" in refusals[0] and "Dmitri Volkov" in refusals[0]
    assert "26 bought in" in console.statusBar().currentMessage()
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_Z, CTRL)
    assert len(session.tournament.entries()) == 29


def test_buying_in_from_a_csv_is_refused_once_registration_is_closed(qtbot, console, session, tmp_path,
                                                                    refusals) -> None:
    pko_night(session, players=4)
    console.tabs.setCurrentWidget(console.players_tab)
    qtbot.mouseClick(console.players_tab.buttons["close_registration"], LEFT)
    registry = len(session.find_players("", limit=1000))
    before = len(session.history())
    dialog = open_import(qtbot, console)
    qtbot.mouseClick(console.registry_buy_in, LEFT)
    qtbot.mouseClick(dialog.findChild(QLineEdit, "fileNameEdit"), LEFT)
    pick_file(qtbot, dialog, write_players(tmp_path, ["Zed New", "Yara New"]))
    assert len(refusals) == 1 and "Registration is closed" in refusals[0] and "Nothing was imported" in refusals[0]
    assert len(session.history()) == before and len(session.tournament.entries()) == 4
    assert len(session.find_players("", limit=1000)) == registry

    dialog = open_import(qtbot, console)   # the registry alone: the box unticked
    assert not console.registry_buy_in.isChecked()
    pick_file(qtbot, dialog, write_players(tmp_path, ["Zed New", "Yara New"]))
    assert "2 added" in console.statusBar().currentMessage() and len(session.tournament.entries()) == 4


def test_the_season_standings_print_through_the_print_dialog(qtbot, console, session, tmp_path) -> None:
    pko_night(session, players=4)
    floor = session.tournament
    session.run(floor.close_registration)
    entries = floor.entries()
    for loser in entries[3:0:-1]:
        session.run(floor.bust, loser.entry_id, [entries[0].entry_id])
    active(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_L, CTRL)
    leagues = console.leagues_window
    leagues.new_league.setText("Thursday League")
    leagues.new_season.setText("Winter")
    qtbot.mouseClick(leagues.add_season_button, LEFT)
    qtbot.mouseClick(leagues.join_button, LEFT)
    qtbot.mouseClick(leagues.print_button, LEFT)
    print_to_file(qtbot, leagues.printer_dialog, tmp_path / "standings.pdf")
    text = " ".join(pdf_pages(tmp_path / "standings.pdf"))
    assert "Thursday League" in text and all(e.name in text for e in entries)
    leagues.close()
