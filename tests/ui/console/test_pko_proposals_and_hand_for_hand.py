"""A 30-player re-entry progressive knockout in the console: the balancing proposal always describes the tables as
they are (a re-entry is seated away from the table that breaks next, the panel is worked out again after every
change, Accept all never records a proposal the tables outgrew), the projector's "TABLE n BREAKS" list stays with
the level or break it was made in, and hand-for-hand ends by itself when the tournament is down to one table (undone
with the bust that ended it), its tables' own Next hand buttons off while it lasts.

Everything the director does goes through the console's widgets: the table map's seats and Ctrl+B, the bust dialog,
the Players tab's Re-entry button, the proposals panel's buttons, Ctrl+Enter, Ctrl+H, Ctrl+Z, the Clock tab's
buttons; the projector is read as it lays its screen out."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT, ok, select_player, type_text
from tests.ui.console.pko_players import NAMES
from tests.ui.tournament_setup import show_console
from tournament_director.services.session import DirectorSession, NewTournamentPlan
from tournament_director.ui.projector.layout import projector_layout
from tournament_director.ui.projector.window import ProjectorWindow

PKO = {"bounty_mode": "progressive", "bounty": 50, "pko_cash_percent": 50, "reentry_limit": 2,
       "reentry_until_level": 6, "rake_percent": 0}


@pytest.fixture
def night(qtbot, tmp_path: Path, ui_settings, refusals):
    """The PKO drawn at four tables of nine (8 / 8 / 7 / 7; table 4 breaks first), the console and the projector."""
    session = DirectorSession.open(tmp_path / "pko.sqlite", backup_dir=tmp_path / "backups", rng=random.Random(11))
    session.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=100, fee=10, tables=4,
                                               late_registration_until_level=6, settings=PKO))
    floor = session.tournament
    for name in NAMES:
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    window = show_console(qtbot, session, ui_settings)
    projector = ProjectorWindow(session, settings=ui_settings)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)   # drawn when grabbed; not shown, so the console keeps the keyboard

    def console_has_the_keyboard() -> bool:   # the projector shown beside it: the console is the active window
        if QGuiApplication.focusWindow() is not window.windowHandle():
            window.raise_()
            window.activateWindow()
        return QGuiApplication.focusWindow() is window.windowHandle() and window.isActiveWindow()

    qtbot.waitUntil(console_has_the_keyboard, timeout=5000)
    yield window, projector, session
    window.close()
    projector.close()
    session.close()


# ----- driving the console ---------------------------------------------------------------------------------------
def show_tab(qtbot, window, tab) -> None:
    """A click on the tab's title."""
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(window.tabs.indexOf(tab)).center())
    assert window.tabs.currentWidget() is tab


def start_the_clock(qtbot, window) -> None:
    """The Clock tab's Start / Pause button."""
    show_tab(qtbot, window, window.clock_tab)
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)
    assert window.session.clock.view().running


def seated_at(session, table: int) -> list:
    return sorted((e for e in session.tournament.entries() if not e.busted and e.table == table), key=lambda e: e.seat)


def seat_on_map(window, entry_id: int):
    row = window.tables_tab.seat_row(entry_id)
    assert row is not None, f"entry {entry_id} is not on the table map"
    return row


def bust_with_ctrl_b(qtbot, window, session, entry_id: int) -> None:
    """Tables tab: click the player's seat, Ctrl+B, tick a table mate as the eliminator, Enter."""
    show_tab(qtbot, window, window.tables_tab)
    victim = session.tournament.entry(entry_id)
    mate = next(e for e in seated_at(session, victim.table) if e.entry_id != entry_id)
    qtbot.mouseClick(seat_on_map(window, entry_id), LEFT)
    qtbot.keyClick(window, Qt.Key.Key_B, CTRL)
    dialog = window.busting.dialog
    assert dialog is not None and dialog.isVisible() and victim.name in dialog.windowTitle()
    type_text(qtbot, dialog.filter, mate.name)
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)   # ticks the player shown
    qtbot.mouseClick(ok(dialog), LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    assert session.tournament.entry(entry_id).busted


def re_enter(qtbot, window, name: str):
    """Players tab: the busted entry's row clicked, then the Re-entry button; the new entry."""
    select_player(qtbot, window, name, busted=True)
    qtbot.mouseClick(window.players_tab.buttons["re_entry"], LEFT)
    said = window.statusBar().currentMessage()
    assert f"{name} re-entered" in said, said
    return max((e for e in window.session.tournament.entries() if e.name == name), key=lambda e: e.entry_id)


def panel_lines(tab) -> list[str]:
    return [tab.proposals.item(i).text() for i in range(tab.proposals.count())]


def table_four_down_to_four(qtbot, window, session) -> list:
    """Three players of table 4 out (Ctrl+B on the map): 8 / 8 / 7 / 4, 27 players fit three tables, so the panel
    proposes to break table 4. Returns the players out."""
    out = []
    for player in seated_at(session, 4)[:3]:
        bust_with_ctrl_b(qtbot, window, session, player.entry_id)
        out.append(player)
    tab = window.tables_tab
    assert tab.proposal is not None and tab.proposal.kind == "break" and tab.proposal.broken_tables == (4,)
    assert "Break table 4" in tab.proposal_title.text()
    return out


def assert_describes_the_tables_now(session, proposal) -> None:
    """Every move starts where its player sits now, every seat it ends on is open or left by another move, and a
    table it breaks sends every one of its players away."""
    floor = session.tournament
    left = {(m.from_table, m.from_seat) for m in proposal.moves}
    for m in proposal.moves:
        entry = floor.entry(m.entry_id)
        assert (entry.table, entry.seat) == (m.from_table, m.from_seat), (entry.name, m)
        taken_by = next(s.entry_id for s in floor.table(m.to_table).seats if s.seat == m.to_seat)
        assert taken_by is None or (m.to_table, m.to_seat) in left, (m, taken_by)
    for number in proposal.broken_tables:
        assert {e.entry_id for e in seated_at(session, number)} <= {m.entry_id for m in proposal.moves}


def projector_texts(projector) -> dict[str, str]:
    projector.refresh()
    layout = projector_layout(QRectF(projector.rect()), projector.view)
    return {item.role: item.text for item in layout.texts}


def shot(widget, artifacts_dir: Path, name: str) -> None:
    QApplication.processEvents()
    widget.grab().save(str(artifacts_dir / name))
    console = widget.window()
    if console.isVisible():   # the grab leaves no window active: the console takes the keyboard back
        console.activateWindow()
        QApplication.processEvents()


# ----- A. the balancing proposal after a re-entry -----------------------------------------------------------------
def test_a_re_entry_sits_away_from_the_breaking_table_and_the_panel_is_worked_out_again(
        qtbot, night, refusals, artifacts_dir) -> None:
    window, _projector, session = night
    tab = window.tables_tab
    start_the_clock(qtbot, window)
    out = table_four_down_to_four(qtbot, window, session)
    shot(tab, artifacts_dir, "pko-proposals-before-re-entry.png")
    before = panel_lines(tab)
    assert len(before) == 4 and all("table 4" in line for line in before)

    again = re_enter(qtbot, window, out[0].name)
    # TDA 8-A / 11-C: the seat pool of the tables that stay, the shortest of them (table 3, seven players)
    assert again.table == 3, f"{again.name} was seated at table {again.table}"

    show_tab(qtbot, window, tab)
    shot(tab, artifacts_dir, "pko-proposals-after-re-entry.png")
    # 28 players no longer fit three tables: no table breaks, table 4 is brought up to the others instead
    proposal = tab.proposal
    assert proposal is not None and proposal.kind == "balance" and proposal.broken_tables == ()
    assert "Balance the tables" in tab.proposal_title.text() and panel_lines(tab) != before
    assert all(m.to_table == 4 for m in proposal.moves)
    assert_describes_the_tables_now(session, proposal)

    # A hand dealt everywhere (F5): the player due the big blind moves (TDA 11-A), so the panel draws again. The
    # director rejects one move; Accept all asks whether the hand is over, and the edited proposal is recorded.
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert refusals == [], refusals
    assert all(t.in_hand for t in session.tournament.tables() if t.players >= 2)
    assert tab.proposal is not None and tab.proposal.kind == "balance"
    assert_describes_the_tables_now(session, tab.proposal)
    kept = tab.proposal.moves[1:]
    tab.proposals.setCurrentRow(0)
    qtbot.mouseClick(tab.reject_move, LEFT)
    qtbot.mouseClick(tab.accept_move, LEFT)   # Accept all
    question = tab.hand_over_question
    assert question.isVisible()
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), LEFT)   # "Hand over: move now"
    assert refusals == []
    for m in kept:
        entry = session.tournament.entry(m.entry_id)
        assert (entry.table, entry.seat) == (m.to_table, m.to_seat)


def test_accept_after_a_re_entry_took_a_seat_shows_the_new_proposal_instead(qtbot, night, refusals,
                                                                           artifacts_dir) -> None:
    """The break of table 4 is proposed with every open seat of tables 1-3 drawn; a re-entry takes one of them
    while the Tables tab is in the back; Ctrl+Enter then records nothing and shows the new proposal."""
    window, _projector, session = night
    tab = window.tables_tab
    out = table_four_down_to_four(qtbot, window, session)
    stale = tab.proposal
    open_seats = {(t.number, s.seat) for t in session.tournament.tables() if t.number != 4 and not t.broken
                  for s in t.seats if s.entry_id is None and not s.locked}
    assert {(m.to_table, m.to_seat) for m in stale.moves} == open_seats, "the break draws every open seat"

    again = re_enter(qtbot, window, out[1].name)
    assert (again.table, again.seat) in open_seats, "the re-entry took a seat the proposal sends a player to"
    logged = len(session.history())
    assert window.tabs.currentWidget() is window.players_tab
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)   # Accept proposed moves, from the Players tab

    assert refusals == [], refusals
    assert len(session.history()) == logged, "nothing recorded"
    assert window.statusBar().currentMessage() == "The tables changed since this proposal; here is the new one"
    assert window.tabs.currentWidget() is tab
    assert tab.proposal is not None and tab.proposal != stale
    assert_describes_the_tables_now(session, tab.proposal)
    shot(window, artifacts_dir, "pko-accept-after-a-re-entry-new-proposal.png")

    shown = tab.proposal
    qtbot.mouseClick(tab.accept_move, LEFT)   # Accept all, now on the proposal shown
    assert refusals == []
    for m in shown.moves:
        entry = session.tournament.entry(m.entry_id)
        assert (entry.table, entry.seat) == (m.to_table, m.to_seat)


def test_the_panel_follows_a_manual_move_an_undo_and_a_redo(qtbot, night, refusals) -> None:
    """A player moved by hand (Ctrl+M) onto a seat the break draws: the panel draws again. Undo (Ctrl+Z) of that
    move and of the third bust: 28 players, nothing breaks; redo (Ctrl+Shift+Z): the break again."""
    window, _projector, session = night
    tab = window.tables_tab
    table_four_down_to_four(qtbot, window, session)
    target = tab.proposal.moves[0]
    other_table = next(n for n in (1, 2, 3) if n != target.to_table)
    mover = seated_at(session, other_table)[0]
    qtbot.keyClick(window, Qt.Key.Key_M, CTRL)
    dialog = tab.move_dialog
    dialog.choose(mover.entry_id, target.to_table, target.to_seat)
    qtbot.mouseClick(ok(dialog), LEFT)
    assert (session.tournament.entry(mover.entry_id).table, session.tournament.entry(mover.entry_id).seat) == (
        target.to_table, target.to_seat)
    assert tab.proposal is not None and tab.proposal.kind == "break"
    assert_describes_the_tables_now(session, tab.proposal)

    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)   # the move
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)   # the third bust
    assert tab.proposal is None or tab.proposal.kind != "break"
    if tab.proposal is not None:
        assert_describes_the_tables_now(session, tab.proposal)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
    assert tab.proposal is not None and tab.proposal.kind == "break"
    assert_describes_the_tables_now(session, tab.proposal)
    assert refusals == []


def test_another_stations_re_entry_reaches_the_panel_before_anyone_accepts(qtbot, ui_settings, pg_url,
                                                                           refusals) -> None:
    """Two stations on one PostgreSQL event: the floor's console shows the break of table 4; the registration desk
    re-enters a player; within moments the floor's panel is worked out again, and Accept all records it."""
    floor = DirectorSession.open(pg_url, operator="the floor", rng=random.Random(5))
    desk = DirectorSession.open(pg_url, operator="the registration desk", rng=random.Random(6))
    try:
        tournament = floor.create_from_plan(NewTournamentPlan("Thursday PKO", "regular", buy_in=100, fee=10,
                                                              tables=4, late_registration_until_level=6,
                                                              settings=PKO))
        for name in NAMES:
            floor.run(floor.tournament.register, name)
        floor.run(floor.tournament.draw_seats)
        console = show_console(qtbot, floor, ui_settings)
        tab = console.tables_tab
        out = table_four_down_to_four(qtbot, console, floor)
        stale = tab.proposal

        desk.select_tournament(tournament)
        desk.run(desk.tournament.register, out[2].name)
        qtbot.waitUntil(lambda: floor.tournament.players_left == 28, timeout=2000)
        qtbot.waitUntil(lambda: tab.proposal != stale, timeout=2000)
        assert tab.proposal is not None and tab.proposal.kind == "balance"
        assert_describes_the_tables_now(floor, tab.proposal)
        shown = tab.proposal
        qtbot.mouseClick(tab.accept_move, LEFT)
        assert refusals == []
        for m in shown.moves:
            entry = floor.tournament.entry(m.entry_id)
            assert (entry.table, entry.seat) == (m.to_table, m.to_seat)
        console.close()
    finally:
        desk.close()
        floor.close()


# ----- A. the projector's list of moves at a later break -----------------------------------------------------------
def test_the_breaks_list_of_level_four_is_gone_at_the_break_after_level_six(
        qtbot, night, refusals, artifacts_dir) -> None:
    window, projector, session = night
    start_the_clock(qtbot, window)   # the clock starts
    next_level = window.clock_tab.buttons["next"]
    for _ in range(3):
        qtbot.mouseClick(next_level, LEFT)
    assert projector_texts(projector).get("level") == "LEVEL 4"
    table_four_down_to_four(qtbot, window, session)
    qtbot.mouseClick(window.tables_tab.accept_move, LEFT)   # table 4 breaks
    assert refusals == []
    texts = projector_texts(projector)
    assert texts.get("moves-title") == "TABLE 4 BREAKS"
    shot(projector, artifacts_dir, "pko-projector-table-4-breaks-level-4.png")

    show_tab(qtbot, window, window.clock_tab)
    for _ in range(3):   # levels 5 and 6, then the break
        qtbot.mouseClick(next_level, LEFT)
    texts = projector_texts(projector)
    assert texts.get("level") == "BREAK" and projector.view.moves == ()
    assert "moves-title" not in texts and not any("BREAKS" in text for text in texts.values()), texts
    shot(projector, artifacts_dir, "pko-projector-at-the-break-after-level-6.png")


# ----- B. hand-for-hand down to one table --------------------------------------------------------------------------
def down_to_two_tables(session, players_left: int = 10) -> None:
    """Busts and the proposals accepted (as the floor would, through the session) until ``players_left`` remain
    at two tables."""
    floor = session.tournament
    rng = random.Random(4)
    while floor.players_left > players_left:
        alive = [e for e in floor.entries() if not e.busted]
        victim = rng.choice(alive)
        mate = next(e for e in alive if e.table == victim.table and e.entry_id != victim.entry_id)
        session.run(floor.bust, victim.entry_id, [mate.entry_id])
        proposal = floor.propose_moves()
        if not proposal.is_empty:
            session.run(session.accept_moves, proposal)
    assert len([t for t in floor.tables() if not t.broken and t.players]) == 2


def test_hand_for_hand_ends_when_one_table_is_left_and_comes_back_with_an_undo(
        qtbot, night, refusals, artifacts_dir) -> None:
    window, projector, session = night
    tab = window.tables_tab
    start_the_clock(qtbot, window)
    down_to_two_tables(session)
    show_tab(qtbot, window, tab)

    qtbot.keyClick(window, Qt.Key.Key_H, CTRL)   # hand-for-hand on
    assert session.state.floor.hand_for_hand and tab.hand_for_hand.isChecked()
    assert len(tab.cards) == 2
    for card in tab.cards:   # every table plays the same hand: a table's own Next hand is off, and says why
        assert not card.next_hand.isEnabled()
        assert "TDA RP-8" in card.next_hand.toolTip() and "all tables (F5)" in card.next_hand.toolTip()
    logged = len(session.history())
    qtbot.mouseClick(tab.cards[0].next_hand, LEFT)
    assert len(session.history()) == logged and refusals == []
    assert "HAND-FOR-HAND" in projector_texts(projector).get("badge", "")
    shot(tab, artifacts_dir, "pko-table-cards-hand-for-hand.png")

    # The bust that leaves nine players, a final table's worth: hand-for-hand ends, and the console says so.
    victim = seated_at(session, tab.cards[0].number)[0]
    bust_with_ctrl_b(qtbot, window, session, victim.entry_id)
    assert not session.state.floor.hand_for_hand and not tab.hand_for_hand.isChecked()
    assert "Hand-for-hand is over: the tournament is down to one table (TDA RP-8)" in window.log_tab.message_texts()
    assert all(card.next_hand.isEnabled() and not card.next_hand.toolTip() for card in tab.cards)
    assert "HAND-FOR-HAND" not in projector_texts(projector).get("badge", "")

    # Undo (Ctrl+Z) takes the bust back and hand-for-hand with it; redo ends it again.
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert not session.tournament.entry(victim.entry_id).busted
    assert session.state.floor.hand_for_hand and tab.hand_for_hand.isChecked()
    assert "Hand-for-hand is on: deal every table together (TDA RP-8)" in window.log_tab.message_texts()
    assert not any(card.next_hand.isEnabled() for card in tab.cards)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
    assert session.tournament.entry(victim.entry_id).busted and not session.state.floor.hand_for_hand

    # The final table drawn: the projector says FINAL TABLE, and nothing about hand-for-hand.
    assert tab.proposal is not None and tab.proposal.kind == "final_table"
    qtbot.mouseClick(tab.accept_move, LEFT)
    assert refusals == []
    texts = projector_texts(projector)
    assert texts.get("badge") == "FINAL TABLE", texts.get("badge")
    shot(projector, artifacts_dir, "pko-projector-final-table.png")
    shot(tab, artifacts_dir, "pko-tables-final-table.png")
