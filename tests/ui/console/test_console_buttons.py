"""Every console button a director presses, over a real SQLite file: the floor and clock services record the
action and the console shows what they return."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.ui.tournament_setup import open_session, seated_tournament, show_console
from tournament_director.ui.console.window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture
def session(tmp_path: Path):
    opened = open_session(tmp_path)
    yield opened
    opened.close()


def make_console(qtbot, session, ui_settings) -> MainWindow:
    return show_console(qtbot, session, ui_settings)


def ok(dialog) -> object:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def entry(session, name: str):
    return [e for e in session.tournament.entries() if e.name == name][-1]


def test_rebuy_add_on_absent_and_re_entry_buttons(qtbot, session, ui_settings, refusals) -> None:
    seated_tournament(session, players=6, tables=1, close_registration=False)
    floor = session.tournament
    settings = {**floor.settings.to_dict(), "rebuy_limit": 2, "rebuy_price": 50, "rebuy_chips": 20_000,
                "rebuy_max_chips": 20_000, "addon_enabled": True, "addon_price": 50, "addon_chips": 30_000,
                "reentry_limit": 1}
    session.run(floor.configure, settings)
    window = make_console(qtbot, session, ui_settings)
    tab = window.players_tab

    assert tab.select_entry(entry(session, "Ana Souza").entry_id)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL_SHIFT)                # rebuy
    assert entry(session, "Ana Souza").chips == 40_000 and entry(session, "Ana Souza").rebuys == 1
    qtbot.keyClick(window, Qt.Key.Key_A, CTRL_SHIFT)                # add-on
    assert entry(session, "Ana Souza").chips == 70_000 and entry(session, "Ana Souza").addons == 1
    assert "took the add-on: 30,000 chips for 50" in window.statusBar().currentMessage()

    qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)                # absent
    assert not entry(session, "Ana Souza").present
    window.refresh_stale_tabs()  # the Tables tab in the back, as it is drawn when shown
    assert "ABSENT" in window.tables_tab.grid.itemAt(0).widget().text()
    assert tab.buttons["absent"].text().startswith("Present")
    qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)                # back
    assert entry(session, "Ana Souza").present

    ana = entry(session, "Ana Souza")
    tab.bust(ana.entry_id, [entry(session, "Bernard Okafor").entry_id])
    assert tab.select_entry(ana.entry_id)
    assert tab.buttons["re_entry"].isEnabled() and not tab.buttons["bust"].isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_E, CTRL_SHIFT)                # re-entry (WSOP 13), drawn into a seat (TDA 8-A)
    again = entry(session, "Ana Souza")
    assert again.entry_id != ana.entry_id and again.entry_number == 2 and again.table is not None
    assert again.chips == 20_000
    assert refusals == []


def test_tables_buttons_move_edit_reject_hand_for_hand_and_print(qtbot, session, ui_settings, refusals,
                                                                 tmp_path) -> None:
    seated_tournament(session)
    session.run(session.clock.start)
    window = make_console(qtbot, session, ui_settings)
    tab = window.tables_tab
    floor = session.tournament

    # F5 deals the next hand at every table.
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert [t.hand_number for t in floor.tables()] == [1, 1, 1]
    session.run(floor.finish_hand)

    # A bust at the shortest table: a balancing proposal (TDA 11-A) the director edits, then accepts.
    short = min(floor.tables(), key=lambda t: t.players)
    seated = [s.entry_id for s in short.seats if s.entry_id]
    window.players_tab.bust(seated[0], [seated[1]])
    assert tab.proposal is not None and tab.proposal.moves
    first = tab.proposal.moves[0]
    targets = {(m.to_table, m.to_seat) for m in tab.proposal.moves}
    free = [(t.number, s.seat) for t in floor.tables() if t.number != first.from_table for s in t.seats
            if s.entry_id is None and not s.locked and (t.number, s.seat) not in targets]
    tab.proposals.setCurrentRow(0)
    edit = tab.open_edit_dialog()
    assert not edit.player.isEnabled()
    edit.choose(first.entry_id, *free[0])
    qtbot.mouseClick(ok(edit), Qt.MouseButton.LeftButton)
    assert (tab.proposal.moves[0].to_table, tab.proposal.moves[0].to_seat) == free[0]

    # Move slips for the proposal as a PDF, then the director accepts the edited move.
    slips = tab.export_move_slips(tmp_path / "slips.pdf")
    assert slips.read_bytes().startswith(b"%PDF")
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    assert refusals == []
    assert (floor.entry(first.entry_id).table, floor.entry(first.entry_id).seat) == free[0]

    # Reject: after another bust the director keeps everyone where they are; nothing is recorded.
    short = min(floor.tables(), key=lambda t: t.players)
    window.players_tab.bust(next(s.entry_id for s in short.seats if s.entry_id), [])
    assert tab.proposal is not None
    before, count = len(session.history()), len(tab.proposal.moves)
    tab.reject_selected_move()
    assert (len(tab.proposal.moves) if tab.proposal else 0) == count - 1
    assert len(session.history()) == before

    # Manual move (Ctrl+M) to an empty seat.
    target = next(t for t in floor.tables() if t.players < 9)
    empty_seat = next(s.seat for s in target.seats if s.entry_id is None and not s.locked)
    mover = next(s for t in floor.tables() if t.number != target.number for s in t.seats if s.entry_id)
    qtbot.keyClick(window, Qt.Key.Key_M, CTRL)
    dialog = tab.move_dialog
    dialog.choose(mover.entry_id, target.number, empty_seat)
    qtbot.mouseClick(ok(dialog), Qt.MouseButton.LeftButton)
    moved = floor.entry(mover.entry_id)
    assert (moved.table, moved.seat) == (target.number, empty_seat)

    # Hand-for-hand (Ctrl+H): one table alone may not deal (TDA RP-8); its button is off and says why.
    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)
    assert session.state.floor.hand_for_hand and tab.hand_for_hand.isChecked()
    before = len(session.history())
    one_table = tab.grid.itemAt(0).widget().next_hand
    assert not one_table.isEnabled() and "TDA RP-8" in one_table.toolTip()
    qtbot.mouseClick(one_table, Qt.MouseButton.LeftButton)
    assert len(session.history()) == before

    # Seat cards: one page per seated player.
    cards = tab.seat_cards()
    assert len(cards) == session.tournament.players_left
    assert tab.export_seat_cards(tmp_path / "seats.pdf").read_bytes().startswith(b"%PDF")


def test_structure_template_clock_keys_and_deal(qtbot, session, ui_settings, refusals) -> None:
    seated_tournament(session, players=4, tables=1)
    window = make_console(qtbot, session, ui_settings)

    # Use this template: the clock service loads the shipped structure.
    structure_tab = window.structure_tab
    structure_tab.templates.setCurrentIndex(structure_tab.templates.findText("Turbo"))
    structure_tab.apply_button.click()
    assert session.state.schedule.structure.name == "Turbo"
    assert session.history()[-1].event_type == "structure.replaced"

    # Clock keys: F8 starts, Ctrl+Right goes to level 2, Ctrl+Up adds a minute.
    qtbot.keyClick(window, Qt.Key.Key_F8)
    qtbot.keyClick(window, Qt.Key.Key_Right, CTRL)
    assert session.clock.view().level.number == 2
    remaining = session.clock.view().remaining_seconds
    qtbot.keyClick(window, Qt.Key.Key_Up, CTRL)
    assert session.clock.view().remaining_seconds > remaining + 55
    window.tick()
    assert window.mini_clock.level_label.text().startswith("Level 2")

    # The deal (Ctrl+D): chip chop among the four players left, recorded as one event once the director confirms.
    qtbot.keyClick(window, Qt.Key.Key_D, CTRL)
    dialog = window.payouts_tab.deal_dialog
    dialog.set_method("chip_chop")
    assert dialog.table.rowCount() == 4
    proposal = dialog.proposal
    assert sum(amount for _entry, amount in proposal.shares) == proposal.total
    qtbot.mouseClick(ok(dialog), Qt.MouseButton.LeftButton)
    assert session.history()[-1].event_type != "deal.made", "the deal is recorded only after the question"
    confirmation = dialog.confirmation
    qtbot.mouseClick(confirmation.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    last = session.history()[-1]
    assert last.event_type == "deal.made" and last.payload["method"] == "chip_chop"
    assert refusals == []


def test_theme_is_remembered_between_runs(qtbot, session, ui_settings) -> None:
    window = make_console(qtbot, session, ui_settings)
    window.set_theme("dark")
    window.close()
    again = make_console(qtbot, session, ui_settings)
    assert again.theme == "dark" and "QWidget { background: #16181d;" in again.styleSheet()


def test_f9_opens_the_floor_tool(qtbot, session, ui_settings) -> None:
    pytest.importorskip("tournament_director.ui.floor_tool")
    window = make_console(qtbot, session, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_F9)
    tool = window.floor_tool_window
    assert tool.isVisible() and tool.isWindow()
    tool.close()


def test_structure_tab_suggests_a_structure_for_the_evening_and_puts_it_in_play(qtbot, tmp_path, ui_settings) -> None:
    """Issue 5's helper in the director's hands: target length, field and stack in; a structure to use out."""
    session = open_session(tmp_path)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    try:
        seated_tournament(session, structure="turbo")
        tab = window.structure_tab
        window.tabs.setCurrentWidget(tab)
        tab.refresh()
        assert tab.stack.value() == session.tournament.settings.starting_stack
        assert tab.field_size.value() == 20
        assert not tab.use_suggestion_button.isEnabled()
        tab.target_hours.setValue(4.0)
        suggested = tab.suggest()
        assert suggested is not None and "Suggested for 4 h, 20 players" in tab.preview.toHtml()
        assert tab.use_suggestion(), "the suggestion was refused"
        assert session.state.schedule.structure.periods == suggested.periods
    finally:
        window.close()
        session.close()


def test_payouts_tab_pays_by_hand_refuses_a_bad_split_and_goes_back_to_the_table(qtbot, tmp_path, ui_settings,
                                                                                  monkeypatch) -> None:
    """Payouts edited by hand (issue 4): the prizes follow them, a split that is not 100 % is refused unrecorded."""
    refusals: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: refusals.append(text))
    session = open_session(tmp_path)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    try:
        seated_tournament(session)
        tab = window.payouts_tab
        pool = session.tournament.prize_pool().prize_pool
        tab.hand_percentages.setText("60, 40")
        assert tab.pay_by_hand()
        assert session.tournament.prize_pool().prizes == (pool * 60 // 100, pool - pool * 60 // 100)
        tab.refresh()
        assert "Payouts (set by hand)" in tab.payouts.toHtml()
        events = len(session.history())
        tab.hand_percentages.setText("60, 30")
        assert not tab.pay_by_hand()
        assert refusals and "100" in refusals[-1]
        assert len(session.history()) == events
        assert tab.back_to_payout_table()
        assert len(session.tournament.prize_pool().prizes) > 2
    finally:
        window.close()
        session.close()


def test_a_late_entry_gets_its_own_seat_card_from_the_players_tab(qtbot, tmp_path, ui_settings) -> None:
    """A player who buys in after the draw is handed a card with his table and seat (TDA 8-A draws the seat)."""
    session = open_session(tmp_path)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    try:
        seated_tournament(session, close_registration=False)
        late = session.run(session.tournament.register, "Ulla Late-Comer")
        tab = window.players_tab
        tab.refresh()
        assert tab.select_entry(late.entry_id)
        assert tab.buttons["seat_card"].isEnabled()
        document = tab.seat_card_html()
        assert "Ulla Late-Comer" in document and f"Table <b>{late.table}</b>" in document
        assert f"Seat <b>{late.seat}</b>" in document
        pdf = tab.export_seat_card(tmp_path / "card.pdf").read_bytes()
        assert pdf.startswith(b"%PDF")
    finally:
        window.close()
        session.close()
