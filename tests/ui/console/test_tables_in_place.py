"""The Tables tab redraws only the tables a change touched, and every card still says what a map built afresh says:
after busts from the map, a halt (TDA 11-D) coming and going, moves and a table broken, a player marked absent,
hand-for-hand with a hand dealt everywhere, an undo and a redo. A big room's map shows a page of tables: the pages
turn, Go to table finds a table's page, and a table broken on another page shifts the pages as a fresh map cuts
them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.ui.console.test_console_wiring import console, open_session
from tests.ui.console.test_whole_night import CTRL, CTRL_SHIFT, LEFT, accept_moves_if_any, bust_on_map, find, \
    seat_on_map
from tournament_director.domain.floor.balancing import halting_flags
from tournament_director.services.session import NewTournamentPlan
from tournament_director.ui.console.table_pages import TablePages
from tournament_director.ui.console.tables_tab import TablesTab

PLAYERS = [f"Player {n:03d}" for n in range(1, 101)]


@pytest.fixture(autouse=True)
def no_refusal(monkeypatch):
    """A refusal box would wait for a click: every command of these tests is one the floor takes."""
    def refused(_parent, _title, text, *args, **kwargs):
        raise AssertionError(f"refused: {text}")
    monkeypatch.setattr(QMessageBox, "warning", refused)


def seated_console(qtbot, tmp_path, ui_settings, tables: int = 12):
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Sunday Major", "turbo", tables=tables))
    floor = session.tournament
    session.run(floor.register_many, PLAYERS)
    session.run(floor.draw_seats)
    window = console(qtbot, session, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)   # the Tables tab in front
    assert window.tabs.currentWidget() is window.tables_tab
    return session, window


def shown(tab: TablesTab) -> list[tuple[int, bool, str]]:
    return [(card.number, card.hand_done, card.text()) for card in tab.cards]


def assert_as_rebuilt(window) -> None:
    """Every card of the map says what the cards of a map built afresh on the same page say, and the halt marks
    are those of TDA 11-D comparing every table with the fullest."""
    tab = window.tables_tab
    fresh = TablesTab(window.session, window.attempt)
    fresh.pages.start = tab.pages.start
    fresh.refresh()
    try:
        assert tab.pages.page() == fresh.pages.page()
        assert shown(tab) == shown(fresh)
        assert [card.number for card in tab.cards] == tab.pages.page()
    finally:
        fresh.deleteLater()
    floor = window.session.state.floor
    halted = set(halting_flags(floor.open_tables(), floor.settings.halt_short_by))
    assert {card.number for card in tab.cards if "halt (TDA 11-D)" in card.text()} == halted & set(tab.pages.page())


def table_of(window, name: str) -> int:
    return next(card.number for card in window.tables_tab.cards for row in card.seat_rows if row.seat.name == name)


def mates(window, number: int) -> list[str]:
    card = next(card for card in window.tables_tab.cards if card.number == number)
    return [row.seat.name for row in card.seat_rows if row.seat.name]


def test_a_night_of_changes_redraws_the_cards_it_changed_and_every_card_reads_as_rebuilt(
        qtbot, tmp_path, ui_settings) -> None:
    session, window = seated_console(qtbot, tmp_path, ui_settings)
    tab = window.tables_tab
    assert len(tab.cards) == 12 and not tab.pages.previous.isVisible()   # one page: every table of the room
    assert_as_rebuilt(window)

    # a bust from the map redraws its own table's card only
    draws = {card.number: card.draws for card in tab.cards}
    victim = mates(window, tab.cards[3].number)[0]
    number = table_of(window, victim)
    bust_on_map(qtbot, window, victim, mates(window, number)[1])
    assert victim not in mates(window, number)
    assert [card.number for card in tab.cards if card.draws != draws[card.number]] == [number]
    assert_as_rebuilt(window)

    # three more out at that table: it is halted (TDA 11-D), its card says so, no other card is drawn again
    draws = {card.number: card.draws for card in tab.cards}
    for _ in range(3):
        left = mates(window, number)
        bust_on_map(qtbot, window, left[0], left[1])
    halted_card = next(card for card in tab.cards if card.number == number)
    assert "halt (TDA 11-D)" in halted_card.text()
    assert [card.number for card in tab.cards if card.draws != draws[card.number]] == [number]
    assert_as_rebuilt(window)

    # the moves the room needs (a table broken, players balanced): accepted with the button, halts gone
    kinds = []
    while tab.proposal is not None:
        kinds.append(accept_moves_if_any(qtbot, window))
        assert_as_rebuilt(window)
    assert "break" in kinds and len(tab.cards) == 11
    assert not any("halt (TDA 11-D)" in card.text() for card in tab.cards)

    # a player marked absent from the Players tab: his card shows it when the Tables tab comes back
    someone = mates(window, tab.cards[0].number)[2]
    find(qtbot, window, someone)
    qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    assert "ABSENT" in seat_on_map(window, someone).text()
    assert_as_rebuilt(window)

    # hand-for-hand, and a hand dealt at every table (the clock running)
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)
    qtbot.mouseClick(window.clock_tab.buttons["toggle"], LEFT)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    qtbot.mouseClick(tab.hand_for_hand, LEFT)
    assert tab.hand_for_hand.isChecked()
    qtbot.mouseClick(tab.next_hand_all, LEFT)
    assert all("hand 1" in card.label.text() for card in tab.cards if len(mates(window, card.number)) > 1)
    assert_as_rebuilt(window)

    # undo (the floor is rebuilt: every card read again) and redo
    undone = 0
    while any("hand 1" in card.label.text() for card in tab.cards):   # the hand, and the clock's time it took
        assert undone < 3
        qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
        undone += 1
        assert_as_rebuilt(window)
    assert all("hand 0" in card.label.text() for card in tab.cards)
    for _ in range(undone):
        qtbot.keyClick(window, Qt.Key.Key_Z, CTRL_SHIFT)
        assert_as_rebuilt(window)
    assert any("hand 1" in card.label.text() for card in tab.cards)


def test_a_big_room_map_turns_pages_and_goes_to_a_table(qtbot, tmp_path, ui_settings, monkeypatch) -> None:
    monkeypatch.setattr(TablePages, "PAGE", 5)   # twelve tables on three pages, as 11,112 on 186 pages of 60
    session, window = seated_console(qtbot, tmp_path, ui_settings)
    tab = window.tables_tab
    assert tab.pages.page() == [1, 2, 3, 4, 5] and [card.number for card in tab.cards] == [1, 2, 3, 4, 5]
    assert tab.pages.next.isVisible() and not tab.pages.previous.isEnabled()
    assert "Tables 1–5: page 1 of 3 (12 open tables)" == tab.pages.label.text()
    qtbot.mouseClick(tab.pages.next, LEFT)
    assert [card.number for card in tab.cards] == [6, 7, 8, 9, 10] and tab.pages.previous.isEnabled()
    assert_as_rebuilt(window)

    qtbot.keyClick(window, Qt.Key.Key_G, CTRL)
    assert tab.pages.go_to_box.hasFocus()
    qtbot.keyClicks(tab.pages.go_to_box, "99")
    qtbot.keyClick(tab.pages.go_to_box, Qt.Key.Key_Return)
    assert "Table 99 is not open" in tab.notice.text() and [card.number for card in tab.cards][0] == 6
    tab.pages.go_to_box.clear()
    qtbot.keyClicks(tab.pages.go_to_box, "12")
    qtbot.keyClick(tab.pages.go_to_box, Qt.Key.Key_Return)
    assert [card.number for card in tab.cards] == [11, 12] and not tab.pages.next.isEnabled()
    assert_as_rebuilt(window)

    # a bust on the last page, then the break of a table on the first page: the pages shift as a fresh map's
    victim = mates(window, 12)[0]
    bust_on_map(qtbot, window, victim, mates(window, 12)[1])
    assert_as_rebuilt(window)
    while tab.proposal is not None:
        accept_moves_if_any(qtbot, window)
        assert_as_rebuilt(window)
    assert len(tab.pages.numbers) == 11 and tab.pages.page() == tab.pages.numbers[10:]
    qtbot.mouseClick(tab.pages.previous, LEFT)
    assert len(tab.cards) == 5
    assert_as_rebuilt(window)


def test_a_halt_lifted_by_a_bust_at_another_table_is_redrawn(qtbot, tmp_path, ui_settings) -> None:
    """TDA 11-D compares each table with the fullest: a bust at the fullest table lifts the halt of a table the
    bust did not touch, and that card is drawn again."""
    session = open_session(tmp_path)
    session.create_from_plan(NewTournamentPlan("Tuesday Turbo", "turbo", tables=3))
    session.run(session.tournament.register_many, PLAYERS[:25])   # 9, 8 and 8 players
    session.run(session.tournament.draw_seats)
    window = console(qtbot, session, ui_settings)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    tab = window.tables_tab
    full = next(card.number for card in tab.cards if len(mates(window, card.number)) == 9)
    short = next(card.number for card in tab.cards if card.number != full)
    for _ in range(2):
        left = mates(window, short)
        bust_on_map(qtbot, window, left[0], left[1])
    card = next(card for card in tab.cards if card.number == short)
    assert "halt (TDA 11-D)" in card.text()
    drawn = card.draws
    left = mates(window, full)
    bust_on_map(qtbot, window, left[0], left[1])
    assert "halt (TDA 11-D)" not in card.text() and card.draws == drawn + 1
    assert_as_rebuilt(window)
